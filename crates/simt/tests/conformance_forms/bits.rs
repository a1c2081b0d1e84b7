//! Bit operations: `bmsk`, `szext`, `fns`, `bfind.shiftamt`, logic on `.pred`, `cnot`,
//! `mul24`, `sad`, `abs`/`neg` of the most negative integer, `min`/`max` (`.relu`, packed
//! 16-bit lanes), and the video instructions with their secondary operations.

use super::{Model, leak};
use crate::{Case, EDGES, SM90, mask, sext};

/// Bit positions and widths for `bmsk`/`szext`.
const WIDTHS: &[u64] = &[0, 1, 5, 8, 16, 31, 32, 33, 63, 64, 100, 0xffff_ffff];

/// `fns` bases (the ISA leaves bases past 31 undefined) and offsets.
const BASES: &[u64] = &[0, 1, 2, 3, 15, 16, 30, 31];
const OFFSETS: &[u64] = &[0, 1, 2, 3, 5, 17, 32, 33, 0xffff_ffff, 0xffff_fffe, 0xffff_fff0, 0x8000_0000];

fn bmsk(a: u64, b: u64, clamp: bool) -> u64 {
    let (a1, b1) = (a & 0x1f, b & 0x1f);
    let mut mask0 = (!0u64 << a1) & 0xffff_ffff;
    let sum = a1 + b1;
    let mut mask1 = if sum >= 32 { 0 } else { (!0u64 << sum) & 0xffff_ffff };
    let (mut position_overflow, mut width_overflow) = (false, false);
    if clamp {
        if a >= 32 {
            position_overflow = true;
            mask0 = 0;
        }
        width_overflow = b >= 32;
    }
    if sum >= 32 || position_overflow || width_overflow {
        mask1 = 0;
    } else if b1 == 0 {
        mask1 = 0xffff_ffff;
    }
    mask0 & !mask1 & 0xffff_ffff
}

fn szext(a: u64, b: u64, clamp: bool, signed: bool) -> u64 {
    let b1 = b & 0x1f;
    let too_large = b >= 32 && clamp;
    let m = if too_large { 0 } else { (!0u64 << b1) & 0xffff_ffff };
    let sign = !(b1 == 0 || too_large || !signed) && (a >> ((b1.wrapping_sub(1)) & 0x1f)) & 1 == 1;
    (a & !m & 0xffff_ffff) | if sign { m } else { 0 }
}

/// `fns` as the ISA defines it; where `|offset|` overflows 32 bits (`i32::MIN`) the H200 gives
/// 0.
fn fns(m: u64, base: u64, offset: u64) -> u64 {
    let offset = sext(offset, 32);
    if offset == i64::from(i32::MIN) {
        return 0;
    }
    if offset == 0 {
        return if (m >> base) & 1 == 1 { base } else { 0xffff_ffff };
    }
    let (mut pos, mut count, inc) = (base as i64, offset.unsigned_abs() - 1, offset.signum());
    while (0..32).contains(&pos) {
        if (m >> pos) & 1 == 1 {
            if count == 0 {
                return pos as u64;
            }
            count -= 1;
        }
        pos += inc;
    }
    0xffff_ffff
}

/// `bfind.shiftamt`: the left shift that brings the most significant non-sign bit to the top;
/// all ones when there is none.
fn shiftamt(a: u64, w: u32, signed: bool) -> u64 {
    let x = if signed && sext(a, w) < 0 { !a & mask(w) } else { a & mask(w) };
    if x == 0 { 0xffff_ffff } else { u64::from(x.leading_zeros() - (64 - w)) }
}

/// Lanes of `bits` bits, signed or not, combined by `f`.
pub fn lanes(a: u64, b: u64, bits: u32, signed: bool, f: impl Fn(i64, i64) -> i64) -> u64 {
    (0..32 / bits).fold(0, |d, k| {
        let get = |v: u64| {
            let x = (v >> (k * bits)) & mask(bits);
            if signed { sext(x, bits) } else { x as i64 }
        };
        d | (f(get(a), get(b)) as u64 & mask(bits)) << (k * bits)
    })
}

/// `sad.{t}` (`w` bits, `signed`): `c + |a - b|`.
pub fn sad(t: &str, w: u32, signed: bool) -> Case {
    let model: Model = if signed {
        |a, b, c, w| {
            Some(((i128::from(sext(a, w)) - i128::from(sext(b, w))).unsigned_abs() as u64).wrapping_add(c) & mask(w))
        }
    } else {
        |a, b, c, w| Some(a.abs_diff(b).wrapping_add(c) & mask(w))
    };
    Case { c_edges: &EDGES, arity: 3, ..Case::int(leak(format!("sad.{t}")), w, w, model) }
}

pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    let two = |op: &'static str, model: Model| Case { imms: &[0, 31, 32, 100], ..Case::int(op, 32, 32, model) };
    let widths = |op: &'static str, model: Model| Case { edges: WIDTHS, b_edges: Some(WIDTHS), ..two(op, model) };
    v.push(widths("bmsk.clamp.b32", |a, b, _, _| Some(bmsk(a, b, true))));
    v.push(widths("bmsk.wrap.b32", |a, b, _, _| Some(bmsk(a, b, false))));
    let ext = |op: &'static str, model: Model| Case { b_edges: Some(WIDTHS), ..two(op, model) };
    v.push(ext("szext.clamp.s32", |a, b, _, _| Some(szext(a, b, true, true))));
    v.push(ext("szext.wrap.s32", |a, b, _, _| Some(szext(a, b, false, true))));
    v.push(ext("szext.clamp.u32", |a, b, _, _| Some(szext(a, b, true, false))));
    v.push(ext("szext.wrap.u32", |a, b, _, _| Some(szext(a, b, false, false))));
    v.push(Case {
        cw: 32,
        b_edges: Some(BASES),
        c_edges: OFFSETS,
        arity: 3,
        imms: &[1, 0xffff_ffff],
        imm_at: 2,
        ..Case::int("fns.b32", 32, 32, |a, b, c, _| Some(fns(a, b, c)))
    });
    let un = |op: &'static str, w: u32, model: Model| Case { bw: 32, arity: 1, ..Case::int(op, w, 32, model) };
    v.push(un("bfind.shiftamt.s32", 32, |a, _, _, w| Some(shiftamt(a, w, true))));
    v.push(un("bfind.shiftamt.u64", 64, |a, _, _, w| Some(shiftamt(a, w, false))));
    v.push(un("bfind.shiftamt.s64", 64, |a, _, _, w| Some(shiftamt(a, w, true))));
    // Logic on predicates (a ≠ 0, b ≠ 0), written out as 1/0.
    let pred =
        |op: &'static str, text: &'static str, model: Model| Case { text: Some(text), ..Case::int(op, 32, 32, model) };
    let p = "setp.ne.b32 %sp0, {a}, 0; setp.ne.b32 %sp1, {b}, 0;";
    let out = "selp.u32 {d}, 1, 0, %sp2";
    for (op, model) in [
        ("and.pred", (|a, b, _, _| Some(u64::from(a != 0 && b != 0))) as Model),
        ("or.pred", |a, b, _, _| Some(u64::from(a != 0 || b != 0))),
        ("xor.pred", |a, b, _, _| Some(u64::from((a != 0) ^ (b != 0)))),
        ("not.pred", |a, _, _, _| Some(u64::from(a == 0))),
    ] {
        let instr = if op.starts_with("and") || op.starts_with("or") || op.starts_with("xor") {
            format!("{op} %sp2, %sp0, %sp1;")
        } else {
            format!("{op} %sp2, %sp0;")
        };
        v.push(pred(op, leak(format!("{p} {instr} {out}")), model));
    }
    // and/or with a negated predicate operand.
    v.push(pred("or.pred/negated", leak(format!("{p} or.pred %sp2, !%sp0, %sp1; {out}")), |a, b, _, _| {
        Some(u64::from(a == 0 || b != 0))
    }));
    v.push(Case { arity: 1, bw: 32, ..Case::int("cnot.b16", 16, 16, |a, _, _, _| Some(u64::from(a == 0))) });
    v.push(Case { arity: 1, bw: 32, ..Case::int("cnot.b64", 64, 64, |a, _, _, _| Some(u64::from(a == 0))) });
    // mul24: the 48-bit product of the low 24 bits (sign-extended for .s32); .lo its low 32
    // bits, .hi its high 32.
    let m24 =
        |op: &'static str, model: Model| Case { imms: &[0xff_ffff, 0x80_0000, 7], ..Case::int(op, 32, 32, model) };
    v.push(m24("mul24.lo.u32", |a, b, _, _| Some(((a & 0xff_ffff) * (b & 0xff_ffff)) & 0xffff_ffff)));
    v.push(m24("mul24.hi.u32", |a, b, _, _| Some(((a & 0xff_ffff) * (b & 0xff_ffff)) >> 16 & 0xffff_ffff)));
    v.push(m24("mul24.lo.s32", |a, b, _, _| {
        Some((sext(a & 0xff_ffff, 24) * sext(b & 0xff_ffff, 24)) as u64 & 0xffff_ffff)
    }));
    v.push(m24("mul24.hi.s32", |a, b, _, _| {
        Some(((sext(a & 0xff_ffff, 24) * sext(b & 0xff_ffff, 24)) >> 16) as u64 & 0xffff_ffff)
    }));
    // sad: c + |a - b|.
    for (t, w, signed) in [("u32", 32, false), ("s32", 32, true), ("u64", 64, false), ("s16", 16, true)] {
        v.push(sad(t, w, signed));
    }
    // The most negative integer: abs and neg wrap to it.
    let un_w = |op: &'static str, w: u32, model: Model| Case { bw: 32, arity: 1, ..Case::int(op, w, w, model) };
    v.push(un_w("abs.s16", 16, |a, _, _, w| Some(sext(a, w).wrapping_abs() as u64 & mask(w))));
    v.push(un_w("neg.s16", 16, |a, _, _, w| Some(sext(a, w).wrapping_neg() as u64 & mask(w))));
    v.push(un_w("neg.s64", 64, |a, _, _, _| Some(a.wrapping_neg())));
    // min/max .relu (negative results become 0) and packed 16-bit lanes.
    let sm90 =
        |op: &'static str, model: Model| Case { target: SM90, imms: &[1, 0x8000_8000], ..Case::int(op, 32, 32, model) };
    v.push(sm90("min.relu.s32", |a, b, _, w| Some(sext(a, w).min(sext(b, w)).max(0) as u64)));
    v.push(sm90("max.relu.s32", |a, b, _, w| Some(sext(a, w).max(sext(b, w)).max(0) as u64)));
    // ptxas takes no immediates for packed lanes.
    let sm90 = |op: &'static str, model: Model| Case { imms: &[], ..sm90(op, model) };
    v.push(sm90("min.s16x2", |a, b, _, _| Some(lanes(a, b, 16, true, i64::min))));
    v.push(sm90("max.u16x2", |a, b, _, _| Some(lanes(a, b, 16, false, i64::max))));
    v.push(sm90("min.relu.s16x2", |a, b, _, _| Some(lanes(a, b, 16, true, |x, y| x.min(y).max(0)))));
    v.push(sm90("max.relu.s16x2", |a, b, _, _| Some(lanes(a, b, 16, true, |x, y| x.max(y).max(0)))));
    v.extend(video());
    v
}

/// SIMD video instructions (16- and 8-bit lanes), saturating or accumulating into `c` (the
/// scalar forms are not supported: an error names them). The GPU's recording decides.
fn video() -> Vec<Case> {
    [
        "vadd2.s32.s32.s32.sat",
        "vadd4.u32.u32.u32.add",
        "vsub4.u32.u32.u32.sat",
        "vsub2.s32.s32.s32.add",
        "vabsdiff2.u32.u32.u32.add",
        "vabsdiff4.s32.s32.s32",
        "vmin4.s32.s32.s32",
        "vmax2.u32.u32.u32.add",
        "vavrg4.u32.u32.u32",
        "vavrg2.s32.s32.s32.sat",
        "vset2.u32.u32.lt.add",
        "vset4.s32.s32.ge",
    ]
    .into_iter()
    .map(|op| Case { cw: 32, c_edges: &EDGES, arity: 3, ..Case::int(op, 32, 32, |_, _, _, _| None) })
    .collect()
}
