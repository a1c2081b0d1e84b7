//! Special registers (`%tid`, `%ctaid`, `%clock64`, ...): their values in every lane.

use super::*;

/// The clock rate the engine's `%clock`/`%clock64` count at, in kHz (what the runtime reports
/// as `cudaDevAttrClockRate`; an H100's boost clock).
pub const CLOCK_RATE_KHZ: u32 = 1_980_000;

/// The value of special register `r` in every lane of warp `id` (thread ids `tid`).
/// `%clock64`: cycles at the device's reported clock rate ([`CLOCK_RATE_KHZ`]) since the
/// process started, from the host's monotonic clock. Real time rather than instructions
/// executed, so programs that spin until `clock64() - start` reaches a duration computed from
/// `cudaDevAttrClockRate` (the CUDA samples concurrentKernels, simpleHyperQ) wait that long.
pub(crate) fn device_clock() -> u64 {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let ns = EPOCH.get_or_init(Instant::now).elapsed().as_nanos();
    (ns * u128::from(CLOCK_RATE_KHZ) / 1_000_000) as u64
}

/// Bytes of shared memory the system reserves in every block on sm_90 (what
/// `%aggr_smem_size` adds to the user's).
const RESERVED_SMEM: u32 = 1024;

/// The block's user shared memory: the kernel's static size plus the launch's dynamic size.
fn user_shared(l: &Launch<'_>) -> u64 {
    u64::from(kernel(l, l.kernel).shared_size) + u64::from(l.dyn_shared)
}

pub(super) fn sreg_of(tid: &[[u32; 32]; 3], id: u32, b: &Block<'_, '_>, r: Sreg, out: &mut [u64; 32]) {
    {
        let l = b.l;
        let c = |v: &[u32; 3], i: u8| u64::from(v.get(i as usize).copied().unwrap_or(0));
        let uniform = |out: &mut [u64; 32], v: u64| *out = [v; 32];
        match r {
            Sreg::Tid(i) => {
                let t = tid.get(i as usize).copied().unwrap_or([0; 32]);
                for (o, v) in out.iter_mut().zip(t) {
                    *o = u64::from(v);
                }
            }
            Sreg::Ntid(i) => uniform(out, c(&l.block, i)),
            Sreg::Ctaid(i) => uniform(out, c(&b.ctaid, i)),
            Sreg::Nctaid(i) => uniform(out, c(&l.grid, i)),
            Sreg::Laneid => {
                for (k, o) in out.iter_mut().enumerate() {
                    *o = k as u64;
                }
            }
            Sreg::Warpid => uniform(out, u64::from(id)),
            Sreg::Nwarpid => uniform(out, 64),
            Sreg::Smid => uniform(out, u64::from(b.worker)),
            Sreg::Nsmid => uniform(out, u64::from(l.nworkers)),
            Sreg::Gridid => uniform(out, 1),
            Sreg::LanemaskEq => (0..32).for_each(|k| out[k] = 1u64 << k),
            Sreg::LanemaskLt => (0..32).for_each(|k| out[k] = (1u64 << k) - 1),
            Sreg::LanemaskLe => (0..32).for_each(|k| out[k] = (2u64 << k) - 1),
            Sreg::LanemaskGe => (0..32).for_each(|k| out[k] = !((1u64 << k) - 1) & 0xffff_ffff),
            Sreg::LanemaskGt => (0..32).for_each(|k| out[k] = !((2u64 << k) - 1) & 0xffff_ffff),
            Sreg::Clock => uniform(out, device_clock() & 0xffff_ffff),
            Sreg::ClockHi => uniform(out, device_clock() >> 32),
            Sreg::Clock64 => uniform(out, device_clock()),
            Sreg::Globaltimer | Sreg::GlobaltimerLo | Sreg::GlobaltimerHi => {
                let t = l.start.elapsed().as_nanos() as u64;
                uniform(
                    out,
                    match r {
                        Sreg::GlobaltimerLo => t & 0xffff_ffff,
                        Sreg::GlobaltimerHi => t >> 32,
                        _ => t,
                    },
                )
            }
            Sreg::DynamicSmem => uniform(out, u64::from(l.dyn_shared)),
            // The user's static and dynamic shared memory: in allocation units (128 bytes
            // on sm_8x/9x) for the total, exact plus the system's reserved 1 KiB for the
            // aggregate (an H200: 0x80 and 0x464 for 100 dynamic bytes).
            Sreg::TotalSmem => uniform(out, user_shared(l).next_multiple_of(128)),
            Sreg::AggrSmem => uniform(out, user_shared(l) + u64::from(RESERVED_SMEM)),
            Sreg::ReservedSmem(i) => {
                let cap = u64::from(l.reserved_smem);
                let begin = (b.shared.len() as u64).saturating_sub(cap);
                uniform(
                    out,
                    match i {
                        0 => begin,
                        1 => begin + cap / 2,
                        2 => begin + cap,
                        _ => cap,
                    },
                )
            }
            Sreg::Envreg(i) => uniform(out, u64::from(l.envreg.get(usize::from(i)).copied().unwrap_or(0))),
            Sreg::Cluster(c) => uniform(out, cluster::sreg(b, c)),
        }
    }
}
