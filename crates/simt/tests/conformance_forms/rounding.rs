//! Floating-point arithmetic in each IEEE 754 rounding mode (PTX ISA, "Floating Point
//! Instructions": `.rn` to nearest even, `.rz` toward zero, `.rm` toward -inf, `.rp` toward
//! +inf): `add`/`sub`/`mul`/`div`/`sqrt`/`rcp` on f32 and f64, and a few with `.ftz`.
//!
//! A model rounds the exact result: it takes the result rounded to nearest (f32 results through
//! f64, where double rounding is innocuous for these operations) and the sign of its difference
//! from the exact result (an error-free transformation in f64), and steps one unit toward the
//! mode's direction where the nearest result lies on the wrong side. An exactly zero sum is
//! `+0`, or `-0` when rounding toward -inf (IEEE 754 §6.3). Where f64's error terms underflow
//! (results or operands within 2^53 of the subnormal range) the f64 models give `None`: the
//! engines must agree and the GPU's recording decides. The `.ftz` forms are left to the
//! recording too (their tininess rule: round 2 of `tests/conformance-gpu/README.md`).

use std::cmp::Ordering;

use super::{Model, leak};
use crate::{ANY_NAN, Case, F32_IMMS, F64_IMMS, Res};

/// f32 operands: signed zeros, the subnormal and normal extremes, ±1, values whose sums,
/// products and quotients round (1/3, 1.5, 2^-24, 2^24, π), an infinity and a NaN.
const F32_OPERANDS: &[u64] = &[
    0,
    0x8000_0000,
    1,
    0x807f_ffff,
    0x0080_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3eaa_aaab,
    0x3fc0_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0x7fc0_0000,
    0x3380_0000,
    0x4b80_0001,
    0x4049_0fdb,
];

/// f64 operands, as for f32.
const F64_OPERANDS: &[u64] = &[
    0,
    0x8000_0000_0000_0000,
    1,
    0x0010_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x3fd5_5555_5555_5555,
    0x3ff8_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x3ca0_0000_0000_0000,
    0x4340_0000_0000_0001,
    0x4009_21fb_5444_2d18,
    0x2000_0000_0000_0001,
];

const ADD: u8 = 0;
const SUB: u8 = 1;
const MUL: u8 = 2;
const DIV: u8 = 3;
const SQRT: u8 = 4;
const RCP: u8 = 5;

/// Rounding modes, by the letter PTX names them with.
const NEAREST: u8 = b'n';
const ZERO: u8 = b'z';
const DOWN: u8 = b'm';
const UP: u8 = b'p';

/// The result of `mode` given `near` (rounded to nearest) and how it compares with the exact
/// result, whose sign is `negative`.
fn step<T: Copy>(near: T, near_vs_exact: Ordering, negative: bool, mode: u8, up: fn(T) -> T, down: fn(T) -> T) -> T {
    match (mode, near_vs_exact) {
        (UP, Ordering::Less) => up(near),
        (DOWN, Ordering::Greater) => down(near),
        (ZERO, Ordering::Greater) if !negative => down(near),
        (ZERO, Ordering::Less) if negative => up(near),
        _ => near,
    }
}

/// The sign of `x` as an ordering against zero (`x` not NaN).
fn sign(x: f64) -> Ordering {
    x.partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// `s + e == x + y` exactly (Knuth's TwoSum; exact unless `s` overflows).
fn two_sum(x: f64, y: f64) -> (f64, f64) {
    let s = x + y;
    let bp = s - x;
    let ap = s - bp;
    (s, (x - ap) + (y - bp))
}

/// The sum's zero: the operands' sign when both are zeros of one sign, else `+0` (`-0` toward
/// -inf).
fn zero_sum(x: f64, y: f64, mode: u8) -> f64 {
    if x == 0.0 && y == 0.0 && x.is_sign_negative() == y.is_sign_negative() {
        x
    } else if mode == DOWN {
        -0.0
    } else {
        0.0
    }
}

/// `OP` on f32 operands in rounding `MODE`.
fn f32_model<const OP: u8, const MODE: u8>(a: u64, b: u64) -> Option<u64> {
    let (x, y) = (f64::from(f32::from_bits(a as u32)), f64::from(f32::from_bits(b as u32)));
    let y = if OP == SUB { -y } else { y };
    // The exact result's f64 rounding, and the sign of (candidate - exact) for an f32
    // candidate, from a residual each operation computes exactly or with its sign intact.
    let (v, residual): (f64, Box<dyn Fn(f64) -> Ordering>) = match OP {
        ADD | SUB => {
            let (s, e) = two_sum(x, y);
            if s == 0.0 && e == 0.0 {
                return Some(u64::from((zero_sum(x, y, MODE) as f32).to_bits()));
            }
            (s, Box::new(move |r: f64| if r == s { sign(-e) } else { sign(r - s) }))
        }
        // f32 products are exact in f64.
        MUL => (x * y, Box::new(move |r: f64| r.partial_cmp(&(x * y)).unwrap_or(Ordering::Equal))),
        DIV | RCP => {
            let (x, y) = if OP == RCP { (1.0, x) } else { (x, y) };
            // r - x/y has the sign of (r*y - x) * sign(y); r*y is exact in f64.
            (
                x / y,
                Box::new(move |r: f64| if y < 0.0 { sign(r.mul_add(y, -x)).reverse() } else { sign(r.mul_add(y, -x)) }),
            )
        }
        _ => (x.sqrt(), Box::new(move |r: f64| sign(r.mul_add(r, -x)))),
    };
    if v.is_nan() {
        return Some(ANY_NAN);
    }
    let near = v as f32;
    // Exact infinities and zeros (f32 operations neither overflow nor underflow in f64).
    if v.is_infinite() || v == 0.0 {
        return Some(u64::from(near.to_bits()));
    }
    let r = step(near, residual(f64::from(near)), v < 0.0, MODE, f32::next_up, f32::next_down);
    Some(u64::from(r.to_bits()))
}

/// `OP` on f64 operands in rounding `MODE`; `None` where an error term could underflow.
fn f64_model<const OP: u8, const MODE: u8>(a: u64, b: u64) -> Option<u64> {
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let (x, y) = match OP {
        SUB => (x, -y),
        RCP => (1.0, x),
        _ => (x, y),
    };
    let v = match OP {
        ADD | SUB => x + y,
        MUL => x * y,
        DIV | RCP => x / y,
        _ => x.sqrt(),
    };
    if v.is_nan() {
        return Some(ANY_NAN);
    }
    let finite_operands = x.is_finite() && (y.is_finite() || OP == SQRT);
    let exact_infinity = !finite_operands || (matches!(OP, DIV | RCP) && y == 0.0);
    if v.is_infinite() {
        if exact_infinity {
            return Some(v.to_bits());
        }
        // Overflowed: the exact result is finite, beyond the largest value.
        let near_vs_exact = if v > 0.0 { Ordering::Greater } else { Ordering::Less };
        return Some(step(v, near_vs_exact, v < 0.0, MODE, f64::next_up, f64::next_down).to_bits());
    }
    const TINY: f64 = 1.0e-288; // about 2^-956: error terms stay normal above it
    let tiny = |z: f64| z != 0.0 && z.abs() < TINY;
    let exact_zero = match OP {
        MUL => x == 0.0 || y == 0.0,
        DIV | RCP => x == 0.0 || y.is_infinite(),
        _ => true,
    };
    if tiny(x) || (OP != SQRT && tiny(y)) || (v.abs() < TINY && !(v == 0.0 && exact_zero)) {
        return None;
    }
    let near_vs_exact = match OP {
        ADD | SUB => {
            let (s, e) = two_sum(x, y);
            if s == 0.0 && e == 0.0 {
                return Some(zero_sum(x, y, MODE).to_bits());
            }
            sign(-e)
        }
        MUL => sign(-x.mul_add(y, -v)),
        DIV | RCP => {
            if v == 0.0 || !y.is_finite() {
                return Some(v.to_bits());
            }
            let s = sign(v.mul_add(y, -x));
            if y < 0.0 { s.reverse() } else { s }
        }
        _ => {
            if v == 0.0 || v.is_infinite() {
                return Some(v.to_bits());
            }
            sign(v.mul_add(v, -x))
        }
    };
    Some(step(v, near_vs_exact, v < 0.0, MODE, f64::next_up, f64::next_down).to_bits())
}

/// The model of `OP` in `MODE` at width `w`.
fn rounded<const OP: u8, const MODE: u8>(a: u64, b: u64, _: u64, w: u32) -> Option<u64> {
    if w == 32 { f32_model::<OP, MODE>(a, b) } else { f64_model::<OP, MODE>(a, b) }
}

/// The model of each operation in each mode.
fn model(op: u8, mode: u8) -> Model {
    macro_rules! by_mode {
        ($op:expr) => {
            match mode {
                NEAREST => rounded::<$op, NEAREST>,
                ZERO => rounded::<$op, ZERO>,
                DOWN => rounded::<$op, DOWN>,
                _ => rounded::<$op, UP>,
            }
        };
    }
    match op {
        ADD => by_mode!(ADD),
        SUB => by_mode!(SUB),
        MUL => by_mode!(MUL),
        DIV => by_mode!(DIV),
        SQRT => by_mode!(SQRT),
        _ => by_mode!(RCP),
    }
}

/// Every operation in the rounding modes the table lacked before (the others: `float_cases`,
/// `unary_cases`), on f32 and f64, and some f32 ones with `.ftz`.
pub fn cases() -> Vec<Case> {
    let none: Model = |_, _, _, _| None;
    let form = |name: &str, op: u8, mode: u8, w: u32, ftz: bool| {
        let arity = if matches!(op, SQRT | RCP) { 1 } else { 2 };
        let ftz_text = if ftz { ".ftz" } else { "" };
        Case {
            edges: if w == 32 { F32_OPERANDS } else { F64_OPERANDS },
            imms: match (arity, w) {
                (1, _) => &[],
                (_, 32) => F32_IMMS,
                _ => F64_IMMS,
            },
            float: true,
            arity,
            result: Res::Float,
            bw: if arity == 1 { 32 } else { w },
            ..Case::int(
                leak(format!("{name}.r{}{ftz_text}.f{w}", mode as char)),
                w,
                w,
                if ftz { none } else { model(op, mode) },
            )
        }
    };
    let mut v = Vec::new();
    for w in [32, 64] {
        for (name, op, modes) in [
            ("add", ADD, "nzmp"),
            ("sub", SUB, "nzmp"),
            ("mul", MUL, if w == 32 { "nmp" } else { "nzmp" }),
            ("div", DIV, "zmp"),
            ("sqrt", SQRT, if w == 32 { "mp" } else { "zmp" }),
            ("rcp", RCP, if w == 32 { "zmp" } else { "nzp" }),
        ] {
            for mode in modes.bytes() {
                v.push(form(name, op, mode, w, false));
            }
        }
    }
    for (name, op, mode) in [
        ("add", ADD, DOWN),
        ("sub", SUB, UP),
        ("mul", MUL, ZERO),
        ("div", DIV, UP),
        ("sqrt", SQRT, DOWN),
        ("rcp", RCP, ZERO),
    ] {
        v.push(form(name, op, mode, 32, true));
    }
    v
}
