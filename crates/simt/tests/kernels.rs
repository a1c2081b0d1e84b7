//! Runs nvcc-built kernels (tests/kernels/kernels.cu, -O3 and -G) on random inputs and
//! compares with CPU references.

use simt::{DeviceMemory, Dim3, Engine, FaultKind, Params, Program};

mod common;

use common::{Rng, download, upload};

/// Every test runs on every engine: the per-thread JIT tier (falling back to the interpreter
/// for kernels it does not compile), with the `/warp` suffix the warp tier (warps moving to
/// the interpreter where it does not compile), and with `/interp` the interpreter alone.
const VARIANTS: [&str; 6] = ["O3", "G", "O3/warp", "G/warp", "O3/interp", "G/interp"];

fn load(variant: &str) -> Program {
    let (variant, engine) = if let Some(v) = variant.strip_suffix("/interp") {
        (v, Engine::Interp)
    } else if let Some(v) = variant.strip_suffix("/warp") {
        (v, Engine::Warp)
    } else {
        (variant, Engine::JitAll)
    };
    let path = format!("{}/tests/kernels/kernels.sm_80.{variant}.ptx", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap();
    let (p, errors) = {
        let parsed = ptx::parse(&src);
        assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
        Program::load_partial(&parsed.module, Some(&src))
    };
    assert!(errors.is_empty(), "{variant}: {}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"));
    let mut p = p;
    p.set_engine(engine);
    p
}

#[test]
fn vector_add() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(1);
        let n = 10_000 + rng.i32(0, 1000) as usize;
        let a: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let b: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let dc = mem.alloc(4 * n as u64).unwrap();
        let params = Params::new().ptr(da).ptr(db).ptr(dc).i32(n as i32).clone();
        let blocks = (n as u32).div_ceil(256);
        p.launch("vector_add", Dim3::x(blocks), Dim3::x(256), 0, params.bytes(), &mem).unwrap();
        let c: Vec<f32> = download(&mem, dc, n);
        for i in 0..n {
            assert_eq!(c[i].to_bits(), (a[i] + b[i]).to_bits(), "{v} i={i}");
        }
    }
}

#[test]
fn saxpy() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(2);
        let n = 5000;
        let x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let a = rng.f32() * 3.0;
        let (dx, dy) = (upload(&mem, &x), upload(&mem, &y));
        let params = Params::new().i32(n as i32).f32(a).ptr(dx).ptr(dy).clone();
        p.launch("saxpy", Dim3::x(7), Dim3::x(128), 0, params.bytes(), &mem).unwrap();
        let out: Vec<f32> = download(&mem, dy, n);
        for i in 0..n {
            // -O3 contracts to fma; -G keeps mul then add.
            let want = if v.starts_with("O3") { a.mul_add(x[i], y[i]) } else { a * x[i] + y[i] };
            assert_eq!(out[i].to_bits(), want.to_bits(), "{v} i={i}");
        }
    }
}

#[test]
fn reduction_shared() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(3);
        let n = 100_000usize;
        let input: Vec<i32> = (0..n).map(|_| rng.i32(-1000, 1000)).collect();
        let din = upload(&mem, &input);
        let threads = 256u32;
        let blocks = (n as u32).div_ceil(threads * 2);
        let dout = mem.alloc(4 * u64::from(blocks)).unwrap();
        let params = Params::new().ptr(din).ptr(dout).i32(n as i32).clone();
        p.launch("reduce_sum", Dim3::x(blocks), Dim3::x(threads), threads * 4, params.bytes(), &mem).unwrap();
        let partial: Vec<i32> = download(&mem, dout, blocks as usize);
        for (b, got) in partial.iter().enumerate() {
            let lo = b * 512;
            let want: i32 = input[lo..(lo + 512).min(n)].iter().sum();
            assert_eq!(*got, want, "{v} block {b}");
        }
    }
}

#[test]
fn tiled_matmul() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(4);
        let (m, n, k) = (37usize, 45usize, 29usize);
        let a: Vec<f32> = (0..m * k).map(|_| rng.f32()).collect();
        let b: Vec<f32> = (0..k * n).map(|_| rng.f32()).collect();
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let dc = mem.alloc(4 * (m * n) as u64).unwrap();
        let params = Params::new().ptr(da).ptr(db).ptr(dc).i32(m as i32).i32(n as i32).i32(k as i32).clone();
        let grid = Dim3::new((n as u32).div_ceil(16), (m as u32).div_ceil(16), 1);
        p.launch("matmul_tiled", grid, Dim3::new(16, 16, 1), 0, params.bytes(), &mem).unwrap();
        let c: Vec<f32> = download(&mem, dc, m * n);
        for i in 0..m {
            for j in 0..n {
                // Same order of operations as the kernel: fma over k, with zero padding.
                let mut acc = 0.0f32;
                for t in 0..k.div_ceil(16) * 16 {
                    let (x, y) = if t < k { (a[i * k + t], b[t * n + j]) } else { (0.0, 0.0) };
                    acc = x.mul_add(y, acc);
                }
                let got = c[i * n + j];
                assert!((got - acc).abs() <= 1e-5 * acc.abs().max(1.0), "{v} ({i},{j}) {got} vs {acc}");
            }
        }
    }
}

#[test]
fn histogram_atomics_many_blocks() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(5);
        let n = 200_000usize;
        let data: Vec<u8> = (0..n).map(|_| (rng.next() % 256) as u8).collect();
        let dd = upload(&mem, &data);
        let bins = mem.alloc(256 * 4).unwrap();
        let params = Params::new().ptr(dd).i32(n as i32).ptr(bins).clone();
        let mut prog = p;
        prog.set_workers(4);
        prog.launch("histogram", Dim3::x(64), Dim3::x(128), 0, params.bytes(), &mem).unwrap();
        let got: Vec<u32> = download(&mem, bins, 256);
        let mut want = vec![0u32; 256];
        for &d in &data {
            want[d as usize] += 1;
        }
        assert_eq!(got, want, "{v}");

        // Global atomics only, heavily contended across blocks.
        let vals: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let dv = upload(&mem, &vals);
        let nb = 7;
        let gb = mem.alloc(4 * nb).unwrap();
        let params = Params::new().ptr(dv).i32(n as i32).ptr(gb).i32(nb as i32).clone();
        prog.launch("histogram_global", Dim3::x((n as u32).div_ceil(256)), Dim3::x(256), 0, params.bytes(), &mem)
            .unwrap();
        let got: Vec<u32> = download(&mem, gb, nb as usize);
        let mut want = vec![0u32; nb as usize];
        for &x in &vals {
            want[(x % nb as u32) as usize] += 1;
        }
        assert_eq!(got, want, "{v} global");
    }
}

#[test]
fn warp_shuffle_reduce() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(6);
        let n = 4096usize;
        let input: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * (n / 32) as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).i32(n as i32).clone();
        p.launch("warp_reduce", Dim3::x((n / 256) as u32), Dim3::x(256), 0, params.bytes(), &mem).unwrap();
        let got: Vec<f32> = download(&mem, dout, n / 32);
        for w in 0..n / 32 {
            // Tree order of __shfl_down_sync.
            let mut vals: Vec<f32> = input[w * 32..w * 32 + 32].to_vec();
            for off in [16, 8, 4, 2, 1] {
                let prev = vals.clone();
                for l in 0..32 {
                    let src = if l + off < 32 { prev[l + off] } else { prev[l] };
                    vals[l] = prev[l] + src;
                }
            }
            assert_eq!(got[w].to_bits(), vals[0].to_bits(), "{v} warp {w}");
        }
    }
}

#[test]
fn warp_ops_shfl_vote() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(7);
        let t = 64usize;
        let input: Vec<i32> = (0..t).map(|_| rng.i32(-100, 100)).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * 7 * t as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("warp_ops", Dim3::x(1), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let got: Vec<i32> = download(&mem, dout, 7 * t);
        for i in 0..t {
            let (w, lane) = (i / 32 * 32, i % 32);
            let at = |l: usize| input[w + l];
            let up = if lane >= 3 { at(lane - 3) } else { at(lane) };
            let x = at(lane ^ 5);
            let idx = at((lane * 7) & 31);
            let seg = if (lane % 8) + 2 < 8 { at(lane + 2) } else { at(lane) };
            let ballot = (0..32).filter(|&l| at(l) & 1 != 0).fold(0u32, |m, l| m | 1 << l);
            let all = (0..32).all(|l| at(l) > -1_000_000) as i32;
            let any = (0..32).any(|l| at(l) == 12345) as i32;
            let want = [up, x, idx, seg, ballot as i32, all, any];
            assert_eq!(&got[i * 7..i * 7 + 7], &want, "{v} thread {i}");
        }
    }
}

fn divergence_ref(t: usize, v: i32) -> i32 {
    let lane = (t & 31) as i32;
    let mut acc: i32;
    if lane & 1 != 0 {
        acc = if lane & 2 != 0 { v.wrapping_mul(3) } else { v - 7 };
        if lane > 20 {
            acc ^= 0x55;
        }
    } else if lane < 8 {
        acc = v + 100;
    } else if lane < 16 {
        acc = -v;
    } else {
        acc = v << 2;
    }
    let mut k = 0;
    while k < lane + (v & 7) {
        if k == 13 {
            k += 1;
            continue;
        }
        if k * lane > 300 {
            break;
        }
        acc = acc.wrapping_add(k ^ v);
        k += 1;
    }
    let mut w = 0;
    loop {
        w += 1;
        if w > (v & 15) {
            break;
        }
        if (w & 3) == 1 {
            continue;
        }
        acc = acc.wrapping_add(w);
    }
    if lane >= 16 {
        return acc.wrapping_add(w);
    }
    acc.wrapping_mul(5)
}

#[test]
fn divergence_torture() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(8);
        let t = 96usize;
        let input: Vec<i32> = (0..t).map(|_| rng.i32(-50, 50)).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * t as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("divergence", Dim3::x(1), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let got: Vec<i32> = download(&mem, dout, t);
        for i in 0..t {
            assert_eq!(got[i], divergence_ref(i, input[i]), "{v} thread {i} input {}", input[i]);
        }
    }
}

#[test]
fn barrier_deadlock_faults() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 64).unwrap();
        let params = Params::new().ptr(out).clone();
        // Warp 0 waits for 64 threads at barrier 1; warp 1 exits (exited threads do not count
        // toward an explicit thread count).
        let f = p.launch("deadlock", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert!(matches!(f.kind, FaultKind::Deadlock { barrier: 1, arrived: 32, expected: 64 }), "{v}: {f}");
        assert_eq!(f.kernel, "deadlock");
        assert!(f.instruction.contains("bar"), "{v}: {f}");
        assert!(f.line > 0, "{v}: {f}");
        let s = f.to_string();
        assert!(s.contains("barrier 1") && s.contains("32 of 64") && s.contains("block (0,0,0)"), "{s}");
        // Two warps wait at different barriers, each for both warps.
        let f = p.launch("deadlock_two_barriers", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem).unwrap_err();
        assert!(matches!(f.kind, FaultKind::Deadlock { barrier: 1 | 2, arrived: 32, expected: 64 }), "{v}: {f}");
    }
}

#[test]
fn early_return_before_syncthreads() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(77);
        for n in [1000usize, 37, 256, 300] {
            let input: Vec<i32> = (0..n).map(|_| rng.i32(-1000, 1000)).collect();
            let din = upload(&mem, &input);
            let dout = mem.alloc(4 * n as u64).unwrap();
            let params = Params::new().ptr(din).ptr(dout).i32(n as i32).clone();
            let blocks = (n as u32).div_ceil(256);
            p.launch("early_return_sync", Dim3::x(blocks), Dim3::x(256), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v}: {f}"));
            let out: Vec<i32> = download(&mem, dout, n);
            for i in 0..n {
                let t = i % 256;
                let j = if t + 1 < 256 && i + 1 < n { i + 1 } else { i };
                assert_eq!(out[i], input[i] + input[j], "{v} n={n} i={i}");
            }
        }
    }
}

#[test]
fn early_exit_then_a_uniform_loop() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(91);
        // Partial warps: the lanes outside [start, n), low lanes among them, wait to exit
        // while the others loop.
        for (start, n, reps) in [(5usize, 45usize, 7i32), (0, 64, 3), (40, 100, 20), (31, 33, 1)] {
            let w: Vec<i32> = (0..reps).map(|_| rng.i32(-50, 50)).collect();
            let dw = upload(&mem, &w);
            let dout = upload(&mem, &vec![-1i32; 128]);
            let params = Params::new().ptr(dw).ptr(dout).i32(start as i32).i32(n as i32).i32(reps).clone();
            p.launch("early_exit_uniform_loop", Dim3::x(2), Dim3::x(64), 0, params.bytes(), &mem)
                .unwrap_or_else(|f| panic!("{v}: {f}"));
            let out: Vec<i32> = download(&mem, dout, 128);
            for (i, &got) in out.iter().enumerate() {
                let inside = (start..n).contains(&i);
                let want = if inside { (0..reps).map(|k| w[k as usize] * (i as i32 + k)).sum() } else { -1 };
                assert_eq!(got, want, "{v} start={start} n={n} reps={reps} i={i}");
            }
        }
    }
}

#[test]
fn out_of_bounds_store_faults() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 256).unwrap();
        let params = Params::new().ptr(out).i32(200).clone();
        let f = p.launch("oob_store", Dim3::x(1), Dim3::x(256), 0, params.bytes(), &mem).unwrap_err();
        assert!(matches!(f.kind, FaultKind::Memory(simt::MemError::OutOfBounds { .. })), "{v}: {f}");
        assert_eq!(f.kernel, "oob_store");
        assert_eq!(f.block, [0, 0, 0]);
        assert_eq!(f.thread, [56, 0, 0], "{v}: {f}");
        assert!(f.instruction.starts_with("st."), "{v}: {f}");
        assert!(f.line > 0);
        if v.starts_with("G") {
            let (file, line) = f.source.clone().expect("-G PTX has .loc");
            assert!(file.ends_with("kernels.cu"), "{file}");
            assert!(line > 100, "{line}");
        }
        // The other elements of the launch were stopped cleanly; memory is still usable.
        let mut b = [0u8; 4];
        mem.read(out, &mut b).unwrap();
    }
}

/// A warp's consecutive accesses ending exactly at the end of an allocation pass; one
/// element further, the last lane faults (the warp tier checks consecutive addresses by
/// their first and last lane).
#[test]
fn consecutive_accesses_bounds_are_exact() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let out = mem.alloc(4 * 256).unwrap();
        for (n, faults) in [(224, false), (225, true)] {
            let params = Params::new().ptr(out).i32(n).clone();
            let r = p.launch("oob_store", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem);
            match r {
                Ok(_) => {
                    assert!(!faults, "{v} n={n}: no fault");
                    let got: Vec<i32> = download(&mem, out, 256);
                    assert_eq!(&got[224..], &(0..32).collect::<Vec<i32>>()[..], "{v}");
                }
                Err(f) => {
                    assert!(faults, "{v} n={n}: {f}");
                    assert_eq!(f.thread, [31, 0, 0], "{v}: {f}");
                }
            }
        }
    }
}

/// Unrolled shared-memory reads along a tile's rows and columns and an unrolled global
/// window, on 2D blocks of several shapes (rows of 32, 16, 8 and 4 lanes, and 6-lane rows
/// that straddle groups of four): the warp tier matches those address registers against the
/// block's shape; results must be exact, and a window one element past the allocation must
/// fault at the block's last thread.
#[test]
fn tile_rows_and_columns_match_the_block_shape() {
    for v in VARIANTS {
        let p = load(v);
        for (w, h) in [(16usize, 16usize), (8, 8), (32, 8), (4, 4), (6, 6), (16, 4)] {
            let mem = DeviceMemory::new();
            let mut rng = Rng::new(31 + w as u64);
            let n = w * h + 8;
            let input: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
            let din = upload(&mem, &input);
            let dout = mem.alloc(4 * (w * h) as u64).unwrap();
            // The last thread's last window element is at `n - 1` exactly.
            let last = (n - (w * h + 3)) as i32;
            for (off, faults) in [(last, false), (last + 1, true), (0, false)] {
                let params = Params::new().ptr(din).ptr(dout).i32(w as i32).i32(off).clone();
                let r = p.launch("tile_rows", Dim3::x(1), Dim3::new(w as u32, h as u32, 1), 0, params.bytes(), &mem);
                match r {
                    Ok(_) => {
                        assert!(!faults, "{v} {w}x{h} off={off}: no fault");
                        let got: Vec<f32> = download(&mem, dout, w * h);
                        for ty in 0..h {
                            for tx in 0..w {
                                // Rows beyond the block's height read shared memory no thread
                                // wrote: only threads whose tile reads stay inside are checked.
                                if h < 4 || w < 4 || (h < w && tx >= h) {
                                    continue;
                                }
                                let t = |r: usize, c: usize| input[r * w + c];
                                let mut acc = 0.0f32;
                                for k in 0..4 {
                                    // -O3 contracts the product and sum into an fma; -G does not.
                                    acc = if v.starts_with("O3") {
                                        t(ty, k).mul_add(t(k, tx), acc)
                                    } else {
                                        acc + t(ty, k) * t(k, tx)
                                    };
                                }
                                let g = off as usize + ty * w + tx;
                                for k in 0..4 {
                                    acc += input[g + k];
                                }
                                assert_eq!(
                                    got[ty * w + tx].to_bits(),
                                    acc.to_bits(),
                                    "{v} {w}x{h} off={off} ({tx},{ty})"
                                );
                            }
                        }
                    }
                    Err(f) => {
                        assert!(faults, "{v} {w}x{h} off={off}: {f}");
                        assert_eq!(f.thread, [w as u32 - 1, h as u32 - 1, 0], "{v} {w}x{h}: {f}");
                    }
                }
            }
        }
    }
}

/// Consecutive signed bytes and unsigned halves, sign- and zero-extended; reading one element
/// past either array faults at the last thread. Two warps: the second one finds the access
/// sites' allocations cached (the warp tier's vector path).
#[test]
fn narrow_consecutive_loads_extend_and_fault_exactly() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let a: Vec<i8> = (0..96).map(|i| (i * 37 % 256) as u8 as i8).collect();
        let b: Vec<u16> = (0..96).map(|i| (i as u16).wrapping_mul(40_503)).collect();
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let out = mem.alloc(4 * 64).unwrap();
        for (off, faults) in [(0, false), (32, false), (33, true)] {
            let params = Params::new().ptr(da).ptr(db).ptr(out).i32(off).clone();
            match p.launch("narrow_loads", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem) {
                Ok(_) => {
                    assert!(!faults, "{v} off={off}: no fault");
                    let got: Vec<i32> = download(&mem, out, 64);
                    for (i, &g) in got.iter().enumerate() {
                        let j = i + off as usize;
                        let want = i32::from(a[j]).wrapping_mul(65536).wrapping_add(i32::from(b[j]));
                        assert_eq!(g, want, "{v} off={off} thread {i}");
                    }
                }
                Err(f) => {
                    assert!(faults, "{v} off={off}: {f}");
                    assert_eq!(f.thread, [63, 0, 0], "{v}: {f}");
                }
            }
        }
    }
}

/// A loop of vector loads every lane makes from the same address (the warp tier loads each
/// element once for the warp); an element that runs past the array faults at the first thread.
#[test]
fn warp_shared_vector_loads() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let n = 37usize;
        // One int more than `n` elements: element `n` starts in bounds and ends past them.
        let a: Vec<i32> = (0..4 * n as i32 + 1).map(|i| i.wrapping_mul(-1_640_531_535) >> 7).collect();
        let da = upload(&mem, &a);
        let out = mem.alloc(4 * 64).unwrap();
        let sum =
            a.chunks_exact(4).fold(0i32, |s, e| s.wrapping_add((e[0] ^ e[1]).wrapping_add(e[2].wrapping_mul(e[3]))));
        for (count, faults) in [(n, false), (n + 1, true)] {
            let params = Params::new().ptr(da).i32(count as i32).ptr(out).clone();
            match p.launch("shared_vec_loads", Dim3::x(1), Dim3::x(64), 0, params.bytes(), &mem) {
                Ok(_) => {
                    assert!(!faults, "{v} n={count}: no fault");
                    let got: Vec<i32> = download(&mem, out, 64);
                    for (i, &g) in got.iter().enumerate() {
                        assert_eq!(g, sum.wrapping_add(i as i32), "{v} thread {i}");
                    }
                }
                Err(f) => {
                    assert!(faults, "{v} n={count}: {f}");
                    assert_eq!(f.thread, [0, 0, 0], "{v}: {f}");
                }
            }
        }
    }
}

#[test]
fn device_function_calls() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(9);
        let t = 64usize;
        let input: Vec<f32> = (0..t).map(|_| rng.f32()).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * t as u64).unwrap();
        let iout = mem.alloc(4 * t as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).ptr(iout).clone();
        p.launch("calls", Dim3::x(1), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let got: Vec<f32> = download(&mem, dout, t);
        let igot: Vec<i32> = download(&mem, iout, t);
        for i in 0..t {
            let x = input[i];
            let want = 2.0f32 * x * x + 1.0;
            assert!((got[i] - want).abs() <= 1e-6, "{v} {i}: {} vs {want}", got[i]);
            let fact: i32 = (1..=(i % 10) as i32).product();
            assert_eq!(igot[i], fact, "{v} {i}");
        }
    }
}

#[test]
fn constant_and_device_globals() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(10);
        let t = 32usize;
        let input: Vec<f32> = (0..t).map(|_| rng.f32()).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * t as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("const_globals", Dim3::x(3), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let got: Vec<f32> = download(&mem, dout, t);
        for i in 0..t {
            let x = input[i];
            let want = 1.0 + x * (2.0 + x * (3.0 + x * 4.0));
            assert!((got[i] - want).abs() <= 1e-5, "{v} {i}");
        }
        let counter = p.global_address("counter", &mem).unwrap();
        let c: Vec<i32> = download(&mem, counter, 1);
        assert_eq!(c[0], 7 + 3, "{v}");
    }
}

#[test]
fn local_arrays() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(11);
        let t = 64usize;
        let input: Vec<i32> = (0..t).map(|_| rng.i32(-1000, 1000)).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * t as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("local_array", Dim3::x(1), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let got: Vec<i32> = download(&mem, dout, t);
        for i in 0..t {
            let a: Vec<i32> = (0..16).map(|k| input[i] * k).collect();
            let want: i32 = (0..16).map(|k| a[(k * 5 + i) & 15]).sum();
            assert_eq!(got[i], want, "{v} {i}");
        }
    }
}

#[test]
fn block_scan_and_stencil() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(12);
        let (blocks, t) = (5usize, 256usize);
        let input: Vec<i32> = (0..blocks * t).map(|_| rng.i32(-100, 100)).collect();
        let din = upload(&mem, &input);
        let dout = mem.alloc(4 * (blocks * t) as u64).unwrap();
        let params = Params::new().ptr(din).ptr(dout).clone();
        p.launch("scan_block", Dim3::x(blocks as u32), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let got: Vec<i32> = download(&mem, dout, blocks * t);
        for b in 0..blocks {
            let mut s = 0;
            for i in 0..t {
                s += input[b * t + i];
                assert_eq!(got[b * t + i], s, "{v} scan {b} {i}");
            }
        }

        let n = 1000usize;
        let x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let dx = upload(&mem, &x);
        let dy = mem.alloc(4 * n as u64).unwrap();
        let params = Params::new().ptr(dx).ptr(dy).i32(n as i32).clone();
        p.launch("stencil", Dim3::x((n as u32).div_ceil(256)), Dim3::x(256), 0, params.bytes(), &mem).unwrap();
        let got: Vec<f32> = download(&mem, dy, n);
        for i in 0..n {
            let l = if i > 0 { x[i - 1] } else { 0.0 };
            let r = if i + 1 < n { x[i + 1] } else { 0.0 };
            let want = 0.25f32.mul_add(r, 0.25f32.mul_add(l, 0.5 * x[i]));
            assert!((got[i] - want).abs() <= 1e-6, "{v} stencil {i}: {} vs {want}", got[i]);
        }
    }
}

#[test]
fn conversions() {
    for v in VARIANTS {
        let p = load(v);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(13);
        let t = 64usize;
        let mut f: Vec<f32> = (0..t).map(|_| rng.f32() * 1000.0).collect();
        f[0] = 2.5;
        f[1] = -3.5;
        f[2] = 1e20;
        f[3] = f32::NAN;
        f[4] = 70000.0;
        f[5] = 6.1e-5;
        let d: Vec<f64> = (0..t).map(|_| f64::from(rng.f32()) * 1e3).collect();
        let (df, dd) = (upload(&mem, &f), upload(&mem, &d));
        let oi = mem.alloc(16 * t as u64).unwrap();
        let of = mem.alloc(8 * t as u64).unwrap();
        let od = mem.alloc(16 * t as u64).unwrap();
        let oh = mem.alloc(2 * t as u64).unwrap();
        let params = Params::new().ptr(df).ptr(dd).ptr(oi).ptr(of).ptr(od).ptr(oh).clone();
        p.launch("conversions", Dim3::x(1), Dim3::x(t as u32), 0, params.bytes(), &mem).unwrap();
        let gi: Vec<i32> = download(&mem, oi, 4 * t);
        let gf: Vec<f32> = download(&mem, of, 2 * t);
        let gd: Vec<f64> = download(&mem, od, 2 * t);
        let gh: Vec<u16> = download(&mem, oh, t);
        for i in 0..t {
            let x = f[i];
            let y = d[i];
            assert_eq!(gi[i * 4], x as i32, "{v} {i} trunc");
            assert_eq!(gi[i * 4 + 1], x.round_ties_even() as i32, "{v} {i} rn");
            assert_eq!(gi[i * 4 + 2], x.floor() as i32, "{v} {i} floor");
            assert_eq!(gi[i * 4 + 3], (y as i32) as u8 as i32, "{v} {i} u8");
            assert_eq!(gf[i * 2].to_bits(), (y as f32).to_bits(), "{v} {i}");
            assert_eq!(gf[i * 2 + 1].to_bits(), ((y as i64) as f32).to_bits(), "{v} {i}");
            assert_eq!(gd[i * 2].to_bits(), (f64::from(x) * y).to_bits(), "{v} {i}");
            assert_eq!(gd[i * 2 + 1].to_bits(), y.abs().sqrt().to_bits(), "{v} {i}");
        }
        // f16 conversions (round to nearest even, overflow to infinity).
        assert_eq!(gh[0], 0x4100);
        assert_eq!(gh[1], 0xc300);
        assert_eq!(gh[2], 0x7c00);
        assert_eq!(gh[3] & 0x7c00, 0x7c00);
        assert_eq!(gh[4], 0x7c00);
        assert_eq!(gh[5], 0x03ff, "{v} 6.1e-5 (subnormal) -> {:#x}", gh[5]);
    }
}
