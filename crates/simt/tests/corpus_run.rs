//! Runs corpus kernels (tests/corpus/cu/*.cu, nvcc 13 PTX for sm_80, -O3 and -G) on fresh random
//! inputs and compares every output with a CPU reference written from the .cu source.
//!
//! Float inputs are small integers or dyadic fractions where an algorithm accumulates, so the
//! result is exact whether nvcc contracted `a * b + c` into an fma (-O3) or not (-G).

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::{Rng, download, upload};

const VARIANTS: [&str; 2] = ["sm_80.O3", "sm_80.G"];

/// One variant of a corpus program on one engine, named `v`, with the device memory its
/// launches use: what each check of a test runs against.
struct Run {
    v: String,
    p: Program,
    mem: DeviceMemory,
}

impl Run {
    /// Launches the kernel whose name contains `k` on `grid` blocks of `block` threads with
    /// `shared` bytes of dynamic shared memory; a fault fails the test, naming the variant and
    /// the kernel.
    fn launch(&self, k: &str, grid: impl Into<Dim3>, block: impl Into<Dim3>, shared: u32, params: &Params) {
        let name = kname(&self.p, k);
        let v = &self.v;
        self.p
            .launch(&name, grid.into(), block.into(), shared, params.bytes(), &self.mem)
            .unwrap_or_else(|f| panic!("{v} {k}: {f}"));
    }
}

/// Loads `stem` (e.g. `64_grid_stride`) in every variant.
fn programs(stem: &str) -> Vec<Run> {
    programs_in(stem, &VARIANTS)
}

/// Loads `stem` in the given variants (e.g. `sm_90.O3`), each three times: for the JIT tier
/// (which falls back to the interpreter for kernels it does not compile), named
/// `VARIANT/warp` for the warp tier, and named `VARIANT/interp` for the interpreter alone, so
/// every check runs on every engine.
fn programs_in(stem: &str, variants: &[&str]) -> Vec<Run> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/corpus/ptx");
    let mut out = Vec::new();
    for &v in variants {
        let path = format!("{dir}/{stem}.{v}.ptx");
        let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let parsed = ptx::parse(&src);
        for (suffix, engine) in [("", Engine::JitAll), ("/warp", Engine::Warp), ("/interp", Engine::Interp)] {
            let (mut p, _errors) = Program::load_partial(&parsed.module, Some(&src));
            p.set_engine(engine);
            out.push(Run { v: format!("{v}{suffix}"), p, mem: DeviceMemory::new() });
        }
    }
    out
}

/// The kernel whose (possibly mangled) name contains `part`.
fn kname(p: &Program, part: &str) -> String {
    let ks = p.kernels();
    ks.iter()
        .find(|k| k.as_str() == part)
        .or_else(|| ks.iter().find(|k| k.contains(part)))
        .unwrap_or_else(|| panic!("no kernel matching `{part}` in {ks:?}"))
        .clone()
}

#[track_caller]
fn check<T: PartialEq + std::fmt::Debug>(v: &str, k: &str, got: &[T], want: &[T]) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g, w, "{v} {k}: element {i}");
    }
}

#[track_caller]
fn check_f32(v: &str, k: &str, got: &[f32], want: &[f32]) {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.to_bits(), w.to_bits(), "{v} {k}: element {i}: {g} vs {w}");
    }
}

#[track_caller]
fn check_f64(v: &str, k: &str, got: &[f64], want: &[f64]) {
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert_eq!(g.to_bits(), w.to_bits(), "{v} {k}: element {i}: {g} vs {w}");
    }
}

// ---------------------------------------------------------------- 64_grid_stride (11 kernels)

#[test]
fn grid_stride_kernels() {
    for r in programs("64_grid_stride") {
        let mut rng = Rng::new(64);
        let n = 3000 + rng.i32(0, 500) as usize;
        axpy_cases(&r, &mut rng, n);
        elementwise_cases(&r, &mut rng, n);
        grid_shape_cases(&r, &mut rng);
        conversion_cases(&r, &mut rng, n);
    }
}

/// `saxpy` and `daxpy` over `n` elements (a fused multiply-add in the -O3 builds).
fn axpy_cases(r: &Run, rng: &mut Rng, n: usize) {
    let (v, mem) = (r.v.as_str(), &r.mem);
    // saxpy (grid-stride with a small grid).
    let x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
    let a = rng.f32() * 4.0;
    let (dx, dy) = (upload(mem, &x), upload(mem, &y));
    r.launch("saxpy", 3, 128, 0, Params::new().i32(n as i32).f32(a).ptr(dx).ptr(dy));
    let want: Vec<f32> = x
        .iter()
        .zip(&y)
        .map(|(&x, &y)| if v.split('/').next().unwrap_or(v).ends_with("O3") { a.mul_add(x, y) } else { a * x + y })
        .collect();
    check_f32(v, "saxpy", &download(mem, dy, n), &want);
    // daxpy
    let x: Vec<f64> = (0..n).map(|_| f64::from(rng.f32()) * 3.0).collect();
    let y: Vec<f64> = (0..n).map(|_| f64::from(rng.f32())).collect();
    let a = f64::from(rng.f32());
    let (dx, dy) = (upload(mem, &x), upload(mem, &y));
    r.launch("daxpy", 5, 64, 0, Params::new().u64(n as u64).f64(a).ptr(dx).ptr(dy));
    let want: Vec<f64> = x
        .iter()
        .zip(&y)
        .map(|(&x, &y)| if v.split('/').next().unwrap_or(v).ends_with("O3") { a.mul_add(x, y) } else { a * x + y })
        .collect();
    check_f64(v, "daxpy", &download(mem, dy, n), &want);
}

/// `vadd_i32` and `iota_fill` over `n` elements.
fn elementwise_cases(r: &Run, rng: &mut Rng, n: usize) {
    let (v, mem) = (r.v.as_str(), &r.mem);
    // vadd_i32
    let a: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
    let b: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
    let (da, db, dc) = (upload(mem, &a), upload(mem, &b), mem.alloc(4 * n as u64).unwrap());
    r.launch("vadd_i32", 4, 96, 0, Params::new().ptr(da).ptr(db).ptr(dc).u32(n as u32));
    let want: Vec<i32> = a.iter().zip(&b).map(|(x, y)| x.wrapping_add(*y)).collect();
    check(v, "vadd_i32", &download::<i32>(mem, dc, n), &want);
    // iota_fill
    let (o1, o2) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
    let (start, value) = (rng.i32(-5000, 5000), rng.i32(-9, 9));
    r.launch("iota_fill", 2, 256, 0, Params::new().ptr(o1).u64(n as u64).i32(start).ptr(o2).i32(value));
    check(v, "iota_fill", &download::<i32>(mem, o1, n), &(0..n).map(|i| start + i as i32).collect::<Vec<_>>());
    check(v, "iota_fill", &download::<i32>(mem, o2, n), &vec![value; n]);
}

/// `grid_2d` and `grid_3d`: indices from two- and three-dimensional grids and blocks.
fn grid_shape_cases(r: &Run, rng: &mut Rng) {
    let (v, mem) = (r.v.as_str(), &r.mem);
    // grid_2d
    let (w, h) = (77usize, 45usize);
    let img: Vec<f32> = (0..w * h).map(|_| rng.fint(-100, 100) / 8.0).collect();
    let gain = rng.fint(-4, 4) / 2.0;
    let di = upload(mem, &img);
    r.launch(
        "grid_2d",
        Dim3::new(2, 2, 1),
        Dim3::new(16, 8, 1),
        0,
        Params::new().ptr(di).i32(w as i32).i32(h as i32).f32(gain),
    );
    let want: Vec<f32> = (0..w * h).map(|i| img[i] * gain + ((i % w) ^ (i / w)) as f32).collect();
    check_f32(v, "grid_2d", &download(mem, di, w * h), &want);
    // grid_3d
    let (nx, ny, nz) = (19usize, 7usize, 5usize);
    let vol: Vec<f32> = (0..nx * ny * nz).map(|_| rng.fint(-50, 50)).collect();
    let dv = upload(mem, &vol);
    let (grid, block) = (Dim3::new(3, 2, 3), Dim3::new(8, 4, 2));
    r.launch("grid_3d", grid, block, 0, Params::new().ptr(dv).i32(nx as i32).i32(ny as i32).i32(nz as i32));
    let want: Vec<f32> = (0..nx * ny * nz)
        .map(|i| {
            let (x, y, z) = (i % nx, (i / nx) % ny, i / (nx * ny));
            (x + y * 10 + z * 100) as f32 + vol[i] * 6.0
        })
        .collect();
    check_f32(v, "grid_3d", &download(mem, dv, nx * ny * nz), &want);
}

/// `convert_elementwise` between float, integer and narrow types over `n` elements.
fn conversion_cases(r: &Run, rng: &mut Rng, n: usize) {
    let (v, mem) = (r.v.as_str(), &r.mem);
    // convert_elementwise<float, int>
    let fin: Vec<f32> = (0..n)
        .map(|i| match i % 7 {
            0 => f32::NAN,
            1 => 3e9,
            2 => -3e9,
            _ => rng.f32() * 1e5,
        })
        .collect();
    let (di, d_o) = (upload(mem, &fin), mem.alloc(8 * n as u64).unwrap());
    // Each conversion reads `di` and writes `d_o` (up to 8 bytes an element), 4 blocks of 128.
    let convert = |kernel: &str, di| r.launch(kernel, 4, 128, 0, Params::new().ptr(di).ptr(d_o).u64(n as u64));
    convert("convert_elementwiseIfi", di);
    check(v, "f2i", &download::<i32>(mem, d_o, n), &fin.iter().map(|&f| f as i32).collect::<Vec<_>>());
    // <int, double>
    let iin: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
    let di = upload(mem, &iin);
    convert("convert_elementwiseIid", di);
    check_f64(v, "i2d", &download(mem, d_o, n), &iin.iter().map(|&x| f64::from(x)).collect::<Vec<_>>());
    // <double, float>
    let din: Vec<f64> = (0..n).map(|_| f64::from_bits(rng.next() >> 2 | 0x3000_0000_0000_0000)).collect();
    let di = upload(mem, &din);
    convert("convert_elementwiseIdf", di);
    check_f32(v, "d2f", &download(mem, d_o, n), &din.iter().map(|&x| x as f32).collect::<Vec<_>>());
    // <unsigned char, float>
    let bin: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
    let di = upload(mem, &bin);
    convert("convert_elementwiseIhf", di);
    check_f32(v, "u8tof", &download(mem, d_o, n), &bin.iter().map(|&x| f32::from(x)).collect::<Vec<_>>());
    // <long long, short>
    let lin: Vec<i64> = (0..n).map(|_| rng.next() as i64).collect();
    let di = upload(mem, &lin);
    convert("convert_elementwiseIxs", di);
    check(v, "i64toi16", &download::<i16>(mem, d_o, n), &lin.iter().map(|&x| x as i16).collect::<Vec<_>>());
}

// ---------------------------------------------------------------- 31_tiled_matmul (6 kernels)

fn matmul_ref(m: usize, n: usize, k: usize, a: &[f32], b: &[f32]) -> Vec<f32> {
    let mut c = vec![0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            c[i * n + j] = (0..k).map(|kk| a[i * k + kk] * b[kk * n + j]).sum();
        }
    }
    c
}

#[test]
fn tiled_matmul_kernels() {
    for r in programs("31_tiled_matmul") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(31);
        let (m, n, k) = (45usize, 38usize, 53usize);
        let a: Vec<f32> = (0..m * k).map(|_| rng.fint(-8, 8)).collect();
        let b: Vec<f32> = (0..k * n).map(|_| rng.fint(-8, 8)).collect();
        let c0: Vec<f32> = (0..m * n).map(|_| rng.fint(-8, 8)).collect();
        let ab = matmul_ref(m, n, k, &a, &b);
        let (da, db) = (upload(mem, &a), upload(mem, &b));
        let (alpha, beta) = (2.0f32, 0.5f32);
        let want: Vec<f32> = ab.iter().zip(&c0).map(|(x, c)| alpha * x + beta * c).collect();
        for name in ["sgemm_naive", "sgemm_tiled"] {
            let dc = upload(mem, &c0);
            let grid = Dim3::new((n as u32).div_ceil(16), (m as u32).div_ceil(16), 1);
            let params = Params::new()
                .i32(m as i32)
                .i32(n as i32)
                .i32(k as i32)
                .f32(alpha)
                .ptr(da)
                .ptr(db)
                .f32(beta)
                .ptr(dc)
                .clone();
            r.launch(name, grid, Dim3::new(16, 16, 1), 0, &params);
            check_f32(v, name, &download(mem, dc, m * n), &want);
        }
        let dc = mem.alloc(4 * (m * n) as u64).unwrap();
        let grid = Dim3::new((n as u32).div_ceil(32), (m as u32).div_ceil(32), 1);
        r.launch(
            "sgemm_reg2x2",
            grid,
            Dim3::new(16, 16, 1),
            0,
            Params::new().i32(m as i32).i32(n as i32).i32(k as i32).ptr(da).ptr(db).ptr(dc),
        );
        check_f32(v, "sgemm_reg2x2", &download(mem, dc, m * n), &ab);
        // dgemm_tiled<T> for T = 8, 16, 32 (n a multiple of T: the kernel reads whole tiles).
        for t in [8u32, 16, 32] {
            let nn = 64usize;
            let a: Vec<f64> = (0..nn * nn).map(|_| f64::from(rng.fint(-16, 16)) / 4.0).collect();
            let b: Vec<f64> = (0..nn * nn).map(|_| f64::from(rng.fint(-16, 16)) / 4.0).collect();
            let (da, db, dc) = (upload(mem, &a), upload(mem, &b), mem.alloc(8 * (nn * nn) as u64).unwrap());
            let grid = Dim3::new(nn as u32 / t, nn as u32 / t, 1);
            let name = format!("dgemm_tiledILi{t}E");
            r.launch(&name, grid, Dim3::new(t, t, 1), 0, Params::new().i32(nn as i32).ptr(da).ptr(db).ptr(dc));
            let mut want = vec![0f64; nn * nn];
            for i in 0..nn {
                for j in 0..nn {
                    want[i * nn + j] = (0..nn).fold(0.0, |acc, kk| a[i * nn + kk].mul_add(b[kk * nn + j], acc));
                }
            }
            check_f64(v, &name, &download(mem, dc, nn * nn), &want);
        }
    }
}

// ---------------------------------------------------------------- 32_reduction (7 kernels)

#[test]
fn reduction_kernels() {
    for r in programs("32_reduction") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(32);
        let n = 20_000 + rng.i32(0, 3000) as usize;
        let input: Vec<i32> = (0..n).map(|_| rng.i32(-1000, 1000)).collect();
        let din = upload(mem, &input);
        // reduce0: one element per thread.
        let threads = 256u32;
        let blocks = (n as u32).div_ceil(threads);
        let dout = mem.alloc(4 * 1024).unwrap();
        r.launch("reduce0_interleaved", blocks, threads, threads * 4, Params::new().ptr(din).ptr(dout).u32(n as u32));
        let want: Vec<i32> = input.chunks(threads as usize).map(|c| c.iter().sum()).collect();
        check(v, "reduce0", &download::<i32>(mem, dout, blocks as usize), &want);
        // reduce2: two elements per thread.
        let blocks = (n as u32).div_ceil(threads * 2);
        r.launch("reduce2_sequential", blocks, threads, threads * 4, Params::new().ptr(din).ptr(dout).u32(n as u32));
        let want: Vec<i32> = input.chunks(threads as usize * 2).map(|c| c.iter().sum()).collect();
        check(v, "reduce2", &download::<i32>(mem, dout, blocks as usize), &want);
        // reduce6<bs>: grid-stride, block sums.
        for bs in [512u32, 256, 128, 64] {
            let grid = 7u32;
            let name = format!("reduce6ILj{bs}E");
            r.launch(&name, grid, bs, bs * 4, Params::new().ptr(din).ptr(dout).u32(n as u32));
            let mut want = vec![0i32; grid as usize];
            for (i, &x) in input.iter().enumerate() {
                want[(i / (bs as usize * 2)) % grid as usize] += x;
            }
            check(v, &name, &download::<i32>(mem, dout, grid as usize), &want);
        }
        // argmax with ties (small integer values).
        let f: Vec<f32> = (0..n).map(|_| rng.fint(-50, 50)).collect();
        let df = upload(mem, &f);
        let (dv, di) = (mem.alloc(4 * 8).unwrap(), mem.alloc(4 * 8).unwrap());
        let grid = 5u32;
        r.launch("argmax", grid, 256, 0, Params::new().ptr(df).ptr(dv).ptr(di).i32(n as i32));
        let (gv, gi) = (download::<f32>(mem, dv, grid as usize), download::<i32>(mem, di, grid as usize));
        for b in 0..grid as usize {
            // The block's best value, and the smallest index holding it among its elements.
            let idx: Vec<usize> = (0..n).filter(|i| (i / 256) % grid as usize == b).collect();
            let best = idx.iter().map(|&i| f[i]).fold(f32::NEG_INFINITY, f32::max);
            let first = idx.iter().copied().find(|&i| f[i] == best).unwrap();
            assert_eq!((gv[b], gi[b]), (best, first as i32), "{v} argmax block {b}");
        }
    }
}

// ---------------------------------------------------------------- 33_transpose (6 kernels)

#[test]
fn transpose_kernels() {
    for r in programs("33_transpose") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(33);
        for (w, h) in [(96usize, 64usize), (64, 64), (70, 45)] {
            let input: Vec<f32> = (0..w * h).map(|_| rng.f32()).collect();
            let di = upload(mem, &input);
            let mut want = vec![0f32; w * h];
            for y in 0..h {
                for x in 0..w {
                    want[x * h + y] = input[y * w + x];
                }
            }
            let grid = Dim3::new((w as u32).div_ceil(32), (h as u32).div_ceil(32), 1);
            let mut names = vec!["transpose_naive", "transpose_padded"];
            if w % 32 == 0 && h % 32 == 0 {
                names.push("transpose_diagonal");
            }
            for name in names {
                let d_o = mem.alloc(4 * (w * h) as u64).unwrap();
                r.launch(
                    name,
                    grid,
                    Dim3::new(32, 8, 1),
                    0,
                    Params::new().ptr(d_o).ptr(di).i32(w as i32).i32(h as i32),
                );
                check_f32(v, name, &download(mem, d_o, w * h), &want);
            }
        }
        // transpose_inplace<T> on an n x n matrix.
        let n = 37usize;
        let grid = Dim3::new(3, 3, 1);
        let block = Dim3::new(16, 16, 1);
        let tr = |m: &[u64], n: usize, per: usize| -> Vec<u64> {
            let mut out = m.to_vec();
            for y in 0..n {
                for x in 0..n {
                    for e in 0..per {
                        out[(x * n + y) * per + e] = m[(y * n + x) * per + e];
                    }
                }
            }
            out
        };
        let f: Vec<f32> = (0..n * n).map(|_| rng.f32()).collect();
        let d = upload(mem, &f);
        r.launch("transpose_inplaceIf", grid, block, 0, Params::new().ptr(d).i32(n as i32));
        let want = tr(&f.iter().map(|x| u64::from(x.to_bits())).collect::<Vec<_>>(), n, 1);
        let got: Vec<f32> = download(mem, d, n * n);
        check(v, "transpose_inplace<float>", &got.iter().map(|x| u64::from(x.to_bits())).collect::<Vec<_>>(), &want);
        let d2: Vec<u64> = (0..n * n * 2).map(|_| rng.next()).collect();
        let d = upload(mem, &d2);
        r.launch("transpose_inplaceI7double2", grid, block, 0, Params::new().ptr(d).i32(n as i32));
        check(v, "transpose_inplace<double2>", &download::<u64>(mem, d, n * n * 2), &tr(&d2, n, 2));
        let c: Vec<u8> = (0..n * n).map(|_| rng.next() as u8).collect();
        let d = upload(mem, &c);
        r.launch("transpose_inplaceIc", grid, block, 0, Params::new().ptr(d).i32(n as i32));
        let want: Vec<u8> =
            tr(&c.iter().map(|&x| u64::from(x)).collect::<Vec<_>>(), n, 1).iter().map(|&x| x as u8).collect();
        check(v, "transpose_inplace<char>", &download::<u8>(mem, d, n * n), &want);
    }
}

// ---------------------------------------------------------------- 41_recursion (2 kernels)

fn fib(n: i32) -> i32 {
    if n < 2 { n } else { fib(n - 1) + fib(n - 2) }
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a.wrapping_rem(b)) }
}

fn bsearch_rec(a: &[i32], lo: i32, hi: i32, key: i32) -> i32 {
    if lo > hi {
        return -1;
    }
    let mid = lo + (hi - lo) / 2;
    if a[mid as usize] == key {
        mid
    } else if a[mid as usize] < key {
        bsearch_rec(a, mid + 1, hi, key)
    } else {
        bsearch_rec(a, lo, mid - 1, key)
    }
}

#[test]
fn recursion_kernels() {
    for r in programs("41_recursion") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(41);
        let n = 300usize;
        let input: Vec<i32> = (0..n).map(|_| rng.i32(-100_000, 100_000)).collect();
        let din = upload(mem, &input);
        let (df, dfib, dpar, dg) = (
            mem.alloc(8 * n as u64).unwrap(),
            mem.alloc(4 * n as u64).unwrap(),
            mem.alloc(4 * n as u64).unwrap(),
            mem.alloc(4 * n as u64).unwrap(),
        );
        r.launch(
            "recursion_kernel",
            3,
            128,
            0,
            Params::new().ptr(din).ptr(df).ptr(dfib).ptr(dpar).ptr(dg).i32(n as i32),
        );
        let fact = |k: u64| (1..=k.max(1)).product::<u64>();
        check(
            v,
            "factorial",
            &download::<u64>(mem, df, n),
            &input.iter().map(|&x| fact((x & 15) as u64)).collect::<Vec<_>>(),
        );
        check(
            v,
            "fib (two recursive calls)",
            &download::<i32>(mem, dfib, n),
            &input.iter().map(|&x| fib(x & 15)).collect::<Vec<_>>(),
        );
        check(
            v,
            "is_even",
            &download::<i32>(mem, dpar, n),
            &input.iter().map(|&x| i32::from((x & 63) % 2 == 0)).collect::<Vec<_>>(),
        );
        check(v, "gcd", &download::<i32>(mem, dg, n), &input.iter().map(|&x| gcd(x, 360)).collect::<Vec<_>>());
        // sort_and_search: each thread quicksorts its 32 values in a local array.
        let (threads, len) = (64usize, 32usize);
        let vals: Vec<i32> = (0..threads * len).map(|_| rng.i32(-50, 50)).collect();
        let key = rng.i32(-50, 50);
        let (dv, ds, dfound) = (
            upload(mem, &vals),
            mem.alloc(4 * (threads * len) as u64).unwrap(),
            mem.alloc(4 * threads as u64).unwrap(),
        );
        r.launch("sort_and_search", 2, 32, 0, Params::new().ptr(dv).ptr(ds).ptr(dfound).i32(len as i32).i32(key));
        let mut sorted = vals.clone();
        let mut found = Vec::new();
        for c in sorted.chunks_mut(len) {
            c.sort();
            found.push(bsearch_rec(c, 0, len as i32 - 1, key));
        }
        check(v, "quicksort", &download::<i32>(mem, ds, threads * len), &sorted);
        check(v, "bsearch", &download::<i32>(mem, dfound, threads), &found);
    }
}

// ---------------------------------------------------------------- 24_warp_reduce_scan (5 kernels)

#[test]
fn warp_reduce_scan_kernels() {
    for r in programs("24_warp_reduce_scan") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(24);
        let n = 5000 + rng.i32(0, 200) as usize;
        let (threads, blocks) = (128u32, (n as u32).div_ceil(128));
        // warp_reduce_sum_f32 (integer-valued floats: the atomic order does not matter).
        let f: Vec<f32> = (0..n).map(|_| rng.fint(-100, 100)).collect();
        let (df, dsum) = (upload(mem, &f), upload(mem, &[0f32]));
        r.launch("warp_reduce_sum_f32", blocks, threads, 0, Params::new().ptr(df).ptr(dsum).i32(n as i32));
        check_f32(v, "warp_reduce_sum_f32", &download(mem, dsum, 1), &[f.iter().sum()]);
        // warp_reduce_max_i32
        let xs: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let (dx, dmax) = (upload(mem, &xs), upload(mem, &[i32::MIN]));
        r.launch("warp_reduce_max_i32", blocks, threads, 0, Params::new().ptr(dx).ptr(dmax).i32(n as i32));
        check(v, "warp_reduce_max_i32", &download::<i32>(mem, dmax, 1), &[*xs.iter().max().unwrap()]);
        // warp_scan
        let xs: Vec<i32> = (0..n).map(|_| rng.i32(-1000, 1000)).collect();
        let dx = upload(mem, &xs);
        let (dincl, dexcl) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
        r.launch("warp_scan", blocks, threads, 0, Params::new().ptr(dx).ptr(dincl).ptr(dexcl).i32(n as i32));
        let mut incl = vec![0i32; n];
        for (w, c) in xs.chunks(32).enumerate() {
            let mut s = 0;
            for (k, &x) in c.iter().enumerate() {
                s += x;
                incl[w * 32 + k] = s;
            }
        }
        check(v, "warp_scan incl", &download::<i32>(mem, dincl, n), &incl);
        let excl: Vec<i32> = incl.iter().zip(&xs).map(|(s, x)| s - x).collect();
        check(v, "warp_scan excl", &download::<i32>(mem, dexcl, n), &excl);
        // block_scan (blocks of 256; the last block is partial).
        let bt = 256usize;
        let nb = n.div_ceil(bt);
        let (dout, dsums) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * nb as u64).unwrap());
        r.launch("block_scan", nb as u32, bt as u32, 0, Params::new().ptr(dx).ptr(dout).ptr(dsums).i32(n as i32));
        let mut want = vec![0i32; n];
        let mut sums = vec![0i32; nb];
        for (b, c) in xs.chunks(bt).enumerate() {
            let mut s = 0;
            for (k, &x) in c.iter().enumerate() {
                s += x;
                want[b * bt + k] = s;
            }
            sums[b] = s;
        }
        check(v, "block_scan", &download::<i32>(mem, dout, n), &want);
        check(v, "block_scan sums", &download::<i32>(mem, dsums, nb), &sums);
        // block_reduce_f64 (dyadic values: exact in any order).
        let d: Vec<f64> = (0..n).map(|_| f64::from(rng.i32(-4096, 4096)) / 64.0).collect();
        let grid = 6usize;
        let (dd, dout) = (upload(mem, &d), mem.alloc(8 * grid as u64).unwrap());
        r.launch("block_reduce_f64", grid as u32, 160, 0, Params::new().ptr(dd).ptr(dout).i32(n as i32));
        let mut want = vec![0f64; grid];
        for (i, &x) in d.iter().enumerate() {
            want[(i / 160) % grid] += x;
        }
        check_f64(v, "block_reduce_f64", &download(mem, dout, grid), &want);
    }
}

// ---------------------------------------------------------------- 30_shared_memory (4 kernels)

#[test]
fn shared_memory_kernels() {
    for r in programs("30_shared_memory") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(30);
        let n = 1000usize;
        let bt = 128usize;
        let reverse_ref = |data: &[u64]| -> Vec<u64> {
            let mut out = data.to_vec();
            for (g, o) in out.iter_mut().enumerate() {
                let (b, t) = (g / bt, g % bt);
                let gr = b * bt + (bt - 1 - t);
                if gr < n {
                    *o = data[gr];
                }
            }
            out
        };
        let grid = Dim3::x(n.div_ceil(bt) as u32);
        let xs: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let d = upload(mem, &xs);
        r.launch("reverse_blockIi", grid, bt as u32, (bt * 4) as u32, Params::new().ptr(d).i32(n as i32));
        let want: Vec<i32> =
            reverse_ref(&xs.iter().map(|&x| x as u64).collect::<Vec<_>>()).iter().map(|&x| x as i32).collect();
        check(v, "reverse_block<int>", &download::<i32>(mem, d, n), &want);
        let xs: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let d = upload(mem, &xs);
        r.launch("reverse_blockId", grid, bt as u32, (bt * 8) as u32, Params::new().ptr(d).i32(n as i32));
        check(v, "reverse_block<double>", &download::<u64>(mem, d, n), &reverse_ref(&xs));
        let xs: Vec<i16> = (0..n).map(|_| rng.next() as i16).collect();
        let d = upload(mem, &xs);
        r.launch("reverse_blockIs", grid, bt as u32, (bt * 2) as u32, Params::new().ptr(d).i32(n as i32));
        let want: Vec<i16> =
            reverse_ref(&xs.iter().map(|&x| x as u64).collect::<Vec<_>>()).iter().map(|&x| x as i16).collect();
        check(v, "reverse_block<short>", &download::<i16>(mem, d, n), &want);
        // shared_2d: row sums of 16x16 tiles through a __noinline__ device function.
        let blocks = 5usize;
        let m: Vec<f32> = (0..blocks * 256).map(|_| rng.fint(-1000, 1000)).collect();
        let (dm, dout) = (upload(mem, &m), mem.alloc(4 * (blocks * 16) as u64).unwrap());
        r.launch("shared_2d", blocks as u32, Dim3::new(16, 16, 1), 0, Params::new().ptr(dm).ptr(dout));
        let want: Vec<f32> = m.chunks(16).map(|r| r.iter().sum()).collect();
        check_f32(v, "shared_2d", &download(mem, dout, blocks * 16), &want);
    }
}

// ---------------------------------------------------------------- 01_int_arith32, 02_int_arith64 (7 kernels)

fn sx24(x: i32) -> i32 {
    (x << 8) >> 8
}

fn int32_signed_ref(x: i32, y: i32) -> i32 {
    let d = if y == 0 { 1 } else { y };
    let mut r = 0i32;
    r = r.wrapping_add(x.wrapping_add(y));
    r ^= x.wrapping_sub(y);
    r = r.wrapping_add(x.wrapping_mul(y));
    r ^= ((i64::from(x) * i64::from(y)) >> 32) as i32;
    r = r.wrapping_add(x.wrapping_div(d));
    r ^= x.wrapping_rem(d);
    r = r.wrapping_add(sx24(x).wrapping_mul(sx24(y)));
    r ^= (x.abs_diff(y).wrapping_add(7)) as i32;
    r = r.wrapping_add(((i64::from(x) + i64::from(y)) >> 1) as i32);
    r ^= ((i64::from(x) + i64::from(y) + 1) >> 1) as i32;
    r = r.wrapping_add(x.wrapping_abs().wrapping_add(x.min(y)).wrapping_sub(x.max(y)));
    r ^= (x / 7).wrapping_add(x % 13);
    r
}

fn int32_unsigned_ref(x: u32, y: u32) -> u32 {
    let d = if y == 0 { 1 } else { y };
    let mut r = 0u32;
    r = r.wrapping_add(x.wrapping_add(y));
    r ^= x.wrapping_sub(y);
    r = r.wrapping_add(x.wrapping_mul(y));
    r ^= ((u64::from(x) * u64::from(y)) >> 32) as u32;
    r = r.wrapping_add(x / d);
    r ^= x % d;
    r = r.wrapping_add((x & 0xff_ffff).wrapping_mul(y & 0xff_ffff));
    r ^= x.abs_diff(y).wrapping_add(3);
    r = r.wrapping_add(((u64::from(x) + u64::from(y)) >> 1) as u32);
    r ^= ((u64::from(x) + u64::from(y) + 1) >> 1) as u32;
    r = r.wrapping_add(x.min(y).wrapping_add(x.max(y)));
    r ^= (x / 10).wrapping_add(x % 1000);
    r
}

fn int64_signed_ref(x: i64, y: i64) -> i64 {
    let d = if y == 0 { 1 } else { y };
    let mut r = x.wrapping_add(y);
    r ^= x.wrapping_sub(y);
    r = r.wrapping_add(x.wrapping_mul(y));
    r ^= ((i128::from(x) * i128::from(y)) >> 64) as i64;
    r = r.wrapping_add(x.wrapping_div(d));
    r ^= x.wrapping_rem(d);
    r = r.wrapping_add(x.wrapping_abs().wrapping_add(x.min(y)).wrapping_sub(x.max(y)));
    r ^= x / 1_000_000_007;
    r = r.wrapping_add(x >> (y & 63));
    r
}

fn int64_unsigned_ref(x: u64, y: u64) -> u64 {
    let d = if y == 0 { 1 } else { y };
    let mut r = x.wrapping_add(y);
    r ^= x.wrapping_sub(y);
    r = r.wrapping_add(x.wrapping_mul(y));
    r ^= ((u128::from(x) * u128::from(y)) >> 64) as u64;
    r = r.wrapping_add(x / d);
    r ^= x % d;
    r = r.wrapping_add(x.min(y).wrapping_add(x.max(y)));
    r ^= x % 10;
    r = r.wrapping_add((x << (y & 63)) | (x >> 1));
    r
}

#[test]
fn int_arith_kernels() {
    for r in programs("01_int_arith32") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(1);
        let n = 2000usize;
        let grid = Dim3::x((n as u32).div_ceil(128));
        // Mix of full-range values, small values and zeros (division by zero is avoided by the kernel).
        let val = |rng: &mut Rng, i: usize| match i % 5 {
            0 => rng.i32(-300, 300),
            1 => 0,
            _ => (rng.next() as i32).max(i32::MIN + 1),
        };
        let a: Vec<i32> = (0..n).map(|i| val(&mut rng, i)).collect();
        let b: Vec<i32> = (0..n).map(|i| val(&mut rng, i + 2)).collect();
        let (da, db, dout) = (upload(mem, &a), upload(mem, &b), mem.alloc(8 * n as u64).unwrap());
        r.launch("int32_arith_signed", grid, 128, 0, Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32));
        let want: Vec<i32> = a.iter().zip(&b).map(|(&x, &y)| int32_signed_ref(x, y)).collect();
        check(v, "int32_arith_signed", &download::<i32>(mem, dout, n), &want);
        r.launch("int32_arith_unsigned", grid, 128, 0, Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32));
        let want: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| int32_unsigned_ref(x as u32, y as u32)).collect();
        check(v, "int32_arith_unsigned", &download::<u32>(mem, dout, n), &want);
        let (ds, du) = (mem.alloc(8 * n as u64).unwrap(), mem.alloc(8 * n as u64).unwrap());
        r.launch("int32_mul_wide", grid, 128, 0, Params::new().ptr(da).ptr(db).ptr(ds).ptr(du).i32(n as i32));
        let want: Vec<i64> = (0..n).map(|i| i64::from(a[i]) * i64::from(a[(i + 1) % n])).collect();
        check(v, "int32_mul_wide s", &download::<i64>(mem, ds, n), &want);
        let want: Vec<u64> = (0..n).map(|i| u64::from(b[i] as u32) * u64::from(b[(i + 1) % n] as u32)).collect();
        check(v, "int32_mul_wide u", &download::<u64>(mem, du, n), &want);
        let c: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let dc = upload(mem, &c);
        r.launch("int32_mad", grid, 128, 0, Params::new().ptr(da).ptr(db).ptr(dc).ptr(dout).i32(n as i32));
        let want: Vec<i32> = (0..n)
            .map(|i| {
                let acc = (0..4).fold(c[i], |acc, k| a[i].wrapping_mul(b[i].wrapping_add(k)).wrapping_add(acc));
                acc.wrapping_neg()
            })
            .collect();
        check(v, "int32_mad", &download::<i32>(mem, dout, n), &want);
    }
    for r in programs("02_int_arith64") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(2);
        let n = 2000usize;
        let grid = Dim3::x((n as u32).div_ceil(128));
        let val = |rng: &mut Rng, i: usize| match i % 5 {
            0 => i64::from(rng.i32(-300, 300)),
            1 => 0,
            _ => (rng.next() as i64).max(i64::MIN + 1),
        };
        let a: Vec<i64> = (0..n).map(|i| val(&mut rng, i)).collect();
        let b: Vec<i64> = (0..n).map(|i| val(&mut rng, i + 2)).collect();
        let (da, db, dout) = (upload(mem, &a), upload(mem, &b), mem.alloc(8 * n as u64).unwrap());
        r.launch("int64_arith_signed", grid, 128, 0, Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32));
        let want: Vec<i64> = a.iter().zip(&b).map(|(&x, &y)| int64_signed_ref(x, y)).collect();
        check(v, "int64_arith_signed", &download::<i64>(mem, dout, n), &want);
        r.launch("int64_arith_unsigned", grid, 128, 0, Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32));
        let want: Vec<u64> = a.iter().zip(&b).map(|(&x, &y)| int64_unsigned_ref(x as u64, y as u64)).collect();
        check(v, "int64_arith_unsigned", &download::<u64>(mem, dout, n), &want);
        let s: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let u: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let (ds, du) = (upload(mem, &s), upload(mem, &u));
        r.launch("int64_mixed", grid, 128, 0, Params::new().ptr(ds).ptr(du).ptr(dout).i32(n as i32));
        let want: Vec<i64> = (0..n)
            .map(|i| {
                let t = i64::from(s[i]).wrapping_mul(3).wrapping_add(i64::from(u[i]));
                t.wrapping_add(i64::from((t >> 17) as i32))
            })
            .collect();
        check(v, "int64_mixed", &download::<i64>(mem, dout, n), &want);
    }
}

// ---------------------------------------------------------------- 06_float_arith: f32_rounding

#[derive(Clone, Copy, PartialEq)]
enum Rm {
    N,
    Z,
    U,
    D,
}

/// Rounds an f64 that is exactly the wanted value to f32 with mode `m`.
fn to_f32(v: f64, m: Rm) -> f32 {
    let n = v as f32;
    let nf = f64::from(n);
    match m {
        Rm::N => n,
        Rm::U if nf < v => n.next_up(),
        Rm::D if nf > v => n.next_down(),
        Rm::Z if nf.abs() > v.abs() => {
            if v > 0.0 {
                n.next_down()
            } else {
                n.next_up()
            }
        }
        _ => n,
    }
}

/// The f32 `q` nearest below/above the exact root of `f(q) = 0` for increasing `f` evaluated
/// exactly (`cmp(q)` is the sign of q - exact), rounded with `m`.
fn search_f32(guess: f64, m: Rm, cmp: impl Fn(f32) -> std::cmp::Ordering) -> f32 {
    use std::cmp::Ordering::*;
    let mut q = guess as f32;
    // Move to the largest q with q <= exact.
    while cmp(q) == Greater {
        q = q.next_down();
    }
    while cmp(q.next_up()) != Greater {
        q = q.next_up();
    }
    if cmp(q) == Equal {
        return q;
    }
    let (lo, hi) = (q, q.next_up());
    match m {
        Rm::D => lo,
        Rm::U => hi,
        Rm::Z => {
            if lo >= 0.0 {
                lo
            } else {
                hi
            }
        }
        Rm::N => to_f32(guess, Rm::N),
    }
}

fn div_f32(x: f32, y: f32, m: Rm) -> f32 {
    let (xd, yd) = (f64::from(x), f64::from(y));
    // q*y is exact in f64; q - x/y has the sign of (q*y - x) * sign(y).
    search_f32(xd / yd, m, |q| {
        let c = (f64::from(q) * yd).partial_cmp(&xd).unwrap();
        if yd > 0.0 { c } else { c.reverse() }
    })
}

fn sqrt_f32(x: f32, m: Rm) -> f32 {
    let xd = f64::from(x);
    search_f32(xd.sqrt(), m, |q| {
        if q < 0.0 { std::cmp::Ordering::Less } else { (f64::from(q) * f64::from(q)).partial_cmp(&xd).unwrap() }
    })
}

fn f32_rounding_ref(x: f32, y: f32, z: f32) -> [f32; 20] {
    let (xd, yd, zd) = (f64::from(x), f64::from(y), f64::from(z));
    // Inputs in ±[0.5, 2): sums, products and fmas are exact in f64.
    let add = |m| to_f32(xd + yd, m);
    let mul = |m| to_f32(xd * yd, m);
    let fma = |m| to_f32(xd * yd + zd, m);
    [
        add(Rm::N),
        add(Rm::Z),
        add(Rm::U),
        add(Rm::D),
        to_f32(xd - yd, Rm::N),
        mul(Rm::Z),
        mul(Rm::U),
        fma(Rm::N),
        fma(Rm::Z),
        fma(Rm::U),
        fma(Rm::D),
        div_f32(x, y, Rm::N),
        div_f32(x, y, Rm::Z),
        div_f32(1.0, x, Rm::N),
        div_f32(1.0, x, Rm::Z),
        sqrt_f32(x, Rm::N),
        sqrt_f32(x, Rm::U),
        (1.0 / xd.sqrt()) as f32,
        mul(Rm::N) + to_f32(zd - xd, Rm::D),
        div_f32(x, y, Rm::U) - div_f32(x, z, Rm::D),
    ]
}

#[test]
fn f32_directed_rounding_kernel() {
    for r in programs("06_float_arith") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(6);
        let n = 1000usize;
        let sample = |rng: &mut Rng, pos: bool| {
            let m = 1.0 + (rng.next() >> 41) as f32 / (1u64 << 23) as f32; // [1, 2)
            let e = if rng.next() & 1 == 0 { 0.5 } else { 1.0 };
            if !pos && rng.next() & 1 == 0 { -m * e } else { m * e }
        };
        let x: Vec<f32> = (0..n).map(|_| sample(&mut rng, true)).collect();
        let y: Vec<f32> = (0..n).map(|_| sample(&mut rng, false)).collect();
        let z: Vec<f32> = (0..n).map(|_| sample(&mut rng, false)).collect();
        let (dx, dy, dz, dout) = (upload(mem, &x), upload(mem, &y), upload(mem, &z), mem.alloc(80 * n as u64).unwrap());
        r.launch("f32_rounding", 8, 128, 0, Params::new().ptr(dx).ptr(dy).ptr(dz).ptr(dout).i32(n as i32));
        let got: Vec<f32> = download(mem, dout, 20 * n);
        for i in 0..n {
            let want = f32_rounding_ref(x[i], y[i], z[i]);
            for (k, w) in want.iter().enumerate() {
                let g = got[i * 20 + k];
                assert_eq!(
                    g.to_bits(),
                    w.to_bits(),
                    "{v} f32_rounding i={i} o[{k}]: {g:e} vs {w:e} (x={x:e} y={y:e} z={z:e})",
                    x = x[i],
                    y = y[i],
                    z = z[i]
                );
            }
        }
    }
}

// ---------------------------------------------------------------- 27_redux, 26_match (5 kernels)

#[test]
fn redux_and_match_kernels() {
    for r in programs("27_redux") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(27);
        let n = 256usize;
        let si: Vec<i32> = (0..n).map(|i| if i % 3 == 0 { rng.i32(-50, 50) } else { rng.next() as i32 }).collect();
        let ui: Vec<u32> = (0..n).map(|_| rng.next() as u32 | 0x0100_0000).collect();
        let (ds, du) = (upload(mem, &si), upload(mem, &ui));
        let (dout, duout) = (mem.alloc(12 * n as u64).unwrap(), mem.alloc(20 * n as u64).unwrap());
        r.launch("redux_ops", 2, 128, 0, Params::new().ptr(ds).ptr(du).ptr(dout).ptr(duout));
        let (mut want, mut uwant) = (Vec::new(), Vec::new());
        for i in 0..n {
            let w = i / 32 * 32;
            let s = &si[w..w + 32];
            let u = &ui[w..w + 32];
            want.extend([
                s.iter().fold(0i32, |a, x| a.wrapping_add(*x)),
                *s.iter().min().unwrap(),
                *s.iter().max().unwrap(),
            ]);
            uwant.extend([
                *u.iter().min().unwrap(),
                *u.iter().max().unwrap(),
                u.iter().fold(u32::MAX, |a, x| a & x),
                u.iter().fold(0, |a, x| a | x),
                u.iter().fold(0, |a, x| a ^ x),
            ]);
        }
        check(v, "redux_ops s", &download::<i32>(mem, dout, 3 * n), &want);
        check(v, "redux_ops u", &download::<u32>(mem, duout, 5 * n), &uwant);
        // redux_partial: the two half-warps reduce separately.
        r.launch("redux_partial", 2, 128, 0, Params::new().ptr(du).ptr(dout));
        let want: Vec<u32> = (0..n)
            .map(|i| {
                let h = i / 16 * 16;
                let half = &ui[h..h + 16];
                if i % 32 < 16 {
                    half.iter().fold(0u32, |a, x| a.wrapping_add(*x))
                } else {
                    *half.iter().max().unwrap()
                }
            })
            .collect();
        check(v, "redux_partial", &download::<u32>(mem, dout, n), &want);
        // count_nonzero
        let f: Vec<f32> = (0..1000).map(|_| if rng.next().is_multiple_of(3) { 0.0 } else { rng.f32() + 2.0 }).collect();
        let (df, dc) = (upload(mem, &f), upload(mem, &[0u32]));
        r.launch("count_nonzero", 4, 256, 0, Params::new().ptr(df).ptr(dc).i32(1000));
        check(v, "count_nonzero", &download::<u32>(mem, dc, 1), &[f.iter().filter(|x| **x != 0.0).count() as u32]);
    }
    for r in programs("26_match") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(26);
        let n = 256usize;
        // Warp 0: all equal; other warps: few distinct keys.
        let k32: Vec<i32> = (0..n).map(|i| if i < 32 { 7 } else { rng.i32(0, 4) }).collect();
        let k64: Vec<i64> = (0..n).map(|i| if i < 64 { 1 << 40 } else { (rng.i32(0, 3) as i64) << 33 }).collect();
        let (d32, d64, dout) = (upload(mem, &k32), upload(mem, &k64), mem.alloc(16 * n as u64).unwrap());
        r.launch("match_ops", 2, 128, 0, Params::new().ptr(d32).ptr(d64).ptr(dout));
        let mut want = Vec::new();
        for i in 0..n {
            let w = i / 32 * 32;
            let any = |eq: &dyn Fn(usize) -> bool| (0..32).filter(|&l| eq(w + l)).fold(0u32, |m, l| m | 1 << l);
            let any32 = any(&|j| k32[j] == k32[i]);
            let any64 = any(&|j| k64[j] == k64[i]);
            let all32 = if any32 == u32::MAX { u32::MAX | 1 } else { 0 };
            let all64 = if any64 == u32::MAX { u32::MAX } else { 0 };
            want.extend([any32, any64, all32, all64]);
        }
        check(v, "match_ops", &download::<u32>(mem, dout, 4 * n), &want);
        let nb = 13usize;
        let keys: Vec<u32> = (0..1000).map(|_| rng.next() as u32).collect();
        let (dk, db) = (upload(mem, &keys), upload(mem, &vec![0u32; nb]));
        r.launch("match_histogram", 4, 256, 0, Params::new().ptr(dk).ptr(db).i32(1000).i32(nb as i32));
        let mut want = vec![0u32; nb];
        for k in &keys {
            want[(*k % nb as u32) as usize] += 1;
        }
        check(v, "match_histogram", &download::<u32>(mem, db, nb), &want);
    }
}

// ---------------------------------------------------------------- f16 / bf16 (12_half, 13_half_math, 14_bf16)

/// A 16-bit float format: (fraction bits, exponent bits).
const F16: (u32, u32) = (10, 5);
const BF16: (u32, u32) = (7, 8);

fn hdec(h: u16, (m, e): (u32, u32)) -> f64 {
    let bias = (1i32 << (e - 1)) - 1;
    let ex = i32::from((h & 0x7fff) >> m);
    let man = f64::from(h & ((1 << m) - 1));
    let v = if ex == (1 << e) - 1 {
        if man == 0.0 { f64::INFINITY } else { f64::NAN }
    } else if ex == 0 {
        man * 2f64.powi(1 - bias - m as i32)
    } else {
        (man + f64::from(1u32 << m)) * 2f64.powi(ex - bias - m as i32)
    };
    if h & 0x8000 != 0 { -v } else { v }
}

/// `x` rounded to the format: 'n' nearest even, 'z' toward zero, 'u' up, 'd' down.
fn henc(x: f64, (m, e): (u32, u32), mode: char) -> u16 {
    assert!(!x.is_nan());
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    if x.is_infinite() {
        return sign | (0x7fff >> m << m);
    }
    let bias = (1i32 << (e - 1)) - 1;
    let a = x.abs();
    let emin = 1 - bias;
    let ex = if a == 0.0 { emin } else { (a.log2().floor() as i32).max(emin) };
    // log2 may be off by one near powers of two: fix so that 2^ex <= a < 2^(ex+1).
    let ex = if a != 0.0 && ex > emin && 2f64.powi(ex) > a { ex - 1 } else { ex };
    let ex = if a != 0.0 && 2f64.powi(ex + 1) <= a { ex + 1 } else { ex };
    let q = ex - m as i32;
    let s = a / 2f64.powi(q);
    let away = match mode {
        'u' => sign == 0,
        'd' => sign != 0,
        _ => false,
    };
    let n = match mode {
        'n' => s.round_ties_even(),
        _ if away => s.ceil(),
        _ => s.trunc(),
    } as u64;
    let inf = sign | (0x7fff >> m << m);
    let maxf = inf - 1;
    let (mut n, mut q) = (n, q);
    if n >= 2 << m {
        n >>= 1;
        q += 1;
    }
    if n < 1 << m {
        return sign | n as u16;
    }
    let field = q + m as i32 + bias;
    if field >= (1 << e) - 1 {
        return if mode == 'n' || away { inf } else { maxf };
    }
    sign | ((field as u16) << m) | (n as u16 & ((1 << m) - 1))
}

fn h(x: f64) -> u16 {
    henc(x, F16, 'n')
}

fn hf(b: u16) -> f64 {
    hdec(b, F16)
}

#[test]
fn half_precision_kernels() {
    for r in programs("12_half") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(12);
        // haxpy: y = fma(a, x, y) on half2 pairs and a scalar tail.
        let n = 301usize;
        let q = |r: &mut Rng| f64::from(r.i32(-512, 512)) / 64.0;
        let x: Vec<u16> = (0..n).map(|_| h(q(&mut rng))).collect();
        let y: Vec<u16> = (0..n).map(|_| h(q(&mut rng))).collect();
        let a = h(1.0 + q(&mut rng) / 16.0);
        let (dx, dy) = (upload(mem, &x), upload(mem, &y));
        let mut params = Params::new();
        params.i32(n as i32).u32(u32::from(a)).ptr(dx).ptr(dy);
        r.launch("haxpy", 2, 128, 0, &params);
        let want: Vec<u16> = x.iter().zip(&y).map(|(&x, &y)| h(hf(a) * hf(x) + hf(y))).collect();
        check(v, "haxpy", &download::<u16>(mem, dy, n), &want);

        // half_convert: f32 → f16 in four rounding modes, ints → f16, f16 → ints.
        let mut f: Vec<f32> = (0..200).map(|_| rng.f32() * 1500.0).collect();
        f.extend([0.0, -0.0, 65504.0, 65519.0, 65520.0, -70000.0, 1e-8, -3e-6, 6.1e-5, 0.5, 2.5, -2.5, 1.0 / 3.0]);
        let n = f.len();
        let k: Vec<i32> =
            (0..n).map(|i| if i % 9 == 0 { rng.i32(-100_000, 100_000) } else { rng.i32(-3000, 3000) }).collect();
        let (df, dk) = (upload(mem, &f), upload(mem, &k));
        let dh = upload(mem, &vec![0u16; n * 6]);
        let dh2 = upload(mem, &vec![0u32; n]);
        let df2 = upload(mem, &vec![0f32; n * 2]);
        let dki = upload(mem, &vec![0i32; n]);
        let dks = upload(mem, &vec![0i16; n]);
        let dku = upload(mem, &vec![0u32; n]);
        let mut params = Params::new();
        params.ptr(df).ptr(dk).ptr(dh).ptr(dh2).ptr(df2).ptr(dki).ptr(dks).ptr(dku).i32(n as i32);
        r.launch("half_convert", 2, 128, 0, &params);
        let (gh, gh2, gf2) =
            (download::<u16>(mem, dh, n * 6), download::<u32>(mem, dh2, n), download::<f32>(mem, df2, 2 * n));
        let (gki, gks, gku) =
            (download::<i32>(mem, dki, n), download::<i16>(mem, dks, n), download::<u32>(mem, dku, n));
        for i in 0..n {
            let x = f64::from(f[i]);
            let (a, b, c, d) = (henc(x, F16, 'n'), henc(x, F16, 'z'), henc(x, F16, 'u'), henc(x, F16, 'd'));
            let e = h(f64::from(k[i]));
            let g = h(f64::from(k[i] as u32));
            assert_eq!(&gh[i * 6..i * 6 + 6], &[a, b, c, d, e, g], "{v} half_convert {i}: {x}");
            assert_eq!(gh2[i], u32::from(a) | u32::from(henc(-x, F16, 'n')) << 16, "{v} h2 {i}");
            assert_eq!((gf2[2 * i], gf2[2 * i + 1]), (hf(a) as f32, hf(c) as f32), "{v} f2 {i}");
            let to_i = |h: u16, m: fn(f64) -> f64| {
                let t = m(hf(h));
                if t.is_nan() { 0 } else { t.clamp(i32::MIN as f64, i32::MAX as f64) as i32 }
            };
            let ki = to_i(a, f64::trunc)
                .wrapping_add(to_i(c, f64::round_ties_even))
                .wrapping_add(to_i(d, f64::floor))
                .wrapping_add(to_i(b, f64::ceil));
            assert_eq!(gki[i], ki, "{v} ki {i}: {x}");
            let short_rn = hf(d).round_ties_even().clamp(-32768.0, 32767.0) as i16;
            assert_eq!(gks[i], (a as i16).wrapping_add(short_rn), "{v} ks {i}: {x}");
            let uint_rz = hf(c).trunc().clamp(0.0, u32::MAX as f64) as u32;
            let ushort_rn = hf(b).round_ties_even().clamp(0.0, 65535.0) as u32;
            let hi = u32::from(henc(-x, F16, 'n'));
            assert_eq!(gku[i], uint_rz.wrapping_add(ushort_rn).wrapping_add(hi), "{v} ku {i}: {x}");
        }

        // half_compare: every predicate on scalars and pairs, NaN and infinities included.
        let special = [0x7e00u16, 0x7c00, 0xfc00, 0x8000, 0x0000, 0x0001];
        let n = 160usize;
        let pick = |r: &mut Rng| {
            if r.i32(0, 6) == 0 { special[r.i32(0, 6) as usize] } else { h(f64::from(r.i32(-4, 4)) / 2.0) }
        };
        let a: Vec<u16> = (0..n).map(|_| pick(&mut rng)).collect();
        let b: Vec<u16> = (0..n).map(|_| pick(&mut rng)).collect();
        let x2: Vec<u32> = (0..n).map(|_| u32::from(pick(&mut rng)) | u32::from(pick(&mut rng)) << 16).collect();
        let y2: Vec<u32> = (0..n).map(|_| u32::from(pick(&mut rng)) | u32::from(pick(&mut rng)) << 16).collect();
        let (da, db, dx2, dy2) = (upload(mem, &a), upload(mem, &b), upload(mem, &x2), upload(mem, &y2));
        let (dout, dmask) = (upload(mem, &vec![0u32; n]), upload(mem, &vec![0u32; n]));
        let mut params = Params::new();
        params.ptr(da).ptr(db).ptr(dx2).ptr(dy2).ptr(dout).ptr(dmask).i32(n as i32);
        r.launch("half_compare", 2, 96, 0, &params);
        let (gout, gmask) = (download::<u32>(mem, dout, n), download::<u32>(mem, dmask, n));
        for i in 0..n {
            let (x, y) = (hf(a[i]), hf(b[i]));
            let nan = x.is_nan() || y.is_nan();
            let lo = |v: u32| hf(v as u16);
            let hi = |v: u32| hf((v >> 16) as u16);
            let both = |f: fn(f64, f64) -> bool| f(lo(x2[i]), lo(y2[i])) && f(hi(x2[i]), hi(y2[i]));
            let mut want = 0u32;
            for (bit, c) in
                [x == y, !nan && x != y, x < y, x <= y, x > y, x >= y, x.is_nan(), y.is_infinite(), nan || x < y]
                    .into_iter()
                    .enumerate()
            {
                want |= u32::from(c) << bit;
            }
            want |= u32::from(both(|p, q| p == q)) << 9;
            want |= u32::from(both(|p, q| p < q)) << 10;
            assert_eq!(gout[i], want, "{v} half_compare {i}: {x} {y}");
            let gt = |p: f64, q: f64| if p > q { 0x3c00u32 } else { 0 };
            assert_eq!(gmask[i], gt(lo(x2[i]), lo(y2[i])) | gt(hi(x2[i]), hi(y2[i])) << 16, "{v} mask {i}");
        }

        // half_scalar / half2_vector: chains of operations (division and the saturating ops
        // through CUDA's own sequences), checked against a step-by-step reference to 1%.
        let n = 128usize;
        let a: Vec<u16> = (0..n).map(|_| h(f64::from(rng.i32(1, 64)) / 16.0)).collect();
        let b: Vec<u16> = (0..n).map(|_| h(f64::from(rng.i32(1, 64)) / 16.0)).collect();
        let (da, db) = (upload(mem, &a), upload(mem, &b));
        let (dout, dfout) = (upload(mem, &vec![0u16; n]), upload(mem, &vec![0f32; n]));
        let mut params = Params::new();
        params.ptr(da).ptr(db).ptr(dout).ptr(dfout).i32(n as i32);
        r.launch("half_scalar", 1, 128, 0, &params);
        let (gout, gf) = (download::<u16>(mem, dout, n), download::<f32>(mem, dfout, n));
        for i in 0..n {
            let (x, y) = (hf(a[i]), hf(b[i]));
            let r0 = hf(h(x + y));
            let r = hf(h(r0 * x));
            let r = hf(h(r - y));
            let r = hf(h(x * y + r));
            let r = hf(h(r / hf(h(y + 1.0))));
            let r = r.abs();
            let r = hf(h(x * y + r));
            let r = r.max(x.min(y));
            let r = hf(h(r + x)).clamp(0.0, 1.0);
            let g = hf(gout[i]);
            assert!((g - r).abs() <= r.abs() * 0.01, "{v} half_scalar {i}: {g} vs {r}");
            assert!((f64::from(gf[i]) - (g + x)).abs() < 1e-6, "{v} half_scalar fout {i}");
        }
    }
}

fn bf(x: f64) -> u16 {
    henc(x, BF16, 'n')
}

#[test]
fn bf16_kernels() {
    for r in programs("14_bf16") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(14);
        // bf16_convert
        let mut f: Vec<f32> = (0..200).map(|_| rng.f32() * 3000.0).collect();
        f.extend([0.0, -0.0, 1e-40, -1e-39, 3.0e38, -3.3e38, 1.0 + 1.0 / 256.0, 1.0 + 3.0 / 256.0]);
        let n = f.len();
        let k: Vec<i32> = (0..n).map(|_| rng.i32(-2_000_000, 2_000_000)).collect();
        let (df, dk) = (upload(mem, &f), upload(mem, &k));
        let dh = upload(mem, &vec![0u16; n * 5]);
        let df2 = upload(mem, &vec![0f32; n * 2]);
        let dki = upload(mem, &vec![0i32; n]);
        let dhh = upload(mem, &vec![0u16; n]);
        let mut params = Params::new();
        params.ptr(df).ptr(dk).ptr(dh).ptr(df2).ptr(dki).ptr(dhh).i32(n as i32);
        r.launch("bf16_convert", 2, 128, 0, &params);
        let (gh, gf2, gki, ghh) = (
            download::<u16>(mem, dh, n * 5),
            download::<f32>(mem, df2, 2 * n),
            download::<i32>(mem, dki, n),
            download::<u16>(mem, dhh, n),
        );
        for i in 0..n {
            let x = f64::from(f[i]);
            let want =
                [henc(x, BF16, 'n'), henc(x, BF16, 'z'), henc(x, BF16, 'u'), henc(x, BF16, 'd'), bf(f64::from(k[i]))];
            assert_eq!(&gh[i * 5..i * 5 + 5], &want, "{v} bf16_convert {i}: {x}");
            let two = f64::from(2.0 * f[i]);
            assert_eq!(
                (gf2[2 * i], gf2[2 * i + 1]),
                (hdec(bf(x), BF16) as f32, hdec(bf(two), BF16) as f32),
                "{v} f2 {i}"
            );
            let rz = hdec(want[0], BF16).trunc().clamp(i32::MIN as f64, i32::MAX as f64) as i32;
            assert_eq!(gki[i], rz.wrapping_add(i32::from(want[1] as i16)), "{v} ki {i}");
            let hi = hdec(bf(two), BF16);
            assert_eq!(
                ghh[i],
                if hi.abs() >= 65520.0 { if hi > 0.0 { 0x7c00 } else { 0xfc00 } } else { h(hi) },
                "{v} hh {i}"
            );
        }
        // bf16_gemv: products of bf16 values are exact in f32.
        let (rows, cols) = (70usize, 33usize);
        let am: Vec<u16> = (0..rows * cols).map(|_| bf(f64::from(rng.f32()))).collect();
        let xv: Vec<u16> = (0..cols).map(|_| bf(f64::from(rng.f32()))).collect();
        let (da, dx, dy) = (upload(mem, &am), upload(mem, &xv), upload(mem, &vec![0f32; rows]));
        let mut params = Params::new();
        params.ptr(da).ptr(dx).ptr(dy).i32(rows as i32).i32(cols as i32);
        r.launch("bf16_gemv", 3, 32, 0, &params);
        let want: Vec<f32> = (0..rows)
            .map(|r| {
                (0..cols).fold(0f32, |acc, c| acc + hdec(am[r * cols + c], BF16) as f32 * hdec(xv[c], BF16) as f32)
            })
            .collect();
        check_f32(v, "bf16_gemv", &download::<f32>(mem, dy, rows), &want);
        // bf16_scalar (sqrt through an approximation): to 2%.
        let n = 96usize;
        let a: Vec<u16> = (0..n).map(|_| bf(f64::from(rng.i32(1, 32)) / 8.0)).collect();
        let b: Vec<u16> = (0..n).map(|_| bf(f64::from(rng.i32(1, 32)) / 8.0)).collect();
        let (da, db) = (upload(mem, &a), upload(mem, &b));
        let (dout, dfout) = (upload(mem, &vec![0u16; n]), upload(mem, &vec![0f32; n]));
        let mut params = Params::new();
        params.ptr(da).ptr(db).ptr(dout).ptr(dfout).i32(n as i32);
        r.launch("bf16_scalar", 1, 96, 0, &params);
        let (gout, gf) = (download::<u16>(mem, dout, n), download::<f32>(mem, dfout, n));
        let bv = |x: f64| hdec(bf(x), BF16);
        for i in 0..n {
            let (x, y) = (hdec(a[i], BF16), hdec(b[i], BF16));
            let r = bv(bv(x + y) * x);
            let r = bv(r - y);
            let r = bv(x * y + r);
            let r = -r.max(x.min(y));
            let r = bv(r * x + y);
            let g = hdec(gout[i], BF16);
            assert!((g - r).abs() <= r.abs() * 0.02 + 1e-3, "{v} bf16_scalar {i}: {g} vs {r}");
            let fw = g + if x < y { 1.0 } else { 0.0 } + bv(x.sqrt());
            assert!(
                (f64::from(gf[i]) - fw).abs() <= fw.abs() * 0.01,
                "{v} bf16_scalar fout {i}: {} vs {fw} (x {x} y {y} g {g})",
                gf[i]
            );
        }
    }
}

// ---------------------------------------------------------------- 04_int_simd, 03_int_bits

fn bytes4(x: u32) -> [u8; 4] {
    x.to_le_bytes()
}

fn per_byte(x: u32, y: u32, f: impl Fn(u8, u8) -> u8) -> u32 {
    let (a, b) = (bytes4(x), bytes4(y));
    u32::from_le_bytes([f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2]), f(a[3], b[3])])
}

fn per_half(x: u32, y: u32, f: impl Fn(u16, u16) -> u16) -> u32 {
    u32::from(f(x as u16, y as u16)) | u32::from(f((x >> 16) as u16, (y >> 16) as u16)) << 16
}

fn simd_video_ref(x: u32, y: u32) -> u32 {
    let mut r = per_byte(x, y, u8::wrapping_add);
    r ^= per_byte(x, y, u8::wrapping_sub);
    r = r.wrapping_add(per_half(x, y, u16::wrapping_add));
    r ^= per_half(x, y, u16::wrapping_sub);
    r = r.wrapping_add(per_byte(x, y, |a, b| a.abs_diff(b)));
    r ^= per_byte(x, y, |a, b| (a as i8).abs_diff(b as i8));
    r = r.wrapping_add(per_byte(x, y, |a, b| if a > b { 0xff } else { 0 }));
    r ^= per_half(x, y, |a, b| if a == b { 0xffff } else { 0 });
    r = r.wrapping_add(per_byte(x, y, u8::max));
    r ^= per_byte(x, y, u8::min);
    let (a, b) = (bytes4(x), bytes4(y));
    r = r.wrapping_add((0..4).map(|i| u32::from((a[i] as i8).abs_diff(b[i] as i8))).sum::<u32>());
    r ^= per_byte(x, y, |a, b| ((u16::from(a) + u16::from(b) + 1) >> 1) as u8);
    r = r.wrapping_add(per_byte(x, y, |a, b| u8::from(a > b)));
    r ^= per_byte(x, y, |a, b| (a as i8).saturating_add(b as i8) as u8);
    r = r.wrapping_add(per_half(x, y, u16::saturating_sub));
    r ^= per_byte(x, y, |a, b| ((u16::from(a) + u16::from(b)) >> 1) as u8);
    r = r.wrapping_add(per_byte(x, 0, |a, _| a.wrapping_neg()));
    r ^= per_half(x, 0, |a, _| (a as i16).wrapping_abs() as u16);
    r
}

#[test]
fn simd_video_and_bit_kernels() {
    for r in programs("04_int_simd") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(4);
        let n = 500usize;
        let a: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let b: Vec<u32> = (0..n)
            .map(|i| if i % 5 == 0 { a[i] ^ (rng.next() as u32 & 0x00ff_00ff) } else { rng.next() as u32 })
            .collect();
        let (da, db, dout) = (upload(mem, &a), upload(mem, &b), upload(mem, &vec![0u32; n]));
        r.launch("simd_video", 4, 128, 0, Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32));
        let want: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| simd_video_ref(x, y)).collect();
        check(v, "simd_video", &download::<u32>(mem, dout, n), &want);
    }
    for r in programs("03_int_bits") {
        let (v, p, mem) = (r.v.as_str(), &r.p, &r.mem);
        let mut rng = Rng::new(3);
        let n = 500usize;
        let mut a: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        a[..4].copy_from_slice(&[0, 1, 0x8000_0000, u32::MAX]);
        let b: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let (da, db, dout) = (upload(mem, &a), upload(mem, &b), upload(mem, &vec![0u32; n]));
        let params = Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32).bytes().to_vec();
        let name = kname(p, "bit_intrinsics32");
        p.launch(&name, Dim3::x(4), Dim3::x(128), 0, &params, mem).unwrap_or_else(|f| panic!("{v}: {f}"));
        let perm = |x: u32, y: u32, s: u32| {
            let bytes = (u64::from(y) << 32) | u64::from(x);
            (0..4).fold(0u32, |d, i| {
                let sel = (s >> (4 * i)) & 7;
                d | (((bytes >> (8 * sel)) & 0xff) as u32) << (8 * i)
            })
        };
        let fsl = |lo: u32, hi: u32, s: u32| (((u64::from(hi) << 32 | u64::from(lo)) << s) >> 32) as u32;
        let fsr = |lo: u32, hi: u32, s: u32| ((u64::from(hi) << 32 | u64::from(lo)) >> s) as u32;
        let fns = |m: u32, base: u32, off: i32| {
            let (mut count, mut pos, inc) = (off.unsigned_abs() - 1, base as i32, off.signum());
            while (0..32).contains(&pos) {
                if m >> pos & 1 != 0 {
                    if count == 0 {
                        return pos as u32;
                    }
                    count -= 1;
                }
                pos += inc;
            }
            u32::MAX
        };
        let want: Vec<u32> = a
            .iter()
            .zip(&b)
            .map(|(&x, &y)| {
                let mut r = perm(x, y, 0x5410);
                r ^= perm(x, y, y & 0x7777);
                r = r.wrapping_add(fsl(x, y, y & 31));
                r ^= fsr(x, y, y & 31);
                r = r.wrapping_add(fsl(x, y, y.min(32)));
                r ^= fsr(x, y, y.min(32));
                r = r.wrapping_add(x.reverse_bits());
                r ^= x.leading_zeros();
                r = r.wrapping_add(x.count_ones());
                r ^= if x == 0 { 0 } else { x.trailing_zeros() + 1 };
                r = r.wrapping_add(fns(x, y & 31, 1));
                r ^= fns(x, 31, -2);
                r
            })
            .collect();
        check(v, "bit_intrinsics32", &download::<u32>(mem, dout, n), &want);
    }
}

/// Whether `g` is within `rel` (relative) or `abs` of `w`, NaN matching NaN.
fn close(g: f64, w: f64, rel: f64, abs: f64) -> bool {
    (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= w.abs() * rel + abs
}

#[test]
fn half_vector_and_math_kernels() {
    for r in programs("12_half") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(122);
        let n = 100usize;
        let pair = |r: &mut Rng| {
            u32::from(h(f64::from(r.i32(1, 48)) / 16.0)) | u32::from(h(f64::from(r.i32(1, 48)) / 16.0)) << 16
        };
        let (a, b, c): (Vec<u32>, Vec<u32>, Vec<u32>) = (
            (0..n).map(|_| pair(&mut rng)).collect(),
            (0..n).map(|_| pair(&mut rng)).collect(),
            (0..n).map(|_| pair(&mut rng)).collect(),
        );
        let (da, db, dc, dout) = (upload(mem, &a), upload(mem, &b), upload(mem, &c), upload(mem, &vec![0u32; n]));
        r.launch("half2_vector", 1, 128, 0, Params::new().ptr(da).ptr(db).ptr(dc).ptr(dout).i32(n as i32));
        let got = download::<u32>(mem, dout, n);
        let half = |v: u32, k: u32| hf((v >> (16 * k)) as u16);
        for i in 0..n {
            let mut r = [0f64; 2];
            for k in 0..2 {
                let (x, y, z) = (half(a[i], k), half(b[i], k), half(c[i], k));
                let t = hf(h(hf(h(x + y)) * z));
                let t = hf(h(x * y + t));
                let t = hf(h(t - z));
                let t = hf(h(t * x + y)).clamp(0.0, 1.0);
                let t = hf(h(t * y)).clamp(0.0, 1.0);
                let t = hf(h(t / hf(h(z + 2.0))));
                r[k as usize] = t.max(x.min(y));
            }
            // __lowhigh2highlow swaps the halves; neg then abs leaves magnitudes.
            for k in 0..2u32 {
                let g = half(got[i], k);
                let w = r[1 - k as usize];
                assert!(close(g, w, 0.01, 0.0), "{v} half2_vector {i}.{k}: {g} vs {w}");
            }
        }
    }
    for r in programs("13_half_math") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(13);
        let n = 64usize;
        let a: Vec<u16> = (0..n).map(|_| h(f64::from(rng.i32(-400, 400)) / 37.0)).collect();
        let (da, dout) = (upload(mem, &a), upload(mem, &vec![0u16; 13 * n]));
        r.launch("half_math", 1, 64, 0, Params::new().ptr(da).ptr(dout).i32(n as i32));
        let got = download::<u16>(mem, dout, 13 * n);
        for i in 0..n {
            let x = hf(a[i]).abs();
            let want = [
                x.sqrt(),
                1.0 / x.sqrt(),
                1.0 / x,
                x.exp(),
                x.exp2(),
                x.ln(),
                x.log2(),
                x.sin(),
                x.cos(),
                x.trunc(),
                x.ceil(),
                x.floor(),
                x.round_ties_even(),
            ];
            for (k, &w) in want.iter().enumerate() {
                let g = hf(got[13 * i + k]);
                let w = hf(h(w));
                assert!(close(g, w, 0.002, 0.002), "{v} half_math {i} fn {k}: x {x}: {g} vs {w}");
            }
        }
        // half_dot: products of small halves are exact; the float sums are exact integers/64.
        let n2 = 1000usize;
        let x: Vec<u32> = (0..n2)
            .map(|_| u32::from(h(f64::from(rng.i32(-8, 8)))) | u32::from(h(f64::from(rng.i32(-8, 8)) / 8.0)) << 16)
            .collect();
        let y: Vec<u32> = (0..n2)
            .map(|_| u32::from(h(f64::from(rng.i32(-8, 8)))) | u32::from(h(f64::from(rng.i32(-8, 8)) / 8.0)) << 16)
            .collect();
        let (dx, dy, dout) = (upload(mem, &x), upload(mem, &y), upload(mem, &[0f32]));
        r.launch("half_dot", 4, 64, 0, Params::new().ptr(dx).ptr(dy).ptr(dout).i32(n2 as i32));
        let want: f64 = x
            .iter()
            .zip(&y)
            .map(|(&x, &y)| hf(x as u16) * hf(y as u16) + hf((x >> 16) as u16) * hf((y >> 16) as u16))
            .sum();
        assert_eq!(f64::from(download::<f32>(mem, dout, 1)[0]), want, "{v} half_dot");
    }
    for r in programs("04_int_simd") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(44);
        let n = 300usize;
        let w: Vec<u32> = (0..4 * n).map(|_| rng.next() as u32).collect();
        let (a, b, ua, ub) = (&w[..n], &w[n..2 * n], &w[2 * n..3 * n], &w[3 * n..]);
        let (da, db, dua, dub) = (upload(mem, a), upload(mem, b), upload(mem, ua), upload(mem, ub));
        let (dout, duout) = (upload(mem, &vec![0i32; n]), upload(mem, &vec![0u32; n]));
        let mut params = Params::new();
        params.ptr(da).ptr(db).ptr(dua).ptr(dub).ptr(dout).ptr(duout).i32(n as i32);
        r.launch("dot_products", 3, 128, 0, &params);
        let (gs, gu) = (download::<i32>(mem, dout, n), download::<u32>(mem, duout, n));
        for i in 0..n {
            let (sa, sb) =
                (a[i].to_le_bytes().map(|x| i32::from(x as i8)), b[i].to_le_bytes().map(|x| i32::from(x as i8)));
            // dp2a: `a` as two 16-bit values, `b` as four bytes (lo: bytes 0-1, hi: 2-3).
            let ah = [i32::from(a[i] as i16), i32::from((a[i] >> 16) as i16)];
            let mut s = (0..4).map(|k| sa[k] * sb[k]).sum::<i32>();
            s = s.wrapping_add(ah[0] * sb[0] + ah[1] * sb[1]);
            s = s.wrapping_add(ah[0] * sb[2] + ah[1] * sb[3]);
            assert_eq!(gs[i], s, "{v} dp signed {i}");
            let (pa, pb) = (ua[i].to_le_bytes().map(u32::from), ub[i].to_le_bytes().map(u32::from));
            let ah = [ua[i] & 0xffff, ua[i] >> 16];
            let mut u = 1u32.wrapping_add((0..4).map(|k| pa[k] * pb[k]).sum::<u32>());
            u = u.wrapping_add(ah[0] * pb[0] + ah[1] * pb[1]);
            u = u.wrapping_add(ah[0] * pb[2] + ah[1] * pb[3]);
            assert_eq!(gu[i], u, "{v} dp unsigned {i}");
        }
    }
}

#[test]
fn half2_bf162_and_bitfield_kernels() {
    for r in programs("13_half_math") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(132);
        let n = 64usize;
        let a: Vec<u32> = (0..n)
            .map(|_| {
                u32::from(h(f64::from(rng.i32(-300, 300)) / 29.0))
                    | u32::from(h(f64::from(rng.i32(1, 300)) / 31.0)) << 16
            })
            .collect();
        let (da, dout) = (upload(mem, &a), upload(mem, &vec![0u32; 8 * n]));
        r.launch("half2_math", 1, 64, 0, Params::new().ptr(da).ptr(dout).i32(n as i32));
        let got = download::<u32>(mem, dout, 8 * n);
        for i in 0..n {
            for k in 0..2 {
                let x = hf((a[i] >> (16 * k)) as u16).abs();
                let want = [x.sqrt(), 1.0 / x.sqrt(), 1.0 / x, x.exp(), x.ln(), x.sin(), x.cos(), x.floor()];
                for (f, &w) in want.iter().enumerate() {
                    let g = hf((got[8 * i + f] >> (16 * k)) as u16);
                    let w = hf(h(w));
                    assert!(close(g, w, 0.002, 0.002), "{v} half2_math {i}.{k} fn {f}: x {x}: {g} vs {w}");
                }
            }
        }
    }
    for r in programs("14_bf16") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(142);
        let n = 64usize;
        let pair = |r: &mut Rng| {
            u32::from(bf(f64::from(r.i32(-32, 32)) / 8.0)) | u32::from(bf(f64::from(r.i32(-32, 32)) / 8.0)) << 16
        };
        let (a, b, c): (Vec<u32>, Vec<u32>, Vec<u32>) = (
            (0..n).map(|_| pair(&mut rng)).collect(),
            (0..n).map(|_| pair(&mut rng)).collect(),
            (0..n).map(|_| pair(&mut rng)).collect(),
        );
        let (da, db, dc, dout) = (upload(mem, &a), upload(mem, &b), upload(mem, &c), upload(mem, &vec![0u32; n]));
        r.launch("bf162_vector", 1, 64, 0, Params::new().ptr(da).ptr(db).ptr(dc).ptr(dout).i32(n as i32));
        let got = download::<u32>(mem, dout, n);
        let bv = |x: f64| hdec(bf(x), BF16);
        for i in 0..n {
            for k in 0..2 {
                let part = |v: u32| hdec((v >> (16 * k)) as u16, BF16);
                let (x, y, z) = (part(a[i]), part(b[i]), part(c[i]));
                let r = bv(bv(x + y) * z);
                let r = bv(x * y + r);
                let r = bv(r - z);
                let r = r.max(x.min(y));
                let w = bv(bv(r * bv(0.01)).exp());
                let g = part(got[i]);
                assert!(close(g, w, 0.01, 0.0), "{v} bf162_vector {i}.{k}: {g} vs {w}");
            }
        }
    }
    for r in programs("03_int_bits") {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(33);
        let n = 300usize;
        let mut a: Vec<u64> = (0..n).map(|_| rng.next() >> rng.i32(0, 64)).collect();
        a[0] = 0;
        let (da, dout, dout64) = (upload(mem, &a), upload(mem, &vec![0u32; n]), upload(mem, &vec![0u64; n]));
        r.launch("bit_intrinsics64", 3, 128, 0, Params::new().ptr(da).ptr(dout).ptr(dout64).i32(n as i32));
        let want: Vec<u32> = a
            .iter()
            .map(|&x| x.leading_zeros() + 64 * x.count_ones() + 4096 * if x == 0 { 0 } else { x.trailing_zeros() + 1 })
            .collect();
        check(v, "bit_intrinsics64", &download::<u32>(mem, dout, n), &want);
        check(v, "brevll", &download::<u64>(mem, dout64, n), &a.iter().map(|x| x.reverse_bits()).collect::<Vec<_>>());
        let x: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let y: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let (dx, dy, dout) = (upload(mem, &x), upload(mem, &y), upload(mem, &vec![0u32; n]));
        r.launch("bitfields", 3, 128, 0, Params::new().ptr(dx).ptr(dy).ptr(dout).i32(n as i32));
        let bfe_u = |v: u32, pos: u32, len: u32| (v >> pos) & ((1u32 << len) - 1);
        let bfe_s = |v: i32, pos: u32, len: u32| (v << (32 - pos - len)) >> (32 - len);
        let bfi = |base: u32, ins: u32, pos: u32, len: u32| {
            let m = ((1u32 << len) - 1) << pos;
            (base & !m) | ((ins << pos) & m)
        };
        let want: Vec<u32> = x
            .iter()
            .zip(&y)
            .map(|(&x, &y)| {
                let mut r = bfe_u(x, 4, 8).wrapping_add(bfe_u(x, y & 15, 5));
                r ^= bfe_s(x as i32, 3, 9) as u32;
                r = r.wrapping_add(bfi(x, y, 8, 8));
                r ^= bfi(x, y, y & 7, 12);
                let (lo, mid, hi) = (x & 31, y & 0x7ff, (x ^ y) & 0xffff);
                r.wrapping_add(lo * 3 + mid * 5 + hi)
            })
            .collect();
        check(v, "bitfields", &download::<u32>(mem, dout, n), &want);
    }
}

// ---------------------------------------------------------------- 53_pipeline_cp_async (3 kernels)

#[test]
fn pipeline_cp_async_kernels() {
    for r in programs_in("53_pipeline_cp_async", &["sm_80.O3", "sm_90.O3", "sm_90.G", "sm_75.O3"]) {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(53);
        // pipelined_chunk_sum: integer-valued floats, so any summation order is exact.
        let (blocks, chunks) = (3usize, 5usize);
        let input: Vec<f32> = (0..blocks * chunks * 256).map(|_| rng.fint(-50, 50)).collect();
        let (din, dout) = (upload(mem, &input), upload(mem, &vec![0f32; blocks]));
        let mut params = Params::new();
        params.ptr(din).ptr(dout).i32(chunks as i32);
        r.launch("pipelined_chunk_sum", blocks as u32, 64, 0, &params);
        let want: Vec<f32> = input.chunks(chunks * 256).map(|c| c.iter().sum()).collect();
        check_f32(v, "pipelined_chunk_sum", &download(mem, dout, blocks), &want);
        // async_copy_sizes: zero-fill past n.
        let (threads, n) = (128usize, 100usize);
        let s4: Vec<i32> = (0..threads).map(|_| rng.i32(-1000, 1000)).collect();
        let s8: Vec<f64> = (0..threads).map(|_| f64::from(rng.f32())).collect();
        let (d4, d8) = (upload(mem, &s4), upload(mem, &s8));
        let (o4, o8) = (upload(mem, &vec![7i32; threads]), upload(mem, &vec![7f64; threads]));
        let mut params = Params::new();
        params.ptr(d4).ptr(d8).ptr(o4).ptr(o8).i32(n as i32);
        r.launch("async_copy_sizes", 1, threads as u32, 0, &params);
        let w4: Vec<i32> = (0..threads).map(|t| (t + 1) % threads).map(|j| if j < n { s4[j] } else { 0 }).collect();
        let w8: Vec<f64> = (0..threads).map(|t| (t + 1) % threads).map(|j| if j < n { s8[j] } else { 0.0 }).collect();
        check(v, "async_copy_sizes", &download(mem, o4, threads), &w4);
        check_f64(v, "async_copy_sizes", &download(mem, o8, threads), &w8);
        // raw_cp_async: reverse a tile of float4 and swap components.
        let input: Vec<f32> = (0..2 * 128 * 4).map(|_| rng.f32()).collect();
        let (din, dout) = (upload(mem, &input), upload(mem, &vec![0f32; input.len()]));
        r.launch("raw_cp_async", 2, 128, 0, Params::new().ptr(din).ptr(dout));
        let mut want = vec![0f32; input.len()];
        for b in 0..2 {
            for t in 0..128 {
                let src = (b * 128 + 127 - t) * 4;
                for k in 0..4 {
                    want[(b * 128 + t) * 4 + k] = input[src + 3 - k];
                }
            }
        }
        check_f32(v, "raw_cp_async", &download(mem, dout, want.len()), &want);
    }
}

// ---------------------------------------------------------------- 54_memcpy_async_barrier (2 kernels)
// All four variants: sm_90.G and sm_75.O3 wait in libcu++ polling loops (try_wait with
// globaltimer backoff; atomic polling with nanosleep on sm_75), which finish because a polling
// warp gives way to the warps it waits for.

#[test]
fn memcpy_async_barrier_kernels() {
    for r in programs_in("54_memcpy_async_barrier", &["sm_80.O3", "sm_80.G", "sm_90.O3", "sm_90.G", "sm_75.O3"]) {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(54);
        // barrier_memcpy_async: dynamic shared memory staging through cuda::memcpy_async.
        let (blocks, n) = (3usize, 512usize);
        let input: Vec<f32> = (0..blocks * n).map(|_| rng.fint(-100, 100) / 4.0).collect();
        let (din, dout) = (upload(mem, &input), upload(mem, &vec![0f32; blocks * n]));
        let mut params = Params::new();
        params.ptr(din).ptr(dout).i32(n as i32);
        r.launch("barrier_memcpy_async", blocks as u32, 128, (n * 4) as u32, &params);
        let want: Vec<f32> = (0..blocks * n)
            .map(|i| (i / n, i % n))
            .map(|(b, i)| input[b * n + i] * 2.0 + input[b * n + n - 1 - i])
            .collect();
        check_f32(v, "barrier_memcpy_async", &download(mem, dout, blocks * n), &want);
        // barrier_phases: neighbour sums through barrier phases, then arrive_and_drop.
        let (threads, iters) = (128usize, 5);
        let data: Vec<i32> = (0..blocks * threads).map(|_| rng.i32(-1000, 1000)).collect();
        let dd = upload(mem, &data);
        let mut params = Params::new();
        params.ptr(dd).i32(iters);
        r.launch("barrier_phases", blocks as u32, threads as u32, 0, &params);
        let mut want = data.clone();
        for blk in want.chunks_mut(threads) {
            for _ in 0..iters {
                let old = blk.to_vec();
                for t in 0..threads {
                    blk[t] = old[t].wrapping_add(old[(t + 1) % threads]);
                }
            }
        }
        check(v, "barrier_phases", &download(mem, dd, blocks * threads), &want);
    }
}

// ---------------------------------------------------------------- 55_mbarrier_sm90 (4 kernels)

#[test]
fn mbarrier_sm90_kernels() {
    for r in programs_in("55_mbarrier_sm90", &["sm_90.O3", "sm_90.G"]) {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(55);
        // bulk_copy_sum: integer-valued floats, exact in any order.
        let (blocks, iters) = (2usize, 3usize);
        let input: Vec<f32> = (0..blocks * iters * 1024).map(|_| rng.fint(-20, 20)).collect();
        let (din, dout) = (upload(mem, &input), upload(mem, &vec![0f32; blocks]));
        let mut params = Params::new();
        params.ptr(din).ptr(dout).i32(iters as i32);
        r.launch("bulk_copy_sum", blocks as u32, 128, 0, &params);
        let want: Vec<f32> = input.chunks(iters * 1024).map(|c| c.iter().sum()).collect();
        check_f32(v, "bulk_copy_sum", &download(mem, dout, blocks), &want);
        // mbarrier_sync
        let threads = 128usize;
        let data: Vec<i32> = (0..blocks * threads).map(|_| rng.i32(-1000, 1000)).collect();
        let dd = upload(mem, &data);
        r.launch("mbarrier_sync", blocks as u32, threads as u32, 0, Params::new().ptr(dd));
        let want: Vec<i32> =
            (0..blocks * threads).map(|i| data[i / threads * threads + (i + 1) % threads] * 3).collect();
        check(v, "mbarrier_sync", &download(mem, dd, blocks * threads), &want);
        // ptx_bulk_copy
        let input: Vec<i32> = (0..blocks * 512).map(|_| rng.i32(-1000, 1000)).collect();
        let (din, dout) = (upload(mem, &input), upload(mem, &vec![0i32; blocks * threads]));
        r.launch("ptx_bulk_copy", blocks as u32, threads as u32, 0, Params::new().ptr(din).ptr(dout));
        let want: Vec<i32> = (0..blocks * threads)
            .map(|i| (i / threads, i % threads))
            .map(|(b, t)| (t..512).step_by(threads).map(|k| input[b * 512 + k]).sum())
            .collect();
        check(v, "ptx_bulk_copy", &download(mem, dout, blocks * threads), &want);
        // ptx_wrappers: the token's low byte is hardware-specific; only check that it runs.
        let dout = upload(mem, &vec![0i32; blocks * threads]);
        r.launch("ptx_wrappers", blocks as u32, threads as u32, 0, Params::new().ptr(dout));
    }
}

// ---------------------------------------------------------------- 73_sm90_features (2 of 7 kernels)

#[test]
fn sm90_grid_constant_and_async_remote_kernels() {
    for r in programs_in("73_sm90_features", &["sm_90.O3", "sm_90.G"]) {
        let (v, mem) = (r.v.as_str(), &r.mem);
        let mut rng = Rng::new(73);
        // grid_constant_param: a __grid_constant__ struct read through its address (-G:
        // cvta.param and generic loads).
        for mode in [0, 1] {
            let n = 300usize;
            let coeffs: Vec<f32> = (0..16).map(|_| rng.fint(-8, 8)).collect();
            let input: Vec<f32> = (0..n).map(|_| rng.fint(-20, 20)).collect();
            let (din, dout) = (upload(mem, &input), upload(mem, &vec![f32::NAN; n]));
            let mut params = Params::new();
            coeffs.iter().for_each(|&c| {
                params.f32(c);
            });
            params.i32(n as i32).i32(mode).ptr(din).ptr(dout);
            r.launch("grid_constant_param", 3, 128, 0, &params);
            let want: Vec<f32> = (0..n)
                .map(|i| (0..16).fold(0.0f32, |a, k| a + coeffs[k] * input[(i + k) % n]))
                .map(|acc| if mode != 0 { acc } else { -acc })
                .collect();
            check_f32(v, "grid_constant_param", &download(mem, dout, n), &want);
        }
        // cluster_async_remote: each block of a 2-block cluster st.async's rank + 100 and
        // red.async.add's rank + 1 into its peer, completing on the peer's mbarrier.
        let blocks = 6usize;
        let dout = upload(mem, &vec![0u32; blocks * 2]);
        r.launch("cluster_async_remote", blocks as u32, 64, 0, Params::new().ptr(dout));
        let want: Vec<u32> = (0..blocks).flat_map(|b| [((b as u32 % 2) ^ 1) + 100, ((b as u32 % 2) ^ 1) + 1]).collect();
        check(v, "cluster_async_remote", &download(mem, dout, blocks * 2), &want);
    }
}
