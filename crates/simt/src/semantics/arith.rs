//! Integer, bit and floating-point arithmetic (`add` ... `fma`, `bfi`, `prmt`, video
//! instructions, extended-precision carries): `unop`, `binop`, `ternop` and their helpers.

use super::convert::*;
use super::*;
use crate::address_space::{PARAM_HALF, PARAM_WINDOW};
use crate::float::*;
use crate::ir::*;
use ptx::types::{Rounding, ScalarType, TypeKind};

pub(crate) fn mul_hi(a: u64, b: u64, w: u8, s: bool) -> u64 {
    if w == 64 {
        if s {
            ((i128::from(a as i64) * i128::from(b as i64)) >> 64) as u64
        } else {
            ((u128::from(a) * u128::from(b)) >> 64) as u64
        }
    } else if s {
        ((sx(a, w).wrapping_mul(sx(b, w))) >> w) as u64 & mask_w(w)
    } else {
        (((a & mask_w(w)) * (b & mask_w(w))) >> w) & mask_w(w)
    }
}

pub(crate) fn mul_wide(a: u64, b: u64, w: u8, s: bool) -> u64 {
    let r = if s { sx(a, w).wrapping_mul(sx(b, w)) as u64 } else { (a & mask_w(w)).wrapping_mul(b & mask_w(w)) };
    r & mask_w(w * 2)
}

/// `prmt` with a mode (`f4e`, `b4e`, `rc8`, `ecl`, `ecr`, `rc16` as 1..=6): the source byte
/// of each result byte, from the two low bits of `s`.
pub(crate) fn prmt_mode(mode: u8, x: u64, y: u64, s: u64) -> u64 {
    let bytes = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
    let n = s & 3;
    let sel = |i: u64| -> u64 {
        match mode {
            1 => n + i,                 // f4e
            2 => (n + 8 - i) & 7,       // b4e
            3 => n,                     // rc8
            4 => i.max(n),              // ecl
            5 => i.min(n),              // ecr
            _ => (n & 1) * 2 + (i & 1), // rc16
        }
    };
    (0..4u64).fold(0, |d, i| d | ((bytes >> (sel(i) * 8)) & 0xff) << (8 * i))
}

/// `fns.b32`: the position of the `offset`-th set bit of `mask` from `base` (upwards for
/// positive offsets, downwards for negative; offset 0 tests bit `base`), or 0xffffffff. An
/// offset of `i32::MIN` (whose magnitude the ISA's 32-bit `|offset|` cannot hold) gives 0 on
/// an H200, whatever the mask and base.
pub(crate) fn fns(mask: u32, base: u32, offset: u32) -> u64 {
    let off = offset as i32;
    // Before the base's range: an H200 gives 0 for this offset past bit 31 too.
    if off == i32::MIN {
        return 0;
    }
    if base >= 32 {
        return 0xffff_ffff;
    }
    if off == 0 {
        return if mask >> base & 1 != 0 { u64::from(base) } else { 0xffff_ffff };
    }
    let mut count = off.unsigned_abs() - 1;
    let mut pos = base as i32;
    let inc = if off > 0 { 1 } else { -1 };
    while (0..32).contains(&pos) {
        if mask >> pos & 1 != 0 {
            if count == 0 {
                return pos as u64;
            }
            count -= 1;
        }
        pos += inc;
    }
    0xffff_ffff
}

/// `neg.f64`/`abs.f64` of `x`: `signed`, the sign bit changed, unless `x` is a NaN, which an
/// H200 returns quieted with its sign and payload (as the warp and block tiers compute).
pub(crate) fn sign_op64(x: u64, signed: u64) -> u64 {
    if x & !(1 << 63) > 0x7ff0_0000_0000_0000 { x | 1 << 51 } else { signed }
}

/// `bfi.bW`: `len` (`e`) bits of `a` inserted into `b` at `pos` (`c`).
pub(crate) fn bfi(w: u8, a: u64, b: u64, c: u64, e: u64) -> u64 {
    let (pos, len) = field(w, c, e);
    let m = if len >= 64 { u64::MAX } else { (1u64 << len) - 1 };
    let m = if pos >= 64 { 0 } else { m << pos } & mask_w(w);
    let ins = if pos >= 64 { 0 } else { a << pos };
    ((b & !m) | (ins & m)) & mask_w(w)
}

/// A bit field's position and length from `bfe`/`bfi`'s 32-bit operands: the low byte of each
/// for 32-bit values (the PTX ISA's `& 0xff`); whole for 64-bit ones, as an H200 computes them
/// (a position of 256 extracts nothing there, a length of 256 everything).
fn field(w: u8, pos: u64, len: u64) -> (u32, u32) {
    if w == 64 { (pos as u32, len as u32) } else { ((pos & 0xff) as u32, (len & 0xff) as u32) }
}

/// One lane of an extended-precision op (`add.cc`, `addc`, `sub.cc`, `subc`, `mad.cc`,
/// `madc`) on `w`-bit values with carry flag `cf` (read when `cin`): the result and CC.CF out.
#[allow(clippy::too_many_arguments)]
pub(crate) fn carry(op: CarryOp, w: u8, signed: bool, cin: bool, cf: bool, a: u64, b: u64, c: u64) -> (u64, bool) {
    let (wb, m) = (u32::from(w), mask_w(w));
    let cf = u128::from(cin && cf);
    let (x, y, z) = (u128::from(a & m), u128::from(b & m), u128::from(c & m));
    let (v, out) = match op {
        CarryOp::Add => {
            let t = x + y + cf;
            (t, t >> wb != 0)
        }
        // As the hardware does it: a + !b + CF, CF being the carry (1 = no borrow) and 1
        // without carry-in; `addc` after `sub.cc` sees it.
        CarryOp::Sub => {
            let cf = if cin { cf } else { 1 };
            let t = x + (!y & u128::from(m)) + cf;
            (t, t >> wb != 0)
        }
        CarryOp::MadLo | CarryOp::MadHi => {
            let p = if signed { (sx(a, w) as i128 * sx(b, w) as i128) as u128 } else { x * y };
            let part = if op == CarryOp::MadHi { (p >> wb) & u128::from(m) } else { p & u128::from(m) };
            let t = part + z + cf;
            (t, t >> wb != 0)
        }
    };
    ((v as u64) & m, out)
}

/// Unary operation `op` on every lane of `a` (`N` is 32 for a warp, 1 for the JIT's calls).
pub(crate) fn unop<const N: usize>(op: &UnOp, a: &[u64; N], r: &mut [u64; N]) {
    match *op {
        UnOp::Mov => *r = *a,
        UnOp::CvtTf32 { rnd, relu, sat } => map1(a, r, |x| u64::from(super::convert::tf32(x as u32, rnd, relu, sat))),
        UnOp::CvtF16x2Narrow { fmt, relu } => map1(a, r, |x| {
            // Every narrow value is a half; NaN gives the canonical 0x7fff, `.relu` +0 for a
            // negative value and for -0 (as an H200 gives).
            let h = |c: u64| {
                let v = narrow_to_f64(c as u8, fmt);
                let v = if relu && !v.is_nan() && v.is_sign_negative() { 0.0 } else { v };
                u64::from(if v.is_nan() { 0x7fff } else { HFmt::F16.encode(v) })
            };
            let (field, mask) = narrow_field(fmt);
            h(x & mask) | h((x >> field) & mask) << 16
        }),
        UnOp::CvtF8x2F16x2 { fmt, relu } => map1(a, r, |x| {
            // An f16 is exact in f32: one rounding, as from f32.
            let f8 = |h: u64| u64::from(f32_to_narrow(HFmt::F16.to_f64(h as u16) as f32, fmt, relu));
            f8((x >> 16) & 0xffff) << 8 | f8(x & 0xffff)
        }),
        // The lower half only: a `mov`ed parameter address (`PARAM_ALIAS`) is not in the
        // parameter space as the GPU tests it.
        UnOp::IsParam => map1(a, r, |x| u64::from(x.wrapping_sub(PARAM_WINDOW) < PARAM_HALF)),
        UnOp::Not(w) => map1(a, r, |x| !x & mask_w(w)),
        UnOp::Cnot(w) => map1(a, r, |x| u64::from(x & mask_w(w) == 0)),
        UnOp::Neg(w) => map1(a, r, |x| x.wrapping_neg() & mask_w(w)),
        UnOp::Abs(w) => map1(a, r, |x| sx(x, w).unsigned_abs() & mask_w(w)),
        UnOp::Popc(w) => map1(a, r, |x| u64::from((x & mask_w(w)).count_ones())),
        UnOp::Clz(w) => map1(a, r, |x| u64::from((x & mask_w(w)).leading_zeros()) - (64 - u64::from(w))),
        UnOp::Brev(w) => map1(a, r, |x| (x.reverse_bits() >> (64 - u32::from(w))) & mask_w(w)),
        UnOp::Bfind { w, signed, shiftamt } => map1(a, r, |x| {
            let mut v = x & mask_w(w);
            if signed && sx(x, w) < 0 {
                v = !v & mask_w(w);
            }
            if v == 0 {
                return 0xffff_ffff;
            }
            let pos = 63 - u64::from(v.leading_zeros());
            if shiftamt { u64::from(w) - 1 - pos } else { pos }
        }),
        UnOp::NegF32 { ftz } => map1(a, r, |x| {
            let f = if ftz { ftz32(f32_of(x)) } else { f32_of(x) };
            of32(-f)
        }),
        UnOp::AbsF32 { ftz } => map1(a, r, |x| {
            let f = if ftz { ftz32(f32_of(x)) } else { f32_of(x) };
            of32(f) & 0x7fff_ffff
        }),
        UnOp::NegF64 => map1(a, r, |x| sign_op64(x, x ^ (1 << 63))),
        UnOp::HNegAbs { neg, fmt, ftz, x2 } => map1(a, r, |x| {
            let one = |h: u16| {
                let h = if ftz { fmt.ftz(h) } else { h };
                // A NaN gives the canonical NaN, of either sign (an H200's answer).
                u64::from(if fmt.is_nan(h) {
                    HNAN
                } else if neg {
                    h ^ 0x8000
                } else {
                    h & 0x7fff
                })
            };
            if x2 { one(x as u16) | one((x >> 16) as u16) << 16 } else { one(x as u16) }
        }),
        UnOp::HApprox { f, fmt, ftz, x2 } => map1(a, r, |x| {
            let one = |h: u16| {
                let h = if ftz { fmt.ftz(h) } else { h };
                let out = if f == F32Fn::Ex2 { mufu::half(fmt, h, mufu::ex2) } else { mufu::tanh_half(fmt, h) };
                u64::from(if ftz { fmt.ftz(out) } else { out })
            };
            if x2 { one(x as u16) | one((x >> 16) as u16) << 16 } else { one(x as u16) }
        }),
        UnOp::AbsF64 => map1(a, r, |x| sign_op64(x, x & !(1 << 63))),
        UnOp::F32(f, ftz) => {
            // The special function unit's operations (`mufu`): the `.ftz` forms are the unit
            // alone, the others the scaling ptxas puts around it.
            let unit: Option<fn(u32) -> u32> = match (f, ftz) {
                (F32Fn::RcpApprox, true) => Some(mufu::rcp),
                (F32Fn::RcpApprox, false) => Some(mufu::rcp_approx),
                (F32Fn::SqrtApprox, true) => Some(mufu::sqrt),
                (F32Fn::SqrtApprox, false) => Some(mufu::sqrt_approx),
                (F32Fn::Rsqrt, true) => Some(mufu::rsq),
                (F32Fn::Rsqrt, false) => Some(mufu::rsqrt_approx),
                (F32Fn::Ex2, true) => Some(mufu::ex2),
                (F32Fn::Ex2, false) => Some(mufu::ex2_approx),
                (F32Fn::Lg2, true) => Some(mufu::lg2),
                (F32Fn::Lg2, false) => Some(mufu::lg2_approx),
                (F32Fn::Sin, _) => Some(mufu::sin),
                (F32Fn::Cos, _) => Some(mufu::cos),
                _ => None,
            };
            if let Some(unit) = unit {
                map1(a, r, |x| u64::from(unit(x as u32)));
                return;
            }
            let g = |x: f32| -> f32 {
                match f {
                    F32Fn::Sqrt => x.sqrt(),
                    F32Fn::Rcp => 1.0 / x,
                    F32Fn::Tanh => f32::from_bits(mufu::tanh_unit(x.to_bits())),
                    // Taken by `mufu` above.
                    F32Fn::SqrtApprox
                    | F32Fn::RcpApprox
                    | F32Fn::Rsqrt
                    | F32Fn::Ex2
                    | F32Fn::Lg2
                    | F32Fn::Sin
                    | F32Fn::Cos => f32::NAN,
                }
            };
            if ftz {
                map1(a, r, |x| of32(ftz32(g(ftz32(f32_of(x))))));
            } else {
                map1(a, r, |x| of32(g(f32_of(x))));
            }
        }
        UnOp::F64(f) => map1(a, r, |x| {
            let v = f64::from_bits(x);
            match f {
                F64Fn::Sqrt => v.sqrt(),
                F64Fn::Rcp => 1.0 / v,
                F64Fn::RcpFtz => return mufu::rcp64h(x),
                F64Fn::Rsqrt => return mufu::rsqrt_approx_f64(x),
                F64Fn::RsqrtFtz => return mufu::rsq64h(x),
            }
            .to_bits()
        }),
        UnOp::FDir(f) => map1(a, r, |x| {
            let x = dir_in(&f, x);
            if f.op == FBin::Add {
                dir_out(&f, || sqrt_dir::<f32>(x, f.rnd), || sqrt_dir::<f64>(x, f.rnd))
            } else {
                dir_out(&f, || div_dir::<f32>(1.0, x, f.rnd), || div_dir::<f64>(1.0, x, f.rnd))
            }
        }),
        UnOp::Cvt(c) => {
            let k = (c.from.kind(), c.to.kind());
            if !c.sat
                && matches!(k.0, TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed)
                && matches!(k.1, TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed)
            {
                // The common integer conversions without `cvt`'s float paths (per-lane loops
                // that vectorize); the result as `convert::narrow_int` holds it.
                let fw = (c.from.size() * 8) as u8;
                let to = c.to;
                if k.0 == TypeKind::Signed {
                    map1(a, r, |x| narrow_int(sx(x, fw) as u64, to));
                } else {
                    let fm = mask_w(fw);
                    map1(a, r, |x| narrow_int(x & fm, to));
                }
            } else {
                map1(a, r, |x| cvt(&c, x));
            }
        }
        UnOp::Testp(p, is64) => map1(a, r, |x| {
            let v = if is64 { f64::from_bits(x) } else { f64::from(f32_of(x)) };
            let sub = if is64 { v.is_subnormal() } else { f32_of(x).is_subnormal() };
            u64::from(match p {
                Testp::Finite => v.is_finite(),
                Testp::Infinite => v.is_infinite(),
                Testp::Number => !v.is_nan(),
                Testp::NotANumber => v.is_nan(),
                // Zeros count as normal on an H200 (the ISA: "not NaN, not infinity").
                Testp::Normal => v.is_finite() && !sub,
                Testp::Subnormal => sub,
            })
        }),
    }
}

/// Reads an operand of a directed-rounding op as f64 (f32 operands flushed under ftz).
#[inline]
pub(crate) fn dir_in(f: &FDir, x: u64) -> f64 {
    if f.double {
        f64::from_bits(x)
    } else if f.ftz {
        f64::from(ftz32(f32_of(x)))
    } else {
        f64::from(f32_of(x))
    }
}

/// The result of a directed-rounding op in its target type (computed by `v32` or `v64`), with
/// ftz and sat applied.
#[inline]
pub(crate) fn dir_out(f: &FDir, v32: impl FnOnce() -> f32, v64: impl FnOnce() -> f64) -> u64 {
    if f.double {
        let d = v64();
        (if f.sat { sat64(d) } else { d }).to_bits()
    } else {
        let mut v = v32();
        if f.ftz {
            v = ftz32(v);
        }
        if f.sat {
            v = sat32(v);
        }
        of32(v)
    }
}

/// add/sub/mul/div of exact operands, rounded once with `r` to `T`.
pub(crate) fn fdir<T: DirTarget>(op: FBin, x: f64, y: f64, r: Rounding) -> T {
    // A NaN operand gives the NaN `arith64` gives for `.rn` (an H200's rule, whatever the
    // rounding): `add_dir(x, -y)` would otherwise return `-y`'s flipped sign or not, depending
    // on whether LLVM folded the negation into a subtraction.
    if let Some(n) = first_nan64(&BIN64_NAN_PRIORITY.map(|i| [x, y][i])) {
        return T::from_f64(n);
    }
    match op {
        FBin::Add => add_dir(x, y, r),
        FBin::Sub => add_dir(x, -y, r),
        FBin::Mul => mul_dir(x, y, r),
        _ => div_dir(x, y, r),
    }
}

pub(crate) fn f32bin(op: FBin, x: f32, y: f32) -> f32 {
    match op {
        FBin::Add => x + y,
        FBin::Sub => x - y,
        FBin::Mul => x * y,
        FBin::Div => x / y,
        FBin::Min => min32(x, y),
        FBin::Max => max32(x, y),
    }
}

/// `.ftz`'s flush of `v`, the rounded `x f y` (`nearest`: rounded to nearest), by
/// `float::ftz_tiny32`'s rule. Sums and differences that small are exact; products are exact
/// in f64, and a quotient's magnitude orders against `t` as `|x|` against `t · |y|` (exact).
pub(crate) fn ftz_result32(f: FBin, x: f32, y: f32, v: f32, nearest: bool) -> f32 {
    let (x, y) = (f64::from(x), f64::from(y));
    crate::float::ftz_tiny32(v, nearest, |t| match f {
        FBin::Mul => (x * y).abs().total_cmp(&t),
        FBin::Div => x.abs().total_cmp(&(t * y.abs())),
        _ => std::cmp::Ordering::Greater,
    })
}

/// `f` of two f32s under `.ftz` (subnormal operands and result flushed) and `.sat` (the
/// result clamped to [0, 1]).
#[inline]
fn f32_ftz_sat(f: FBin, ftz: bool, sat: bool, x: f32, y: f32) -> f32 {
    let (x, y) = if ftz { (ftz32(x), ftz32(y)) } else { (x, y) };
    let v = f32bin(f, x, y);
    let v = if ftz { ftz_result32(f, x, y, v, true) } else { v };
    if sat { sat32(v) } else { v }
}

/// One 16-bit lane of an `.s16x2`/`.u16x2` `add`, `sub`, `min` or `max` (`op`), clamped at 0
/// under `.relu`.
#[inline]
fn i16_lane(op: FBin, signed: bool, relu: bool, x: u16, y: u16) -> u64 {
    let (p, q) = if signed { (i32::from(x as i16), i32::from(y as i16)) } else { (i32::from(x), i32::from(y)) };
    let v = match op {
        FBin::Add => p + q,
        FBin::Sub => p - q,
        FBin::Min => p.min(q),
        _ => p.max(q),
    };
    u64::from(if relu { v.max(0) } else { v } as u16)
}

/// `min.xorsign.abs.f32` / `max` (`max`): the min or max of the magnitudes, with the XOR of
/// the operands' signs; NaN (canonical) when the result is NaN, or under `.NaN` (`nan`) when
/// an operand is.
#[inline]
fn min_max_xorsign32(max: bool, ftz: bool, nan: bool, x: u64, y: u64) -> u64 {
    let sign = (x ^ y) & 0x8000_0000;
    let (p, q) = (f32_of(x), f32_of(y));
    let (p, q) = if ftz { (ftz32(p), ftz32(q)) } else { (p, q) };
    let (p, q) = (p.abs(), q.abs());
    let m = if max { max32(p, q) } else { min32(p, q) };
    if m.is_nan() || (nan && (p.is_nan() || q.is_nan())) {
        return 0x7fff_ffff;
    }
    u64::from(m.to_bits() & 0x7fff_ffff) | sign
}

/// Binary operation `op` on every lane (`N` is 32 for a warp, 1 for the JIT's calls).
pub(crate) fn binop<const N: usize>(op: &BinOp, a: &[u64; N], b: &[u64; N], r: &mut [u64; N]) {
    match *op {
        BinOp::Add(w) => map2(a, b, r, |x, y| x.wrapping_add(y) & mask_w(w)),
        BinOp::Sub(w) => map2(a, b, r, |x, y| x.wrapping_sub(y) & mask_w(w)),
        BinOp::AddSat => map2(a, b, r, |x, y| (x as i32).saturating_add(y as i32) as u32 as u64),
        BinOp::SubSat => map2(a, b, r, |x, y| (x as i32).saturating_sub(y as i32) as u32 as u64),
        BinOp::MulLo(w) => map2(a, b, r, |x, y| x.wrapping_mul(y) & mask_w(w)),
        BinOp::MulHi(w, s) => map2(a, b, r, |x, y| mul_hi(x, y, w, s)),
        BinOp::MulWide(32, true) => map2(a, b, r, |x, y| (i64::from(x as i32) * i64::from(y as i32)) as u64),
        BinOp::MulWide(32, false) => map2(a, b, r, |x, y| u64::from(x as u32) * u64::from(y as u32)),
        BinOp::MulWide(w, s) => map2(a, b, r, |x, y| mul_wide(x, y, w, s)),
        BinOp::Mul24Lo(s) => map2(a, b, r, |x, y| {
            let (x, y) = if s { (sx(x, 24) as u64, sx(y, 24) as u64) } else { (x & 0xff_ffff, y & 0xff_ffff) };
            x.wrapping_mul(y) & 0xffff_ffff
        }),
        BinOp::Mul24Hi(s) => map2(a, b, r, |x, y| mul24_hi(x, y, s)),
        BinOp::Div(w, s) => map2(a, b, r, |x, y| {
            let m = mask_w(w);
            if s {
                let (x, y) = (sx(x, w), sx(y, w));
                if y == 0 { m } else { x.wrapping_div(y) as u64 & m }
            } else {
                let (x, y) = (x & m, y & m);
                x.checked_div(y).unwrap_or(m)
            }
        }),
        BinOp::Rem(w, s) => map2(a, b, r, |x, y| {
            let m = mask_w(w);
            if s {
                let (x, y) = (sx(x, w), sx(y, w));
                if y == 0 { m } else { x.wrapping_rem(y) as u64 & m }
            } else {
                let (x, y) = (x & m, y & m);
                if y == 0 { m } else { x % y }
            }
        }),
        BinOp::Min(w, s) => map2(a, b, r, |x, y| {
            if s { sx(x, w).min(sx(y, w)) as u64 & mask_w(w) } else { (x & mask_w(w)).min(y & mask_w(w)) }
        }),
        BinOp::Max(w, s) => map2(a, b, r, |x, y| {
            if s { sx(x, w).max(sx(y, w)) as u64 & mask_w(w) } else { (x & mask_w(w)).max(y & mask_w(w)) }
        }),
        BinOp::And(w) => map2(a, b, r, |x, y| x & y & mask_w(w)),
        BinOp::Or(w) => map2(a, b, r, |x, y| (x | y) & mask_w(w)),
        BinOp::Xor(w) => map2(a, b, r, |x, y| (x ^ y) & mask_w(w)),
        BinOp::Shl(w) => map2(a, b, r, |x, y| {
            let n = y & 0xffff_ffff;
            if n >= u64::from(w) { 0 } else { (x << n) & mask_w(w) }
        }),
        BinOp::Shr(w, s) => map2(a, b, r, |x, y| {
            let n = (y & 0xffff_ffff).min(u64::from(w) - 1 + u64::from(!s));
            if s {
                (sx(x, w) >> n.min(63)) as u64 & mask_w(w)
            } else if n >= u64::from(w) {
                0
            } else {
                (x & mask_w(w)) >> n
            }
        }),
        BinOp::F32(f, false, false) => match f {
            FBin::Add => map2(a, b, r, |x, y| of32(f32_of(x) + f32_of(y))),
            FBin::Sub => map2(a, b, r, |x, y| of32(f32_of(x) - f32_of(y))),
            FBin::Mul => map2(a, b, r, |x, y| of32(f32_of(x) * f32_of(y))),
            _ => map2(a, b, r, |x, y| of32(f32bin(f, f32_of(x), f32_of(y)))),
        },
        BinOp::F32(f, ftz, sat) => map2(a, b, r, |x, y| of32(f32_ftz_sat(f, ftz, sat, f32_of(x), f32_of(y)))),
        BinOp::DivApprox32(ftz) => {
            let divide = if ftz { mufu::div_approx_ftz } else { mufu::div_approx };
            map2(a, b, r, |x, y| u64::from(divide(x as u32, y as u32)));
        }
        BinOp::DivFull32(ftz) => {
            let divide = if ftz { mufu::div_full_ftz } else { mufu::div_full };
            map2(a, b, r, |x, y| u64::from(divide(x as u32, y as u32)));
        }
        BinOp::CvtNarrowX2 { fmt, relu } => map2(a, b, r, |x, y| {
            let (field, _) = narrow_field(fmt);
            u64::from(f32_to_narrow(f32_of(x), fmt, relu)) << field | u64::from(f32_to_narrow(f32_of(y), fmt, relu))
        }),
        BinOp::I16x2 { op, signed, relu } => {
            let half = |x: u64, y: u64| i16_lane(op, signed, relu, x as u16, y as u16);
            map2(a, b, r, |x, y| half(x, y) | half(x >> 16, y >> 16) << 16)
        }
        BinOp::MinMaxNaN32 { max, ftz } => map2(a, b, r, |x, y| {
            let (p, q) = (f32_of(x), f32_of(y));
            let (p, q) = if ftz { (ftz32(p), ftz32(q)) } else { (p, q) };
            if p.is_nan() || q.is_nan() {
                return 0x7fff_ffff;
            }
            of32(if max { max32(p, q) } else { min32(p, q) })
        }),
        BinOp::MinMaxXorsign32 { max, ftz, nan } => map2(a, b, r, |x, y| min_max_xorsign32(max, ftz, nan, x, y)),
        BinOp::MinMaxRelu { max } => map2(a, b, r, |x, y| {
            let (p, q) = (x as i32, y as i32);
            u64::from((if max { p.max(q) } else { p.min(q) }).max(0) as u32)
        }),
        BinOp::Half(op, m, x2) => map2(a, b, r, |x, y| {
            let lo = u64::from(m.bin(op, x as u16, y as u16));
            if x2 { lo | u64::from(m.bin(op, (x >> 16) as u16, (y >> 16) as u16)) << 16 } else { lo }
        }),
        BinOp::CvtX2 { fmt, rnd, relu, sat, satfinite } => map2(a, b, r, |x, y| {
            let to = if fmt == HFmt::F16 { ScalarType::F16 } else { ScalarType::Bf16 };
            let conv = |v: u64| {
                let f = f64::from(f32_of(v));
                u64::from(to_half(to, if sat { sat64(f) } else { f }, rnd, relu, satfinite))
            };
            conv(x) << 16 | conv(y)
        }),
        BinOp::F64(f) => map2(a, b, r, |x, y| {
            let (x, y) = (f64::from_bits(x), f64::from_bits(y));
            match f {
                FBin::Add => arith64(x, y, |x, y| x + y),
                FBin::Sub => arith64(x, y, |x, y| x - y),
                FBin::Mul => arith64(x, y, |x, y| x * y),
                FBin::Div => arith64(x, y, |x, y| x / y),
                FBin::Min => min64(x, y),
                FBin::Max => max64(x, y),
            }
            .to_bits()
        }),
        BinOp::FDir(f) => map2(a, b, r, |x, y| {
            let (x, y) = (dir_in(&f, x), dir_in(&f, y));
            let v32 = || {
                let v = fdir::<f32>(f.op, x, y, f.rnd);
                // Operands of an f32 op are f32 values (`dir_in`).
                if f.ftz { ftz_result32(f.op, x as f32, y as f32, v, false) } else { v }
            };
            dir_out(&f, v32, || fdir::<f64>(f.op, x, y, f.rnd))
        }),
        BinOp::Copysign32 => map2(a, b, r, |x, y| (y & 0x7fff_ffff) | (x & 0x8000_0000)),
        BinOp::Copysign64 => map2(a, b, r, |x, y| (y & !(1 << 63)) | (x & (1 << 63))),
        BinOp::Szext { signed, clamp } => map2(a, b, r, |x, n| {
            let n = n as u32;
            if clamp && n >= 32 {
                return x & 0xffff_ffff;
            }
            match n & 31 {
                0 => 0,
                k if signed => (((x as u32) << (32 - k)) as i32 >> (32 - k)) as u32 as u64,
                k => x & ((1u64 << k) - 1),
            }
        }),
        BinOp::Bmsk(wrap) => map2(a, b, r, |x, y| {
            let (p, n) = if wrap { (x & 31, y & 31) } else { ((x & 0xffff_ffff).min(32), (y & 0xffff_ffff).min(32)) };
            let m = if n >= 32 { 0xffff_ffffu64 } else { (1u64 << n) - 1 };
            (m << p) & 0xffff_ffff
        }),
    }
}

/// Ternary operation `op` on every lane (`N` is 32 for a warp, 1 for the JIT's calls).
pub(crate) fn ternop<const N: usize>(op: &TernOp, a: &[u64; N], b: &[u64; N], c: &[u64; N], r: &mut [u64; N]) {
    match *op {
        TernOp::MadLo(w) => map3(a, b, c, r, |x, y, z| x.wrapping_mul(y).wrapping_add(z) & mask_w(w)),
        TernOp::MadHi(w, s) => map3(a, b, c, r, |x, y, z| mul_hi(x, y, w, s).wrapping_add(z) & mask_w(w)),
        TernOp::MadHiSat => map3(a, b, c, r, |x, y, z| {
            let sum = sx(mul_hi(x, y, 32, true), 32) + sx(z, 32);
            sum.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u64 & 0xffff_ffff
        }),
        TernOp::MadWide(w, s) => map3(a, b, c, r, |x, y, z| mul_wide(x, y, w, s).wrapping_add(z) & mask_w(w * 2)),
        TernOp::Mad24Lo(s) => map3(a, b, c, r, |x, y, z| {
            let (x, y) = if s { (sx(x, 24) as u64, sx(y, 24) as u64) } else { (x & 0xff_ffff, y & 0xff_ffff) };
            x.wrapping_mul(y).wrapping_add(z) & 0xffff_ffff
        }),
        TernOp::Mad24Hi { signed, sat } => map3(a, b, c, r, |x, y, z| {
            let t = mul24_hi(x, y, signed);
            if sat {
                let v = i64::from(t as u32 as i32) + i64::from(z as u32 as i32);
                v.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u64 & 0xffff_ffff
            } else {
                t.wrapping_add(z) & 0xffff_ffff
            }
        }),
        TernOp::Fma32(ftz, sat) => map3(a, b, c, r, |x, y, z| {
            let (mut x, mut y, mut z) = (f32_of(x), f32_of(y), f32_of(z));
            if ftz {
                x = ftz32(x);
                y = ftz32(y);
                z = ftz32(z);
            }
            let mut v = x.mul_add(y, z);
            if ftz {
                v = crate::float::ftz_fma32(x, y, z, v);
            }
            if sat {
                v = sat32(v);
            }
            of32(v)
        }),
        TernOp::FmaDir(f) => map3(a, b, c, r, |x, y, z| {
            let (x, y, z) = (dir_in(&f, x), dir_in(&f, y), dir_in(&f, z));
            dir_out(&f, || fma_dir::<f32>(x, y, z, f.rnd), || fma_dir::<f64>(x, y, z, f.rnd))
        }),
        TernOp::HFma(m, x2) => map3(a, b, c, r, |x, y, z| {
            let lo = u64::from(m.fma(x as u16, y as u16, z as u16));
            if x2 { lo | u64::from(m.fma((x >> 16) as u16, (y >> 16) as u16, (z >> 16) as u16)) << 16 } else { lo }
        }),
        TernOp::Video(v) => map3(a, b, c, r, |x, y, z| super::video::simd(&v, x, y, z)),
        TernOp::VideoScalar(v) => map3(a, b, c, r, |x, y, z| super::video::scalar(&v, x, y, z)),
        TernOp::Fns => map3(a, b, c, r, |m, base, off| fns(m as u32, base as u32, off as u32)),
        TernOp::NegFma { xm, zm, k } => {
            let x = a.map(|v| v ^ xm);
            let z = c.map(|v| v ^ zm);
            let op = match k {
                FmaKind::F32(ftz) => TernOp::Fma32(ftz, false),
                FmaKind::F64 => TernOp::Fma64,
                FmaKind::Half(m, x2) => TernOp::HFma(m, x2),
            };
            ternop(&op, &x, b, &z, r);
        }
        TernOp::Fma64 => {
            map3(a, b, c, r, |x, y, z| fma64(f64::from_bits(x), f64::from_bits(y), f64::from_bits(z)).to_bits())
        }
        TernOp::Bfe(w, s) => map3(a, b, c, r, |x, p, l| {
            let (pos, len) = field(w, p, l);
            if len == 0 {
                return 0;
            }
            let w32 = u32::from(w);
            if s {
                let v = if pos >= w32 { sx(x, w) >> (w32 - 1) } else { sx(x, w) >> pos };
                let v = if len >= 64 { v } else { (v << (64 - len)) >> (64 - len) };
                v as u64 & mask_w(w)
            } else {
                if pos >= w32 {
                    return 0;
                }
                let v = (x & mask_w(w)) >> pos;
                if len >= 64 { v } else { v & ((1u64 << len) - 1) }
            }
        }),
        TernOp::Prmt(mode) if mode != 0 => map3(a, b, c, r, |x, y, s| prmt_mode(mode, x, y, s)),
        TernOp::Prmt(_) => map3(a, b, c, r, |x, y, s| {
            let bytes = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
            let mut d = 0u64;
            for i in 0..4 {
                let sel = (s >> (4 * i)) & 0xf;
                let byte = (bytes >> ((sel & 7) * 8)) & 0xff;
                let byte = if sel & 8 != 0 { if byte & 0x80 != 0 { 0xff } else { 0 } } else { byte };
                d |= byte << (8 * i);
            }
            d
        }),
        TernOp::Lop3(lut) => map3(a, b, c, r, |x, y, z| {
            let mut d = 0u64;
            for i in 0..8 {
                if lut >> i & 1 != 0 {
                    let ta = if i & 4 != 0 { x } else { !x };
                    let tb = if i & 2 != 0 { y } else { !y };
                    let tc = if i & 1 != 0 { z } else { !z };
                    d |= ta & tb & tc;
                }
            }
            d & 0xffff_ffff
        }),
        TernOp::ShfL(wrap) => map3(a, b, c, r, |x, y, n| {
            let n = if wrap { n & 31 } else { (n & 0xffff_ffff).min(32) };
            let v = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
            ((v << n) >> 32) & 0xffff_ffff
        }),
        TernOp::ShfR(wrap) => map3(a, b, c, r, |x, y, n| {
            let n = if wrap { n & 31 } else { (n & 0xffff_ffff).min(32) };
            let v = ((y & 0xffff_ffff) << 32) | (x & 0xffff_ffff);
            (v >> n) & 0xffff_ffff
        }),
        TernOp::Selp => map3(a, b, c, r, |x, y, p| if p & 1 != 0 { x } else { y }),
        TernOp::Slct { float, ftz } => map3(a, b, c, r, |x, y, s| {
            let first = if float {
                let f = f32::from_bits(s as u32);
                f >= 0.0 || (ftz && f.is_subnormal())
            } else {
                s as u32 as i32 >= 0
            };
            if first { x } else { y }
        }),
        TernOp::Sad(w, s) => map3(a, b, c, r, |x, y, z| {
            let d = if s { sx(x, w).abs_diff(sx(y, w)) } else { (x & mask_w(w)).abs_diff(y & mask_w(w)) };
            d.wrapping_add(z) & mask_w(w)
        }),
        TernOp::Dp4a(sa, sb) => map3(a, b, c, r, |x, y, z| {
            let mut acc = z as u32;
            for i in 0..4 {
                let xa = (x >> (8 * i)) & 0xff;
                let yb = (y >> (8 * i)) & 0xff;
                let xa = if sa { sx(xa, 8) } else { xa as i64 };
                let yb = if sb { sx(yb, 8) } else { yb as i64 };
                acc = acc.wrapping_add((xa * yb) as u32);
            }
            u64::from(acc)
        }),
        TernOp::CvtPack { bits, signed } => map3(a, b, c, r, |x, y, z| {
            let (lo, hi) =
                if signed { (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1) } else { (0, (1i64 << bits) - 1) };
            let field = |v: u64| (i64::from(v as u32 as i32).clamp(lo, hi) as u64) & ((1 << bits) - 1);
            let packed = field(x) << bits | field(y);
            (packed | z << (2 * bits)) & 0xffff_ffff
        }),
        TernOp::Dp2a(sa, sb, hi) => map3(a, b, c, r, |x, y, z| {
            let mut acc = z as u32;
            let k = if hi { 2 } else { 0 };
            for i in 0..2 {
                let xa = (x >> (16 * i)) & 0xffff;
                let yb = (y >> (8 * (k + i))) & 0xff;
                let xa = if sa { sx(xa, 16) } else { xa as i64 };
                let yb = if sb { sx(yb, 8) } else { yb as i64 };
                acc = acc.wrapping_add((xa * yb) as u32);
            }
            u64::from(acc)
        }),
    }
}

/// Where a packed pair of narrow codes puts each: the field's width in bits (a byte per code,
/// fp6 in its low 6 bits; a nibble per fp4 code) and the mask of one code.
fn narrow_field(fmt: Narrow) -> (u32, u64) {
    let field = if fmt == Narrow::E2m1 { 4 } else { 8 };
    (field, (1u64 << fmt.bits()) - 1)
}
