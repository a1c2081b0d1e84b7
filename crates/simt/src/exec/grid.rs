//! A launch's grid: what a launch shares between its workers, and its blocks (clusters)
//! spread over the worker pool.

use super::*;

/// Everything a launch shares between workers.
pub(crate) struct Launch<'a> {
    /// The program's serial number (`Program::serial`).
    pub program: u64,
    pub funcs: &'a [Result<Func, LoadError>],
    pub files: &'a std::collections::HashMap<u32, String>,
    pub kernel: u32,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub dyn_shared: u32,
    pub params: &'a [u8],
    pub mem: MemView<'a>,
    pub globals: &'a [u64],
    /// The module's `.const` variables in this launch's memory: `[start, end)` address
    /// ranges, sorted (`isspacep.const`).
    pub constants: &'a [(u64, u64)],
    pub stop: AtomicBool,
    pub nworkers: u32,
    pub start: Instant,
    pub instructions: AtomicU64,
    /// The device memory (for the `malloc` heap).
    pub dm: &'a crate::memory::DeviceMemory,
    /// Device `printf` output, in order of execution: the records that found room in the
    /// printf FIFO (`DeviceMemory::printf_reserve`; a `printf` whose record does not fit is
    /// dropped, as CUDA drops it).
    pub printf: Mutex<Vec<u8>>,
    /// Bytes of shared memory reserved for system software (`%reserved_smem_offset_*`),
    /// after the kernel's own shared memory; 0 when no function reads those registers.
    pub reserved_smem: u32,
    /// `%envreg0..31` (words 1 and 2: the high and low halves of the cooperative grid
    /// workspace address; zero outside cooperative launches).
    pub envreg: [u32; 32],
    /// A cooperative launch: every block runs at once on its own thread (so blocks waiting
    /// for each other at a grid barrier cannot starve the others), yielding the core often.
    pub cooperative: bool,
    /// Blocks a GPU holds at once (`LaunchOptions::resident_blocks`; `None`: no limit).
    pub resident_blocks: Option<u64>,
    /// Grids launched from device code (dynamic parallelism), run after this one.
    pub cdp: &'a crate::device_launch::DeviceRuntime,
    /// Blocks per thread block cluster in each dimension (`[1, 1, 1]`: every block is a
    /// cluster of its own). The blocks of a larger cluster run together on one worker
    /// (`exec/cluster.rs`).
    pub cluster: [u32; 3],
    /// Whether the launch named a cluster size (`%is_explicit_cluster`).
    pub explicit_cluster: bool,
    /// A compiled tier that runs the block's warps where it can start them (`tier.rs`; the
    /// warp tier's kernel, `jit/warp/entry.rs`), the interpreter running the rest.
    pub tier: Option<&'a dyn CompiledTier>,
    /// The units of the grid (blocks, or clusters) this run covers, numbered in order (`x`
    /// fastest), clamped to the grid: all of them, or a part when the tiering tries another
    /// tier on a launch's first blocks (`jit/tiering.rs`).
    pub units: std::ops::Range<u64>,
    /// What the kernel's earlier launches cost (whether this one may run alone unwatched).
    pub cost: &'a KernelCost,
    /// Set when the worker pool joined the launch (its cost is then per worker).
    pub pooled: AtomicBool,
    /// The units of the run in progress not started yet, and the threads started for them
    /// (`spill.rs`).
    pub claims: spill::Claims,
    /// The CPU time its seats spent, once measured (`seat_time.rs`: the block tier's veto).
    pub seat_time: super::SeatTime,
}

/// A kernel's measured cost: the time its launches took per block on one worker, so that a
/// launch expected to be over before [`SOLO`] runs on the calling thread without reading the
/// clock between its blocks (two readings cost a tenth of a small graph node).
#[derive(Debug, Default)]
pub(crate) struct KernelCost {
    /// Nanoseconds per block (0: no launch measured yet). Launches of the kernel at once may
    /// overwrite each other's update, which only delays it.
    ns_per_block: AtomicU64,
}

/// A launch is expected short when its blocks are expected to take less than [`SOLO`] on one
/// worker: it then runs alone as it would have anyway, only without watching the clock.
const SHORT: u64 = SOLO.as_nanos() as u64;

/// Runs of blocks an expected-short launch runs before it first reads the clock (a power of
/// two): if the expectation was wrong (a kernel whose blocks became slow), it brings the pool
/// in after these.
const UNWATCHED_RUNS: u64 = 4;

impl KernelCost {
    /// Whether `blocks` blocks are expected to take less than [`SHORT`] on one worker.
    pub(crate) fn expects_short(&self, blocks: u64) -> bool {
        let ns = self.ns_per_block.load(Ordering::Relaxed);
        ns != 0 && ns.saturating_mul(blocks) < SHORT
    }

    /// Records a launch of `blocks` blocks that took `elapsed` on `workers` workers. A rise
    /// counts at once (a kernel whose blocks became slow must not run alone unwatched), a
    /// fall by a quarter of the difference (one fast launch does not make the next unwatched).
    pub(crate) fn record(&self, elapsed: std::time::Duration, blocks: u64, workers: u32) {
        let ns = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
        let sample = (ns.saturating_mul(u64::from(workers.max(1))) / blocks.max(1)).max(1);
        let old = self.ns_per_block.load(Ordering::Relaxed);
        let new = if old == 0 || sample >= old { sample } else { old - (old - sample) / 4 };
        self.ns_per_block.store(new, Ordering::Relaxed);
    }
}

/// Runs every block of the launch on `nworkers` threads.
pub(crate) fn run(l: &Launch<'_>) -> Result<(), Fault> {
    run_grid(
        l,
        |pool: &mut Pool, ctaid, worker| {
            if l.cluster == [1, 1, 1] {
                run_block(l, ctaid, worker, pool)
            } else {
                cluster::run_cluster(l, ctaid, worker, pool)
            }
        },
        |pool| l.instructions.fetch_add(pool.executed, Ordering::Relaxed),
    )
}

/// How long a launch runs on the calling thread alone before the other workers join it.
const SOLO: std::time::Duration = std::time::Duration::from_micros(10);

/// Runs `block(state, ctaid, worker)` for every block of `l.units` on `nworkers` threads,
/// blocks taken in order (runs of up to 16) from a shared counter, each worker with its own
/// `S` (handed to `finish` at the end, then kept by its thread for its next launch:
/// `kept.rs`); the fault of the lowest-numbered failing block wins and stops the other
/// workers at their next block. Shared by the interpreter and the JIT tier.
pub(crate) fn run_grid<S: WorkerState>(
    l: &Launch<'_>,
    block: impl Fn(&mut S, [u32; 3], u32) -> Result<(), Fault> + Sync,
    finish: impl Fn(&S) -> u64 + Sync,
) -> Result<(), Fault> {
    // The unit of work is a cluster (one block, without clusters): `block` gets the index of
    // its first block.
    let cl = l.cluster.map(|c| c.max(1));
    let units = [l.grid[0] / cl[0], l.grid[1] / cl[1], l.grid[2] / cl[2]];
    let all = u64::from(units[0]) * u64::from(units[1]) * u64::from(units[2]);
    let (begin, end) = (l.units.start.min(all), l.units.end.min(all));
    let first: Mutex<Option<(u64, Fault)>> = Mutex::new(None);
    // A cooperative grid runs every block at once (its blocks may wait for each other).
    let count = end.saturating_sub(begin);
    let workers = if l.cooperative { count.max(1) as u32 } else { (l.nworkers as u64).min(count).max(1) as u32 };
    let cluster_size = cl.iter().map(|&n| u64::from(n)).product::<u64>();
    let resident = l.resident_blocks.map_or(u64::MAX, |b| (b / cluster_size).max(1));
    l.claims.reset((begin, end, all), workers, resident, l.cost.ns_per_block.load(Ordering::Relaxed));
    // Workers claim runs of consecutive blocks, so that short blocks do not make them contend
    // for the counter's cache line; runs stay short enough to balance the load.
    let chunk = if l.cooperative { 1 } else { (count / (u64::from(workers) * 64)).clamp(1, 16) };
    // Runs blocks on `worker` until none is left (true) or, with a `watch`, the time is up
    // after a run of blocks while blocks remain (false). `Alone` claims runs with a plain
    // load and store: no other thread sees the counter before the pool is brought in (or
    // threads are started for blocks a block waits for: `spill.rs`).
    let run_blocks = |pool: &mut S, worker: u32, claim: Claim| -> bool {
        let mut runs = 0u64;
        // Seats past the workers (threads a spill started) share their multiprocessors.
        let smid = worker % l.nworkers.max(1);
        'claim: while let Some(run) = l.claims.claim(chunk, matches!(claim, Claim::Alone(_))) {
            let (mut b, mut run_end) = (run.start, run.end);
            while b < run_end {
                if l.stop.load(Ordering::Relaxed) {
                    break 'claim;
                }
                let unit = unit_at(b, units);
                let ctaid = [unit[0] * cl[0], unit[1] * cl[1], unit[2] * cl[2]];
                spill::start_unit(b, run_end);
                coop_cores::block_started();
                let ran = block(pool, ctaid, smid);
                coop_cores::block_finished();
                if let Err(f) = ran {
                    let mut g = first.lock().unwrap_or_else(|e| e.into_inner());
                    if g.as_ref().is_none_or(|(fb, _)| b < *fb) {
                        *g = Some((b, f));
                    }
                    l.stop.store(true, Ordering::Relaxed);
                    break 'claim;
                }
                // A block that waited for a later one handed the rest of the run back.
                run_end = spill::run_end();
                b += 1;
            }
            runs += 1;
            if let Claim::Alone(Some(watch)) = claim
                && watch.due(runs)
                && l.claims.remain()
                && Instant::now() >= watch.until
            {
                return false;
            }
        }
        true
    };
    // Each seat starts from the state its thread kept from its previous launch (`kept.rs`).
    // (Its CPU time counted for the launch, when measured: `seat_time.rs`.)
    let seat = |worker: u32, claim: Claim| {
        l.seat_time.seat(|| {
            spill::in_seat(|| {
                let mut pool = kept::take::<S>();
                let done = run_blocks(&mut pool, worker, claim);
                finish(&pool);
                kept::keep(pool);
                done
            })
        })
    };
    // A worker of a plain launch may join the cores its blocks share with the threads a spill
    // starts (`coop_cores::hold`), and leaves them when its seat ends; a cooperative launch's
    // worker runs on one of its cores already.
    let worker_seat = |worker: u32, claim: Claim| {
        if l.cooperative { seat(worker, claim) } else { coop_cores::seat(|| seat(worker, claim)) }
    };
    // A thread started for blocks that a running block waits for (`spill.rs`) shares the
    // launch's cores with its workers.
    let spilled = |worker: u32| {
        match l.claims.cores() {
            Some(cores) => coop_cores::on_a_core(&cores, || seat(worker, Claim::Shared)),
            None => seat(worker, Claim::Shared),
        };
    };
    crate::workers::with_spill(workers, &|w| spilled(w), |spill| {
        let work = |worker: u32| {
            spill.enter(|| worker_seat(worker, Claim::Shared));
        };
        // A launch starts on the calling thread alone and brings the other workers in only
        // when its blocks take longer than `SOLO`: waking them costs more than a small grid's
        // work (a graph of 100 four-block kernels ran 3x slower handing each to the pool). One
        // expected to be short (`KernelCost`) reads the clock only after `UNWATCHED_RUNS` runs.
        let done_alone = !l.cooperative && {
            let watch = (workers > 1).then(|| Watch {
                until: l.start + SOLO,
                from: if l.cost.expects_short(count) { UNWATCHED_RUNS } else { 1 },
            });
            spill.enter(|| worker_seat(0, Claim::Alone(watch)))
        };
        if done_alone {
            // Nothing left for the pool.
        } else if l.cooperative && workers > 1 {
            // Every block at once, each on a thread of its own, as many running at a time as
            // the launch has workers (`coop_cores.rs`).
            let cores = coop_cores::Cores::new(l.nworkers, workers);
            std::thread::scope(|s| {
                for w in 0..workers {
                    let (work, cores) = (&work, &cores);
                    let block = move || coop_cores::on_a_core(cores, || work(w));
                    let big = std::thread::Builder::new().stack_size(crate::workers::THREAD_STACK);
                    if big.spawn_scoped(s, block).is_err() {
                        // The system's default stack, then (compiled code whose frame does not
                        // fit leaves its warps to the interpreter).
                        s.spawn(block);
                    }
                }
            });
        } else {
            l.pooled.store(true, Ordering::Relaxed);
            crate::workers::run(workers, &work);
        }
    });
    match first.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, f)) => Err(f),
        None => Ok(()),
    }
}

/// A yield point of a block of launch `l` (every engine's spin or long-loop stop): a
/// cooperative grid's block may hand its core on (`coop_cores.rs`); a plain grid's block that
/// waits long starts threads for the blocks not started yet (`spill.rs`).
pub(crate) fn yield_point(l: &Launch<'_>) {
    if l.cooperative {
        coop_cores::yield_core();
    } else if let Some(waited) = spill::stall_point(&l.claims) {
        let name = &kernel(l, l.kernel).name;
        eprintln!(
            "cuprite: kernel `{name}`: a block has waited {:.0} s for other blocks of its grid while blocks \
             of it wait to start, and {} blocks run at once, as many as a GPU of Cuprite's shape holds \
             (cudaOccupancyMaxActiveBlocksPerMultiprocessor x multiProcessorCount): a grid that waits for \
             more blocks than are resident hangs on a GPU too",
            waited.as_secs_f64(),
            l.claims.resident().saturating_mul(l.cluster.iter().map(|&n| u64::from(n.max(1))).product::<u64>())
        );
    }
}

/// The fault of a launch still running after `CUPRITE_LAUNCH_TIMEOUT` (`env::launch_timeout`):
/// `Some` once its time is up. Every engine asks at its yield points (a loop's back edge, a
/// spin, every few thousand instructions), where it knows a running thread and its place, so
/// that a kernel that never ends is reported as a display GPU's watchdog reports it, with the
/// loop it was in.
pub(crate) fn over_time(l: &Launch<'_>) -> Option<FaultKind> {
    let limit = crate::env::launch_timeout()?;
    (l.start.elapsed() >= limit).then_some(FaultKind::Timeout { limit_ms: limit.as_millis() as u64 })
}

/// The index of unit `b` (numbered with `x` fastest) of a grid of `units`. A grid of one row
/// (the common shape) needs no division: three 64-bit divisions cost as much as a small
/// block's setup.
fn unit_at(b: u64, units: [u32; 3]) -> [u32; 3] {
    if units[1] == 1 && units[2] == 1 {
        return [b as u32, 0, 0];
    }
    let (gx, gy) = (u64::from(units[0]), u64::from(units[1]));
    let row = b / gx;
    [(b - row * gx) as u32, (row % gy) as u32, (row / gy) as u32]
}

/// How a worker claims runs of blocks.
#[derive(Clone, Copy)]
enum Claim {
    /// From the counter other workers share (the pool's seats).
    Shared,
    /// Alone on the launching thread before any other worker may start, watching the clock
    /// (when the pool may take over) or not (a launch on one worker).
    Alone(Option<Watch>),
}

/// When a launch running alone hands its remaining blocks to the pool.
#[derive(Clone, Copy)]
struct Watch {
    /// Its time alone ends.
    until: Instant,
    /// The first run after which the clock is read.
    from: u64,
}

impl Watch {
    /// Whether the clock is read after run `runs` (1-based): after runs `from`, then after
    /// each doubling (1, 2, 4, 8, ... when `from` is 1): at most twice the time alone it
    /// allowed, and few readings (each costs tens of nanoseconds) in a launch of a few short
    /// blocks.
    fn due(self, runs: u64) -> bool {
        runs >= self.from && runs.is_power_of_two()
    }
}

pub(crate) fn kernel<'a>(l: &'a Launch<'_>, idx: u32) -> &'a Func {
    match &l.funcs[idx as usize] {
        Ok(f) => f,
        // Program::load guarantees every function reachable from a launchable kernel decoded.
        Err(_) => unreachable_func(),
    }
}

#[cold]
pub(super) fn unreachable_func() -> &'static Func {
    static EMPTY: std::sync::OnceLock<Func> = std::sync::OnceLock::new();
    EMPTY.get_or_init(|| Func {
        name: String::new(),
        is_kernel: false,
        code: Vec::new(),
        info: Vec::new(),
        nregs: 0,
        reg_bits: Vec::new(),
        param_size: 0,
        local_size: 0,
        kparam_size: 0,
        writes_shared: false,
        shared_size: 0,
        shared_used: None,
        ret_slots: Vec::new(),
        param_slots: Vec::new(),
        cluster: None,
        warps_interleave: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn units_are_numbered_x_fastest() {
        assert_eq!(unit_at(5, [7, 1, 1]), [5, 0, 0]);
        // 4 x 3 x 2: unit 4*3 + 4 + 1 = 17 is (1, 1, 1); the last, 23, is (3, 2, 1).
        assert_eq!(unit_at(17, [4, 3, 2]), [1, 1, 1]);
        assert_eq!(unit_at(23, [4, 3, 2]), [3, 2, 1]);
        assert_eq!(unit_at(6, [1, 4, 2]), [0, 2, 1]);
        assert_eq!(unit_at(3, [2, 2, 1]), [1, 1, 0]);
    }

    #[test]
    fn a_kernel_is_expected_short_once_measured_short_for_that_many_blocks() {
        let cost = KernelCost::default();
        assert!(!cost.expects_short(1), "no launch measured yet");
        // 100 ns a block on one worker.
        cost.record(Duration::from_nanos(400), 4, 1);
        assert!(cost.expects_short(4));
        assert!(cost.expects_short(SHORT / 100 - 1));
        assert!(!cost.expects_short(SHORT / 100), "blocks that take SHORT in all");
        // Measured on two workers: 1 µs for 4 blocks is 500 ns a block on one.
        let pooled = KernelCost::default();
        pooled.record(Duration::from_micros(1), 4, 2);
        assert!(pooled.expects_short(SHORT / 500 - 1));
        assert!(!pooled.expects_short(SHORT / 500));
    }

    #[test]
    fn a_slower_launch_counts_at_once_and_a_faster_one_by_a_quarter() {
        let cost = KernelCost::default();
        cost.record(Duration::from_nanos(400), 4, 1);
        // 20 µs a block: no longer short, even for one block.
        cost.record(Duration::from_micros(80), 4, 1);
        assert!(!cost.expects_short(1));
        // Back to 100 ns a block: 20_000 - (20_000 - 100) / 4 = 15_025 ns, still not short.
        cost.record(Duration::from_nanos(400), 4, 1);
        assert!(!cost.expects_short(1));
        // Fast launches bring it down: after enough of them one block is short again.
        for _ in 0..8 {
            cost.record(Duration::from_nanos(400), 4, 1);
        }
        assert!(cost.expects_short(1));
    }
}
