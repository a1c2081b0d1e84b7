//! Marsaglia's XORWOW as cuRAND seeds and spaces it: five xorshift words and a Weyl counter;
//! subsequences 2^67 draws apart, reached by powers of the (linear, over GF(2)) step matrix.

use std::sync::OnceLock;

/// The generator's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Xorwow {
    v: [u32; 5],
    d: u32,
}

/// A 160x160 matrix over GF(2), as the images of the 160 unit vectors (column `c` is the
/// state that unit vector `c` steps to).
#[derive(Clone)]
struct Matrix(Vec<[u32; 5]>);

impl Matrix {
    /// The one-step matrix of the xorshift part (the Weyl counter is added apart).
    fn step() -> Matrix {
        Matrix(
            (0..160)
                .map(|bit| {
                    let mut v = [0u32; 5];
                    v[bit / 32] = 1 << (bit % 32);
                    shift(&mut v);
                    v
                })
                .collect(),
        )
    }

    fn apply(&self, v: &[u32; 5]) -> [u32; 5] {
        let mut out = [0u32; 5];
        for (word, bits) in v.iter().enumerate() {
            let mut bits = *bits;
            while bits != 0 {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let column = &self.0[word * 32 + b];
                for w in 0..5 {
                    out[w] ^= column[w];
                }
            }
        }
        out
    }

    fn square(&self) -> Matrix {
        Matrix(self.0.iter().map(|c| self.apply(c)).collect())
    }
}

/// The xorshift step on the five words.
fn shift(v: &mut [u32; 5]) {
    let t = v[0] ^ (v[0] >> 2);
    v[0] = v[1];
    v[1] = v[2];
    v[2] = v[3];
    v[3] = v[4];
    v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/// The step matrix raised to 2^k, for k in 0..128 (offsets below 2^64, subsequences below
/// 2^61 of 2^67 draws each), computed once per process.
fn powers() -> &'static [Matrix] {
    static POWERS: OnceLock<Vec<Matrix>> = OnceLock::new();
    POWERS.get_or_init(|| {
        let mut all = vec![Matrix::step()];
        for k in 1..128 {
            let next = all[k - 1].square();
            all.push(next);
        }
        all
    })
}

impl Xorwow {
    /// `curand_init(seed, subsequence, offset)`: the seed's halves, salted and multiplied by odd
    /// constants, offset Marsaglia's initial words; then subsequence * 2^67 + offset draws.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Xorwow {
        let t0 = 1_099_087_573u32.wrapping_mul(seed as u32 ^ 0xaad2_6b49);
        let t1 = 2_591_861_531u32.wrapping_mul((seed >> 32) as u32 ^ 0xf7dc_efdd);
        let mut x = Xorwow {
            d: 6_615_241u32.wrapping_add(t1).wrapping_add(t0),
            v: [
                123_456_789u32.wrapping_add(t0),
                362_436_069 ^ t0,
                521_288_629u32.wrapping_add(t1),
                88_675_123 ^ t1,
                5_783_321u32.wrapping_add(t0),
            ],
        };
        x.jump(subsequence, 67);
        x.skip(offset);
        x
    }

    /// v <- M^(n * 2^scale) v.
    fn jump(&mut self, n: u64, scale: usize) {
        let powers = powers();
        for bit in 0..64 {
            if n >> bit & 1 == 1 {
                self.v = powers[bit + scale].apply(&self.v);
            }
        }
    }

    /// Advances by `n` draws.
    pub fn skip(&mut self, n: u64) {
        self.jump(n, 0);
        self.d = self.d.wrapping_add(362_437u32.wrapping_mul(n as u32));
    }

    /// The next 32 bits.
    pub fn draw(&mut self) -> u32 {
        shift(&mut self.v);
        self.d = self.d.wrapping_add(362_437);
        self.v[4].wrapping_add(self.d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipping_is_drawing() {
        let mut a = Xorwow::new(42, 0, 0);
        for _ in 0..1000 {
            a.draw();
        }
        assert_eq!(a, Xorwow::new(42, 0, 1000));
    }

    #[test]
    fn nvidias_first_draws() {
        // curand_init(1234, 0, 0) and (1234, 1, 0): the host API's outputs 0 and 1
        // (tests/gpu-programs/curand_host.txt, recorded on an H200).
        assert_eq!(Xorwow::new(1234, 0, 0).draw(), 0x253d_5e15);
        assert_eq!(Xorwow::new(1234, 1, 0).draw(), 0xd1f7_605a);
    }
}
