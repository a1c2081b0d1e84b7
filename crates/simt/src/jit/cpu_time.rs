//! CPU-time clocks: what the tiers' choices weigh (the block tier's veto, `block_tier/clock.rs`;
//! the warp tier's tuning rent, `jit/warp_slot.rs`) and what `CUPRITE_TIER_TRACE` reports a
//! compile cost, however loaded the machine (wall time counts other processes' turns).

use std::time::Duration;

/// The process's CPU time so far (all its threads), if the system tells.
pub(crate) fn process_cpu_time() -> Option<Duration> {
    cpu_clock(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// The calling thread's CPU time so far, if the system tells.
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    cpu_clock(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// The CPU-time clock `id`'s reading.
fn cpu_clock(id: libc::clockid_t) -> Option<Duration> {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable `timespec` that the call only writes.
    let r = unsafe { libc::clock_gettime(id, &mut ts) };
    (r == 0).then(|| Duration::new(u64::try_from(ts.tv_sec).unwrap_or(0), u32::try_from(ts.tv_nsec).unwrap_or(0)))
}
