//! PTX's `.approx` instructions as an H200 computes them: its special function unit (the SASS
//! `MUFU` instruction) and the few instructions ptxas puts around it for each PTX form.
//!
//! `MUFU.RCP`, `.RSQ`, `.SQRT`, `.EX2` and `.LG2` interpolate a quadratic per segment of the
//! input's significand (Oberman and Siu's multifunction interpolator): the top 7 bits select the
//! segment, the rest is the offset in it. The coefficients (`mufu_tables.rs`) are fitted to an
//! H200's results for every significand (scripts/mufu: the probe that recorded them and the
//! fit); the hardware's internal truncations are not modelled, so 98 to 99.5% of significands
//! give the H200's bits and the rest are one unit away (`tests/mufu.rs`; `lg2` near 1 less). The
//! unit flushes subnormal operands and results to zeros of their sign and returns the canonical
//! NaN; the non-`.ftz` PTX forms scale around it as ptxas's code does (`sm_90` SASS).

use super::mufu_tables::{EX2_NEGATIVE, EX2_POSITIVE, LG2, RCP, RSQ, SQRT};
use crate::float::{HFmt, HNAN, f64_to_f32_rnd};
use ptx::types::Rounding;

/// The canonical NaN that every MUFU function returns for a NaN result.
const NAN: u32 = 0x7fff_ffff;
const SIGN: u32 = 0x8000_0000;
const INFINITY: u32 = 0x7f80_0000;
/// The smallest normal f32, 2^-126: the bound below which the non-`.ftz` forms scale.
const MIN_NORMAL: f32 = f32::MIN_POSITIVE;

/// `floor(c0 + t * (c1 + t * c2))` of the segment `index >> low_bits` of `table`, at the offset
/// `t` in [-1/2, 1/2) that the low `low_bits` bits of `index` give; `exact` at index 0, where
/// the function's value is a power of two (1/1, 1/sqrt(1), 2^0...) and the unit gives it exactly.
#[inline]
fn interpolate(table: &[[u64; 3]], index: u32, low_bits: u32, exact: u32) -> u32 {
    if index == 0 {
        return exact;
    }
    let [c0, c1, c2] = table[(index >> low_bits) as usize & (table.len() - 1)].map(f64::from_bits);
    let t = f64::from(index & ((1 << low_bits) - 1)) * pow2(-(low_bits as i32)) - 0.5;
    (c0 + t * (c1 + t * c2)).floor() as u32
}

/// 2^k for k in the f64 normal range.
#[inline]
fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + i64::from(k)) as u64) << 52)
}

/// `significand * 2^k` (exact in f64) as the unit's f32 result: flushed below 2^-126, infinite
/// above the range, with the sign bit `sign`.
#[inline]
fn result(significand: u32, k: i32, sign: u32) -> u32 {
    let v = f64::from(significand) * pow2(k.clamp(-1000, 1000));
    let bits = if v < f64::from(MIN_NORMAL) {
        0
    } else if v >= 2f64.powi(128) {
        INFINITY
    } else {
        (v as f32).to_bits()
    };
    bits | sign
}

/// The operand's sign bit, biased exponent and significand's fraction bits.
#[inline]
fn parts(x: u32) -> (u32, i32, u32) {
    (x & SIGN, ((x >> 23) & 0xff) as i32, x & 0x7f_ffff)
}

#[inline]
fn is_nan(x: u32) -> bool {
    x & !SIGN > INFINITY
}

/// `MUFU.RCP`: 1 / x.
pub(crate) fn rcp(x: u32) -> u32 {
    let (sign, e, fraction) = parts(x);
    match e {
        _ if is_nan(x) => NAN,
        0 => sign | INFINITY,
        255 => sign,
        _ => result(interpolate(&RCP, fraction, 16, 1 << 24), -24 - (e - 127), sign),
    }
}

/// `MUFU.RSQ`: 1 / sqrt(x).
pub(crate) fn rsq(x: u32) -> u32 {
    let (sign, e, fraction) = parts(x);
    match e {
        _ if is_nan(x) => NAN,
        0 => sign | INFINITY,
        _ if sign != 0 => NAN,
        255 => 0,
        _ => {
            let odd = (e - 127).rem_euclid(2);
            let y = interpolate(&RSQ, (odd as u32) << 23 | fraction, 17, 1 << 24);
            result(y, -24 - (e - 127 - odd) / 2, 0)
        }
    }
}

/// `MUFU.SQRT`: sqrt(x).
pub(crate) fn sqrt(x: u32) -> u32 {
    let (sign, e, fraction) = parts(x);
    match e {
        _ if is_nan(x) => NAN,
        0 => sign,
        _ if sign != 0 => NAN,
        255 => INFINITY,
        _ => {
            let odd = (e - 127).rem_euclid(2);
            let y = interpolate(&SQRT, (odd as u32) << 23 | fraction, 17, 1 << 23);
            result(y, -23 + (e - 127 - odd) / 2, 0)
        }
    }
}

/// `MUFU.EX2`: 2^x, of x truncated toward zero to a multiple of 2^-23.
pub(crate) fn ex2(x: u32) -> u32 {
    let (sign, e, _) = parts(x);
    if is_nan(x) {
        return NAN;
    }
    if e == 0 {
        return 1f32.to_bits();
    }
    let v = f64::from(f32::from_bits(x));
    if v >= 128.0 {
        return INFINITY;
    }
    if v <= -128.0 {
        return 0;
    }
    // Exact: |v| < 2^7 with 24 significant bits.
    let q = (v.abs() * pow2(23)).trunc() as u32;
    let (whole, fraction) = ((q >> 23) as i32, q & 0x7f_ffff);
    if sign == 0 {
        // The table holds 2^(1 + f) in units of 2^-22.
        result(interpolate(&EX2_POSITIVE, fraction, 16, 1 << 23), whole - 23, 0)
    } else {
        // The table holds 2^-(1 + f) in units of 2^-25.
        result(interpolate(&EX2_NEGATIVE, fraction, 16, 1 << 24), -24 - whole, 0)
    }
}

/// `MUFU.LG2`: log2(x). In [1/2, 2) the interpolation of log2 of the significand in units of
/// 2^-24 (the H200's bits for 71% of [1, 2) and 17% of [1/2, 1), where the correctly rounded
/// logarithm gives 34% and 5%: the unit's error there is absolute, about 2^-22); elsewhere the
/// exponent k plus that logarithm of the significand, truncated toward zero: an H200's result
/// is exactly that sum of k and its own [1, 2) result for every one of the 2^23 significands of
/// each k from 1 to 127 measured, and for 63-99% of them for k from -126 to -2, where the unit
/// keeps bits below its [1, 2) result's (tests/mufu/lg2_tanh_probe.cu, its .gpu.txt).
pub(crate) fn lg2(x: u32) -> u32 {
    let (sign, e, fraction) = parts(x);
    match e {
        _ if is_nan(x) => NAN,
        0 => SIGN | INFINITY,
        _ if sign != 0 => NAN,
        255 => INFINITY,
        126 | 127 => {
            let y = f64::from(interpolate(&LG2, fraction, 16, 0)) * pow2(-24);
            ((f64::from(e - 127) + y) as f32).to_bits()
        }
        _ => {
            let y = f64::from(interpolate(&LG2, fraction, 16, 0)) * pow2(-24);
            f64_to_f32_rnd(f64::from(e - 127) + y, Rounding::Rz).to_bits()
        }
    }
}

/// `MUFU.RCP64H`, `rcp.approx.ftz.f64`: from the operand's upper word (sign, exponent, 20 bits
/// of significand) into the result's, the lower word zero. An H200's result is `MUFU.RCP`'s of
/// the same significand, truncated to 20 bits (so for every recorded significand), with the
/// f64 exponent range; subnormal operands and results are flushed to zeros of their sign, a NaN
/// gives 0x7fffffff00000000.
pub(crate) fn rcp64h(x: u64) -> u64 {
    let (sign, e, fraction) = parts64(x);
    match e {
        _ if is_nan64(x) => NAN64,
        0 => u64::from(sign | INFINITY64) << 32,
        0x7ff => u64::from(sign) << 32,
        _ => upper_word(sign, interpolate(&RCP, fraction << 3, 16, 1 << 24), -(e - 1023)),
    }
}

/// `MUFU.RSQ64H`, `rsqrt.approx.ftz.f64`: as `rcp64h`, from `MUFU.RSQ`'s significand.
pub(crate) fn rsq64h(x: u64) -> u64 {
    let (sign, e, fraction) = parts64(x);
    match e {
        _ if is_nan64(x) => NAN64,
        0 => u64::from(sign | INFINITY64) << 32,
        _ if sign != 0 => NAN64,
        0x7ff => 0,
        _ => {
            let odd = (e - 1023).rem_euclid(2);
            let y = interpolate(&RSQ, (odd as u32) << 23 | fraction << 3, 17, 1 << 24);
            upper_word(0, y, -(e - 1023 - odd) / 2)
        }
    }
}

/// `rsqrt.approx.f64` as ptxas 13.0 compiles it for sm_90: `MUFU.RSQ64H` of the upper word
/// (`y0`), then one Newton step with a second-order term in f64 arithmetic, each operation
/// rounded: `e = fma(x, -(y0 * y0), 1)`, `y = fma(fma(e, 0.375, 0.5), y0 * e, y0)`. A subnormal
/// `x` is scaled by 2^54 first and the result by 2^27; ±0 gives ±infinity, +infinity 0, a
/// negative `x` the default NaN `0xfff8000000000000`, a NaN itself quieted (`x + x`).
pub(crate) fn rsqrt_approx_f64(x: u64) -> u64 {
    let newton = |v: f64| {
        let y0 = f64::from_bits(rsq64h(v.to_bits()));
        let e = v.mul_add(-(y0 * y0), 1.0);
        e.mul_add(0.375, 0.5).mul_add(y0 * e, y0)
    };
    let upper = (x >> 32) as u32;
    // The SASS's test: a positive normal operand takes the short path.
    if upper.wrapping_sub(0x0010_0000) < 0x7fe0_0000 {
        return newton(f64::from_bits(x)).to_bits();
    }
    let v = f64::from_bits(x);
    if v == 0.0 {
        x & 1 << 63 | 0x7ff0_0000_0000_0000
    } else if v.is_nan() {
        x | 0x0008_0000_0000_0000
    } else if v < 0.0 {
        0xfff8_0000_0000_0000
    } else if v.is_infinite() {
        0
    } else {
        (newton(v * 2f64.powi(54)) * 2f64.powi(27)).to_bits()
    }
}

/// The canonical NaN of the f64 forms, and the upper word of an infinity.
const NAN64: u64 = 0x7fff_ffff_0000_0000;
const INFINITY64: u32 = 0x7ff0_0000;

/// The upper word's sign bit, biased exponent and 20 bits of significand.
#[inline]
fn parts64(x: u64) -> (u32, i32, u32) {
    let upper = (x >> 32) as u32;
    (upper & SIGN, ((upper >> 20) & 0x7ff) as i32, upper & 0xf_ffff)
}

/// Whether the upper word is a NaN's (the lower word, which the unit ignores, aside: an
/// infinity's upper word with a nonzero lower word reads as infinity).
#[inline]
fn is_nan64(x: u64) -> bool {
    (x >> 32) as u32 & !SIGN > INFINITY64
}

/// The f64 `significand * 2^(k - 24)` (significand in [2^23, 2^24]) with its significand
/// truncated to the upper word's 20 bits, the lower word zero; flushed below the normal range.
fn upper_word(sign: u32, significand: u32, k: i32) -> u64 {
    let (significand, k) = if significand >= 1 << 24 { (significand >> 1, k + 1) } else { (significand, k) };
    let exponent = k - 1 + 1023;
    let upper = if exponent <= 0 {
        sign
    } else if exponent >= 0x7ff {
        sign | INFINITY64
    } else {
        sign | (exponent as u32) << 20 | (significand & 0x7f_ffff) >> 3
    };
    u64::from(upper) << 32
}

/// `sin.approx.f32` (with or without `.ftz`, the same code): `MUFU.SIN` of the operand in turns,
/// `FMUL.RZ(x, 1/2pi)` in f32. The unit's own interpolation (absolute error about 2^-21.5) is
/// not modelled: the correctly rounded sine of that many turns stands in for it.
pub(crate) fn sin(x: u32) -> u32 {
    circular(x, f64::sin)
}

/// `cos.approx.f32`: as `sin`, `MUFU.COS`.
pub(crate) fn cos(x: u32) -> u32 {
    circular(x, f64::cos)
}

/// `f` of 2pi times the fraction of the operand's turns.
fn circular(x: u32, f: fn(f64) -> f64) -> u32 {
    const TURNS_PER_RADIAN: f32 = 0.159_154_94;
    // The f32 product is exact in f64; rounded toward zero as FMUL.RZ does.
    let turns = f64_to_f32_rnd(f64::from(f32::from_bits(x)) * f64::from(TURNS_PER_RADIAN), Rounding::Rz);
    let turns = if turns.is_subnormal() { 0.0f32.copysign(turns) } else { turns };
    // The fraction of the turns; below 2^-24 an H200 gives sin 0 (its fixed-point operand,
    // whose finer steps are not modelled), a zero of the operand's sign, as for a whole number
    // of turns.
    let turns = f64::from(turns);
    let fraction = turns.fract();
    let fraction = if fraction.abs() < pow2(-24) { 0.0f64.copysign(turns) } else { fraction };
    let r = f(std::f64::consts::TAU * fraction) as f32;
    if r.is_nan() { NAN } else { r.to_bits() }
}

/// `ex2`/`tanh.approx` of a half (`MUFU.EX2.F16/.BF16`, `MUFU.TANH.F16/.BF16`): `unit`'s f32
/// result for the operand, truncated toward zero to the format, a result beyond its range
/// infinite. For ex2 an H200 gives this for all 5,120 f16 operands whose f32 result was
/// recorded; tanh's unit is [`tanh_unit`] ([`tanh_half`]).
pub(crate) fn half(fmt: HFmt, h: u16, unit: fn(u32) -> u32) -> u16 {
    let x = fmt.to_f64(h) as f32;
    let y = f64::from(f32::from_bits(unit(x.to_bits())));
    if y.is_nan() {
        return HNAN;
    }
    let infinity = fmt.encode(f64::INFINITY.copysign(y));
    // The format's range ends at the power of two above its largest finite value.
    let largest = fmt.to_f64((infinity & 0x7fff) - 1);
    if y.abs() >= (largest.log2().floor() + 1.0).exp2() {
        return infinity;
    }
    fmt.round(y, 0.0, Rounding::Rz)
}

/// The correctly rounded f32 tanh: [`tanh_unit`] between its edges.
pub(crate) fn tanh_f32(x: u32) -> u32 {
    (f64::from(f32::from_bits(x)).tanh() as f32).to_bits()
}

/// Below this magnitude the unit's tanh is its operand: 2^-8 (1 + 2^-7), where an H200's
/// `tanh.approx.f16` and `.bf16` stop returning the operand (the correctly rounded tanh, a little
/// smaller, truncates to the half below from 2^-12 on).
const TANH_IDENTITY_BELOW: f64 = (1.0 + 1.0 / 128.0) / 256.0;

/// From this magnitude on the unit's tanh is ±1 (an H200 gives 1 for every half from 8 on, where
/// the correctly rounded f32 tanh is still below 1 up to 9.01).
const TANH_ONE_FROM: f64 = 8.0;

/// `MUFU.TANH`, `tanh.approx.f32`, and the f32 tanh that `MUFU.TANH.F16/.BF16` truncate (an
/// H200 rounds every half result toward zero from its f32 one): the operand below
/// [`TANH_IDENTITY_BELOW`], ±1 from [`TANH_ONE_FROM`] (both exact for every f16 and bf16
/// operand, as f32, recorded), the correctly rounded tanh between, where the unit's own
/// interpolation (error about 2^-11) is not modelled.
pub(crate) fn tanh_unit(x: u32) -> u32 {
    let v = f64::from(f32::from_bits(x));
    if v.abs() < TANH_IDENTITY_BELOW {
        x
    } else if v.abs() >= TANH_ONE_FROM {
        1f32.copysign(f32::from_bits(x)).to_bits()
    } else {
        tanh_f32(x)
    }
}

/// The non-negative operands of `tanh.approx.f16` whose H200 result is not [`tanh_unit`]'s
/// truncated (one unit away, where the unit's f32 error crosses a half's boundary), with that
/// result: all of them, from the H200's table of every f16 (`tests/mufu/tanh.approx.half.gpu.txt`).
const TANH_F16_EXCEPTIONS: [(u16, u16); 24] = [
    (0x29c6, 0x29c5),
    (0x2c95, 0x2c93),
    (0x2c96, 0x2c94),
    (0x2d3f, 0x2d3b),
    (0x2e39, 0x2e34),
    (0x2e9d, 0x2e97),
    (0x3064, 0x305d),
    (0x323f, 0x322b),
    (0x32ff, 0x32e3),
    (0x355b, 0x352a),
    (0x372d, 0x36bb),
    (0x3824, 0x379d),
    (0x399a, 0x38d6),
    (0x39f8, 0x390f),
    (0x3c8e, 0x3a82),
    (0x3c9d, 0x3a8c),
    (0x3cc9, 0x3aa9),
    (0x3db8, 0x3b21),
    (0x3de3, 0x3b33),
    (0x3e23, 0x3b49),
    (0x3eab, 0x3b72),
    (0x3ed6, 0x3b7e),
    (0x4080, 0x3bd3),
    (0x4429, 0x3bfe),
];

/// [`TANH_F16_EXCEPTIONS`] for `tanh.approx.bf16`.
const TANH_BF16_EXCEPTIONS: [(u16, u16); 1] = [(0x3f3f, 0x3f21)];

/// `tanh.approx.f16` / `.bf16` (`MUFU.TANH.F16/.BF16`) as an H200 computes them, for every one
/// of the 65,536 operands of each format: odd, a NaN gives the canonical NaN, and the
/// magnitude is [`tanh_unit`]'s result truncated to the format except for the recorded
/// exceptions.
pub(crate) fn tanh_half(fmt: HFmt, h: u16) -> u16 {
    let exceptions: &[(u16, u16)] = match fmt {
        HFmt::F16 => &TANH_F16_EXCEPTIONS,
        HFmt::Bf16 => &TANH_BF16_EXCEPTIONS,
    };
    match exceptions.binary_search_by_key(&(h & 0x7fff), |e| e.0) {
        Ok(i) => exceptions[i].1 | (h & 0x8000),
        Err(_) => half(fmt, h, tanh_unit),
    }
}

/// A value's f32 bits times `s` (an f32 multiply, rounded to nearest, subnormals kept: the FMUL
/// that ptxas puts around the unit).
#[inline]
fn mul(x: u32, s: f32) -> u32 {
    let r = f32::from_bits(x) * s;
    if r.is_nan() { NAN } else { r.to_bits() }
}

/// Whether |x| is below 2^-126 (a subnormal or zero; not a NaN), the non-`.ftz` forms' test.
#[inline]
fn below_normal(x: u32) -> bool {
    f32::from_bits(x).abs() < MIN_NORMAL
}

/// `rcp.approx.f32`: the operand scaled into the unit's range by 2^24 (subnormal) or 1/4 (above
/// 2^126), the reciprocal scaled back by the same factor.
pub(crate) fn rcp_approx(x: u32) -> u32 {
    let s = if f32::from_bits(x).abs() > 2f32.powi(126) {
        0.25
    } else if below_normal(x) {
        2f32.powi(24)
    } else {
        1.0
    };
    mul(rcp(mul(x, s)), s)
}

/// `rsqrt.approx.f32`: a subnormal operand scaled by 2^24, its result by 2^12.
pub(crate) fn rsqrt_approx(x: u32) -> u32 {
    if below_normal(x) { mul(rsq(mul(x, 2f32.powi(24))), 2f32.powi(12)) } else { rsq(x) }
}

/// `sqrt.approx.f32`: a subnormal operand scaled by 2^24, its result by 2^-12.
pub(crate) fn sqrt_approx(x: u32) -> u32 {
    if below_normal(x) { mul(sqrt(mul(x, 2f32.powi(24))), 2f32.powi(-12)) } else { sqrt(x) }
}

/// `ex2.approx.f32`: below -126, 2^(x/2) squared (so subnormal results).
pub(crate) fn ex2_approx(x: u32) -> u32 {
    if f32::from_bits(x) < -126.0 {
        let h = ex2(mul(x, 0.5));
        mul(h, f32::from_bits(h))
    } else {
        ex2(x)
    }
}

/// `lg2.approx.f32`: a subnormal operand scaled by 2^24, 24 subtracted from its logarithm.
pub(crate) fn lg2_approx(x: u32) -> u32 {
    if below_normal(x) {
        let r = f32::from_bits(lg2(mul(x, 2f32.powi(24)))) - 24.0;
        if r.is_nan() { NAN } else { r.to_bits() }
    } else {
        lg2(x)
    }
}

/// `div.approx.f32`: x times the reciprocal of y, both scaled by 2^24 where y is subnormal.
pub(crate) fn div_approx(x: u32, y: u32) -> u32 {
    let s = if below_normal(y) { 2f32.powi(24) } else { 1.0 };
    mul(rcp(mul(y, s)), f32::from_bits(mul(x, s)))
}

/// `div.approx.ftz.f32`: x times the reciprocal of y in a flushing multiply.
pub(crate) fn div_approx_ftz(x: u32, y: u32) -> u32 {
    let flush = |v: u32| if below_normal(v) { v & SIGN } else { v };
    flush(mul(flush(rcp(y)), f32::from_bits(flush(x))))
}

/// `div.full.f32`: as `div.approx.f32`, also scaling both by 1/4 where |y| > 2^126.
pub(crate) fn div_full(x: u32, y: u32) -> u32 {
    let s = if f32::from_bits(y).abs() > 2f32.powi(126) {
        0.25
    } else if below_normal(y) {
        2f32.powi(24)
    } else {
        1.0
    };
    mul(rcp(mul(y, s)), f32::from_bits(mul(x, s)))
}

/// `div.full.ftz.f32`: both scaled by 1/4 where |y| > 2^126, then as `div.approx.ftz.f32`.
pub(crate) fn div_full_ftz(x: u32, y: u32) -> u32 {
    if f32::from_bits(y).abs() > 2f32.powi(126) {
        div_approx_ftz(mul(x, 0.25), mul(y, 0.25))
    } else {
        div_approx_ftz(x, y)
    }
}

#[cfg(test)]
mod recorded {
    //! Exhaustive agreement with an H200's recorded tables (scripts/mufu: `probe.cu`, then
    //! `decode.c`), which are too large for the repository: run with
    //! `MUFU_TABLES=DIR cargo test --release -p cuprite-simt --lib mufu -- --ignored --nocapture`.

    use crate::float::HFmt;

    /// (table, first input's bits, the unit's function (none: not modelled yet), the exact function)
    type Case = (&'static str, u32, Option<fn(u32) -> u32>, fn(f64) -> f64);
    /// (table, the unit's f64 function, the exact function)
    type DoubleCase = (&'static str, fn(u64) -> u64, fn(f64) -> f64);
    /// (table, format, the f32 unit's function, the exact function)
    type HalfCase = (&'static str, HFmt, fn(HFmt, u16) -> u16, fn(f64) -> f64);

    #[test]
    #[ignore = "needs the recorded tables (MUFU_TABLES)"]
    fn agreement_with_recorded_tables() {
        let dir = std::env::var("MUFU_TABLES").expect("MUFU_TABLES names the decoded tables' directory");
        let cases: [Case; 21] = [
            ("rcp_1_2", 0x3f80_0000, Some(super::rcp), |x| 1.0 / x),
            ("rsq_1_4", 0x3f80_0000, Some(super::rsq), |x| 1.0 / x.sqrt()),
            ("sqrt_1_4", 0x3f80_0000, Some(super::sqrt), f64::sqrt),
            ("ex2_0.25_0.5", 0x3e80_0000, Some(super::ex2), f64::exp2),
            ("ex2_0.5_1", 0x3f00_0000, Some(super::ex2), f64::exp2),
            ("ex2_1_2", 0x3f80_0000, Some(super::ex2), f64::exp2),
            ("ex2_-1_-0.5", 0xbf00_0000, Some(super::ex2), f64::exp2),
            ("ex2_-2_-1", 0xbf80_0000, Some(super::ex2), f64::exp2),
            ("lg2_0.5_1", 0x3f00_0000, Some(super::lg2), f64::log2),
            ("lg2_1_2", 0x3f80_0000, Some(super::lg2), f64::log2),
            ("lg2_2_4", 0x4000_0000, Some(super::lg2), f64::log2),
            ("sin_0.5_1", 0x3f00_0000, Some(super::sin), f64::sin),
            ("sin_1_2", 0x3f80_0000, Some(super::sin), f64::sin),
            ("sin_2_4", 0x4000_0000, Some(super::sin), f64::sin),
            ("sin_4_8", 0x4080_0000, Some(super::sin), f64::sin),
            ("cos_0.5_1", 0x3f00_0000, Some(super::cos), f64::cos),
            ("cos_1_2", 0x3f80_0000, Some(super::cos), f64::cos),
            ("cos_2_4", 0x4000_0000, Some(super::cos), f64::cos),
            ("cos_4_8", 0x4080_0000, Some(super::cos), f64::cos),
            ("tanh_0.5_1", 0x3f00_0000, None, f64::tanh),
            ("tanh_1_2", 0x3f80_0000, None, f64::tanh),
        ];
        for (name, base, unit, exact) in cases {
            let bytes = std::fs::read(format!("{dir}/{name}.u32")).expect("a recorded table");
            let (mut before, mut after, mut worst) = (0usize, 0usize, 0i64);
            let n = bytes.len() / 4;
            for (i, w) in bytes.chunks_exact(4).enumerate() {
                let gpu = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                let x = base + i as u32;
                let rounded = (exact(f64::from(f32::from_bits(x))) as f32).to_bits();
                let ours = unit.map_or(rounded, |f| f(x));
                before += usize::from(rounded == gpu);
                after += usize::from(ours == gpu);
                worst = worst.max((i64::from(ours as i32) - i64::from(gpu as i32)).abs());
            }
            println!(
                "{name}: {n} inputs, bit-exact before {:.4}, after {:.4}, max ulp difference {worst}",
                before as f64 / n as f64,
                after as f64 / n as f64
            );
        }
        // The half forms: every operand.
        let halves: [HalfCase; 4] = [
            ("half_ex2.approx.f16", HFmt::F16, |f, h| super::half(f, h, super::ex2), f64::exp2),
            ("half_ex2.approx.ftz.bf16", HFmt::Bf16, |f, h| super::half(f, h, super::ex2), f64::exp2),
            ("half_tanh.approx.f16", HFmt::F16, super::tanh_half, f64::tanh),
            ("half_tanh.approx.bf16", HFmt::Bf16, super::tanh_half, f64::tanh),
        ];
        for (name, fmt, unit, exact) in halves {
            let bytes = std::fs::read(format!("{dir}/{name}.u32")).expect("a recorded table");
            let (mut before, mut after) = (0usize, 0usize);
            for (i, w) in bytes.chunks_exact(4).enumerate() {
                let gpu = u16::from_le_bytes([w[0], w[1]]);
                let rounded = fmt.encode(exact(fmt.to_f64(i as u16)));
                before += usize::from(rounded == gpu);
                after += usize::from(unit(fmt, i as u16) == gpu);
            }
            println!(
                "{name}: 65536 inputs, bit-exact before {:.4}, after {:.4}",
                before as f64 / 65536.0,
                after as f64 / 65536.0
            );
        }
        // The f64 forms: upper words 0x3ff00000 + i (low words ignored), the result's upper word.
        let doubles: [DoubleCase; 2] = [
            ("rcp.approx.ftz.f64_1_4", super::rcp64h, |x| 1.0 / x),
            ("rsqrt.approx.ftz.f64_1_4", super::rsq64h, |x| 1.0 / x.sqrt()),
        ];
        for (name, unit, exact) in doubles {
            let bytes = std::fs::read(format!("{dir}/{name}.u32")).expect("a recorded table");
            let (mut before, mut after, mut worst) = (0usize, 0usize, 0i64);
            let n = bytes.len() / 4;
            for (i, w) in bytes.chunks_exact(4).enumerate() {
                let gpu = u32::from_le_bytes([w[0], w[1], w[2], w[3]]);
                let x = u64::from(0x3ff0_0000 + i as u32) << 32;
                let truncated = (exact(f64::from_bits(x)).to_bits() >> 32) as u32;
                let ours = (unit(x) >> 32) as u32;
                before += usize::from(truncated == gpu);
                after += usize::from(ours == gpu);
                worst = worst.max((i64::from(ours) - i64::from(gpu)).abs());
            }
            println!(
                "{name}: {n} inputs, bit-exact before {:.4}, after {:.4}, max ulp difference {worst}",
                before as f64 / n as f64,
                after as f64 / n as f64
            );
        }
    }
}
