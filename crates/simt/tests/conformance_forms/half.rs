//! Half precision: `add`/`sub`/`mul`/`fma`/`neg`/`abs`/`min`/`max` on `.f16`, `.f16x2`, `.bf16`
//! and `.bf16x2` with `.ftz`, `.sat`, `.relu` and `.NaN`; `cvt.rn.f16x2.f32` and
//! `cvt.rn.relu.bf16x2.f32`; `ex2.approx` and `tanh.approx` on halves (the GPU's recording
//! decides those).

use super::{Model, leak};
use crate::{Case, F32_EDGES, Res, SM90, Tolerance};

/// binary16 operand values: zeros, the subnormal extremes, the smallest normal, ±1, 1.5, a
/// third, the largest finite, infinities, quiet and signalling NaNs, a value whose sums round.
pub const F16_EDGES: &[u64] = &[
    0, 0x8000, 1, 0x8001, 0x03ff, 0x0400, 0x8400, 0x3c00, 0xbc00, 0x3e00, 0x3555, 0x7bff, 0xfbff, 0x7c00, 0xfc00,
    0x7e00, 0x7c01, 0xfe12, 0x0200, 0x1400,
];

/// bfloat16 operand values, as for binary16.
pub const BF16_EDGES: &[u64] = &[
    0, 0x8000, 1, 0x8001, 0x007f, 0x0080, 0x8080, 0x3f80, 0xbf80, 0x3fc0, 0x3eab, 0x7f7f, 0xff7f, 0x7f80, 0xff80,
    0x7fc0, 0x7f81, 0xffc1, 0x0040, 0x3b80,
];

/// Pairs of `lanes`' values packed into 32 bits: each value beside another, so that every
/// value meets every other across the two operands.
const fn packed<const N: usize>(lanes: &[u64]) -> [u64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = lanes[i % lanes.len()] << 16 | lanes[(i * 7 + 3) % lanes.len()];
        i += 1;
    }
    out
}

pub const F16X2_EDGES: [u64; 20] = packed(F16_EDGES);
pub const BF16X2_EDGES: [u64; 20] = packed(BF16_EDGES);

/// A binary16 (`exp_bits` 5) or bfloat16 (8) value.
pub fn half_value(h: u64, exp_bits: u32) -> f64 {
    let frac_bits = 15 - exp_bits;
    let bias = (1 << (exp_bits - 1)) - 1;
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> frac_bits) & ((1 << exp_bits) - 1)) as i32;
    let f = (h & ((1 << frac_bits) - 1)) as f64;
    let scale = 2f64.powi(frac_bits as i32);
    if e == (1 << exp_bits) - 1 {
        return if f == 0.0 { sign * f64::INFINITY } else { f64::NAN };
    }
    if e == 0 { sign * f / scale * 2f64.powi(1 - bias) } else { sign * (1.0 + f / scale) * 2f64.powi(e - bias) }
}

/// A binary16 value.
pub fn f16_value(h: u64) -> f64 {
    half_value(h, 5)
}

/// `x` rounded to nearest even in the half format with `exp_bits` exponent bits.
pub fn half_round(x: f64, exp_bits: u32) -> u64 {
    let frac_bits = 15 - exp_bits;
    let bias = (1 << (exp_bits - 1)) - 1;
    if x.is_nan() {
        return 0x7fff;
    }
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    let inf = ((1u64 << exp_bits) - 1) << frac_bits;
    let a = x.abs();
    if a.is_infinite() {
        return sign | inf;
    }
    // Units of the last place at the value's exponent (subnormals share the smallest).
    let e = if a == 0.0 { 1 - bias } else { (a.log2().floor() as i32).max(1 - bias) };
    // log2 may be off by one near powers of two.
    let e = if a >= 2f64.powi(e + 1) {
        e + 1
    } else if a < 2f64.powi(e) && e > 1 - bias {
        e - 1
    } else {
        e
    };
    let ulp = 2f64.powi(e - frac_bits as i32);
    let m = (a / ulp).round_ties_even() as u64;
    // m counts ulps at exponent e: 2^frac_bits.. for normals, less for subnormals.
    let bits = if e == 1 - bias && m < 1 << frac_bits {
        m
    } else {
        let (m, e) = if m == 2 << frac_bits { (1 << frac_bits, e + 1) } else { (m, e) };
        ((e + bias) as u64) << frac_bits | (m - (1 << frac_bits))
    };
    if bits >= inf { sign | inf } else { sign | bits }
}

/// `f` of a half lane (low 16 bits of `a`), exactly, rounded to the format.
fn half_fn(a: u64, exp_bits: u32, f: fn(f64) -> f64) -> u64 {
    half_round(f(half_value(a & 0xffff, exp_bits)), exp_bits)
}

/// The operations, as the models index them.
const OPS: [&str; 8] = ["add", "sub", "mul", "fma", "neg", "abs", "min", "max"];
/// Modifier bits of a form.
const FTZ: u8 = 1;
const SAT: u8 = 2;
const RELU: u8 = 4;
const NAN: u8 = 8;

/// One lane of operation `op` with modifiers `mods` on the format with `exp_bits`.
fn lane_result(op: usize, a: u64, b: u64, c: u64, exp_bits: u32, mods: u8) -> u64 {
    let flush = |x: f64| if mods & FTZ != 0 && x.abs() < 2f64.powi(-14) { 0.0 * x.signum() } else { x };
    let [x, y, z] = [a, b, c].map(|v| flush(half_value(v & 0xffff, exp_bits)));
    let r = match OPS[op] {
        "add" => x + y,
        "sub" => x - y,
        "mul" => x * y,
        "fma" => x.mul_add(y, z),
        // Sign operations act on the bits, NaNs included (the format's `neg`/`abs`).
        "neg" => return (a ^ 0x8000) & 0xffff,
        "abs" => return a & 0x7fff,
        m => {
            let less = m == "min";
            // `.ftz` gives a flushed operand as its signed zero.
            let [a, b] = [(x, a), (y, b)].map(|(v, bits)| if v == 0.0 { bits & 0x8000 } else { bits & 0xffff });
            if x.is_nan() || y.is_nan() {
                return if mods & NAN != 0 || (x.is_nan() && y.is_nan()) {
                    0x7fff
                } else if x.is_nan() {
                    b
                } else {
                    a
                };
            }
            // -0 is below +0.
            let pick_a = if x == y { (a & 0x8000 != 0) == less } else { (x < y) == less };
            return if pick_a { a } else { b };
        }
    };
    let mut bits = half_round(r, exp_bits);
    let v = half_value(bits, exp_bits);
    if mods & FTZ != 0 && v != 0.0 && v.abs() < 2f64.powi(-14) {
        bits &= 0x8000;
    }
    if mods & SAT != 0 {
        bits = if v.is_nan() || v <= 0.0 {
            0
        } else if v >= 1.0 {
            half_round(1.0, exp_bits)
        } else {
            bits
        };
    }
    if mods & RELU != 0 && !v.is_nan() && (v < 0.0 || bits == 0x8000) {
        bits = 0;
    }
    bits
}

/// Operation `OP` with modifiers `MODS` on `LANES` lanes of the format with `EXP` exponent
/// bits.
fn model<const OP: usize, const EXP: u32, const LANES: u32, const MODS: u8>(
    a: u64,
    b: u64,
    c: u64,
    _: u32,
) -> Option<u64> {
    Some((0..LANES).fold(0, |d, k| {
        let s = 16 * k;
        d | lane_result(OP, a >> s, b >> s, c >> s, EXP, MODS) << s
    }))
}

fn form(op: usize, exp: u32, lanes: u32, mods: u8, model: Model) -> Case {
    let ty = match (exp, lanes) {
        (5, 1) => "f16",
        (5, _) => "f16x2",
        (_, 1) => "bf16",
        _ => "bf16x2",
    };
    let edges: &'static [u64] = match (exp, lanes) {
        (5, 1) => F16_EDGES,
        (5, _) => &F16X2_EDGES,
        (_, 1) => BF16_EDGES,
        _ => &BF16X2_EDGES,
    };
    let name = OPS[op];
    let rounding = if matches!(name, "add" | "sub" | "mul" | "fma") { ".rn" } else { "" };
    let mut modifiers = String::new();
    for (bit, text) in [(FTZ, ".ftz"), (SAT, ".sat"), (RELU, ".relu"), (NAN, ".NaN")] {
        if mods & bit != 0 {
            modifiers.push_str(text);
        }
    }
    let w = 16 * lanes;
    Case {
        bw: w,
        cw: w,
        edges,
        c_edges: edges,
        arity: match name {
            "neg" | "abs" => 1,
            "fma" => 3,
            _ => 2,
        },
        result: if exp == 5 { Res::F16Lanes } else { Res::Bf16Lanes },
        target: SM90,
        ..Case::int(leak(format!("{name}{rounding}{modifiers}.{ty}")), w, w, model)
    }
}

macro_rules! forms {
    ($v:ident, $exp:literal, $lanes:literal, $mods:expr; $($op:literal)*) => {
        $v.extend([$(form($op, $exp, $lanes, $mods, model::<$op, $exp, $lanes, { $mods }>)),*]);
    };
}

pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    forms!(v, 5, 1, 0; 0 1 2 3 4 5 6 7);
    forms!(v, 5, 1, FTZ; 0 2 3 6);
    forms!(v, 5, 1, SAT; 0 2 3);
    forms!(v, 5, 1, RELU; 3);
    forms!(v, 5, 1, NAN; 6 7);
    forms!(v, 5, 2, 0; 0 1 2 3 4 5 6 7);
    forms!(v, 5, 2, FTZ; 0 3);
    forms!(v, 5, 2, SAT; 2);
    forms!(v, 5, 2, RELU; 3);
    forms!(v, 5, 2, NAN; 7);
    forms!(v, 8, 1, 0; 0 1 2 3 4 5 6 7);
    forms!(v, 8, 1, RELU; 3);
    forms!(v, 8, 1, NAN; 6);
    forms!(v, 8, 2, 0; 0 1 2 3 4 5 6 7);
    forms!(v, 8, 2, RELU; 3);
    forms!(v, 8, 2, NAN; 7);
    // f32 pairs to packed halves: a to the upper half, b to the lower.
    let pack = |op: &'static str, result: Res, model: Model| Case {
        edges: &F32_EDGES,
        float: true,
        result,
        target: SM90,
        ..Case::int(op, 32, 32, model)
    };
    v.push(pack("cvt.rn.f16x2.f32", Res::F16Lanes, |a, b, _, _| {
        let h = |v: u64| half_round(f64::from(f32::from_bits(v as u32)), 5);
        Some(h(a) << 16 | h(b))
    }));
    v.push(pack("cvt.rn.relu.bf16x2.f32", Res::Bf16Lanes, |a, b, _, _| {
        let h = |v: u64| {
            let x = f64::from(f32::from_bits(v as u32));
            if x < 0.0 || (x == 0.0 && x.is_sign_negative()) { 0 } else { half_round(x, 8) }
        };
        Some(h(a) << 16 | h(b))
    }));
    // Approximations, within the ISA's bounds: ex2 relative 2^-9.9 (.f16) and 2^-7 (.bf16),
    // tanh absolute 2^-10.987.
    let approx = |op: &'static str, exp: u32, lanes: u32, tolerance: Tolerance, model: Model| Case {
        op,
        arity: 1,
        tolerance: Some(tolerance),
        ..form(0, exp, lanes, 0, model)
    };
    let relative = |e: f64| Tolerance::Error { relative: 2f64.powf(e), absolute: 0.0 };
    v.push(approx("ex2.approx.f16", 5, 1, relative(-9.9), |a, _, _, _| Some(half_fn(a, 5, f64::exp2))));
    v.push(approx("ex2.approx.f16x2", 5, 2, relative(-9.9), |a, _, _, _| {
        Some(half_fn(a >> 16, 5, f64::exp2) << 16 | half_fn(a, 5, f64::exp2))
    }));
    v.push(approx(
        "tanh.approx.f16",
        5,
        1,
        Tolerance::Error { relative: 0.0, absolute: 2f64.powf(-10.987) },
        |a, _, _, _| Some(half_fn(a, 5, f64::tanh)),
    ));
    v.push(approx("ex2.approx.ftz.bf16", 8, 1, relative(-7.0), |a, _, _, _| Some(half_fn(a, 8, f64::exp2))));
    v
}

/// The approximations on halves the coverage test (`coverage.rs`) found without a form, within
/// the ISA's bounds: `tanh.approx` on f16 pairs (absolute 2^-10.987) and on bf16 and its pairs
/// (absolute 2^-8), `ex2.approx.ftz` on bf16 pairs (relative 2^-7).
pub fn later_cases() -> Vec<Case> {
    let approx = |op: &'static str, exp: u32, lanes: u32, tolerance: Tolerance, model: Model| Case {
        op,
        arity: 1,
        tolerance: Some(tolerance),
        ..form(0, exp, lanes, 0, model)
    };
    let absolute = |e: f64| Tolerance::Error { relative: 0.0, absolute: 2f64.powf(e) };
    vec![
        approx("tanh.approx.f16x2", 5, 2, absolute(-10.987), |a, _, _, _| {
            Some(half_fn(a >> 16, 5, f64::tanh) << 16 | half_fn(a, 5, f64::tanh))
        }),
        approx("tanh.approx.bf16", 8, 1, absolute(-8.0), |a, _, _, _| Some(half_fn(a, 8, f64::tanh))),
        approx("tanh.approx.bf16x2", 8, 2, absolute(-8.0), |a, _, _, _| {
            Some(half_fn(a >> 16, 8, f64::tanh) << 16 | half_fn(a, 8, f64::tanh))
        }),
        approx(
            "ex2.approx.ftz.bf16x2",
            8,
            2,
            Tolerance::Error { relative: 2f64.powf(-7.0), absolute: 0.0 },
            |a, _, _, _| Some(half_fn(a >> 16, 8, f64::exp2) << 16 | half_fn(a, 8, f64::exp2)),
        ),
    ]
}
