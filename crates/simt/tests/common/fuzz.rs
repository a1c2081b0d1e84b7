//! What the differential tests share: a seeded generator (`engine_fuzz.rs`,
//! `slow_path_fuzz.rs`, `gpu_diff.rs`) and the runner of a range of seeds (the fuzzers).

#![allow(dead_code)] // each test file uses its own part

/// A small xorshift64* generator: deterministic across platforms, no dependencies.
pub struct Rng(u64);

/// splitmix64's output function of `z`: spreads nearby inputs far apart.
pub fn splitmix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Rng {
        // splitmix64 of the seed, so neighbouring seeds start far apart (and never at 0).
        Rng(splitmix64(seed) | 1)
    }

    /// A generator whose state is `state` (0, which xorshift never leaves, becomes 1).
    pub fn from_state(state: u64) -> Rng {
        Rng(if state == 0 { 1 } else { state })
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// True with probability `pct` percent.
    pub fn chance(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }

    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Runs `check` for seeds `start..start + count`, two at a time (the machine's cores);
/// panics listing the seeds whose check failed, with the first failure's report in full.
pub fn run_seeds(start: u64, count: u64, check: &(dyn Fn(u64) -> Result<(), String> + Sync)) {
    let next = std::sync::atomic::AtomicU64::new(start);
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let seed = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if seed >= start + count {
                        break;
                    }
                    if let Err(e) = check(seed) {
                        failures.lock().unwrap().push((seed, e));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.sort_by_key(|f| f.0);
    if let Some((_, first)) = failures.first() {
        let seeds: Vec<u64> = failures.iter().map(|f| f.0).collect();
        let summary: Vec<&str> = failures.iter().map(|f| f.1.lines().next().unwrap_or("")).collect();
        panic!(
            "{} of {count} kernels differ (seeds {seeds:?})\n{}\n\nfirst:\n{first}",
            failures.len(),
            summary.join("\n")
        );
    }
}
