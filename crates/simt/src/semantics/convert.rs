//! `cvt`: conversions between the integer and floating-point types, with PTX's rounding,
//! saturation and NaN rules.

use super::*;
use crate::float::*;
use crate::ir::*;
use ptx::types::{Rounding, ScalarType, TypeKind};

/// `cvt` of one value (every type pair, rounding, saturation).
pub(crate) fn cvt(c: &Cvt, x: u64) -> u64 {
    let fk = c.from.kind();
    let tk = c.to.kind();
    let fw = (c.from.size() * 8) as u8;
    let tw = (c.to.size() * 8) as u8;
    let from_float = fk == TypeKind::Float;
    let to_float = tk == TypeKind::Float;
    if !from_float && !to_float {
        let v: i128 = if fk == TypeKind::Signed { i128::from(sx(x, fw)) } else { i128::from(x & mask_w(fw)) };
        let v = if c.sat {
            let (lo, hi) = int_range(c.to);
            v.clamp(lo, hi)
        } else {
            v
        };
        return narrow_int(v as u64, c.to);
    }
    if !from_float {
        let v: i128 = if fk == TypeKind::Signed { i128::from(sx(x, fw)) } else { i128::from(x & mask_w(fw)) };
        return match c.to {
            ScalarType::F64 => int_to_f64(v, c.rnd).to_bits(),
            ScalarType::F32 => of32(int_to_f32(v, c.rnd)),
            // |v| < 2^64: hi + lo is exact, and lo is far below half an ulp of hi.
            ScalarType::F16 | ScalarType::Bf16 => {
                let hi = v as f64;
                let lo = (v - hi as i128) as f64;
                let f = if c.to == ScalarType::F16 { HFmt::F16 } else { HFmt::Bf16 };
                u64::from(f.round(hi, lo, c.rnd))
            }
            _ => 0,
        };
    }
    let mut f = match c.from {
        ScalarType::F64 => f64::from_bits(x),
        ScalarType::F32 => f64::from(f32_of(x)),
        ScalarType::F16 => f64::from(f16_to_f32(x as u16)),
        _ => f64::from(f32::from_bits(((x as u32) & 0xffff) << 16)),
    };
    if c.ftz && c.from == ScalarType::F32 {
        f = f64::from(ftz32(f as f32));
    }
    if f.is_nan() && c.to == ScalarType::F32 && c.from == ScalarType::F16 {
        return 0x7fff_ffff; // canonical NaN, as the GPU converts
    }
    if f.is_nan() && c.to == ScalarType::F32 && c.from == ScalarType::Bf16 {
        // A bf16 is the top half of an f32: an H200 widens a NaN as it is, a signalling one
        // too (tests/nan/nan_pairs.gpu.txt).
        return (x & 0xffff) << 16;
    }
    if !to_float {
        if f.is_nan() && (tw == 64 || c.from == ScalarType::F64) {
            // PTX ISA (cvt): NaN converts to 0, except from .f64 or into 64 bits, where it is
            // `1 << (bits - 1)` (an H200 agrees), held as any result of its type (`0xff80`
            // for `cvt.rpi.s8.f64` into a 16-bit register on an H200).
            return narrow_int(1 << (tw - 1), c.to);
        }
        let (lo, hi) = int_range(c.to);
        return narrow_int(float_to_int(f, c.rnd, lo, hi) as u64, c.to);
    }
    if matches!(c.rnd, Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi) {
        f = round_int(f, c.rnd);
    }
    if c.sat {
        f = sat64(f);
    }
    match c.to {
        // `cvt.ftz.f64.f32` of a NaN: the f32 canonical NaN widened (an H200; without .ftz the
        // payload and sign are kept).
        ScalarType::F64 if c.ftz && c.from == ScalarType::F32 && f.is_nan() => 0x7fff_ffff_e000_0000,
        // A signalling NaN comes out quieted, rounded to an integral value too (an H200).
        ScalarType::F64 => crate::float::quiet64(f).to_bits(),
        ScalarType::F32 => {
            let r = f64_to_f32_rnd(f, c.rnd);
            let r =
                if c.ftz { crate::float::ftz_tiny32(r, c.rnd == Rounding::Rn, |t| f.abs().total_cmp(&t)) } else { r };
            // Rounding to an integral value is arithmetic (canonical NaN); a plain conversion
            // keeps the NaN's payload.
            if matches!(c.rnd, Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi) {
                of32(r)
            } else {
                u64::from(r.to_bits())
            }
        }
        // From .f64, a NaN keeps its sign and the top of its payload, quieted: f16 takes significand
        // bits 51..42, bf16 bits 51..45 (an H200: 0x7ff9234567890abc gives 0x7e48 and 0x7fc9,
        // 0x7fffffffffffffff gives 0x7fff for both); from .f32 it is `0x7fff`, `to_half`.
        ScalarType::F16 if f.is_nan() && c.from == ScalarType::F64 => (x >> 48) & 0x8000 | 0x7e00 | (x >> 42) & 0x3ff,
        ScalarType::Bf16 if f.is_nan() && c.from == ScalarType::F64 => (x >> 48) & 0x8000 | 0x7fc0 | (x >> 45) & 0x7f,
        ScalarType::F16 | ScalarType::Bf16 => u64::from(to_half(c.to, f, c.rnd, c.relu, c.satfinite)),
        _ => 0,
    }
}

/// An integer result `v` of type `to` as its register holds it: its low bits, with a signed
/// type narrower than 32 bits sign-extended to 32 bits (`cvt.s8.s32` of `0x80` into a 16-bit
/// register is `0xff80` on an H200), wider ones zero-extended as always.
pub(crate) fn narrow_int(v: u64, to: ScalarType) -> u64 {
    let tw = (to.size() * 8) as u8;
    if to.kind() == TypeKind::Signed && tw < 32 { sx(v, tw) as u64 & 0xffff_ffff } else { v & mask_w(tw) }
}

/// An exact value `f` converted to f16/bf16 bits with rounding `rnd`; `.relu` clamps
/// negative results to +0 and gives the canonical NaN for NaN; `satfinite` turns an
/// infinite result into the largest finite value of its sign.
pub(crate) fn to_half(to: ScalarType, f: f64, rnd: Rounding, relu: bool, satfinite: bool) -> u16 {
    if f.is_nan() {
        // The GPU's conversions give the canonical NaN (checked against an H100).
        return HNAN;
    }
    let fmt = if to == ScalarType::F16 { HFmt::F16 } else { HFmt::Bf16 };
    let mut h = fmt.round(f, 0.0, rnd);
    let inf = if to == ScalarType::F16 { 0x7c00 } else { 0x7f80 };
    if satfinite && h & 0x7fff == inf {
        h -= 1;
    }
    if relu && h & 0x8000 != 0 { 0 } else { h }
}

/// `cvt.{rna,rn,rz}{.relu}{.satfinite}.tf32.f32` of f32 bits `x`: 10 fraction bits (ties away
/// from zero, ties to even, or truncated), the low 13 bits zero; `.relu` clamps negative
/// results to +0. What an H200 does beyond the ISA's text: `.rna` truncates a NaN's encoding
/// (`0x7f800001` gives infinity, `0xffc00123` `0xffc00000`, `0x7fc01234` `0x7fc00000`:
/// tests/program-diff/wmma_int_f64_tf32.cu); `.rn`/`.rz` give `0x7fffe000` for every NaN; `.satfinite` steps a result whose exponent is all ones down
/// one tf32 unit (infinity to the largest finite value, `0x7fc00000` to `0x7fbfe000`).
pub(crate) fn tf32(x: u32, rnd: Rounding, relu: bool, satfinite: bool) -> u32 {
    let (sign, magnitude) = (x & 0x8000_0000, x & 0x7fff_ffff);
    let increment = match rnd {
        Rounding::Rz => 0,
        Rounding::Rn => 0xfff + ((magnitude >> 13) & 1),
        _ => 0x1000,
    };
    if rnd != Rounding::Rna && magnitude > 0x7f80_0000 {
        return 0x7fff_e000;
    }
    // `.rna` truncates a NaN (no increment).
    let increment = if magnitude > 0x7f80_0000 { 0 } else { increment };
    // A carry past the largest finite value gives infinity; one out of the largest NaN
    // payload stays a NaN.
    let mut v = (magnitude + increment).min(0x7fff_ffff) & !0x1fff;
    if satfinite && v >= 0x7f80_0000 {
        v -= 0x2000;
    }
    if relu && sign != 0 { 0 } else { v | sign }
}

pub(crate) fn int_range(t: ScalarType) -> (i128, i128) {
    let w = t.size() * 8;
    if t.kind() == TypeKind::Signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, (1i128 << w) - 1) }
}
