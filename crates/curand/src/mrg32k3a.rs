//! L'Ecuyer's MRG32k3a as cuRAND seeds and spaces it: two order-3 recurrences modulo m1 and
//! m2, combined; subsequences 2^76 draws apart, reached by powers of the step matrices.

use std::sync::OnceLock;

const M1: u64 = 4_294_967_087;
const M2: u64 = 4_294_944_443;

/// 1 / (m1 + 1): maps the combined value into (0, 1].
pub const NORM: f64 = 2.328_306_549_837_829e-10;

/// The generator's state: the last three values of each recurrence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mrg32k3a {
    s1: [u64; 3],
    s2: [u64; 3],
}

type Matrix = [[u64; 3]; 3];

fn multiply(a: &Matrix, b: &Matrix, m: u64) -> Matrix {
    let mut out = [[0u64; 3]; 3];
    for (r, row) in out.iter_mut().enumerate() {
        for (c, cell) in row.iter_mut().enumerate() {
            let sum: u128 = (0..3).map(|k| u128::from(a[r][k]) * u128::from(b[k][c])).sum();
            *cell = (sum % u128::from(m)) as u64;
        }
    }
    out
}

fn apply(a: &Matrix, s: &[u64; 3], m: u64) -> [u64; 3] {
    let mut out = [0u64; 3];
    for (r, cell) in out.iter_mut().enumerate() {
        let sum: u128 = (0..3).map(|k| u128::from(a[r][k]) * u128::from(s[k])).sum();
        *cell = (sum % u128::from(m)) as u64;
    }
    out
}

/// The two step matrices raised to 2^k, for k in 0..160, computed once per process.
fn powers() -> &'static [(Matrix, Matrix)] {
    static POWERS: OnceLock<Vec<(Matrix, Matrix)>> = OnceLock::new();
    POWERS.get_or_init(|| {
        let a1 = [[0, 1, 0], [0, 0, 1], [M1 - 810_728, 1_403_580, 0]];
        let a2 = [[0, 1, 0], [0, 0, 1], [M2 - 1_370_589, 0, 527_612]];
        let mut all = vec![(a1, a2)];
        for k in 1..160 {
            let (p1, p2) = all[k - 1];
            all.push((multiply(&p1, &p1, M1), multiply(&p2, &p2, M2)));
        }
        all
    })
}

impl Mrg32k3a {
    /// `curand_init(seed, subsequence, offset)`: every word starts at 12345, multiplied by the
    /// seed's salted halves (1 for seed 0); then subsequence * 2^76 + offset draws.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Mrg32k3a {
        let (mut low, mut high) = (u64::from(seed as u32 ^ 0x5555_5555), u64::from((seed >> 32) as u32 ^ 0xAAAA_AAAA));
        if seed == 0 {
            (low, high) = (1, 1);
        }
        let mut x = Mrg32k3a {
            s1: [low * 12345 % M1, high * 12345 % M1, low * 12345 % M1],
            s2: [high * 12345 % M2, low * 12345 % M2, high * 12345 % M2],
        };
        x.jump(subsequence, 76);
        x.jump(offset, 0);
        x
    }

    fn jump(&mut self, n: u64, scale: usize) {
        let powers = powers();
        for bit in 0..64 {
            if n >> bit & 1 == 1 {
                let (p1, p2) = &powers[bit + scale];
                self.s1 = apply(p1, &self.s1, M1);
                self.s2 = apply(p2, &self.s2, M2);
            }
        }
    }

    /// One step of both recurrences: the combined value, in [1, m1].
    pub fn next_combined(&mut self) -> u64 {
        let p1 = (1_403_580 * self.s1[1] + 810_728 * (M1 - self.s1[0])) % M1;
        let p2 = (527_612 * self.s2[2] + 1_370_589 * (M2 - self.s2[0])) % M2;
        self.s1 = [self.s1[1], self.s1[2], p1];
        self.s2 = [self.s2[1], self.s2[2], p2];
        if p1 > p2 { p1 - p2 } else { p1 + (M1 - p2) }
    }

    /// The next 32 bits (the combined value scaled to 2^32).
    pub fn draw(&mut self) -> u32 {
        (self.next_combined() as f64 * 1.000_000_048_662) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipping_is_drawing() {
        let mut a = Mrg32k3a::new(7, 3, 0);
        for _ in 0..777 {
            a.draw();
        }
        assert_eq!(a, Mrg32k3a::new(7, 3, 777));
    }
}
