//! Which tier runs a kernel under `Engine::Jit`: a rule over the kernel's code, not the
//! timing of its launches. Each kernel climbs a fixed ladder and stays on the highest rung
//! whose code is ready, best first:
//!
//! 1. the **block tier**, for a kernel whose C translation runs 16 threads at a time
//!    (`block_tier::Cache::choose`: `eligible::declined` accepts it and `emit::runs_lanes`),
//!    once its code is built on a background thread (begun after the kernel has done
//!    `block_tier::EXPLORE_AFTER` of work on the tiers below: short programs never pay for a
//!    C compile);
//! 2. the **warp tier**, for a kernel `warp::preferred` picks (barriers, warp collectives,
//!    texture instructions, memory loops, grid-stride loops, long warp-uniform loops), that
//!    the per-thread JIT leaves to the interpreter, or that the block tier runs lanes at a
//!    time (`block_tier::Cache::runs_lanes`: the rung below it, while its C compiles and
//!    after a veto), once compiled (a long kernel, and any the block tier runs, in the
//!    background: `jit::Cache::warp_tier`);
//! 3. the **per-thread JIT**, unless it leaves the kernel to the interpreter
//!    (`compile::Code::prefer_interp`);
//! 4. the **interpreter**.
//!
//! A launch runs on the rung below while the code of the one above compiles, so a first
//! launch is never slower than it was, and from the launch that finds the code ready on,
//! every launch of the kernel runs there: the steady state is the same in every run of a
//! program, however busy the cores are. The block tier's C takes gcc seconds at -O3 (conv2d's
//! 5x5 filter, 130 KiB of C: 4.5 s of CPU), longer than a short program: the kit's runs of
//! three repetitions on one thread ran conv2d and the 33-tap conv1d wholly on the per-thread
//! JIT from a cold disk cache (2.1 and 1.8 s a repetition on a 16-core Xeon; 20 and 22 ms on
//! 16 threads, whose run found the cache the 1-thread run had filled). Such a kernel runs on
//! the warp tier meanwhile, 3-5x faster than thread by thread. A launch on the per-thread JIT moves up to the block
//! tier mid-launch: each block claimed once its code is built runs there (`jit::TierUp`,
//! hooked into the per-thread JIT's per-block closure; a program of one long launch, lavaMD,
//! ran it all on the per-thread JIT before).
//!
//! One measured veto remains, for the block tier only, where a rule over the code does not
//! yet see what decides (how many of a block's 16-lane groups' lanes have work: the block
//! tier runs them under masks, the per-thread JIT skips a thread with nothing to do). The
//! first launches that find the block tier's code built and can be split run
//! [`slice_blocks`] on it and as many after them on the rung below, until judged; and its
//! first whole launches are compared, until judged, with the least CPU time per block of a
//! launch below it before its build (a launch's first blocks need not be like the whole).
//! What is compared is the launch's own work: the CPU time of the seats that ran each part,
//! each on its thread's clock (`block_tier::Stopwatch`, `exec::SeatTime`), which other threads
//! of the process (a background compile, a test beside it) do not add to. Parts add up to
//! samples of at least [`JUDGED_WORK`] on the block tier ([`Samples`]); one sample under
//! [`FAR`] times the rung below keeps the block tier for good, and only [`LEAVE_AFTER`]
//! samples all that far behind leave it: time a host takes from a virtual machine's CPU is
//! counted on the thread's clock as well, and only ever adds, so the least of several samples
//! is what the code costs (one inflated sum left the block tier on loaded CI hosts). Too little
//! work in [`JUDGED_LAUNCHES`] slices keeps the rule. A busy core does not make every sample
//! 2.5 times another's CPU time (the old rule's flips came from 1.0-1.4x differences).
//!
//! Before, the tiers were tried on slices of launches and kept by process CPU time; on a
//! loaded machine (and on 16 cores, where one worker's slice was measured beside 15 others')
//! the same binary picked different tiers from run to run: spmv_scalar 168 or 856 ms per
//! repetition, texture 586 or 88 ms (16-core Xeon, minutes apart), and a bitonic sort left
//! the block tier on a slice 1.03x "slower" for 4.6x the CPU time per repetition. The ladder
//! costs where the block tier runs a kernel a little slower than the warp tier or the
//! per-thread JIT (1.2-1.5x in CPU time on 2 loaded cores: spmv_scalar, a scan's tiles), which
//! the veto leaves alone: a rule over the code that sees those is the next step.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::Duration;

use crate::Tier;

/// Whether `CUPRITE_TIER_TRACE` is on.
pub(crate) fn trace() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::TIER_TRACE))
}

/// How many times the CPU time per block of the rung below the block tier's slice must take
/// for the block tier to be left.
pub(crate) const FAR: f64 = 2.5;

/// The least CPU time of the block tier's part that gives a verdict: below it, first-run
/// costs (code pages, frames) weigh more than the blocks (a scan's `add_offsets`, 0.4 us a
/// block, measured 4x "slower" on a slice of a few blocks). Parts add up over launches until
/// they reach it (`block_tier::Cache::judge`, `record`).
pub(crate) const JUDGED_WORK: Duration = Duration::from_millis(2);

/// The launches whose slices add up to a verdict, at most: a kernel whose slices of that many
/// launches take less than [`JUDGED_WORK`] in all keeps the block tier (the ladder's rule).
pub(crate) const JUDGED_LAUNCHES: u64 = 16;

/// The blocks (from the first) of a launch of `blocks` blocks on `workers` workers that run
/// on the block tier while it is judged: one in 16, at least one per worker; all of them
/// when the launch is too small to split.
pub(crate) fn slice_blocks(blocks: u64, workers: u32) -> u64 {
    blocks.div_ceil(16).max(u64::from(workers)).min(blocks)
}

/// How many samples, each of at least [`JUDGED_WORK`] on the block tier, must all be [`FAR`]
/// behind the rung below for the block tier to be left. Noise only adds time to a sample (a
/// core shared with other threads, a host that takes CPU from a virtual machine: a thread's
/// clock counts that time too), so the least of several samples is what the code costs; one
/// sum of parts, or a sum against the least below, left the block tier on loaded CI hosts.
pub(crate) const LEAVE_AFTER: u32 = 5;

/// Whether the veto may leave the block tier: not when `CUPRITE_CC_OPT` has the block tier's
/// C compiled at another level than its default `-O3` (the tests' compile time, at `-O1`).
/// [`FAR`] is a margin over `-O3` code; `-O1`'s lane loops, not vectorized, run 2-3x slower
/// (`tests/tier_trials.rs`'s barrier kernel at 2.3x the rung below: CI's loaded runs crossed
/// [`FAR`] and left the block tier).
pub(crate) fn may_leave() -> bool {
    crate::env::cc_opt().is_none_or(|level| level == "-O3")
}

/// What a kernel's samples say so far ([`Samples::add`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// A sample was not far behind: the block tier runs the kernel for good.
    Keep,
    /// [`LEAVE_AFTER`] samples were all far behind: the rung below runs it for good.
    Leave,
    /// Not yet (a later launch is measured again): `far` when the sample just closed was far
    /// behind.
    Open { far: bool },
}

/// A kernel's CPU time on the block tier beside the rung below's, gathered into samples of at
/// least [`JUDGED_WORK`] on the block tier each: below it, first-run costs (code pages,
/// frames) weigh more than the blocks.
#[derive(Debug, Default)]
pub(crate) struct Samples(std::sync::Mutex<OpenSample>);

/// The parts of the sample not yet closed, and how many samples closed far behind.
#[derive(Debug, Default)]
struct OpenSample {
    tried: (Duration, u64),
    below: (Duration, u64),
    far: u32,
}

impl Samples {
    /// Adds a part: `tried.1` blocks on the block tier in `tried.0` of CPU time, beside
    /// `below.1` blocks on the rung below in `below.0`. The verdict once the part closes a
    /// sample (the ratio of their CPU times per block, and that ratio).
    pub(crate) fn add(&self, tried: (Duration, u64), below: (Duration, u64)) -> (Verdict, f64) {
        let mut s = self.0.lock().unwrap_or_else(|p| p.into_inner());
        let sum = |a: (Duration, u64), b: (Duration, u64)| (a.0.saturating_add(b.0), a.1.saturating_add(b.1));
        s.tried = sum(s.tried, tried);
        s.below = sum(s.below, below);
        if s.tried.0 < JUDGED_WORK {
            return (Verdict::Open { far: false }, 0.0);
        }
        let per = |(work, n): (Duration, u64)| work.as_nanos() as f64 / n.max(1) as f64;
        let ratio = per(s.tried) / per(s.below).max(1.0);
        (s.tried, s.below) = Default::default();
        if ratio < FAR {
            return (Verdict::Keep, ratio);
        }
        s.far += 1;
        (if s.far >= LEAVE_AFTER { Verdict::Leave } else { Verdict::Open { far: true } }, ratio)
    }

    /// How many samples closed far behind.
    pub(crate) fn far(&self) -> u32 {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).far
    }
}

/// The tier a kernel's latest launch ran on, so that `CUPRITE_TIER_TRACE` says when it moves
/// up the ladder (once or twice per kernel), not at every launch.
#[derive(Debug, Default)]
pub(crate) struct LastTier(AtomicU8);

impl LastTier {
    /// Kernel `name`'s launch ran on `tier`; whether that is a different tier than its
    /// previous launch's (traced).
    pub(crate) fn note(&self, name: &str, tier: Tier) -> bool {
        let code = match tier {
            Tier::Interpreter => 1,
            Tier::ThreadJit => 2,
            Tier::WarpJit => 3,
            Tier::Block => 4,
        };
        let moved = self.0.swap(code, Ordering::Relaxed) != code;
        if moved && trace() {
            let what = match tier {
                Tier::Interpreter => "the interpreter",
                Tier::ThreadJit => "the per-thread tier",
                Tier::WarpJit => "the warp tier",
                Tier::Block => "the block tier",
            };
            eprintln!("tier: `{name}` runs on {what}");
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_block_tier_is_left_only_when_every_sample_is_far_behind() {
        let add = |s: &Samples, t: (Duration, u64), b: (Duration, u64)| s.add(t, b).0;
        let s = Samples::default();
        assert_eq!(add(&s, (ms(20), 10), (ms(100), 10)), Verdict::Keep, "faster");
        let s = Samples::default();
        assert_eq!(add(&s, (ms(20), 10), (ms(10), 10)), Verdict::Keep, "2x: a busy core could do that");
        let s = Samples::default();
        assert_eq!(add(&s, (us(1900), 10), (us(100), 10)), Verdict::Open { far: false }, "19x of too little");
        for _ in 1..LEAVE_AFTER {
            assert_eq!(add(&s, (ms(36), 10), (ms(10), 10)), Verdict::Open { far: true }, "3.6x: bfs's expand");
        }
        assert_eq!(add(&s, (ms(3), 1), (Duration::ZERO, 1)), Verdict::Leave, "the last far sample");
        // One sample inflated by a busy host, then one as the code runs: kept.
        let s = Samples::default();
        assert_eq!(add(&s, (ms(40), 10), (ms(10), 10)), Verdict::Open { far: true });
        assert_eq!(add(&s, (ms(12), 10), (ms(10), 10)), Verdict::Keep);
        assert_eq!(s.far(), 1);
    }

    const fn us(n: u64) -> Duration {
        Duration::from_micros(n)
    }

    #[test]
    fn slices_of_launches() {
        assert_eq!(slice_blocks(4096, 1), 256, "one block in 16");
        assert_eq!(slice_blocks(100, 16), 16, "at least one per worker");
        assert_eq!(slice_blocks(3, 16), 3, "a small launch whole: not split");
    }

    #[test]
    fn a_move_is_noted_once() {
        let t = LastTier::default();
        assert!(t.note("k", Tier::ThreadJit), "the first launch");
        assert!(!t.note("k", Tier::ThreadJit));
        assert!(t.note("k", Tier::WarpJit), "up the ladder");
        assert!(!t.note("k", Tier::WarpJit));
        assert!(t.note("k", Tier::Block));
    }
}
