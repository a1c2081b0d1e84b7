//! The video instructions (PTX ISA 9.7.16): SIMD (`vadd2`, `vabsdiff4`, ... on 16- and 8-bit
//! lanes picked from the pair `{b, a}`, merged with `c` under a mask or summed into it) and
//! scalar (`vadd`, `vshl`, `vset`, `vmad`, ... on a byte, half-word or the word of each
//! operand, extended to 33 bits, with a secondary operation or a merge with `c`), as the ISA's
//! pseudocode defines them.

use super::sx;
use crate::ir::{ScalarVideo, ScalarVideoOp, Video, VideoOp, VideoOp2, VideoPart};
use ptx::types::CmpOp;

/// `p cmp q` for the integer comparisons video instructions take.
fn compare(cmp: CmpOp, p: i128, q: i128) -> bool {
    match cmp {
        CmpOp::Eq => p == q,
        CmpOp::Ne => p != q,
        CmpOp::Lt => p < q,
        CmpOp::Le => p <= q,
        CmpOp::Gt => p > q,
        _ => p >= q,
    }
}

/// A SIMD video instruction (`vadd4`, `vabsdiff2`, ...) on packed 8- or 16-bit lanes.
pub(crate) fn simd(v: &Video, x: u64, y: u64, c: u64) -> u64 {
    let w = u32::from(v.lane);
    let n = 32 / w;
    let m = (1u64 << w) - 1;
    let pair = (y & 0xffff_ffff) << 32 | (x & 0xffff_ffff);
    let pick = |sel: u16, i: u32, s: bool| -> i64 {
        let bits = (pair >> (u32::from(sel >> (4 * i) & 0xf) * w)) & m;
        if s { sx(bits, w as u8) } else { bits as i64 }
    };
    let (lo, hi) = if v.d_signed { (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1) } else { (0, (1i64 << w) - 1) };
    let mut d = 0u64;
    let mut sum = 0i64;
    for i in 0..n {
        let (p, q) = (pick(v.asel, i, v.a_signed), pick(v.bsel, i, v.b_signed));
        let mut t = match v.op {
            VideoOp::Add => p + q,
            VideoOp::Sub => p - q,
            // Rounded half away from zero, as an H200 and NVIDIA's __vavgs2 emulation compute
            // (the average of -1 and 0 is -1); an unsigned sum is never negative.
            VideoOp::Avrg => (p + q + i64::from(p + q >= 0)) >> 1,
            VideoOp::Absdiff => (p - q).abs(),
            VideoOp::Min => p.min(q),
            VideoOp::Max => p.max(q),
            VideoOp::Set(cmp) => i64::from(compare(cmp, p.into(), q.into())),
        };
        if v.sat {
            t = t.clamp(lo, hi);
        }
        if v.mask >> i & 1 == 1 {
            sum += t;
            d |= ((t as u64) & m) << (i * w);
        } else {
            d |= c & (m << (i * w));
        }
    }
    if v.add { (c as i64).wrapping_add(sum) as u64 & 0xffff_ffff } else { d }
}

/// The selected part of `x`, sign-extended if `signed`, and its width in bits.
fn part(x: u64, sel: VideoPart, signed: bool) -> (i128, u8) {
    let (bits, w) = match sel {
        VideoPart::Word => (x & 0xffff_ffff, 32),
        VideoPart::Byte(k) => (x >> (8 * u32::from(k)) & 0xff, 8),
        VideoPart::Half(k) => (x >> (16 * u32::from(k)) & 0xffff, 16),
    };
    (if signed { i128::from(sx(bits, w)) } else { i128::from(bits) }, w)
}

/// `t` clamped to the range of a `w`-bit integer, signed or not.
fn clamp(t: i128, w: u8, signed: bool) -> i128 {
    if signed { t.clamp(-(1 << (w - 1)), (1 << (w - 1)) - 1) } else { t.clamp(0, (1 << w) - 1) }
}

/// A scalar video instruction as ptxas 13.0 compiles it for an sm_90 (which has no video
/// unit), which is what an H200 computes where that differs from the ISA's pseudocode:
/// - the primary operation on the selected parts is exact, shifts kept to the ISA's 34-bit
///   intermediate;
/// - `.sat` of a whole word: signed, clamped; unsigned, only negative results are lifted to 0
///   (larger ones wrap), except for shifts, clamped; of a merged part (`d.b1`, `d.h0`): any
///   result outside `[0, 2^32)` is the part's maximum, the rest at most that (shifts: as a word);
/// - `.min`/`.max` with `c` compare `vadd`/`vsub`'s low 32 bits sign-extended, the others'
///   exact result, with `c` extended as `dtype` says (`vset`: as `atype`), unsigned compares on
///   the 64-bit patterns; `.add` adds in 32 bits;
/// - `d.h1` keeps the result's own high half (the other merges place its low part).
pub(crate) fn scalar(v: &ScalarVideo, x: u64, y: u64, c: u64) -> u64 {
    let (ta, aw) = part(x, v.asel, v.a_signed);
    let (tb, bw) = part(y, v.bsel, v.b_signed);
    let amount = |clamp: bool| if clamp { tb.min(32) } else { tb & 31 } as u32;
    let s34 = |t: i128| (t << 94) >> 94;
    let (tmp, shift) = match v.op {
        ScalarVideoOp::Add => (ta + tb, false),
        ScalarVideoOp::Sub => (ta - tb, false),
        ScalarVideoOp::Absdiff => ((ta - tb).abs(), false),
        ScalarVideoOp::Min => (ta.min(tb), false),
        ScalarVideoOp::Max => (ta.max(tb), false),
        ScalarVideoOp::Shl { clamp } => (s34(ta << amount(clamp)), true),
        ScalarVideoOp::Shr { clamp } => (s34(ta >> amount(clamp)), true),
        ScalarVideoOp::Set(cmp) => (i128::from(compare(cmp, ta, tb)), false),
        ScalarVideoOp::Mad { neg_ab, neg_c, po, shr } => {
            return mad(v, (ta, aw), (tb, bw), c, (neg_ab, neg_c, po, shr));
        }
    };
    let (_, dw) = part(0, v.dsel, false);
    let tmp = match (v.sat, dw, shift, v.d_signed) {
        (false, ..) => tmp,
        (true, 8 | 16, false, signed) => {
            let max = if signed { (1 << (dw - 1)) - 1 } else { (1 << dw) - 1 };
            if tmp >> 32 != 0 { max } else { (tmp & 0xffff_ffff).min(max) }
        }
        (true, _, false, false) => tmp.max(0),
        (true, _, _, signed) => clamp(tmp, 32, signed),
    };
    let r = tmp as u64 & 0xffff_ffff;
    let c = c & 0xffff_ffff;
    let r = match v.op2 {
        Some(VideoOp2::Add) => r.wrapping_add(c) & 0xffff_ffff,
        Some(op2) => {
            let t = if matches!(v.op, ScalarVideoOp::Add | ScalarVideoOp::Sub) { i128::from(sx(r, 32)) } else { tmp };
            let signed = if matches!(v.op, ScalarVideoOp::Set(_)) { v.a_signed } else { v.d_signed };
            let (tc, _) = part(c, VideoPart::Word, signed);
            // Unsigned: the 64-bit patterns compared (a negative t is above every c).
            let t_below = if signed { t < tc } else { (t as u64) < tc as u64 };
            if t_below == (op2 == VideoOp2::Min) { r } else { c }
        }
        None => r,
    };
    match v.dsel {
        VideoPart::Word => r,
        VideoPart::Byte(k) => (r & 0xff) << (8 * k) | c & !(0xff << (8 * k)),
        VideoPart::Half(0) => r & 0xffff | c & 0xffff_0000,
        VideoPart::Half(_) => r & 0xffff_0000 | c & 0xffff,
    }
}

/// `vmad` as ptxas computes it: a whole-word operand is a signed 32-bit integer whatever its
/// type (parts are extended as their type says), `a * b` in 64 bits negated (`-a` xor `-b`) or
/// plus one (`.po`), `c` sign-extended (or negated), the sum shifted right (`.shr7`/`.shr15`:
/// arithmetically when the result is signed, the ISA's `signedFinal`), and `.sat` clamping to
/// 32 bits signed, or unsigned: a negative high word gives 0, another nonzero one all ones.
fn mad(
    v: &ScalarVideo,
    (ta, aw): (i128, u8),
    (tb, bw): (i128, u8),
    c: u64,
    (neg_ab, neg_c, po, shr): (bool, bool, bool, u8),
) -> u64 {
    let signed = v.a_signed || v.b_signed || neg_ab || neg_c;
    let word = |t: i128, w: u8| if w == 32 { i64::from(t as i32) } else { t as i64 };
    let mut tmp = word(ta, aw).wrapping_mul(word(tb, bw));
    let mut c = c & 0xffff_ffff;
    let mut lsb = 0;
    if po {
        lsb = 1;
    } else if neg_ab {
        tmp = !tmp;
        lsb = 1;
    } else if neg_c {
        c = !c & 0xffff_ffff;
        lsb = 1;
    }
    let sum = tmp.wrapping_add(sx(c, 32)).wrapping_add(lsb);
    let s = if signed { (sum >> shr) as u64 } else { (sum as u64) >> shr };
    let r = if !v.sat {
        s
    } else if signed {
        (s as i64).clamp(i32::MIN.into(), i32::MAX.into()) as u64
    } else {
        match (s >> 32) as i32 {
            hi if hi < 0 => 0,
            0 => s,
            _ => 0xffff_ffff,
        }
    };
    r & 0xffff_ffff
}
