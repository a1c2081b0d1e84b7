//! MT19937 (Matsumoto and Nishimura's Mersenne Twister), seeded by init_genrand with the low 32
//! bits of the seed, as cuRAND's host API seeds it (its first output is NVIDIA's). NVIDIA's
//! libcurand interleaves 8192 jumped-ahead copies of the sequence in an order and at a jump
//! distance it does not document; Cuprite's generator is the plain sequence, so output 0 and
//! the distribution are NVIDIA's, the later outputs are not the same numbers.

use std::sync::Mutex;

/// State words.
const N: usize = 624;
/// The middle word's distance.
const M: usize = 397;

/// The generator's state.
#[derive(Debug, Clone)]
pub struct Mt19937 {
    state: Vec<u32>,
    index: usize,
}

impl Mt19937 {
    /// init_genrand(seed).
    pub fn new(seed: u32) -> Mt19937 {
        let mut state = vec![0u32; N];
        state[0] = seed;
        for i in 1..N {
            let previous = state[i - 1];
            state[i] = 1_812_433_253u32.wrapping_mul(previous ^ (previous >> 30)).wrapping_add(i as u32);
        }
        Mt19937 { state, index: N }
    }

    /// The next tempered word.
    pub fn next_word(&mut self) -> u32 {
        if self.index == N {
            for i in 0..N {
                let y = (self.state[i] & 0x8000_0000) | (self.state[(i + 1) % N] & 0x7fff_ffff);
                let mag = if y & 1 == 1 { 0x9908_b0df } else { 0 };
                self.state[i] = self.state[(i + M) % N] ^ (y >> 1) ^ mag;
            }
            self.index = 0;
        }
        let mut y = self.state[self.index];
        self.index += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }
}

/// The last call's generator, at output `position` of `seed`'s sequence, so that a call
/// continuing from there does not draw the words before again (one for the library: an
/// interleaved generator restarts, correct but slower).
static CURSOR: Mutex<Option<(u64, u64, Mt19937)>> = Mutex::new(None);

/// `count` words from output `position` on.
pub fn words(seed: u64, position: u64, count: usize) -> Vec<u32> {
    let mut cursor = CURSOR.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (mut at, mut mt) = match cursor.take() {
        Some((s, at, mt)) if s == seed && at <= position => (at, mt),
        _ => (0, Mt19937::new(seed as u32)),
    };
    while at < position {
        mt.next_word();
        at += 1;
    }
    let out = (0..count).map(|_| mt.next_word()).collect();
    *cursor = Some((seed, position + count as u64, mt));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference implementation's outputs (mt19937ar.c: init_genrand(5489) gives
    /// 3499211612 first; the C++ standard requires the 10000th of std::mt19937's default
    /// seed to be 4123659995); seed 0 and 1234's first words are NVIDIA's libcurand's.
    #[test]
    fn reference_outputs() {
        let mut mt = Mt19937::new(5489);
        assert_eq!(mt.next_word(), 3_499_211_612);
        assert_eq!(words(5489, 9999, 1), [4_123_659_995]);
        assert_eq!(words(0, 0, 1), [0x8c7f_0aac]);
        assert_eq!(words(1234, 0, 1), [0x3107_6b2f]);
        let mut joined = words(5, 0, 700);
        joined.extend(words(5, 700, 1000));
        assert_eq!(joined, words(5, 0, 1700));
    }
}
