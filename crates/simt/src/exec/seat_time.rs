//! The CPU time a launch's seats spend on its blocks: the launch's own work, each seat
//! measured on its thread's own clock (`workers::thread_cpu_time`). Other threads of the
//! process (a background compile, another stream's launch, a test running beside it) add
//! nothing to it, as they did to the process's CPU time, on which the block tier's veto
//! (`jit/tiering.rs`) once left kernels "for good" in CI; time the cores gave to other
//! threads is not in it either, unlike wall time.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// The work of a launch's seats so far, when measured (`SeatTime::measure`): reading a
/// thread's clock is a system call, which a launch of a few short blocks need not pay.
#[derive(Debug, Default)]
pub(crate) struct SeatTime {
    on: bool,
    ns: AtomicU64,
}

impl SeatTime {
    /// From now on, every seat of the launch adds its work.
    pub(crate) fn measure(&mut self) {
        self.on = true;
    }

    /// The work of the seats measured so far (each seat's run counted once it returns: a run
    /// of `run_grid` has returned with all of its seats).
    pub(crate) fn total(&self) -> Duration {
        Duration::from_nanos(self.ns.load(Ordering::Relaxed))
    }

    /// Runs seat `f` on this thread, adding the CPU time the thread spent in it (the seat's
    /// wall time where the system has no thread clock).
    pub(crate) fn seat<R>(&self, f: impl FnOnce() -> R) -> R {
        if !self.on {
            return f();
        }
        let (cpu, wall) = (crate::workers::thread_cpu_time(), Instant::now());
        let r = f();
        let spent = match (cpu, crate::workers::thread_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => wall.elapsed(),
        };
        self.ns.fetch_add(u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spins this thread for `d` of its own CPU time.
    fn spin_cpu(d: Duration) {
        let start = crate::workers::thread_cpu_time().expect("a thread clock");
        while crate::workers::thread_cpu_time().expect("a thread clock").saturating_sub(start) < d {
            std::hint::spin_loop();
        }
    }

    #[test]
    fn a_seat_counts_its_own_threads_work_not_the_processs() {
        let mut t = SeatTime::default();
        t.seat(|| spin_cpu(Duration::from_millis(5)));
        assert_eq!(t.total(), Duration::ZERO, "not measured: nothing read");
        t.measure();
        // Two threads of the process spin 60 ms of their own while the seat works 5 ms.
        std::thread::scope(|s| {
            let hogs =
                [s.spawn(|| spin_cpu(Duration::from_millis(60))), s.spawn(|| spin_cpu(Duration::from_millis(60)))];
            t.seat(|| spin_cpu(Duration::from_millis(5)));
            for h in hogs {
                h.join().expect("hog");
            }
        });
        let ms = t.total().as_secs_f64() * 1e3;
        assert!((5.0..20.0).contains(&ms), "the seat's 5 ms (and the clock reads): {ms} ms");
    }
}
