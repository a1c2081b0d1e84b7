//! The cores a cooperative grid's blocks share. A cooperative launch runs every block at once,
//! each on a thread of its own (its blocks may wait for each other at a grid barrier), but only
//! as many of them run at a time as the launch has workers: the others wait for a core, and a
//! running block hands its core on at its yield points ([`yield_core`]: every engine's spin or
//! long-loop stop), to the block that waited longest. Without this, a launch on one worker ran
//! its sixteen blocks on every core of the machine (`CUPRITE_SIMT_WORKERS=1` did not hold, and
//! 1 and 2 workers took the same time), and blocks spinning at the grid barrier took turns with
//! the working ones through the OS's time slices.
//!
//! A thread that waits for a core longer than [`PATIENCE`] runs without one: a block that never
//! reaches a yield point while others wait on it cannot hang the grid, it only shares the cores
//! through the OS's time slices as before.
//!
//! A plain launch whose blocks wait for blocks not started yet shares its cores the same way
//! between its workers and the threads it starts for those blocks (`spill.rs`): its workers
//! join holding the core they run on ([`hold`]), and a holder keeps its core for a quantum
//! before handing it on (a block that merely runs long, taken for a waiting one, then loses
//! little to the hand-overs).

use std::cell::RefCell;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::Thread;
use std::time::{Duration, Instant};

/// How long a block waits for a core before it runs without one: long beside the time blocks
/// run between yield points (sixteen blocks of the kit's `coop_groups` on one core: 0.2 s of
/// work before the last one starts, more on a loaded machine), as running without a core
/// brings back the time slices this avoids.
const PATIENCE: Duration = Duration::from_secs(1);

/// How long a block at a yield point waits for a block not yet started to ask for a core
/// before it runs on (its thread may be slow to start; the wait ends at its arrival).
const ARRIVAL: Duration = Duration::from_millis(1);

/// The cores of one cooperative launch.
///
/// A freed core goes straight to the block that waited longest, and only that block's thread
/// is woken: with every waiter on one condition variable, each hand-off woke them all to see
/// whose turn it was, and a grid of 128 blocks on one worker (the kit's `coop_groups` as a
/// 16-core machine sizes it) made 54,000 context switches a launch and ran 7.6 times as long
/// as its 16-block grid did.
#[derive(Debug)]
pub(crate) struct Cores {
    /// Cores free now, and the blocks waiting for one (served in order).
    state: Mutex<Queue>,
    /// Blocks waiting for a core (read without the lock at each yield point).
    waiting: AtomicU32,
    /// Blocks whose threads have not yet asked for a core.
    absent: AtomicU32,
    /// Signalled when a block asks for a core.
    arrived: Condvar,
    /// How long a holder keeps its core before a yield point hands it on (zero: at once).
    quantum: Duration,
    /// Times a waiting thread woke (what a hand-off costs).
    #[cfg(test)]
    wakes: std::sync::atomic::AtomicU64,
}

#[derive(Debug)]
struct Queue {
    free: u32,
    waiters: VecDeque<Arc<Waiter>>,
}

/// A block's thread waiting for a core.
#[derive(Debug)]
struct Waiter {
    thread: Thread,
    /// When its block started ([`AGE`]): a finished block hands its core to the oldest.
    age: u64,
    /// Set (under the queue's lock) when a core was handed to it.
    granted: AtomicBool,
}

thread_local! {
    /// The cores of the launch whose block this thread runs, whether it holds one now, and
    /// since when.
    static HELD: RefCell<Option<Held>> = const { RefCell::new(None) };
    /// When the block this thread runs started, in [`STARTS`]' order (kept only while it
    /// shares cores).
    static AGE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Blocks started by threads that share cores, in order: their ages.
static STARTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// A thread's place on a launch's cores.
struct Held {
    cores: Arc<Cores>,
    /// Whether it holds a core now.
    held: bool,
    /// When it took the core.
    since: Instant,
}

impl Cores {
    /// Cores for a cooperative launch of `blocks` blocks on `cores` workers (at least one).
    pub(crate) fn new(cores: u32, blocks: u32) -> Arc<Cores> {
        Cores::with(cores.max(1), blocks, Duration::ZERO)
    }

    /// Cores that the threads of a plain launch share once they [`hold`] them (none free at
    /// first: each worker brings its own), each kept for `quantum`.
    pub(crate) fn joined(quantum: Duration) -> Arc<Cores> {
        Cores::with(0, 0, quantum)
    }

    fn with(free: u32, absent: u32, quantum: Duration) -> Arc<Cores> {
        Arc::new(Cores {
            state: Mutex::new(Queue { free, waiters: VecDeque::new() }),
            waiting: AtomicU32::new(0),
            absent: AtomicU32::new(absent),
            arrived: Condvar::new(),
            quantum,
            #[cfg(test)]
            wakes: std::sync::atomic::AtomicU64::new(0),
        })
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Waits for a core, in order of arrival; whether one was taken (else the wait ran out of
    /// [`PATIENCE`]).
    fn acquire(&self) -> bool {
        let me = {
            let mut q = self.queue();
            if q.free > 0 && q.waiters.is_empty() {
                q.free -= 1;
                return true;
            }
            let me =
                Arc::new(Waiter { thread: std::thread::current(), age: AGE.get(), granted: AtomicBool::new(false) });
            q.waiters.push_back(Arc::clone(&me));
            self.waiting.fetch_add(1, Ordering::Relaxed);
            self.arrived.notify_all();
            me
        };
        let deadline = Instant::now() + PATIENCE;
        loop {
            if me.granted.load(Ordering::Acquire) {
                return true;
            }
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            // Spurious wake-ups (and an unpark meant for an earlier wait) only loop again.
            std::thread::park_timeout(deadline - now);
            #[cfg(test)]
            self.wakes.fetch_add(1, Ordering::Relaxed);
        }
        // Out of patience, unless a core came meanwhile: leave the queue.
        let mut q = self.queue();
        if me.granted.load(Ordering::Acquire) {
            return true;
        }
        if let Some(at) = q.waiters.iter().position(|w| Arc::ptr_eq(w, &me)) {
            q.waiters.remove(at);
            self.waiting.fetch_sub(1, Ordering::Relaxed);
        }
        false
    }

    /// A block's first request for a core: it is no longer absent (threads a spill starts
    /// were never counted).
    fn arrive(&self) -> bool {
        let q = self.queue();
        let _ = self.absent.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1));
        self.arrived.notify_all();
        drop(q);
        self.acquire()
    }

    /// Whether a block waits for a core, after waiting up to [`ARRIVAL`] for one while blocks
    /// have not yet started: a block spinning on the others while their threads start would
    /// otherwise keep its core until the next one asked (on a loaded machine, hundreds of its
    /// turns' worth of spins).
    fn someone_waits(&self) -> bool {
        if self.waiting.load(Ordering::Relaxed) > 0 {
            return true;
        }
        if self.absent.load(Ordering::Relaxed) == 0 {
            return false;
        }
        let q = self.queue();
        let (q, _) = self
            .arrived
            .wait_timeout_while(q, ARRIVAL, |q| q.waiters.is_empty() && self.absent.load(Ordering::Relaxed) > 0)
            .unwrap_or_else(|e| e.into_inner());
        !q.waiters.is_empty()
    }

    /// Hands the core on to the block that waited longest, else frees it.
    fn release(&self) {
        self.hand_to(|q| q.waiters.pop_front());
    }

    /// Hands the core on to the waiting block that started first, else frees it.
    fn release_to_oldest(&self) {
        self.hand_to(|q| {
            let at = q.waiters.iter().enumerate().min_by_key(|(_, w)| w.age).map(|(i, _)| i)?;
            q.waiters.remove(at)
        });
    }

    /// Hands the core to the waiter `pick` takes from the queue, else frees it.
    fn hand_to(&self, pick: impl FnOnce(&mut Queue) -> Option<Arc<Waiter>>) {
        let mut q = self.queue();
        match pick(&mut q) {
            Some(next) => {
                self.waiting.fetch_sub(1, Ordering::Relaxed);
                next.granted.store(true, Ordering::Release);
                drop(q);
                next.thread.unpark();
            }
            None => q.free += 1,
        }
    }
}

/// Runs `f` (a block of a cooperative launch, or a thread a spill started, on its own thread)
/// on one of `cores`.
pub(crate) fn on_a_core<R>(cores: &Arc<Cores>, f: impl FnOnce() -> R) -> R {
    seat(|| {
        let held = cores.arrive();
        HELD.with(|h| *h.borrow_mut() = Some(Held { cores: Arc::clone(cores), held, since: Instant::now() }));
        f()
    })
}

/// Runs `f` (a seat of a launch) with this thread's place on cores its own: one it takes
/// inside ([`on_a_core`], [`hold`]) is given back however `f` ends, and the place of the launch
/// around it (a launch from inside a block) restored.
pub(crate) fn seat<R>(f: impl FnOnce() -> R) -> R {
    /// Gives the core back and restores the outer place however `f` ends.
    struct Leave(Option<Held>);
    impl Drop for Leave {
        fn drop(&mut self) {
            let outer = self.0.take();
            if let Some(Held { cores, held: true, .. }) = HELD.with(|h| h.replace(outer)) {
                cores.release();
            }
        }
    }
    let _leave = Leave(HELD.with(|h| h.borrow_mut().take()));
    f()
}

/// Makes this thread (a worker of a plain launch, running on a core of its own) one of the
/// threads that share `cores`, holding the core it runs on (given back when its [`seat`] ends).
/// Nothing when it is one already.
pub(crate) fn hold(cores: &Arc<Cores>) {
    HELD.with(|h| {
        let mut h = h.borrow_mut();
        if h.is_none() {
            *h = Some(Held { cores: Arc::clone(cores), held: true, since: Instant::now() });
        }
    });
}

/// A block of this thread starts: a thread that shares cores notes its age, and takes a core
/// if it gave its own away when its last block finished ([`block_finished`]).
pub(crate) fn block_started() {
    HELD.with(|h| {
        let mut h = h.borrow_mut();
        let Some(Held { cores: c, held, since }) = h.as_mut() else { return };
        AGE.set(STARTS.fetch_add(1, Ordering::Relaxed));
        if !*held {
            *held = c.acquire();
            *since = Instant::now();
        }
    });
}

/// A block of this thread finished: a thread that shares cores of a plain launch hands its
/// core to the waiting block that started first, at once. Blocks that wait for each other
/// mostly wait for older ones (a look-back, blocks chained in the order they take tickets);
/// handed on in arrival order only, a chain of 4096 such blocks on 64 threads finished one
/// block per round of the queue (a few blocks a second), as each block's successor had just
/// had its turn. (A cooperative launch's thread ends with its block: its seat hands it on.)
pub(crate) fn block_finished() {
    HELD.with(|h| {
        let mut h = h.borrow_mut();
        let Some(Held { cores: c, held, .. }) = h.as_mut() else { return };
        if *held && !c.quantum.is_zero() && c.waiting.load(Ordering::Relaxed) > 0 {
            c.release_to_oldest();
            *held = false;
        }
    });
}

/// A yield point of a thread that shares cores ([`hold`], [`on_a_core`]): [`yield_core`] for
/// such a thread, nothing for others.
pub(crate) fn yield_if_held() {
    if HELD.with(|h| h.borrow().is_some()) {
        yield_core();
    }
}

/// A yield point of a block of a cooperative launch (a spin, a long loop): its core goes to a
/// block waiting for one, and this one waits its turn again; the OS's yield elsewhere.
pub(crate) fn yield_core() {
    let handed = HELD.with(|h| {
        let mut h = h.borrow_mut();
        let Some(Held { cores: c, held, since }) = h.as_mut() else { return false };
        if *held && !c.quantum.is_zero() && since.elapsed() < c.quantum {
            return true;
        }
        if !c.someone_waits() {
            return true;
        }
        if *held {
            c.release();
        }
        *held = c.acquire();
        *since = Instant::now();
        true
    });
    if !handed {
        std::thread::yield_now();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    #[test]
    fn a_finished_block_hands_its_core_to_the_oldest_waiting_block() {
        // One core, held by a block that finishes; two blocks wait for it, the younger (age 5)
        // queued first: the older (age 3) gets the core, while the younger waits on.
        let cores = Cores::joined(Duration::from_secs(60));
        hold(&cores);
        let got = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for age in [5u64, 3] {
                let (cores, got) = (&cores, &got);
                s.spawn(move || {
                    AGE.set(age);
                    let held = cores.acquire();
                    got.lock().unwrap().push((age, held));
                    cores.release();
                });
                while cores.waiting.load(Ordering::SeqCst) < if age == 5 { 1 } else { 2 } {
                    std::thread::yield_now();
                }
            }
            block_finished();
        });
        assert_eq!(*got.lock().unwrap(), vec![(3, true), (5, true)]);
        HELD.with(|h| *h.borrow_mut() = None);
    }

    #[test]
    fn no_more_blocks_run_at_once_than_cores() {
        // Eight blocks on two cores, each spinning until all have arrived (a grid barrier),
        // yielding as they spin: they all arrive, never more than two running at a time.
        let cores = Cores::new(2, 8);
        let (running, most, arrived) = (AtomicU32::new(0), AtomicU32::new(0), AtomicU64::new(0));
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    on_a_core(&cores, || {
                        let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        arrived.fetch_add(1, Ordering::SeqCst);
                        while arrived.load(Ordering::SeqCst) < 8 {
                            running.fetch_sub(1, Ordering::SeqCst);
                            yield_core();
                            let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                            most.fetch_max(now, Ordering::SeqCst);
                        }
                        running.fetch_sub(1, Ordering::SeqCst);
                    })
                });
            }
        });
        assert_eq!(arrived.load(Ordering::SeqCst), 8);
        assert!(most.load(Ordering::SeqCst) <= 2, "{} blocks ran at once", most.load(Ordering::SeqCst));
    }

    #[test]
    fn a_hand_off_wakes_only_the_block_it_serves() {
        // 32 blocks on one core, each handing it on 20 times while others wait: each hand-off
        // wakes one waiting thread, the one it serves. Waking every waiter at each hand-off
        // (one condition variable) woke about 30 threads per hand-off.
        let cores = Cores::new(1, 32);
        let (entered, handed) = (AtomicU32::new(0), AtomicU64::new(0));
        std::thread::scope(|s| {
            for _ in 0..32 {
                s.spawn(|| {
                    entered.fetch_add(1, Ordering::SeqCst);
                    on_a_core(&cores, || {
                        while entered.load(Ordering::SeqCst) < 32 {
                            std::hint::spin_loop();
                        }
                        for _ in 0..20 {
                            handed.fetch_add(u64::from(cores.waiting.load(Ordering::SeqCst) > 0), Ordering::SeqCst);
                            yield_core();
                        }
                    })
                });
            }
        });
        let (wakes, handed) = (cores.wakes.load(Ordering::SeqCst), handed.load(Ordering::SeqCst));
        assert!(handed >= 100, "only {handed} hand-offs");
        assert!(wakes <= 2 * handed + 32, "{wakes} wake-ups for {handed} hand-offs");
    }

    #[test]
    fn a_worker_that_holds_its_core_hands_it_on_after_the_quantum() {
        // A plain launch's worker joins holding its core; a started thread waits for one, and
        // runs once the worker's quantum is over and it passes a yield point.
        let cores = Cores::joined(Duration::from_millis(5));
        let other_ran = std::sync::atomic::AtomicBool::new(false);
        let start = std::time::Instant::now();
        std::thread::scope(|s| {
            s.spawn(|| {
                seat(|| {
                    hold(&cores);
                    while !other_ran.load(Ordering::SeqCst) {
                        yield_if_held();
                    }
                })
            });
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(1));
                on_a_core(&cores, || other_ran.store(true, Ordering::SeqCst));
            });
        });
        assert!(other_ran.load(Ordering::SeqCst));
        assert!(start.elapsed() < PATIENCE, "handed over, not taken after the patience ran out");
        // The worker's core went back when its seat ended, the thread's when it returned.
        assert_eq!(cores.state.lock().unwrap().free, 1);
    }

    #[test]
    fn a_block_that_never_yields_does_not_hang_the_others() {
        // One core, and the block holding it spins without a yield point until the other has
        // run: the other runs once its patience is out.
        let cores = Cores::new(1, 2);
        let other_ran = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|s| {
            s.spawn(|| {
                on_a_core(&cores, || {
                    while !other_ran.load(Ordering::SeqCst) {
                        std::hint::spin_loop();
                    }
                })
            });
            s.spawn(|| {
                std::thread::sleep(Duration::from_millis(20));
                on_a_core(&cores, || other_ran.store(true, Ordering::SeqCst));
            });
        });
        assert!(other_ran.load(Ordering::SeqCst));
    }
}
