//! The blocks of a grid that no worker has started, and the threads a launch starts for them
//! when a running block waits for one ("spills").
//!
//! Workers run blocks to completion, claiming them in order (`grid.rs`). On a GPU the blocks of
//! a grid that fit on it at once run at once, and programs rely on it: a block spins until a
//! later block sets a flag (`cuda::std::atomic::wait`, a software grid barrier, a look-back scan
//! in reverse order). With every worker holding such a block, the later block never started.
//!
//! So a block that has run [`STALL`] since its first yield point (every engine's spin or long-loop
//! stop, `grid::yield_point`) while blocks of its grid wait unstarted starts threads for them:
//! as many as the launch has seats, doubling at each further stall, up to the blocks a GPU holds
//! at once (`LaunchOptions::resident_blocks`: the runtime's occupancy rule); the rest of the block's own run of blocks goes back to the grid
//! first. The threads and the workers then share the launch's cores (`coop_cores.rs`, joined
//! with a quantum), so a block that merely runs long, taken for a waiting one, costs little, and
//! the launch never uses more cores than it has workers. A grid that waits for more blocks than
//! a GPU holds at once would hang on a GPU: it waits here too, and says so once on stderr.

use std::cell::Cell;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::coop_cores::{self, Cores};

/// How long a block runs (from its first yield point) before the launch starts threads for the
/// blocks not started yet: long beside a yield point's interval (tens of microseconds) and short
/// beside a person's patience; further spills wait twice as long each.
pub(crate) const STALL: Duration = Duration::from_millis(10);

/// How long a thread sharing the cores of a spilled launch keeps its core before a yield point
/// hands it to a waiting one.
const QUANTUM: Duration = Duration::from_millis(2);

/// How long a block waits, with no thread left to start, before the launch says that its grid
/// waits for more blocks than a GPU holds at once.
pub(crate) const WARN_AFTER: Duration = Duration::from_secs(5);

/// The blocks (units: clusters where the launch has them) of one run of a grid that no worker
/// has started: the claim counter, and runs handed back by spilling blocks.
#[derive(Debug, Default)]
pub(crate) struct Claims {
    next: AtomicU64,
    /// The end of this run's units (`Launch::units`).
    limit: AtomicU64,
    /// The grid's units in all.
    all: AtomicU64,
    /// Runs of units handed back (a spilling block's own run; the rest of the grid after a
    /// partial run), claimed before the counter's.
    handed: Mutex<Vec<Range<u64>>>,
    any_handed: AtomicBool,
    /// The run went on to the end of the grid (a partial run whose block waited for a later one).
    extended: AtomicBool,
    /// Threads were started: every claim switches to the shared counter and joins the cores.
    spilling: AtomicBool,
    cores: Mutex<Option<Arc<Cores>>>,
    /// Seats of the run (its workers), and threads started so far.
    seats: AtomicU32,
    spilled: AtomicU32,
    /// Units a GPU runs at once for this launch.
    resident: AtomicU64,
    /// Units claimed from handed-back runs (with `next`, the grid's progress).
    reclaimed: AtomicU64,
    /// How long a block waits, with no unit claimed anywhere, before threads start: [`STALL`],
    /// or what the kernel's blocks took in its earlier launches when that is longer.
    patience: AtomicU64,
    warned: AtomicBool,
}

/// What a spilling block found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Spilled {
    /// Started this many threads.
    Started(u32),
    /// Every unit has started (the block waits for running ones).
    NothingWaits,
    /// Units wait, but as many run as a GPU holds at once.
    Full,
}

impl Claims {
    /// Starts a run of units `begin..end` of a grid of `all`, on `seats` workers, of which a GPU
    /// holds `resident` at once, and whose blocks took `block_ns` each before (0: unknown).
    pub(crate) fn reset(&self, (begin, end, all): (u64, u64, u64), seats: u32, resident: u64, block_ns: u64) {
        self.next.store(begin, Ordering::Relaxed);
        self.limit.store(end, Ordering::Relaxed);
        self.all.store(all, Ordering::Relaxed);
        // (The locks only after a run that spilled: most launches take none.)
        if self.spilling.swap(false, Ordering::Relaxed) || self.any_handed.load(Ordering::Relaxed) {
            self.handed.lock().unwrap_or_else(|e| e.into_inner()).clear();
            *self.cores.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
        self.any_handed.store(false, Ordering::Relaxed);
        self.extended.store(false, Ordering::Relaxed);
        self.seats.store(seats, Ordering::Relaxed);
        self.spilled.store(0, Ordering::Relaxed);
        self.resident.store(resident, Ordering::Relaxed);
        self.reclaimed.store(0, Ordering::Relaxed);
        self.patience.store(block_ns.max(STALL.as_nanos() as u64), Ordering::Relaxed);
        self.warned.store(false, Ordering::Relaxed);
    }

    /// Units claimed so far (grows while any seat finishes blocks).
    fn progress(&self) -> u64 {
        self.next.load(Ordering::Relaxed).wrapping_add(self.reclaimed.load(Ordering::Relaxed))
    }

    /// Claims a run of up to `chunk` units (from a handed-back run first); `alone`: no other
    /// thread claims (the launching thread before the pool joins), unless threads were started.
    pub(crate) fn claim(&self, chunk: u64, alone: bool) -> Option<Range<u64>> {
        let spilling = self.spilling.load(Ordering::Relaxed);
        if spilling {
            // A worker that claims after threads were started shares the cores with them.
            if let Some(c) = self.cores() {
                coop_cores::hold(&c);
            }
        }
        if self.any_handed.load(Ordering::Acquire)
            && let Some(r) = self.claim_handed(chunk)
        {
            return Some(r);
        }
        let limit = self.limit.load(Ordering::Relaxed);
        let b0 = if alone && !spilling {
            let b0 = self.next.load(Ordering::Relaxed);
            self.next.store(b0.saturating_add(chunk), Ordering::Relaxed);
            b0
        } else {
            self.next.fetch_add(chunk, Ordering::Relaxed)
        };
        (b0 < limit).then(|| b0..b0.saturating_add(chunk).min(limit))
    }

    fn claim_handed(&self, chunk: u64) -> Option<Range<u64>> {
        let mut h = self.handed.lock().unwrap_or_else(|e| e.into_inner());
        let (at, r) = h.iter().enumerate().min_by_key(|(_, r)| r.start).map(|(i, r)| (i, r.clone()))?;
        let run = r.start..r.start.saturating_add(chunk).min(r.end);
        if run.end >= r.end {
            h.swap_remove(at);
        } else {
            h[at].start = run.end;
        }
        if h.is_empty() {
            self.any_handed.store(false, Ordering::Relaxed);
        }
        self.reclaimed.fetch_add(1, Ordering::Relaxed);
        Some(run)
    }

    fn hand(&self, r: Range<u64>) {
        if r.is_empty() {
            return;
        }
        self.handed.lock().unwrap_or_else(|e| e.into_inner()).push(r);
        self.any_handed.store(true, Ordering::Release);
    }

    /// Whether units remain to claim (a cheap look: the launch may be handing its pool in).
    pub(crate) fn remain(&self) -> bool {
        self.any_handed.load(Ordering::Relaxed)
            || self.next.load(Ordering::Relaxed) < self.limit.load(Ordering::Relaxed)
    }

    /// The end of the units this run covered: its own, or the whole grid's once a block of a
    /// partial run had to wait for a later unit.
    pub(crate) fn covered_end(&self) -> u64 {
        if self.extended.load(Ordering::Relaxed) {
            self.all.load(Ordering::Relaxed)
        } else {
            self.limit.load(Ordering::Relaxed)
        }
    }

    /// The cores the run's threads share once it spilled.
    pub(crate) fn cores(&self) -> Option<Arc<Cores>> {
        self.cores.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Starts threads for the units waiting to start (a block waits for one, it seems).
    fn spill(&self) -> Spilled {
        let limit = self.limit.load(Ordering::Relaxed);
        let all = self.all.load(Ordering::Relaxed);
        if limit < all && !self.extended.swap(true, Ordering::Relaxed) {
            // A partial run (`Launch::units`): the unit waited for may lie after it.
            self.hand(limit..all);
        }
        let handed: u64 = self.handed.lock().unwrap_or_else(|e| e.into_inner()).iter().map(|r| r.end - r.start).sum();
        let waiting = handed.saturating_add(limit.saturating_sub(self.next.load(Ordering::Relaxed)));
        if waiting == 0 {
            return Spilled::NothingWaits;
        }
        let (seats, spilled) = (self.seats.load(Ordering::Relaxed), self.spilled.load(Ordering::Relaxed));
        let room = self.resident.load(Ordering::Relaxed).saturating_sub(u64::from(seats) + u64::from(spilled));
        if room == 0 {
            return Spilled::Full;
        }
        let n = room.min(waiting).min(u64::from(seats + spilled)).max(1) as u32;
        let cores = {
            let mut c = self.cores.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(c.get_or_insert_with(|| Cores::joined(QUANTUM)))
        };
        coop_cores::hold(&cores);
        self.spilling.store(true, Ordering::Relaxed);
        let started = crate::workers::spill(n);
        self.spilled.fetch_add(started, Ordering::Relaxed);
        Spilled::Started(started)
    }

    /// Whether this launch has not said yet that it waits for more blocks than a GPU holds
    /// (true once).
    pub(crate) fn first_warning(&self) -> bool {
        !self.warned.swap(true, Ordering::Relaxed)
    }

    /// Units a GPU runs at once for this launch.
    pub(crate) fn resident(&self) -> u64 {
        self.resident.load(Ordering::Relaxed)
    }
}

/// What this thread's seat of a run is doing, for its yield points.
#[derive(Clone, Copy)]
struct Seat {
    /// A seat of a plain launch runs a unit now.
    active: bool,
    unit: u64,
    /// The end of the seat's run of units (the spilling unit hands the rest back).
    end: u64,
    /// Yield points the unit passed, when it passed its first (or the grid last made progress),
    /// the grid's progress then, and its spills.
    yields: u32,
    since: Option<Instant>,
    mark: u64,
    spills: u32,
}

const IDLE: Seat = Seat { active: false, unit: 0, end: 0, yields: 0, since: None, mark: 0, spills: 0 };

thread_local! {
    static SEAT: Cell<Seat> = const { Cell::new(IDLE) };
}

/// Runs `f`, a seat of a launch, with this thread's seat its own (the outer one restored after
/// it: a launch from inside a block).
pub(crate) fn in_seat<R>(f: impl FnOnce() -> R) -> R {
    /// Restores the outer seat however `f` ends.
    struct Restore(Seat);
    impl Drop for Restore {
        fn drop(&mut self) {
            SEAT.with(|s| s.set(self.0));
        }
    }
    let _restore = Restore(SEAT.with(|s| s.replace(IDLE)));
    f()
}

/// This seat starts unit `unit` of its run of units ending at `end`.
pub(crate) fn start_unit(unit: u64, end: u64) {
    SEAT.with(|s| s.set(Seat { active: true, unit, end, yields: 0, since: None, mark: 0, spills: 0 }));
}

/// The end of this seat's run of units (sooner once a spilling unit handed the rest back).
pub(crate) fn run_end() -> u64 {
    SEAT.with(|s| s.get().end)
}

/// A yield point of a block of a plain launch (claims `c`): once it has run [`STALL`] (or what
/// the kernel's blocks took before; doubling after each spill) while no seat claimed a unit
/// (the grid makes no progress: every seat waits, or runs one long block), the block hands the
/// rest of its run back and starts threads for the units waiting to start; a thread that
/// shares the cores may hand its core on. Returns how long the block has waited when the launch
/// should say that it waits for more blocks than a GPU holds.
pub(crate) fn stall_point(c: &Claims) -> Option<Duration> {
    let mut s = SEAT.with(|s| s.get());
    if !s.active {
        return None;
    }
    s.yields = s.yields.wrapping_add(1);
    let mut warn = None;
    // The clock is read at the first yield points, then every 64th (one reading costs
    // tens of nanoseconds; yield points come every few thousand instructions).
    if s.yields.is_power_of_two() || s.yields.is_multiple_of(64) {
        let now = Instant::now();
        let progress = c.progress();
        let patience = Duration::from_nanos(c.patience.load(Ordering::Relaxed));
        match s.since {
            Some(_) if progress != s.mark && s.spills == 0 => (s.since, s.mark) = (Some(now), progress),
            None => (s.since, s.mark) = (Some(now), progress),
            Some(t0) if now - t0 >= patience * (1u32 << s.spills.min(16)) => {
                s.spills += 1;
                let rest = s.unit + 1..s.end;
                s.end = s.end.min(s.unit + 1);
                SEAT.with(|seat| seat.set(s));
                c.hand(rest);
                if c.spill() == Spilled::Full && now - t0 >= WARN_AFTER && c.first_warning() {
                    warn = Some(now - t0);
                }
            }
            Some(_) => {}
        }
    }
    SEAT.with(|seat| seat.set(s));
    coop_cores::yield_if_held();
    warn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handed_runs_are_claimed_first_lowest_first_then_the_counter() {
        let c = Claims::default();
        c.reset((0, 10, 10), 1, 64, 0);
        assert_eq!(c.claim(4, false), Some(0..4));
        c.hand(6..7);
        c.hand(1..4);
        assert_eq!(c.claim(2, false), Some(1..3));
        assert_eq!(c.claim(2, false), Some(3..4));
        assert_eq!(c.claim(2, false), Some(6..7));
        assert_eq!(c.claim(4, false), Some(4..8));
        assert_eq!(c.claim(4, false), Some(8..10));
        assert_eq!(c.claim(4, false), None);
    }

    #[test]
    fn a_partial_run_that_spills_covers_the_rest_of_the_grid() {
        let c = Claims::default();
        c.reset((0, 2, 5), 1, 64, 0);
        assert_eq!(c.covered_end(), 2);
        assert_eq!(c.claim(2, true), Some(0..2));
        // No spill state on this thread: nothing starts, but the rest of the grid is handed.
        assert_eq!(c.spill(), Spilled::Started(0));
        assert_eq!(c.covered_end(), 5);
        assert_eq!(c.claim(8, false), Some(2..5));
        assert_eq!(c.claim(8, false), None);
    }

    #[test]
    fn no_threads_start_beyond_the_resident_units() {
        let c = Claims::default();
        c.reset((0, 10, 10), 2, 2, 0);
        assert_eq!(c.spill(), Spilled::Full);
        c.reset((0, 1, 1), 1, 8, 0);
        assert_eq!(c.claim(1, false), Some(0..1));
        assert_eq!(c.spill(), Spilled::NothingWaits);
    }
}
