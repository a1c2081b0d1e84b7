//! A host-API generator and the order in which it lays its outputs out, as NVIDIA's libcurand
//! does (derived from its outputs on an H200: `tests/gpu-programs/curand_host.cu`).
//!
//! XORWOW and MRG32k3a run T threads (XORWOW 4096; MRG32k3a 81920, or 4096 in the legacy
//! ordering). A call at position o (the offset option plus what earlier calls consumed) that
//! makes groups of G outputs from D draws each (G = 1, D = 1 for bits and uniforms; a double
//! uniform takes two XORWOW draws; a normal pair G = 2) gives group g to thread i = g mod T,
//! whose draws are those of subsequence (o + i) mod T from draw (o + i) / T + D * (g / T) on.
//! Philox4x32-10 runs 65536 threads that each make four outputs a round: output q (the call's
//! position plus its index) is output q mod 4 of round r = q / 4 / 65536 of thread (q / 4) mod
//! 65536, whose subsequence it is. Words, float uniforms and float normal pairs come from the
//! round's counter block r, doubles (two words each) and double normal pairs from blocks 2r
//! and 2r + 1.
//!
//! MTGP32 and MT19937 are streams of words ([`crate::mtgp32`], [`crate::mt19937`] give their
//! orders), one word per value. The quasi-random generators (Sobol32, Sobol64 and their
//! scrambled forms, [`crate::sobol`]) make `count / dimensions` points of each dimension in turn,
//! dimension 0's first, from point number `position` on.

use crate::distributions as dist;
use crate::mrg32k3a::{self, Mrg32k3a};
use crate::philox;
use crate::xorwow::Xorwow;
use crate::{mt19937, mtgp32, sobol};

/// The pseudo-random generators Cuprite reproduces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// CURAND_RNG_PSEUDO_XORWOW (and PSEUDO_DEFAULT).
    Xorwow,
    /// CURAND_RNG_PSEUDO_MRG32K3A.
    Mrg32k3a,
    /// CURAND_RNG_PSEUDO_PHILOX4_32_10.
    Philox,
    /// CURAND_RNG_PSEUDO_MTGP32.
    Mtgp32,
    /// CURAND_RNG_PSEUDO_MT19937.
    Mt19937,
    /// CURAND_RNG_QUASI_SOBOL32 (and QUASI_DEFAULT), scrambled or not.
    Sobol32 {
        /// CURAND_RNG_QUASI_SCRAMBLED_SOBOL32.
        scrambled: bool,
    },
    /// CURAND_RNG_QUASI_SOBOL64, scrambled or not.
    Sobol64 {
        /// CURAND_RNG_QUASI_SCRAMBLED_SOBOL64.
        scrambled: bool,
    },
}

impl Engine {
    /// Whether this is a quasi-random generator (dimensions instead of a seed).
    pub fn is_quasi(self) -> bool {
        matches!(self, Engine::Sobol32 { .. } | Engine::Sobol64 { .. })
    }
}

/// The seed of XORWOW thread `thread` under the seeded ordering: the generator's seed plus
/// 3,133,713 per thread, each thread's stream its subsequence 0 (`curand_init(seed', 0, 0)`),
/// laid out as the default ordering lays out subsequences. An H200's outputs show it
/// (tests/gpu-programs/curand_seeded.cu: the states of threads 0 to 3 recovered from their
/// draws, then every draw of 32,768 for one seed and of 40 threads for 7 more seeds predicted).
pub fn seeded_thread_seed(seed: u64, thread: u64) -> u64 {
    seed.wrapping_add(thread.wrapping_mul(3_133_713))
}

/// Philox's thread count: 65536 subsequences of whole blocks.
const PHILOX_THREADS: u64 = 65536;

/// A generator's settings and position.
#[derive(Debug, Clone)]
pub struct Generator {
    /// Which engine.
    pub engine: Engine,
    /// The seed.
    pub seed: u64,
    /// The position of the next call, in draws (the offset option, plus what calls consumed).
    pub position: u64,
    /// Whether the legacy ordering is chosen (it changes MRG32k3a's thread count).
    pub legacy: bool,
    /// Whether XORWOW's seeded ordering (CURAND_ORDERING_PSEUDO_SEEDED) is chosen: each thread
    /// seeded on its own instead of a subsequence of one seed ([`seeded_thread_seed`]).
    pub seeded: bool,
    /// The quasi-random generators' dimensions (1 to 20000).
    pub dimensions: u32,
}

/// One thread's stream of draws.
enum Stream {
    Xorwow(Xorwow),
    Mrg(Mrg32k3a),
}

impl Stream {
    fn draw(&mut self) -> u32 {
        match self {
            Stream::Xorwow(x) => x.draw(),
            Stream::Mrg(m) => m.draw(),
        }
    }

    /// A float uniform: MRG32k3a scales its combined value, the others their bits.
    fn uniform(&mut self) -> f32 {
        match self {
            Stream::Xorwow(x) => dist::uniform(x.draw()),
            Stream::Mrg(m) => (m.next_combined() as f64 * mrg32k3a::NORM) as f32,
        }
    }

    fn uniform_double(&mut self) -> f64 {
        match self {
            Stream::Xorwow(x) => {
                let a = x.draw();
                dist::uniform_double53(a, x.draw())
            }
            Stream::Mrg(m) => m.next_combined() as f64 * mrg32k3a::NORM,
        }
    }

    fn normal_pair(&mut self) -> [f32; 2] {
        match self {
            Stream::Xorwow(x) => {
                let a = x.draw();
                dist::box_muller(a, x.draw())
            }
            Stream::Mrg(_) => {
                let u = self.uniform();
                dist::polar(u, self.uniform() * 6.283_185_5)
            }
        }
    }

    fn normal_pair_double(&mut self) -> [f64; 2] {
        match self {
            Stream::Xorwow(x) => {
                let w = [x.draw(), x.draw(), x.draw(), x.draw()];
                dist::box_muller_double(w[0], w[1], w[2], w[3])
            }
            Stream::Mrg(_) => {
                let u = self.uniform_double();
                dist::polar_double(u, self.uniform_double() * 2.0)
            }
        }
    }
}

/// What a call makes: its outputs per group, as the kinds of value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// 32-bit words.
    Bits,
    /// Floats in (0, 1].
    Uniform,
    /// Doubles in (0, 1].
    UniformDouble,
    /// Standard normal floats, in pairs.
    Normal,
    /// Standard normal doubles, in pairs.
    NormalDouble,
}

impl Generator {
    fn threads(&self) -> u64 {
        match self.engine {
            Engine::Xorwow => 4096,
            Engine::Mrg32k3a if self.legacy => 4096,
            Engine::Mrg32k3a => 81920,
            // The others do not run threaded (`mapped` makes their values).
            _ => PHILOX_THREADS,
        }
    }

    fn stream(&self, subsequence: u64, draw: u64) -> Stream {
        match self.engine {
            Engine::Mrg32k3a => Stream::Mrg(Mrg32k3a::new(self.seed, subsequence, draw)),
            _ if self.seeded => Stream::Xorwow(Xorwow::new(seeded_thread_seed(self.seed, subsequence), 0, draw)),
            _ => Stream::Xorwow(Xorwow::new(self.seed, subsequence, draw)),
        }
    }

    /// The Philox counter block `block` of the thread that makes output `q`, and which of the
    /// round's four outputs `q` is.
    fn philox_block(&self, q: u64, blocks_per_round: u64, block: u64) -> ([u32; 4], usize) {
        let unit = q / 4;
        let round = unit / PHILOX_THREADS;
        let counter = (u128::from(unit % PHILOX_THREADS) << 64) | u128::from(round * blocks_per_round + block);
        (philox::block_cached(counter, self.seed), (q % 4) as usize)
    }

    /// The Philox word for output `q`.
    fn philox_word(&self, q: u64) -> u32 {
        let (w, k) = self.philox_block(q, 1, 0);
        w[k]
    }

    /// The Philox word pair of the double output `q` (two of the round's two blocks' words).
    fn philox_pair(&self, q: u64) -> (u32, u32, usize) {
        let k = (q % 4) as usize;
        let (w, _) = self.philox_block(q, 2, (k / 2) as u64);
        (w[2 * (k % 2)], w[2 * (k % 2) + 1], k)
    }

    /// Fills `out` with `count` groups of `per_group` values made by `make` from a thread's
    /// stream, in the order of the module's doc (XORWOW and MRG32k3a).
    fn threaded<T: Copy + Default>(
        &self,
        count: usize,
        per_group: usize,
        make: impl Fn(&mut Stream) -> [T; 2],
    ) -> Vec<T> {
        let threads = self.threads();
        let groups = count.div_ceil(per_group) as u64;
        let mut out = vec![T::default(); groups as usize * per_group];
        let o = self.position;
        for i in 0..threads.min(groups) {
            let mut stream = self.stream((o + i) % threads, (o + i) / threads);
            let mut g = i;
            while g < groups {
                let values = make(&mut stream);
                let at = g as usize * per_group;
                out[at..at + per_group].copy_from_slice(&values[..per_group]);
                g += threads;
            }
        }
        out.truncate(count);
        out
    }

    /// How far a call of `count` normals moves the position: XORWOW and MRG32k3a count the
    /// pairs, Philox the values.
    fn normal_advance(&self, count: usize) -> u64 {
        match self.engine {
            Engine::Philox => count as u64,
            _ => count as u64 / 2,
        }
    }

    /// The values of the word-stream (MTGP32, MT19937) and quasi-random engines, made from
    /// their 32- or 64-bit words by `of32` or `of64` (in the orders of the module's doc); `None`
    /// for the other engines. The position moves by the words (per dimension) made.
    fn mapped<T>(&mut self, count: usize, of32: impl Fn(u32) -> T, of64: impl Fn(u64) -> T) -> Option<Vec<T>> {
        let out: Vec<T> = match self.engine {
            Engine::Mtgp32 => mtgp32::words(self.seed, self.position, count).into_iter().map(of32).collect(),
            Engine::Mt19937 => mt19937::words(self.seed, self.position, count).into_iter().map(of32).collect(),
            Engine::Sobol32 { scrambled } => {
                let (vectors, constants) = if scrambled {
                    (sobol::scrambled_direction_vectors32(), sobol::scramble_constants32())
                } else {
                    (sobol::direction_vectors32(), &[0u32; sobol::DIMENSIONS][..])
                };
                let per = count / self.dimensions as usize;
                let out = (0..self.dimensions as usize)
                    .flat_map(|d| sobol::points(&vectors[d], constants[d], self.position, per))
                    .map(of32)
                    .collect();
                self.position += per as u64;
                return Some(out);
            }
            Engine::Sobol64 { scrambled } => {
                let (vectors, constants) = if scrambled {
                    (sobol::scrambled_direction_vectors64(), sobol::scramble_constants64())
                } else {
                    (sobol::direction_vectors64(), &[0u64; sobol::DIMENSIONS][..])
                };
                let per = count / self.dimensions as usize;
                let out = (0..self.dimensions as usize)
                    .flat_map(|d| sobol::points(&vectors[d], constants[d], self.position, per))
                    .map(of64)
                    .collect();
                self.position += per as u64;
                return Some(out);
            }
            _ => return None,
        };
        self.position += count as u64;
        Some(out)
    }

    /// `count` Poisson counts of mean `lambda`, one word each ([`dist::poisson_of_word`]), so
    /// that the position moves as NVIDIA's does (one draw per count).
    pub fn poisson(&mut self, count: usize, lambda: f64) -> Vec<u32> {
        let of32 = move |x| dist::poisson_of_word(x, lambda);
        if let Some(out) = self.mapped(count, of32, move |x| of32((x >> 32) as u32)) {
            return out;
        }
        self.bits(count).into_iter().map(of32).collect()
    }

    /// `count` 64-bit words (Sobol64 only; empty for the others).
    pub fn long_long(&mut self, count: usize) -> Vec<u64> {
        match self.engine {
            Engine::Sobol64 { .. } => self.mapped(count, u64::from, |x| x).unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// `count` 32-bit words.
    pub fn bits(&mut self, count: usize) -> Vec<u32> {
        if let Some(out) = self.mapped(count, |x| x, |x| (x >> 32) as u32) {
            return out;
        }
        let out = match self.engine {
            Engine::Philox => (0..count as u64).map(|n| self.philox_word(self.position + n)).collect(),
            _ => self.threaded(count, 1, |s| [s.draw(), 0]),
        };
        self.position += count as u64;
        out
    }

    /// `count` float uniforms.
    pub fn uniform(&mut self, count: usize) -> Vec<f32> {
        if let Some(out) = self.mapped(count, dist::uniform, |x| dist::uniform((x >> 32) as u32)) {
            return out;
        }
        let out = match self.engine {
            Engine::Philox => (0..count as u64).map(|n| dist::uniform(self.philox_word(self.position + n))).collect(),
            _ => self.threaded(count, 1, |s| [s.uniform(), 0.0]),
        };
        self.position += count as u64;
        out
    }

    /// `count` double uniforms.
    pub fn uniform_double(&mut self, count: usize) -> Vec<f64> {
        let engine = self.engine;
        let of32 =
            move |x| if engine == Engine::Mt19937 { dist::uniform_double_mid(x) } else { dist::uniform_double(x) };
        if let Some(out) = self.mapped(count, of32, dist::uniform_double64) {
            return out;
        }
        let out = match self.engine {
            Engine::Philox => (0..count as u64)
                .map(|n| {
                    let (x, y, _) = self.philox_pair(self.position + n);
                    dist::uniform_double53(x, y)
                })
                .collect(),
            _ => self.threaded(count, 1, |s| [s.uniform_double(), 0.0]),
        };
        self.position += count as u64;
        out
    }

    /// `count` Philox normals from the positions on: `pair(q)` is the Box-Muller pair that
    /// output q belongs to (q even: its first value), made once for both of its outputs.
    fn philox_pairs<T: Copy>(&self, count: usize, pair: impl Fn(u64) -> [T; 2]) -> Vec<T> {
        let mut out = Vec::with_capacity(count);
        while out.len() < count {
            let q = self.position + out.len() as u64;
            let values = pair(q);
            out.push(values[(q % 2) as usize]);
            if q.is_multiple_of(2) && out.len() < count {
                out.push(values[1]);
            }
        }
        out
    }

    /// `count` standard normal floats (`count` even for XORWOW and MRG32k3a).
    pub fn normal(&mut self, count: usize) -> Vec<f32> {
        let of32 = |x| dist::normal_of_point32(x) as f32;
        if let Some(out) = self.mapped(count, of32, |x| of32((x >> 32) as u32)) {
            return out;
        }
        let out = match self.engine {
            Engine::Philox => self.philox_pairs(count, |q| {
                let (w, k) = self.philox_block(q, 1, 0);
                dist::box_muller(w[k & 2], w[(k & 2) + 1])
            }),
            _ => self.threaded(count, 2, Stream::normal_pair),
        };
        self.position += self.normal_advance(count);
        out
    }

    /// `count` standard normal doubles (`count` even for XORWOW and MRG32k3a). MTGP32's are its
    /// float normals, widened (as NVIDIA's libcurand makes them).
    pub fn normal_double(&mut self, count: usize) -> Vec<f64> {
        let engine = self.engine;
        let of32 = move |x| {
            let z = dist::normal_of_point32(x);
            if engine == Engine::Mtgp32 { f64::from(z as f32) } else { z }
        };
        if let Some(out) = self.mapped(count, of32, dist::normal_of_point64) {
            return out;
        }
        let out = match self.engine {
            Engine::Philox => self.philox_pairs(count, |q| {
                let (w, _) = self.philox_block(q, 2, q % 4 / 2);
                dist::box_muller_double(w[0], w[1], w[2], w[3])
            }),
            _ => self.threaded(count, 2, Stream::normal_pair_double),
        };
        self.position += self.normal_advance(count);
        out
    }
}
