//! `Engine::Jit` moves a long launch up the ladder while it runs: the block tier's code is
//! built in the background once a kernel has run `EXPLORE_AFTER` on the tiers below, and
//! once it is ready every block claimed after runs on it (`jit::TierUp`). A launch whose
//! blocks ran on two tiers must compute what either alone does.

use simt::{DeviceMemory, Dim3, Engine, Program, Tier};

mod common;

use common::ptx::{Index, Kernel, module};

/// `spin(out, n)`: thread `i` steps `x = 3x + 1` from `x = i`, `n + (i & 1)` times (a trip
/// count that differs between lanes: not a warp-uniform loop, which the warp tier takes),
/// and writes `x` to `out[i]`. No barrier, no collective: a block-tier candidate that the
/// per-thread JIT runs until the block tier's code is built.
fn spin_ptx() -> String {
    let body = "
    ld.param.u32 %r5, [n];
    and.b32 %r6, %r4, 1;
    add.u32 %r5, %r5, %r6;
    mov.u32 %r7, %r4;
LOOP:
    mad.lo.u32 %r7, %r7, 3, 1;
    sub.u32 %r5, %r5, 1;
    setp.ne.u32 %p1, %r5, 0;
    @%p1 bra LOOP;
    mul.wide.u32 %rd2, %r4, 4;
    add.s64 %rd3, %rd1, %rd2;
    st.global.u32 [%rd3], %r7;
    ret;";
    module("sm_80", &Kernel::new("spin", &["out"], Index::Grid).param(".u32 n").global_pointers().body(body))
}

/// One launch long enough for the block tier's background build (tens of milliseconds of
/// work, then a C compile of a fraction of a second) runs its last blocks on the block tier,
/// and every thread's value is the recurrence's, whichever tier ran its block.
#[test]
fn a_long_launch_moves_to_the_block_tier_mid_launch() {
    let mut p = Program::from_ptx(&spin_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    const BLOCKS: u32 = 2048;
    const STEPS: u32 = 20_000;
    let (grid, block) = (Dim3::new(BLOCKS, 1, 1), Dim3::new(128, 1, 1));
    let threads = BLOCKS * 128;
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * u64::from(threads)).unwrap();
    let mut params = out.0.to_le_bytes().to_vec();
    params.extend_from_slice(&STEPS.to_le_bytes());
    let stats = p.launch("spin", grid, block, 0, &params, &mem).expect("launch");
    let mut o = vec![0u8; 4 * threads as usize];
    mem.read(out, &mut o).unwrap();
    for (i, b) in o.chunks(4).enumerate() {
        let i = i as u32;
        let want = (0..STEPS + (i & 1)).fold(i, |x, _| x.wrapping_mul(3).wrapping_add(1));
        assert_eq!(u32::from_le_bytes(b.try_into().unwrap()), want, "thread {i} (launch on {:?})", stats.tier);
    }
    assert_eq!(stats.tier, Tier::Block, "the launch's last blocks ran on the block tier");
}
