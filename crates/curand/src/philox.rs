//! Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3") as cuRAND
//! keys and counts it: the seed is the key; subsequence s, offset o start the 128-bit counter
//! at s * 2^64 + o / 4, the draw at word o % 4 of that block.

/// The block of four words for `counter` (little-endian words) under `key`.
pub fn block(counter: u128, seed: u64) -> [u32; 4] {
    let mut c = [counter as u32, (counter >> 32) as u32, (counter >> 64) as u32, (counter >> 96) as u32];
    let mut key = [seed as u32, (seed >> 32) as u32];
    for round in 0..10 {
        let p0 = u64::from(0xD251_1F53u32) * u64::from(c[0]);
        let p1 = u64::from(0xCD9E_8D57u32) * u64::from(c[2]);
        c = [(p1 >> 32) as u32 ^ c[1] ^ key[0], p1 as u32, (p0 >> 32) as u32 ^ c[3] ^ key[1], p0 as u32];
        if round < 9 {
            key[0] = key[0].wrapping_add(0x9E37_79B9);
            key[1] = key[1].wrapping_add(0xBB67_AE85);
        }
    }
    c
}

/// [`block`], remembering the last block of this thread: the host API's outputs come four or
/// two to a block, in order, so most calls are the last block again.
pub fn block_cached(counter: u128, seed: u64) -> [u32; 4] {
    thread_local! {
        static LAST: std::cell::Cell<Option<(u128, u64, [u32; 4])>> = const { std::cell::Cell::new(None) };
    }
    LAST.with(|last| match last.get() {
        Some((c, s, words)) if c == counter && s == seed => words,
        _ => {
            let words = block(counter, seed);
            last.set(Some((counter, seed, words)));
            words
        }
    })
}

/// A device-API Philox state: counter and the next word within its block.
#[derive(Debug, Clone, Copy)]
pub struct Philox {
    seed: u64,
    counter: u128,
    word: usize,
    output: [u32; 4],
}

impl Philox {
    /// `curand_init(seed, subsequence, offset)`.
    pub fn new(seed: u64, subsequence: u64, offset: u64) -> Philox {
        let counter = (u128::from(subsequence) << 64).wrapping_add(u128::from(offset / 4));
        Philox { seed, counter, word: (offset % 4) as usize, output: block(counter, seed) }
    }

    /// The next 32 bits.
    pub fn draw(&mut self) -> u32 {
        let bits = self.output[self.word];
        self.word += 1;
        if self.word == 4 {
            self.word = 0;
            self.counter = self.counter.wrapping_add(1);
            self.output = block(self.counter, self.seed);
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random123_known_answer() {
        // Random123's kat_vectors: philox4x32 10 rounds, counter and key all ones.
        let c = block(u128::MAX, u64::MAX);
        assert_eq!(c, [0x408f_276d, 0x41c8_3b0e, 0xa20b_c7c6, 0x6d54_51fd]);
        // and counter 0, key 0.
        assert_eq!(block(0, 0), [0x6627_e8d5, 0xe169_c58d, 0xbc57_ac4c, 0x9b00_dbd8]);
    }
}
