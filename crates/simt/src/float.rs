//! Floating-point helpers: exact f16 conversions, directed rounding of conversions, flush to
//! zero, PTX min/max rules.

use ptx::types::Rounding;

/// Flushes an f32 subnormal to a zero of the same sign.
#[inline]
pub(crate) fn ftz32(x: f32) -> f32 {
    if x.is_subnormal() { f32::from_bits(x.to_bits() & 0x8000_0000) } else { x }
}

/// Flushes an f64 subnormal to a zero of the same sign.
#[inline]
pub(crate) fn ftz64(x: f64) -> f64 {
    if x.is_subnormal() { f64::from_bits(x.to_bits() & (1 << 63)) } else { x }
}

/// Clamps to [0, 1], NaN to 0 (`.sat`).
#[inline]
pub(crate) fn sat32(x: f32) -> f32 {
    if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }
}

/// `.sat` for f64.
#[inline]
pub(crate) fn sat64(x: f64) -> f64 {
    if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) }
}

/// PTX `min.f32`: a NaN operand yields the other; both NaN give the canonical NaN; -0 < +0.
#[inline]
pub(crate) fn min32(a: f32, b: f32) -> f32 {
    if a.is_nan() && b.is_nan() {
        f32::from_bits(0x7fff_ffff)
    } else if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_negative() { a } else { b }
    } else if a < b {
        a
    } else {
        b
    }
}

/// PTX `max.f32`.
#[inline]
pub(crate) fn max32(a: f32, b: f32) -> f32 {
    if a.is_nan() && b.is_nan() {
        f32::from_bits(0x7fff_ffff)
    } else if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_negative() { b } else { a }
    } else if a > b {
        a
    } else {
        b
    }
}

/// PTX `min.f64`.
#[inline]
pub(crate) fn min64(a: f64, b: f64) -> f64 {
    if a.is_nan() && b.is_nan() {
        f64::from_bits(0x7fff_ffff_ffff_ffff)
    } else if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_negative() { a } else { b }
    } else if a < b {
        a
    } else {
        b
    }
}

/// PTX `max.f64`.
#[inline]
pub(crate) fn max64(a: f64, b: f64) -> f64 {
    if a.is_nan() && b.is_nan() {
        f64::from_bits(0x7fff_ffff_ffff_ffff)
    } else if a.is_nan() {
        b
    } else if b.is_nan() {
        a
    } else if a == b {
        if a.is_sign_negative() { b } else { a }
    } else if a > b {
        a
    } else {
        b
    }
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
    let n = scaled.round_ties_even() as u32; // integer significand times quantum
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

trait TowardZero {
    fn next_toward_zero(self) -> Self;
}

impl TowardZero for f32 {
    fn next_toward_zero(self) -> f32 {
        if self > 0.0 { self.next_down() } else { self.next_up() }
    }
}

impl TowardZero for f64 {
    fn next_toward_zero(self) -> f64 {
        if self > 0.0 { self.next_down() } else { self.next_up() }
    }
}

/// Converts an integer (given as i128) to f32 with a rounding mode.
pub(crate) fn int_to_f32(v: i128, r: Rounding) -> f32 {
    let n = v as f32;
    if !n.is_finite() {
        return n;
    }
    let back = n as i128;
    if back == v {
        return n;
    }
    match r {
        Rounding::Rz => {
            if back.abs() > v.abs() {
                n.next_toward_zero()
            } else {
                n
            }
        }
        Rounding::Rm => {
            if back > v {
                n.next_down()
            } else {
                n
            }
        }
        Rounding::Rp => {
            if back < v {
                n.next_up()
            } else {
                n
            }
        }
        _ => n,
    }
}

/// Converts an integer (given as i128) to f64 with a rounding mode.
pub(crate) fn int_to_f64(v: i128, r: Rounding) -> f64 {
    let n = v as f64;
    let back = n as i128;
    if back == v {
        return n;
    }
    match r {
        Rounding::Rz => {
            if back.abs() > v.abs() {
                n.next_toward_zero()
            } else {
                n
            }
        }
        Rounding::Rm => {
            if back > v {
                n.next_down()
            } else {
                n
            }
        }
        Rounding::Rp => {
            if back < v {
                n.next_up()
            } else {
                n
            }
        }
        _ => n,
    }
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
    if t <= lo as f64 {
        lo
    } else if t >= hi as f64 {
        hi
    } else {
        t as i128
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    /// Round-to-nearest conversion from f64.
    fn from_f64(x: f64) -> Self;
    fn to_f64(self) -> f64;
    fn up(self) -> Self;
    fn down(self) -> Self;
}

impl DirTarget for f32 {
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

/// `a + b = s + e` exactly (Knuth's TwoSum).
#[inline]
pub(crate) fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// `a + b` rounded with `r` (operands exact in f64).
pub(crate) fn add_dir<T: DirTarget>(a: f64, b: f64, r: Rounding) -> T {
    let (s, e) = two_sum(a, b);
    if s == 0.0 && e == 0.0 {
        // Exact zero: -0 only for (-0) + (-0), or x - x under rm.
        let z = if (a.is_sign_negative() && b.is_sign_negative()) || (r == Rounding::Rm && (a != 0.0 || b != 0.0)) {
            -0.0
        } else {
            0.0
        };
        return T::from_f64(z);
    }
    round_dir(s, if s.is_finite() { e } else { 0.0 }, r)
}

/// `a * b` rounded with `r`.
pub(crate) fn mul_dir<T: DirTarget>(a: f64, b: f64, r: Rounding) -> T {
    let p = a * b;
    let e = if p.is_finite() { a.mul_add(b, -p) } else { 0.0 };
    round_dir(p, e, r)
}

/// `a / b` rounded with `r`.
pub(crate) fn div_dir<T: DirTarget>(a: f64, b: f64, r: Rounding) -> T {
    let q = a / b;
    if !q.is_finite() || q == 0.0 {
        // Exact zero/infinity/NaN, or an underflowed quotient: its sign decides.
        let lo = if q == 0.0 && a != 0.0 { if (a < 0.0) != (b < 0.0) { -1.0 } else { 1.0 } } else { 0.0 };
        return round_dir(q, lo, r);
    }
    // The remainder a - q*b is exact; (a/b - q) has its sign times sign(b).
    let rem = (-q).mul_add(b, a);
    let lo = if rem == 0.0 {
        0.0
    } else if (rem > 0.0) == (b > 0.0) {
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
    // a - s*s is exact for s = RN(sqrt(a)).
    let rem = (-s).mul_add(s, a);
    round_dir(s, rem.signum() * if rem == 0.0 { 0.0 } else { f64::MIN_POSITIVE * f64::EPSILON }, r)
}

/// `a * b + c` rounded once with `r`.
pub(crate) fn fma_dir<T: DirTarget>(a: f64, b: f64, c: f64, r: Rounding) -> T {
    let f = a.mul_add(b, c);
    if !f.is_finite() {
        return T::from_f64(f);
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
    let err = t.iter().rev().copied().find(|x| *x != 0.0).unwrap_or(0.0);
    if f == 0.0 && err == 0.0 {
        return T::from_f64(f);
    }
    round_dir(f, err.signum() * f64::MIN_POSITIVE * f64::EPSILON, r)
}

#[cfg(test)]
mod dir_tests {
    use super::*;

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
}
