//! 32-bit draws to the values the generation functions return, as cuRAND's device API computes
//! them (`include/curand_kernel.h`): uniforms, Box-Muller normal pairs, log-normals.

/// 32 random bits to a float in (0, 1]: x / 2^32 + 2^-33 (1 itself after rounding).
pub fn uniform(x: u32) -> f32 {
    (x as f32).mul_add(f32::from_bits(0x2f80_0000), f32::from_bits(0x2f00_0000))
}

/// 32 random bits to a double in (0, 1]: (x + 1) / 2^32.
pub fn uniform_double(x: u32) -> f64 {
    f64::from(x).mul_add(2f64.powi(-32), 2f64.powi(-32))
}

/// 32 random bits to a double in (0, 1) at the middle of its interval: (x + 1/2) / 2^32.
pub fn uniform_double_mid(x: u32) -> f64 {
    f64::from(x).mul_add(2f64.powi(-32), 2f64.powi(-33))
}

/// A 64-bit word's high 53 bits to a double in (0, 1) at the middle of its interval.
pub fn uniform_double64(x: u64) -> f64 {
    ((x >> 11) as f64).mul_add(2f64.powi(-53), 2f64.powi(-54))
}

/// 53 random bits (x, and y above bit 21) to a double in (0, 1).
pub fn uniform_double53(x: u32, y: u32) -> f64 {
    let bits = u64::from(x) ^ (u64::from(y) << 21);
    (bits as f64).mul_add(2f64.powi(-53), 2f64.powi(-54))
}

/// Box-Muller in float: a radius from x and an angle from y; (sin, cos) scaled by it.
pub fn box_muller(x: u32, y: u32) -> [f32; 2] {
    let angle_scale = f32::from_bits(0x2f80_0000) * 6.283_185_5f32;
    let angle = (y as f32).mul_add(angle_scale, angle_scale * 0.5);
    polar(uniform(x), angle)
}

/// (sin, cos) of `angle` scaled by the Box-Muller radius of `u`.
pub fn polar(u: f32, angle: f32) -> [f32; 2] {
    let radius = (-2.0f32 * u.ln()).sqrt();
    [angle.sin() * radius, angle.cos() * radius]
}

/// Box-Muller in double from 53-bit uniforms (x0, x1) for the radius and (y0, y1) for the
/// angle in half turns.
pub fn box_muller_double(x0: u32, x1: u32, y0: u32, y1: u32) -> [f64; 2] {
    let angle_bits = u64::from(y0) ^ (u64::from(y1) << 21);
    let half_turns = (angle_bits as f64).mul_add(2f64.powi(-52), 2f64.powi(-53));
    polar_double(uniform_double53(x0, x1), half_turns)
}

/// (sin, cos) of pi * `half_turns` scaled by the Box-Muller radius of `u`.
pub fn polar_double(u: f64, half_turns: f64) -> [f64; 2] {
    let radius = (-2.0 * u.ln()).sqrt();
    let (s, c) = sin_cos_pi(half_turns);
    [s * radius, c * radius]
}

/// sin(pi x), cos(pi x) for x in [0, 2], reduced to a quarter turn first so that the
/// multiplication by pi rounds only a small argument.
fn sin_cos_pi(x: f64) -> (f64, f64) {
    let quarter = (x * 2.0).round();
    let rest = (x - quarter * 0.5) * std::f64::consts::PI;
    let (s, c) = rest.sin_cos();
    match (quarter as i64).rem_euclid(4) {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    }
}

/// The standard normal quantile (inverse CDF) of `p` in (0, 1), by Wichura's algorithm AS 241
/// (PPND16, relative error about 1e-16): rational approximations in the centre and, past
/// |p - 0.5| > 0.425, in sqrt(-log(min(p, 1 - p))).
// The coefficients as Wichura published them (Applied Statistics 37(3), 1988).
#[allow(clippy::excessive_precision)]
pub fn normal_quantile(p: f64) -> f64 {
    fn poly(c: &[f64], x: f64) -> f64 {
        c.iter().rev().fold(0.0, |acc, &k| acc.mul_add(x, k))
    }
    const A: [f64; 8] = [
        3.387_132_872_796_366_5,
        133.141_667_891_784_38,
        1_971.590_950_306_551_3,
        13_731.693_765_509_461,
        45_921.953_931_549_87,
        67_265.770_927_008_7,
        33_430.575_583_588_13,
        2_509.080_928_730_122_7,
    ];
    const B: [f64; 8] = [
        1.0,
        42.313_330_701_600_91,
        687.187_007_492_057_9,
        5_394.196_021_424_751,
        21_213.794_301_586_597,
        39_307.895_800_092_71,
        28_729.085_735_721_943,
        5_226.495_278_852_545,
    ];
    const C: [f64; 8] = [
        1.423_437_110_749_683_5,
        4.630_337_846_156_546,
        5.769_497_221_460_691,
        3.647_848_324_763_204_5,
        1.270_458_252_452_368_4,
        0.241_780_725_177_450_6,
        0.022_723_844_989_269_184,
        7.745_450_142_783_414e-4,
    ];
    const D: [f64; 8] = [
        1.0,
        2.053_191_626_637_759,
        1.676_384_830_183_803_8,
        0.689_767_334_985_1,
        0.148_103_976_427_480_08,
        0.015_198_666_563_616_457,
        5.475_938_084_995_345e-4,
        1.050_750_071_644_416_9e-9,
    ];
    const E: [f64; 8] = [
        6.657_904_643_501_103,
        5.463_784_911_164_114,
        1.784_826_539_917_291_3,
        0.296_560_571_828_504_87,
        0.026_532_189_526_576_124,
        0.001_242_660_947_388_078_4,
        2.711_555_568_743_487_6e-5,
        2.010_334_399_292_288_1e-7,
    ];
    const F: [f64; 8] = [
        1.0,
        0.599_832_206_555_888,
        0.136_929_880_922_735_8,
        0.014_875_361_290_850_615,
        7.868_691_311_456_133e-4,
        1.846_318_317_510_054_8e-5,
        1.421_511_758_316_446e-7,
        2.044_263_103_389_939_7e-15,
    ];
    let q = p - 0.5;
    if q.abs() <= 0.425 {
        let r = 0.180_625 - q * q;
        return q * poly(&A, r) / poly(&B, r);
    }
    let r = (-(if q < 0.0 { p } else { 1.0 - p }).ln()).sqrt();
    let x = if r <= 5.0 {
        let r = r - 1.6;
        poly(&C, r) / poly(&D, r)
    } else {
        let r = r - 5.0;
        poly(&E, r) / poly(&F, r)
    };
    if q < 0.0 { -x } else { x }
}

/// A 32-bit quasi-random point through the normal quantile, as cuRAND's device API computes it
/// (`curand_normal` of a Sobol state): u = x / 2^32 + 2^-33, the upper half mirrored to
/// 1 - u for precision.
pub fn normal_of_point32(x: u32) -> f64 {
    let quantile = |x: u32| normal_quantile(f64::from(x).mul_add(2f64.powi(-32), 2f64.powi(-33)));
    if x >= 0x8000_0000 { -quantile(u32::MAX - x) } else { quantile(x) }
}

/// A 64-bit quasi-random point through the normal quantile: u from its high 53 bits at the
/// middle of their interval, the upper half mirrored.
pub fn normal_of_point64(x: u64) -> f64 {
    let quantile = |x: u64| normal_quantile(((x >> 11) as f64).mul_add(2f64.powi(-53), 2f64.powi(-54)));
    if x >= 1 << 63 { -quantile(u64::MAX - x) } else { quantile(x) }
}

/// A Poisson count of mean `lambda` from one 32-bit word, as cuRAND's device API draws one
/// from a single word (`curand_poisson` of an MTGP32 or Sobol32 state): below a mean of 1000 by
/// inversion (Fishman's ITR: the smallest k whose CDF reaches u = x / 2^32 + 2^-33, the terms
/// built up in chunks of e^-500 so that e^-lambda never underflows), above it by the normal
/// approximation of the same word, rounded.
pub fn poisson_of_word(x: u32, lambda: f64) -> u32 {
    if lambda >= 1000.0 {
        return lambda.sqrt().mul_add(normal_of_point32(x), lambda + 0.5) as u32;
    }
    let u = uniform_double_mid(x);
    let (mut term, mut cdf, mut k, mut scaled) = (1.0f64, 1.0f64, 0u32, 0.0f64);
    loop {
        let factor = if lambda > scaled + 500.0 { (-500.0f64).exp() } else { (scaled - lambda).exp() };
        term *= factor;
        cdf *= factor;
        scaled += 500.0;
        while u > cdf {
            k += 1;
            term *= lambda / f64::from(k);
            cdf += term;
        }
        if scaled >= lambda {
            return k;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::normal_quantile;

    /// Quantiles from Python's statistics.NormalDist().inv_cdf (also AS 241), to a few ulps.
    #[test]
    fn quantiles() {
        let cases = [
            (1e-300, -37.0470962993612),
            (1e-20, -9.262340089798405),
            (2f64.powi(-33), -6.337957754553789),
            (1e-10, -6.361340902404056),
            (0.001, -3.090232306167813),
            (0.025, -1.9599639845400538),
            (0.1, -1.2815515655446008),
            (0.3, -0.5244005127080407),
            (0.5, 0.0),
            (0.6, 0.2533471031357998),
            (0.9, 1.2815515655446008),
            (0.975, 1.9599639845400536),
            (0.999999, 4.753424308817089),
        ];
        for (p, want) in cases {
            let got = normal_quantile(p);
            assert!((got - want).abs() <= 4.0 * f64::EPSILON * want.abs(), "quantile({p}) = {got}, want {want}");
        }
    }

    /// NVIDIA's libcurand's counts for MTGP32 (seed 1234, mean 100), whose host generator
    /// draws one word per count by inversion: words and counts recorded from it.
    #[test]
    fn poisson_by_inversion() {
        use super::poisson_of_word;
        let words = [0x9513_0d0d, 0x76af_12e1, 0x9d99_d21c, 0xff12_34b2, 0x1e43_4deb, 0x4466_438c];
        let counts: Vec<u32> = words.iter().map(|&x| poisson_of_word(x, 100.0)).collect();
        assert_eq!(counts, [102, 99, 103, 128, 88, 94]);
        // The largest word, u = 1 - 2^-33: the first k whose upper tail P(X > k) is below 2^-33
        // (P(X > 9) = 1.7e-10, P(X > 10) = 7.7e-12 for a mean of 1/2).
        assert_eq!(poisson_of_word(0, 0.5), 0);
        assert_eq!(poisson_of_word(u32::MAX, 0.5), 10);
    }
}
