//! Which tier runs a kernel under `Engine::Jit`: a rule over the kernel's code, never the
//! timing of its launches. Each kernel climbs a fixed ladder and stays on the highest rung
//! whose code is ready, best first:
//!
//! 1. the **block tier**, for a kernel whose C translation runs 16 threads at a time
//!    (`block_tier::Cache::choose`: `eligible::declined` accepts it and `emit::runs_lanes`),
//!    once its code is built on a background thread (begun after the kernel has done
//!    `block_tier::EXPLORE_AFTER` of work on the tiers below: short programs never pay for a
//!    C compile);
//! 2. the **warp tier**, for a kernel `warp::preferred` picks (barriers, warp collectives,
//!    texture instructions, memory loops, grid-stride loops, long warp-uniform loops) or that
//!    the per-thread JIT leaves to the interpreter, once compiled (a long kernel in the
//!    background: `jit::Cache::warp_tier`);
//! 3. the **per-thread JIT**, unless it leaves the kernel to the interpreter
//!    (`compile::Code::prefer_interp`);
//! 4. the **interpreter**.
//!
//! A launch runs on the rung below while the code of the one above compiles, so a first
//! launch is never slower than it was, and from the launch that finds the code ready on,
//! every launch of the kernel runs there: the steady state is the same in every run of a
//! program, however busy the cores are.
//!
//! Before, the tiers were tried on slices of launches and kept by process CPU time; on a
//! loaded machine (and on 16 cores, where one worker's slice was measured beside 15 others')
//! the same binary picked different tiers from run to run: spmv_scalar 168 or 856 ms per
//! repetition, texture 586 or 88 ms (16-core Xeon, minutes apart), and bfs, measured at
//! 0.07 s of CPU a repetition on the block tier, left it for the warp tier's 0.37 s when a
//! slice landed on a cheap BFS level. The ladder is what those measurements showed in steady
//! state on every kit kernel the block tier translates 16 threads at a time: it ran each
//! faster than the best Cranelift tier (the numbers: the eighth session's report).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::Tier;

/// Whether `CUPRITE_TIER_TRACE` is on.
pub(crate) fn trace() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::TIER_TRACE))
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
