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
//! first launch that finds the block tier's code built and can be split runs
//! [`slice_blocks`] on it and as many after them on the rung below, once per kernel; and its
//! first whole launches (three, or more until they reach [`JUDGED_WORK`]) are compared, once,
//! with the least CPU time per block of a launch below it before its build (a launch's first
//! blocks need not be like the whole).
//! What is compared is the launch's own work: the CPU time of the seats that ran each part,
//! each on its thread's clock (`block_tier::Stopwatch`, `exec::SeatTime`), which neither
//! other threads of the process (a background compile, a test beside it) nor other processes
//! add to. The block tier is left for good only when it took [`FAR`] times as long or more,
//! over at least [`JUDGED_WORK`], and kept for good otherwise; parts under [`JUDGED_WORK`]
//! are no verdict: those of later launches add to them (up to [`JUDGED_LAUNCHES`] slices; too
//! little work in all keeps the rule). A busy core does not make one part 2.5 times another's
//! CPU time (the old rule's flips came from 1.0-1.4x differences).
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
pub(crate) const JUDGED_LAUNCHES: u64 = 8;

/// The blocks (from the first) of a launch of `blocks` blocks on `workers` workers that run
/// on the block tier while it is judged: one in 16, at least one per worker; all of them
/// when the launch is too small to split.
pub(crate) fn slice_blocks(blocks: u64, workers: u32) -> u64 {
    blocks.div_ceil(16).max(u64::from(workers)).min(blocks)
}

/// Whether the block tier keeps a kernel whose `tried.1` blocks on it took `tried.0` of the
/// launch's CPU time and `below.1` blocks on the rung below `below.0`; `None` (no verdict)
/// while the block tier's part is under [`JUDGED_WORK`].
pub(crate) fn keeps_block_tier(tried: (Duration, u64), below: (Duration, u64)) -> Option<bool> {
    if tried.0 < JUDGED_WORK {
        return None;
    }
    let per = |(work, n): (Duration, u64)| work.as_nanos() as f64 / n.max(1) as f64;
    Some(per(tried) < FAR * per(below).max(1.0))
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
    fn the_block_tier_is_left_only_far_behind() {
        assert_eq!(keeps_block_tier((ms(20), 10), (ms(100), 10)), Some(true), "faster");
        assert_eq!(keeps_block_tier((ms(20), 10), (ms(10), 10)), Some(true), "2x: a busy core could do that");
        assert_eq!(keeps_block_tier((ms(36), 10), (ms(10), 10)), Some(false), "3.6x: bfs's expand");
        assert_eq!(keeps_block_tier((us(1900), 10), (us(100), 10)), None, "19x of too little to tell");
        assert_eq!(keeps_block_tier((ms(3), 1), (Duration::ZERO, 1)), Some(false), "nothing below measured");
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
