//! Thread block clusters (tests/kernels/cluster.cu, sm_90, -O3 and -G): cluster special
//! registers, `barrier.cluster`, distributed shared memory (`mapa`, `.shared::cluster`
//! accesses, generic accesses through mapped addresses), and cluster barrier deadlocks.

use simt::{DeviceMemory, Dim3, FaultKind, LaunchConfig, LaunchOptions, Params, Program};

mod common;

use common::{download_u32, upload};

const VARIANTS: [&str; 2] = ["O3", "G"];

fn load(variant: &str) -> Program {
    let path = format!("{}/tests/kernels/cluster.sm_90.{variant}.ptx", env!("CARGO_MANIFEST_DIR"));
    Program::from_ptx(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{variant}: {e}"))
}

fn opts(c: Option<Dim3>) -> LaunchOptions {
    LaunchOptions { cluster: c, ..LaunchOptions::default() }
}

/// Checks `cluster_info`'s record of every block of a `grid` launched in clusters of `cl`.
fn check_info(out: &[u32], grid: Dim3, cl: Dim3, explicit: bool, what: &str) {
    for bz in 0..grid.z {
        for by in 0..grid.y {
            for bx in 0..grid.x {
                let b = (bx + grid.x * (by + grid.y * bz)) as usize;
                let (ix, iy, iz) = (bx % cl.x, by % cl.y, bz % cl.z);
                let want = [
                    ix + cl.x * (iy + cl.y * iz),
                    cl.x * cl.y * cl.z,
                    cl.x,
                    cl.y,
                    cl.z,
                    ix,
                    iy,
                    bx / cl.x,
                    grid.x / cl.x,
                    u32::from(explicit),
                ];
                assert_eq!(&out[b * 10..b * 10 + 10], &want, "{what}: block ({bx},{by},{bz})");
            }
        }
    }
}

#[test]
fn cluster_special_registers() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let cases = [
            ("info_runtime", Dim3::new(8, 4, 2), Some(Dim3::new(2, 2, 1))),
            ("info_runtime", Dim3::new(6, 2, 2), Some(Dim3::new(3, 1, 2))),
            ("info_runtime", Dim3::new(4, 2, 1), None),
            ("info_fixed", Dim3::new(8, 2, 1), None),
            ("info_fixed", Dim3::new(8, 2, 1), Some(Dim3::new(4, 1, 1))),
        ];
        for (k, grid, cl) in cases {
            let n = (grid.x * grid.y * grid.z) as usize;
            let out = upload(&mem, &vec![u32::MAX; n * 10]);
            let mut params = Params::new();
            params.ptr(out);
            p.launch_with(
                k,
                LaunchConfig { grid, block: Dim3::x(64), dynamic_shared: 0, opts: opts(cl) },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v}: {f}"));
            let (eff, explicit) = match (cl, k) {
                (Some(c), _) => (c, true),
                (None, "info_fixed") => (Dim3::x(2), true),
                (None, _) => (Dim3::x(1), false),
            };
            check_info(&download_u32(&mem, out, n * 10), grid, eff, explicit, &format!("{v} {k} {grid:?} {cl:?}"));
        }
        // The compile-time cluster width must divide the grid.
        let out = upload(&mem, &[0; 30]);
        let mut params = Params::new();
        params.ptr(out);
        let e = p.launch("info_fixed", Dim3::x(3), Dim3::x(32), 0, params.bytes(), &mem).unwrap_err();
        assert!(matches!(e.kind, FaultKind::BadLaunch(_)), "{v}: {e}");
    }
}

#[test]
fn distributed_shared_memory_ring() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        for (grid, cl) in [(8u32, 2u32), (8, 4), (16, 8), (16, 16), (4, 1)] {
            let threads = 256u32;
            let out = upload(&mem, &vec![0; (grid * threads) as usize]);
            let mut params = Params::new();
            params.ptr(out);
            p.launch_with(
                "dsm_ring",
                LaunchConfig {
                    grid: Dim3::x(grid),
                    block: Dim3::x(threads),
                    dynamic_shared: 0,
                    opts: opts(Some(Dim3::x(cl))),
                },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v}: {f}"));
            let got = download_u32(&mem, out, (grid * threads) as usize);
            for b in 0..grid {
                let next = (b % cl + 1) % cl;
                for t in 0..threads {
                    assert_eq!(
                        got[(b * threads + t) as usize],
                        next * 1000 + t,
                        "{v} cluster {cl} block {b} thread {t}"
                    );
                }
            }
        }
    }
}

#[test]
fn distributed_shared_memory_histogram() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let (nbins, n) = (96u32, 20000u32);
        let input: Vec<u32> = (0..n).map(|i| (i.wrapping_mul(2654435761) >> 7) % nbins).collect();
        let mut want = vec![0u32; nbins as usize];
        input.iter().for_each(|&x| want[x as usize] += 1);
        for cl in [1u32, 2, 4] {
            let bins = upload(&mem, &vec![0; nbins as usize]);
            let din = upload(&mem, &input);
            let bpb = nbins / cl;
            let mut params = Params::new();
            params.ptr(bins).ptr(din).u32(n).u32(bpb);
            p.launch_with(
                "dsm_hist",
                LaunchConfig {
                    grid: Dim3::x(8),
                    block: Dim3::x(128),
                    dynamic_shared: bpb * 4,
                    opts: opts(Some(Dim3::x(cl))),
                },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v}: {f}"));
            assert_eq!(download_u32(&mem, bins, nbins as usize), want, "{v} cluster {cl}");
        }
    }
}

#[test]
fn shared_cluster_ptx_operations() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        for (grid, cl, threads) in [(4u32, 2u32, 64u32), (6, 3, 40), (2, 1, 32)] {
            let out = upload(&mem, &vec![0; (grid * 5) as usize]);
            let mut params = Params::new();
            params.ptr(out);
            p.launch_with(
                "ptx_ops",
                LaunchConfig {
                    grid: Dim3::x(grid),
                    block: Dim3::x(threads),
                    dynamic_shared: 0,
                    opts: opts(Some(Dim3::x(cl))),
                },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v}: {f}"));
            let got = download_u32(&mem, out, (grid * 5) as usize);
            let sum = threads * (threads + 1) / 2;
            for b in 0..grid {
                let peer = (b % cl + 1) % cl;
                let o = &got[(b * 5) as usize..(b * 5 + 5) as usize];
                // Each block's cell[0] collects the previous block's red.add; with a cluster
                // of one block, its own.
                assert_eq!(o, &[sum, peer, peer + 100, 1, sum], "{v} grid {grid} cluster {cl} block {b}");
            }
        }
    }
}

#[test]
fn cluster_barrier_deadlock_faults() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        for cl in [None, Some(Dim3::x(2))] {
            let out = upload(&mem, &[0; 64]);
            let mut params = Params::new();
            params.ptr(out);
            let e = p
                .launch_with(
                    "cluster_deadlock",
                    LaunchConfig { grid: Dim3::x(2), block: Dim3::x(64), dynamic_shared: 0, opts: opts(cl) },
                    params.bytes(),
                    &mem,
                )
                .unwrap_err();
            assert!(matches!(e.kind, FaultKind::Deadlock { .. }), "{v} {cl:?}: {e}");
        }
    }
}

/// Lanes that return before `cluster.sync()` release the barrier for themselves (PTX ISA,
/// `exit`): lane 0 of each warp, the only one left, passes it. It faulted as a deadlock ("3 of
/// 96 threads of the block can ever arrive"): the returned lanes waited for lane 0 where their
/// paths join, and lane 0 at the barrier for them. (-O3 only: in a -G build the barrier is in a
/// called function, and lanes waiting in the caller's frame do not run while a call of their
/// warp is open; that build still faults as a deadlock.)
#[test]
fn lanes_that_return_early_release_the_cluster_barrier() {
    for v in ["O3"] {
        let p = load(v);
        let mem = DeviceMemory::new();
        for (grid, cl) in [(4u32, Some(Dim3::x(2))), (4, Some(Dim3::x(4))), (2, None)] {
            let warps = 3u32;
            let out = upload(&mem, &vec![0; (grid * warps) as usize]);
            let mut params = Params::new();
            params.ptr(out);
            p.launch_with(
                "cluster_sync_after_return",
                LaunchConfig { grid: Dim3::x(grid), block: Dim3::x(32 * warps), dynamic_shared: 0, opts: opts(cl) },
                params.bytes(),
                &mem,
            )
            .unwrap_or_else(|f| panic!("{v} cluster {cl:?}: {f}"));
            let n = cl.map_or(1, |c| c.x);
            let want: Vec<u32> =
                (0..grid).flat_map(|b| (0..warps).map(move |_| b - b % n + (b % n + 1) % n + 10)).collect();
            assert_eq!(download_u32(&mem, out, (grid * warps) as usize), want, "{v} cluster {cl:?}");
        }
    }
}
