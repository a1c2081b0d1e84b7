//! Which compiled tier runs a kernel under `Engine::Jit`: first the one `warp::preferred`
//! (and the per-thread JIT's own `prefer_interp`) pick from the kernel's code; once the
//! kernel has run long enough on it that compiling the other tier is cheap beside it, a few
//! launches try the other tier on a slice of their blocks (`TRIAL_SHARE`; the rest run on
//! the first), then whichever has run a block faster on average runs whole launches. While
//! the first tier stays ahead, the other gets another round of tries each time the first has
//! run four times as long again as it had at the previous round, so that its average covers
//! launches that differ. A static rule cannot see what decides it: how often a warp's lanes
//! diverge, and whether its accesses are side by side (a 2D stencil runs 1.3x faster on the
//! warp tier; a bitonic sort step, whose lanes split at every data-dependent swap, 1.4x
//! slower). Trying on a slice bounds what a try costs when the other tier is much slower (a
//! tiled matmul's launch took 4x as long on the per-thread JIT; whole-launch tries made the
//! steady state 5x slower). The tier that runs keeps being measured, so a kernel whose
//! launches differ (a sort's steps) moves back when its average gets worse than the other's.
//! Both tiers compute the same results (their differential tests), and blocks are
//! independent, so the choice only moves time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// Time a kernel spends on its first tier before the other one is tried (a warp-tier
/// compile takes a few milliseconds to tens of milliseconds).
const EXPLORE_AFTER: Duration = Duration::from_millis(40);

pub(super) fn trace() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::TIER_TRACE))
}

/// Launches the other tier gets a slice of before the averages decide.
const TRIES: u64 = 2;

/// A try runs one block in this many of the launch (at least one per worker) on the other
/// tier.
const TRIAL_SHARE: u64 = 16;

/// The blocks (from the first) of a launch of `blocks` blocks on `workers` workers that try
/// the other tier: all of them when the launch is too small to split.
pub(crate) fn trial_blocks(blocks: u64, workers: u32) -> u64 {
    blocks.div_ceil(TRIAL_SHARE).max(u64::from(workers)).min(blocks)
}

/// Where a launch runs under `Engine::Jit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The tier that runs its blocks (`true`: the warp tier).
    pub warp: bool,
    /// Whether a slice of its blocks (`trial_blocks`) tries the other tier first.
    pub trial: bool,
}

/// The worker time of a run of `blocks` blocks that took `elapsed` on `workers` workers (a
/// grid smaller than the pool keeps only as many busy as it has blocks).
fn worker_ns(elapsed: Duration, blocks: u64, workers: u32) -> u64 {
    let busy = u64::from(workers.max(1)).min(blocks.max(1));
    (elapsed.as_nanos() as u64).saturating_mul(busy)
}

/// What one kernel's launches measured on one tier.
#[derive(Debug, Default)]
struct Measured {
    /// Worker time (ns) and blocks, summed over the launches.
    ns: AtomicU64,
    blocks: AtomicU64,
    launches: AtomicU64,
    /// Launches `choose` gave it to try it while the other tier ran blocks faster.
    tries: AtomicU64,
    /// The other tier's time (`ns`) when this one's latest round of tries began.
    round_began_at: AtomicU64,
    /// The tier cannot run the kernel (it does not compile it, or leaves it to the
    /// interpreter).
    ruled_out: std::sync::atomic::AtomicBool,
}

impl Measured {
    /// Average worker time per block (ns); `None` before any launch.
    fn per_block(&self) -> Option<f64> {
        let b = self.blocks.load(Ordering::Relaxed);
        (b > 0).then(|| self.ns.load(Ordering::Relaxed) as f64 / b as f64)
    }
}

/// What one kernel's launches measured, per tier (index 0: the per-thread JIT, 1: the warp
/// tier).
#[derive(Debug, Default)]
pub(crate) struct TierTimes {
    tiers: [Measured; 2],
}

impl TierTimes {
    /// The tiers for the next launch when the kernel's code prefers tier `first` (`true`: the
    /// warp tier): the other one when it ran a block faster, else the first, with a slice
    /// of the blocks on the other while it is being tried.
    pub(crate) fn choose(&self, first: bool) -> Choice {
        let (mine, other) = (&self.tiers[usize::from(first)], &self.tiers[usize::from(!first)]);
        let stay = Choice { warp: first, trial: false };
        if other.ruled_out.load(Ordering::Relaxed) {
            return stay;
        }
        if let (Some(m), Some(o)) = (mine.per_block(), other.per_block())
            && o < m
        {
            // Ahead: any round of tries under way is over.
            let _ = other.tries.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |g| Some(g.next_multiple_of(TRIES)));
            return Choice { warp: !first, trial: false };
        }
        // Rounds of `TRIES` tries of the other tier: a first once this one has run
        // `EXPLORE_AFTER`, and another each time it has run four times as long again as at
        // the previous round's start (a single long launch is not several rounds' worth),
        // so that launches that differ (a sort's steps) all get their share of its average,
        // at a cost that shrinks beside the run.
        let granted = other.tries.load(Ordering::Relaxed);
        let ran = mine.ns.load(Ordering::Relaxed);
        let rounds = u32::try_from(granted / TRIES).unwrap_or(u32::MAX).min(16);
        let due = (EXPLORE_AFTER.as_nanos() as u64)
            .saturating_mul(4u64.saturating_pow(rounds))
            .max(other.round_began_at.load(Ordering::Relaxed).saturating_mul(4));
        let in_round = !granted.is_multiple_of(TRIES);
        if in_round || ran >= due {
            if !in_round {
                other.round_began_at.store(ran, Ordering::Relaxed);
            }
            other.tries.fetch_add(1, Ordering::Relaxed);
            return Choice { warp: first, trial: true };
        }
        stay
    }

    /// Tier `warp` cannot run the kernel: never tried again.
    pub(crate) fn rule_out(&self, warp: bool) {
        self.tiers[usize::from(warp)].ruled_out.store(true, Ordering::Relaxed);
    }

    /// A launch of kernel `name` of `blocks` blocks on tier `warp` took `elapsed` on
    /// `workers` workers. (`CUPRITE_TIER_TRACE=1` prints each launch's tier and the averages.)
    pub(crate) fn record(&self, name: &str, warp: bool, elapsed: Duration, blocks: u64, workers: u32) {
        let blocks = blocks.max(1);
        let t = &self.tiers[usize::from(warp)];
        t.ns.fetch_add(worker_ns(elapsed, blocks, workers), Ordering::Relaxed);
        t.blocks.fetch_add(blocks, Ordering::Relaxed);
        t.launches.fetch_add(1, Ordering::Relaxed);
        self.report(name, if warp { "ran on the warp tier" } else { "ran on the per-thread tier" });
    }

    /// A launch of kernel `name` tried tier `warp` on its first `tried` blocks (in
    /// `tried_elapsed`) and ran the `rest` on the other tier (in `rest_elapsed`). The rest
    /// counts as any launch of its tier; the try counts at the per-block time the rest's
    /// tier has on average, scaled by the ratio of the two parts' per-block times: a
    /// comparison within one launch, as the blocks of different launches may differ (a
    /// BFS level with a large frontier costs ten times one with a small frontier, and
    /// comparing a try on one with an average over others decided from the frontiers).
    pub(crate) fn record_trial(
        &self,
        name: &str,
        warp: bool,
        (tried_elapsed, tried): (Duration, u64),
        (rest_elapsed, rest): (Duration, u64),
        workers: u32,
    ) {
        let (tried, rest) = (tried.max(1), rest.max(1));
        let tried_ns = worker_ns(tried_elapsed, tried, workers) as f64 / tried as f64;
        let rest_ns = worker_ns(rest_elapsed, rest, workers) as f64 / rest as f64;
        let main = &self.tiers[usize::from(!warp)];
        main.ns.fetch_add(worker_ns(rest_elapsed, rest, workers), Ordering::Relaxed);
        main.blocks.fetch_add(rest, Ordering::Relaxed);
        main.launches.fetch_add(1, Ordering::Relaxed);
        let scaled = main.per_block().unwrap_or(rest_ns) * (tried_ns / rest_ns.max(1.0));
        let t = &self.tiers[usize::from(warp)];
        t.ns.fetch_add((scaled * tried as f64) as u64, Ordering::Relaxed);
        t.blocks.fetch_add(tried, Ordering::Relaxed);
        self.report(name, if warp { "tried the warp tier on a slice" } else { "tried the per-thread tier on a slice" });
    }

    /// `CUPRITE_TIER_TRACE=1`: what a launch ran on (`what`) and the averages.
    fn report(&self, name: &str, what: &str) {
        if trace() {
            let avg = |m: &Measured| m.per_block().map_or("-".to_string(), |ns| format!("{:.0} ns", ns));
            eprintln!(
                "tier: `{name}` {what}; worker time per block: per-thread JIT {}, warp tier {}",
                avg(&self.tiers[0]),
                avg(&self.tiers[1])
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    const STAY_THREAD: Choice = Choice { warp: false, trial: false };
    const TRY_WARP: Choice = Choice { warp: false, trial: true };
    const WARP: Choice = Choice { warp: true, trial: false };

    #[test]
    fn tries_the_other_tier_on_a_slice_then_keeps_the_faster() {
        let t = TierTimes::default();
        // The thread tier first, until it has run long enough.
        assert_eq!(t.choose(false), STAY_THREAD);
        t.record("k", false, ms(10), 100, 1);
        assert_eq!(t.choose(false), STAY_THREAD);
        t.record("k", false, ms(35), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP, "tries the warp tier");
        t.record("k", true, ms(1), 7, 1);
        assert_eq!(t.choose(false), WARP, "the warp tier ran a block faster");
        // The running tier's average getting worse sends it back.
        t.record("k", true, ms(100), 100, 1);
        assert_eq!(t.choose(false), STAY_THREAD);
    }

    #[test]
    fn a_try_is_compared_within_its_launch() {
        // Cheap launches on the per-thread JIT (0.1 ms a block), then a heavy one whose first
        // blocks try the warp tier: 0.8 ms a block there against 1 ms on the rest. Beside the
        // cheap launches' average the try looks 4.5x slower; within its launch it is faster.
        let t = TierTimes::default();
        t.record("k", false, ms(100), 1000, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        t.record_trial("k", true, (Duration::from_micros(4800), 6), (ms(94), 94), 1);
        assert_eq!(t.choose(false), WARP);
        // And the other way: a try slower than the rest of its launch is not chosen however
        // cheap its blocks are beside the average.
        let t = TierTimes::default();
        t.record("k", false, ms(1000), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        t.record_trial("k", true, (ms(12), 6), (ms(94), 94), 1);
        assert_eq!(t.choose(false), TRY_WARP, "the round's second try");
        t.record_trial("k", true, (ms(12), 6), (ms(94), 94), 1);
        assert_eq!(t.choose(false), STAY_THREAD);
    }

    #[test]
    fn a_long_launch_is_one_round_of_tries() {
        // One launch of 800 ms: a round of two tries, then none until the first tier has
        // run four times as long as at that round's start.
        let t = TierTimes::default();
        t.record("k", false, ms(800), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        t.record("k", true, ms(400), 7, 1);
        assert_eq!(t.choose(false), TRY_WARP, "the round's second try");
        t.record("k", true, ms(400), 7, 1);
        assert_eq!(t.choose(false), STAY_THREAD, "800 ms: not again yet");
        t.record("k", false, ms(2300), 100, 1);
        assert_eq!(t.choose(false), STAY_THREAD, "3100 ms: not yet");
        t.record("k", false, ms(100), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP, "3200 ms: a second round");
    }

    #[test]
    fn slices_of_launches() {
        assert_eq!(trial_blocks(4096, 1), 256, "one block in 16");
        assert_eq!(trial_blocks(100, 16), 16, "at least one per worker");
        assert_eq!(trial_blocks(3, 16), 3, "a small launch whole");
        assert_eq!(trial_blocks(1, 1), 1);
    }

    #[test]
    fn never_tries_a_ruled_out_tier() {
        let t = TierTimes::default();
        t.record("k", true, ms(100), 10, 1);
        t.rule_out(false);
        assert_eq!(t.choose(true), Choice { warp: true, trial: false });
    }

    #[test]
    fn compares_worker_time_per_block() {
        // 100 blocks in 50 ms on 2 workers (1 ms of a worker each) lose to 100 blocks in
        // 80 ms on one worker.
        let t = TierTimes::default();
        t.record("k", false, ms(80), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        t.record("k", true, ms(50), 100, 2);
        assert_eq!(t.choose(false), TRY_WARP);
        t.record("k", true, ms(50), 100, 2);
        assert_eq!(t.choose(false), STAY_THREAD);
        // A grid smaller than the worker pool keeps only as many workers busy as it has
        // blocks.
        let t = TierTimes::default();
        t.record("k", false, ms(45), 1, 8);
        t.record("k", true, ms(40), 1, 8);
        assert_eq!(t.choose(false), WARP);
    }
}
