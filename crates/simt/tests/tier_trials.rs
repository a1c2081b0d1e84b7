//! `Engine::Jit` tries the tier it does not prefer on a slice of a launch's blocks
//! (`jit/tiering.rs`), the rest of the launch running on the preferred one: every block of
//! every launch still runs exactly once, whichever tier runs it.

use std::time::{Duration, Instant};

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::download_u32;
use common::ptx::{Index, Kernel, module};

/// The tests of this file choose tiers by timing slices of launches: run side by side, one's
/// background gcc compile or launches would weigh on another's measurement (a faster block
/// tier measured slower under the load, and never taking over, in a CI run). One at a time.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds [`ONE_AT_A_TIME`] for a test (a failed test's poisoned lock still serializes).
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// `blocks(counts, out, steps)`: thread 0 of each block adds 1 to `counts[ctaid.x]`; every
/// thread writes `steps` steps of `x = 3x + 1` from its global index to `out[index]` (a loop
/// whose count the whole warp shares).
fn blocks_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("blocks", &["counts", "out"], Index::Grid).param(".u32 steps").body(
            r#"
    ld.param.u32 %r7, [steps];
    setp.ne.u32 %p1, %r1, 0;
    @%p1 bra WORK;
    mul.wide.u32 %rd3, %r2, 4;
    add.s64 %rd4, %rd1, %rd3;
    atom.global.add.u32 %r5, [%rd4], 1;
WORK:
    mov.u32 %r6, %r4;
    mov.u32 %r8, 0;
    setp.eq.u32 %p2, %r7, 0;
    @%p2 bra DONE;
LOOP:
    mad.lo.u32 %r6, %r6, 3, 1;
    add.u32 %r8, %r8, 1;
    setp.lt.u32 %p2, %r8, %r7;
    @%p2 bra LOOP;
DONE:
    mul.wide.u32 %rd5, %r4, 4;
    add.s64 %rd6, %rd2, %rd5;
    st.global.u32 [%rd6], %r6;
    ret;
"#,
        ),
    )
}

#[test]
fn every_block_runs_once_while_tiers_are_tried() {
    let _alone = alone();
    let (blocks, threads, steps) = (64u32, 64u32, 2000u32);
    let n = (blocks * threads) as usize;
    let want: Vec<u32> = (0..n as u32).map(|i| (0..steps).fold(i, |x, _| x.wrapping_mul(3).wrapping_add(1))).collect();
    for workers in [1, 2] {
        let mut p = Program::from_ptx(&blocks_ptx()).expect("load");
        p.set_engine(Engine::Jit);
        p.set_workers(workers);
        let mem = DeviceMemory::new();
        let counts = mem.alloc(4 * u64::from(blocks)).unwrap();
        let out = mem.alloc(4 * n as u64).unwrap();
        let params = Params::new().ptr(counts).ptr(out).u32(steps).clone();
        // Well past the time after which the other tier is first tried (40 ms of worker
        // time), and the second round's.
        let (mut ran, mut launches) = (Duration::ZERO, 0);
        while ran < Duration::from_millis(400) && launches < 2000 {
            mem.write(counts, &vec![0; 4 * blocks as usize]).unwrap();
            mem.write(out, &vec![0; 4 * n]).unwrap();
            let t0 = Instant::now();
            let stats = p.launch("blocks", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).expect("launch");
            ran += t0.elapsed() * workers;
            launches += 1;
            let ones = vec![1u32; blocks as usize];
            assert_eq!(download_u32(&mem, counts, blocks as usize), ones, "launch {launches} on {:?}", stats.tier);
            assert!(download_u32(&mem, out, n) == want, "launch {launches} on {:?}: wrong values", stats.tier);
        }
    }
}

/// The block tier's slice, once it ran faster than as many blocks beside it on the other
/// tiers, takes the rest of its launch (`Program::run_default_engine`): still every block of
/// every launch exactly once. A long first launch starts the block tier's build while it
/// runs, so a program of few long launches reaches the block tier (a 400-step loop over
/// 1,024-thread blocks, faster as 16-lane C than on the warp tier). Needs a C compiler.
#[test]
fn a_faster_block_tier_slice_takes_the_rest_of_its_launch() {
    let _alone = alone();
    if std::process::Command::new("cc").arg("--version").output().is_err() {
        return;
    }
    let (blocks, threads, steps) = (512u32, 1024u32, 400u32);
    let n = (blocks * threads) as usize;
    let want: Vec<u32> = (0..n as u32).map(|i| (0..steps).fold(i, |x, _| x.wrapping_mul(3).wrapping_add(1))).collect();
    let mut p = Program::from_ptx(&blocks_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let mem = DeviceMemory::new();
    let counts = mem.alloc(4 * u64::from(blocks)).unwrap();
    let out = mem.alloc(4 * n as u64).unwrap();
    let params = Params::new().ptr(counts).ptr(out).u32(steps).clone();
    let t0 = Instant::now();
    let mut tiers = Vec::new();
    while t0.elapsed() < Duration::from_secs(120) && !tiers.ends_with(&[simt::Tier::Block, simt::Tier::Block]) {
        mem.write(counts, &vec![0; 4 * blocks as usize]).unwrap();
        mem.write(out, &vec![0; 4 * n]).unwrap();
        let stats = p.launch("blocks", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).expect("launch");
        tiers.push(stats.tier);
        let ones = vec![1u32; blocks as usize];
        assert_eq!(download_u32(&mem, counts, blocks as usize), ones, "launch {} on {:?}", tiers.len(), stats.tier);
        assert!(download_u32(&mem, out, n) == want, "launch {} on {:?}: wrong values", tiers.len(), stats.tier);
    }
    assert!(tiers.ends_with(&[simt::Tier::Block, simt::Tier::Block]), "the block tier never took over: {tiers:?}");
}

/// Steps of `phases_ptx`: its code is longer than the warp tier compiles at a launch (160
/// instructions), so the warp tier, which the kernel prefers (barriers), compiles in the
/// background while the first launches run on the per-thread JIT.
const PHASES: u32 = 48;

/// `phases(out)`: each thread stores its global index `v` in a shared array, then [`PHASES`]
/// times waits at a barrier and computes `v = (v + s[tid ^ 1]) * 3`; writes `v` to `out`.
/// The per-thread JIT stops every thread at each barrier: the slowest tier here, and the one
/// the first launches run on while the warp-tier code compiles.
fn phases_ptx() -> String {
    let step =
        "    bar.sync 0;\n    ld.shared.u32 %r12, [%r11];\n    add.u32 %r6, %r6, %r12;\n    mul.lo.u32 %r6, %r6, 3;\n";
    let body = format!(
        r#"
    mov.u32 %r6, %r4;
    mov.u32 %r8, s;
    shl.b32 %r9, %r1, 2;
    add.u32 %r10, %r8, %r9;
    st.shared.u32 [%r10], %r6;
    xor.b32 %r9, %r1, 1;
    shl.b32 %r9, %r9, 2;
    add.u32 %r11, %r8, %r9;
{}    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    st.global.u32 [%rd4], %r6;
    ret;
"#,
        step.repeat(PHASES as usize)
    );
    module("sm_80", &Kernel::new("phases", &["out"], Index::Grid).declare(".shared .align 4 .b8 s[4096];").body(&body))
}

/// Issue 21's "Stable" point: a tier is judged beside the tier it would replace only once
/// the choice between the per-thread JIT and the warp tier is made, so the block tier never
/// takes a launch while the warp tier's code is still compiling or has not run (beside the
/// per-thread JIT it replaced, a block tier slower than the warp tier won: scan_block ran 13%
/// slower). Every launch still runs every block once. Needs a C compiler for the block tier.
#[test]
fn the_block_tier_waits_for_the_warp_tiers_measure() {
    let _alone = alone();
    let (blocks, threads) = (256u32, 256u32);
    let n = (blocks * threads) as usize;
    let want: Vec<u32> = (0..n as u32)
        .map(|i| {
            let partner = (i & !(threads - 1)) | ((i % threads) ^ 1);
            (0..PHASES).fold(i, |v, _| v.wrapping_add(partner).wrapping_mul(3))
        })
        .collect();
    let mut p = Program::from_ptx(&phases_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * n as u64).unwrap();
    let params = Params::new().ptr(out).clone();
    let t0 = Instant::now();
    let mut tiers = Vec::new();
    while t0.elapsed() < Duration::from_secs(20) && tiers.len() < 400 {
        mem.write(out, &vec![0; 4 * n]).unwrap();
        let stats = p.launch("phases", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).expect("launch");
        tiers.push(stats.tier);
        assert!(download_u32(&mem, out, n) == want, "launch {} on {:?}: wrong values", tiers.len(), stats.tier);
    }
    let warp = tiers.iter().position(|&t| t == simt::Tier::WarpJit);
    let block = tiers.iter().position(|&t| t == simt::Tier::Block);
    if let Some(b) = block {
        assert!(warp.is_some_and(|w| w < b), "the block tier ran before the warp tier was measured: {tiers:?}");
    }
}
