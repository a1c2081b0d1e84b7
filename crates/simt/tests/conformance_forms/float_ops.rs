//! Float special operations: `min`/`max` with `.NaN` and `.xorsign.abs`, `copysign`, `testp` of
//! every class, `abs`/`neg` with `.ftz`, and the approximations (`sqrt`/`rsqrt`/`rcp`/`ex2`/
//! `lg2`/`sin`/`cos`/`tanh`/`div` `.approx`, `div.full`), whose results the GPU's recording
//! decides.

use super::{Model, leak};
use crate::{ANY_NAN, Case, F32_EDGES, F32_IMMS, F64_EDGES, Res, SM90, Tolerance, ftz32};

/// A float form of width `w` over that width's edges.
fn float(op: &'static str, w: u32, dw: u32, arity: usize, result: Res, model: Model) -> Case {
    Case {
        edges: if w == 32 { &F32_EDGES } else { &F64_EDGES },
        imms: if w == 32 && arity == 2 { F32_IMMS } else { &[] },
        float: true,
        arity,
        result,
        ..Case::int(op, w, dw, model)
    }
}

/// `min`/`max` of f32 `a`, `b` with `.NaN` (any NaN operand: NaN) or `.xorsign.abs` (the
/// magnitudes' min/max, signed with the XOR of the operands' signs; a NaN result unsigned by
/// it).
fn min_max(a: u64, b: u64, less: bool, nan: bool, xorsign: bool) -> Option<u64> {
    let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
    if x.is_nan() && y.is_nan() || nan && (x.is_nan() || y.is_nan()) {
        return Some(ANY_NAN);
    }
    let (x, y) = if xorsign { (x.abs(), y.abs()) } else { (x, y) };
    let r = if x.is_nan() {
        y
    } else if y.is_nan() {
        x
    } else if x == y {
        if x.is_sign_negative() == less { x } else { y }
    } else if (x < y) == less {
        x
    } else {
        y
    };
    let sign = if xorsign { (a ^ b) as u32 & 0x8000_0000 } else { 0 };
    Some(u64::from(r.to_bits() | sign))
}

/// `testp`'s classes.
fn class_holds<const CLASS: usize>(a: u64, _: u64, _: u64, w: u32) -> Option<u64> {
    let x = if w == 32 { f64::from(f32::from_bits(a as u32)) } else { f64::from_bits(a) };
    let subnormal = if w == 32 { f32::from_bits(a as u32).is_subnormal() } else { x.is_subnormal() };
    let t = match CLASS {
        0 => x.is_finite(),
        1 => x.is_infinite(),
        2 => !x.is_nan(),
        3 => x.is_nan(),
        // The ISA's "normal number (not NaN, not infinity)": zeros included, as on an H200.
        4 => x.is_finite() && !subnormal,
        _ => subnormal,
    };
    Some(u64::from(t))
}

const CLASSES: [&str; 6] = ["finite", "infinite", "number", "notanumber", "normal", "subnormal"];

pub fn cases() -> Vec<Case> {
    let mut v = vec![
        float("min.NaN.f32", 32, 32, 2, Res::Float, |a, b, _, _| min_max(a, b, true, true, false)),
        float("max.NaN.ftz.f32", 32, 32, 2, Res::Float, |a, b, _, _| {
            let f = |v: u64| u64::from(ftz32(f32::from_bits(v as u32)).to_bits());
            min_max(f(a), f(b), false, true, false)
        }),
        Case {
            target: SM90,
            ..float("min.xorsign.abs.f32", 32, 32, 2, Res::Float, |a, b, _, _| min_max(a, b, true, false, true))
        },
        Case {
            target: SM90,
            ..float("max.xorsign.abs.f32", 32, 32, 2, Res::Float, |a, b, _, _| min_max(a, b, false, false, true))
        },
        Case {
            target: SM90,
            ..float("max.NaN.xorsign.abs.f32", 32, 32, 2, Res::Float, |a, b, _, _| min_max(a, b, false, true, true))
        },
        // copysign: b's magnitude with a's sign, NaNs included (a bit operation).
        float("copysign.f32", 32, 32, 2, Res::Int, |a, b, _, _| Some((a & 0x8000_0000) | (b & 0x7fff_ffff))),
        float("copysign.f64", 64, 64, 2, Res::Int, |a, b, _, _| Some((a & (1 << 63)) | (b & !(1 << 63)))),
        float("neg.ftz.f32", 32, 32, 1, Res::Float, |a, _, _, _| {
            let x = ftz32(f32::from_bits(a as u32));
            Some(if x.is_nan() { ANY_NAN } else { u64::from((-x).to_bits()) })
        }),
        float("abs.f64", 64, 64, 1, Res::Float, |a, _, _, _| {
            let x = f64::from_bits(a);
            Some(if x.is_nan() { ANY_NAN } else { x.abs().to_bits() })
        }),
    ];
    let testp: [Model; 6] =
        [class_holds::<0>, class_holds::<1>, class_holds::<2>, class_holds::<3>, class_holds::<4>, class_holds::<5>];
    for (t, w) in [("f32", 32), ("f64", 64)] {
        for (class, model) in CLASSES.iter().zip(testp) {
            let op = leak(format!("testp.{class}.{t}"));
            v.push(Case {
                text: Some(leak(format!("{op} %sp0, {{a}}; selp.u32 {{d}}, 1, 0, %sp0"))),
                ..float(op, w, 32, 1, Res::Int, model)
            });
        }
    }
    v.extend(approximations());
    v
}

/// `f` of an f32 operand, exactly (in f64) then rounded to f32; `.ftz` flushes the operand and
/// a subnormal result.
fn approx32(a: u64, ftz: bool, f: fn(f64) -> f64) -> Option<u64> {
    let x = f32::from_bits(a as u32);
    let x = if ftz { ftz32(x) } else { x };
    let r = f(f64::from(x)) as f32;
    Some(u64::from(if ftz { ftz32(r) } else { r }.to_bits()))
}

/// `rcp`/`rsqrt.approx.ftz.f64` per the ISA: `f` of the operand's upper word (subnormals, so
/// ±0, flushed), into the result's upper word.
fn upper_word(a: u64, f: fn(f64) -> f64) -> Option<u64> {
    let x = f64::from_bits(a & 0xffff_ffff_0000_0000);
    let x = if x.is_subnormal() { 0.0f64.copysign(x) } else { x };
    let r = f(x);
    Some(if r.is_subnormal() { 0.0f64.copysign(r) } else { r }.to_bits())
}

/// `div.approx.f32`: `a / b` within 2 ulps for |b| in [2^-126, 2^126]; above, to 2^128, a
/// signed zero (NaN for an infinite `a`), which the engines do not give (they divide): no
/// model there, the engines agree with each other only (tests/conformance-gpu/README.md).
fn div_approx(a: u64, b: u64, ftz: bool) -> Option<u64> {
    let f = |v: u64| {
        let x = f32::from_bits(v as u32);
        if ftz { ftz32(x) } else { x }
    };
    let (x, y) = (f(a), f(b));
    if y.abs() > 2f32.powi(126) && y.is_finite() {
        return None;
    }
    let r = x / y;
    Some(if r.is_nan() { ANY_NAN } else { u64::from(if ftz { ftz32(r) } else { r }.to_bits()) })
}

/// `sin`/`cos.approx`, whose bound (2^-20.5 absolute) holds for |x| ≤ 2π (to 100π, 2^-14.7;
/// beyond, none): no model outside.
fn sin_cos(a: u64, ftz: bool, f: fn(f64) -> f64) -> Option<u64> {
    let x = f64::from(f32::from_bits(a as u32));
    if x.abs() <= 2.0 * std::f64::consts::PI || !x.is_finite() { approx32(a, ftz, f) } else { None }
}

/// The approximations, each within the PTX ISA's stated bound of the exact result.
fn approximations() -> Vec<Case> {
    let approx = |op: &'static str, w: u32, arity: usize, tolerance: Tolerance, model: Model| Case {
        tolerance: Some(tolerance),
        ..float(op, w, w, arity, Res::Float, model)
    };
    let relative = |e: f64| Tolerance::Error { relative: 2f64.powf(e), absolute: 0.0 };
    let absolute = |e: f64| Tolerance::Error { relative: 0.0, absolute: 2f64.powf(e) };
    vec![
        approx("sqrt.approx.f32", 32, 1, relative(-23.0), |a, _, _, _| approx32(a, false, f64::sqrt)),
        approx("sqrt.approx.ftz.f32", 32, 1, relative(-23.0), |a, _, _, _| approx32(a, true, f64::sqrt)),
        approx("rsqrt.approx.f32", 32, 1, relative(-22.9), |a, _, _, _| approx32(a, false, |x| 1.0 / x.sqrt())),
        approx("rsqrt.approx.ftz.f32", 32, 1, relative(-22.9), |a, _, _, _| approx32(a, true, |x| 1.0 / x.sqrt())),
        // The ISA states no bound for rsqrt.approx.f64; an H200's results are within one ulp.
        approx("rsqrt.approx.f64", 64, 1, Tolerance::Ulps(1.0), |a, _, _, _| {
            Some((1.0 / f64::from_bits(a).sqrt()).to_bits())
        }),
        // From 20 bits of mantissa: one unit there.
        approx("rsqrt.approx.ftz.f64", 64, 1, relative(-19.0), |a, _, _, _| upper_word(a, |x| 1.0 / x.sqrt())),
        approx("rcp.approx.f32", 32, 1, Tolerance::Ulps(1.0), |a, _, _, _| approx32(a, false, |x| 1.0 / x)),
        approx("rcp.approx.ftz.f32", 32, 1, Tolerance::Ulps(1.0), |a, _, _, _| approx32(a, true, |x| 1.0 / x)),
        // From 20 bits of mantissa: one unit there.
        approx("rcp.approx.ftz.f64", 64, 1, relative(-19.0), |a, _, _, _| upper_word(a, |x| 1.0 / x)),
        approx("ex2.approx.f32", 32, 1, Tolerance::Ulps(2.0), |a, _, _, _| approx32(a, false, f64::exp2)),
        approx("ex2.approx.ftz.f32", 32, 1, Tolerance::Ulps(2.0), |a, _, _, _| approx32(a, true, f64::exp2)),
        // 2^-22 absolute in (0.5, 2), relative outside: the larger of the two everywhere.
        approx(
            "lg2.approx.f32",
            32,
            1,
            Tolerance::Error { relative: 2f64.powi(-22), absolute: 2f64.powi(-22) },
            |a, _, _, _| approx32(a, false, f64::log2),
        ),
        approx(
            "lg2.approx.ftz.f32",
            32,
            1,
            Tolerance::Error { relative: 2f64.powi(-22), absolute: 2f64.powi(-22) },
            |a, _, _, _| approx32(a, true, f64::log2),
        ),
        approx("sin.approx.f32", 32, 1, absolute(-20.5), |a, _, _, _| sin_cos(a, false, f64::sin)),
        approx("cos.approx.ftz.f32", 32, 1, absolute(-20.5), |a, _, _, _| sin_cos(a, true, f64::cos)),
        approx("tanh.approx.f32", 32, 1, relative(-11.0), |a, _, _, _| approx32(a, false, f64::tanh)),
        approx("div.approx.f32", 32, 2, Tolerance::Ulps(2.0), |a, b, _, _| div_approx(a, b, false)),
        approx("div.approx.ftz.f32", 32, 2, Tolerance::Ulps(2.0), |a, b, _, _| div_approx(a, b, true)),
        approx("div.full.f32", 32, 2, Tolerance::Ulps(2.0), |a, b, _, _| {
            let r = f32::from_bits(a as u32) / f32::from_bits(b as u32);
            Some(if r.is_nan() { ANY_NAN } else { u64::from(r.to_bits()) })
        }),
        approx("div.full.ftz.f32", 32, 2, Tolerance::Ulps(2.0), |a, b, _, _| {
            let r = ftz32(ftz32(f32::from_bits(a as u32)) / ftz32(f32::from_bits(b as u32)));
            Some(if r.is_nan() { ANY_NAN } else { u64::from(r.to_bits()) })
        }),
    ]
}
