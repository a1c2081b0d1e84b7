//! The instruction types the coverage test (`coverage.rs`) found without a form: the integer
//! arithmetic on 16 bits (`add`..`shr`, `mul.wide`, `div`/`rem` by zero), logic and shifts on
//! `.b16`, logical `shr` on bit types (no sign fill), `not` on `.b16`/`.b32`, `selp` and `mov`
//! on every type (a float `mov` keeps a NaN's payload: bit for bit), `sad` on 16 and 64 bits,
//! `mad24` (with `.hi.sat`), integer `add.sat`/`sub.sat`, carry chains on signed and 64-bit
//! types, packed 16-bit `add`/`min`/`max`, `setp` on `.b16`/`.b64` and `set` to `.s32`.

use super::{Model, leak};
use crate::{
    Case, EDGES, F32_EDGES, F32_IMMS, F64_EDGES, F64_IMMS, SHIFT_IMMS, SM90, integer_forms, logic_forms, mask, sext,
};

/// The 48-bit product of `a` and `b`'s low 24 bits (sign-extended when `signed`).
fn product24(a: u64, b: u64, signed: bool) -> i64 {
    if signed { sext(a & 0xff_ffff, 24) * sext(b & 0xff_ffff, 24) } else { ((a & 0xff_ffff) * (b & 0xff_ffff)) as i64 }
}

/// `x` (`w` bits) rotated left by one bit.
fn rotl1(x: u64, w: u32) -> u64 {
    ((x << 1) | (x >> (w - 1))) & mask(w)
}

/// A carry chain's result: the last sum or difference XOR the carry (or borrow) out of it.
fn chain(x: u64, y: u64, carry: u64, sub: bool, w: u32) -> (u64, u64) {
    let (x, y, carry) = (i128::from(x), i128::from(y), i128::from(carry));
    let r = if sub { x - y - carry } else { x + y + carry };
    let m = i128::from(mask(w));
    ((r & m) as u64, u64::from(r < 0 || r > m))
}

pub fn cases() -> Vec<Case> {
    let mut v = integer_forms("u16", 16, false);
    v.extend(integer_forms("s16", 16, true));
    v.extend(logic_forms("b16", 16));
    // Bit types shift right logically: zeros come in, whatever the top bit.
    for (t, w) in [("b16", 16), ("b32", 32), ("b64", 64)] {
        v.push(Case {
            bw: 32,
            imms: SHIFT_IMMS,
            ..Case::int(leak(format!("shr.{t}")), w, w, |a, b, _, w| Some(if b >= u64::from(w) { 0 } else { a >> b }))
        });
    }
    for (t, w) in [("b16", 16), ("b32", 32)] {
        v.push(Case { bw: 32, arity: 1, ..Case::int(leak(format!("not.{t}")), w, w, |a, _, _, w| Some(!a & mask(w))) });
    }
    for (t, w) in [("b16", 16), ("u16", 16), ("s16", 16), ("u32", 32), ("s32", 32), ("u64", 64), ("s64", 64)] {
        v.push(super::three_operand::selp(t, w, false));
    }
    v.extend(super::compare::later_cases());
    v.push(super::bits::sad("u16", 16, false));
    v.push(super::bits::sad("s64", 64, true));
    // `mov` copies bits, a float NaN's payload and sign too.
    for (t, w, float) in [
        ("b16", 16, false),
        ("u16", 16, false),
        ("s16", 16, false),
        ("s32", 32, false),
        ("s64", 64, false),
        ("f32", 32, true),
        ("f64", 64, true),
    ] {
        let (edges, imms): (&'static [u64], &'static [u64]) = match (float, w) {
            (false, _) => (&EDGES, &[1, 0x8000_0000, u64::MAX]),
            (true, 32) => (&F32_EDGES, F32_IMMS),
            _ => (&F64_EDGES, F64_IMMS),
        };
        v.push(Case {
            bw: 32,
            arity: 1,
            edges,
            float,
            imms,
            imm_at: 0,
            ..Case::int(leak(format!("mov.{t}")), w, w, |a, _, _, _| Some(a))
        });
    }
    v.push(Case {
        text: Some("setp.ne.b32 %sp0, {a}, 0; mov.pred %sp1, %sp0; selp.u32 {d}, 1, 0, %sp1"),
        arity: 1,
        bw: 32,
        ..Case::int("mov.pred", 32, 32, |a, _, _, _| Some(u64::from(a != 0)))
    });
    // mad24: the 48-bit product's low (`.lo`) or bits 47..16 (`.hi`) plus `c`; `.hi.sat` adds
    // as signed integers clamped to the s32 range.
    let m24 = |op: &'static str, model: Model| Case {
        c_edges: &EDGES,
        arity: 3,
        imms: &[0xff_ffff, 0x80_0000, 7],
        ..Case::int(op, 32, 32, model)
    };
    v.push(m24("mad24.lo.u32", |a, b, c, _| Some((product24(a, b, false) as u64).wrapping_add(c) & mask(32))));
    v.push(m24("mad24.lo.s32", |a, b, c, _| Some((product24(a, b, true) as u64).wrapping_add(c) & mask(32))));
    v.push(m24("mad24.hi.u32", |a, b, c, _| Some(((product24(a, b, false) >> 16) as u64).wrapping_add(c) & mask(32))));
    v.push(m24("mad24.hi.s32", |a, b, c, _| Some(((product24(a, b, true) >> 16) as u64).wrapping_add(c) & mask(32))));
    v.push(m24("mad24.hi.sat.s32", |a, b, c, _| {
        let hi = (product24(a, b, true) >> 16) as i32;
        Some(u64::from(hi.saturating_add(c as u32 as i32) as u32))
    }));
    // Integer saturation: the signed result clamped to the s32 range.
    let sat =
        |op: &'static str, model: Model| Case { imms: &[1, 0x7fff_ffff, 0x8000_0000], ..Case::int(op, 32, 32, model) };
    v.push(sat("add.sat.s32", |a, b, _, _| Some(u64::from((a as u32 as i32).saturating_add(b as u32 as i32) as u32))));
    v.push(sat("sub.sat.s32", |a, b, _, _| Some(u64::from((a as u32 as i32).saturating_sub(b as u32 as i32) as u32))));
    v.extend(carry_chains());
    // Packed 16-bit lanes (sm_90), each lane wrapping; ptxas takes no immediates for them.
    let lanes = |op: &'static str, model: Model| Case { target: SM90, ..Case::int(op, 32, 32, model) };
    use super::bits::lanes as per_lane;
    v.push(lanes("add.u16x2", |a, b, _, _| Some(per_lane(a, b, 16, false, |x, y| x + y))));
    v.push(lanes("add.s16x2", |a, b, _, _| Some(per_lane(a, b, 16, true, |x, y| x + y))));
    v.push(lanes("min.u16x2", |a, b, _, _| Some(per_lane(a, b, 16, false, i64::min))));
    v.push(lanes("max.s16x2", |a, b, _, _| Some(per_lane(a, b, 16, true, i64::max))));
    v
}

/// Carry chains on `.s32`, `.u64` and `.s64` (the `.u32` ones: `three_operand.rs`): the carry
/// flag holds the unsigned carry or borrow whatever the type's signedness.
fn carry_chains() -> Vec<Case> {
    let mut v = Vec::new();
    for (t, w) in [("s32", 32), ("u64", 64), ("s64", 64)] {
        let r = if w == 32 { "%sx" } else { "%sy" };
        let form = |name: &str, text: String, model: Model| Case {
            c_edges: &EDGES,
            arity: 3,
            text: Some(leak(text)),
            ..Case::int(leak(format!("{name}.{t}")), w, w, model)
        };
        // a + b, then c + that + carry, then the carry out of it.
        v.push(form(
            "add.cc/addc.cc/addc",
            format!(
                "add.cc.{t} {r}0, {{a}}, {{b}}; addc.cc.{t} {r}1, {{c}}, {r}0; addc.{t} {r}2, 0, 0; \
                 xor.b{w} {{d}}, {r}1, {r}2"
            ),
            |a, b, c, w| {
                let (x, k) = chain(a, b, 0, false, w);
                let (y, k) = chain(c, x, k, false, w);
                Some(y ^ k)
            },
        ));
        // a - b, then c - that - borrow, then 0 - 0 - the borrow out of it (all ones or 0).
        v.push(form(
            "sub.cc/subc.cc/subc",
            format!(
                "sub.cc.{t} {r}0, {{a}}, {{b}}; subc.cc.{t} {r}1, {{c}}, {r}0; subc.{t} {r}2, 0, 0; \
                 xor.b{w} {{d}}, {r}1, {r}2"
            ),
            |a, b, c, w| {
                let (x, k) = chain(a, b, 0, true, w);
                let (y, k) = chain(c, x, k, true, w);
                Some(y ^ if k == 1 { mask(w) } else { 0 })
            },
        ));
        // The low half of a * b plus c, then the high half plus the carry, then its carry.
        let signed = t.starts_with('s');
        let mad: Model = if signed {
            |a, b, c, w| {
                let p = i128::from(sext(a, w)) * i128::from(sext(b, w));
                let m = i128::from(mask(w));
                let (x, k) = chain(p as u64 & mask(w), c, 0, false, w);
                let (y, k) = chain(((p >> w) & m) as u64, 0, k, false, w);
                Some(rotl1(x, w) ^ y ^ k)
            }
        } else {
            |a, b, c, w| {
                let p = u128::from(a) * u128::from(b);
                let (x, k) = chain(p as u64 & mask(w), c, 0, false, w);
                let (y, k) = chain((p >> w) as u64 & mask(w), 0, k, false, w);
                Some(rotl1(x, w) ^ y ^ k)
            }
        };
        let rot = if w == 32 {
            "shf.l.wrap.b32 {r}3, {r}0, {r}0, 1"
        } else {
            "shl.b64 {r}3, {r}0, 1; shr.b64 {r}4, {r}0, 63; or.b64 {r}3, {r}3, {r}4"
        };
        v.push(form(
            "mad.lo.cc/madc.hi.cc/addc",
            format!(
                "mad.lo.cc.{t} {r}0, {{a}}, {{b}}, {{c}}; madc.hi.cc.{t} {r}1, {{a}}, {{b}}, 0; addc.{t} {r}2, 0, 0; \
                 {rot}; xor.b{w} {r}3, {r}3, {r}1; xor.b{w} {{d}}, {r}3, {r}2",
                rot = rot.replace("{r}", r)
            ),
            mad,
        ));
    }
    v
}

/// Round 8: the carry instructions on 16 bits, without a carry out (ptxas takes `addc.u16`,
/// `subc`, `madc` of `.u16`/`.s16`, as the validator does; the PTX ISA lists 32 and 64 bits
/// only, so the H200's recording decides). The carry flag comes from a 32-bit `add.cc` of
/// `c`'s top bit with itself: set exactly when `c`'s bit 15 is.
pub fn carry16_cases() -> Vec<Case> {
    let mut v = Vec::new();
    for t in ["u16", "s16"] {
        for (name, inst) in [
            ("addc", "addc.{t} {d}, {a}, {b}"),
            ("subc", "subc.{t} {d}, {a}, {b}"),
            ("madc.lo", "madc.lo.{t} {d}, {a}, {b}, {c}"),
        ] {
            v.push(Case {
                c_edges: &EDGES,
                arity: 3,
                text: Some(leak(format!(
                    "mov.b16 %sh0, {{c}}; cvt.u32.u16 %sx0, %sh0; shl.b32 %sx0, %sx0, 16; add.cc.u32 %sx1, %sx0, %sx0; {}",
                    inst.replace("{t}", t)
                ))),
                ..Case::int(leak(format!("{name}.{t}")), 16, 16, |_, _, _, _| None)
            });
        }
    }
    v
}
