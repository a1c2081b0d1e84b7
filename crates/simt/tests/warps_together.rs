//! The warps of a block appear to run concurrently (tests/kernels/warps_together.cu, -O3 and
//! -G): every thread of a block reads a module variable and one thread then overwrites it, with
//! no barrier in between. A race by the letter of CUDA's memory model, but on every GPU the
//! block's warps start together, so every thread reads the old value, whichever warp the
//! writer is in. Runs on every engine and several block shapes.

use simt::{DeviceMemory, Dim3, Engine, Program};

use common::{download, kernel_source, program};

mod common;

fn programs() -> Vec<(String, Program)> {
    let mut out = common::fixture_on_engines("warps_together.sm_80");
    // The default engine too: it picks a tier per kernel.
    for v in ["O3", "G"] {
        out.push((format!("{v}/Jit"), program(&kernel_source(&format!("warps_together.sm_80.{v}.ptx")), Engine::Jit)));
    }
    out
}

/// Block shapes with one warp, several, partial last warps, 2D and 3D.
const SHAPES: [(u32, u32, u32); 6] = [(32, 1, 1), (256, 1, 1), (96, 1, 1), (100, 1, 1), (16, 16, 1), (8, 4, 8)];

#[test]
fn every_thread_reads_the_value_from_before_the_writers_store() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        let counter = p.global_address("g_counter", &mem).unwrap();
        for (x, y, z) in SHAPES {
            let n = (x * y * z) as usize;
            // The writer first, last, and in a middle warp.
            for writer in [0, n - 1, n / 2] {
                let start = 41 + writer as i32;
                mem.write(counter, &start.to_le_bytes()).unwrap();
                let out = mem.alloc(n as u64 * 4).unwrap();
                mem.write(out, &vec![0xee; n * 4]).unwrap();
                let mut params = out.0.to_le_bytes().to_vec();
                params.extend((writer as i32).to_le_bytes());
                p.launch("read_then_bump", Dim3::x(1), Dim3 { x, y, z }, 0, &params, &mem)
                    .unwrap_or_else(|f| panic!("{v}: {f}"));
                let got = download::<i32>(&mem, out, n);
                let stale: Vec<usize> = (0..n).filter(|&t| got[t] != start).collect();
                assert!(
                    stale.is_empty(),
                    "{v} block {x}x{y}x{z}, writer {writer}: threads {stale:?} read {:?}, not {start}",
                    stale.iter().map(|&t| got[t]).take(4).collect::<Vec<_>>()
                );
                assert_eq!(download::<i32>(&mem, counter, 1)[0], start + 1, "{v} {x}x{y}x{z} writer {writer}");
                mem.free(out).unwrap();
            }
        }
    }
}

#[test]
fn a_module_array_element_read_by_all_and_written_by_one() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        let table = p.global_address("g_table", &mem).unwrap();
        for slot in 0..4i32 {
            let init: Vec<u8> = (0..4i32).flat_map(|k| (k * 10 + 3).to_le_bytes()).collect();
            mem.write(table, &init).unwrap();
            let n = 192usize;
            let out = mem.alloc(n as u64 * 4).unwrap();
            let mut params = out.0.to_le_bytes().to_vec();
            params.extend(slot.to_le_bytes());
            params.extend(150i32.to_le_bytes());
            p.launch("read_then_bump_table", Dim3::x(1), Dim3 { x: 64, y: 3, z: 1 }, 0, &params, &mem)
                .unwrap_or_else(|f| panic!("{v}: {f}"));
            let old = slot * 10 + 3;
            let got = download::<i32>(&mem, out, n);
            assert!(got.iter().all(|&g| g == old * 2), "{v} slot {slot}: {got:?}");
            let t = download::<i32>(&mem, table, 4);
            assert_eq!(t[slot as usize], old + 100, "{v} slot {slot}");
            mem.free(out).unwrap();
        }
    }
}

#[test]
fn a_pointer_parameter_read_by_all_and_written_by_one() {
    let mem = DeviceMemory::new();
    for (v, p) in programs() {
        for (x, y) in [(256, 1), (16, 16), (48, 2)] {
            let n = (x * y) as usize;
            for writer in [0, n - 1] {
                // data[0]: the shared value; data[1..]: each thread's own element.
                let data: Vec<i32> = std::iter::once(5).chain((0..n as i32).map(|t| t - 40)).collect();
                let dp = mem.alloc(4 * (n as u64 + 1)).unwrap();
                mem.write(dp, &data.iter().flat_map(|d| d.to_le_bytes()).collect::<Vec<_>>()).unwrap();
                let out = mem.alloc(n as u64 * 4).unwrap();
                let mut params = dp.0.to_le_bytes().to_vec();
                params.extend(out.0.to_le_bytes());
                params.extend((writer as i32).to_le_bytes());
                p.launch("read_then_bump_pointer", Dim3::x(1), Dim3 { x, y, z: 1 }, 0, &params, &mem)
                    .unwrap_or_else(|f| panic!("{v}: {f}"));
                let got = download::<i32>(&mem, out, n);
                assert!(got.iter().all(|&g| g == 5), "{v} {x}x{y} writer {writer}: {got:?}");
                let after = download::<i32>(&mem, dp, n + 1);
                assert_eq!(after[0], 12, "{v}");
                for t in 0..n {
                    assert_eq!(after[1 + t], data[1 + t] * 3, "{v} element {t}");
                }
                mem.free(out).unwrap();
                mem.free(dp).unwrap();
            }
        }
    }
}

/// Kernels without such a race keep their compiled tiers: the analysis flags only the racing
/// kernels of the fixture.
#[test]
fn only_racing_kernels_leave_the_compiled_tiers() {
    let path = format!("{}/tests/kernels/kernels.sm_80.O3.ptx", env!("CARGO_MANIFEST_DIR"));
    let mut p = Program::from_ptx(&std::fs::read_to_string(path).unwrap()).unwrap();
    p.set_engine(Engine::JitAll);
    let interleaved: Vec<String> = p
        .kernels()
        .into_iter()
        .filter(|k| p.jit_fallback_reason(k).is_some_and(|r| r.contains("interleaved")))
        .collect();
    assert!(interleaved.is_empty(), "race-free kernels sent to the interpreter: {interleaved:?}");
    for (v, p) in programs() {
        for k in ["read_then_bump", "read_then_bump_table", "read_then_bump_pointer"] {
            let why = p.jit_fallback_reason(k).unwrap_or_default();
            assert!(why.contains("interleaved"), "{v} {k}: {why}");
        }
        let why = p.jit_fallback_reason("read_sync_then_bump").unwrap_or_default();
        assert!(!why.contains("interleaved"), "{v}: a barrier orders the accesses: {why}");
    }
}

/// The same race where the reading instruction is an asynchronous copy (`cp.async`,
/// `cp.async.bulk`) or the writing one a 128-bit or vector atomic whose old value is kept
/// (tests/kernels/warps_together_async.cu): every thread still reads the value from before
/// the writer's update, on every engine and in 1D and 2D blocks, as on an H200.
#[test]
fn asynchronous_copies_and_wide_atomics_read_and_written_without_a_barrier() {
    let mem = DeviceMemory::new();
    let mut programs = common::fixture_on_engines("warps_together_async.sm_90");
    for v in ["O3", "G"] {
        let src = kernel_source(&format!("warps_together_async.sm_90.{v}.ptx"));
        programs.push((format!("{v}/Jit"), program(&src, Engine::Jit)));
    }
    // Each kernel: what it leaves in `p[0..2]` from {5, 6} and writes after the threads'
    // values (the writer's old value from its atomic; nothing: 0xeeeeeeee).
    let int = |x: i32| x as u32;
    let float = |x: f32| x.to_bits();
    let kernels = [
        ("cp_async_read_then_bump", int(5), [int(12), int(6), 0xeeee_eeee]),
        ("bulk_read_then_bump", int(5), [int(12), int(6), 0xeeee_eeee]),
        ("atom128_read_then_bump", int(5), [int(12), int(0), int(5)]),
        ("atom_v2_read_then_bump", float(5.0), [float(17.0), float(7.0), float(11.0)]),
    ];
    for (name, p) in &programs {
        for (kernel, old, [p0, p1, extra]) in kernels {
            for (x, y) in [(256, 1), (16, 16)] {
                let n = (x * y) as usize;
                for writer in [0, n - 1, n / 2] {
                    // p[i] = old + i, as ints or floats.
                    let init: Vec<u8> = (0..16)
                        .flat_map(|i| {
                            if kernel.starts_with("atom_v2") { float(5.0 + i as f32) } else { int(5 + i) }.to_le_bytes()
                        })
                        .collect();
                    let dp = mem.alloc(64).unwrap();
                    mem.write(dp, &init).unwrap();
                    let out = mem.alloc(4 * (n as u64 + 1)).unwrap();
                    mem.write(out, &vec![0xee; 4 * (n + 1)]).unwrap();
                    let mut params = dp.0.to_le_bytes().to_vec();
                    params.extend(out.0.to_le_bytes());
                    params.extend((writer as i32).to_le_bytes());
                    p.launch(kernel, Dim3::x(1), Dim3 { x, y, z: 1 }, 0, &params, &mem)
                        .unwrap_or_else(|f| panic!("{name} {kernel}: {f}"));
                    let got = download::<u32>(&mem, out, n + 1);
                    let stale: Vec<usize> = (0..n).filter(|&t| got[t] != old).collect();
                    assert!(
                        stale.is_empty(),
                        "{name} {kernel} {x}x{y} writer {writer}: threads {stale:?} read a new value"
                    );
                    assert_eq!(got[n], extra, "{name} {kernel} {x}x{y} writer {writer}");
                    let after = download::<u32>(&mem, dp, 2);
                    assert_eq!(after, [p0, p1], "{name} {kernel}");
                    mem.free(out).unwrap();
                    mem.free(dp).unwrap();
                }
            }
        }
    }
}
