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
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a block waits for a core before it runs without one: long beside the time blocks
/// run between yield points (sixteen blocks of the kit's `coop_groups` on one core: 0.2 s of
/// work before the last one starts, more on a loaded machine), as running without a core
/// brings back the time slices this avoids.
const PATIENCE: Duration = Duration::from_secs(1);

/// The cores of one cooperative launch.
#[derive(Debug)]
pub(crate) struct Cores {
    /// Cores free now, and the tickets of the blocks waiting for one (served in order).
    state: Mutex<Queue>,
    freed: Condvar,
    /// Blocks waiting for a core (read without the lock at each yield point).
    waiting: AtomicU32,
    /// How long a holder keeps its core before a yield point hands it on (zero: at once).
    quantum: Duration,
}

#[derive(Debug)]
struct Queue {
    free: u32,
    next_ticket: u64,
    serving: u64,
    /// Tickets whose holders gave up waiting before their turn, ascending.
    abandoned: Vec<u64>,
}

thread_local! {
    /// The cores of the launch whose block this thread runs, whether it holds one now, and
    /// since when.
    static HELD: RefCell<Option<Held>> = const { RefCell::new(None) };
}

/// A thread's place on a launch's cores.
struct Held {
    cores: Arc<Cores>,
    /// Whether it holds a core now.
    held: bool,
    /// When it took the core.
    since: Instant,
}

impl Cores {
    /// Cores for a launch on `cores` workers (at least one).
    pub(crate) fn new(cores: u32) -> Arc<Cores> {
        Cores::with(cores.max(1), Duration::ZERO)
    }

    /// Cores that the threads of a plain launch share once they [`hold`] them (none free at
    /// first: each worker brings its own), each kept for `quantum`.
    pub(crate) fn joined(quantum: Duration) -> Arc<Cores> {
        Cores::with(0, quantum)
    }

    fn with(free: u32, quantum: Duration) -> Arc<Cores> {
        Arc::new(Cores {
            state: Mutex::new(Queue { free, next_ticket: 0, serving: 0, abandoned: Vec::new() }),
            freed: Condvar::new(),
            waiting: AtomicU32::new(0),
            quantum,
        })
    }

    /// Waits for a core, in order of arrival; whether one was taken (else the wait ran out of
    /// [`PATIENCE`]).
    fn acquire(&self) -> bool {
        let mut q = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let ticket = q.next_ticket;
        q.next_ticket += 1;
        self.waiting.fetch_add(1, Ordering::Relaxed);
        let deadline = Instant::now() + PATIENCE;
        let taken = loop {
            if q.free > 0 && q.serving == ticket {
                q.free -= 1;
                break true;
            }
            let now = Instant::now();
            if now >= deadline {
                break false;
            }
            q = self.freed.wait_timeout(q, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
        };
        // Served, or given up: a ticket not yet at the front is skipped when its turn comes.
        if q.serving == ticket {
            q.serving += 1;
            while q.abandoned.first() == Some(&q.serving) {
                q.abandoned.remove(0);
                q.serving += 1;
            }
        } else {
            let at = q.abandoned.partition_point(|&t| t < ticket);
            q.abandoned.insert(at, ticket);
        }
        self.waiting.fetch_sub(1, Ordering::Relaxed);
        drop(q);
        self.freed.notify_all();
        taken
    }

    fn release(&self) {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).free += 1;
        self.freed.notify_all();
    }
}

/// Runs `f` (a block of a cooperative launch, on its own thread) on one of `cores`.
pub(crate) fn on_a_core<R>(cores: &Arc<Cores>, f: impl FnOnce() -> R) -> R {
    seat(|| {
        let held = cores.acquire();
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
        if c.waiting.load(Ordering::Relaxed) == 0 {
            return true;
        }
        if *held && !c.quantum.is_zero() && since.elapsed() < c.quantum {
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
    fn no_more_blocks_run_at_once_than_cores() {
        // Eight blocks on two cores, each spinning until all have arrived (a grid barrier),
        // yielding as they spin: they all arrive, never more than two running at a time.
        let cores = Cores::new(2);
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
        let cores = Cores::new(1);
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
