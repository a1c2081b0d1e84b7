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
    /// Device `printf` output, in order of execution, capped at `printf_fifo` bytes (a
    /// `printf` whose output does not fit is dropped, as CUDA drops it).
    pub printf: Mutex<Vec<u8>>,
    pub printf_fifo: usize,
    /// Bytes of shared memory reserved for system software (`%reserved_smem_offset_*`),
    /// after the kernel's own shared memory; 0 when no function reads those registers.
    pub reserved_smem: u32,
    /// `%envreg0..31` (words 1 and 2: the high and low halves of the cooperative grid
    /// workspace address; zero outside cooperative launches).
    pub envreg: [u32; 32],
    /// A cooperative launch: every block runs at once on its own thread (so blocks waiting
    /// for each other at a grid barrier cannot starve the others), yielding the core often.
    pub cooperative: bool,
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
    let next = AtomicU64::new(begin);
    let first: Mutex<Option<(u64, Fault)>> = Mutex::new(None);
    // A cooperative grid runs every block at once (its blocks may wait for each other).
    let count = end.saturating_sub(begin);
    let workers = if l.cooperative { count.max(1) as u32 } else { (l.nworkers as u64).min(count).max(1) as u32 };
    // Workers claim runs of consecutive blocks, so that short blocks do not make them contend
    // for the counter's cache line; runs stay short enough to balance the load.
    let chunk = if l.cooperative { 1 } else { (count / (u64::from(workers) * 64)).clamp(1, 16) };
    // Runs blocks on `worker` until none is left (true) or, with `until`, the time is up
    // after a run of blocks while blocks remain (false). The clock is read after runs 1, 2,
    // 4, 8, ...: at most twice the time alone it allowed, and few readings (each costs tens
    // of nanoseconds) in a launch of a few short blocks.
    let run_blocks = |pool: &mut S, worker: u32, until: Option<Instant>| -> bool {
        let mut runs = 0u64;
        'claim: loop {
            let b0 = next.fetch_add(chunk, Ordering::Relaxed);
            if b0 >= end {
                break;
            }
            for b in b0..(b0 + chunk).min(end) {
                if l.stop.load(Ordering::Relaxed) {
                    break 'claim;
                }
                let gx = u64::from(units[0]);
                let gy = u64::from(units[1]);
                let unit = [(b % gx) as u32, ((b / gx) % gy) as u32, (b / (gx * gy)) as u32];
                let ctaid = [unit[0] * cl[0], unit[1] * cl[1], unit[2] * cl[2]];
                if let Err(f) = block(pool, ctaid, worker) {
                    let mut g = first.lock().unwrap_or_else(|e| e.into_inner());
                    if g.as_ref().is_none_or(|(fb, _)| b < *fb) {
                        *g = Some((b, f));
                    }
                    l.stop.store(true, Ordering::Relaxed);
                    break 'claim;
                }
            }
            runs += 1;
            if let Some(t) = until
                && runs.is_power_of_two()
                && next.load(Ordering::Relaxed) < end
                && Instant::now() >= t
            {
                return false;
            }
        }
        true
    };
    // Each seat starts from the state its thread kept from its previous launch (`kept.rs`).
    let work = |worker: u32| {
        let mut pool = kept::take::<S>();
        run_blocks(&mut pool, worker, None);
        finish(&pool);
        kept::keep(pool);
    };
    // A launch starts on the calling thread alone and brings the other workers in only when
    // its blocks take longer than `SOLO`: waking them costs more than a small grid's work
    // (a graph of 100 four-block kernels ran 3x slower handing each to the pool).
    // (From the launch's start: no reading of the clock here.)
    let done_alone = workers > 1 && !l.cooperative && {
        let mut pool = kept::take::<S>();
        let done = run_blocks(&mut pool, 0, Some(l.start + SOLO));
        finish(&pool);
        kept::keep(pool);
        done
    };
    if done_alone {
        // Nothing left for the pool.
    } else if l.cooperative && workers > 1 {
        // Every block at once, each on a thread of its own.
        std::thread::scope(|s| {
            for w in 0..workers {
                let work = &work;
                s.spawn(move || work(w));
            }
        });
    } else {
        crate::workers::run(workers, &work);
    }
    match first.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some((_, f)) => Err(f),
        None => Ok(()),
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
