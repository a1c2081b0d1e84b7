//! MTGP32 (Saito and Matsumoto's Mersenne Twister for Graphic Processors, period 2^11213 - 1)
//! as cuRAND's host API runs it: 192 blocks of 256 threads, block b with parameter set b of
//! `curand_mtgp32dc_p_11213.h` ([`crate::mtgp32_params`]) seeded with (the seed's halves
//! XORed) + b + 1, as `curandMakeMTGP32KernelState` seeds a device state. Output o is word
//! o mod 256 of block (o / 256) mod 192's round o / 49152 (the order NVIDIA's libcurand writes,
//! found from its outputs). The device API's code for the same steps is `curand_kernel.h`'s;
//! its parameter sets are MTGP's published ones, not NVIDIA's (see the README's cuRAND notes).

use std::sync::Mutex;

use crate::mtgp32_params::{PARAMS, Params};

/// Live words of a state (the Mersenne exponent 11213 / 32, plus one).
const N: usize = 351;
/// Blocks the host generator runs.
pub const BLOCKS: u64 = 192;
/// Threads (words per round) of a block.
pub const THREADS: u64 = 256;

/// One block's state: the last `N` words, oldest first.
#[derive(Debug, Clone)]
pub struct Block {
    words: Vec<u32>,
    params: &'static Params,
}

impl Block {
    /// Block `index`'s state for `seed` (curandMakeMTGP32KernelState's seeding).
    pub fn new(index: usize, seed: u64) -> Block {
        let params = &PARAMS[index % PARAMS.len()];
        let seed32 = ((seed ^ (seed >> 32)) as u32).wrapping_add(index as u32).wrapping_add(1);
        let tbl = params.3;
        let hidden = tbl[4] ^ (tbl[8] << 16);
        let mut fill = hidden;
        fill = fill.wrapping_add(fill >> 16);
        fill = fill.wrapping_add(fill >> 8);
        let mut words = vec![(fill & 0xff).wrapping_mul(0x0101_0101); N];
        words[0] = seed32;
        words[1] = hidden;
        for i in 1..N {
            let previous = words[i - 1];
            words[i] ^= 1_812_433_253u32.wrapping_mul(previous ^ (previous >> 30)).wrapping_add(i as u32);
        }
        Block { words, params }
    }

    /// The next round of 256 tempered words (thread t's is element t).
    pub fn round(&mut self) -> Vec<u32> {
        let (pos, sh1, sh2, tbl, tmp, _, mask) = *self.params;
        let pos = pos as usize;
        let mut out = Vec::with_capacity(THREADS as usize);
        let mut fresh = Vec::with_capacity(THREADS as usize);
        for t in 0..THREADS as usize {
            let mut x = (self.words[t] & mask) ^ self.words[t + 1];
            x ^= x << sh1;
            let y = x ^ (self.words[t + pos] >> sh2);
            let r = y ^ tbl[(y & 15) as usize];
            let mut temper = self.words[t + pos - 1];
            temper ^= temper >> 16;
            temper ^= temper >> 8;
            out.push(r ^ tmp[(temper & 15) as usize]);
            fresh.push(r);
        }
        self.words.drain(..THREADS as usize);
        self.words.extend(fresh);
        out
    }
}

/// Where the last call left the blocks: their states at the start of round `round` of `seed`'s
/// sequence, so that a call continuing from there does not run the rounds before again.
struct Cursor {
    seed: u64,
    round: u64,
    blocks: Vec<Block>,
}

/// The cursor of the last call (one for the library: a generator interleaved with another
/// restarts from round 0, correct but slower).
static CURSOR: Mutex<Option<Cursor>> = Mutex::new(None);

/// `count` words from output `position` on.
pub fn words(seed: u64, position: u64, count: usize) -> Vec<u32> {
    let per_round = BLOCKS * THREADS;
    let end = position + count as u64;
    let mut out = vec![0u32; count];
    let mut cursor = CURSOR.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (mut round, mut blocks) = match cursor.take() {
        Some(c) if c.seed == seed && c.round <= position / per_round => (c.round, c.blocks),
        _ => (0, (0..BLOCKS as usize).map(|b| Block::new(b, seed)).collect()),
    };
    let mut saved = None;
    while round < end.div_ceil(per_round) {
        if round == end / per_round {
            saved = Some(blocks.clone());
        }
        for (b, block) in blocks.iter_mut().enumerate() {
            let base = round * per_round + b as u64 * THREADS;
            for (t, w) in block.round().into_iter().enumerate() {
                let o = base + t as u64;
                if (position..end).contains(&o) {
                    out[(o - position) as usize] = w;
                }
            }
        }
        round += 1;
    }
    // The next call starts in round end / per_round: its blocks as they were before it.
    let blocks = saved.unwrap_or(blocks);
    *cursor = Some(Cursor { seed, round: end / per_round, blocks });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Block 0 of seed 0 with the first published parameter set: its first words as NVIDIA's
    /// curand_kernel.h draws them from the same state (`tests/gpu-programs/curand_mtgp32.txt`).
    #[test]
    fn first_words_are_mtgps() {
        let mut block = Block::new(0, 0);
        assert_eq!(block.round()[..6], [0xd38d_8914, 0x3828_1a97, 0xd08e_69a6, 0xbb48_eaf7, 0x96bf_6208, 0x37c8_eb74]);
        let mut block1 = Block::new(1, 0);
        assert_eq!(block1.round()[..3], [0x1831_d46e, 0x0696_b980, 0xcae7_97e3]);
    }

    /// Calls that continue one another (the cursor's case) give the words of one long call.
    #[test]
    fn successive_calls_continue_the_sequence() {
        let all = words(99, 0, 3 * 49152 + 10);
        let mut joined = words(99, 0, 1000);
        joined.extend(words(99, 1000, 49152));
        joined.extend(words(99, 50152, 2 * 49152 - 50152 + 49152 + 10));
        assert_eq!(joined, all);
    }

    #[test]
    fn words_follow_on() {
        let all = words(1234, 0, 60000);
        assert_eq!(words(1234, 100, 50000), all[100..50100]);
        assert_eq!(all[..256], Block::new(0, 1234).round()[..]);
        assert_eq!(
            all[49152..49152 + 256],
            {
                let mut b = Block::new(0, 1234);
                b.round();
                b.round()
            }[..]
        );
    }
}
