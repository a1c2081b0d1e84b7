//! The measure of the block tier's choices: the CPU time the launch's own seats spent on a
//! part of it (`exec::SeatTime`, each worker thread on its own clock), whatever else ran in
//! the process or on the cores. Wall time counted the time other processes took the cores
//! (the choice flipped between runs on a loaded machine); the process's CPU time counted its
//! other threads (a background compile, a test beside it: kernels left the block tier "for
//! good" in CI).

use std::time::Duration;

use crate::exec::Launch;

/// A start of a measurement of a launch's work.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stopwatch {
    from: Duration,
}

impl Stopwatch {
    /// Starts measuring the parts of launch `l` that run from now on.
    pub(crate) fn start(l: &mut Launch<'_>) -> Stopwatch {
        l.seat_time.measure();
        Stopwatch { from: l.seat_time.total() }
    }

    /// The work launch `l`'s seats did since the start (parts of it that have returned).
    pub(crate) fn work(&self, l: &Launch<'_>) -> Duration {
        l.seat_time.total().saturating_sub(self.from)
    }
}
