//! 32-bit draws to the values the generation functions return, as cuRAND's device API computes
//! them (`include/curand_kernel.h`): uniforms, Box-Muller normal pairs, log-normals.

/// 32 random bits to a float in (0, 1]: x / 2^32 + 2^-33 (1 itself after rounding).
pub fn uniform(x: u32) -> f32 {
    (x as f32).mul_add(f32::from_bits(0x2f80_0000), f32::from_bits(0x2f00_0000))
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
