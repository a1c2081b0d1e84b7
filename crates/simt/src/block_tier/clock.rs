//! The measure of the block tier's choices: the process's CPU time (all its threads), the work
//! a part of a launch did whatever else ran on the cores. Wall time, which counts the time
//! other processes took the cores, made the choice flip between runs on a loaded machine.

use std::time::{Duration, Instant};

use crate::jit::cpu_time::process_cpu_time;

/// A start of a measurement.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Stopwatch {
    cpu: Option<Duration>,
    wall: Instant,
    workers: u32,
}

impl Stopwatch {
    /// Starts measuring a part of a launch that runs on `workers` workers.
    pub(crate) fn start(workers: u32) -> Stopwatch {
        Stopwatch { cpu: process_cpu_time(), wall: Instant::now(), workers }
    }

    /// The work done since the start by a part of `blocks` blocks: the CPU time spent, else
    /// (no CPU clock) the wall time times the workers it kept busy.
    pub(crate) fn work(&self, blocks: u64) -> Duration {
        match (self.cpu, process_cpu_time()) {
            (Some(a), Some(b)) => b.saturating_sub(a),
            _ => {
                let busy = self.workers.max(1).min(u32::try_from(blocks.max(1)).unwrap_or(u32::MAX));
                self.wall.elapsed().saturating_mul(busy)
            }
        }
    }
}
