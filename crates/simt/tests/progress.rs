//! Forward progress (tests/kernels/progress.cu, -O3 and -G): intra-warp spin locks, polling
//! loops between warps and `__nanosleep` backoff finish, with the results a GPU gives.

use simt::{DeviceMemory, Dim3, Params, Program};

mod common;

use common::{download, upload};

const VARIANTS: [&str; 2] = ["O3", "G"];

fn load(variant: &str) -> Program {
    let path = format!("{}/tests/kernels/progress.sm_80.{variant}.ptx", env!("CARGO_MANIFEST_DIR"));
    Program::from_ptx(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{variant}: {e}"))
}

fn kernel(p: &Program, prefix: &str) -> String {
    p.kernels().into_iter().find(|k| k.contains(prefix)).unwrap_or_else(|| panic!("no kernel {prefix}"))
}

#[test]
fn spin_locks_inside_a_warp_make_progress() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        // Lock taken inside the loop body.
        let n = 1000usize;
        let input: Vec<i32> = (0..n as i32).map(|i| i * 7 % 101 - 50).collect();
        let (lock, sum, din) = (upload(&mem, &[0]), upload(&mem, &[0]), upload(&mem, &input));
        let mut params = Params::new();
        params.ptr(lock).ptr(sum).ptr(din).i32(n as i32);
        p.launch(&kernel(&p, "spin_lock_sum"), Dim3::x(4), Dim3::x(256), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{v}: {f}"));
        assert_eq!(download::<i32>(&mem, sum, 1)[0], input.iter().sum::<i32>(), "{v} spin_lock_sum");
        assert_eq!(download::<i32>(&mem, lock, 1)[0], 0, "{v}: lock released");
        // Critical section after the spin loop (past the loop's reconvergence point).
        let (lock, count) = (upload(&mem, &[0]), upload(&mem, &[0]));
        let mut params = Params::new();
        params.ptr(lock).ptr(count);
        p.launch(&kernel(&p, "spin_lock_after_loop"), Dim3::x(3), Dim3::x(96), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{v}: {f}"));
        assert_eq!(download::<i32>(&mem, count, 1)[0], 3 * 96, "{v} spin_lock_after_loop");
    }
}

/// A test-and-test-and-set lock (libcu++'s binary_semaphore): the lanes that lose the exchange
/// spin in an inner loop that only reads the lock word, while the holder waits for them where
/// the outer loop ends. Independent thread scheduling lets the holder go on and unlock; every
/// thread of every block counts once (it hung on every engine).
#[test]
fn test_and_test_and_set_locks_inside_a_warp_make_progress() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        for name in ["ttas_lock_count", "ttas_backoff_count"] {
            let (lock, count) = (upload(&mem, &[0]), upload(&mem, &[0]));
            let mut params = Params::new();
            params.ptr(lock).ptr(count);
            p.launch(&kernel(&p, name), Dim3::x(3), Dim3::x(64), 0, params.bytes(), &mem)
                .unwrap_or_else(|e| panic!("{v} {name}: {e}"));
            assert_eq!(download::<i32>(&mem, count, 1)[0], 3 * 64, "{v} {name}");
            assert_eq!(download::<i32>(&mem, lock, 1)[0], 0, "{v} {name}: lock released");
        }
    }
}

/// Lanes 3 and 19 of each warp take a test-and-test-and-set lock while the other lanes run on
/// to a latch where they poll (a cuda::binary_semaphore then a cuda::latch): the warp's two
/// spinning paths must not only take turns, the lock's holder, waiting at the lock loop's exit,
/// goes on alone. Every locked add happens once and every block passes its latch (it hung on
/// every engine).
#[test]
fn a_lock_inside_a_warp_before_a_latch_makes_progress() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let blocks = 3usize;
        let (lock, count) = (upload(&mem, &[0]), upload(&mem, &[0]));
        let (latch, out) = (upload(&mem, &vec![128; blocks]), upload(&mem, &vec![0; blocks]));
        let mut params = Params::new();
        params.ptr(lock).ptr(count).ptr(latch).ptr(out);
        p.launch(&kernel(&p, "ttas_then_latch"), Dim3::x(blocks as u32), Dim3::x(128), 0, params.bytes(), &mem)
            .unwrap_or_else(|e| panic!("{v}: {e}"));
        // Threads 3, 19, 35, ..., 115 of each block.
        let per_block: i32 = (0..128).filter(|t| t % 16 == 3).sum();
        assert_eq!(download::<i32>(&mem, count, 1)[0], per_block * blocks as i32, "{v}");
        assert_eq!(download::<i32>(&mem, out, blocks), vec![1; blocks], "{v}");
    }
}

#[test]
fn polling_warps_let_the_awaited_warps_run() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let blocks = 5usize;
        let out = upload(&mem, &vec![-1; blocks * 32]);
        let mut params = Params::new();
        params.ptr(out);
        p.launch(&kernel(&p, "flag_handoff"), Dim3::x(blocks as u32), Dim3::x(128), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{v}: {f}"));
        let want: Vec<i32> = (0..blocks * 32).map(|i| ((96 + i % 32) * 3 + i / 32) as i32).collect();
        assert_eq!(download::<i32>(&mem, out, blocks * 32), want, "{v} flag_handoff");

        let (counter, out) = (upload(&mem, &vec![0; blocks]), upload(&mem, &vec![0; blocks]));
        let mut params = Params::new();
        params.ptr(counter).ptr(out);
        p.launch(&kernel(&p, "nanosleep_wait"), Dim3::x(blocks as u32), Dim3::x(256), 0, params.bytes(), &mem)
            .unwrap_or_else(|f| panic!("{v}: {f}"));
        assert_eq!(download::<i32>(&mem, out, blocks), vec![7; blocks], "{v} nanosleep_wait");
    }
}

/// A course's spin lock as clang compiles it (`cuprite nvcc`): each lane spins in a loop of its
/// own compare-and-swap (`@p bra` back to it); its holder waits at the loop's exit until it is
/// split off, then counts, unlocks and spins again for its next iteration in a path of its own.
/// Blocks of two and three warps, iterations unrolled by 8 with a remainder loop: every thread
/// counts `iters` times. It hung on every engine: with 64 threads and 2 iterations (the paths
/// took turns only between the two topmost, so the spinning path whose holder waited at its join
/// never ran again), and with 96 threads and 9 (a holder whose spinning lanes had all left by
/// splits and exits waited below entries already at their join, under a path spinning for it).
#[test]
fn a_clang_spin_lock_loop_makes_progress_across_warps() {
    let src = include_str!("kernels/spin_lock_clang.O3.ptx");
    for (engine, p) in common::on_engines(src) {
        let p = std::sync::Arc::new(p);
        for (blocks, threads, iters) in [(1u32, 64u32, 2i32), (1, 96, 9), (2, 96, 9), (4, 64, 3)] {
            let (tx, rx) = std::sync::mpsc::channel();
            let p = std::sync::Arc::clone(&p);
            std::thread::spawn(move || {
                let mem = DeviceMemory::new();
                let (lock, count) = (upload(&mem, &[0]), upload(&mem, &[0]));
                let mut params = Params::new();
                params.ptr(lock).ptr(count).i32(iters);
                let r =
                    p.launch("_Z15spin_lock_countPiS_i", Dim3::x(blocks), Dim3::x(threads), 0, params.bytes(), &mem);
                let _ = tx.send(r.map(|_| (download::<i32>(&mem, count, 1)[0], download::<i32>(&mem, lock, 1)[0])));
            });
            let what = format!("{engine:?} {blocks}x{threads}, {iters} iterations");
            let got = rx.recv_timeout(std::time::Duration::from_secs(60)).unwrap_or_else(|_| panic!("{what}: hangs"));
            let (count, lock) = got.unwrap_or_else(|f| panic!("{what}: {f}"));
            assert_eq!(count, (blocks * threads) as i32 * iters, "{what}: count");
            assert_eq!(lock, 0, "{what}: lock released");
        }
    }
}
