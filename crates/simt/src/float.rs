//! Floating-point helpers: exact f16 conversions, directed rounding of conversions, flush to
//! zero, PTX min/max rules.

use ptx::types::Rounding;

/// Flushes an f32 subnormal to a zero of the same sign.
#[inline]
pub(crate) fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() { f32::from_bits(x.to_bits() & 0x8000_0000) } else { x }
}

/// `.ftz` on an f32 result `v`: subnormals flushed to a zero of their sign, and so is a result
/// that rounded (away from zero) to the smallest normal from an exact value that is tiny. An
/// H200 decides tininess after rounding to 24 bits with an unbounded exponent (IEEE 754's
/// "after rounding"): `2^-126 − 2^-150` is tiny (representable there), a value within half that
/// spacing of 2^-126 rounds to it and is not. `exact_vs` orders the exact result's magnitude
/// against a threshold; `nearest`: rounded to nearest (else away from zero, a directed mode).
pub(crate) fn ftz_tiny32(v: f32, nearest: bool, exact_vs: impl Fn(f64) -> std::cmp::Ordering) -> f32 {
    if v.abs() != f32::MIN_POSITIVE {
        return ftz32(v);
    }
    let min = f64::from(f32::MIN_POSITIVE);
    let tiny = if nearest { exact_vs(min - 2f64.powi(-151)).is_lt() } else { exact_vs(min - 2f64.powi(-150)).is_le() };
    if tiny { f32::from_bits(v.to_bits() & 0x8000_0000) } else { v }
}

/// `fma.rn.ftz.f32`'s result `v` of `x * y + z` (inputs flushed already), `ftz_tiny32`'s rule.
/// The product is exact in f64; TwoSum gives what rounding the sum dropped, which orders the
/// exact value where the rounded sum meets the threshold.
pub(crate) fn ftz_fma32(x: f32, y: f32, z: f32, v: f32) -> f32 {
    let (s, e) = two_sum(f64::from(x) * f64::from(y), f64::from(z));
    // Where |s| is the threshold, the dropped part `e` (toward or away from zero) decides.
    let away = if s < 0.0 { -e } else { e };
    ftz_tiny32(v, true, |t| s.abs().total_cmp(&t).then(away.partial_cmp(&0.0).unwrap_or(std::cmp::Ordering::Equal)))
}

/// Clamps to [0, 1], NaN to 0 (`.sat`).
#[inline]
pub(crate) fn sat32(x: f32) -> f32 {
    // `-0.0` is below the range too: an H200 gives `+0.0` for `add.sat.f32 -0.0, -0.0`.
    if x.is_nan() || x <= 0.0 { 0.0 } else { x.min(1.0) }
}

/// `.sat` for f64.
#[inline]
pub(crate) fn sat64(x: f64) -> f64 {
    // `-0.0` is below the range (as for `sat32`; `cvt.rn.sat.f32.f64` of `-0.0` is `+0.0`).
    if x.is_nan() || x <= 0.0 { 0.0 } else { x.min(1.0) }
}

/// What PTX's `min` and `max` need of a float type.
trait MinMaxFloat: Copy + PartialOrd {
    /// What two NaN operands `a`, `b` give.
    fn both_nan(a: Self, b: Self) -> Self;
    fn is_nan(self) -> bool;
    fn is_sign_negative(self) -> bool;
}

impl MinMaxFloat for f32 {
    /// The canonical NaN.
    fn both_nan(_: f32, _: f32) -> f32 {
        f32::from_bits(0x7fff_ffff)
    }
    fn is_nan(self) -> bool {
        f32::is_nan(self)
    }
    fn is_sign_negative(self) -> bool {
        f32::is_sign_negative(self)
    }
}

impl MinMaxFloat for f64 {
    /// `b`, quieted (an H200's `min.f64`/`max.f64`, recorded in `tests/nan/nan_pairs.gpu.txt`).
    fn both_nan(_: f64, b: f64) -> f64 {
        quiet64(b)
    }
    fn is_nan(self) -> bool {
        f64::is_nan(self)
    }
    fn is_sign_negative(self) -> bool {
        f64::is_sign_negative(self)
    }
}

/// PTX `min` (`smaller`) or `max`: a NaN operand yields the other; both NaN give
/// [`MinMaxFloat::both_nan`] (f32: the canonical NaN; f64: `b` quieted); -0 < +0.
#[inline]
fn min_or_max<F: MinMaxFloat>(a: F, b: F, smaller: bool) -> F {
    if a.is_nan() && b.is_nan() {
        F::both_nan(a, b)
    } else if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        // Equal but for the sign of a zero: -0 is the smaller.
        if a.is_sign_negative() == smaller { a } else { b }
    } else if (a < b) == smaller {
        a
    } else {
        b
    }
}

/// PTX `min.f32`.
#[inline]
pub(crate) fn min32(a: f32, b: f32) -> f32 {
    min_or_max(a, b, true)
}

/// PTX `max.f32`.
#[inline]
pub(crate) fn max32(a: f32, b: f32) -> f32 {
    min_or_max(a, b, false)
}

/// PTX `min.f64`.
#[inline]
pub(crate) fn min64(a: f64, b: f64) -> f64 {
    min_or_max(a, b, true)
}

/// PTX `max.f64`.
#[inline]
pub(crate) fn max64(a: f64, b: f64) -> f64 {
    min_or_max(a, b, false)
}

/// f16 bits to f32 (exact).
pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = if exp == 0x1f {
        sign | 0x7f80_0000 | (man << 13)
    } else if exp == 0 {
        if man == 0 {
            sign
        } else {
            // Subnormal: value = man * 2^-24, exact in f32.
            let v = man as f32 * f32::from_bits(0x3380_0000); // 2^-24
            return if sign != 0 { -v } else { v };
        }
    } else {
        sign | ((exp + 112) << 23) | (man << 13)
    };
    f32::from_bits(bits)
}

/// f64 to f16 bits, rounding to nearest even (exact single rounding).
pub(crate) fn f64_to_f16(x: f64) -> u16 {
    f64_to_f16_rounded(x, false)
}

/// f64 to f16 bits, rounding to nearest with ties away from zero: how the texture unit rounds a
/// filtered half texel (an H200's linear fetches of half textures land on the larger magnitude
/// at exact ties: tests/program-diff/tex_filter_ties.cu).
pub(crate) fn f64_to_f16_ties_away(x: f64) -> u16 {
    f64_to_f16_rounded(x, true)
}

/// f64 to f16 bits, rounded once to nearest: ties to even, or away from zero (`away`).
fn f64_to_f16_rounded(x: f64, away: bool) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    if x.is_nan() {
        return sign | 0x7e00;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    // Quantum of the result: 2^-24 for subnormals, else 2^(e-10).
    let e = if a == 0.0 { -25 } else { ((a.to_bits() >> 52) as i32) - 1023 };
    let q_exp = (e - 10).max(-24);
    // a / 2^q_exp is exact in f64 (power-of-two scaling without underflow here).
    let scaled = a * f64::from_bits(((1023 - q_exp) as u64) << 52);
    // integer significand times quantum
    let n = if away { scaled.round() } else { scaled.round_ties_even() } as u32;
    // Re-encode n * 2^q_exp.
    if n == 0 {
        return sign;
    }
    if q_exp == -24 && n < 1024 {
        return sign | n as u16;
    }
    // Normalize: n in [1024, 2048] with exponent q_exp.
    let (mut n, mut qe) = (n, q_exp);
    if n >= 2048 {
        n >>= 1;
        qe += 1;
    }
    let exp = (qe + 10 + 15) as u32;
    if exp >= 31 {
        return sign | 0x7c00;
    }
    sign | ((exp << 10) as u16) | ((n & 0x3ff) as u16)
}

/// f32 to f16 bits, round to nearest even.
#[cfg(test)]
pub(crate) fn f32_to_f16(x: f32) -> u16 {
    f64_to_f16(f64::from(x))
}

/// f16 addition (used by `atom.add.f16`).
pub(crate) fn f16_add(a: u16, b: u16) -> u16 {
    f64_to_f16(f64::from(f16_to_f32(a)) + f64::from(f16_to_f32(b)))
}

/// Rounds an f64 to f32 with a rounding mode (`rn`, `rz`, `rm`, `rp`).
pub(crate) fn f64_to_f32_rnd(x: f64, r: Rounding) -> f32 {
    let n = x as f32;
    if x.is_nan() || n as f64 == x {
        return n;
    }
    let nf = f64::from(n);
    match r {
        Rounding::Rz => {
            if nf.abs() > x.abs() {
                n.next_toward_zero()
            } else {
                n
            }
        }
        Rounding::Rm => {
            if nf > x {
                n.next_down()
            } else {
                n
            }
        }
        Rounding::Rp => {
            if nf < x {
                n.next_up()
            } else {
                n
            }
        }
        _ => n,
    }
}

/// Rounds an f64 to the nearest f32, ties away from zero: how the texture unit rounds a
/// filtered float texel or blends two mipmap levels (an H200's linear fetches land on the larger
/// magnitude at exact ties: tests/program-diff/tex_modes_sweep.cu, tex_filter_ties.cu).
pub(crate) fn f64_to_f32_ties_away(x: f64) -> f32 {
    let n = x as f32;
    if x.is_nan() || f64::from(n) == x || n.is_infinite() {
        return n;
    }
    // `n` is nearest with ties to even; at a tie the other candidate is n's neighbour on x's
    // side, and both distances are exact (x and its neighbours are within one f32 ulp).
    let other = if f64::from(n) < x { n.next_up() } else { n.next_down() };
    let tie = f64::from(other) - x == x - f64::from(n);
    if tie && other.abs() > n.abs() { other } else { n }
}

/// A float's neighbours, for rounding a conversion's nearest result in a direction.
trait Neighbours: Copy + PartialOrd {
    /// The next value up (toward +inf).
    fn up(self) -> Self;
    /// The next value down (toward -inf).
    fn down(self) -> Self;
    /// The next value toward zero.
    fn next_toward_zero(self) -> Self;
}

macro_rules! neighbours {
    ($($t:ty),*) => {$(
        impl Neighbours for $t {
            fn up(self) -> $t {
                self.next_up()
            }
            fn down(self) -> $t {
                self.next_down()
            }
            fn next_toward_zero(self) -> $t {
                if self > 0.0 { self.next_down() } else { self.next_up() }
            }
        }
    )*};
}
neighbours!(f32, f64);

/// `n`, the nearest float to integer `v` (`back`: `n` converted back, not `v`), moved to its
/// neighbour where rounding `r` (`rz`, `rm`, `rp`) picks that one instead.
fn directed<F: Neighbours>(n: F, back: i128, v: i128, r: Rounding) -> F {
    match r {
        Rounding::Rz if back.abs() > v.abs() => n.next_toward_zero(),
        Rounding::Rm if back > v => n.down(),
        Rounding::Rp if back < v => n.up(),
        _ => n,
    }
}

/// Converts an integer (given as i128) to f32 with a rounding mode.
pub(crate) fn int_to_f32(v: i128, r: Rounding) -> f32 {
    // Within 2^62 the conversions to and from f32 are single instructions on i64 (on i128
    // they are library calls), and the rounded value still converts back exactly.
    if let Ok(w) = i64::try_from(v)
        && w.unsigned_abs() < 1 << 62
    {
        let n = w as f32;
        return match n as i64 {
            back if back == w => n,
            back => directed(n, i128::from(back), v, r),
        };
    }
    let n = v as f32;
    if !n.is_finite() {
        return n;
    }
    let back = n as i128;
    if back == v {
        return n;
    }
    directed(n, back, v, r)
}

/// Converts an integer (given as i128) to f64 with a rounding mode.
pub(crate) fn int_to_f64(v: i128, r: Rounding) -> f64 {
    // As `int_to_f32`: on i64 within 2^62.
    if let Ok(w) = i64::try_from(v)
        && w.unsigned_abs() < 1 << 62
    {
        let n = w as f64;
        return match n as i64 {
            back if back == w => n,
            back => directed(n, i128::from(back), v, r),
        };
    }
    let n = v as f64;
    let back = n as i128;
    if back == v {
        return n;
    }
    directed(n, back, v, r)
}

/// Rounds to an integral value with an integer rounding mode (`rni`, `rzi`, `rmi`, `rpi`).
pub(crate) fn round_int(x: f64, r: Rounding) -> f64 {
    match r {
        Rounding::Rzi | Rounding::Rz => x.trunc(),
        Rounding::Rmi | Rounding::Rm => x.floor(),
        Rounding::Rpi | Rounding::Rp => x.ceil(),
        _ => x.round_ties_even(),
    }
}

/// Float to integer: rounds with `r`, then saturates to `[lo, hi]`; NaN gives 0.
pub(crate) fn float_to_int(x: f64, r: Rounding, lo: i128, hi: i128) -> i128 {
    if x.is_nan() {
        return 0;
    }
    let t = round_int(x, r);
    // Bounds within i64 (every type but .u64): the conversion on i64, one instruction (on
    // i128 a library call).
    if let (Ok(l), Ok(h)) = (i64::try_from(lo), i64::try_from(hi)) {
        return i128::from(if t <= l as f64 {
            l
        } else if t >= h as f64 {
            h
        } else {
            t as i64
        });
    }
    if t <= lo as f64 {
        lo
    } else if t >= hi as f64 {
        hi
    } else {
        t as i128
    }
}

/// A narrow floating-point format of PTX's `cvt` (PTX ISA, "Alternate Floating Point Data
/// Formats"): fp8 e4m3 (bias 7, no infinities, NaN S.1111.111) and e5m2 (bias 15, IEEE-like),
/// fp6 e2m3 and e3m2, fp4 e2m1 (no infinities, no NaN).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Narrow {
    E4m3,
    E5m2,
    E2m3,
    E3m2,
    E2m1,
}

impl Narrow {
    /// The width of a code in bits, its sign bit included.
    pub(crate) fn bits(self) -> u32 {
        match self {
            Narrow::E4m3 | Narrow::E5m2 => 8,
            Narrow::E2m3 | Narrow::E3m2 => 6,
            Narrow::E2m1 => 4,
        }
    }

    /// (smallest normal exponent, fraction bits, largest finite magnitude code).
    fn params(self) -> (i32, u32, u8) {
        match self {
            Narrow::E4m3 => (-6, 3, 0x7e),
            Narrow::E5m2 => (-14, 2, 0x7b),
            Narrow::E2m3 => (0, 3, 0x1f),
            Narrow::E3m2 => (-2, 2, 0x1f),
            Narrow::E2m1 => (0, 1, 0x7),
        }
    }

    /// The sign bit of a code.
    fn sign(self) -> u8 {
        1 << (self.bits() - 1)
    }

    /// Whether the format has NaN (the fp8 formats): what NaN and `.satfinite` give differ.
    fn has_nan(self) -> bool {
        matches!(self, Narrow::E4m3 | Narrow::E5m2)
    }
}

/// `x` in format `fmt` with round-to-nearest-even and `.satfinite` (overflow and infinities give
/// the largest finite value of x's sign; NaN gives fp8's NaN 0x7f, fp6's and fp4's largest
/// positive value); `.relu` clamps negatives and -0.0 to +0.
pub(crate) fn f32_to_narrow(x: f32, fmt: Narrow, relu: bool) -> u8 {
    let (emin, mb, maxc) = fmt.params();
    if x.is_nan() {
        return if fmt.has_nan() { 0x7f } else { maxc };
    }
    // `.relu` clamps -0.0 too (+0 on an H200).
    let x = if relu && x.is_sign_negative() { 0.0 } else { x };
    let sign = if x.is_sign_negative() { fmt.sign() } else { 0 };
    let a = f64::from(x.abs());
    let max = narrow_to_f64(maxc, fmt);
    if a >= max {
        return sign | maxc;
    }
    let e = if a == 0.0 { emin } else { (a.log2().floor() as i32).max(emin) };
    // Guard against log2 rounding at exact powers of two.
    let e = if e > emin && a < (2f64).powi(e) {
        e - 1
    } else if a >= (2f64).powi(e + 1) {
        e + 1
    } else {
        e
    };
    let q = (a / (2f64).powi(e - mb as i32)).round_ties_even() as u32;
    let code = if e == emin && q < (1 << mb) { q } else { (((e - emin + 1) as u32) << mb) + q - (1 << mb) };
    sign | (code.min(u32::from(maxc)) as u8)
}

/// The value of code `c` (its low `fmt.bits()` bits) of format `fmt` (NaN for the NaN codes;
/// e5m2's infinities).
pub(crate) fn narrow_to_f64(c: u8, fmt: Narrow) -> f64 {
    let (emin, mb, _) = fmt.params();
    let s = if c & fmt.sign() != 0 { -1.0 } else { 1.0 };
    let m = c & (fmt.sign() - 1);
    let ebits = fmt.bits() - 1 - mb;
    let ef = i32::from(m >> mb);
    let f = f64::from(m & ((1 << mb) - 1));
    if fmt == Narrow::E5m2 && ef == (1 << ebits) - 1 {
        return if f == 0.0 { s * f64::INFINITY } else { f64::NAN };
    }
    if fmt == Narrow::E4m3 && m == 0x7f {
        return f64::NAN;
    }
    let v = if ef == 0 {
        f * (2f64).powi(emin - mb as i32)
    } else {
        (1.0 + f / f64::from(1u32 << mb)) * (2f64).powi(ef + emin - 1)
    };
    s * v
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Integers one past a float's precision (2^24 + 1 for f32, 2^53 + 1 for f64) lie halfway
    /// between two floats: `rn` takes the even one, `rz` the one nearer zero, `rm` the lower
    /// and `rp` the higher (PTX ISA, `cvt` rounding modifiers).
    #[test]
    fn integer_to_float_directed_rounding() {
        let (v, lo, hi) = ((1i128 << 24) + 1, 16_777_216f32, 16_777_218f32);
        let want = [(Rounding::Rn, lo, -lo), (Rounding::Rz, lo, -lo), (Rounding::Rm, lo, -hi), (Rounding::Rp, hi, -lo)];
        for (r, up, down) in want {
            assert_eq!((int_to_f32(v, r), int_to_f32(-v, r)), (up, down), "{r:?}");
        }
        let (v, lo, hi) = ((1i128 << 53) + 1, 9_007_199_254_740_992f64, 9_007_199_254_740_994f64);
        let want = [(Rounding::Rn, lo, -lo), (Rounding::Rz, lo, -lo), (Rounding::Rm, lo, -hi), (Rounding::Rp, hi, -lo)];
        for (r, up, down) in want {
            assert_eq!((int_to_f64(v, r), int_to_f64(-v, r)), (up, down), "{r:?}");
        }
        // Exactly representable: unchanged in every mode.
        assert_eq!(int_to_f32(-12_345, Rounding::Rp), -12_345.0);
    }

    /// Every finite code of every narrow format converts back to itself from its value
    /// (zeros: either sign of zero); saturation and NaN as `.satfinite` defines them.
    #[test]
    fn narrow_roundtrip_all() {
        for fmt in [Narrow::E4m3, Narrow::E5m2, Narrow::E2m3, Narrow::E3m2, Narrow::E2m1] {
            let sign = fmt.sign();
            for c in 0..(2 * sign as u16) {
                let c = c as u8;
                let v = narrow_to_f64(c, fmt);
                if v.is_nan() || v.is_infinite() {
                    continue;
                }
                let back = f32_to_narrow(v as f32, fmt, false);
                let same = back == c || (v == 0.0 && back & !sign == 0);
                assert!(same, "{c:#x} {fmt:?}: {v} -> {back:#x}");
            }
        }
        assert_eq!(f32_to_narrow(1000.0, Narrow::E4m3, false), 0x7e);
        assert_eq!(f32_to_narrow(f32::NEG_INFINITY, Narrow::E5m2, false), 0xfb);
        // fp6/fp4: NaN is the largest positive value, infinities saturate with their sign.
        assert_eq!(f32_to_narrow(f32::NAN, Narrow::E2m1, false), 0x7);
        assert_eq!(f32_to_narrow(f32::NEG_INFINITY, Narrow::E2m1, false), 0xf);
        assert_eq!(f32_to_narrow(-100.0, Narrow::E3m2, false), 0x3f);
        assert_eq!(f32_to_narrow(f32::NAN, Narrow::E2m3, true), 0x1f);
        // e2m1's values are 0, 0.5, 1, 1.5, 2, 3, 4, 6: 2.5 ties to 2 (even), 5 to 4.
        assert_eq!(f32_to_narrow(2.5, Narrow::E2m1, false), 0x4);
        assert_eq!(f32_to_narrow(5.0, Narrow::E2m1, false), 0x6);
        assert_eq!(narrow_to_f64(0x7, Narrow::E2m1), 6.0);
        assert_eq!(narrow_to_f64(0x1f, Narrow::E2m3), 7.5);
        assert_eq!(narrow_to_f64(0x1f, Narrow::E3m2), 28.0);
    }

    #[test]
    fn f16_roundtrip_all() {
        for h in 0..=u16::MAX {
            let f = f16_to_f32(h);
            if f.is_nan() {
                continue;
            }
            assert_eq!(f32_to_f16(f), h, "{h:#x}");
        }
    }

    #[test]
    fn f16_rounding() {
        assert_eq!(f32_to_f16(1.0), 0x3c00);
        assert_eq!(f32_to_f16(65504.0), 0x7bff);
        assert_eq!(f32_to_f16(65520.0), 0x7c00);
        assert_eq!(f32_to_f16(65519.0), 0x7bff);
        // Halfway between 1 and 1+2^-10 rounds to even.
        assert_eq!(f32_to_f16(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_f16(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
        assert_eq!(f32_to_f16(2f32.powi(-25)), 0); // ties to even (0)
        assert_eq!(f32_to_f16(2f32.powi(-25) * 1.5), 1);
        assert_eq!(f32_to_f16(-2.0), 0xc000);
    }

    #[test]
    fn directed() {
        assert_eq!(int_to_f32(16_777_217, Rounding::Rp), 16_777_218.0);
        assert_eq!(int_to_f32(16_777_217, Rounding::Rm), 16_777_216.0);
        assert_eq!(int_to_f32(-16_777_217, Rounding::Rz), -16_777_216.0);
        assert_eq!(f64_to_f32_rnd(1.0 + 1e-12, Rounding::Rp), 1.0f32.next_up());
        assert_eq!(float_to_int(3.5, Rounding::Rni, -10, 10), 4);
        assert_eq!(float_to_int(2.5, Rounding::Rni, -10, 10), 2);
        assert_eq!(float_to_int(1e30, Rounding::Rzi, -10, 10), 10);
    }
}

/// A result type for directed rounding (f32 or f64), computed from an exact f64 pair.
pub(crate) trait DirTarget: Copy {
    /// Whether it is f32 (whose products are exact in f64).
    const SINGLE: bool;
    /// Round-to-nearest conversion from f64.
    fn from_f64(x: f64) -> Self;
    fn to_f64(self) -> f64;
    fn up(self) -> Self;
    fn down(self) -> Self;
}

impl DirTarget for f32 {
    const SINGLE: bool = true;
    fn from_f64(x: f64) -> f32 {
        x as f32
    }
    fn to_f64(self) -> f64 {
        f64::from(self)
    }
    fn up(self) -> f32 {
        self.next_up()
    }
    fn down(self) -> f32 {
        self.next_down()
    }
}

impl DirTarget for f64 {
    const SINGLE: bool = false;
    fn from_f64(x: f64) -> f64 {
        x
    }
    fn to_f64(self) -> f64 {
        self
    }
    fn up(self) -> f64 {
        self.next_up()
    }
    fn down(self) -> f64 {
        self.next_down()
    }
}

/// Rounds the exact value `hi + lo` to `T` with rounding `r` (`rn`, `rz`, `rm`, `rp`). Only
/// the sign of `lo` matters, and `|lo|` must be below half an f64 ulp of `hi` (what the
/// error-free transformations below produce); `lo` is NaN-free when `hi` is finite.
pub(crate) fn round_dir<T: DirTarget>(hi: f64, lo: f64, r: Rounding) -> T {
    let n = T::from_f64(hi);
    if !hi.is_finite() || hi.is_nan() {
        return n;
    }
    // Exact: `n` is within a factor of two of `hi` (or infinite, giving -inf/+inf).
    let d = hi - n.to_f64();
    // Sign of (hi + lo) - n.
    let above = if d != 0.0 { d > 0.0 } else { lo > 0.0 };
    let below = if d != 0.0 { d < 0.0 } else { lo < 0.0 };
    let neg = n.to_f64() < 0.0 || (n.to_f64() == 0.0 && hi.is_sign_negative());
    let res = match r {
        Rounding::Rp | Rounding::Rpi if above => n.up(),
        Rounding::Rm | Rounding::Rmi if below => n.down(),
        Rounding::Rz | Rounding::Rzi if (neg && above) || (!neg && below) => {
            if neg {
                n.up()
            } else {
                n.down()
            }
        }
        Rounding::Rn | Rounding::Rni if n.to_f64().is_infinite() => {
            // Overflow: infinity, unless `hi` is exactly the rounding threshold (the largest
            // finite value plus half its ulp) and `lo` pulls the exact value below it.
            let m = if hi > 0.0 { n.down() } else { n.up() };
            let threshold = m.to_f64() + (m.to_f64() - if hi > 0.0 { m.down() } else { m.up() }.to_f64()) / 2.0;
            if hi == threshold && lo != 0.0 && (lo < 0.0) == (hi > 0.0) { m } else { n }
        }
        Rounding::Rn | Rounding::Rni => {
            // `n` is the f32 nearest to `hi`; when `hi` is exactly halfway between two f32
            // values, `lo` decides (double rounding).
            let (lo_n, hi_n) = if d > 0.0 { (n, n.up()) } else { (n.down(), n) };
            let half = (hi_n.to_f64() - lo_n.to_f64()) / 2.0;
            if d != 0.0 && d.abs() == half && lo != 0.0 {
                if (d > 0.0) == (lo > 0.0) { if d > 0.0 { n.up() } else { n.down() } } else { n }
            } else {
                n
            }
        }
        _ => n,
    };
    // Directed modes never round a finite exact value to zero of the wrong sign.
    if res.to_f64() == 0.0 && hi != 0.0 && res.to_f64().is_sign_negative() != (hi < 0.0) {
        return T::from_f64(if hi < 0.0 { -0.0 } else { 0.0 });
    }
    res
}

/// The result of an operation whose exact value is finite but beyond the largest finite
/// value (negative when `neg`): infinity, or the largest finite value when `r` rounds toward
/// zero.
fn overflow<T: DirTarget>(neg: bool, r: Rounding) -> T {
    let inf = T::from_f64(if neg { f64::NEG_INFINITY } else { f64::INFINITY });
    match r {
        Rounding::Rz | Rounding::Rzi => {
            if neg {
                inf.up()
            } else {
                inf.down()
            }
        }
        Rounding::Rm | Rounding::Rmi if !neg => inf.down(),
        Rounding::Rp | Rounding::Rpi if neg => inf.up(),
        _ => inf,
    }
}

/// `a + b = s + e` exactly (Knuth's TwoSum).
#[inline]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// The sign of an exact zero sum of terms with these signs (IEEE 754 6.3): terms of one sign
/// keep it (x + x, also for zeros); opposite signs give +0, except -0 when rounding down
/// (`rm`): 1 + -1 and (-0) + (+0) are -0 there.
fn exact_zero_sum<T: DirTarget>(a_negative: bool, b_negative: bool, r: Rounding) -> T {
    let negative = if a_negative == b_negative { a_negative } else { r == Rounding::Rm };
    T::from_f64(if negative { -0.0 } else { 0.0 })
}

/// `a + b` rounded with `r` (operands exact in f64).
pub(crate) fn add_dir<T: DirTarget>(a: f64, b: f64, r: Rounding) -> T {
    let (s, e) = two_sum(a, b);
    if s == 0.0 && e == 0.0 {
        return exact_zero_sum(a.is_sign_negative(), b.is_sign_negative(), r);
    }
    if s.is_infinite() && a.is_finite() && b.is_finite() {
        return overflow(s < 0.0, r);
    }
    round_dir(s, if s.is_finite() { e } else { 0.0 }, r)
}

/// `x` with a NaN's quiet bit set (other values as they are).
#[inline]
pub(crate) fn quiet64(x: f64) -> f64 {
    if x.is_nan() { f64::from_bits(x.to_bits() | (1 << 51)) } else { x }
}

/// The first NaN of `ops`, quieted: what the GPU's f64 unit returns when operands are NaN,
/// `ops` in order of priority ([`BIN64_NAN_PRIORITY`], [`FMA64_NAN_PRIORITY`]).
#[inline]
pub(crate) fn first_nan64(ops: &[f64]) -> Option<f64> {
    ops.iter().find(|v| v.is_nan()).map(|&n| quiet64(n))
}

/// Which operand's NaN an f64 add, sub, mul or div returns (quieted), as indices into `[x, y]`,
/// first priority first: one NaN operand is the result; of two, the first's. Of two NaNs the
/// GPU returns the one in a given slot of the SASS instruction, and ptxas places register
/// operands either way: an H100 gave the first PTX operand's for `__dadd_rn(x, y)`
/// (`tests/gpu-diff`, f64_rounding.special, where ptxas wrote `DADD y, x`), an H200 the second's
/// for an inline-asm `add.rn.f64` (`tests/nan/nan_pairs.gpu.txt`). No rule over PTX matches
/// every program; this one matches the compiled corpus. Every tier takes its order from here.
pub(crate) const BIN64_NAN_PRIORITY: [usize; 2] = [0, 1];

/// Which operand's NaN `fma.f64` (`a * b + c`) returns, as indices into `[a, b, c]`: the
/// addend's, then a's, then b's (the compiled corpus; with two NaNs the GPU's choice depends on
/// ptxas's operand placement, as for [`BIN64_NAN_PRIORITY`]).
pub(crate) const FMA64_NAN_PRIORITY: [usize; 3] = [2, 0, 1];

/// An f64 add, sub, mul or div `f` of `x` and `y` with the NaN rule made explicit
/// ([`BIN64_NAN_PRIORITY`]), so that it does not depend on the host's rule or the operand
/// order a compiler chose; the compiled tiers compute the same.
pub(crate) fn arith64(x: f64, y: f64, f: impl Fn(f64, f64) -> f64) -> f64 {
    first_nan64(&BIN64_NAN_PRIORITY.map(|i| [x, y][i])).unwrap_or_else(|| f(x, y))
}

/// `a * b + c` rounded once to nearest; NaN operands as [`FMA64_NAN_PRIORITY`].
pub(crate) fn fma64(a: f64, b: f64, c: f64) -> f64 {
    first_nan64(&FMA64_NAN_PRIORITY.map(|i| [a, b, c][i])).unwrap_or_else(|| a.mul_add(b, c))
}

/// Products below this may have an error smaller than the smallest denormal.
const TINY_PRODUCT: f64 = f64::from_bits((1 + 54) << 52);

/// The sign of `a * b - p - pl` (`a`, `b` finite and non-zero, `|a * b|` below
/// [`TINY_PRODUCT`], `pl` a multiple of the smallest denormal), computed exactly with each
/// factor scaled to [1, 2) and `p`, `pl` scaled alike (a product of two denormals, 2^-2148 at
/// the least, is below every double and needs more than one fixed scale).
fn low_product_sign(a: f64, b: f64, p: f64, pl: f64) -> f64 {
    let ((ma, ea), (mb, eb)) = (split_exponent(a), split_exponent(b));
    let ph = ma * mb;
    let lo = ma.mul_add(mb, -ph);
    let e = -(ea + eb);
    let (s, err) = two_sum(ph - scale2(p, e), lo - scale2(pl, e));
    let d = if s != 0.0 { s } else { err };
    if d == 0.0 { 0.0 } else { d.signum() }
}

/// `x` (finite, non-zero) as `m * 2^e` with `|m|` in [1, 2).
fn split_exponent(x: f64) -> (f64, i32) {
    let (x, bias) = if x.abs() < f64::MIN_POSITIVE { (x * 2f64.powi(64), 64) } else { (x, 0) };
    let e = ((x.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    (f64::from_bits(x.to_bits() & !(0x7ff << 52) | 1023 << 52), e - bias)
}

/// `x * 2^e`, exact while the result is normal: scaled in steps that stay in range.
fn scale2(mut x: f64, mut e: i32) -> f64 {
    while e != 0 {
        let step = e.clamp(-1000, 1000);
        x *= f64::from_bits(((1023 + step) as u64) << 52);
        e -= step;
    }
    x
}

/// `a * b` rounded with `r`.
pub(crate) fn mul_dir<T: DirTarget>(a: f64, b: f64, r: Rounding) -> T {
    let p = a * b;
    if p.is_infinite() && a.is_finite() && b.is_finite() {
        return overflow(p < 0.0, r);
    }
    if p.abs() < TINY_PRODUCT && a != 0.0 && b != 0.0 && a.is_finite() && b.is_finite() {
        // A product near the denormals: its error may be below the smallest denormal.
        return round_dir(p, low_product_sign(a, b, p, 0.0) * f64::MIN_POSITIVE * f64::EPSILON, r);
    }
    let e = if p.is_finite() { a.mul_add(b, -p) } else { 0.0 };
    round_dir(p, e, r)
}

/// `a / b` rounded with `r`.
pub(crate) fn div_dir<T: DirTarget>(a: f64, b: f64, r: Rounding) -> T {
    let q = a / b;
    if q.is_infinite() && a.is_finite() && b != 0.0 {
        return overflow(q < 0.0, r);
    }
    if !q.is_finite() || q == 0.0 {
        // Exact zero/infinity/NaN, or an underflowed quotient: its sign decides.
        let under = q == 0.0 && a != 0.0 && a.is_finite() && b.is_finite();
        let lo = if under { if (a < 0.0) != (b < 0.0) { -1.0 } else { 1.0 } } else { 0.0 };
        return round_dir(q, lo, r);
    }
    // (a/b - q) has the sign of (a - q*b) times sign(b). With each operand scaled to [1, 2)
    // (`split_exponent`), q*b - a becomes mq*2^k * mb - ma for a small k, whose fused
    // multiply-add keeps its sign: unscaled, a remainder near the denormals (a denormal
    // dividend or quotient) rounds to zero or loses its sign.
    let ((ma, ea), (mb, eb), (mq, eq)) = (split_exponent(a), split_exponent(b), split_exponent(q));
    let excess = scale2(mq, eq + eb - ea).mul_add(mb, -ma);
    let lo = if excess == 0.0 {
        0.0
    } else if (excess < 0.0) == (b > 0.0) {
        1.0
    } else {
        -1.0
    };
    round_dir(q, lo * f64::MIN_POSITIVE * f64::EPSILON, r)
}

/// `sqrt(a)` rounded with `r`.
pub(crate) fn sqrt_dir<T: DirTarget>(a: f64, r: Rounding) -> T {
    let s = a.sqrt();
    if !s.is_finite() || s == 0.0 {
        return T::from_f64(s);
    }
    // s - sqrt(a) has the sign of s*s - a; with a scaled to [1, 4) by an even power of two and
    // s by half of it, ms*2^k * ms - ma, whose fused multiply-add keeps its sign (unscaled, the
    // remainder of a denormal's root falls below the denormals).
    let (ma, ea) = split_exponent(a);
    let (ma, ea) = if ea % 2 == 0 { (ma, ea) } else { (ma * 2.0, ea - 1) };
    let (ms, es) = split_exponent(s);
    let excess = scale2(ms, 2 * es - ea).mul_add(ms, -ma);
    round_dir(s, -excess.signum() * if excess == 0.0 { 0.0 } else { f64::MIN_POSITIVE * f64::EPSILON }, r)
}

/// `a * b + c` rounded once with `r`.
pub(crate) fn fma_dir<T: DirTarget>(a: f64, b: f64, c: f64, r: Rounding) -> T {
    // Finite f32 operands: their product is exact in f64 (48 significant bits, its exponent
    // far inside f64's range), so the result is that product plus `c` rounded once, what
    // `add_dir` computes; the general path below comes to the same (its error terms reduce
    // to the sum's) at several times the cost (`expf`'s `fma.rm.f32`).
    let single = |x: f64| x.is_finite() && f64::from(x as f32) == x;
    if T::SINGLE && single(a) && single(b) && single(c) {
        return add_dir(a * b, c, r);
    }
    fma_dir_general(a, b, c, r)
}

/// `a * b + c` rounded once with `r`, for any operands (`fma_dir` without its f32 shortcut).
fn fma_dir_general<T: DirTarget>(a: f64, b: f64, c: f64, r: Rounding) -> T {
    let f = fma64(a, b, c);
    if f.is_infinite() && a.is_finite() && b.is_finite() && c.is_finite() {
        return overflow(f < 0.0, r);
    }
    if !f.is_finite() {
        return T::from_f64(f);
    }
    if !(a * b).is_finite() {
        // The product alone overflows though the sum does not: the same sum scaled by 1/4
        // (exact, the result being huge), rounded, scaled back. An addend too small to scale
        // exactly is far below the product's last bit, where only its sign counts.
        let c4 = if (c * 0.25) * 4.0 == c { c * 0.25 } else { c.signum() * 2f64.powi(-1000) };
        let r4: T = fma_dir(a * 0.25, b, c4, r);
        return T::from_f64(r4.to_f64() * 4.0);
    }
    // Exact: a*b = ph + pl; a*b + c = ph + pl + c. The error of `f` is the sum of the four
    // terms below; distill them (repeated TwoSum passes) until non-overlapping, so the sign of
    // the largest term is the sign of the sum.
    let ph = a * b;
    let pl = if ph.is_finite() { a.mul_add(b, -ph) } else { 0.0 };
    let (s, e) = two_sum(ph, c);
    let (u, ue) = two_sum(s, -f);
    let mut t = [pl, e, ue, u];
    for _ in 0..4 {
        for i in 1..t.len() {
            let (hi, lo) = two_sum(t[i - 1], t[i]);
            t[i] = hi;
            t[i - 1] = lo;
        }
    }
    let mut err = t.iter().rev().copied().find(|x| *x != 0.0).unwrap_or(0.0);
    if err == 0.0 && ph.abs() < TINY_PRODUCT && a != 0.0 && b != 0.0 {
        // `pl` may have been rounded to a multiple of the smallest denormal: its own error decides.
        err = low_product_sign(a, b, ph, pl);
    }
    if f == 0.0 && err == 0.0 {
        // An exact zero: the product's sign and the addend's decide, as for a sum.
        return exact_zero_sum(a.is_sign_negative() != b.is_sign_negative(), c.is_sign_negative(), r);
    }
    // `signum` of 0 is 1: an exact result must pass a zero remainder.
    let lo = if err == 0.0 { 0.0 } else { err.signum() * f64::MIN_POSITIVE * f64::EPSILON };
    round_dir(f, lo, r)
}

#[cfg(test)]
mod dir_tests {
    use super::*;

    /// The f32 shortcut of `fma_dir` gives the general path's bits: random operands of every
    /// magnitude and sign (normal, subnormal, zero, near cancellation), every rounding mode.
    #[test]
    fn single_precision_fma_shortcut_agrees_with_the_general_path() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let special = [0.0f32, -0.0, 1.0, -1.0, f32::MIN_POSITIVE, 1e-45, -1e-45, f32::MAX, -f32::MAX];
        for i in 0..200_000 {
            let mut pick = || {
                let v = next();
                match v % 8 {
                    0 => special[(v >> 8) as usize % special.len()],
                    // Subnormal and tiny.
                    1 => f32::from_bits((v >> 32) as u32 & 0x807f_ffff),
                    // Near 1, so that products and addends cancel.
                    2 => f32::from_bits(0x3f80_0000 ^ ((v >> 40) as u32 & 0x8000_0fff)),
                    _ => f32::from_bits((v >> 32) as u32),
                }
            };
            let (a, b) = (pick(), pick());
            // Every fourth: an addend cancelling the product to a few bits.
            let c = if i % 4 == 0 { -((f64::from(a) * f64::from(b)) as f32) } else { pick() };
            if !(a.is_finite() && b.is_finite() && c.is_finite()) {
                continue;
            }
            let (a, b, c) = (f64::from(a), f64::from(b), f64::from(c));
            for r in [Rounding::Rn, Rounding::Rz, Rounding::Rm, Rounding::Rp] {
                let fast: f32 = fma_dir(a, b, c, r);
                let general: f32 = fma_dir_general(a, b, c, r);
                assert_eq!(fast.to_bits(), general.to_bits(), "fma.{r:?}.f32({a:e}, {b:e}, {c:e})");
            }
        }
    }

    /// Quotients and roots whose remainder lies below the denormals (a denormal dividend or
    /// radicand) round by the exact result, as an H200 gives them (conformance round 6).
    #[test]
    fn directed_f64_division_and_root_of_denormals() {
        let f = f64::from_bits;
        // 2^-1074 / (2^-511 (1 + 2^-52)) = 2^-564 (2 - 2^-51 + 2^-103 - ...): just above
        // 0x1cbffffffffffffe, its nearest value.
        let (a, b) = (f(1), f(0x2000_0000_0000_0001));
        assert_eq!(div_dir::<f64>(a, b, Rounding::Rm).to_bits(), 0x1cbf_ffff_ffff_fffe);
        assert_eq!(div_dir::<f64>(a, b, Rounding::Rz).to_bits(), 0x1cbf_ffff_ffff_fffe);
        assert_eq!(div_dir::<f64>(a, b, Rounding::Rp).to_bits(), 0x1cbf_ffff_ffff_ffff);
        assert_eq!(div_dir::<f64>(-a, b, Rounding::Rm).to_bits(), 0x9cbf_ffff_ffff_ffff);
        // sqrt(2^-1073) = 2^-536.5 lies between these two.
        assert_eq!(sqrt_dir::<f64>(f(2), Rounding::Rm).to_bits(), 0x1e66_a09e_667f_3bcc);
        assert_eq!(sqrt_dir::<f64>(f(2), Rounding::Rz).to_bits(), 0x1e66_a09e_667f_3bcc);
        assert_eq!(sqrt_dir::<f64>(f(2), Rounding::Rp).to_bits(), 0x1e66_a09e_667f_3bcd);
    }

    #[test]
    fn directed_f32_ops() {
        let (a, b) = (1.0f64, f64::from(2f32.powi(-30)));
        assert_eq!(add_dir::<f32>(a, b, Rounding::Rp), 1.0f32.next_up());
        assert_eq!(add_dir::<f32>(a, b, Rounding::Rm), 1.0);
        assert_eq!(add_dir::<f32>(-a, -b, Rounding::Rz), -1.0);
        assert_eq!(add_dir::<f32>(-a, -b, Rounding::Rm), (-1.0f32).next_down());
        let third_dn = div_dir::<f32>(1.0, 3.0, Rounding::Rm);
        let third_up = div_dir::<f32>(1.0, 3.0, Rounding::Rp);
        assert!(f64::from(third_dn) < 1.0 / 3.0 && f64::from(third_up) > 1.0 / 3.0);
        assert_eq!(third_up, third_dn.next_up());
        // RN(sqrt 2) in f32 is below sqrt 2.
        assert_eq!(sqrt_dir::<f32>(2.0, Rounding::Rz), 2f32.sqrt());
        assert_eq!(sqrt_dir::<f32>(2.0, Rounding::Rp), 2f32.sqrt().next_up());
        assert_eq!(mul_dir::<f32>(f64::from(f32::MAX), 2.0, Rounding::Rz), f32::MAX);
        assert_eq!(mul_dir::<f32>(f64::from(f32::MAX), 2.0, Rounding::Rp), f32::INFINITY);
        assert_eq!(add_dir::<f32>(1.0, -1.0, Rounding::Rm).to_bits(), (-0.0f32).to_bits());
        assert_eq!(add_dir::<f32>(1.0, -1.0, Rounding::Rp).to_bits(), 0);
    }

    /// IEEE 754 6.3: an exact zero sum of opposite-signed terms (zeros included) is -0 when
    /// rounding down and +0 otherwise; a sum of like-signed zeros keeps their sign (as an
    /// H200 computes them: tests/program-diff/directed_zero_signs.cu).
    #[test]
    fn exact_zero_sums_take_their_sign_from_the_rounding() {
        let bits32 = |x: f32| x.to_bits();
        let bits64 = |x: f64| x.to_bits();
        let (neg32, neg64) = (bits32(-0.0), bits64(-0.0));
        for r in [Rounding::Rn, Rounding::Rz, Rounding::Rm, Rounding::Rp] {
            let opposite32 = if r == Rounding::Rm { neg32 } else { 0 };
            let opposite64 = if r == Rounding::Rm { neg64 } else { 0 };
            assert_eq!(bits32(add_dir(-0.0, 0.0, r)), opposite32, "{r:?} -0 + +0");
            assert_eq!(bits32(add_dir(0.0, -0.0, r)), opposite32, "{r:?} +0 + -0");
            assert_eq!(bits32(add_dir(-0.0, -0.0, r)), neg32, "{r:?} -0 + -0");
            assert_eq!(bits32(add_dir(0.0, 0.0, r)), 0, "{r:?} +0 + +0");
            assert_eq!(bits64(add_dir(2.5, -2.5, r)), opposite64, "{r:?} 2.5 - 2.5");
            assert_eq!(bits32(fma_dir(1.0, 1.0, -1.0, r)), opposite32, "{r:?} fma(1, 1, -1)");
            assert_eq!(bits64(fma_dir(-0.0, 1.0, 0.0, r)), opposite64, "{r:?} fma(-0, 1, +0)");
            assert_eq!(bits64(fma_dir(0.0, 3.0, -0.0, r)), opposite64, "{r:?} fma(+0, 3, -0)");
            assert_eq!(bits64(fma_dir(-0.0, 2.0, -0.0, r)), neg64, "{r:?} fma(-0, 2, -0)");
            assert_eq!(bits32(fma_dir(-2.0, -0.0, 0.0, r)), 0, "{r:?} fma(-2, -0, +0)");
        }
    }

    #[test]
    fn directed_f64_ops() {
        let tiny = 2f64.powi(-80);
        assert_eq!(add_dir::<f64>(1.0, tiny, Rounding::Rp), 1.0f64.next_up());
        assert_eq!(add_dir::<f64>(1.0, tiny, Rounding::Rn), 1.0);
        assert_eq!(add_dir::<f64>(1.0, -tiny, Rounding::Rz), 1.0f64.next_down());
        assert_eq!(
            mul_dir::<f64>(1.0 + f64::EPSILON, 1.0 + f64::EPSILON, Rounding::Rp),
            (1.0 + 2.0 * f64::EPSILON).next_up()
        );
        assert_eq!(fma_dir::<f64>(1.0, 1.0, tiny, Rounding::Rp), 1.0f64.next_up());
        assert_eq!(fma_dir::<f64>(1.0, 1.0, -tiny, Rounding::Rm), 1.0f64.next_down());
        assert_eq!(fma_dir::<f64>(1.0, 1.0, -tiny, Rounding::Rp), 1.0);
        let x = 1.0 + f64::EPSILON;
        // x*x = 1 + 2e + e^2: rp rounds up past 1 + 2e, rz/rm stay at 1 + 2e.
        assert_eq!(fma_dir::<f64>(x, x, 0.0, Rounding::Rz), 1.0 + 2.0 * f64::EPSILON);
        assert_eq!(div_dir::<f64>(1.0, 3.0, Rounding::Rp), (1.0f64 / 3.0).next_up());
        assert_eq!(div_dir::<f64>(1.0, 3.0, Rounding::Rm), 1.0 / 3.0);
        // RN(sqrt 2) is above sqrt 2.
        assert_eq!(sqrt_dir::<f64>(2.0, Rounding::Rp), 2f64.sqrt());
        assert_eq!(sqrt_dir::<f64>(2.0, Rounding::Rm), 2f64.sqrt().next_down());
        assert_eq!(sqrt_dir::<f64>(4.0, Rounding::Rp), 2.0);
    }

    /// A product of two denormals (2^-2148 for the smallest) is below every double, yet its
    /// sign still decides a directed rounding (an H200's fma.rz of 2^-1074, -2^-1074 and 1 is
    /// the double below 1).
    #[test]
    fn directed_f64_ops_with_a_product_of_denormals() {
        let d = f64::from_bits(1);
        assert_eq!(fma_dir::<f64>(d, -d, 1.0, Rounding::Rz), 1.0f64.next_down());
        assert_eq!(fma_dir::<f64>(d, -d, 1.0, Rounding::Rm), 1.0f64.next_down());
        assert_eq!(fma_dir::<f64>(d, -d, 1.0, Rounding::Rp), 1.0);
        assert_eq!(fma_dir::<f64>(d, -d, 1.0, Rounding::Rn), 1.0);
        assert_eq!(fma_dir::<f64>(d, d, -1.0, Rounding::Rp), (-1.0f64).next_up());
        assert_eq!(fma_dir::<f64>(3.0 * d, 5.0 * d, 0.0, Rounding::Rp), d);
        assert_eq!(mul_dir::<f64>(d, d, Rounding::Rp), d);
        assert_eq!(mul_dir::<f64>(d, d, Rounding::Rz), 0.0);
        assert_eq!(mul_dir::<f64>(d, -d, Rounding::Rm), -d);
        assert_eq!(mul_dir::<f64>(d, -d, Rounding::Rp).to_bits(), (-0.0f64).to_bits());
        // 2^-600 * 2^-500 = 2^-1100: below the denormals, above 0.
        assert_eq!(mul_dir::<f64>(2f64.powi(-600), 2f64.powi(-500), Rounding::Rp), d);
    }
}

/// A 16-bit float format: f16 (5-bit exponent, 10-bit fraction) or bf16 (8-bit exponent,
/// 7-bit fraction).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HFmt {
    F16,
    Bf16,
}

/// The canonical NaN of half-precision arithmetic results.
pub(crate) const HNAN: u16 = 0x7fff;

impl HFmt {
    const fn mbits(self) -> u32 {
        match self {
            HFmt::F16 => 10,
            HFmt::Bf16 => 7,
        }
    }

    const fn ebits(self) -> u32 {
        match self {
            HFmt::F16 => 5,
            HFmt::Bf16 => 8,
        }
    }

    const fn bias(self) -> i32 {
        (1 << (self.ebits() - 1)) - 1
    }

    /// 1.0 in this format.
    pub(crate) const fn one(self) -> u16 {
        (self.bias() as u16) << self.mbits()
    }

    /// Whether `h` is NaN.
    pub(crate) fn is_nan(self, h: u16) -> bool {
        h & 0x7fff > (0x7fff >> self.mbits() << self.mbits())
    }

    /// Whether `h` is subnormal.
    pub(crate) fn is_subnormal(self, h: u16) -> bool {
        h & 0x7fff != 0 && (h & 0x7fff) >> self.mbits() == 0
    }

    /// Flushes a subnormal to a zero of the same sign.
    pub(crate) fn ftz(self, h: u16) -> u16 {
        if self.is_subnormal(h) { h & 0x8000 } else { h }
    }

    /// The exact value of `h`.
    pub(crate) fn to_f64(self, h: u16) -> f64 {
        let m = self.mbits();
        let neg = h & 0x8000 != 0;
        let e = i32::from((h & 0x7fff) >> m);
        let man = f64::from(h & ((1 << m) - 1));
        let emax = (1 << self.ebits()) - 1;
        let v = if e == emax {
            if man == 0.0 { f64::INFINITY } else { f64::NAN }
        } else if e == 0 {
            man * pow2(1 - self.bias() - m as i32)
        } else {
            (man + f64::from(1u32 << m)) * pow2(e - self.bias() - m as i32)
        };
        if neg { -v } else { v }
    }

    /// `x` rounded to nearest even (NaN gives the canonical NaN).
    pub(crate) fn encode(self, x: f64) -> u16 {
        if x.is_nan() {
            return HNAN;
        }
        let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
        let m = self.mbits();
        let inf = sign | (0x7fff >> m << m);
        let a = x.abs();
        let emin = 1 - self.bias();
        if a >= pow2(self.bias() + 1) {
            return inf;
        }
        let e = if a == 0.0 { emin } else { (((a.to_bits() >> 52) as i32) - 1023).max(emin) };
        let mut q = e - m as i32;
        // a / 2^q is exact (power-of-two scaling, no underflow or overflow here).
        let mut n = (a * pow2(-q)).round_ties_even() as u32;
        if n == 0 {
            return sign;
        }
        if n < 1 << m {
            return sign | n as u16; // subnormal
        }
        if n >= 2 << m {
            n >>= 1;
            q += 1;
        }
        let exp = q + m as i32 + self.bias();
        if exp >= (1 << self.ebits()) - 1 {
            return inf;
        }
        sign | ((exp as u16) << m) | (n as u16 & ((1 << m) - 1))
    }

    /// The next value towards +infinity.
    fn next_up(self, h: u16) -> u16 {
        let m = self.mbits();
        let inf = 0x7fff >> m << m;
        if self.is_nan(h) || h == inf {
            h
        } else if h & 0x7fff == 0 {
            1
        } else if h & 0x8000 == 0 {
            h + 1
        } else {
            h - 1
        }
    }

    /// `x` (an exact value) plus the sign of a tiny remainder `lo`, rounded with `r`.
    pub(crate) fn round(self, hi: f64, lo: f64, r: Rounding) -> u16 {
        match self {
            HFmt::F16 => round_dir::<H16>(hi, lo, r).0,
            HFmt::Bf16 => round_dir::<B16>(hi, lo, r).0,
        }
    }
}

/// 2^e for |e| < 1023.
fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + e) as u64) << 52)
}

macro_rules! half_target {
    ($t:ident, $fmt:expr) => {
        #[derive(Debug, Clone, Copy)]
        pub(crate) struct $t(pub u16);

        impl DirTarget for $t {
            const SINGLE: bool = false;
            fn from_f64(x: f64) -> $t {
                $t($fmt.encode(x))
            }
            fn to_f64(self) -> f64 {
                $fmt.to_f64(self.0)
            }
            fn up(self) -> $t {
                $t($fmt.next_up(self.0))
            }
            fn down(self) -> $t {
                $t($fmt.next_up(self.0 ^ 0x8000) ^ 0x8000)
            }
        }
    };
}

half_target!(H16, HFmt::F16);
half_target!(B16, HFmt::Bf16);

/// Float binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FBin {
    Add,
    Sub,
    Mul,
    Div,
    Min,
    Max,
}

/// A half-precision arithmetic operation's modifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HMode {
    pub fmt: HFmt,
    pub ftz: bool,
    pub sat: bool,
    pub relu: bool,
    /// `min`/`max` `.NaN`: a NaN operand gives NaN.
    pub nan: bool,
    /// `min`/`max` `.xorsign.abs`: of the magnitudes, with the sign the XOR of the operands'
    /// signs (a NaN result stays the canonical NaN).
    pub xorsign: bool,
}

impl HMode {
    fn input(&self, h: u16) -> f64 {
        self.fmt.to_f64(if self.ftz { self.fmt.ftz(h) } else { h })
    }

    fn output(&self, mut h: u16) -> u16 {
        if self.fmt.is_nan(h) {
            return if self.sat { 0 } else { HNAN };
        }
        if self.ftz {
            h = self.fmt.ftz(h);
        }
        if self.sat {
            if h & 0x8000 != 0 {
                return 0;
            }
            if h > self.fmt.one() {
                return self.fmt.one();
            }
        }
        if self.relu && h & 0x8000 != 0 {
            return 0;
        }
        h
    }

    /// `a op b` on one half.
    pub(crate) fn bin(&self, op: FBin, a: u16, b: u16) -> u16 {
        let (x, y) = (self.input(a), self.input(b));
        let r = match op {
            FBin::Add | FBin::Sub | FBin::Mul | FBin::Div => {
                let y = if op == FBin::Sub { -y } else { y };
                let f = |hi: f64, lo: f64| self.fmt.round(hi, lo, Rounding::Rn);
                match op {
                    FBin::Mul => {
                        let p = x * y; // exact: 22-bit (f16) or 16-bit (bf16) products
                        f(p, 0.0)
                    }
                    FBin::Div => match self.fmt {
                        HFmt::F16 => div_dir::<H16>(x, y, Rounding::Rn).0,
                        HFmt::Bf16 => div_dir::<B16>(x, y, Rounding::Rn).0,
                    },
                    _ => match self.fmt {
                        HFmt::F16 => add_dir::<H16>(x, y, Rounding::Rn).0,
                        HFmt::Bf16 => add_dir::<B16>(x, y, Rounding::Rn).0,
                    },
                }
            }
            FBin::Min | FBin::Max if self.xorsign => {
                let plain = HMode { xorsign: false, ..*self };
                let r = plain.bin(op, a & 0x7fff, b & 0x7fff);
                return if self.fmt.is_nan(r) { r } else { r & 0x7fff | (a ^ b) & 0x8000 };
            }
            FBin::Min | FBin::Max => {
                if x.is_nan() || y.is_nan() {
                    if self.nan || (x.is_nan() && y.is_nan()) {
                        return HNAN;
                    }
                    let v = if x.is_nan() { b } else { a };
                    return self.output(if self.ftz { self.fmt.ftz(v) } else { v });
                }
                let pick_a = if x == y { (a & 0x8000 != 0) == (op == FBin::Min) } else { (x < y) == (op == FBin::Min) };
                let v = if pick_a { a } else { b };
                if self.ftz { self.fmt.ftz(v) } else { v }
            }
        };
        self.output(r)
    }

    /// `a * b + c` on one half, rounded once.
    pub(crate) fn fma(&self, a: u16, b: u16, c: u16) -> u16 {
        let (x, y, z) = (self.input(a), self.input(b), self.input(c));
        let r = match self.fmt {
            HFmt::F16 => fma_dir::<H16>(x, y, z, Rounding::Rn).0,
            HFmt::Bf16 => fma_dir::<B16>(x, y, z, Rounding::Rn).0,
        };
        self.output(r)
    }
}

#[cfg(test)]
mod half_tests {
    use super::*;

    #[test]
    fn formats_round_trip_and_round() {
        for h in 0..=u16::MAX {
            for f in [HFmt::F16, HFmt::Bf16] {
                if !f.is_nan(h) {
                    assert_eq!(f.encode(f.to_f64(h)), h, "{f:?} {h:#x}");
                }
            }
            if !HFmt::F16.is_nan(h) {
                assert_eq!(HFmt::F16.to_f64(h), f64::from(f16_to_f32(h)));
            }
        }
        assert_eq!(HFmt::F16.encode(65520.0), 0x7c00);
        assert_eq!(HFmt::F16.encode(65519.99), 0x7bff);
        assert_eq!(HFmt::Bf16.encode(1.0 + 1.0 / 256.0), 0x3f80); // tie to even
        assert_eq!(HFmt::Bf16.encode(1.0 + 3.0 / 256.0), 0x3f82);
        assert_eq!(HFmt::F16.round(1.0 + 1.0 / 4096.0, 0.0, Rounding::Rp), 0x3c01);
        assert_eq!(HFmt::F16.round(-(1.0 + 1.0 / 4096.0), 0.0, Rounding::Rz), 0xbc00);
        assert_eq!(HFmt::Bf16.round(1e-45, 0.0, Rounding::Rp), 0x0001);
        assert_eq!(HFmt::Bf16.round(-1e-45, 0.0, Rounding::Rm), 0x8001);
        // f32 → bf16 matches the bit-level rounding for every exponent.
        for i in 0..100_000u32 {
            let b = i.wrapping_mul(2_654_435_761);
            let f = f32::from_bits(b);
            if f.is_nan() {
                continue;
            }
            let want = (b.wrapping_add(0x7fff + ((b >> 16) & 1)) >> 16) as u16;
            assert_eq!(HFmt::Bf16.encode(f64::from(f)), want, "{b:#x}");
        }
    }

    #[test]
    fn half_arithmetic() {
        let m = HMode { fmt: HFmt::F16, ftz: false, sat: false, relu: false, nan: false, xorsign: false };
        let h = |x: f64| HFmt::F16.encode(x);
        assert_eq!(m.bin(FBin::Add, h(1.0), h(2.0)), h(3.0));
        assert_eq!(m.bin(FBin::Sub, h(1.0), h(1.0)), 0);
        assert_eq!(m.bin(FBin::Mul, h(1.5), h(-2.0)), h(-3.0));
        assert_eq!(m.bin(FBin::Min, h(1.0), HNAN), h(1.0));
        assert_eq!(m.bin(FBin::Max, 0x8000, 0), 0);
        assert_eq!(m.bin(FBin::Min, 0x8000, 0), 0x8000);
        assert_eq!(
            m.fma(h(1.0 + 1.0 / 1024.0), h(1.0 - 1.0 / 2048.0), h(-1.0)),
            h(1.0 / 1024.0 - 1.0 / 2048.0 - 1.0 / 2_097_152.0)
        );
        // Exact results stay exact in every mode; ties go to even.
        assert_eq!(fma_dir::<f32>(1.0, 1.0, 1.0, Rounding::Rp), 2.0);
        assert_eq!(fma_dir::<f32>(3.0, 1.0, 1.0, Rounding::Rm), 4.0);
        assert_eq!(m.fma(h(0.9736328125), h(6.0625), h(-5.65625)), h(0.246337890625));
        let s = HMode { sat: true, ..m };
        assert_eq!(s.bin(FBin::Add, h(0.75), h(0.5)), h(1.0));
        assert_eq!(s.bin(FBin::Add, HNAN, h(0.5)), 0);
        assert_eq!(s.bin(FBin::Sub, h(0.25), h(0.5)), 0);
        let z = HMode { ftz: true, ..m };
        assert_eq!(z.bin(FBin::Add, 0x0001, 0x0002), 0);
    }
}
