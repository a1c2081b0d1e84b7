//! Locks taken per thread inside a warp (independent thread scheduling, the guide's section of
//! that name): the lane that took a lock makes progress while its warp-mates spin, on every
//! engine, with one worker and two. A hang (or a crawl) fails the test after `LIMIT` instead
//! of hanging CI.

use std::sync::Arc;
use std::time::Duration;

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::{ENGINES, download, program, upload};

const KERNEL: &str = "_Z12bucket_locksPiS_PKiii";

/// Longer than any engine takes once its lanes make progress (each launch takes well under a
/// second on a loaded 2-core machine); the warp tier took 15 s on 256 threads contending for
/// one lock, the block tier 5 s, where the interpreter takes 0.5 s.
const LIMIT: Duration = Duration::from_secs(10);

/// Every engine the tests force, and the default ladder.
fn engines() -> impl Iterator<Item = Engine> {
    ENGINES.into_iter().chain([Engine::Jit])
}

/// Runs `bucket_locks` of `file` over `vals` in blocks of `threads` with `buckets` locks on
/// `engine` and `workers` workers: the sums must be those of the values in each bucket (what
/// the GPU prints, `cudaSuccess ok 1`), and every lock released.
fn check(file: &str, engine: Engine, workers: u32, vals: Vec<i32>, threads: u32, buckets: i32) {
    let mut p: Program = program(&common::kernel_source(file), engine);
    p.set_workers(workers);
    let p = Arc::new(p);
    let n = vals.len();
    let mut want = vec![0i32; buckets as usize];
    for &v in &vals {
        want[(v % buckets) as usize] += v;
    }
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mem = DeviceMemory::new();
        let zeros = vec![0i32; buckets as usize];
        let (locks, sums, v) = (upload(&mem, &zeros), upload(&mem, &zeros), upload(&mem, &vals));
        let mut params = Params::new();
        params.ptr(locks).ptr(sums).ptr(v).i32(n as i32).i32(buckets);
        let grid = Dim3::x((n as u32).div_ceil(threads));
        let r = p.launch(KERNEL, grid, Dim3::x(threads), 0, params.bytes(), &mem);
        let _ =
            tx.send(r.map(|_| {
                (download::<i32>(&mem, sums, buckets as usize), download::<i32>(&mem, locks, buckets as usize))
            }));
    });
    let what = format!("{file} on {engine:?}, {workers} workers, {n} threads in blocks of {threads}, {buckets} locks");
    let got = rx.recv_timeout(LIMIT).unwrap_or_else(|_| panic!("{what}: hangs"));
    let (sums, locks) = got.unwrap_or_else(|f| panic!("{what}: {f}"));
    assert_eq!(sums, want, "{what}: sums");
    assert!(locks.iter().all(|&l| l == 0), "{what}: locks released");
}

/// The reproducer's kernel and input (`notes/repro/unseen14c_bucket_locks_warp_tier.cu`,
/// `./app 256 128`): 7 locks, lanes of a warp on different ones and on the same. It hung on
/// the warp tier (clang's `cas; @p bra self`).
#[test]
fn bucket_locks_make_progress_on_every_engine() {
    let vals: Vec<i32> = (0..256).map(|i| (i * 31) % 1000).collect();
    for file in ["bucket_locks_clang.O3.ptx", "bucket_locks_nvcc.ptx"] {
        for engine in engines() {
            for workers in [1, 2] {
                check(file, engine, workers, vals.clone(), 128, 7);
            }
        }
    }
}

/// One lock for the whole grid: every lane of a warp contends for it.
#[test]
fn one_lock_shared_by_every_lane_makes_progress() {
    let vals: Vec<i32> = (0..256).collect();
    for file in ["bucket_locks_clang.O3.ptx", "bucket_locks_nvcc.ptx"] {
        for engine in engines() {
            for workers in [1, 2] {
                check(file, engine, workers, vals.clone(), 64, 1);
            }
        }
    }
}

/// A lock per lane (no two lanes share one), in blocks of 32, 128 and 1024.
#[test]
fn a_lock_per_lane_makes_progress_in_blocks_of_32_128_1024() {
    for threads in [32u32, 128, 1024] {
        let n = 2 * threads as i32;
        let vals: Vec<i32> = (0..n).collect();
        for file in ["bucket_locks_clang.O3.ptx", "bucket_locks_nvcc.ptx"] {
            for engine in engines() {
                for workers in [1, 2] {
                    check(file, engine, workers, vals.clone(), threads, n);
                }
            }
        }
    }
}
