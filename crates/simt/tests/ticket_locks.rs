//! Lanes of one warp that wait for each other without a lock word to swap
//! (`tests/kernels/ticket_locks.cu`, nvcc -O3 and -G): a ticket lock and a turn handed on from
//! lane to lane. Under independent thread scheduling (the guide's section of that name) both
//! finish, with the results a GPU gives; they hung on every engine, as the warp split only at
//! loops that try to take a lock (compare-and-swap or exchange). A hang fails the test after
//! `LIMIT` instead of hanging CI.

use std::sync::Arc;
use std::time::Duration;

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::{ENGINES, download, program, upload};

/// Far longer than any engine takes once the lanes make progress.
const LIMIT: Duration = Duration::from_secs(20);

const VARIANTS: [&str; 2] = ["ticket_locks.sm_80.O3.ptx", "ticket_locks.sm_80.G.ptx"];

/// Every engine the tests force, and the default ladder.
fn engines() -> impl Iterator<Item = Engine> {
    ENGINES.into_iter().chain([Engine::Jit])
}

/// Launches `entry` (found by its name's `prefix`) of `file` on `engine` with `workers` workers
/// over `grid` x `block` threads with the buffers `bufs` (zero-filled, `len` words each) as its
/// parameters, and returns the buffers after it, or the fault; panics when it hangs.
fn run(
    file: &str,
    prefix: &str,
    engine: Engine,
    workers: u32,
    (grid, block): (u32, u32),
    lens: &[usize],
) -> Vec<Vec<i32>> {
    let mut p: Program = program(&common::kernel_source(file), engine);
    p.set_workers(workers);
    let p = Arc::new(p);
    let entry = p.kernels().into_iter().find(|k| k.contains(prefix)).unwrap_or_else(|| panic!("no kernel {prefix}"));
    let lens = lens.to_vec();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mem = DeviceMemory::new();
        let bufs: Vec<_> = lens.iter().map(|&n| upload(&mem, &vec![0i32; n])).collect();
        let mut params = Params::new();
        for &b in &bufs {
            params.ptr(b);
        }
        let r = p.launch(&entry, Dim3::x(grid), Dim3::x(block), 0, params.bytes(), &mem);
        let _ =
            tx.send(r.map(|_| bufs.iter().zip(&lens).map(|(&b, &n)| download::<i32>(&mem, b, n)).collect::<Vec<_>>()));
    });
    let what = format!("{prefix} of {file} on {engine:?}, {workers} workers, {grid} blocks of {block}");
    let got = rx.recv_timeout(LIMIT).unwrap_or_else(|_| panic!("{what}: hangs"));
    got.unwrap_or_else(|f| panic!("{what}: {f}"))
}

/// Every thread of 4 blocks of 64 takes a ticket: each ticket is served once, in order.
#[test]
fn a_ticket_lock_inside_a_warp_serves_every_ticket_in_order() {
    let n = 4 * 64;
    for file in VARIANTS {
        for engine in engines() {
            for workers in [1, 2] {
                let out = run(file, "ticket_lock_log", engine, workers, (4, 64), &[1, 1, n, 1]);
                let what = format!("{file} on {engine:?}, {workers} workers");
                assert_eq!(
                    (out[0][0], out[1][0], out[3][0]),
                    (n as i32, n as i32, n as i32),
                    "{what}: next, serving, count"
                );
                assert_eq!(out[2], (0..n as i32).collect::<Vec<_>>(), "{what}: the log");
            }
        }
    }
}

/// Lanes take turns in lane order within each warp of 2 blocks of 96: lane l sees 0 + ... + l.
#[test]
fn lanes_handing_a_turn_on_in_order_all_take_theirs() {
    let want: Vec<i32> = (0..2 * 96).map(|t| (t % 32) * (t % 32 + 1) / 2).collect();
    for file in VARIANTS {
        for engine in engines() {
            for workers in [1, 2] {
                let out = run(file, "turn_chain", engine, workers, (2, 96), &[2 * 96]);
                assert_eq!(out[0], want, "{file} on {engine:?}, {workers} workers");
            }
        }
    }
}
