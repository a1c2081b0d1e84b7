//! The worker threads that run a launch's blocks beside the launching thread: started once
//! per process and parked between launches.
//!
//! Starting OS threads for every launch cost more than a short launch's blocks: a program
//! that launches the same small kernel many times (a bitonic sort's 171 steps of ~1 ms)
//! scaled only 1.4–1.6× from one worker to two. Here a launch publishes its task as a *job*
//! with a number of seats; the launching thread takes seat 0 and runs it, and parked helper
//! threads wake and take the other seats. Helpers that arrive after the launching thread is
//! done find the job closed, so the task itself must spread its work dynamically (blocks
//! from a shared counter): the launch never waits for a helper that has not started.
//!
//! Several host threads may launch at once (concurrent streams): each publishes its own job
//! and helpers take seats from the oldest open one. A launch from inside a block (device-side
//! launches) works the same way; its launching thread runs it alone when no helper is free.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};

/// The CPU time of the calling thread so far, if the system tells: what a worker spent on a
/// launch, whatever else the process's other threads did meanwhile (`exec::SeatTime`).
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable `timespec` that the call only writes.
    let r = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    let secs = u64::try_from(ts.tv_sec).ok()?;
    let nanos = u32::try_from(ts.tv_nsec).ok()?;
    (r == 0).then(|| Duration::new(secs, nanos))
}

/// The stack of each thread Cuprite starts to run blocks on (the pool's helpers, the threads a
/// spill starts, a cooperative grid's blocks, the streams' workers). Compiled warp code with
/// single-pass registers has large frames, a slot for every value it spills (Rodinia lud's
/// perimeter kernel 1 MiB, particlefilter's likelihood kernel with its calls inlined 2.7 MiB):
/// more than the 2 MiB a Rust thread gets by default. Address space only: the system maps
/// pages as they are touched.
pub const THREAD_STACK: usize = 32 << 20;

/// The bytes of stack below the caller on this thread, if the system tells (the warp tier
/// runs code whose frame does not fit on the interpreter instead: `jit/warp/entry.rs`).
pub(crate) fn stack_room() -> Option<usize> {
    thread_local! {
        /// This thread's stack's lowest address, once asked.
        static LOW: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
    }
    let low = match LOW.with(|c| c.get()) {
        Some(low) => low,
        None => {
            let low = stack_low()?;
            LOW.with(|c| c.set(Some(low)));
            low
        }
    };
    let here = 0u8;
    // The address of a local: the caller's frame, near the stack pointer.
    let sp = std::ptr::addr_of!(here) as usize;
    Some(sp.saturating_sub(low))
}

/// The calling thread's stack's lowest address (`pthread_getattr_np`).
fn stack_low() -> Option<usize> {
    let mut attr = std::mem::MaybeUninit::<libc::pthread_attr_t>::uninit();
    // SAFETY: `attr` is written by `pthread_getattr_np` before anything reads it, and
    // destroyed once, only when that call succeeded; `addr` and `size` are valid out-pointers.
    unsafe {
        if libc::pthread_getattr_np(libc::pthread_self(), attr.as_mut_ptr()) != 0 {
            return None;
        }
        let (mut addr, mut size) = (std::ptr::null_mut(), 0usize);
        let r = libc::pthread_attr_getstack(attr.as_ptr(), &mut addr, &mut size);
        libc::pthread_attr_destroy(attr.as_mut_ptr());
        (r == 0 && size > 0).then_some(addr as usize)
    }
}

/// How long an idle helper watches for the next job before it parks: launches that follow
/// each other closely (a sort's steps) then start without a wake-up through the kernel.
const SPIN: Duration = Duration::from_micros(50);

/// A task with its lifetime erased (see `run`'s SAFETY comment).
#[derive(Clone, Copy)]
struct TaskPtr(*const (dyn Fn(u32) + Sync + 'static));

// SAFETY: the pointee is `Sync`, so calling it from another thread is allowed; `run` keeps it
// alive until every thread that copied the pointer is done with it.
unsafe impl Send for TaskPtr {}

/// One published launch.
struct Job {
    id: u64,
    task: TaskPtr,
    /// Seats in all, the launching thread's included.
    seats: u32,
    /// The next free seat.
    taken: u32,
    /// Helpers running the task now.
    active: u32,
    /// No more seats are handed out (the launching thread finished its own seat).
    closed: bool,
    /// The first panic of a helper, re-raised on the launching thread.
    panic: Option<Box<dyn Any + Send>>,
}

#[derive(Default)]
struct State {
    jobs: Vec<Job>,
    /// Helper threads started so far.
    helpers: u32,
}

struct Pool {
    state: Mutex<State>,
    /// Signalled when a job is published.
    work: Condvar,
    /// Signalled when a helper leaves a job.
    left: Condvar,
    /// Jobs published so far, and the next job's id (read by spinning helpers without the
    /// lock).
    published: AtomicU64,
}

fn pool() -> &'static Pool {
    static POOL: OnceLock<Pool> = OnceLock::new();
    POOL.get_or_init(|| Pool {
        state: Mutex::new(State::default()),
        work: Condvar::new(),
        left: Condvar::new(),
        published: AtomicU64::new(0),
    })
}

impl Pool {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A helper's panic is caught before it could poison the lock; recover regardless.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Runs `task(seat)` on up to `seats` threads at once: the calling thread runs seat 0, helper
/// threads the others as they become free. Returns when every started seat has returned; a
/// panic in any seat is re-raised here.
pub(crate) fn run(seats: u32, task: &(dyn Fn(u32) + Sync)) {
    if seats <= 1 {
        task(0);
        return;
    }
    let p = pool();
    let id = {
        let mut st = p.lock();
        while st.helpers < seats - 1 {
            let n = st.helpers;
            let started =
                std::thread::Builder::new().name(format!("cuprite-worker-{n}")).stack_size(THREAD_STACK).spawn(helper);
            if started.is_err() {
                // No more threads: the seats that exist (or the caller alone) do the work.
                break;
            }
            st.helpers += 1;
        }
        // Published under the lock: ids are unique and in order.
        let id = p.published.fetch_add(1, Ordering::Release);
        let erased: *const (dyn Fn(u32) + Sync + '_) = task;
        // SAFETY: only the lifetime changes. The pointer is used by helpers that took a seat
        // of this job, and this function does not return (nor unwind) before the job is
        // closed and its `active` count is back to zero, so `task` outlives every use.
        let task = TaskPtr(unsafe {
            std::mem::transmute::<*const (dyn Fn(u32) + Sync + '_), *const (dyn Fn(u32) + Sync + 'static)>(erased)
        });
        st.jobs.push(Job { id, task, seats, taken: 1, active: 0, closed: false, panic: None });
        id
    };
    p.work.notify_all();
    let own = catch_unwind(AssertUnwindSafe(|| task(0)));
    let helper_panic = {
        let mut st = p.lock();
        if let Some(j) = st.jobs.iter_mut().find(|j| j.id == id) {
            j.closed = true;
        }
        while st.jobs.iter().any(|j| j.id == id && j.active > 0) {
            st = p.left.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        let at = st.jobs.iter().position(|j| j.id == id);
        at.and_then(|i| st.jobs.remove(i).panic)
    };
    if let Err(e) = own {
        resume_unwind(e);
    }
    if let Some(e) = helper_panic {
        resume_unwind(e);
    }
}

/// A helper thread: takes a seat of the oldest open job, runs it, and parks when none is open.
fn helper() {
    let p = pool();
    let mut st = p.lock();
    loop {
        let open = st.jobs.iter_mut().find(|j| !j.closed && j.taken < j.seats);
        let Some(job) = open else {
            let seen = p.published.load(Ordering::Acquire);
            drop(st);
            // The clock is read every 64 spins: reading it each time cost as much as the spin.
            let start = Instant::now();
            let mut spins = 0u32;
            while p.published.load(Ordering::Acquire) == seen && (!spins.is_multiple_of(64) || start.elapsed() < SPIN) {
                spins = spins.wrapping_add(1);
                std::hint::spin_loop();
            }
            st = p.lock();
            if p.published.load(Ordering::Acquire) == seen {
                st = p.work.wait(st).unwrap_or_else(|e| e.into_inner());
            }
            continue;
        };
        let (id, task, seat) = (job.id, job.task, job.taken);
        job.taken += 1;
        job.active += 1;
        drop(st);
        // SAFETY: the job's launching thread keeps the task alive while `active` counts this
        // helper (see `run`).
        let result = catch_unwind(AssertUnwindSafe(|| unsafe { (*task.0)(seat) }));
        st = p.lock();
        if let Some(j) = st.jobs.iter_mut().find(|j| j.id == id) {
            j.active -= 1;
            if let Err(e) = result
                && j.panic.is_none()
            {
                j.panic = Some(e);
            }
        }
        p.left.notify_all();
    }
}

/// Threads a running task starts beside its seats (`exec/spill.rs`: a launch whose blocks wait
/// for blocks no seat has started yet). Made by [`with_spill`], reachable from the code of its
/// seats on the threads that [`Spill::enter`] it, and from its own threads.
pub(crate) struct Spill<'t> {
    /// What each started thread runs, with its seat number.
    task: &'t (dyn Fn(u32) + Sync),
    /// The first started thread's seat number.
    first_seat: u32,
    /// Shared with the started threads, which use it until after their last use of the spill;
    /// made by the first (most launches start none, and pay no allocation).
    state: OnceLock<Arc<SpillShared>>,
}

#[derive(Default)]
struct SpillShared {
    state: Mutex<SpillState>,
    /// Signalled when a started thread returns.
    ended: Condvar,
}

#[derive(Default)]
struct SpillState {
    started: u32,
    running: u32,
    /// The first panic of a started thread, re-raised by `with_spill`.
    panic: Option<Box<dyn Any + Send>>,
}

/// A spill with its lifetime erased (see `with_spill`'s SAFETY comments).
#[derive(Clone, Copy)]
struct SpillPtr(*const Spill<'static>);

// SAFETY: `Spill` is `Sync` (its task is `Sync`, its state behind a mutex), so it may be used
// from the threads the pointer is sent to; `with_spill` keeps it alive while any can use it.
unsafe impl Send for SpillPtr {}

thread_local! {
    /// The spill whose task this thread runs now (innermost first: a launch from inside a block).
    static CURRENT: std::cell::Cell<Option<SpillPtr>> = const { std::cell::Cell::new(None) };
}

/// Runs `body` with a [`Spill`] whose threads run `task(seat)`, seats numbered from
/// `first_seat`; returns once every thread it started has returned. A panic of one of them is
/// re-raised here.
pub(crate) fn with_spill<R>(first_seat: u32, task: &(dyn Fn(u32) + Sync), body: impl FnOnce(&Spill<'_>) -> R) -> R {
    let spill = Spill { task, first_seat, state: OnceLock::new() };
    /// Waits for the spill's threads however `body` ends (they use it, and `task`).
    struct Join<'s, 't>(&'s Spill<'t>);
    impl Drop for Join<'_, '_> {
        fn drop(&mut self) {
            let Some(shared) = self.0.state.get() else { return };
            let mut st = shared.lock();
            while st.running > 0 {
                st = shared.ended.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        }
    }
    let r = {
        let _join = Join(&spill);
        body(&spill)
    };
    if let Some(e) = spill.state.get().and_then(|s| s.lock().panic.take()) {
        resume_unwind(e);
    }
    r
}

impl SpillShared {
    fn lock(&self) -> MutexGuard<'_, SpillState> {
        // A started thread's panic is caught before it could poison the lock.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl Spill<'_> {
    fn shared(&self) -> &Arc<SpillShared> {
        self.state.get_or_init(Arc::default)
    }

    /// Runs `f` with this spill reachable from [`spill`] on this thread (the thread's previous
    /// one again afterwards).
    pub(crate) fn enter<R>(&self, f: impl FnOnce() -> R) -> R {
        let erased: *const Spill<'_> = self;
        // SAFETY: only the lifetime changes. The pointer is read by `spill` on this thread
        // while `f` runs (the guard below takes it away however `f` ends), and `self` is
        // borrowed for that whole time.
        let ptr = SpillPtr(unsafe { std::mem::transmute::<*const Spill<'_>, *const Spill<'static>>(erased) });
        /// Puts the thread's previous spill back.
        struct Restore(Option<SpillPtr>);
        impl Drop for Restore {
            fn drop(&mut self) {
                CURRENT.with(|c| c.set(self.0));
            }
        }
        let _restore = Restore(CURRENT.with(|c| c.replace(Some(ptr))));
        f()
    }
}

/// Starts up to `n` more threads of the spill this thread runs a seat of (none outside one);
/// returns how many started.
pub(crate) fn spill(n: u32) -> u32 {
    let Some(ptr) = CURRENT.with(|c| c.get()) else { return 0 };
    // SAFETY: `CURRENT` holds a spill only while it is alive: set by `Spill::enter` for the
    // time it is borrowed, and on a started thread while `with_spill` waits for that thread.
    let spill = unsafe { &*ptr.0 };
    let mut started = 0;
    for _ in 0..n {
        let seat = {
            let mut st = spill.shared().lock();
            st.running += 1;
            st.started += 1;
            spill.first_seat + st.started - 1
        };
        let shared = Arc::clone(spill.shared());
        let run = move || {
            // Keeps `ptr` whole (a closure would capture only its raw field, which is not Send).
            let ptr = ptr;
            let result = catch_unwind(AssertUnwindSafe(|| {
                // SAFETY: `with_spill` does not return before `running` is back to zero, which
                // this thread decrements below, after its last use of the spill (its state is
                // the thread's own `Arc`).
                let spill = unsafe { &*ptr.0 };
                CURRENT.with(|c| c.set(Some(ptr)));
                (spill.task)(seat);
            }));
            CURRENT.with(|c| c.set(None));
            let mut st = shared.lock();
            if let Err(e) = result
                && st.panic.is_none()
            {
                st.panic = Some(e);
            }
            st.running -= 1;
            shared.ended.notify_all();
        };
        if std::thread::Builder::new()
            .name(format!("cuprite-spill-{seat}"))
            .stack_size(THREAD_STACK)
            .spawn(run)
            .is_err()
        {
            let mut st = spill.shared().lock();
            st.running -= 1;
            st.started -= 1;
            break;
        }
        started += 1;
    }
    started
}

#[cfg(test)]
mod tests {
    use super::{THREAD_STACK, run, stack_room};
    use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

    #[test]
    fn every_item_runs_once_and_seats_are_distinct() {
        for seats in [1, 2, 3, 8] {
            let next = AtomicU64::new(0);
            let sum = AtomicU64::new(0);
            let seen = AtomicU32::new(0);
            run(seats, &|seat| {
                assert!(seat < seats);
                seen.fetch_or(1 << seat, Ordering::Relaxed);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= 10_000 {
                        break;
                    }
                    sum.fetch_add(i, Ordering::Relaxed);
                }
            });
            assert_eq!(sum.load(Ordering::Relaxed), 10_000 * 9_999 / 2);
            assert_eq!(seen.load(Ordering::Relaxed) & 1, 1, "the caller runs seat 0");
        }
    }

    #[test]
    fn stack_room_is_what_is_left_of_the_threads_stack() {
        /// Takes about `depth` KiB of stack, then says how much is left.
        fn deeper(depth: usize) -> Option<usize> {
            let pad = [0u8; 1024];
            let room = if depth == 0 { stack_room() } else { deeper(depth - 1) };
            std::hint::black_box(&pad);
            room
        }
        let (top, deep) = std::thread::Builder::new()
            .stack_size(THREAD_STACK)
            .spawn(|| (stack_room(), deeper(1024)))
            .expect("a thread")
            .join()
            .expect("no panic");
        let (top, deep) = (top.expect("Linux tells"), deep.expect("Linux tells"));
        assert!(top <= THREAD_STACK && top > THREAD_STACK - (256 << 10), "{top} of {THREAD_STACK}");
        assert!(deep + (1 << 20) <= top, "1 MiB deeper: {deep} left of {top}");
    }

    #[test]
    fn nested_and_concurrent_jobs_finish() {
        let total = AtomicU64::new(0);
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    for _ in 0..50 {
                        run(2, &|_| {
                            run(2, &|_| {
                                total.fetch_add(1, Ordering::Relaxed);
                            });
                        });
                    }
                });
            }
        });
        // Every seat that started ran its nested job's seat 0 at least.
        assert!(total.load(Ordering::Relaxed) >= 150);
    }

    #[test]
    fn a_spill_starts_threads_from_inside_a_seat_and_waits_for_them() {
        let ran = AtomicU32::new(0);
        let seats = AtomicU64::new(0);
        assert_eq!(super::spill(1), 0, "no spill outside one");
        let task = |seat: u32| {
            std::thread::sleep(std::time::Duration::from_millis(20));
            seats.fetch_or(1 << seat, Ordering::Relaxed);
            ran.fetch_add(1, Ordering::Relaxed);
        };
        let started = super::with_spill(2, &task, |s| s.enter(|| super::spill(3)));
        assert_eq!(started, 3);
        // Every thread finished before `with_spill` returned, seats numbered from 2.
        assert_eq!(ran.load(Ordering::Relaxed), 3);
        assert_eq!(seats.load(Ordering::Relaxed), 0b11100);
        assert_eq!(super::spill(1), 0, "the spill is gone with its seat");
    }

    #[test]
    fn a_helper_panic_reaches_the_caller() {
        let helper_ran = std::sync::atomic::AtomicBool::new(false);
        let r = std::panic::catch_unwind(|| {
            run(2, &|seat| {
                if seat == 1 {
                    helper_ran.store(true, Ordering::Release);
                    panic!("seat 1");
                }
                // Seat 0 waits for the helper, so that its seat surely starts.
                while !helper_ran.load(Ordering::Acquire) {
                    std::thread::yield_now();
                }
            })
        });
        assert!(r.is_err());
        // The pool still works afterwards.
        let n = AtomicU32::new(0);
        run(2, &|_| {
            n.fetch_add(1, Ordering::Relaxed);
        });
        assert!(n.load(Ordering::Relaxed) >= 1);
    }
}
