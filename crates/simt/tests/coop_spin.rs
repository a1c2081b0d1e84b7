//! A cooperative grid with more blocks than workers: its blocks take turns on the launch's
//! cores, and a block spinning at a grid barrier hands its core on soon, so that the time a
//! grid wastes in spins stays small beside its work however many blocks it has.

mod common;

use simt::{DeviceMemory, Dim3, Engine, LaunchConfig, LaunchOptions, Tier};

use common::{download_u32, one_worker_program, upload};

/// Each block's 32 threads (one converged warp) count the block in at `counter`, then spin on
/// an acquire load until every block has; thread 0 stores how many times it loaded.
const SPIN: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry spin(.param .u64 counter, .param .u64 spins) {
    .reg .pred %p<3>;
    .reg .b32 %r<8>;
    .reg .b64 %rd<5>;
    ld.param.u64 %rd1, [counter];
    ld.param.u64 %rd2, [spins];
    mov.u32 %r1, %ctaid.x;
    mov.u32 %r2, %nctaid.x;
    mov.u32 %r3, %tid.x;
    setp.ne.u32 %p1, %r3, 0;
    @%p1 bra ARRIVED;
    atom.release.gpu.global.add.u32 %r4, [%rd1], 1;
ARRIVED:
    bar.sync 0;
    mov.u32 %r5, 0;
SPIN:
    ld.acquire.gpu.global.u32 %r6, [%rd1];
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

/// 64 blocks on one worker, on the warp tier: each block but the last spins for at least one
/// turn, a few thousand loads a turn (a block whose thread started late gives the others a
/// few more turns). With the warp tier's usual fuel (65,536 backward branches) each spun
/// 65,536 times a turn, 63 x 65,536 loads in all: about a millisecond per block and barrier,
/// which made the kit's `coop_groups`, sized for 16 cores (128 blocks), take twice the CPU
/// time of its 16-block grid on one worker.
#[test]
fn a_spinning_block_hands_its_core_on_soon() {
    let blocks = 64u32;
    let p = one_worker_program(SPIN, Engine::Warp);
    let mem = DeviceMemory::new();
    let counter = upload::<u32>(&mem, &[0]);
    let spins = upload::<u32>(&mem, &vec![0; blocks as usize]);
    let mut params = counter.0.to_le_bytes().to_vec();
    params.extend(spins.0.to_le_bytes());
    let opts = LaunchOptions { cooperative: true, ..LaunchOptions::default() };
    let stats = p
        .launch_with(
            "spin",
            LaunchConfig { grid: Dim3::x(blocks), block: Dim3::x(32), dynamic_shared: 0, opts },
            &params,
            &mem,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(stats.tier, Tier::WarpJit);
    assert_eq!(download_u32(&mem, counter, 1), [blocks]);
    let got = download_u32(&mem, spins, blocks as usize);
    let total: u64 = got.iter().map(|&n| u64::from(n)).sum();
    assert!(got.iter().all(|&n| n >= 1), "every block loaded at least once: {got:?}");
    assert!(total <= 64 * 8 * 4096, "the blocks spun {total} times: {got:?}");
}
