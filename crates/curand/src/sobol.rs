//! Sobol's quasi-random sequences as cuRAND draws them: one sequence per dimension, points in
//! Gray-code order (point i is the XOR of the direction vectors of the set bits of i ^ (i >> 1)),
//! from Joe and Kuo's direction numbers (new-joe-kuo-6.21201, the first 20000 dimensions:
//! `joe_kuo_6.bin`, made by `scripts/gen-curand-params.py`), which give NVIDIA's
//! `CURAND_DIRECTION_VECTORS_*_JOEKUO6` exactly.
//!
//! The scrambled sequences XOR each point with a constant and multiply the direction vectors by
//! a random lower-triangular bit matrix (a linear scrambling that keeps the sequence's
//! stratification). NVIDIA's scrambling matrices and constants are random numbers of its own,
//! published nowhere, so Cuprite's are drawn from a generator of its own ([`splitmix64`],
//! seeded by the dimension): the same construction, other numbers. As NVIDIA's, the 32-bit
//! scrambled vectors and constants are the high halves of the 64-bit ones.

use std::sync::OnceLock;

/// The number of dimensions with direction numbers (cuRAND's limit for quasi generators).
pub const DIMENSIONS: usize = 20000;

/// Joe–Kuo's primitive polynomials and initial direction numbers, bit-packed.
static PACKED: &[u8] = include_bytes!("joe_kuo_6.bin");

/// Bits of a stored primitive polynomial.
const POLY_BITS: u32 = 19;

/// Reads `PACKED` as a little-endian bit stream.
struct Bits {
    at: usize,
}

impl Bits {
    fn take(&mut self, count: u32) -> u64 {
        let mut value = 0u64;
        for k in 0..count as usize {
            let bit = self.at + k;
            let byte = PACKED.get(bit / 8).copied().unwrap_or(0);
            value |= u64::from((byte >> (bit % 8)) & 1) << k;
        }
        self.at += count as usize;
        value
    }
}

/// The direction vectors of every dimension for `BITS`-bit points: vector k of a dimension is
/// m_k << (BITS - 1 - k), the m_k past the stored ones from the polynomial's recurrence
/// (m_k = XOR over its terms a_i of 2^i m_(k-i), and 2^s m_(k-s) ^ m_(k-s)).
fn direction_vectors<const BITS: usize>() -> Vec<[u64; BITS]> {
    let mut bits = Bits { at: 0 };
    let mut all = Vec::with_capacity(DIMENSIONS);
    // The first dimension is van der Corput's: every m_k is 1.
    all.push(std::array::from_fn(|k| 1u64 << (BITS - 1 - k)));
    for _ in 1..DIMENSIONS {
        let poly = bits.take(POLY_BITS);
        let degree = (63 - poly.leading_zeros()) as usize;
        let mut m = [0u64; BITS];
        for (j, slot) in m.iter_mut().enumerate().take(degree.min(BITS)) {
            *slot = bits.take(j as u32 + 1);
        }
        for k in degree..BITS {
            let mut value = m[k - degree] ^ (m[k - degree] << degree);
            for i in 1..degree {
                if (poly >> (degree - i)) & 1 == 1 {
                    value ^= m[k - i] << i;
                }
            }
            m[k] = value;
        }
        all.push(std::array::from_fn(|k| m[k] << (BITS - 1 - k)));
    }
    all
}

/// The 64-bit direction vectors of every dimension.
pub fn direction_vectors64() -> &'static [[u64; 64]] {
    static TABLE: OnceLock<Vec<[u64; 64]>> = OnceLock::new();
    TABLE.get_or_init(direction_vectors::<64>)
}

/// The 32-bit direction vectors of every dimension.
pub fn direction_vectors32() -> &'static [[u32; 32]] {
    static TABLE: OnceLock<Vec<[u32; 32]>> = OnceLock::new();
    TABLE.get_or_init(|| direction_vectors::<32>().iter().map(|v| std::array::from_fn(|k| v[k] as u32)).collect())
}

/// Vigna's splitmix64: the stream of 64-bit words from `state` on.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One dimension's scrambling: the constant, and the matrix as the images of the 64 unit
/// vectors (bit b's image is bit b plus random bits below it).
fn scrambling(dimension: usize) -> (u64, [u64; 64]) {
    let mut state = 0x5EED_0000_0000_0000 ^ dimension as u64;
    let constant = splitmix64(&mut state);
    let columns = std::array::from_fn(|b| {
        let below = if b == 0 { 0 } else { splitmix64(&mut state) & ((1u64 << b) - 1) };
        (1u64 << b) | below
    });
    (constant, columns)
}

fn scrambled() -> &'static (Vec<[u64; 64]>, Vec<u64>) {
    static TABLE: OnceLock<(Vec<[u64; 64]>, Vec<u64>)> = OnceLock::new();
    TABLE.get_or_init(|| {
        let plain = direction_vectors64();
        let mut vectors = Vec::with_capacity(DIMENSIONS);
        let mut constants = Vec::with_capacity(DIMENSIONS);
        for (d, v) in plain.iter().enumerate() {
            let (constant, columns) = scrambling(d);
            vectors.push(std::array::from_fn(|k| {
                let mut image = 0u64;
                let mut x = v[k];
                while x != 0 {
                    image ^= columns[x.trailing_zeros() as usize];
                    x &= x - 1;
                }
                image
            }));
            constants.push(constant);
        }
        (vectors, constants)
    })
}

/// The scrambled 64-bit direction vectors of every dimension.
pub fn scrambled_direction_vectors64() -> &'static [[u64; 64]] {
    &scrambled().0
}

/// The 64-bit scramble constants, one per dimension.
pub fn scramble_constants64() -> &'static [u64] {
    &scrambled().1
}

/// The scrambled 32-bit direction vectors: the high halves of the 64-bit ones.
pub fn scrambled_direction_vectors32() -> &'static [[u32; 32]] {
    static TABLE: OnceLock<Vec<[u32; 32]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        scrambled_direction_vectors64().iter().map(|v| std::array::from_fn(|k| (v[k] >> 32) as u32)).collect()
    })
}

/// The 32-bit scramble constants: the high halves of the 64-bit ones.
pub fn scramble_constants32() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| scramble_constants64().iter().map(|c| (c >> 32) as u32).collect())
}

/// Points `start..start + count` of one dimension, 64 bits wide (the 32-bit sequences are the
/// same with 32-bit vectors): point i is c XOR the vectors of the set bits of gray(i), and each
/// next point flips the vector of i's lowest zero bit.
pub fn points<W>(vectors: &[W], constant: W, start: u64, count: usize) -> Vec<W>
where
    W: Copy + std::ops::BitXorAssign + Default,
{
    let mut out = Vec::with_capacity(count);
    let gray = start ^ (start >> 1);
    let mut x = constant;
    for (k, v) in vectors.iter().enumerate() {
        if (gray >> k) & 1 == 1 {
            x ^= *v;
        }
    }
    let mut i = start;
    for _ in 0..count {
        out.push(x);
        let bit = (!i).trailing_zeros() as usize;
        if let Some(v) = vectors.get(bit) {
            x ^= *v;
        }
        i = i.wrapping_add(1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NVIDIA's vectors as curandGetDirectionVectors32/64 return them (CURAND 10.4, printed by
    /// tests/gpu-programs/curand_quasi_host.cu): dimensions 1, 2, 3 and 20000.
    #[test]
    fn joe_kuo_vectors_are_nvidias() {
        let v = direction_vectors32();
        assert_eq!(v.len(), DIMENSIONS);
        assert_eq!(&v[0][..4], &[0x8000_0000, 0x4000_0000, 0x2000_0000, 0x1000_0000]);
        assert_eq!(v[0][31], 1);
        assert_eq!(&v[1][..4], &[0x8000_0000, 0xc000_0000, 0xa000_0000, 0xf000_0000]);
        assert_eq!(v[1][31], 0xffff_ffff);
        assert_eq!(&v[2][..4], &[0x8000_0000, 0xc000_0000, 0x6000_0000, 0x9000_0000]);
        assert_eq!(v[2][31], 0xc500_5555);
        assert_eq!(&v[19999][..4], &[0x8000_0000, 0xc000_0000, 0x2000_0000, 0xf000_0000]);
        assert_eq!(v[19999][31], 0x7046_75d3);
        let w = direction_vectors64();
        assert_eq!((w[1][0], w[1][1], w[1][63]), (1 << 63, 0xc000_0000_0000_0000, u64::MAX));
        assert_eq!(w[19999][63], 0x76bd_b0be_f0de_7261);
    }

    #[test]
    fn scrambled_vectors_keep_the_leading_bit() {
        let (v32, v64, c32, c64) = (
            scrambled_direction_vectors32(),
            scrambled_direction_vectors64(),
            scramble_constants32(),
            scramble_constants64(),
        );
        let plain = direction_vectors32();
        for d in [0, 1, 19999] {
            for k in 0..32 {
                assert_eq!(v32[d][k].leading_zeros(), plain[d][k].leading_zeros());
                assert_eq!(v32[d][k], (v64[d][k] >> 32) as u32);
            }
            assert_eq!(v64[d][63] & 1, 1);
            assert_eq!(c32[d], (c64[d] >> 32) as u32);
        }
    }

    #[test]
    fn gray_code_points() {
        let v = &direction_vectors32()[0];
        assert_eq!(
            points(v, 0, 0, 8),
            [0, 0x8000_0000, 0xc000_0000, 0x4000_0000, 0x6000_0000, 0xe000_0000, 0xa000_0000, 0x2000_0000]
        );
        assert_eq!(points(v, 0, 5, 3), points(v, 0, 0, 8)[5..]);
    }
}
