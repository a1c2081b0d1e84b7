//! Which compiled tier runs a kernel under `Engine::Jit`: first the one `warp::preferred`
//! (and the per-thread JIT's own `prefer_interp`) pick from the kernel's code; once the
//! kernel has run long enough on it that compiling the other tier is cheap beside it, a few
//! launches try the other tier on a slice of their blocks, as many blocks after it run on the
//! first beside it, and the rest of the launch runs on whichever leads then; whichever has
//! run a block faster on average runs the next launches whole (so a launch runs on the slower
//! tier only while the try that shows it runs). While the first tier stays ahead, the other
//! gets another round of tries each time the first has run four times as long again as it
//! had at the previous round (longer still when the other lost by more), so that its average
//! covers launches that differ. A static rule cannot see what decides it: how often a warp's
//! lanes diverge, and whether its accesses are side by side (a 2D stencil runs 1.3x faster
//! on the warp tier; a bitonic sort step, whose lanes split at every data-dependent swap,
//! 1.4x slower).
//!
//! What a try costs is bounded: a round's first try runs one block in [`FIRST_TRY_SHARE`] on
//! the other tier, and a round whose tries all ran [`GIVE_UP`] times slower than the blocks
//! beside them ends that tier's tries for the kernel (a tiled matmul's blocks run 6x slower
//! on the per-thread JIT: whole-launch tries made its steady state 5x slower, and repeated
//! slice tries landed on two or three of five launches, each 30% slower). The second try of
//! such a round is as small as the first; it is there because a first try of a few blocks
//! also pays for the tier's first run (its code's pages, the warps' register buffers: a
//! one-block try of a warp-tier kernel measured 2.9x slower, the next 0.3x). Only a close
//! contest gets a larger second try ([`TRIAL_SHARE`]) to decide it. The parts of a launch are
//! compared in process CPU time (`block_tier::Stopwatch`): wall time counts what other
//! processes took from the cores, and flipped choices between runs on a loaded machine.
//! The tier that runs keeps being measured, so a kernel whose launches differ (a sort's
//! steps) moves back when its average gets worse than the other's. Both tiers compute the
//! same results (their differential tests), and blocks are independent, so the choice only
//! moves time.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// Time a kernel spends on its first tier before the other one is tried (a warp-tier
/// compile takes a few milliseconds to tens of milliseconds).
const EXPLORE_AFTER: Duration = Duration::from_millis(40);

pub(super) fn trace() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::TIER_TRACE))
}

/// Launches the other tier gets a slice of in a round, before the averages decide.
const TRIES: u64 = 2;

/// A round's first try runs one block in this many of the launch on the other tier: a tier
/// 6x slower then costs the launch 8%.
const FIRST_TRY_SHARE: u64 = 64;

/// The round's later tries (after a close first one) run one block in this many.
const TRIAL_SHARE: u64 = 16;

/// A round of tries whose blocks all took this many times as long as the blocks beside
/// them: the tier is not tried again for the kernel.
const GIVE_UP: f64 = 2.0;

/// The blocks (from the first) of a launch of `blocks` blocks on `workers` workers that try
/// another tier, one in [`TRIAL_SHARE`] (at least one per worker): all of them when the
/// launch is too small to split.
pub(crate) fn trial_blocks(blocks: u64, workers: u32) -> u64 {
    slice_blocks(blocks, workers, TRIAL_SHARE)
}

/// The blocks (from the first) of a launch of `blocks` blocks on `workers` workers that try
/// another tier, one in `share` (at least one per worker): all of them when the launch is
/// too small to split.
pub(crate) fn slice_blocks(blocks: u64, workers: u32, share: u64) -> u64 {
    blocks.div_ceil(share.max(1)).max(u64::from(workers)).min(blocks)
}

/// Where a launch runs under `Engine::Jit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Choice {
    /// The tier that runs its blocks (`true`: the warp tier).
    pub warp: bool,
    /// While the other tier is tried: one block in how many (`slice_blocks`) tries it
    /// first.
    pub trial: Option<u64>,
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
    /// How many times as long as the other tier's its tries of the latest round took per
    /// block, the least of them (in thousandths; 0 before any): the next round waits that
    /// much longer, and a round all [`GIVE_UP`] times behind or more ends the tries.
    behind_milli: AtomicU64,
    /// The tier cannot run the kernel (it does not compile it, or leaves it to the
    /// interpreter), or lost a try by [`GIVE_UP`] or more.
    ruled_out: AtomicBool,
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
        let stay = Choice { warp: first, trial: None };
        if other.ruled_out.load(Ordering::Relaxed) {
            return stay;
        }
        if let (Some(m), Some(o)) = (mine.per_block(), other.per_block())
            && o < m
        {
            // Ahead: any round of tries under way is over.
            let _ = other.tries.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |g| Some(g.next_multiple_of(TRIES)));
            return Choice { warp: !first, trial: None };
        }
        // Rounds of `TRIES` tries of the other tier: a first once this one has run
        // `EXPLORE_AFTER`, and another each time it has run four times as long again as at
        // the previous round's start (a single long launch is not several rounds' worth),
        // times how far behind the other was, so that launches that differ (a sort's steps)
        // all get their share of its average, at a cost that shrinks beside the run.
        let granted = other.tries.load(Ordering::Relaxed);
        let ran = mine.ns.load(Ordering::Relaxed);
        let rounds = u32::try_from(granted / TRIES).unwrap_or(u32::MAX).min(16);
        // (`u64::MAX`: a round whose tries ran whole launches, compared with no blocks
        // beside them.)
        let behind = match other.behind_milli.load(Ordering::Relaxed) {
            u64::MAX => 1000,
            b => b.clamp(1000, 1_000_000),
        };
        let due = (EXPLORE_AFTER.as_nanos() as u64)
            .saturating_mul(4u64.saturating_pow(rounds))
            .max(other.round_began_at.load(Ordering::Relaxed).saturating_mul(4))
            .saturating_mul(behind)
            / 1000;
        let in_round = !granted.is_multiple_of(TRIES);
        if in_round || ran >= due {
            if !in_round {
                other.round_began_at.store(ran, Ordering::Relaxed);
                other.behind_milli.store(u64::MAX, Ordering::Relaxed);
            }
            other.tries.fetch_add(1, Ordering::Relaxed);
            // A close first try gets a larger second one; one far behind, another as small.
            let close = match other.behind_milli.load(Ordering::Relaxed) {
                u64::MAX => true,
                b => b < (GIVE_UP * 1000.0) as u64,
            };
            let share = if in_round && close { TRIAL_SHARE } else { FIRST_TRY_SHARE };
            return Choice { warp: first, trial: Some(share) };
        }
        stay
    }

    /// Whether tier `warp` has run a block faster on average than the other and is not ruled
    /// out.
    pub(crate) fn leads(&self, warp: bool) -> bool {
        let (mine, other) = (&self.tiers[usize::from(warp)], &self.tiers[usize::from(!warp)]);
        !mine.ruled_out.load(Ordering::Relaxed)
            && matches!((mine.per_block(), other.per_block()), (Some(m), Some(o)) if m < o)
    }

    /// Whether the warp tier is known: it has run blocks or cannot run the kernel. Until
    /// then the launches run on the per-thread JIT (the warp tier's code compiling, or not
    /// tried yet), which the warp tier may be about to replace: a third tier (the block tier)
    /// judged beside it could win against the slower and replace the faster. (The per-thread
    /// JIT is not waited for: where the warp tier runs first, the kernel's code predicted it
    /// slower.)
    pub(crate) fn settled(&self) -> bool {
        let warp = &self.tiers[1];
        warp.ruled_out.load(Ordering::Relaxed) || warp.blocks.load(Ordering::Relaxed) > 0
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

    /// A launch of kernel `name` tried tier `warp` on its first `tried` blocks (with work
    /// `tried_work`: process CPU time, `block_tier::Stopwatch`) and ran the `rest` on the
    /// other tier (with `rest_work`); the launch took `elapsed` on `workers` workers. The
    /// rest counts as a launch of its tier (its share of `elapsed`); the try counts at the
    /// per-block time the rest's tier has on average, scaled by the ratio of the two parts'
    /// per-block work: a comparison within one launch, as the blocks of different launches
    /// may differ (a BFS level with a large frontier costs ten times one with a small
    /// frontier, and comparing a try on one with an average over others decided from the
    /// frontiers). A round of tries all [`GIVE_UP`] times slower or more ends the tier's
    /// tries.
    pub(crate) fn record_trial(
        &self,
        name: &str,
        warp: bool,
        (tried_work, tried): (Duration, u64),
        (rest_work, rest): (Duration, u64),
        (elapsed, workers): (Duration, u32),
    ) {
        let (tried, rest) = (tried.max(1), rest.max(1));
        let tried_ns = tried_work.as_nanos() as f64 / tried as f64;
        let rest_ns = rest_work.as_nanos() as f64 / rest as f64;
        let ratio = tried_ns / rest_ns.max(1.0);
        // The rest's share of the launch's worker time, by the parts' work.
        let whole = worker_ns(elapsed, tried + rest, workers) as f64;
        let rest_part = whole * rest_work.as_nanos() as f64 / (tried_work + rest_work).as_nanos().max(1) as f64;
        let main = &self.tiers[usize::from(!warp)];
        main.ns.fetch_add(rest_part as u64, Ordering::Relaxed);
        main.blocks.fetch_add(rest, Ordering::Relaxed);
        main.launches.fetch_add(1, Ordering::Relaxed);
        let scaled = main.per_block().unwrap_or(rest_part / rest as f64) * ratio;
        let t = &self.tiers[usize::from(warp)];
        let give_up = (GIVE_UP * 1000.0) as u64;
        let before = t.behind_milli.load(Ordering::Relaxed);
        if before != u64::MAX && before >= give_up && ratio * 1000.0 < give_up as f64 {
            // The round's tries so far were far behind and this one is not: they paid for
            // the tier's first run; forgotten.
            t.ns.store(0, Ordering::Relaxed);
            t.blocks.store(0, Ordering::Relaxed);
        }
        t.ns.fetch_add((scaled * tried as f64) as u64, Ordering::Relaxed);
        t.blocks.fetch_add(tried, Ordering::Relaxed);
        let milli = (ratio * 1000.0) as u64;
        let behind = t.behind_milli.fetch_min(milli, Ordering::Relaxed).min(milli);
        let tier = if warp { "the warp tier" } else { "the per-thread tier" };
        let round_over = t.tries.load(Ordering::Relaxed).is_multiple_of(TRIES);
        if round_over && behind >= give_up {
            t.ruled_out.store(true, Ordering::Relaxed);
            if trace() {
                eprintln!(
                    "tier: `{name}` tried {tier}: its blocks took {:.2}x the time of those beside them or more; \
                     not tried again",
                    behind as f64 / 1000.0
                );
            }
        }
        self.report(name, &format!("tried {tier} on a slice ({ratio:.2}x the time per block)"));
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

    const fn us(n: u64) -> Duration {
        Duration::from_micros(n)
    }

    const STAY_THREAD: Choice = Choice { warp: false, trial: None };
    const TRY_WARP: Choice = Choice { warp: false, trial: Some(FIRST_TRY_SHARE) };
    const TRY_WARP_AGAIN: Choice = Choice { warp: false, trial: Some(TRIAL_SHARE) };
    const WARP: Choice = Choice { warp: true, trial: None };

    /// A launch of 100 blocks on one worker whose first `n` tried the warp tier at `tried`
    /// a block, the rest on the per-thread tier at `rest` a block.
    fn trial(t: &TierTimes, n: u64, tried: Duration, rest: Duration) {
        let m = 100 - n;
        let (tried, rest) = (tried * n as u32, rest * m as u32);
        t.record_trial("k", true, (tried, n), (rest, m), (tried + rest, 1));
    }

    #[test]
    fn tries_the_other_tier_on_a_slice_then_keeps_the_faster() {
        let t = TierTimes::default();
        // The thread tier first, until it has run long enough.
        assert_eq!(t.choose(false), STAY_THREAD);
        t.record("k", false, ms(10), 100, 1);
        assert_eq!(t.choose(false), STAY_THREAD);
        t.record("k", false, ms(35), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP, "tries the warp tier on a small slice");
        trial(&t, 2, us(100), us(450));
        assert_eq!(t.choose(false), WARP, "the warp tier ran a block faster");
        // The running tier's average getting worse sends it back.
        t.record("k", true, ms(100), 100, 1);
        assert_eq!(t.choose(false), STAY_THREAD);
    }

    #[test]
    fn the_rest_of_a_launch_follows_its_try() {
        // What decides the blocks after a try and those beside it: whether the tried tier
        // now leads on average.
        let t = TierTimes::default();
        t.record("k", false, ms(100), 100, 1);
        assert!(!t.leads(true), "not run yet");
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(300), us(1000));
        assert!(t.leads(true) && !t.leads(false), "3x faster");
        let t = TierTimes::default();
        t.record("k", false, ms(100), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(1100), us(1000));
        assert!(!t.leads(true) && t.leads(false), "slower");
    }

    #[test]
    fn a_close_try_gets_a_larger_second_one() {
        let t = TierTimes::default();
        t.record("k", false, ms(100), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(1200), us(1000));
        assert_eq!(t.choose(false), TRY_WARP_AGAIN, "1.2x: the round's second try, on more blocks");
        trial(&t, 7, us(1300), us(1000));
        assert_eq!(t.choose(false), STAY_THREAD, "slower: the first tier stays");
    }

    #[test]
    fn a_try_far_behind_ends_the_tries() {
        // A tiled matmul: its blocks take 6x as long on the per-thread tier as on the warp
        // tier. One small try, and never again however long the kernel runs.
        let t = TierTimes::default();
        t.record("k", true, ms(100), 100, 1);
        assert_eq!(t.choose(true), Choice { warp: true, trial: Some(FIRST_TRY_SHARE) });
        let (tried, rest) = (us(6000) * 2, us(1000) * 98);
        t.record_trial("k", false, (tried, 2), (rest, 98), (tried + rest, 1));
        // A second try as small, in case the first paid for the tier's first run.
        assert_eq!(t.choose(true), Choice { warp: true, trial: Some(FIRST_TRY_SHARE) });
        t.record_trial("k", false, (tried, 2), (rest, 98), (tried + rest, 1));
        for _ in 0..1000 {
            assert_eq!(t.choose(true), Choice { warp: true, trial: None });
            t.record("k", true, ms(100), 100, 1);
        }
    }

    #[test]
    fn a_first_try_far_behind_is_not_the_last() {
        // A first try of a few blocks pays for the tier's first run: 2.9x behind, then 0.3x.
        let t = TierTimes::default();
        t.record("k", false, ms(100), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 1, us(2900), us(1000));
        assert_eq!(t.choose(false), TRY_WARP, "a second try, as small");
        trial(&t, 1, us(300), us(1000));
        assert!(t.leads(true), "the warm try decides");
    }

    #[test]
    fn a_try_just_behind_is_tried_again_later() {
        // 1.9x behind: not given up, but the next round waits 1.9 times as long.
        let t = TierTimes::default();
        t.record("k", false, ms(100), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(1900), us(1000));
        assert_eq!(t.choose(false), TRY_WARP_AGAIN);
        trial(&t, 7, us(1900), us(1000));
        // The round began at 100 ms; four times as long again, times 1.9: 760 ms (the
        // tries' launches ran 191 ms on the first tier).
        t.record("k", false, ms(400), 100, 1);
        assert_eq!(t.choose(false), STAY_THREAD, "691 ms: not yet");
        t.record("k", false, ms(100), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP, "791 ms: a second round");
    }

    #[test]
    fn a_try_is_compared_within_its_launch() {
        // Cheap launches on the per-thread JIT (0.1 ms a block), then a heavy one whose first
        // blocks try the warp tier: 0.8 ms a block there against 1 ms on the rest. Beside the
        // cheap launches' average the try looks 8x slower; within its launch it is faster.
        let t = TierTimes::default();
        t.record("k", false, ms(100), 1000, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(800), us(1000));
        assert_eq!(t.choose(false), WARP);
        // And the other way: a try slower than the rest of its launch is not chosen however
        // cheap its blocks are beside the average.
        let t = TierTimes::default();
        t.record("k", false, ms(1000), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(1500), us(1000));
        assert_eq!(t.choose(false), TRY_WARP_AGAIN, "the round's second try");
        trial(&t, 7, us(1500), us(1000));
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
        assert_eq!(t.choose(false), TRY_WARP_AGAIN, "the round's second try");
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
        assert_eq!(slice_blocks(2304, 1, FIRST_TRY_SHARE), 36, "one block in 64");
        assert_eq!(trial_blocks(100, 16), 16, "at least one per worker");
        assert_eq!(trial_blocks(3, 16), 3, "a small launch whole");
        assert_eq!(trial_blocks(1, 1), 1);
    }

    #[test]
    fn settled_once_the_warp_tier_ran_or_is_ruled_out() {
        let t = TierTimes::default();
        assert!(!t.settled(), "nothing ran");
        t.record("k", false, ms(100), 100, 1);
        assert!(!t.settled(), "the warp tier not tried yet");
        assert_eq!(t.choose(false), TRY_WARP);
        trial(&t, 2, us(300), us(1000));
        assert!(t.settled(), "the warp tier measured on a slice");
        let t = TierTimes::default();
        t.record("k", true, ms(10), 100, 1);
        assert!(t.settled(), "the warp tier runs first");
        let t = TierTimes::default();
        t.record("k", false, ms(100), 100, 1);
        t.rule_out(true);
        assert!(t.settled(), "the warp tier cannot run it");
    }

    #[test]
    fn never_tries_a_ruled_out_tier() {
        let t = TierTimes::default();
        t.record("k", true, ms(100), 10, 1);
        t.rule_out(false);
        assert_eq!(t.choose(true), Choice { warp: true, trial: None });
    }

    #[test]
    fn compares_worker_time_per_block() {
        // 100 blocks in 50 ms on 2 workers (1 ms of a worker each) lose to 100 blocks in
        // 80 ms on one worker.
        let t = TierTimes::default();
        t.record("k", false, ms(80), 100, 1);
        assert_eq!(t.choose(false), TRY_WARP);
        t.record("k", true, ms(50), 100, 2);
        assert_eq!(t.choose(false), TRY_WARP_AGAIN);
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
