//! Warp matrix instructions (tests/kernels/mma.cu, nvcc -O3 for sm_90) on random inputs,
//! checked exactly against CPU references: every wmma shape/type of <mma.h> (fragment
//! layouts are ours, so only results through memory are checked), and the PTX-level
//! `mma.sync`, `ldmatrix`, `stmatrix` and `movmatrix`, whose per-lane register layouts the
//! PTX ISA specifies (the test builds and reads the registers with the documented formulas).

use simt::{DeviceMemory, Dim3, Engine, Params, Program};

mod common;

use common::{Rng, download, upload};

const ENGINES: [Engine; 2] = [Engine::JitAll, Engine::Interp];

fn load(engine: Engine) -> Program {
    let path = format!("{}/tests/kernels/mma.sm_90.O3.ptx", env!("CARGO_MANIFEST_DIR"));
    let src = std::fs::read_to_string(&path).unwrap();
    let parsed = ptx::parse(&src);
    assert!(parsed.diagnostics.is_empty(), "{:?}", parsed.diagnostics);
    let (mut p, errors) = Program::load_partial(&parsed.module, Some(&src));
    assert!(errors.is_empty(), "{}", errors.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"));
    p.set_engine(engine);
    p
}

// ---- element types

/// An element type (`common/matrix.rs`); `Tf32`: f32 in memory, rounded to tf32 by the
/// kernel (`__float_to_tf32`).
use common::matrix::Elem as T;

impl T {
    /// A random element (raw bits).
    fn random(self, rng: &mut Rng) -> u64 {
        let sign = |rng: &mut Rng, bit: u32| (rng.next() & 1) << bit;
        match self {
            // Magnitudes 2^-5 .. 2^5 with random mantissas (products are exact in f32).
            T::F16 => sign(rng, 15) | ((10 + rng.below(11)) << 10) | rng.below(1 << 10),
            T::Bf16 => sign(rng, 15) | ((122 + rng.below(11)) << 7) | rng.below(1 << 7),
            T::Tf32 | T::F32 => sign(rng, 31) | ((122 + rng.below(11)) << 23) | rng.below(1 << 23),
            T::F64 => sign(rng, 63) | ((1018 + rng.below(11)) << 52) | rng.below(1 << 52),
            T::S32 => rng.next() & 0xffff_ffff,
            _ => rng.next() & ((1 << self.bits()) - 1),
        }
    }
    fn float(self, raw: u64) -> f64 {
        match self {
            T::F16 => f16_to_f64(raw as u16),
            T::Bf16 => f64::from(f32::from_bits((raw as u32) << 16)),
            T::Tf32 => f64::from(f32::from_bits(tf32_rna(raw as u32))),
            T::F32 => f64::from(f32::from_bits(raw as u32)),
            T::F64 => f64::from_bits(raw),
            _ => panic!("not a float type"),
        }
    }
    fn int(self, raw: u64) -> i64 {
        let sx = |b: u32| ((raw << (64 - b)) as i64) >> (64 - b);
        match self {
            T::S8 => sx(8),
            T::S4 => sx(4),
            T::S32 => sx(32),
            _ => raw as i64,
        }
    }
}

fn f16_to_f64(h: u16) -> f64 {
    let s = if h >> 15 == 1 { -1.0 } else { 1.0 };
    let e = i32::from((h >> 10) & 31);
    let m = f64::from(h & 1023);
    match e {
        0 => s * m * 2f64.powi(-24),
        31 => {
            if m == 0.0 {
                s * f64::INFINITY
            } else {
                f64::NAN
            }
        }
        _ => s * (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

/// f32 → f16, round to nearest even (finite inputs in the f16 normal/subnormal range or
/// overflowing to infinity).
fn f32_to_f16(x: f32) -> u16 {
    let b = x.to_bits();
    let sign = ((b >> 16) & 0x8000) as u16;
    let a = x.abs();
    if a.is_nan() {
        return 0x7e00;
    }
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    // Scale so that the f16 quantum becomes 1, round to an integer (ties to even), and rebuild.
    let e = if a == 0.0 { -24 } else { (f64::from(a).log2().floor() as i32).max(-14) - 10 };
    let q = (f64::from(a) / 2f64.powi(e)).round_ties_even();
    let v = q * 2f64.powi(e);
    let mut h = 0u16;
    // Encode v exactly (v is representable by construction).
    if v != 0.0 {
        let ev = v.log2().floor() as i32;
        if ev < -14 {
            h = (v / 2f64.powi(-24)) as u16;
        } else {
            let m = ((v / 2f64.powi(ev) - 1.0) * 1024.0).round() as u16;
            h = (((ev + 15) as u16) << 10) | m;
        }
    }
    sign | h
}

/// `cvt.rna.tf32.f32` for finite inputs.
fn tf32_rna(b: u32) -> u32 {
    b.wrapping_add(0x1000) & 0xffff_e000
}

/// A matrix of raw elements stored row- or column-major with a padded leading dimension.
struct Stored {
    bytes: Vec<u8>,
    ld: usize,
}

fn store(t: T, rows: usize, cols: usize, m: &[u64], col: bool, pad: usize) -> Stored {
    let (lead, n) = if col { (rows + pad, cols) } else { (cols + pad, rows) };
    let bits = t.bits() as usize;
    let mut bytes = vec![0u8; (lead * n * bits).div_ceil(8)];
    for r in 0..rows {
        for c in 0..cols {
            let off = if col { c * lead + r } else { r * lead + c } * bits;
            let v = m[r * cols + c];
            for bit in 0..bits {
                if (v >> bit) & 1 == 1 {
                    bytes[(off + bit) / 8] |= 1 << ((off + bit) % 8);
                }
            }
        }
    }
    Stored { bytes, ld: lead }
}

fn fetch(t: T, rows: usize, cols: usize, bytes: &[u8], col: bool, ld: usize) -> Vec<u64> {
    let bits = t.bits() as usize;
    let mut m = vec![0u64; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            let off = if col { c * ld + r } else { r * ld + c } * bits;
            let mut v = 0u64;
            for bit in 0..bits {
                v |= u64::from((bytes[(off + bit) / 8] >> ((off + bit) % 8)) & 1) << bit;
            }
            m[r * cols + c] = v;
        }
    }
    m
}

/// D = A * B + c2 * C, where `c2` doubles C as the kernels do (in C's own type).
#[allow(clippy::too_many_arguments)]
fn reference(
    ta: T,
    tc: T,
    m: usize,
    n: usize,
    k: usize,
    a: &[u64],
    b: &[u64],
    c: &[u64],
    double_c: bool,
    sat: bool,
    bop: Option<bool>,
) -> Vec<u64> {
    let mut d = vec![0u64; m * n];
    for i in 0..m {
        for j in 0..n {
            let cv = c[i * n + j];
            d[i * n + j] = match ta {
                T::F64 => {
                    let mut acc = f64::from_bits(cv);
                    if double_c {
                        acc += acc;
                    }
                    for kk in 0..k {
                        acc = f64::from_bits(a[i * k + kk]).mul_add(f64::from_bits(b[kk * n + j]), acc);
                    }
                    acc.to_bits()
                }
                T::F16 | T::Bf16 | T::Tf32 | T::F32 => {
                    let mut acc = tc.float(cv) as f32;
                    if double_c {
                        acc += acc;
                    }
                    let products: Vec<(f64, f64)> =
                        (0..k).map(|kk| (ta.float(a[i * k + kk]), ta.float(b[kk * n + j]))).collect();
                    // wmma's tf32 m16n16k8 sums in two passes of k = 4 (each truncated to f32),
                    // as an H200 does; `mma.sync` (`ta2` = F32 here) and the rest in one.
                    let pass = if ta == T::Tf32 { 4 } else { k };
                    let (first, last) = products.split_at(k - pass.min(k));
                    let c = first
                        .chunks(pass)
                        .fold(f64::from(acc), |c, chunk| f64::from(f32::from_bits(tensor_sum(c, chunk, false) as u32)));
                    tensor_sum(c, last, tc == T::F16)
                }
                _ => {
                    let mut cv = tc.int(cv) as i32;
                    if double_c {
                        cv = cv.wrapping_add(cv);
                    }
                    let mut acc = i64::from(cv);
                    for kk in 0..k {
                        let (x, y) = (a[i * k + kk], b[kk * n + j]);
                        acc += match bop {
                            Some(true) => ((x ^ y) & 1) as i64,
                            Some(false) => (x & y & 1) as i64,
                            None => ta.int(x) * ta.int(y),
                        };
                    }
                    let r = if sat { acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) } else { acc };
                    u64::from(r as u32)
                }
            };
        }
    }
    d
}

/// An H200's tensor-core sum of `c` and the exact `products` (tests/conformance-gpu/README.md,
/// round 6): every term truncated toward zero to a multiple of 2^(e - 25), `e` the largest of
/// c's exponent and the products' operand exponent sums, the exact sum of those truncated to
/// f32, or rounded to nearest into f16 (`half`).
fn tensor_sum(c: f64, products: &[(f64, f64)], half: bool) -> u64 {
    let exponent = |x: f64| x.abs().log2().floor() as i32;
    let top = products
        .iter()
        .filter(|(x, y)| x * y != 0.0)
        .map(|(x, y)| exponent(*x) + exponent(*y))
        .chain((c != 0.0).then(|| exponent(c)))
        .max();
    let sum = top.map_or(0.0, |top| {
        let unit = 2f64.powi(top - 25);
        let units: f64 =
            std::iter::once(c).chain(products.iter().map(|(x, y)| x * y)).map(|t| (t / unit).trunc()).sum();
        units * unit
    });
    if half {
        // To nearest at binary16's precision first (the sum may hold more bits than an f32),
        // then exactly into binary16.
        let quantum = 2f64.powi(if sum == 0.0 { -24 } else { exponent(sum).max(-14) - 10 });
        u64::from(f32_to_f16(((sum / quantum).round_ties_even() * quantum) as f32))
    } else {
        // Toward zero: f64 -> f32 rounds to nearest; step back where that went outward.
        let near = sum as f32;
        let toward_zero = if f64::from(near).abs() > sum.abs() { f32::from_bits(near.to_bits() - 1) } else { near };
        u64::from(toward_zero.to_bits())
    }
}

fn random_matrix(t: T, n: usize, rng: &mut Rng) -> Vec<u64> {
    (0..n).map(|_| t.random(rng)).collect()
}

/// One wmma kernel of `mma.cu`'s `WMMA(...)` list, on both engines and all C/D layouts.
fn run_wmma(name: &str, (m, n, k): (usize, usize, usize), ta: T, tc: T, acol: bool, bcol: bool) {
    for engine in ENGINES {
        let p = load(engine);
        if engine == Engine::JitAll {
            let why = p.jit_fallback_reason(name).unwrap_or_default();
            assert!(why.contains("matrix"), "{name}: {why}");
        }
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(name.len() as u64 * 7919 + m as u64);
        for (case, (ccol, dcol, sat)) in
            [(false, false, false), (true, false, false), (false, true, true), (true, true, false)]
                .into_iter()
                .enumerate()
        {
            let sat = sat && tc == T::S32;
            let a = random_matrix(ta, m * k, &mut rng);
            let b = random_matrix(ta, k * n, &mut rng);
            let c = random_matrix(tc, m * n, &mut rng);
            let (sa, sb, sc) = (
                store(ta, m, k, &a, acol, 8 * case),
                store(ta, k, n, &b, bcol, 4 * case),
                store(tc, m, n, &c, ccol, 2 * case),
            );
            let pad_d = 3 * case;
            let (dl, dn) = if dcol { (m + pad_d, n) } else { (n + pad_d, m) };
            let dbytes = dl * dn * tc.bits() as usize / 8;
            let (da, db, dc) = (upload(&mem, &sa.bytes), upload(&mem, &sb.bytes), upload(&mem, &sc.bytes));
            let dd = upload(&mem, &vec![0u8; dbytes]);
            let params = Params::new()
                .ptr(da)
                .ptr(db)
                .ptr(dc)
                .ptr(dd)
                .i32(sa.ld as i32)
                .i32(sb.ld as i32)
                .i32(sc.ld as i32)
                .i32(dl as i32)
                .i32(ccol as i32)
                .i32(dcol as i32)
                .i32(sat as i32)
                .clone();
            p.launch(name, Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
            let got = fetch(tc, m, n, &download::<u8>(&mem, dd, dbytes), dcol, dl);
            let want = reference(ta, tc, m, n, k, &a, &b, &c, true, sat, None);
            for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                assert_eq!(g, w, "{name} {engine:?} case {case}: element ({}, {})", i / n, i % n);
            }
        }
    }
}

macro_rules! wmma_tests {
    ($($test:ident: $name:literal, $shape:expr, $ta:ident, $tc:ident, $acol:literal, $bcol:literal;)*) => {
        $(#[test] fn $test() { run_wmma($name, $shape, T::$ta, T::$tc, $acol, $bcol); })*
    };
}

wmma_tests! {
    wmma_f16_f32_16x16x16_rr: "wmma_f16_f32_16x16x16_rr", (16, 16, 16), F16, F32, false, false;
    wmma_f16_f32_16x16x16_rc: "wmma_f16_f32_16x16x16_rc", (16, 16, 16), F16, F32, false, true;
    wmma_f16_f32_16x16x16_cr: "wmma_f16_f32_16x16x16_cr", (16, 16, 16), F16, F32, true, false;
    wmma_f16_f32_16x16x16_cc: "wmma_f16_f32_16x16x16_cc", (16, 16, 16), F16, F32, true, true;
    wmma_f16_f32_32x8x16_rc: "wmma_f16_f32_32x8x16_rc", (32, 8, 16), F16, F32, false, true;
    wmma_f16_f32_32x8x16_cr: "wmma_f16_f32_32x8x16_cr", (32, 8, 16), F16, F32, true, false;
    wmma_f16_f32_8x32x16_rc: "wmma_f16_f32_8x32x16_rc", (8, 32, 16), F16, F32, false, true;
    wmma_f16_f32_8x32x16_cr: "wmma_f16_f32_8x32x16_cr", (8, 32, 16), F16, F32, true, false;
    wmma_f16_f16_16x16x16_rc: "wmma_f16_f16_16x16x16_rc", (16, 16, 16), F16, F16, false, true;
    wmma_f16_f16_16x16x16_cr: "wmma_f16_f16_16x16x16_cr", (16, 16, 16), F16, F16, true, false;
    wmma_f16_f16_32x8x16_rr: "wmma_f16_f16_32x8x16_rr", (32, 8, 16), F16, F16, false, false;
    wmma_f16_f16_8x32x16_cc: "wmma_f16_f16_8x32x16_cc", (8, 32, 16), F16, F16, true, true;
    wmma_bf16_f32_16x16x16_rc: "wmma_bf16_f32_16x16x16_rc", (16, 16, 16), Bf16, F32, false, true;
    wmma_bf16_f32_16x16x16_cr: "wmma_bf16_f32_16x16x16_cr", (16, 16, 16), Bf16, F32, true, false;
    wmma_bf16_f32_32x8x16_rc: "wmma_bf16_f32_32x8x16_rc", (32, 8, 16), Bf16, F32, false, true;
    wmma_bf16_f32_8x32x16_cr: "wmma_bf16_f32_8x32x16_cr", (8, 32, 16), Bf16, F32, true, false;
    wmma_tf32_f32_16x16x8_rc: "wmma_tf32_f32_16x16x8_rc", (16, 16, 8), Tf32, F32, false, true;
    wmma_tf32_f32_16x16x8_cr: "wmma_tf32_f32_16x16x8_cr", (16, 16, 8), Tf32, F32, true, false;
    wmma_f64_f64_8x8x4_rc: "wmma_f64_f64_8x8x4_rc", (8, 8, 4), F64, F64, false, true;
    wmma_f64_f64_8x8x4_cr: "wmma_f64_f64_8x8x4_cr", (8, 8, 4), F64, F64, true, false;
    wmma_s8_s32_16x16x16_rc: "wmma_s8_s32_16x16x16_rc", (16, 16, 16), S8, S32, false, true;
    wmma_s8_s32_16x16x16_cr: "wmma_s8_s32_16x16x16_cr", (16, 16, 16), S8, S32, true, false;
    wmma_s8_s32_32x8x16_rr: "wmma_s8_s32_32x8x16_rr", (32, 8, 16), S8, S32, false, false;
    wmma_s8_s32_8x32x16_cc: "wmma_s8_s32_8x32x16_cc", (8, 32, 16), S8, S32, true, true;
    wmma_u8_s32_16x16x16_rc: "wmma_u8_s32_16x16x16_rc", (16, 16, 16), U8, S32, false, true;
    wmma_u8_s32_32x8x16_cr: "wmma_u8_s32_32x8x16_cr", (32, 8, 16), U8, S32, true, false;
    wmma_u8_s32_8x32x16_rc: "wmma_u8_s32_8x32x16_rc", (8, 32, 16), U8, S32, false, true;
}

/// Sub-byte and single-bit wmma: A row-major, B column-major, C and D row-major.
fn run_wmma_sub(name: &str, k: usize, ta: T, bop: Option<bool>) {
    for engine in ENGINES {
        let p = load(engine);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(k as u64 + name.len() as u64);
        for pad in [0, k] {
            let a = random_matrix(ta, 8 * k, &mut rng);
            let b = random_matrix(ta, k * 8, &mut rng);
            let c = random_matrix(T::S32, 64, &mut rng);
            let (sa, sb, sc) = (
                store(ta, 8, k, &a, false, pad),
                store(ta, k, 8, &b, true, pad),
                store(T::S32, 8, 8, &c, false, pad / 8),
            );
            let (da, db, dc) = (upload(&mem, &sa.bytes), upload(&mem, &sb.bytes), upload(&mem, &sc.bytes));
            let dl = 8 + pad / 4;
            let dd = upload(&mem, &vec![0u8; dl * 8 * 4]);
            let params = Params::new()
                .ptr(da)
                .ptr(db)
                .ptr(dc)
                .ptr(dd)
                .i32(sa.ld as i32)
                .i32(sb.ld as i32)
                .i32(sc.ld as i32)
                .i32(dl as i32)
                .clone();
            p.launch(name, Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
            let got = fetch(T::S32, 8, 8, &download::<u8>(&mem, dd, dl * 8 * 4), false, dl);
            let want = reference(ta, T::S32, 8, 8, k, &a, &b, &c, false, false, bop);
            assert_eq!(got, want, "{name} {engine:?} pad {pad}");
        }
    }
}

#[test]
fn wmma_s4() {
    run_wmma_sub("wmma_s4", 32, T::S4, None);
}

#[test]
fn wmma_u4() {
    run_wmma_sub("wmma_u4", 32, T::U4, None);
}

#[test]
fn wmma_b1_xor() {
    run_wmma_sub("wmma_b1_xor", 128, T::B1, Some(true));
}

#[test]
fn wmma_b1_and() {
    run_wmma_sub("wmma_b1_and", 128, T::B1, Some(false));
}

/// wmma through `.shared` and generic addresses (fill_fragment, D = A * B).
#[test]
fn wmma_shared_and_generic() {
    for engine in ENGINES {
        let p = load(engine);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(5);
        let a = random_matrix(T::F16, 256, &mut rng);
        let b = random_matrix(T::F16, 256, &mut rng);
        let want = reference(T::F16, T::F32, 16, 16, 16, &a, &b, &[0; 256], false, false, None);
        let (sa, sb) = (store(T::F16, 16, 16, &a, false, 0), store(T::F16, 16, 16, &b, true, 0));
        let (da, db, dd) = (upload(&mem, &sa.bytes), upload(&mem, &sb.bytes), upload(&mem, &[0u8; 1024]));
        let check = |what: &str| {
            let got = fetch(T::F32, 16, 16, &download::<u8>(&mem, dd, 1024), false, 16);
            assert_eq!(got, want, "{what} {engine:?}");
            mem.write(dd, &[0u8; 1024]).unwrap();
        };
        p.launch("wmma_shared", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(da).ptr(db).ptr(dd).bytes(), &mem)
            .unwrap();
        check("shared");
        for use_shared in [0, 1] {
            let params = Params::new().ptr(da).ptr(db).ptr(dd).i32(use_shared).clone();
            p.launch("wmma_generic", Dim3::x(1), Dim3::x(32), 0, params.bytes(), &mem).unwrap();
            check(if use_shared == 1 { "generic shared" } else { "generic global" });
        }
    }
}

// ---- mma.sync with the PTX ISA's fragment layouts.

#[derive(Clone, Copy, PartialEq)]
enum Op {
    A,
    B,
    C,
}

/// (row, column) of element `i` of lane `lane`'s fragment, straight from the PTX ISA's
/// "Matrix Fragments for mma.mMnNkK" sections (`per` elements per 32-bit register).
fn layout(op: Op, (m, k): (usize, usize), t: T, lane: usize, i: usize) -> (usize, usize) {
    let (g, tg) = (lane >> 2, lane % 4);
    match (op, t, m, k) {
        // C/D for every m16n8 shape: c0,c1 in row g, c2,c3 in row g+8.
        (Op::C, _, 16, _) => (if i < 2 { g } else { g + 8 }, tg * 2 + (i & 1)),
        (Op::C, _, 8, _) => (g, tg * 2 + i),
        (Op::A, T::F16 | T::Bf16, 16, 16) => {
            (if i < 2 || (4..6).contains(&i) { g } else { g + 8 }, tg * 2 + (i & 1) + if i >= 4 { 8 } else { 0 })
        }
        (Op::B, T::F16 | T::Bf16, 16, 16) => (tg * 2 + (i & 1) + if i >= 2 { 8 } else { 0 }, g),
        (Op::A, T::F16 | T::Bf16, 16, 8) => (if i < 2 { g } else { g + 8 }, tg * 2 + (i & 1)),
        (Op::B, T::F16 | T::Bf16, 16, 8) => (tg * 2 + i, g),
        (Op::A, T::Tf32, 16, 8) => (if i.is_multiple_of(2) { g } else { g + 8 }, if i < 2 { tg } else { tg + 4 }),
        (Op::B, T::Tf32, 16, 8) => (if i == 0 { tg } else { tg + 4 }, g),
        (Op::A, T::Tf32, 16, 4) => (if i == 0 { g } else { g + 8 }, tg),
        (Op::B, T::Tf32, 16, 4) => (tg, g),
        (Op::A, T::F64, 8, 4) => (g, tg),
        (Op::B, T::F64, 8, 4) => (tg, g),
        (Op::A, _, 16, 16) => (if i < 4 { g } else { g + 8 }, tg * 4 + (i & 3)),
        (Op::B, _, 16, 16) => (tg * 4 + i, g),
        (Op::A, _, 16, 32) => {
            (if i < 4 || (8..12).contains(&i) { g } else { g + 8 }, tg * 4 + (i & 3) + if i >= 8 { 16 } else { 0 })
        }
        (Op::B, _, 16, 32) => (tg * 4 + (i & 3) + if i >= 4 { 16 } else { 0 }, g),
        _ => panic!("no layout"),
    }
}

/// Per-lane registers (`nregs` of 32 bits, or 64 for f64) of matrix `mat` (row-major, `cols`).
fn to_regs(op: Op, mk: (usize, usize), t: T, mat: &[u64], cols: usize, nregs: usize) -> Vec<u64> {
    let (bits, per) = (t.bits() as usize, t.per_reg() as usize);
    let mut regs = vec![0u64; 32 * nregs];
    for lane in 0..32 {
        for i in 0..nregs * per {
            let (r, c) = layout(op, mk, t, lane, i);
            regs[lane * nregs + i / per] |= mat[r * cols + c] << ((i % per) * bits);
        }
    }
    regs
}

fn from_regs(mk: (usize, usize), t: T, regs: &[u64], n: usize, nregs: usize) -> Vec<u64> {
    let (bits, per) = (t.bits() as usize, t.per_reg() as usize);
    let mut mat = vec![0u64; mk.0 * n];
    for lane in 0..32 {
        for i in 0..nregs * per {
            let (r, c) = layout(Op::C, mk, t, lane, i);
            let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            mat[r * n + c] = (regs[lane * nregs + i / per] >> ((i % per) * bits)) & mask;
        }
    }
    mat
}

fn words(regs: &[u64], size: usize) -> Vec<u8> {
    regs.iter().flat_map(|r| r.to_le_bytes()[..size].to_vec()).collect()
}

fn unwords(bytes: &[u8], size: usize) -> Vec<u64> {
    bytes.chunks(size).map(|c| c.iter().rev().fold(0u64, |acc, b| (acc << 8) | u64::from(*b))).collect()
}

fn run_mma(name: &str, (m, n, k): (usize, usize, usize), ta: T, tc: T, sat: bool) {
    let per = |t: T| t.per_reg() as usize;
    let (na, nb, nc) = (m * k / 32 / per(ta), k * n / 32 / per(ta), m * n / 32 / per(tc));
    let size = if ta == T::F64 { 8 } else { 4 };
    for engine in ENGINES {
        let p = load(engine);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(m as u64 * 31 + k as u64 + name.len() as u64);
        for _ in 0..3 {
            let mut a = random_matrix(ta, m * k, &mut rng);
            let b = random_matrix(ta, k * n, &mut rng);
            let mut c = random_matrix(tc, m * n, &mut rng);
            if sat {
                // Accumulators near the s32 limits so that some results saturate.
                c.iter_mut().enumerate().for_each(|(i, v)| *v = if i % 2 == 0 { 0x7fff_f000 } else { 0x8000_0100 });
                a.iter_mut().step_by(3).for_each(|v| *v = 255);
            }
            // tf32 operands go in as f32 bits whose low 13 bits the multiply ignores.
            let (ra, rb) = (to_regs(Op::A, (m, k), ta, &a, k, na), to_regs(Op::B, (m, k), ta, &b, n, nb));
            let rc = to_regs(Op::C, (m, k), tc, &c, n, nc);
            let csize = if tc == T::F64 { 8 } else { 4 };
            let (da, db, dc) =
                (upload(&mem, &words(&ra, size)), upload(&mem, &words(&rb, size)), upload(&mem, &words(&rc, csize)));
            let dd = upload(&mem, &vec![0u8; 32 * nc * csize]);
            p.launch(name, Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(da).ptr(db).ptr(dc).ptr(dd).bytes(), &mem)
                .unwrap();
            let got = from_regs((m, k), tc, &unwords(&download::<u8>(&mem, dd, 32 * nc * csize), csize), n, nc);
            let trunc =
                |v: &Vec<u64>| if ta == T::Tf32 { v.iter().map(|x| x & 0xffff_e000).collect() } else { v.clone() };
            let (a2, b2) = (trunc(&a), trunc(&b));
            let ta2 = if ta == T::Tf32 { T::F32 } else { ta };
            let want = reference(ta2, tc, m, n, k, &a2, &b2, &c, false, sat, None);
            assert_eq!(got, want, "{name} {engine:?}");
        }
    }
}

#[test]
fn mma_sync_f16_bf16() {
    run_mma("mma_m16n8k16_f32_f16", (16, 8, 16), T::F16, T::F32, false);
    run_mma("mma_m16n8k16_f32_bf16", (16, 8, 16), T::Bf16, T::F32, false);
    run_mma("mma_m16n8k8_f32_f16", (16, 8, 8), T::F16, T::F32, false);
    run_mma("mma_m16n8k8_f32_bf16", (16, 8, 8), T::Bf16, T::F32, false);
    run_mma("mma_m16n8k16_f16_f16", (16, 8, 16), T::F16, T::F16, false);
}

#[test]
fn mma_sync_tf32_f64() {
    run_mma("mma_m16n8k8_tf32", (16, 8, 8), T::Tf32, T::F32, false);
    run_mma("mma_m16n8k4_tf32", (16, 8, 4), T::Tf32, T::F32, false);
    run_mma("mma_m8n8k4_f64", (8, 8, 4), T::F64, T::F64, false);
}

#[test]
fn mma_sync_int() {
    run_mma("mma_m16n8k32_s8", (16, 8, 32), T::S8, T::S32, false);
    run_mma("mma_m16n8k32_u8_sat", (16, 8, 32), T::U8, T::S32, true);
    run_mma("mma_m16n8k16_s8", (16, 8, 16), T::S8, T::S32, false);
    run_mma("mma_m16n8k16_u8", (16, 8, 16), T::U8, T::S32, false);
}

// ---- ldmatrix / stmatrix / movmatrix: 32 rows of 8 b16 elements in shared memory; lane q
// gives the address of row rows[q]; matrix i is made of the rows named by lanes 8i..8i+8.

/// Register `i` of `lane` per the PTX ISA: row `lane / 4`, elements `2 * (lane % 4)` and the
/// next (transposed: column `lane / 4`, rows `2 * (lane % 4)` and the next) of matrix `i`.
fn ldm_reg(m: &[u16], rows: &[usize], i: usize, lane: usize, trans: bool) -> u32 {
    let at = |r: usize, c: usize| u32::from(m[rows[8 * i + r] * 8 + c]);
    let (g, t) = (lane / 4, lane % 4);
    if trans { at(2 * t, g) | (at(2 * t + 1, g) << 16) } else { at(g, 2 * t) | (at(g, 2 * t + 1) << 16) }
}

fn row_perm(rng: &mut Rng) -> Vec<usize> {
    let mut rows: Vec<usize> = (0..32).collect();
    for i in (1..32).rev() {
        rows.swap(i, rng.below(i as u64 + 1) as usize);
    }
    rows
}

#[test]
fn ldmatrix() {
    for engine in ENGINES {
        let p = load(engine);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(77);
        for (name, num, trans) in [
            ("ldmatrix_x1", 1, false),
            ("ldmatrix_x2", 2, false),
            ("ldmatrix_x4", 4, false),
            ("ldmatrix_x1_trans", 1, true),
            ("ldmatrix_x2_trans", 2, true),
            ("ldmatrix_x4_trans", 4, true),
        ] {
            let m: Vec<u16> = (0..256).map(|_| rng.next() as u16).collect();
            let rows = row_perm(&mut rng);
            let dm = upload(&mem, &m.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>());
            let dr = upload(&mem, &rows.iter().flat_map(|v| (*v as i32).to_le_bytes()).collect::<Vec<_>>());
            let dout = upload(&mem, &[0u8; 512]);
            p.launch(name, Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(dm).ptr(dr).ptr(dout).bytes(), &mem).unwrap();
            let got = unwords(&download::<u8>(&mem, dout, 512), 4);
            for lane in 0..32 {
                for i in 0..4 {
                    let want = if i < num { ldm_reg(&m, &rows, i, lane, trans) } else { 0 };
                    assert_eq!(got[lane * 4 + i] as u32, want, "{name} {engine:?} lane {lane} reg {i}");
                }
            }
        }
    }
}

#[test]
fn stmatrix() {
    for engine in ENGINES {
        let p = load(engine);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(78);
        for (name, num, trans) in [
            ("stmatrix_x1", 1, false),
            ("stmatrix_x2", 2, false),
            ("stmatrix_x4", 4, false),
            ("stmatrix_x1_trans", 1, true),
            ("stmatrix_x4_trans", 4, true),
        ] {
            let regs: Vec<u32> = (0..128).map(|_| rng.next() as u32).collect();
            let rows = row_perm(&mut rng);
            // The expected memory: every element written by the lane/register the ISA names.
            let mut want = vec![0xdeadu16; 256];
            for lane in 0..32 {
                let (g, t) = (lane / 4, lane % 4);
                for i in 0..num {
                    let v = regs[lane * 4 + i];
                    let (lo, hi) = (v as u16, (v >> 16) as u16);
                    if trans {
                        want[rows[8 * i + 2 * t] * 8 + g] = lo;
                        want[rows[8 * i + 2 * t + 1] * 8 + g] = hi;
                    } else {
                        want[rows[8 * i + g] * 8 + 2 * t] = lo;
                        want[rows[8 * i + g] * 8 + 2 * t + 1] = hi;
                    }
                }
            }
            let din = upload(&mem, &regs.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>());
            let dr = upload(&mem, &rows.iter().flat_map(|v| (*v as i32).to_le_bytes()).collect::<Vec<_>>());
            let dm = upload(&mem, &[0u8; 512]);
            p.launch(name, Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(din).ptr(dr).ptr(dm).bytes(), &mem).unwrap();
            let got: Vec<u16> = unwords(&download::<u8>(&mem, dm, 512), 2).iter().map(|v| *v as u16).collect();
            assert_eq!(got, want, "{name} {engine:?}");
        }
    }
}

#[test]
fn movmatrix() {
    for engine in ENGINES {
        let p = load(engine);
        let mem = DeviceMemory::new();
        let mut rng = Rng::new(79);
        let m: Vec<u16> = (0..64).map(|_| rng.next() as u16).collect();
        let rows: Vec<usize> = (0..8).collect();
        let input: Vec<u32> = (0..32).map(|lane| ldm_reg(&m, &rows, 0, lane, false)).collect();
        let din = upload(&mem, &input.iter().flat_map(|v| v.to_le_bytes()).collect::<Vec<_>>());
        let dout = upload(&mem, &[0u8; 128]);
        p.launch("movmatrix_trans", Dim3::x(1), Dim3::x(32), 0, Params::new().ptr(din).ptr(dout).bytes(), &mem)
            .unwrap();
        let got = unwords(&download::<u8>(&mem, dout, 128), 4);
        for (lane, g) in got.iter().enumerate() {
            assert_eq!(*g as u32, ldm_reg(&m, &rows, 0, lane, true), "{engine:?} lane {lane}");
        }
    }
}
