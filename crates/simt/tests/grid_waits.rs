//! Blocks that wait for other blocks of their grid (tests/kernels/grid_waits.cu, -O3 and -G):
//! on a GPU the blocks of a grid that fits on it run at once, so a block may spin until a later
//! block sets a flag (`cuda::std::atomic::wait`, an acquire or volatile spin, `__nanosleep`
//! back-off), wait at a software grid barrier, or for the prefix of the block after it. Each
//! grid here is resident at once on a GPU (these launches set no `LaunchOptions::resident_blocks`
//! limit; the runtime passes its occupancy rule's, 32 blocks here on one core), so each must complete, with CUDA's results, on every engine with one worker and with two. Each
//! case runs under a timeout, so that a regression fails instead of hanging.

use std::sync::mpsc;
use std::time::Duration;

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::{download, kernel_source, upload};

/// The engines, the tiered default among them (it may run a launch's first blocks on one tier
/// and the rest on another).
const ENGINES: [Engine; 5] = [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block, Engine::Jit];

/// How long one case may take (they take milliseconds to a second; the machine may be loaded).
const TIMEOUT: Duration = Duration::from_secs(120);

fn program(variant: &str, engine: Engine, workers: u32) -> Program {
    let src = kernel_source(&format!("grid_waits.sm_80.{variant}.ptx"));
    let mut p = Program::from_ptx(&src).unwrap_or_else(|e| panic!("{variant}: {e}"));
    p.set_engine(engine);
    p.set_workers(workers);
    p
}

/// Runs `case(program)` for the -O3 and -G builds on every engine with one and two workers,
/// each under [`TIMEOUT`]; `case` returns what it got and what CUDA's semantics give.
fn on_every_engine<T: PartialEq + std::fmt::Debug + Send + 'static>(
    what: &'static str,
    case: impl Fn(&Program) -> (T, T) + Send + Sync + Copy + 'static,
) {
    for variant in ["O3", "G"] {
        for engine in ENGINES {
            for workers in [1, 2] {
                let (tx, rx) = mpsc::channel();
                std::thread::spawn(move || {
                    let p = program(variant, engine, workers);
                    let _ = tx.send(case(&p));
                });
                let at = format!("{what}: {variant}/{engine:?} on {workers} worker(s)");
                let (got, want) = rx.recv_timeout(TIMEOUT).unwrap_or_else(|_| panic!("{at}: no result (hangs)"));
                assert_eq!(got, want, "{at}");
            }
        }
    }
}

/// `chain` on `grid` blocks in `mode`: block 0 waits for the last block, every other one for
/// block 0.
fn chain(p: &Program, grid: u32, mode: i32) -> (Vec<i32>, Vec<i32>) {
    let mem = DeviceMemory::new();
    let flags = upload(&mem, &[0i32, 0]);
    let out = upload(&mem, &vec![0i32; grid as usize]);
    let params = Params::new().ptr(flags).ptr(out).i32(mode).clone();
    p.launch("chain", Dim3::x(grid), Dim3::x(32), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{f}"));
    let last = grid as i32 - 1;
    let want = (0..grid as i32).map(|b| if b == last { 1000 + last } else { 1000 + last + 1 + b }).collect();
    (download(&mem, out, grid as usize), want)
}

#[test]
fn a_block_waits_for_a_later_block_with_atomic_wait() {
    on_every_engine("wait/notify", |p| chain(p, 2, 0));
    on_every_engine("wait/notify, 8 blocks", |p| chain(p, 8, 0));
}

#[test]
fn a_block_spins_on_an_acquire_load_for_a_later_block() {
    on_every_engine("acquire spin", |p| chain(p, 3, 1));
}

#[test]
fn a_block_spins_on_a_volatile_load_for_a_later_block() {
    on_every_engine("volatile spin", |p| chain(p, 8, 2));
}

#[test]
fn a_block_backs_off_with_nanosleep_for_a_later_block() {
    on_every_engine("nanosleep spin", |p| chain(p, 3, 3));
}

/// What each block of `barrier_rounds` read of its successor, and the sum each made.
type ReadAndSums = (Vec<i32>, Vec<i32>);

/// `barrier_rounds` on `grid` blocks of 64 threads: what each block read of its successor, and
/// the sums every block made after the last barrier.
fn barrier_rounds(p: &Program, grid: u32) -> (ReadAndSums, ReadAndSums) {
    let mem = DeviceMemory::new();
    let sync = upload(&mem, &[0u32, 0]);
    let out = upload(&mem, &vec![0i32; grid as usize]);
    let sums = upload(&mem, &vec![0i32; grid as usize]);
    let params = Params::new().ptr(sync).ptr(sync.offset(4)).ptr(out).ptr(sums).clone();
    p.launch("barrier_rounds", Dim3::x(grid), Dim3::x(64), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{f}"));
    let n = grid as i32;
    let want_out: Vec<i32> = (0..n).map(|b| (b + 1) % n * 3 + 1).collect();
    let total = want_out.iter().sum();
    ((download(&mem, out, grid as usize), download(&mem, sums, grid as usize)), (want_out, vec![total; grid as usize]))
}

#[test]
fn blocks_meet_at_a_software_grid_barrier() {
    on_every_engine("grid barrier, 4 blocks", |p| barrier_rounds(p, 4));
    on_every_engine("grid barrier, 24 blocks", |p| barrier_rounds(p, 24));
}

#[test]
fn every_block_takes_a_spin_lock_in_turn() {
    on_every_engine("mutex", |p| {
        let mem = DeviceMemory::new();
        let lock = upload(&mem, &[0i32, 0]);
        let params = Params::new().ptr(lock).ptr(lock.offset(4)).i32(20).clone();
        p.launch("mutex", Dim3::x(48), Dim3::x(32), 0, params.bytes(), &mem).unwrap_or_else(|f| panic!("{f}"));
        (download::<i32>(&mem, lock, 2), vec![0, 48 * 20])
    });
}

#[test]
fn each_block_waits_for_the_prefix_of_the_block_after_it() {
    on_every_engine("reverse look-back", |p| {
        let grid = 24u32;
        let mem = DeviceMemory::new();
        let status = upload(&mem, &vec![0i32; grid as usize]);
        let prefix = upload(&mem, &vec![0i64; grid as usize]);
        let out = upload(&mem, &vec![0i64; grid as usize]);
        let params = Params::new().ptr(status).ptr(prefix).ptr(out).clone();
        p.launch("reverse_chain", Dim3::x(grid), Dim3::x(32), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{f}"));
        let want = (0..i64::from(grid)).map(|b| (b + 1..=i64::from(grid)).sum()).collect::<Vec<i64>>();
        (download::<i64>(&mem, out, grid as usize), want)
    });
}
