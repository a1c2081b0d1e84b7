//! `.ftz` at the edge of the normal range: results whose exact value is below the smallest
//! normal but which round up to it (`2^-126 · (1 - 2^-24)` rounds to `2^-126`). An H200 decides
//! tininess after rounding to 24 bits with an unbounded exponent (IEEE 754's "after rounding"):
//! `2^-126 − 2^-150` is tiny and flushed, a value within half that spacing of 2^-126 is not
//! (`cvt.rn.ftz.f32.f64` of `2^-126 · (1 − 2^-53)` gives 2^-126).

use super::Model;
use crate::{Case, Res};

/// f32 values around the smallest normal, and factors just below and above 1, 1/2, 2.
const EDGES: &[u64] = &[
    0x0080_0000,
    0x8080_0000,
    0x0080_0001,
    0x007f_ffff,
    0x00c0_0000,
    0x00ff_ffff,
    0x0100_0000,
    0x3f7f_ffff,
    0xbf7f_ffff,
    0x3f80_0001,
    0x3f80_0000,
    0x3f00_0000,
    0x3eff_ffff,
    0x3fff_ffff,
    0x4000_0000,
    0x3400_0000,
    0x3380_0000,
    0x4b00_0000,
];

/// f64 values at and just below 2^-126 (halfway to the next f32 below it included), and
/// their negations.
const F64_NEAR_MIN_NORMAL: &[u64] = &[
    0x3810_0000_0000_0000,
    0x380f_ffff_ffff_ffff,
    0x380f_ffff_f000_0000,
    0x380f_ffff_f000_0001,
    0x380f_ffff_efff_ffff,
    0x380f_ffff_e000_0000,
    0xb80f_ffff_ffff_ffff,
    0xb80f_ffff_f000_0000,
    0x3810_0000_0800_0000,
    0x0,
];

/// `x` rounded to 24 bits with an unbounded exponent, to nearest or (`up`) away from zero.
fn round24_unbounded(x: f64, up: bool) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    let ulp = 2f64.powi(x.abs().log2().floor() as i32 - 23);
    let units = x / ulp;
    (if up { units.abs().ceil().copysign(units) } else { units.round_ties_even() }) * ulp
}

/// `exact` (an f64 holding the exact result) rounded to f32 by `round` (`up`: away from zero),
/// flushed to a signed zero when tiny after rounding with an unbounded exponent.
fn flushed(exact: f64, up: bool, round: fn(f64) -> f32) -> Option<u64> {
    if exact.is_nan() {
        return Some(crate::ANY_NAN);
    }
    let tiny = round24_unbounded(exact, up).abs() < f64::from(f32::MIN_POSITIVE);
    let r = if tiny { 0.0f32.copysign(exact as f32) } else { round(exact) };
    Some(u64::from(r.to_bits()))
}

/// Rounding up to f32 (`.rp`; the forms' positive results).
fn round_up(x: f64) -> f32 {
    let n = x as f32;
    if f64::from(n) < x { n.next_up() } else { n }
}

/// An f32 operand, subnormals flushed (every form here is `.ftz`).
fn f32_of(v: u64) -> f64 {
    f64::from(crate::ftz32(f32::from_bits(v as u32)))
}

pub fn cases() -> Vec<Case> {
    // The form's name says what it tests; its text is the instruction alone.
    let f32c = |op: &'static str, model: Model| Case {
        text: Some(super::leak(format!("{} {{d}}, {{a}}, {{b}}", op.trim_end_matches("/tiny")))),
        edges: EDGES,
        float: true,
        result: Res::Float,
        ..Case::int(op, 32, 32, model)
    };
    vec![
        // Products of two f32 values are exact in f64.
        f32c("mul.ftz.f32/tiny", |a, b, _, _| flushed(f32_of(a) * f32_of(b), false, |x| x as f32)),
        f32c("mul.rp.ftz.f32/tiny", |a, b, _, _| flushed(f32_of(a) * f32_of(b), true, round_up)),
        // The f64 quotient stands for the exact one: it cannot cross a 24-bit rounding boundary
        // (quotients of 24-bit values are not that close to one without being on it).
        f32c("div.rn.ftz.f32/tiny", |a, b, _, _| flushed(f32_of(a) / f32_of(b), false, |x| x as f32)),
        Case {
            edges: F64_NEAR_MIN_NORMAL,
            arity: 1,
            bw: 32,
            float: true,
            result: Res::Float,
            text: Some("cvt.rn.ftz.f32.f64 {d}, {a}"),
            ..Case::int("cvt.rn.ftz.f32.f64/tiny", 64, 32, |a, _, _, _| flushed(f64::from_bits(a), false, |x| x as f32))
        },
    ]
}
