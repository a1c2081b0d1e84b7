//! Runs corpus kernels (tests/corpus/cu/*.cu, nvcc 13 PTX for sm_80, -O3 and -G) on fresh random
//! inputs and compares every output with a CPU reference written from the .cu source.
//!
//! Float inputs are small integers or dyadic fractions where an algorithm accumulates, so the
//! result is exact whether nvcc contracted `a * b + c` into an fma (-O3) or not (-G).

use simt::{DeviceMemory, DevicePtr, Dim3, Params, Program};

const VARIANTS: [&str; 2] = ["sm_80.O3", "sm_80.G"];

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn i32(&mut self, lo: i32, hi: i32) -> i32 {
        lo + (self.next() % (hi - lo) as u64) as i32
    }
    /// A small integer-valued float in [lo, hi).
    fn fint(&mut self, lo: i32, hi: i32) -> f32 {
        self.i32(lo, hi) as f32
    }
    fn f32(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0
    }
}

/// Loads `stem` (e.g. `64_grid_stride`) in every variant.
fn programs(stem: &str) -> Vec<(String, Program)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/corpus/ptx");
    let mut out = Vec::new();
    for v in VARIANTS {
        let path = format!("{dir}/{stem}.{v}.ptx");
        let src = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let parsed = ptx::parse(&src);
        let (p, _errors) = Program::load_partial(&parsed.module, Some(&src));
        out.push((v.to_string(), p));
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

trait Pod: Copy + Default + std::fmt::Debug + PartialEq {}
impl Pod for i8 {}
impl Pod for u8 {}
impl Pod for i16 {}
impl Pod for i32 {}
impl Pod for u32 {}
impl Pod for i64 {}
impl Pod for u64 {}
impl Pod for f32 {}
impl Pod for f64 {}

fn bytes<T: Pod>(data: &[T]) -> &[u8] {
    // SAFETY: `Pod` types are primitive numbers without padding.
    unsafe { std::slice::from_raw_parts(data.as_ptr().cast(), std::mem::size_of_val(data)) }
}

fn upload<T: Pod>(mem: &DeviceMemory, data: &[T]) -> DevicePtr {
    let p = mem.alloc(std::mem::size_of_val(data).max(1) as u64).unwrap();
    mem.write(p, bytes(data)).unwrap();
    p
}

fn download<T: Pod>(mem: &DeviceMemory, p: DevicePtr, n: usize) -> Vec<T> {
    let mut out = vec![T::default(); n];
    // SAFETY: as in `bytes`, for writes into a vector of primitives.
    let b = unsafe { std::slice::from_raw_parts_mut(out.as_mut_ptr().cast::<u8>(), std::mem::size_of_val(&out[..])) };
    mem.read(p, b).unwrap();
    out
}

#[allow(clippy::too_many_arguments)]
fn launch(p: &Program, v: &str, k: &str, grid: Dim3, block: Dim3, shared: u32, params: &Params, mem: &DeviceMemory) {
    let name = kname(p, k);
    p.launch(&name, grid, block, shared, params.bytes(), mem).unwrap_or_else(|f| panic!("{v} {k}: {f}"));
}

#[track_caller]
fn check<T: Pod>(v: &str, k: &str, got: &[T], want: &[T]) {
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
    for (v, p) in programs("64_grid_stride") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(64);
        let n = 3000 + rng.i32(0, 500) as usize;
        // saxpy (grid-stride with a small grid).
        let x: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let y: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
        let a = rng.f32() * 4.0;
        let (dx, dy) = (upload(&mem, &x), upload(&mem, &y));
        launch(&p, v, "saxpy", Dim3::x(3), Dim3::x(128), 0, Params::new().i32(n as i32).f32(a).ptr(dx).ptr(dy), &mem);
        let want: Vec<f32> =
            x.iter().zip(&y).map(|(&x, &y)| if v.ends_with("O3") { a.mul_add(x, y) } else { a * x + y }).collect();
        check_f32(v, "saxpy", &download(&mem, dy, n), &want);
        // daxpy
        let x: Vec<f64> = (0..n).map(|_| f64::from(rng.f32()) * 3.0).collect();
        let y: Vec<f64> = (0..n).map(|_| f64::from(rng.f32())).collect();
        let a = f64::from(rng.f32());
        let (dx, dy) = (upload(&mem, &x), upload(&mem, &y));
        launch(&p, v, "daxpy", Dim3::x(5), Dim3::x(64), 0, Params::new().u64(n as u64).f64(a).ptr(dx).ptr(dy), &mem);
        let want: Vec<f64> =
            x.iter().zip(&y).map(|(&x, &y)| if v.ends_with("O3") { a.mul_add(x, y) } else { a * x + y }).collect();
        check_f64(v, "daxpy", &download(&mem, dy, n), &want);
        // vadd_i32
        let a: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let b: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let (da, db, dc) = (upload(&mem, &a), upload(&mem, &b), mem.alloc(4 * n as u64).unwrap());
        launch(
            &p,
            v,
            "vadd_i32",
            Dim3::x(4),
            Dim3::x(96),
            0,
            Params::new().ptr(da).ptr(db).ptr(dc).u32(n as u32),
            &mem,
        );
        let want: Vec<i32> = a.iter().zip(&b).map(|(x, y)| x.wrapping_add(*y)).collect();
        check(v, "vadd_i32", &download::<i32>(&mem, dc, n), &want);
        // iota_fill
        let (o1, o2) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
        let (start, value) = (rng.i32(-5000, 5000), rng.i32(-9, 9));
        launch(
            &p,
            v,
            "iota_fill",
            Dim3::x(2),
            Dim3::x(256),
            0,
            Params::new().ptr(o1).u64(n as u64).i32(start).ptr(o2).i32(value),
            &mem,
        );
        check(v, "iota_fill", &download::<i32>(&mem, o1, n), &(0..n).map(|i| start + i as i32).collect::<Vec<_>>());
        check(v, "iota_fill", &download::<i32>(&mem, o2, n), &vec![value; n]);
        // grid_2d
        let (w, h) = (77usize, 45usize);
        let img: Vec<f32> = (0..w * h).map(|_| rng.fint(-100, 100) / 8.0).collect();
        let gain = rng.fint(-4, 4) / 2.0;
        let di = upload(&mem, &img);
        launch(
            &p,
            v,
            "grid_2d",
            Dim3::new(2, 2, 1),
            Dim3::new(16, 8, 1),
            0,
            Params::new().ptr(di).i32(w as i32).i32(h as i32).f32(gain),
            &mem,
        );
        let want: Vec<f32> = (0..w * h).map(|i| img[i] * gain + ((i % w) ^ (i / w)) as f32).collect();
        check_f32(v, "grid_2d", &download(&mem, di, w * h), &want);
        // grid_3d
        let (nx, ny, nz) = (19usize, 7usize, 5usize);
        let vol: Vec<f32> = (0..nx * ny * nz).map(|_| rng.fint(-50, 50)).collect();
        let dv = upload(&mem, &vol);
        let (grid, block) = (Dim3::new(3, 2, 3), Dim3::new(8, 4, 2));
        launch(
            &p,
            v,
            "grid_3d",
            grid,
            block,
            0,
            Params::new().ptr(dv).i32(nx as i32).i32(ny as i32).i32(nz as i32),
            &mem,
        );
        let want: Vec<f32> = (0..nx * ny * nz)
            .map(|i| {
                let (x, y, z) = (i % nx, (i / nx) % ny, i / (nx * ny));
                (x + y * 10 + z * 100) as f32 + vol[i] * 6.0
            })
            .collect();
        check_f32(v, "grid_3d", &download(&mem, dv, nx * ny * nz), &want);
        // convert_elementwise<float, int>
        let fin: Vec<f32> = (0..n)
            .map(|i| match i % 7 {
                0 => f32::NAN,
                1 => 3e9,
                2 => -3e9,
                _ => rng.f32() * 1e5,
            })
            .collect();
        let (di, d_o) = (upload(&mem, &fin), mem.alloc(8 * n as u64).unwrap());
        launch(
            &p,
            v,
            "convert_elementwiseIfi",
            Dim3::x(4),
            Dim3::x(128),
            0,
            Params::new().ptr(di).ptr(d_o).u64(n as u64),
            &mem,
        );
        check(v, "f2i", &download::<i32>(&mem, d_o, n), &fin.iter().map(|&f| f as i32).collect::<Vec<_>>());
        // <int, double>
        let iin: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let di = upload(&mem, &iin);
        launch(
            &p,
            v,
            "convert_elementwiseIid",
            Dim3::x(4),
            Dim3::x(128),
            0,
            Params::new().ptr(di).ptr(d_o).u64(n as u64),
            &mem,
        );
        check_f64(v, "i2d", &download(&mem, d_o, n), &iin.iter().map(|&x| f64::from(x)).collect::<Vec<_>>());
        // <double, float>
        let din: Vec<f64> = (0..n).map(|_| f64::from_bits(rng.next() >> 2 | 0x3000_0000_0000_0000)).collect();
        let di = upload(&mem, &din);
        launch(
            &p,
            v,
            "convert_elementwiseIdf",
            Dim3::x(4),
            Dim3::x(128),
            0,
            Params::new().ptr(di).ptr(d_o).u64(n as u64),
            &mem,
        );
        check_f32(v, "d2f", &download(&mem, d_o, n), &din.iter().map(|&x| x as f32).collect::<Vec<_>>());
        // <unsigned char, float>
        let bin: Vec<u8> = (0..n).map(|_| rng.next() as u8).collect();
        let di = upload(&mem, &bin);
        launch(
            &p,
            v,
            "convert_elementwiseIhf",
            Dim3::x(4),
            Dim3::x(128),
            0,
            Params::new().ptr(di).ptr(d_o).u64(n as u64),
            &mem,
        );
        check_f32(v, "u8tof", &download(&mem, d_o, n), &bin.iter().map(|&x| f32::from(x)).collect::<Vec<_>>());
        // <long long, short>
        let lin: Vec<i64> = (0..n).map(|_| rng.next() as i64).collect();
        let di = upload(&mem, &lin);
        launch(
            &p,
            v,
            "convert_elementwiseIxs",
            Dim3::x(4),
            Dim3::x(128),
            0,
            Params::new().ptr(di).ptr(d_o).u64(n as u64),
            &mem,
        );
        check(v, "i64toi16", &download::<i16>(&mem, d_o, n), &lin.iter().map(|&x| x as i16).collect::<Vec<_>>());
    }
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
    for (v, p) in programs("31_tiled_matmul") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(31);
        let (m, n, k) = (45usize, 38usize, 53usize);
        let a: Vec<f32> = (0..m * k).map(|_| rng.fint(-8, 8)).collect();
        let b: Vec<f32> = (0..k * n).map(|_| rng.fint(-8, 8)).collect();
        let c0: Vec<f32> = (0..m * n).map(|_| rng.fint(-8, 8)).collect();
        let ab = matmul_ref(m, n, k, &a, &b);
        let (da, db) = (upload(&mem, &a), upload(&mem, &b));
        let (alpha, beta) = (2.0f32, 0.5f32);
        let want: Vec<f32> = ab.iter().zip(&c0).map(|(x, c)| alpha * x + beta * c).collect();
        for name in ["sgemm_naive", "sgemm_tiled"] {
            let dc = upload(&mem, &c0);
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
            launch(&p, v, name, grid, Dim3::new(16, 16, 1), 0, &params, &mem);
            check_f32(v, name, &download(&mem, dc, m * n), &want);
        }
        let dc = mem.alloc(4 * (m * n) as u64).unwrap();
        let grid = Dim3::new((n as u32).div_ceil(32), (m as u32).div_ceil(32), 1);
        launch(
            &p,
            v,
            "sgemm_reg2x2",
            grid,
            Dim3::new(16, 16, 1),
            0,
            Params::new().i32(m as i32).i32(n as i32).i32(k as i32).ptr(da).ptr(db).ptr(dc),
            &mem,
        );
        check_f32(v, "sgemm_reg2x2", &download(&mem, dc, m * n), &ab);
        // dgemm_tiled<T> for T = 8, 16, 32 (n a multiple of T: the kernel reads whole tiles).
        for t in [8u32, 16, 32] {
            let nn = 64usize;
            let a: Vec<f64> = (0..nn * nn).map(|_| f64::from(rng.fint(-16, 16)) / 4.0).collect();
            let b: Vec<f64> = (0..nn * nn).map(|_| f64::from(rng.fint(-16, 16)) / 4.0).collect();
            let (da, db, dc) = (upload(&mem, &a), upload(&mem, &b), mem.alloc(8 * (nn * nn) as u64).unwrap());
            let grid = Dim3::new(nn as u32 / t, nn as u32 / t, 1);
            let name = format!("dgemm_tiledILi{t}E");
            launch(
                &p,
                v,
                &name,
                grid,
                Dim3::new(t, t, 1),
                0,
                Params::new().i32(nn as i32).ptr(da).ptr(db).ptr(dc),
                &mem,
            );
            let mut want = vec![0f64; nn * nn];
            for i in 0..nn {
                for j in 0..nn {
                    want[i * nn + j] = (0..nn).fold(0.0, |acc, kk| a[i * nn + kk].mul_add(b[kk * nn + j], acc));
                }
            }
            check_f64(v, &name, &download(&mem, dc, nn * nn), &want);
        }
    }
}

// ---------------------------------------------------------------- 32_reduction (7 kernels)

#[test]
fn reduction_kernels() {
    for (v, p) in programs("32_reduction") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(32);
        let n = 20_000 + rng.i32(0, 3000) as usize;
        let input: Vec<i32> = (0..n).map(|_| rng.i32(-1000, 1000)).collect();
        let din = upload(&mem, &input);
        // reduce0: one element per thread.
        let threads = 256u32;
        let blocks = (n as u32).div_ceil(threads);
        let dout = mem.alloc(4 * 1024).unwrap();
        launch(
            &p,
            v,
            "reduce0_interleaved",
            Dim3::x(blocks),
            Dim3::x(threads),
            threads * 4,
            Params::new().ptr(din).ptr(dout).u32(n as u32),
            &mem,
        );
        let want: Vec<i32> = input.chunks(threads as usize).map(|c| c.iter().sum()).collect();
        check(v, "reduce0", &download::<i32>(&mem, dout, blocks as usize), &want);
        // reduce2: two elements per thread.
        let blocks = (n as u32).div_ceil(threads * 2);
        launch(
            &p,
            v,
            "reduce2_sequential",
            Dim3::x(blocks),
            Dim3::x(threads),
            threads * 4,
            Params::new().ptr(din).ptr(dout).u32(n as u32),
            &mem,
        );
        let want: Vec<i32> = input.chunks(threads as usize * 2).map(|c| c.iter().sum()).collect();
        check(v, "reduce2", &download::<i32>(&mem, dout, blocks as usize), &want);
        // reduce6<bs>: grid-stride, block sums.
        for bs in [512u32, 256, 128, 64] {
            let grid = 7u32;
            let name = format!("reduce6ILj{bs}E");
            launch(
                &p,
                v,
                &name,
                Dim3::x(grid),
                Dim3::x(bs),
                bs * 4,
                Params::new().ptr(din).ptr(dout).u32(n as u32),
                &mem,
            );
            let mut want = vec![0i32; grid as usize];
            for (i, &x) in input.iter().enumerate() {
                want[(i / (bs as usize * 2)) % grid as usize] += x;
            }
            check(v, &name, &download::<i32>(&mem, dout, grid as usize), &want);
        }
        // argmax with ties (small integer values).
        let f: Vec<f32> = (0..n).map(|_| rng.fint(-50, 50)).collect();
        let df = upload(&mem, &f);
        let (dv, di) = (mem.alloc(4 * 8).unwrap(), mem.alloc(4 * 8).unwrap());
        let grid = 5u32;
        launch(
            &p,
            v,
            "argmax",
            Dim3::x(grid),
            Dim3::x(256),
            0,
            Params::new().ptr(df).ptr(dv).ptr(di).i32(n as i32),
            &mem,
        );
        let (gv, gi) = (download::<f32>(&mem, dv, grid as usize), download::<i32>(&mem, di, grid as usize));
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
    for (v, p) in programs("33_transpose") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(33);
        for (w, h) in [(96usize, 64usize), (64, 64), (70, 45)] {
            let input: Vec<f32> = (0..w * h).map(|_| rng.f32()).collect();
            let di = upload(&mem, &input);
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
                launch(
                    &p,
                    v,
                    name,
                    grid,
                    Dim3::new(32, 8, 1),
                    0,
                    Params::new().ptr(d_o).ptr(di).i32(w as i32).i32(h as i32),
                    &mem,
                );
                check_f32(v, name, &download(&mem, d_o, w * h), &want);
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
        let d = upload(&mem, &f);
        launch(&p, v, "transpose_inplaceIf", grid, block, 0, Params::new().ptr(d).i32(n as i32), &mem);
        let want = tr(&f.iter().map(|x| u64::from(x.to_bits())).collect::<Vec<_>>(), n, 1);
        let got: Vec<f32> = download(&mem, d, n * n);
        check(v, "transpose_inplace<float>", &got.iter().map(|x| u64::from(x.to_bits())).collect::<Vec<_>>(), &want);
        let d2: Vec<u64> = (0..n * n * 2).map(|_| rng.next()).collect();
        let d = upload(&mem, &d2);
        launch(&p, v, "transpose_inplaceI7double2", grid, block, 0, Params::new().ptr(d).i32(n as i32), &mem);
        check(v, "transpose_inplace<double2>", &download::<u64>(&mem, d, n * n * 2), &tr(&d2, n, 2));
        let c: Vec<u8> = (0..n * n).map(|_| rng.next() as u8).collect();
        let d = upload(&mem, &c);
        launch(&p, v, "transpose_inplaceIc", grid, block, 0, Params::new().ptr(d).i32(n as i32), &mem);
        let want: Vec<u8> =
            tr(&c.iter().map(|&x| u64::from(x)).collect::<Vec<_>>(), n, 1).iter().map(|&x| x as u8).collect();
        check(v, "transpose_inplace<char>", &download::<u8>(&mem, d, n * n), &want);
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
    for (v, p) in programs("41_recursion") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(41);
        let n = 300usize;
        let input: Vec<i32> = (0..n).map(|_| rng.i32(-100_000, 100_000)).collect();
        let din = upload(&mem, &input);
        let (df, dfib, dpar, dg) = (
            mem.alloc(8 * n as u64).unwrap(),
            mem.alloc(4 * n as u64).unwrap(),
            mem.alloc(4 * n as u64).unwrap(),
            mem.alloc(4 * n as u64).unwrap(),
        );
        launch(
            &p,
            v,
            "recursion_kernel",
            Dim3::x(3),
            Dim3::x(128),
            0,
            Params::new().ptr(din).ptr(df).ptr(dfib).ptr(dpar).ptr(dg).i32(n as i32),
            &mem,
        );
        let fact = |k: u64| (1..=k.max(1)).product::<u64>();
        check(
            v,
            "factorial",
            &download::<u64>(&mem, df, n),
            &input.iter().map(|&x| fact((x & 15) as u64)).collect::<Vec<_>>(),
        );
        check(
            v,
            "fib (two recursive calls)",
            &download::<i32>(&mem, dfib, n),
            &input.iter().map(|&x| fib(x & 15)).collect::<Vec<_>>(),
        );
        check(
            v,
            "is_even",
            &download::<i32>(&mem, dpar, n),
            &input.iter().map(|&x| i32::from((x & 63) % 2 == 0)).collect::<Vec<_>>(),
        );
        check(v, "gcd", &download::<i32>(&mem, dg, n), &input.iter().map(|&x| gcd(x, 360)).collect::<Vec<_>>());
        // sort_and_search: each thread quicksorts its 32 values in a local array.
        let (threads, len) = (64usize, 32usize);
        let vals: Vec<i32> = (0..threads * len).map(|_| rng.i32(-50, 50)).collect();
        let key = rng.i32(-50, 50);
        let (dv, ds, dfound) = (
            upload(&mem, &vals),
            mem.alloc(4 * (threads * len) as u64).unwrap(),
            mem.alloc(4 * threads as u64).unwrap(),
        );
        launch(
            &p,
            v,
            "sort_and_search",
            Dim3::x(2),
            Dim3::x(32),
            0,
            Params::new().ptr(dv).ptr(ds).ptr(dfound).i32(len as i32).i32(key),
            &mem,
        );
        let mut sorted = vals.clone();
        let mut found = Vec::new();
        for c in sorted.chunks_mut(len) {
            c.sort();
            found.push(bsearch_rec(c, 0, len as i32 - 1, key));
        }
        check(v, "quicksort", &download::<i32>(&mem, ds, threads * len), &sorted);
        check(v, "bsearch", &download::<i32>(&mem, dfound, threads), &found);
    }
}

// ---------------------------------------------------------------- 24_warp_reduce_scan (5 kernels)

#[test]
fn warp_reduce_scan_kernels() {
    for (v, p) in programs("24_warp_reduce_scan") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(24);
        let n = 5000 + rng.i32(0, 200) as usize;
        let (threads, blocks) = (128u32, (n as u32).div_ceil(128));
        // warp_reduce_sum_f32 (integer-valued floats: the atomic order does not matter).
        let f: Vec<f32> = (0..n).map(|_| rng.fint(-100, 100)).collect();
        let (df, dsum) = (upload(&mem, &f), upload(&mem, &[0f32]));
        launch(
            &p,
            v,
            "warp_reduce_sum_f32",
            Dim3::x(blocks),
            Dim3::x(threads),
            0,
            Params::new().ptr(df).ptr(dsum).i32(n as i32),
            &mem,
        );
        check_f32(v, "warp_reduce_sum_f32", &download(&mem, dsum, 1), &[f.iter().sum()]);
        // warp_reduce_max_i32
        let xs: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let (dx, dmax) = (upload(&mem, &xs), upload(&mem, &[i32::MIN]));
        launch(
            &p,
            v,
            "warp_reduce_max_i32",
            Dim3::x(blocks),
            Dim3::x(threads),
            0,
            Params::new().ptr(dx).ptr(dmax).i32(n as i32),
            &mem,
        );
        check(v, "warp_reduce_max_i32", &download::<i32>(&mem, dmax, 1), &[*xs.iter().max().unwrap()]);
        // warp_scan
        let xs: Vec<i32> = (0..n).map(|_| rng.i32(-1000, 1000)).collect();
        let dx = upload(&mem, &xs);
        let (dincl, dexcl) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * n as u64).unwrap());
        launch(
            &p,
            v,
            "warp_scan",
            Dim3::x(blocks),
            Dim3::x(threads),
            0,
            Params::new().ptr(dx).ptr(dincl).ptr(dexcl).i32(n as i32),
            &mem,
        );
        let mut incl = vec![0i32; n];
        for (w, c) in xs.chunks(32).enumerate() {
            let mut s = 0;
            for (k, &x) in c.iter().enumerate() {
                s += x;
                incl[w * 32 + k] = s;
            }
        }
        check(v, "warp_scan incl", &download::<i32>(&mem, dincl, n), &incl);
        let excl: Vec<i32> = incl.iter().zip(&xs).map(|(s, x)| s - x).collect();
        check(v, "warp_scan excl", &download::<i32>(&mem, dexcl, n), &excl);
        // block_scan (blocks of 256; the last block is partial).
        let bt = 256usize;
        let nb = n.div_ceil(bt);
        let (dout, dsums) = (mem.alloc(4 * n as u64).unwrap(), mem.alloc(4 * nb as u64).unwrap());
        launch(
            &p,
            v,
            "block_scan",
            Dim3::x(nb as u32),
            Dim3::x(bt as u32),
            0,
            Params::new().ptr(dx).ptr(dout).ptr(dsums).i32(n as i32),
            &mem,
        );
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
        check(v, "block_scan", &download::<i32>(&mem, dout, n), &want);
        check(v, "block_scan sums", &download::<i32>(&mem, dsums, nb), &sums);
        // block_reduce_f64 (dyadic values: exact in any order).
        let d: Vec<f64> = (0..n).map(|_| f64::from(rng.i32(-4096, 4096)) / 64.0).collect();
        let grid = 6usize;
        let (dd, dout) = (upload(&mem, &d), mem.alloc(8 * grid as u64).unwrap());
        launch(
            &p,
            v,
            "block_reduce_f64",
            Dim3::x(grid as u32),
            Dim3::x(160),
            0,
            Params::new().ptr(dd).ptr(dout).i32(n as i32),
            &mem,
        );
        let mut want = vec![0f64; grid];
        for (i, &x) in d.iter().enumerate() {
            want[(i / 160) % grid] += x;
        }
        check_f64(v, "block_reduce_f64", &download(&mem, dout, grid), &want);
    }
}

// ---------------------------------------------------------------- 30_shared_memory (4 kernels)

#[test]
fn shared_memory_kernels() {
    for (v, p) in programs("30_shared_memory") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
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
        let d = upload(&mem, &xs);
        launch(
            &p,
            v,
            "reverse_blockIi",
            grid,
            Dim3::x(bt as u32),
            (bt * 4) as u32,
            Params::new().ptr(d).i32(n as i32),
            &mem,
        );
        let want: Vec<i32> =
            reverse_ref(&xs.iter().map(|&x| x as u64).collect::<Vec<_>>()).iter().map(|&x| x as i32).collect();
        check(v, "reverse_block<int>", &download::<i32>(&mem, d, n), &want);
        let xs: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let d = upload(&mem, &xs);
        launch(
            &p,
            v,
            "reverse_blockId",
            grid,
            Dim3::x(bt as u32),
            (bt * 8) as u32,
            Params::new().ptr(d).i32(n as i32),
            &mem,
        );
        check(v, "reverse_block<double>", &download::<u64>(&mem, d, n), &reverse_ref(&xs));
        let xs: Vec<i16> = (0..n).map(|_| rng.next() as i16).collect();
        let d = upload(&mem, &xs);
        launch(
            &p,
            v,
            "reverse_blockIs",
            grid,
            Dim3::x(bt as u32),
            (bt * 2) as u32,
            Params::new().ptr(d).i32(n as i32),
            &mem,
        );
        let want: Vec<i16> =
            reverse_ref(&xs.iter().map(|&x| x as u64).collect::<Vec<_>>()).iter().map(|&x| x as i16).collect();
        check(v, "reverse_block<short>", &download::<i16>(&mem, d, n), &want);
        // shared_2d: row sums of 16x16 tiles through a __noinline__ device function.
        let blocks = 5usize;
        let m: Vec<f32> = (0..blocks * 256).map(|_| rng.fint(-1000, 1000)).collect();
        let (dm, dout) = (upload(&mem, &m), mem.alloc(4 * (blocks * 16) as u64).unwrap());
        launch(
            &p,
            v,
            "shared_2d",
            Dim3::x(blocks as u32),
            Dim3::new(16, 16, 1),
            0,
            Params::new().ptr(dm).ptr(dout),
            &mem,
        );
        let want: Vec<f32> = m.chunks(16).map(|r| r.iter().sum()).collect();
        check_f32(v, "shared_2d", &download(&mem, dout, blocks * 16), &want);
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
    for (v, p) in programs("01_int_arith32") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
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
        let (da, db, dout) = (upload(&mem, &a), upload(&mem, &b), mem.alloc(8 * n as u64).unwrap());
        launch(
            &p,
            v,
            "int32_arith_signed",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32),
            &mem,
        );
        let want: Vec<i32> = a.iter().zip(&b).map(|(&x, &y)| int32_signed_ref(x, y)).collect();
        check(v, "int32_arith_signed", &download::<i32>(&mem, dout, n), &want);
        launch(
            &p,
            v,
            "int32_arith_unsigned",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32),
            &mem,
        );
        let want: Vec<u32> = a.iter().zip(&b).map(|(&x, &y)| int32_unsigned_ref(x as u32, y as u32)).collect();
        check(v, "int32_arith_unsigned", &download::<u32>(&mem, dout, n), &want);
        let (ds, du) = (mem.alloc(8 * n as u64).unwrap(), mem.alloc(8 * n as u64).unwrap());
        launch(
            &p,
            v,
            "int32_mul_wide",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(da).ptr(db).ptr(ds).ptr(du).i32(n as i32),
            &mem,
        );
        let want: Vec<i64> = (0..n).map(|i| i64::from(a[i]) * i64::from(a[(i + 1) % n])).collect();
        check(v, "int32_mul_wide s", &download::<i64>(&mem, ds, n), &want);
        let want: Vec<u64> = (0..n).map(|i| u64::from(b[i] as u32) * u64::from(b[(i + 1) % n] as u32)).collect();
        check(v, "int32_mul_wide u", &download::<u64>(&mem, du, n), &want);
        let c: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let dc = upload(&mem, &c);
        launch(
            &p,
            v,
            "int32_mad",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(da).ptr(db).ptr(dc).ptr(dout).i32(n as i32),
            &mem,
        );
        let want: Vec<i32> = (0..n)
            .map(|i| {
                let acc = (0..4).fold(c[i], |acc, k| a[i].wrapping_mul(b[i].wrapping_add(k)).wrapping_add(acc));
                acc.wrapping_neg()
            })
            .collect();
        check(v, "int32_mad", &download::<i32>(&mem, dout, n), &want);
    }
    for (v, p) in programs("02_int_arith64") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
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
        let (da, db, dout) = (upload(&mem, &a), upload(&mem, &b), mem.alloc(8 * n as u64).unwrap());
        launch(
            &p,
            v,
            "int64_arith_signed",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32),
            &mem,
        );
        let want: Vec<i64> = a.iter().zip(&b).map(|(&x, &y)| int64_signed_ref(x, y)).collect();
        check(v, "int64_arith_signed", &download::<i64>(&mem, dout, n), &want);
        launch(
            &p,
            v,
            "int64_arith_unsigned",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(da).ptr(db).ptr(dout).i32(n as i32),
            &mem,
        );
        let want: Vec<u64> = a.iter().zip(&b).map(|(&x, &y)| int64_unsigned_ref(x as u64, y as u64)).collect();
        check(v, "int64_arith_unsigned", &download::<u64>(&mem, dout, n), &want);
        let s: Vec<i32> = (0..n).map(|_| rng.next() as i32).collect();
        let u: Vec<u32> = (0..n).map(|_| rng.next() as u32).collect();
        let (ds, du) = (upload(&mem, &s), upload(&mem, &u));
        launch(
            &p,
            v,
            "int64_mixed",
            grid,
            Dim3::x(128),
            0,
            Params::new().ptr(ds).ptr(du).ptr(dout).i32(n as i32),
            &mem,
        );
        let want: Vec<i64> = (0..n)
            .map(|i| {
                let t = i64::from(s[i]).wrapping_mul(3).wrapping_add(i64::from(u[i]));
                t.wrapping_add(i64::from((t >> 17) as i32))
            })
            .collect();
        check(v, "int64_mixed", &download::<i64>(&mem, dout, n), &want);
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
    for (v, p) in programs("06_float_arith") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
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
        let (dx, dy, dz, dout) =
            (upload(&mem, &x), upload(&mem, &y), upload(&mem, &z), mem.alloc(80 * n as u64).unwrap());
        launch(
            &p,
            v,
            "f32_rounding",
            Dim3::x(8),
            Dim3::x(128),
            0,
            Params::new().ptr(dx).ptr(dy).ptr(dz).ptr(dout).i32(n as i32),
            &mem,
        );
        let got: Vec<f32> = download(&mem, dout, 20 * n);
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
    for (v, p) in programs("27_redux") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(27);
        let n = 256usize;
        let si: Vec<i32> = (0..n).map(|i| if i % 3 == 0 { rng.i32(-50, 50) } else { rng.next() as i32 }).collect();
        let ui: Vec<u32> = (0..n).map(|_| rng.next() as u32 | 0x0100_0000).collect();
        let (ds, du) = (upload(&mem, &si), upload(&mem, &ui));
        let (dout, duout) = (mem.alloc(12 * n as u64).unwrap(), mem.alloc(20 * n as u64).unwrap());
        launch(
            &p,
            v,
            "redux_ops",
            Dim3::x(2),
            Dim3::x(128),
            0,
            Params::new().ptr(ds).ptr(du).ptr(dout).ptr(duout),
            &mem,
        );
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
        check(v, "redux_ops s", &download::<i32>(&mem, dout, 3 * n), &want);
        check(v, "redux_ops u", &download::<u32>(&mem, duout, 5 * n), &uwant);
        // redux_partial: the two half-warps reduce separately.
        launch(&p, v, "redux_partial", Dim3::x(2), Dim3::x(128), 0, Params::new().ptr(du).ptr(dout), &mem);
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
        check(v, "redux_partial", &download::<u32>(&mem, dout, n), &want);
        // count_nonzero
        let f: Vec<f32> = (0..1000).map(|_| if rng.next().is_multiple_of(3) { 0.0 } else { rng.f32() + 2.0 }).collect();
        let (df, dc) = (upload(&mem, &f), upload(&mem, &[0u32]));
        launch(&p, v, "count_nonzero", Dim3::x(4), Dim3::x(256), 0, Params::new().ptr(df).ptr(dc).i32(1000), &mem);
        check(v, "count_nonzero", &download::<u32>(&mem, dc, 1), &[f.iter().filter(|x| **x != 0.0).count() as u32]);
    }
    for (v, p) in programs("26_match") {
        let v = v.as_str();
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(26);
        let n = 256usize;
        // Warp 0: all equal; other warps: few distinct keys.
        let k32: Vec<i32> = (0..n).map(|i| if i < 32 { 7 } else { rng.i32(0, 4) }).collect();
        let k64: Vec<i64> = (0..n).map(|i| if i < 64 { 1 << 40 } else { (rng.i32(0, 3) as i64) << 33 }).collect();
        let (d32, d64, dout) = (upload(&mem, &k32), upload(&mem, &k64), mem.alloc(16 * n as u64).unwrap());
        launch(&p, v, "match_ops", Dim3::x(2), Dim3::x(128), 0, Params::new().ptr(d32).ptr(d64).ptr(dout), &mem);
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
        check(v, "match_ops", &download::<u32>(&mem, dout, 4 * n), &want);
        let nb = 13usize;
        let keys: Vec<u32> = (0..1000).map(|_| rng.next() as u32).collect();
        let (dk, db) = (upload(&mem, &keys), upload(&mem, &vec![0u32; nb]));
        launch(
            &p,
            v,
            "match_histogram",
            Dim3::x(4),
            Dim3::x(256),
            0,
            Params::new().ptr(dk).ptr(db).i32(1000).i32(nb as i32),
            &mem,
        );
        let mut want = vec![0u32; nb];
        for k in &keys {
            want[(*k % nb as u32) as usize] += 1;
        }
        check(v, "match_histogram", &download::<u32>(&mem, db, nb), &want);
    }
}
