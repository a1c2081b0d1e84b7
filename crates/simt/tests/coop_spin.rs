//! A cooperative grid with more blocks than workers: its blocks take turns on the launch's
//! cores, and a block spinning at a grid barrier hands its core on soon, so that the time a
//! grid wastes in spins stays small beside its work however many blocks it has.

mod common;

use simt::{DeviceMemory, DevicePtr, Dim3, Engine, LaunchConfig, LaunchOptions, Program, Tier};

use common::{download_u32, one_worker_program, upload};

/// A cooperative launch of `entry(a, b)` (two pointers) on `p`: `blocks` blocks of `threads`;
/// the tier that ran it, or a panic naming `what` and the fault.
fn launch_cooperative(
    p: &Program,
    mem: &DeviceMemory,
    entry: &str,
    (blocks, threads): (u32, u32),
    (a, b): (DevicePtr, DevicePtr),
    what: &str,
) -> Tier {
    let mut params = a.0.to_le_bytes().to_vec();
    params.extend(b.0.to_le_bytes());
    let opts = LaunchOptions { cooperative: true, ..LaunchOptions::default() };
    let config = LaunchConfig { grid: Dim3::x(blocks), block: Dim3::x(threads), dynamic_shared: 0, opts };
    p.launch_with(entry, config, &params, mem).unwrap_or_else(|e| panic!("{what}: {e}")).tier
}

/// Each block's 32 threads (one converged warp) pass two grid barriers, each thread 0 counting
/// its block in at `counters[i]` and the warp spinning on an acquire load until every block has;
/// thread 0 stores how many loads its spin at the second one took. Every block's thread has
/// started by the second barrier, so that spin does not depend on how fast the OS starts them.
const SPIN: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry spin(.param .u64 counters, .param .u64 spins) {
    .reg .pred %p<4>;
    .reg .b32 %r<9>;
    .reg .b64 %rd<6>;
    ld.param.u64 %rd1, [counters];
    ld.param.u64 %rd2, [spins];
    add.u64 %rd5, %rd1, 4;
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %nctaid.x;
    mov.u32 %r3, %tid.x;
    setp.ne.u32 %p1, %r3, 0;
    @%p1 bra STARTED;
    atom.release.gpu.global.add.u32 %r4, [%rd1], 1;
STARTED:
    bar.sync 0;
WAIT_START:
    ld.acquire.gpu.global.u32 %r7, [%rd1];
    setp.lt.u32 %p3, %r7, %r2;
    @%p3 bra WAIT_START;
    @%p1 bra ARRIVED;
    atom.release.gpu.global.add.u32 %r4, [%rd5], 1;
ARRIVED:
    bar.sync 0;
    mov.u32 %r5, 0;
SPIN:
    ld.acquire.gpu.global.u32 %r6, [%rd5];
    add.u32 %r5, %r5, 1;
    setp.lt.u32 %p2, %r6, %r2;
    @%p2 bra SPIN;
    @%p1 bra DONE;
    mul.wide.u32 %rd3, %r1, 4;
    add.u64 %rd4, %rd2, %rd3;
    st.global.u32 [%rd4], %r5;
DONE:
    ret;
}
"#;

/// 64 blocks on one worker, on the warp tier and on the block tier: at the second barrier,
/// each block but the last spins for a turn or two, a few thousand loads a turn, before the
/// last one counts in. With the warp tier's usual fuel (65,536 backward branches) each spun
/// 65,536 times a turn, 63 x 65,536 loads in all: about a millisecond per block and barrier,
/// which made the kit's `coop_groups`, sized for 16 cores (128 blocks), take twice the CPU time
/// of its 16-block grid on one worker. The block tier's lane phase, whose groups hand their
/// lanes to its scalar code after 2^20 backward branches, pauses its block in a cooperative
/// launch instead (`jit::helpers::h_pause`) as often as the warp tier.
#[test]
fn a_spinning_block_hands_its_core_on_soon() {
    for (engine, tier) in [(Engine::Warp, Tier::WarpJit), (Engine::Block, Tier::Block)] {
        let blocks = 64u32;
        let p = one_worker_program(SPIN, engine);
        let mem = DeviceMemory::new();
        let counters = upload::<u32>(&mem, &[0, 0]);
        let spins = upload::<u32>(&mem, &vec![0; blocks as usize]);
        let ran = launch_cooperative(&p, &mem, "spin", (blocks, 32), (counters, spins), &format!("{engine:?}"));
        assert_eq!(ran, tier);
        assert_eq!(download_u32(&mem, counters, 2), [blocks, blocks], "{tier:?}");
        let got = download_u32(&mem, spins, blocks as usize);
        assert!(got.iter().all(|&n| n >= 1), "{tier:?}: every block loaded at least once: {got:?}");
        assert!(got.iter().all(|&n| n <= 4 * 4096), "{tier:?}: a block spun more than 4 x 4096 times: {got:?}");
    }
}

/// A grid barrier as `cooperative_groups::this_grid().sync()` compiles with nvcc 13: the
/// workspace address from `%envreg1`:`%envreg2` (`bfi.b64`), thread 0 of each block counts it in
/// with `atom.add.release.gpu` (block 0 adds `0x80000000 - (n - 1)`, so that the top bit flips
/// once every block arrived) and spins on `ld.acquire.gpu` until it has. Block `b`'s thread 0
/// writes `slots[b]` before it; after it every thread `t` reads its neighbour block's slot.
const GRID_BARRIER: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry neighbours(.param .u64 slots, .param .u64 out) {
    .reg .pred %p<4>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<13>;
    ld.param.u64 %rd1, [slots];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %nctaid.x;
    mov.u32 %r3, %tid.x;
    mov.u32 %r4, %ntid.x;
    mov.u32 %r5, %envreg2;
    cvt.u64.u32 %rd3, %r5;
    mov.u32 %r6, %envreg1;
    cvt.u64.u32 %rd4, %r6;
    bfi.b64 %rd5, %rd4, %rd3, 32, 32;
    setp.ne.u32 %p1, %r3, 0;
    @%p1 bra ARRIVE;
    mul.wide.u32 %rd6, %r1, 4;
    add.u64 %rd7, %rd1, %rd6;
    mad.lo.u32 %r7, %r1, 10, 7;
    st.global.u32 [%rd7], %r7;
ARRIVE:
    bar.sync 0;
    @%p1 bra SYNCED;
    add.u64 %rd8, %rd5, 4;
    setp.eq.u32 %p2, %r1, 0;
    sub.u32 %r8, -2147483647, %r2;
    selp.b32 %r9, %r8, 1, %p2;
    atom.add.release.gpu.u32 %r10, [%rd8], %r9;
SPIN:
    ld.acquire.gpu.u32 %r11, [%rd8];
    xor.b32 %r12, %r11, %r10;
    setp.gt.s32 %p3, %r12, -1;
    @%p3 bra SPIN;
SYNCED:
    bar.sync 0;
    add.u32 %r13, %r1, 1;
    rem.u32 %r14, %r13, %r2;
    mul.wide.u32 %rd9, %r14, 4;
    add.u64 %rd10, %rd1, %rd9;
    ld.global.u32 %r15, [%rd10];
    add.u32 %r16, %r15, %r3;
    mad.lo.u32 %r17, %r1, %r4, %r3;
    mul.wide.u32 %rd11, %r17, 4;
    add.u64 %rd12, %rd2, %rd11;
    st.global.u32 [%rd12], %r16;
    ret;
}
"#;

/// The grid barrier on every engine, grids of 1 to 40 blocks on one worker and on four: every
/// thread sees its neighbour block's slot, and the block tier runs the launch itself (it reads
/// the workspace address, and its lanes pause at the spin, `jit::helpers::h_pause`, where
/// before it left such kernels to the interpreter).
#[test]
fn a_grid_barrier_holds_on_every_engine_and_the_block_tier_runs_it() {
    for engine in common::ENGINES {
        for workers in [1, 4] {
            let mut p = common::program(GRID_BARRIER, engine);
            p.set_workers(workers);
            for blocks in [1u32, 3, 16, 40] {
                let mem = DeviceMemory::new();
                let slots = upload::<u32>(&mem, &vec![u32::MAX; blocks as usize]);
                let out = upload::<u32>(&mem, &vec![u32::MAX; 64 * blocks as usize]);
                let what = format!("{engine:?}, {workers} workers, {blocks} blocks");
                let ran = launch_cooperative(&p, &mem, "neighbours", (blocks, 64), (slots, out), &what);
                let got = download_u32(&mem, out, 64 * blocks as usize);
                for b in 0..blocks {
                    for t in 0..64 {
                        assert_eq!(
                            got[(b * 64 + t) as usize],
                            (b + 1) % blocks * 10 + 7 + t,
                            "{what}: block {b} thread {t}"
                        );
                    }
                }
                if engine == Engine::Block {
                    assert_eq!(ran, Tier::Block, "{what}");
                }
            }
        }
    }
}

/// Thread 0 of each block waits for its block's last thread to raise a flag, with no barrier
/// between them (`while (flags[b] == 0) {}`), in a cooperative launch: the block tier's group of
/// thread 0 spins before the group of the last thread has run, so its pauses at the spin (which
/// hand the core to other blocks) must not go on for ever: it leaves the lane phase after its
/// fuel, as in any launch, and the scalar code runs the last thread.
const FLAG_IN_BLOCK: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry flag_in_block(.param .u64 flags, .param .u64 out) {
    .reg .pred %p<3>;
    .reg .b32 %r<10>;
    .reg .b64 %rd<8>;
    ld.param.u64 %rd1, [flags];
    ld.param.u64 %rd2, [out];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %tid.x;
    mov.u32 %r3, %ntid.x;
    mul.wide.u32 %rd3, %r1, 4;
    add.u64 %rd4, %rd1, %rd3;
    setp.ne.u32 %p1, %r2, 0;
    @%p1 bra RAISE;
WAIT:
    ld.volatile.global.u32 %r4, [%rd4];
    setp.eq.u32 %p2, %r4, 0;
    @%p2 bra WAIT;
RAISE:
    add.u32 %r5, %r2, 1;
    setp.ne.u32 %p1, %r5, %r3;
    @%p1 bra DONE;
    mov.u32 %r6, 1;
    st.volatile.global.u32 [%rd4], %r6;
DONE:
    mad.lo.u32 %r7, %r1, %r3, %r2;
    mul.wide.u32 %rd5, %r7, 4;
    add.u64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r5;
    ret;
}
"#;

#[test]
fn a_wait_on_a_thread_of_the_same_block_ends_in_a_cooperative_launch() {
    for engine in common::ENGINES {
        let p = one_worker_program(FLAG_IN_BLOCK, engine);
        let (blocks, threads) = (3u32, 64u32);
        let mem = DeviceMemory::new();
        let flags = upload::<u32>(&mem, &vec![0; blocks as usize]);
        let out = upload::<u32>(&mem, &vec![0; (blocks * threads) as usize]);
        let ran =
            launch_cooperative(&p, &mem, "flag_in_block", (blocks, threads), (flags, out), &format!("{engine:?}"));
        if engine == Engine::Block {
            assert_eq!(ran, Tier::Block);
        }
        assert_eq!(download_u32(&mem, flags, blocks as usize), vec![1; blocks as usize], "{engine:?}");
        let want: Vec<u32> = (0..blocks * threads).map(|i| i % threads + 1).collect();
        assert_eq!(download_u32(&mem, out, (blocks * threads) as usize), want, "{engine:?}");
    }
}
