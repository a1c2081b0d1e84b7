//! `Engine::Jit` chooses a kernel's tier by a rule over its code (`jit/tiering.rs`), never by
//! timing launches: a kernel climbs the ladder per-thread JIT → warp tier → block tier as far
//! as its code allows, one rung each time the code of a higher one is ready, and never steps
//! down. Which rung a kernel shape lands on, that it stays there, and that every tier computes
//! the same bits. Nothing here measures time: the deadlines only bound a background compile.

use std::time::{Duration, Instant};

use simt::{DeviceMemory, Dim3, Engine, Params, Program, Tier};

mod common;

use common::download_u32;
use common::ptx::{Index, Kernel, module};

/// A rung of the ladder: a launch never runs on a lower one than the launch before it.
fn rung(t: Tier) -> u8 {
    match t {
        Tier::Interpreter => 0,
        Tier::ThreadJit => 1,
        Tier::WarpJit => 2,
        Tier::Block => 3,
    }
}

/// Whether a C compiler is there for the block tier.
fn have_cc() -> bool {
    std::process::Command::new("cc").arg("--version").output().is_ok()
}

/// `blocks(counts, out, steps)`: thread 0 of each block adds 1 to `counts[ctaid.x]`; every
/// thread writes `steps` steps of `x = 3x + 1` from its global index to `out[index]` (a loop
/// whose count the whole warp shares). No barrier, no collective: the block tier runs it 16
/// threads at a time.
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

/// What `blocks_ptx` writes to `out` for `n` threads and `steps` steps.
fn blocks_want(n: u32, steps: u32) -> Vec<u32> {
    (0..n).map(|i| (0..steps).fold(i, |x, _| x.wrapping_mul(3).wrapping_add(1))).collect()
}

/// Launches `blocks_ptx` on `p` (`blocks` blocks of `threads`), checks every result, and
/// returns the tier that ran it.
fn launch_blocks(p: &Program, blocks: u32, threads: u32, steps: u32) -> Tier {
    let n = (blocks * threads) as usize;
    let mem = DeviceMemory::new();
    let counts = mem.alloc(4 * u64::from(blocks)).unwrap();
    let out = mem.alloc(4 * n as u64).unwrap();
    let params = Params::new().ptr(counts).ptr(out).u32(steps).clone();
    let stats = p.launch("blocks", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).expect("launch");
    assert_eq!(download_u32(&mem, counts, blocks as usize), vec![1; blocks as usize], "on {:?}", stats.tier);
    assert!(download_u32(&mem, out, n) == blocks_want(n as u32, steps), "on {:?}: wrong values", stats.tier);
    stats.tier
}

/// Launches `launch` until `done` holds for the tiers so far (a background compile bounded
/// by a generous deadline, then `after` more launches); returns the tiers. Between launches
/// that have not reached `done`, a pause lets a background compile go on.
fn climb(mut launch: impl FnMut() -> Tier, done: impl Fn(&[Tier]) -> bool, after: usize) -> Vec<Tier> {
    let deadline = Instant::now() + Duration::from_secs(180);
    let mut tiers = Vec::new();
    while !done(&tiers) {
        assert!(Instant::now() < deadline, "never got there: {tiers:?}");
        tiers.push(launch());
        std::thread::sleep(Duration::from_millis(2));
    }
    for _ in 0..after {
        tiers.push(launch());
    }
    tiers
}

/// Asserts that `tiers` never steps down the ladder.
fn never_steps_down(tiers: &[Tier]) {
    assert!(tiers.windows(2).all(|w| rung(w[0]) <= rung(w[1])), "stepped down: {tiers:?}");
}

#[test]
fn a_lane_kernel_climbs_to_the_block_tier_and_stays() {
    // Every launch's every block runs once, on whichever tier; on one worker and on two.
    for workers in [1, 2] {
        let mut p = Program::from_ptx(&blocks_ptx()).expect("load");
        p.set_engine(Engine::Jit);
        p.set_workers(workers);
        if !have_cc() {
            // No C compiler: the per-thread JIT, then the warp tier once its background
            // compile is done (the rung below the block tier: `tier_interim.rs`).
            let tiers: Vec<Tier> = (0..50).map(|_| launch_blocks(&p, 64, 64, 2000)).collect();
            assert!(tiers.iter().all(|&t| matches!(t, Tier::ThreadJit | Tier::WarpJit)), "no C compiler: {tiers:?}");
            never_steps_down(&tiers);
            continue;
        }
        // The first launch on the per-thread JIT: a short one, of one block (a long one
        // outlasting the block tier's build on a loaded machine moves up mid-launch,
        // `jit::TierUp`, and reports the block tier; the other tests of this file run
        // alongside). Its block does the others' work: the veto compares the block tier's
        // CPU time per block with the least of the launches below it.
        let first = launch_blocks(&p, 1, 64, 2000);
        assert_eq!(first, Tier::ThreadJit, "the first launch on the per-thread JIT");
        let mut tiers = vec![first];
        tiers.extend(climb(|| launch_blocks(&p, 64, 64, 2000), |t| t.contains(&Tier::Block), 20));
        // (On the warp tier while its C compiles, once the warp code is ready: `tier_interim.rs`.)
        never_steps_down(&tiers);
        // Launches of one block, too small to split before, run there as well.
        assert_eq!(launch_blocks(&p, 1, 64, 10), Tier::Block);
    }
}

/// `pairs(out)`: each thread stores its global index in a shared array, waits at a barrier,
/// and writes the sum of its own and its neighbour's (`tid ^ 1`) to `out[index]`, twice
/// over, with a 64-bit add through the carry flag (`add.cc`/`addc`: the block tier declines
/// it), the sum's high word in `out[n + index]`. A barrier: the warp tier's (`warp::preferred`).
fn pairs_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("pairs", &["out"], Index::Grid).param(".u32 n").declare(".shared .align 4 .b8 s[4096];").body(
            r#"
    ld.param.u32 %r20, [n];
    mov.u32 %r8, s;
    shl.b32 %r9, %r1, 2;
    add.u32 %r10, %r8, %r9;
    st.shared.u32 [%r10], %r4;
    bar.sync 0;
    xor.b32 %r9, %r1, 1;
    shl.b32 %r9, %r9, 2;
    add.u32 %r11, %r8, %r9;
    ld.shared.u32 %r12, [%r11];
    neg.s32 %r13, %r4;
    add.cc.u32 %r14, %r13, %r12;
    addc.u32 %r15, 0, 0;
    mul.wide.u32 %rd3, %r4, 4;
    add.s64 %rd4, %rd1, %rd3;
    st.global.u32 [%rd4], %r14;
    add.u32 %r16, %r4, %r20;
    mul.wide.u32 %rd5, %r16, 4;
    add.s64 %rd6, %rd1, %rd5;
    st.global.u32 [%rd6], %r15;
    ret;
"#,
        ),
    )
}

/// What `pairs_ptx` writes for `n` threads in blocks of `threads`.
fn pairs_want(n: u32, threads: u32) -> Vec<u32> {
    let partner = |i: u32| (i & !(threads - 1)) | ((i % threads) ^ 1);
    let sum = |i: u32| u64::from(i.wrapping_neg()) + u64::from(partner(i));
    let lo = (0..n).map(|i| sum(i) as u32);
    let hi = (0..n).map(|i| (sum(i) >> 32) as u32);
    lo.chain(hi).collect()
}

/// Launches `pairs_ptx` on `p` (`blocks` blocks of `threads`), checks it, returns its tier.
fn launch_pairs(p: &Program, blocks: u32, threads: u32) -> Tier {
    let n = blocks * threads;
    let mem = DeviceMemory::new();
    let out = mem.alloc(8 * u64::from(n)).unwrap();
    let params = Params::new().ptr(out).u32(n).clone();
    let stats = p.launch("pairs", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).expect("launch");
    assert!(download_u32(&mem, out, 2 * n as usize) == pairs_want(n, threads), "on {:?}: wrong values", stats.tier);
    stats.tier
}

#[test]
fn a_barrier_kernel_the_block_tier_declines_runs_on_the_warp_tier_from_its_first_launch() {
    // Short (compiled at its first launch) and with a barrier: the warp tier, every launch,
    // however long it runs (before, the per-thread JIT was tried on slices of launches).
    let mut p = Program::from_ptx(&pairs_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    for i in 0..300 {
        assert_eq!(launch_pairs(&p, 64, 256), Tier::WarpJit, "launch {i}");
    }
}

/// Steps of `phases_ptx`: its code is longer than the warp tier compiles at a launch (160
/// instructions), so the warp tier, which the kernel prefers (barriers), compiles in the
/// background while the first launches run on the per-thread JIT.
const PHASES: u32 = 48;

/// `phases(out)`: each thread stores its global index `v` in a shared array, then [`PHASES`]
/// times waits at a barrier and computes `v = (v + s[tid ^ 1]) * 3`; writes `v` to `out`.
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

/// Launches `phases_ptx` on `p` (`blocks` blocks of `threads`), checks it, returns its tier.
fn launch_phases(p: &Program, blocks: u32, threads: u32) -> Tier {
    let n = blocks * threads;
    let want: Vec<u32> = (0..n)
        .map(|i| {
            let partner = (i & !(threads - 1)) | ((i % threads) ^ 1);
            (0..PHASES).fold(i, |v, _| v.wrapping_add(partner).wrapping_mul(3))
        })
        .collect();
    let mem = DeviceMemory::new();
    let out = mem.alloc(4 * u64::from(n)).unwrap();
    let params = Params::new().ptr(out).clone();
    let stats = p.launch("phases", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem).expect("launch");
    assert!(download_u32(&mem, out, n as usize) == want, "on {:?}: wrong values", stats.tier);
    stats.tier
}

#[test]
fn a_long_barrier_kernel_climbs_while_its_code_compiles_and_never_steps_down() {
    // The per-thread JIT while the warp tier compiles in the background, then the warp
    // tier; with a C compiler, the block tier (barrier stretches, 16 threads at a time)
    // once built, whichever of the two is ready first. Never back down.
    let mut p = Program::from_ptx(&phases_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let top = if have_cc() { Tier::Block } else { Tier::WarpJit };
    let tiers = climb(|| launch_phases(&p, 64, 256), |t| t.contains(&top), 10);
    never_steps_down(&tiers);
    // The first launch starts on the per-thread JIT while the warp tier compiles; on a busy
    // machine it may outlast the block tier's build, and then its last blocks run there
    // (`jit::TierUp`: the launch reports the block tier).
    assert!(
        matches!(tiers.first(), Some(Tier::ThreadJit | Tier::Block)),
        "the first launch while the warp tier compiles: {tiers:?}"
    );
    assert!(tiers.iter().rev().take(10).all(|&t| t == top), "stays on {top:?}: {tiers:?}");
}

#[test]
fn every_tier_computes_the_same_bits() {
    // The ladder only moves time: each kernel's results on each engine are the ones its
    // launch helpers check (the CUDA semantics of the PTX), identical on every tier.
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block, Engine::Jit] {
        let mut p = Program::from_ptx(&blocks_ptx()).expect("load");
        p.set_engine(engine);
        p.set_workers(2);
        launch_blocks(&p, 8, 96, 37);
        let mut p = Program::from_ptx(&pairs_ptx()).expect("load");
        p.set_engine(engine);
        p.set_workers(2);
        launch_pairs(&p, 8, 64);
        let mut p = Program::from_ptx(&phases_ptx()).expect("load");
        p.set_engine(engine);
        p.set_workers(2);
        launch_phases(&p, 4, 128);
    }
}

/// `rows(start, vals, out)`: a scalar CSR row sum, one row per thread: thread `i` adds
/// `vals[start[i]..start[i + 1]]` (its own list, its length read from memory) into `out[i]`.
fn rows_ptx() -> String {
    module(
        "sm_80",
        &Kernel::new("rows", &["start", "vals", "out"], Index::Grid).global_pointers().body(
            r#"
    mul.wide.u32 %rd4, %r4, 4;
    add.s64 %rd5, %rd1, %rd4;
    ld.global.u32 %r5, [%rd5];
    ld.global.u32 %r6, [%rd5+4];
    mov.u32 %r7, 0;
    setp.ge.u32 %p1, %r5, %r6;
    @%p1 bra DONE;
LOOP:
    mul.wide.u32 %rd6, %r5, 4;
    add.s64 %rd7, %rd2, %rd6;
    ld.global.u32 %r8, [%rd7];
    add.u32 %r7, %r7, %r8;
    add.u32 %r5, %r5, 1;
    setp.lt.u32 %p1, %r5, %r6;
    @%p1 bra LOOP;
DONE:
    add.s64 %rd8, %rd3, %rd4;
    st.global.u32 [%rd8], %r7;
    ret;
"#,
        ),
    )
}

/// Launches `rows_ptx` on `p` (`blocks` blocks of 256 threads; row `i` holds `i % 61` values,
/// value `e` of the whole list being `e * 7`), checks every sum, returns the tier.
fn launch_rows(p: &Program, blocks: u32) -> Tier {
    let n = blocks * 256;
    let mut start = vec![0u32];
    for i in 0..n {
        start.push(start[i as usize] + i % 61);
    }
    let nnz = start[n as usize];
    let vals: Vec<u32> = (0..nnz).map(|e| e.wrapping_mul(7)).collect();
    let want: Vec<u32> =
        (0..n as usize).map(|i| (start[i]..start[i + 1]).fold(0u32, |s, e| s.wrapping_add(e * 7))).collect();
    let mem = DeviceMemory::new();
    let (ds, dv, out) =
        (common::upload(&mem, &start), common::upload(&mem, &vals), mem.alloc(4 * u64::from(n)).unwrap());
    let params = Params::new().ptr(ds).ptr(dv).ptr(out).clone();
    let stats = p.launch("rows", Dim3::x(blocks), Dim3::x(256), 0, params.bytes(), &mem).expect("launch");
    assert!(download_u32(&mem, out, n as usize) == want, "on {:?}: wrong values", stats.tier);
    stats.tier
}

#[test]
fn threads_that_loop_over_lists_of_their_own_stay_on_the_per_thread_jit() {
    // Each thread's trip count is read from memory at an address of its own, and the loop
    // loads: the per-thread JIT walks each list in order (the kit's spmv_scalar and bfs ran
    // 3.8x and 2.3x the CPU time on the warp tier, 4.8x and 2.6x on the block tier). Before,
    // the warp tier took it from its first launch (a short memory loop) and the block tier
    // once built. Well past the block tier's exploration threshold, with a C compiler or not.
    let mut p = Program::from_ptx(&rows_ptx()).expect("load");
    p.set_engine(Engine::Jit);
    p.set_workers(1);
    let start = Instant::now();
    let mut tiers = Vec::new();
    while tiers.len() < 20 || start.elapsed() < Duration::from_millis(600) {
        tiers.push(launch_rows(&p, 64));
        std::thread::sleep(Duration::from_millis(2));
    }
    assert!(tiers.iter().all(|&t| t == Tier::ThreadJit), "{tiers:?}");
    // Every tier computes the same sums.
    for engine in [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block] {
        let mut p = Program::from_ptx(&rows_ptx()).expect("load");
        p.set_engine(engine);
        p.set_workers(2);
        launch_rows(&p, 8);
    }
}

/// Launches `blocks_ptx` on `p` (`blocks` blocks of `threads`) as `launch_blocks` does, while
/// `hogs` threads of this process spin from before the launch until its block `hot_until`
/// starts (each block's thread 0 marks `counts[ctaid.x]` as it starts): the CPU time the
/// process spends meanwhile is mostly theirs, not the launch's.
fn launch_blocks_beside_hogs(p: &Program, blocks: u32, threads: u32, steps: u32, hogs: usize, hot_until: u32) -> Tier {
    use std::sync::atomic::{AtomicBool, Ordering};
    let n = (blocks * threads) as usize;
    let mem = DeviceMemory::new();
    let counts = mem.alloc(4 * u64::from(blocks)).unwrap();
    let out = mem.alloc(4 * n as u64).unwrap();
    let params = Params::new().ptr(counts).ptr(out).u32(steps).clone();
    let started = |b: u32| {
        let mut w = [0u8; 4];
        mem.read(counts.offset(4 * u64::from(b)), &mut w).unwrap();
        u32::from_le_bytes(w) != 0
    };
    let (done, hot) = (AtomicBool::new(false), AtomicBool::new(true));
    let stats = std::thread::scope(|s| {
        s.spawn(|| {
            while !done.load(Ordering::Relaxed) && !started(hot_until) {
                std::hint::spin_loop();
            }
            hot.store(false, Ordering::Relaxed);
        });
        for _ in 0..hogs {
            s.spawn(|| {
                // Hot from before the launch: a thread woken once it started would miss a
                // slice of a few ms on a loaded machine.
                let mut x = 1u64;
                while !done.load(Ordering::Relaxed) && hot.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            });
        }
        let stats = p.launch("blocks", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem);
        done.store(true, Ordering::Relaxed);
        stats.expect("launch")
    });
    assert_eq!(download_u32(&mem, counts, blocks as usize), vec![1; blocks as usize], "on {:?}", stats.tier);
    assert!(download_u32(&mem, out, n) == blocks_want(n as u32, steps), "on {:?}: wrong values", stats.tier);
    stats.tier
}

#[test]
fn the_block_tier_is_judged_on_the_launchs_own_work_not_on_other_threads_of_the_process() {
    // The veto (`jit/tiering.rs`) runs a launch's first blocks on the block tier and as many
    // after them on the rung below. Here, other threads of the process spin from the first
    // block until the rung below's first block starts, every launch (as a background compile
    // or another test may): the launch's own blocks are no slower on the block tier, so it
    // climbs there and stays. (Before, the veto measured process CPU time and left the block
    // tier "for good" in CI.) Tests of this file run alongside: their threads spin too.
    if !have_cc() {
        return;
    }
    for workers in [1, 2] {
        let mut p = Program::from_ptx(&blocks_ptx()).expect("load");
        p.set_engine(Engine::Jit);
        p.set_workers(workers);
        // 32 blocks: the judged slice is the first 2 (one in 16), a few ms of work; 12 threads
        // a worker spin beside it, on however many cores.
        let launch = || launch_blocks_beside_hogs(&p, 32, 64, 100_000, 12 * workers as usize, 2);
        let tiers = climb(launch, |t| t.contains(&Tier::Block), 12);
        // One launch may end below: the judged one, whose part on the rung below runs the rest
        // of the grid when its block, slowed by the spinning threads, seems to wait for a later
        // one (`exec/spill.rs`: the launch is then no verdict, and the next is judged).
        let first_block = tiers.iter().position(|&t| t == Tier::Block).unwrap_or(tiers.len());
        let below = tiers[first_block..].iter().filter(|&&t| t != Tier::Block).count();
        assert!(below <= 1, "stepped down more than the judged launch: {tiers:?}");
        never_steps_down(&tiers[..first_block]);
        assert!(tiers.iter().rev().take(10).all(|&t| t == Tier::Block), "stays on the block tier: {tiers:?}");
    }
}
