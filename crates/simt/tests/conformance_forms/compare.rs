//! Comparisons: `setp` with every compare operator on signed, unsigned, bit-size and float
//! types (f32, f64, f16, with `.ftz`) over NaNs, signed zeros, infinities and subnormals; `setp`
//! combining with a predicate (`.and`/`.or`/`.xor`, negated) and writing two predicates `p|q`;
//! `set` with integer and float results. Predicates are written out as 1/0 through `selp`.

use super::half::{BF16_EDGES, BF16X2_EDGES, F16_EDGES, F16X2_EDGES, f16_value, half_value};
use super::{Model, leak};
use crate::{Case, EDGES, F32_EDGES, F64_EDGES, sext};

/// The compare operators, as the models index them.
const OPS: [&str; 18] = [
    "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan",
];

/// The operand types: PTX text, width, and how values compare.
const TYPES: [(&str, u32, Class); 14] = [
    ("s32", 32, Class::Signed),
    ("u32", 32, Class::Unsigned),
    ("b32", 32, Class::Unsigned),
    ("s64", 64, Class::Signed),
    ("u64", 64, Class::Unsigned),
    ("s16", 16, Class::Signed),
    ("u16", 16, Class::Unsigned),
    ("f32", 32, Class::Float { ftz: false }),
    ("ftz.f32", 32, Class::Float { ftz: true }),
    ("f64", 64, Class::Float { ftz: false }),
    ("f16", 16, Class::Float { ftz: false }),
    ("ftz.f16", 16, Class::Float { ftz: true }),
    ("b16", 16, Class::Unsigned),
    ("b64", 64, Class::Unsigned),
];

#[derive(Clone, Copy)]
enum Class {
    Signed,
    Unsigned,
    Float { ftz: bool },
}

/// How the comparison's outcome `t` becomes the result (`c ≠ 0` is the predicate input).
const MODES: [&str; 11] = [
    // 0: p = t
    "setp.{cmp} %sp0, {a}, {b}; selp.u32 {d}, 1, 0, %sp0",
    // 1–3: p = t BOOL c
    "setp.ne.b32 %sp2, {c}, 0; setp.{cmp:and} %sp0, {a}, {b}, %sp2; selp.u32 {d}, 1, 0, %sp0",
    "setp.ne.b32 %sp2, {c}, 0; setp.{cmp:or} %sp0, {a}, {b}, %sp2; selp.u32 {d}, 1, 0, %sp0",
    "setp.ne.b32 %sp2, {c}, 0; setp.{cmp:xor} %sp0, {a}, {b}, %sp2; selp.u32 {d}, 1, 0, %sp0",
    // 4: p = t and not c
    "setp.ne.b32 %sp2, {c}, 0; setp.{cmp:and} %sp0, {a}, {b}, !%sp2; selp.u32 {d}, 1, 0, %sp0",
    // 5: p = t, q = !t (bits 0 and 1)
    "setp.{cmp} %sp0|%sp1, {a}, {b}; selp.u32 %sx0, 1, 0, %sp0; selp.u32 %sx1, 2, 0, %sp1; or.b32 {d}, %sx0, %sx1",
    // 6: p = t or c, q = !t or c
    "setp.ne.b32 %sp2, {c}, 0; setp.{cmp:or} %sp0|%sp1, {a}, {b}, %sp2; selp.u32 %sx0, 1, 0, %sp0; \
     selp.u32 %sx1, 2, 0, %sp1; or.b32 {d}, %sx0, %sx1",
    // 7: set to all ones or 0
    "set.{cmp:u32} {d}, {a}, {b}",
    // 8: set to 1.0 or 0.0
    "set.{cmp:f32} {d}, {a}, {b}",
    // 9: set.and to all ones or 0
    "setp.ne.b32 %sp2, {c}, 0; set.{cmp:and.u32} {d}, {a}, {b}, %sp2",
    // 10: set to all ones or 0, an s32 result
    "set.{cmp:s32} {d}, {a}, {b}",
];

/// Operand `v` of type `ty` as a number (`None`: NaN), subnormals flushed under `.ftz`.
fn value(v: u64, ty: usize) -> Option<f64> {
    let (_, w, class) = TYPES[ty];
    let x = match class {
        Class::Signed => sext(v, w) as f64,
        Class::Unsigned => v as f64,
        Class::Float { ftz } => {
            let x = match w {
                16 => f16_value(v),
                32 => f64::from(f32::from_bits(v as u32)),
                _ => f64::from_bits(v),
            };
            let tiny = match w {
                16 => 2f64.powi(-14),
                32 => 2f64.powi(-126),
                _ => 0.0,
            };
            if ftz && x.abs() < tiny { 0.0 } else { x }
        }
    };
    (!x.is_nan()).then_some(x)
}

/// Whether `a OP b` holds: integers exactly (i128 would be needed past 2^53, so 64-bit values
/// compare by their bits), floats with NaN unordered.
fn holds(op: usize, a: u64, b: u64, ty: usize) -> bool {
    let (_, w, class) = TYPES[ty];
    let ord = match class {
        Class::Signed => Some(sext(a, w).cmp(&sext(b, w))),
        Class::Unsigned => Some(a.cmp(&b)),
        Class::Float { .. } => match (value(a, ty), value(b, ty)) {
            (Some(x), Some(y)) => x.partial_cmp(&y),
            _ => None,
        },
    };
    outcome(op, ord)
}

/// Whether compare `OPS[op]` holds for operands ordered `ord` (`None`: unordered, a NaN).
fn outcome(op: usize, ord: Option<std::cmp::Ordering>) -> bool {
    use std::cmp::Ordering::{Equal, Greater, Less};
    match (OPS[op], ord) {
        ("num", o) => o.is_some(),
        ("nan", o) => o.is_none(),
        // The unordered forms hold when either operand is NaN.
        (u, None) => u.len() == 3 && u.ends_with('u'),
        ("eq" | "equ", Some(o)) => o == Equal,
        ("ne" | "neu", Some(o)) => o != Equal,
        ("lt" | "lo" | "ltu", Some(o)) => o == Less,
        ("le" | "ls" | "leu", Some(o)) => o != Greater,
        ("gt" | "hi" | "gtu", Some(o)) => o == Greater,
        ("ge" | "hs" | "geu", Some(o)) => o != Less,
        (other, _) => unreachable!("compare {other}"),
    }
}

/// The result of compare `OP` on type `TY` in mode `MODE` (`MODES`).
fn model<const OP: usize, const TY: usize, const MODE: usize>(a: u64, b: u64, c: u64, _: u32) -> Option<u64> {
    let t = holds(OP, a, b, TY);
    let p = c != 0;
    Some(match MODE {
        0 => u64::from(t),
        1 => u64::from(t && p),
        2 => u64::from(t || p),
        3 => u64::from(t ^ p),
        4 => u64::from(t && !p),
        5 => u64::from(t) | u64::from(!t) << 1,
        6 => u64::from(t || p) | u64::from(!t || p) << 1,
        7 | 10 => {
            if t {
                0xffff_ffff
            } else {
                0
            }
        }
        8 => {
            if t {
                0x3f80_0000
            } else {
                0
            }
        }
        _ => {
            if t && p {
                0xffff_ffff
            } else {
                0
            }
        }
    })
}

/// The form of `model::<OP, TY, MODE>`.
fn form(op: usize, ty: usize, mode: usize, model: Model) -> Case {
    let (t, w, class) = TYPES[ty];
    let float = matches!(class, Class::Float { .. });
    let edges: &'static [u64] = match (float, w) {
        (false, _) => &EDGES,
        (true, 16) => F16_EDGES,
        (true, 32) => &F32_EDGES,
        _ => &F64_EDGES,
    };
    let imms: &'static [u64] = match (float, w) {
        (false, _) => &[1, 0x8000_0000, u64::MAX],
        (true, 32) => &[0x3f80_0000, 0x8000_0000, 0x7fc0_0000],
        (true, 64) => &[0x3ff0_0000_0000_0000, 0xfff0_0000_0000_0000],
        // No f16 immediates in PTX.
        _ => &[],
    };
    // `{cmp}` is the compare and type; `{cmp:X}` puts X (a boolean operation, a set's result
    // type) between them.
    let (ftz, plain) = match t.strip_prefix("ftz.") {
        Some(p) => (".ftz", p),
        None => ("", t),
    };
    let op = OPS[op];
    let text = MODES[mode]
        .replace("{cmp}", &format!("{op}{ftz}.{plain}"))
        .replace("{cmp:and}", &format!("{op}.and{ftz}.{plain}"))
        .replace("{cmp:or}", &format!("{op}.or{ftz}.{plain}"))
        .replace("{cmp:xor}", &format!("{op}.xor{ftz}.{plain}"))
        .replace("{cmp:u32}", &format!("{op}{ftz}.u32.{plain}"))
        .replace("{cmp:s32}", &format!("{op}{ftz}.s32.{plain}"))
        .replace("{cmp:f32}", &format!("{op}{ftz}.f32.{plain}"))
        .replace("{cmp:and.u32}", &format!("{op}.and{ftz}.u32.{plain}"));
    let name = format!("{}.{op}{ftz}.{plain}#{mode}", if mode >= 7 { "set" } else { "setp" });
    Case {
        edges,
        float,
        cw: 32,
        c_edges: if matches!(mode, 1..=4 | 6 | 9) { &[0, 1] } else { &[] },
        arity: if matches!(mode, 1..=4 | 6 | 9) { 3 } else { 2 },
        imms,
        text: Some(leak(text)),
        ..Case::int(leak(name), w, 32, model)
    }
}

macro_rules! forms {
    ($v:ident, $ty:literal, $mode:literal: $($op:literal)*) => {
        $v.extend([$(form($op, $ty, $mode, model::<$op, $ty, $mode>)),*]);
    };
}

pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    // Every operator on every type.
    forms!(v, 0, 0: 0 1 2 3 4 5);
    forms!(v, 1, 0: 0 1 2 3 4 5 6 7 8 9);
    forms!(v, 2, 0: 0 1);
    forms!(v, 3, 0: 0 1 2 3 4 5);
    forms!(v, 4, 0: 0 1 2 3 4 5 6 7 8 9);
    forms!(v, 5, 0: 0 2 4 5);
    forms!(v, 6, 0: 0 6 8 9);
    forms!(v, 7, 0: 0 1 2 3 4 5 10 11 12 13 14 15 16 17);
    forms!(v, 8, 0: 0 1 2 5 12 17);
    forms!(v, 9, 0: 0 1 2 3 4 5 10 11 12 13 14 15 16 17);
    forms!(v, 10, 0: 0 1 2 3 4 5 10 11 12 13 14 15 16 17);
    forms!(v, 11, 0: 0 2 10 13);
    // With a predicate, two results.
    for_modes(&mut v);
    // set.
    forms!(v, 7, 7: 2 10 17);
    forms!(v, 0, 7: 2 5);
    forms!(v, 1, 7: 8);
    forms!(v, 7, 8: 2 11);
    forms!(v, 0, 8: 3);
    forms!(v, 7, 9: 2);
    v
}

/// The types and results the coverage test found without a form (`coverage.rs`): `setp` on
/// `.b16` and `.b64` (equality only), `set` with an `.s32` result.
pub fn later_cases() -> Vec<Case> {
    let mut v = Vec::new();
    forms!(v, 12, 0: 0 1);
    forms!(v, 13, 0: 0 1);
    forms!(v, 0, 10: 2 5);
    forms!(v, 7, 10: 2 16);
    v
}

fn for_modes(v: &mut Vec<Case>) {
    forms!(v, 7, 1: 2 10);
    forms!(v, 7, 2: 2 10);
    forms!(v, 7, 3: 2 10);
    forms!(v, 7, 4: 2);
    forms!(v, 7, 5: 2 10 17);
    forms!(v, 7, 6: 2);
    forms!(v, 0, 1: 2);
    forms!(v, 0, 3: 2);
    forms!(v, 0, 5: 2);
    forms!(v, 1, 6: 8);
    forms!(v, 9, 5: 3);
}

/// Compare `OPS[op]` of half-precision values `a` and `b` (`exp` exponent bits: 5 for f16,
/// 8 for bf16), a NaN unordered.
fn half_holds(op: usize, a: u64, b: u64, exp: u32) -> bool {
    let (x, y) = (half_value(a & 0xffff, exp), half_value(b & 0xffff, exp));
    outcome(op, x.partial_cmp(&y))
}

/// Half-precision comparisons (sm_90 for bf16), PTX ISA "Half Precision Comparison
/// Instructions": `setp` on `.bf16` and on pairs (`p|q`: the lower halves' outcome in `p`, the
/// upper's in `q`), and `set` with half (1.0 or 0.0) and 16-bit integer (all ones or 0) results.
pub fn half_cases() -> Vec<Case> {
    /// A form on `w`-bit operands (`exp` exponent bits, `pair`: two halves) whose result is
    /// `dw` bits wide.
    fn half(op: &'static str, text: &'static str, w: u32, dw: u32, exp: u32, model: Model) -> Case {
        let edges: &'static [u64] = match (w, exp) {
            (16, 5) => F16_EDGES,
            (16, _) => BF16_EDGES,
            (_, 5) => &F16X2_EDGES,
            _ => &BF16X2_EDGES,
        };
        Case { edges, float: true, target: crate::SM90, text: Some(text), ..Case::int(op, w, dw, model) }
    }
    let pq = "{op} %sp0|%sp1, {a}, {b}; selp.u32 %sx0, 1, 0, %sp0; selp.u32 %sx1, 2, 0, %sp1; or.b32 {d}, %sx0, %sx1";
    let p = "{op} %sp0, {a}, {b}; selp.u32 {d}, 1, 0, %sp0";
    // Each pair of halves: `f` of the lower halves, and of the upper ones shifted by `k` bits.
    fn pair(a: u64, b: u64, k: u32, f: impl Fn(u64, u64) -> u64) -> u64 {
        f(a & 0xffff, b & 0xffff) | f(a >> 16, b >> 16) << k
    }
    macro_rules! at {
        ($name:literal) => {
            OPS.iter().position(|o| *o == $name).unwrap()
        };
    }
    vec![
        half("setp.eq.bf16", p, 16, 32, 8, |a, b, _, _| Some(u64::from(half_holds(at!("eq"), a, b, 8)))),
        half("setp.lt.bf16", p, 16, 32, 8, |a, b, _, _| Some(u64::from(half_holds(at!("lt"), a, b, 8)))),
        half("setp.geu.bf16", p, 16, 32, 8, |a, b, _, _| Some(u64::from(half_holds(at!("geu"), a, b, 8)))),
        half("setp.nan.bf16", p, 16, 32, 8, |a, b, _, _| Some(u64::from(half_holds(at!("nan"), a, b, 8)))),
        half("setp.lt.f16x2", pq, 32, 32, 5, |a, b, _, _| {
            Some(pair(a, b, 1, |x, y| u64::from(half_holds(at!("lt"), x, y, 5))))
        }),
        half("setp.equ.f16x2", pq, 32, 32, 5, |a, b, _, _| {
            Some(pair(a, b, 1, |x, y| u64::from(half_holds(at!("equ"), x, y, 5))))
        }),
        half("setp.ne.bf16x2", pq, 32, 32, 8, |a, b, _, _| {
            Some(pair(a, b, 1, |x, y| u64::from(half_holds(at!("ne"), x, y, 8))))
        }),
        half("setp.gtu.bf16x2", pq, 32, 32, 8, |a, b, _, _| {
            Some(pair(a, b, 1, |x, y| u64::from(half_holds(at!("gtu"), x, y, 8))))
        }),
        half("set.lt.f16.f16", "{op} {d}, {a}, {b}", 16, 16, 5, |a, b, _, _| {
            Some(if half_holds(at!("lt"), a, b, 5) { 0x3c00 } else { 0 })
        }),
        half("set.ge.bf16.bf16", "{op} {d}, {a}, {b}", 16, 16, 8, |a, b, _, _| {
            Some(if half_holds(at!("ge"), a, b, 8) { 0x3f80 } else { 0 })
        }),
        half("set.eq.u16.f16", "{op} {d}, {a}, {b}", 16, 16, 5, |a, b, _, _| {
            Some(if half_holds(at!("eq"), a, b, 5) { 0xffff } else { 0 })
        }),
        half("set.ltu.s16.bf16", "{op} {d}, {a}, {b}", 16, 16, 8, |a, b, _, _| {
            Some(if half_holds(at!("ltu"), a, b, 8) { 0xffff } else { 0 })
        }),
        half("set.gt.f16x2.f16x2", "{op} {d}, {a}, {b}", 32, 32, 5, |a, b, _, _| {
            Some(pair(a, b, 16, |x, y| if half_holds(at!("gt"), x, y, 5) { 0x3c00 } else { 0 }))
        }),
        half("set.le.bf16x2.bf16x2", "{op} {d}, {a}, {b}", 32, 32, 8, |a, b, _, _| {
            Some(pair(a, b, 16, |x, y| if half_holds(at!("le"), x, y, 8) { 0x3f80 } else { 0 }))
        }),
    ]
}
