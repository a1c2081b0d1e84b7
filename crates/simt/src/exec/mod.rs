//! The interpreter: warps of 32 lanes with a reconvergence stack, blocks of warps scheduled
//! cooperatively on one OS thread, blocks spread over a worker pool.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::device_launch::CdpFn;
use crate::error::{Fault, FaultKind, LoadError};
use crate::ir::*;
use crate::memory::{
    AllocCache, AtomOp, LOCAL_WINDOW, MemError, MemView, NO_CACHE, PARAM_HALF, PARAM_WINDOW, SHARED_WINDOW,
    WINDOW_SIZE, atom_apply,
};
use crate::semantics::arith::*;
use crate::semantics::collective::*;
use crate::semantics::compare::*;
use crate::semantics::*;

mod cluster;
mod converge;
pub(crate) use converge::sync_kind;
mod mma;
mod tex;
pub(crate) mod wjit;

const MAX_CALL_DEPTH: usize = 4096;

/// Everything a launch shares between workers.
pub(crate) struct Launch<'a> {
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
    /// The kernel compiled for the warp tier: warps run on it where it can start them
    /// (`exec/wjit.rs`).
    pub warp: Option<&'a crate::jit::warp::WarpCode>,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    pc: u32,
    rpc: u32,
    mask: u32,
    /// The first entry of a called function's frame.
    base: bool,
    /// Parked at a `bar.warp.sync` (at `pc`) until the other lanes of its mask arrive.
    wait: bool,
}

#[derive(Debug)]
struct Frame {
    func: u32,
    regs: Vec<[u64; 32]>,
    params: Vec<u8>,
    psize: u32,
    local_base: u64,
    call_mask: u32,
    rets: Vec<(u32, u32, u32)>,
    /// The caller's `alloca` stack tops, restored on return (which frees the callee's).
    stack_top: [u64; 32],
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Ready,
    Waiting(u32),
    Done,
}

#[derive(Debug)]
pub(crate) struct Warp {
    id: u32,
    func: u32,
    regs: Vec<[u64; 32]>,
    params: Vec<u8>,
    psize: u32,
    local_base: u64,
    local: Vec<Vec<u8>>,
    stack: Vec<Entry>,
    frames: Vec<Frame>,
    tid: [[u32; 32]; 3],
    valid: u32,
    exited: u32,
    cache: AllocCache,
    state: State,
    /// pc of the last barrier (for deadlock reports).
    bar_pc: u32,
    /// CC.CF of every lane (extended-precision arithmetic).
    carry: u32,
    /// A `bar.red` waiting for its barrier: the reduction, destination register and lanes.
    red: Option<(BarRed, u32, u32)>,
    /// The top path (pc, mask) at the last preemption and how many times in a row it was so.
    stuck: ((u32, u32), u32),
    /// Backward branches taken since the warp last gave way (`give_way`): counted within one
    /// slice, or across slices in a kernel whose warps run interleaved, so its spin loops give
    /// way (and lock loops split) as anywhere else.
    backedges: u32,
    /// Whether `split_join` has run in this warp (its program spins on its own lanes).
    split_seen: bool,
    /// Per lane: the end of the `alloca`ted part of its local memory in the current frame (0:
    /// nothing allocated, the frame ends at `local_base + local_size`).
    stack_top: [u64; 32],
    /// Whether an `alloca` or `stackrestore` moved a lane's `stack_top` since the last
    /// `reset` (which zeroes them only then).
    stack_moved: bool,
    /// The top path was parked at a warp-synchronizing instruction that the lanes it waits
    /// for can never reach: it performs it with the lanes that arrived (`converge.rs`).
    forced: bool,
    /// Lanes that arrived at the cluster barrier in its current phase (`exec/cluster.rs`).
    cl_arrived: u32,
    /// `run` returns once the stack is shallower than this (`wjit::h_step`: one instruction).
    floor: usize,
    /// `%tid.x/y/z` and `%laneid` of each lane as registers in the warp tier's layout, and
    /// the lanes' shape (`wjit::lane_tables`).
    lanes: Box<[wjit::Planar; 6]>,
    /// The registers in the warp tier's layout (`Planar`), authoritative while `planar`
    /// (`exec/wjit.rs` converts between the two layouts at the tiers' boundaries).
    pregs: Vec<wjit::Planar>,
    /// Whether `pregs`, not `regs`, holds the registers' values.
    planar: bool,
    /// Whether a call or `alloca` grew some lane's local memory past the kernel's frame
    /// since the last `reset` (which then shrinks it back).
    local_grown: bool,
    /// Each lane's local memory (host addresses, for compiled code; set at each compiled run,
    /// since calls on the interpreter grow the buffers and may move them).
    local_ptrs: Box<[u64; 32]>,
    /// The warp spun on a diverged path in compiled code: the interpreter (which lets
    /// lanes on other paths run, see `give_way`) runs it for the rest of the block.
    no_jit: bool,
}

/// The printf formatter's view of a lane's memory; records the first fault.
struct PrintEnv<'w, 'b, 'x, 'l> {
    w: &'w mut Warp,
    b: &'b Block<'x, 'l>,
    lane: usize,
    fault: Option<WarpFault>,
}

impl crate::printf::Env for PrintEnv<'_, '_, '_, '_> {
    fn read(&mut self, addr: u64, size: u32) -> Option<u64> {
        match self.w.load(self.b, Space::Generic, addr, size, self.lane) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fault.get_or_insert(e);
                None
            }
        }
    }

    fn cstr(&mut self, addr: u64, max: usize) -> Option<Vec<u8>> {
        match self.w.cstr(self.b, addr, max, self.lane) {
            Ok(v) => Some(v),
            Err(e) => {
                self.fault.get_or_insert(e);
                None
            }
        }
    }
}

enum Yield {
    Done,
    /// A block barrier: id, thread count, whether the warp only arrives (`bar.arrive`), and
    /// for `bar.red` the warp's contribution (true predicates, all true, any true).
    Barrier {
        id: u32,
        count: Option<u32>,
        arrive: bool,
        red: Option<(u32, bool, bool)>,
    },
    Stopped,
    /// `barrier.cluster.wait` before the cluster barrier's phase completed.
    ClusterWait,
    /// An `mbarrier.test_wait`/`try_wait` failed: let the other warps of the block run.
    Spin,
    /// The warp gave way (`nanosleep`, or a long-running loop): it is still ready, but the
    /// other warps of the block run first. Polling loops (a flag another warp sets, a lock
    /// another lane holds) make progress this way, as under the GPU's scheduler.
    Preempt,
}

/// Backward branches a warp takes before it gives way to the other warps of its block.
/// Large enough that the switch costs nothing measurable, small enough that a polling loop
/// waits microseconds, not seconds.
const PREEMPT_BACKEDGES: u32 = 1024;

/// Whether a loop body tries to take a lock: an atomic compare-and-swap or exchange (the
/// intra-warp spin lock the guide warns about, which needs independent thread scheduling).
/// Looks into the functions the loop calls, a few levels deep (-G code calls nvcc's
/// `atomicCAS` wrapper, which calls the intrinsic's).
fn is_lock_loop(l: &Launch<'_>, body: &[Inst]) -> bool {
    fn takes_lock(l: &Launch<'_>, code: &[Inst], depth: u32) -> bool {
        code.iter().any(|i| match i.op {
            Op::Atom { op: AtomOp::Cas | AtomOp::Exch, .. } | Op::Atom128 { .. } => true,
            Op::Call { func, .. } if depth > 0 => takes_lock(l, &kernel(l, func).code, depth - 1),
            _ => false,
        })
    }
    takes_lock(l, body, 3)
}

/// Consecutive preemptions of the same only-runnable path before the lanes waiting for it at
/// its reconvergence point go on without it (see `Warp::split_join`).
const SPLIT_AFTER_PREEMPTS: u32 = 8;

// The 64-bit mbarrier object: pending arrivals in bits 0-19, expected arrivals in bits 20-39,
// the tx-count (21-bit two's complement) in bits 40-60, and the phase parity in bit 63.
const MB_CNT: u64 = (1 << 20) - 1;
const MB_TX: u64 = (1 << 21) - 1;

fn mb_fields(s: u64) -> (u64, u64, i64, u64) {
    let tx = (((s >> 40) & MB_TX) << 43) as i64 >> 43;
    (s & MB_CNT, (s >> 20) & MB_CNT, tx, s >> 63)
}

/// Packs the fields, completing the phase when no arrivals or transactions are pending.
fn mb_pack(pending: u64, expected: u64, tx: i64, phase: u64) -> u64 {
    let (pending, phase) = if pending == 0 && tx == 0 { (expected, phase ^ 1) } else { (pending, phase) };
    (pending & MB_CNT) | (expected & MB_CNT) << 20 | (tx as u64 & MB_TX) << 40 | (phase & 1) << 63
}

/// Applies `op` with operand `v` to mbarrier state `s`: the new state and the lane's result.
fn mb_apply(op: MbarOp, s: u64, v: u64) -> (u64, u64) {
    let (pending, expected, tx, phase) = mb_fields(s);
    match op {
        MbarOp::Init => {
            let n = v & MB_CNT;
            (n | n << 20, 0)
        }
        MbarOp::Inval => (0, 0),
        MbarOp::Arrive { drop, expect_tx } => {
            let (count, tx) = if expect_tx { (1, tx + i64::from(v as u32)) } else { (v & MB_CNT, tx) };
            let expected = if drop { expected.saturating_sub(count) } else { expected };
            (mb_pack(pending.saturating_sub(count), expected, tx, phase), s)
        }
        MbarOp::ExpectTx => ((s & !(MB_TX << 40)) | ((tx + i64::from(v as u32)) as u64 & MB_TX) << 40, 0),
        MbarOp::CompleteTx => (mb_pack(pending, expected, tx - i64::from(v as u32), phase), 0),
        MbarOp::Wait { parity } => {
            let waited = if parity { v & 1 } else { v >> 63 };
            (s, u64::from(phase != waited))
        }
        MbarOp::PendingCount => (s, v & MB_CNT),
    }
}

#[derive(Debug)]
pub(crate) struct WarpFault {
    pub kind: FaultKind,
    pub lane: u32,
}

type WR<T> = Result<T, WarpFault>;

fn fault(kind: FaultKind, lane: u32) -> WarpFault {
    WarpFault { kind, lane }
}

struct Block<'a, 'l> {
    l: &'a Launch<'l>,
    ctaid: [u32; 3],
    shared: Vec<u8>,
    worker: u32,
    /// Warp-instructions executed (added to the launch total once per worker).
    executed: u64,
    /// The block's rank in its cluster.
    rank: u32,
    /// The shared memory of every block of a cluster larger than one block, by rank (the
    /// executing block's slot is empty: its memory is in `shared` while it runs).
    peers: Vec<Vec<u8>>,
    /// What compiled warps use (with a warp-tier kernel).
    wj: Option<Box<wjit::WState>>,
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

/// Runs `block(state, ctaid, worker)` for every block of the launch on `nworkers` threads,
/// blocks taken in order (runs of up to 16) from a shared counter, each worker with its own `S` (handed to
/// `finish` at the end); the fault of the lowest-numbered failing block wins and stops the
/// other workers at their next block. Shared by the interpreter and the JIT tier.
pub(crate) fn run_grid<S: Default>(
    l: &Launch<'_>,
    block: impl Fn(&mut S, [u32; 3], u32) -> Result<(), Fault> + Sync,
    finish: impl Fn(&S) -> u64 + Sync,
) -> Result<(), Fault> {
    // The unit of work is a cluster (one block, without clusters): `block` gets the index of
    // its first block.
    let cl = l.cluster.map(|c| c.max(1));
    let units = [l.grid[0] / cl[0], l.grid[1] / cl[1], l.grid[2] / cl[2]];
    let nblocks = u64::from(units[0]) * u64::from(units[1]) * u64::from(units[2]);
    let next = AtomicU64::new(0);
    let first: Mutex<Option<(u64, Fault)>> = Mutex::new(None);
    // A cooperative grid runs every block at once (its blocks may wait for each other).
    let workers = if l.cooperative { nblocks.max(1) as u32 } else { (l.nworkers as u64).min(nblocks).max(1) as u32 };
    // Workers claim runs of consecutive blocks, so that short blocks do not make them contend
    // for the counter's cache line; runs stay short enough to balance the load.
    let chunk = if l.cooperative { 1 } else { (nblocks / (u64::from(workers) * 64)).clamp(1, 16) };
    let work = |worker: u32| {
        let mut pool = S::default();
        'claim: loop {
            let b0 = next.fetch_add(chunk, Ordering::Relaxed);
            if b0 >= nblocks {
                break;
            }
            for b in b0..(b0 + chunk).min(nblocks) {
                if l.stop.load(Ordering::Relaxed) {
                    break 'claim;
                }
                let gx = u64::from(units[0]);
                let gy = u64::from(units[1]);
                let unit = [(b % gx) as u32, ((b / gx) % gy) as u32, (b / (gx * gy)) as u32];
                let ctaid = [unit[0] * cl[0], unit[1] * cl[1], unit[2] * cl[2]];
                if let Err(f) = block(&mut pool, ctaid, worker) {
                    let mut g = first.lock().unwrap_or_else(|e| e.into_inner());
                    if g.as_ref().is_none_or(|(fb, _)| b < *fb) {
                        *g = Some((b, f));
                    }
                    l.stop.store(true, Ordering::Relaxed);
                    break 'claim;
                }
            }
        }
        finish(&pool);
    };
    if l.cooperative && workers > 1 {
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

/// The most local memory a thread's `alloca`s may reach (CUDA's stack is a few KiB by default;
/// this bounds a runaway allocation loop, which faults instead of exhausting host memory).
const MAX_ALLOCA_STACK: u64 = 16 << 20;

/// The loaded device function whose fake address is `addr`, or the fault of calling it.
fn resolve_func(l: &Launch<'_>, addr: u64) -> Result<u32, FaultKind> {
    let bad = || FaultKind::Memory(MemError::OutOfBounds { addr, size: 0 });
    let off = addr.checked_sub(FUNC_BASE).ok_or_else(bad)?;
    if !off.is_multiple_of(16) {
        return Err(bad());
    }
    let i = u32::try_from(off / 16).map_err(|_| bad())?;
    match l.funcs.get(i as usize) {
        Some(Ok(f)) if !f.is_kernel => Ok(i),
        Some(Err(e)) => Err(FaultKind::NotLoaded(e.to_string())),
        _ => Err(bad()),
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
fn unreachable_func() -> &'static Func {
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

fn run_block(l: &Launch<'_>, ctaid: [u32; 3], worker: u32, pool: &mut Pool) -> Result<(), Fault> {
    let k = kernel(l, l.kernel);
    let mut shared = std::mem::take(&mut pool.shared);
    fresh_shared(&mut shared, l, k);
    let wj = if l.warp.is_some() { Some(std::mem::take(&mut pool.wj).unwrap_or_default()) } else { None };
    let mut blk = Block { l, ctaid, shared, worker, executed: 0, rank: 0, peers: Vec::new(), wj };
    let warps = &mut pool.warps;
    // A warp-tier kernel's block after the first on this worker starts in compiled code,
    // each warp reset only if something needs its interpreter state (`wjit::run_compiled`).
    let fresh = k.local_size == 0 && l.warp.is_some() && blk.wj.as_ref().is_some_and(|st| st.primed_for(warps));
    if !fresh {
        make_warps(l, k, warps);
    }
    let r = schedule(l, &mut blk, warps, fresh);
    pool.shared = blk.shared;
    if blk.wj.is_some() {
        pool.wj = blk.wj;
    }
    pool.executed += blk.executed;
    r
}

/// Makes `shared` the zeroed shared memory of a new block of the launch (kernel `k`), from
/// the previous block's of the same launch: a kernel that cannot write shared memory left it
/// zeroed, and one that can gets the static variables it names (`Func::shared_used`) and
/// the dynamic area zeroed. (A kernel's window may hold variables it does not name
/// (`decode::shared_layout`); bytes it reaches there, out of its variables' bounds, hold what
/// its previous block left, as undefined shared memory does on a GPU.)
pub(crate) fn fresh_shared(shared: &mut Vec<u8>, l: &Launch<'_>, k: &Func) {
    let size = shared_size(l, k);
    if shared.len() != size {
        shared.clear();
        shared.resize(size, 0);
    } else if k.writes_shared {
        match &k.shared_used {
            Some(ranges) => {
                for &(a, b) in ranges {
                    if let Some(bytes) = shared.get_mut(a as usize..(b as usize).min(size)) {
                        bytes.fill(0);
                    }
                }
                if let Some(dynamic) = shared.get_mut(k.shared_size as usize..) {
                    dynamic.fill(0);
                }
            }
            None => shared.fill(0),
        }
    }
}

/// The shared memory size of a block of the launch (the kernel's, dynamic, reserved).
fn shared_size(l: &Launch<'_>, k: &Func) -> usize {
    let user = (k.shared_size + l.dyn_shared) as usize;
    if l.reserved_smem > 0 { user.next_multiple_of(128) + l.reserved_smem as usize } else { user }
}

/// Makes `warps` the warps of a block of the launch, ready to run the kernel from the start
/// (kept from the previous block when the layout is the same).
fn make_warps(l: &Launch<'_>, k: &Func, warps: &mut Vec<Warp>) {
    let nthreads = l.block[0] * l.block[1] * l.block[2];
    let nwarps = nthreads.div_ceil(32);
    if warps.len() != nwarps as usize {
        warps.clear();
        for w in 0..nwarps {
            let mut tid = [[0u32; 32]; 3];
            let mut valid = 0u32;
            for lane in 0..32 {
                let lin = w * 32 + lane;
                if lin < nthreads {
                    valid |= 1 << lane;
                }
                tid[0][lane as usize] = lin % l.block[0];
                tid[1][lane as usize] = (lin / l.block[0]) % l.block[1];
                tid[2][lane as usize] = lin / (l.block[0] * l.block[1]);
            }
            warps.push(Warp {
                id: w,
                func: l.kernel,
                regs: Vec::new(),
                params: Vec::new(),
                psize: 0,
                local_base: 0,
                local: vec![Vec::new(); 32],
                stack: Vec::new(),
                frames: Vec::new(),
                tid,
                valid,
                exited: 0,
                cache: NO_CACHE,
                state: State::Ready,
                bar_pc: 0,
                carry: 0,
                red: None,
                stuck: ((0, 0), 0),
                backedges: 0,
                split_seen: false,
                stack_top: [0; 32],
                stack_moved: false,
                forced: false,
                cl_arrived: 0,
                floor: 0,
                no_jit: false,
                lanes: wjit::lane_tables(&tid),
                pregs: Vec::new(),
                planar: false,
                local_grown: false,
                local_ptrs: Box::new([0; 32]),
            });
        }
    }
    for w in warps.iter_mut() {
        w.reset(l.kernel, k);
    }
}

/// Warps and shared memory kept by a worker from block to block (the thread layout is the
/// same for every block of a launch).
#[derive(Default)]
struct Pool {
    warps: Vec<Warp>,
    shared: Vec<u8>,
    executed: u64,
    /// The warps and shared memory of the blocks of a cluster (`exec/cluster.rs`).
    cluster: Vec<Vec<Warp>>,
    cluster_shared: Vec<Vec<u8>>,
    /// The warp tier's per-worker state, kept across blocks.
    wj: Option<Box<wjit::WState>>,
}

/// Passes of only failing mbarrier waits after which a block is deadlocked.
const SPIN_LIMIT: u32 = 1 << 20;

/// The block barriers' state: per barrier id, threads arrived and the explicit thread count
/// of the waiting `bar.sync` (None: all non-exited threads of the block, as `__syncthreads()`
/// behaves on hardware, where exited warps count as arrived), and the `bar.red` accumulators
/// (true predicates, all true, any true).
struct Barriers {
    arrived: [u32; 16],
    counts: [Option<u32>; 16],
    red: [(u32, bool, bool); 16],
}

impl Barriers {
    fn new() -> Barriers {
        Barriers { arrived: [0; 16], counts: [None; 16], red: [(0, true, false); 16] }
    }
}

/// The warp state of a warp waiting at the cluster barrier (block barriers use 0..16).
const CLUSTER_BARRIER: u32 = 16;

/// What one scheduling pass over a block's warps did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    /// Every warp finished.
    Done,
    /// The launch was stopped (another block faulted).
    Stopped,
    /// Warps ran or a barrier was released.
    Ran,
    /// The warps that ran only failed mbarrier waits.
    Spun,
    /// No warp can run: all wait at barriers (the cluster barrier may release them).
    Blocked,
}

/// Runs the warps of a block until all finish, releasing barriers; faults on deadlock.
/// `fresh`: the block starts with every warp in compiled code, from glues set up for it
/// alone (`wjit::run_compiled`), the warps not reset yet.
fn schedule(l: &Launch<'_>, blk: &mut Block<'_, '_>, warps: &mut [Warp], fresh: bool) -> Result<(), Fault> {
    let mut bars = Barriers::new();
    // Consecutive passes in which every warp that ran only failed an mbarrier wait.
    let mut idle = 0u32;
    let mut fresh = fresh;
    loop {
        match step(blk, warps, &mut bars, std::mem::take(&mut fresh))? {
            Step::Done | Step::Stopped => return Ok(()),
            Step::Ran => idle = 0,
            Step::Spun => {
                idle += 1;
                if idle > SPIN_LIMIT {
                    return Err(spin_deadlock(blk, warps));
                }
            }
            Step::Blocked => {
                // Without a cluster launch the block is its cluster.
                if !cluster::release(std::slice::from_mut(&mut &mut *warps)) {
                    return Err(deadlock(l, blk, warps, &bars));
                }
            }
        }
    }
}

/// One pass: runs every ready warp of the block until it yields, then releases the block
/// barriers that have all their threads. `fresh`: as `schedule`'s (the first pass only).
#[inline]
fn step(blk: &mut Block<'_, '_>, warps: &mut [Warp], bars: &mut Barriers, fresh: bool) -> Result<Step, Fault> {
    let (mut progress, mut spun) = (false, false);
    let mut i = 0;
    let mut fresh = fresh;
    while i < warps.len() {
        if !fresh && warps[i].state != State::Ready {
            i += 1;
            continue;
        }
        if let Some(code) = blk.l.warp
            && let Some(ran) = wjit::run_compiled(code, warps, i, blk, bars, std::mem::take(&mut fresh))
        {
            if ran.finished {
                return Ok(Step::Done);
            }
            // The warps that stopped in compiled code (at barriers, or finished; with
            // barriers released there, warps after the one that returned too) are settled;
            // the one that returned is run by the interpreter when it asks.
            progress |= ran.stops;
            i = ran.end;
            match ran.last {
                Some(Some(r)) => {
                    if let Some(s) = yielded(blk, &mut warps[i], bars, r, (&mut progress, &mut spun))? {
                        return Ok(s);
                    }
                    i += 1;
                    continue;
                }
                // The interpreter runs warp `i` now (below).
                Some(None) => {}
                None => continue,
            }
        }
        let Some(w) = warps.get_mut(i) else { break };
        if w.state == State::Ready {
            wjit::leave_planar(w, kernel(blk.l, blk.l.kernel));
            let r = w.run(blk);
            if let Some(s) = yielded(blk, w, bars, r, (&mut progress, &mut spun))? {
                return Ok(s);
            }
        }
        i += 1;
    }
    let live: u32 = warps.iter().map(|w| (w.valid & !w.exited).count_ones()).sum();
    let mut released = false;
    for id in 0..16usize {
        if bars.arrived[id] > 0 && bars.arrived[id] >= bars.counts[id].unwrap_or(live) {
            bars.arrived[id] = 0;
            bars.counts[id] = None;
            released = true;
            let (n, all, any) = std::mem::replace(&mut bars.red[id], (0, true, false));
            for w in warps.iter_mut() {
                if w.state == State::Waiting(id as u32) {
                    w.state = State::Ready;
                    if let Some((op, d, m)) = w.red.take()
                        && let Some(dst) = w.regs.get_mut(d as usize)
                    {
                        let v = match op {
                            BarRed::Popc => u64::from(n),
                            BarRed::And => u64::from(all),
                            BarRed::Or => u64::from(any),
                        };
                        write_masked(dst, &[v; 32], m);
                    }
                }
            }
        }
    }
    if released {
        return Ok(Step::Ran);
    }
    if warps.iter().all(|w| w.state == State::Done) {
        return Ok(Step::Done);
    }
    if !warps.iter().any(|w| w.state == State::Ready) {
        return Ok(Step::Blocked);
    }
    Ok(if spun && !progress { Step::Spun } else { Step::Ran })
}

/// Applies what warp `w` did in its slice (`r`): its new state, its arrival at a block
/// barrier, whether the pass made progress or only spun. `Some` when the pass ends at once
/// (the launch was stopped).
fn yielded(
    blk: &Block<'_, '_>,
    w: &mut Warp,
    bars: &mut Barriers,
    r: WR<Yield>,
    (progress, spun): (&mut bool, &mut bool),
) -> Result<Option<Step>, Fault> {
    *progress |= !matches!(r, Ok(Yield::Spin));
    match r {
        Ok(Yield::Done) => {
            w.state = State::Done;
            w.exited = w.valid;
        }
        Ok(Yield::Stopped) => return Ok(Some(Step::Stopped)),
        Ok(Yield::Spin) => *spun = true,
        Ok(Yield::Preempt) => {}
        Ok(Yield::ClusterWait) => w.state = State::Waiting(CLUSTER_BARRIER),
        Ok(Yield::Barrier { id, count, arrive, red: contrib }) => {
            let id = id & 15;
            if !arrive {
                w.state = State::Waiting(id);
            }
            bars.arrived[id as usize] += (w.valid & !w.exited).count_ones();
            if count.is_some() || !arrive {
                bars.counts[id as usize] = count;
            }
            if let Some((n, all, any)) = contrib {
                let r = &mut bars.red[id as usize];
                *r = (r.0 + n, r.1 && all, r.2 || any);
            }
        }
        Err(e) => return Err(blk.fault_at(w, e)),
    }
    Ok(None)
}

/// The fault of a block whose warps only failed mbarrier waits for too long.
#[cold]
fn spin_deadlock(blk: &Block<'_, '_>, warps: &[Warp]) -> Fault {
    let w = warps.iter().find(|w| w.state == State::Ready).unwrap_or(&warps[0]);
    let lane = (w.valid & !w.exited).trailing_zeros().min(31);
    let kind = FaultKind::Deadlock { barrier: u32::MAX, arrived: 0, expected: 0 };
    blk.fault_at(w, fault(kind, lane))
}

/// The fault of a block whose live warps all wait at barriers that cannot complete.
#[cold]
fn deadlock(l: &Launch<'_>, blk: &Block<'_, '_>, warps: &[Warp], bars: &Barriers) -> Fault {
    let live: u32 = warps.iter().map(|w| (w.valid & !w.exited).count_ones()).sum();
    let w = warps.iter().find(|w| matches!(w.state, State::Waiting(_))).unwrap_or(&warps[0]);
    let id = match w.state {
        State::Waiting(id) => id,
        _ => 0,
    };
    let kind = if id == CLUSTER_BARRIER {
        let arrived = warps.iter().map(|w| (w.cl_arrived & w.valid & !w.exited).count_ones()).sum();
        FaultKind::Deadlock { barrier: CLUSTER_BARRIER, arrived, expected: live }
    } else {
        let i = id as usize & 15;
        FaultKind::Deadlock { barrier: id, arrived: bars.arrived[i], expected: bars.counts[i].unwrap_or(live) }
    };
    let lane = (w.valid & !w.exited).trailing_zeros().min(31);
    let mut f = blk.fault_at(w, fault(kind, lane));
    let func = kernel(l, w.func);
    if let Some(info) = func.info.get(w.bar_pc as usize) {
        f.instruction = info.text.clone();
        f.line = info.line;
        f.source = reported_source(l, vec![(w.func, w.bar_pc as usize)]);
    }
    f
}

impl Block<'_, '_> {
    fn fault_at(&self, w: &Warp, e: WarpFault) -> Fault {
        let func = kernel(self.l, w.func);
        let pc = w.stack.last().map_or(0, |t| t.pc) as usize;
        let lane = e.lane as usize & 31;
        let info = func.info.get(pc);
        Fault {
            kind: e.kind,
            kernel: kernel(self.l, self.l.kernel).name.clone(),
            function: func.name.clone(),
            block: self.ctaid,
            thread: [w.tid[0][lane], w.tid[1][lane], w.tid[2][lane]],
            instruction: info.map(|i| i.text.clone()).unwrap_or_default(),
            line: info.map_or(0, |i| i.line),
            source: reported_source(self.l, call_chain(w)),
            line_table: !self.l.files.is_empty(),
            printf_output: Vec::new(),
        }
    }
}

/// Where warp `w` is, innermost first: its function and pc, then each caller's function and
/// the pc of its call (the entry below a called frame's base entry holds the return pc).
fn call_chain(w: &Warp) -> Vec<(u32, usize)> {
    let mut chain = vec![(w.func, w.stack.last().map_or(0, |t| t.pc) as usize)];
    let mut callers = w.frames.iter().rev();
    for i in (1..w.stack.len()).rev() {
        if w.stack[i].base
            && let Some(caller) = callers.next()
        {
            chain.push((caller.func, (w.stack[i - 1].pc as usize).saturating_sub(1)));
        }
    }
    chain
}

/// The source line to report for `chain` (innermost first): the first frame whose `.loc` is
/// the user's, not one of the CUDA toolkit's headers (under `-G`, `__trap`, `assert` and the
/// atomics are calls into functions with the header's lines or none), else the innermost's.
pub(crate) fn reported_source(l: &Launch<'_>, chain: Vec<(u32, usize)>) -> Option<(String, u32)> {
    let locs: Vec<(String, u32)> = chain
        .into_iter()
        .filter_map(|(func, pc)| kernel(l, func).info.get(pc)?.loc)
        .map(|(file, line)| (l.files.get(&file).cloned().unwrap_or_default(), line))
        .collect();
    let user = locs.iter().position(|(file, _)| !crate::source_loc::is_toolkit_header(file));
    user.or(if locs.is_empty() { None } else { Some(0) }).map(|i| locs[i].clone())
}

#[inline]
pub(crate) fn le_read(buf: &[u8], at: u64, size: u32) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    macro_rules! rd {
        ($t:ty, $n:expr) => {
            <$t>::from_le_bytes(buf.get(at..at.checked_add($n)?)?.try_into().ok()?) as u64
        };
    }
    Some(match size {
        1 => u64::from(*buf.get(at)?),
        2 => rd!(u16, 2),
        4 => rd!(u32, 4),
        _ => rd!(u64, 8),
    })
}

#[inline]
pub(crate) fn le_write(buf: &mut [u8], at: u64, size: u32, val: u64) -> Option<()> {
    let at = usize::try_from(at).ok()?;
    let b = buf.get_mut(at..at.checked_add(size as usize)?)?;
    match size {
        1 => b.copy_from_slice(&(val as u8).to_le_bytes()),
        2 => b.copy_from_slice(&(val as u16).to_le_bytes()),
        4 => b.copy_from_slice(&(val as u32).to_le_bytes()),
        _ => b.copy_from_slice(&val.to_le_bytes()),
    }
    Some(())
}

/// Whether `addr` is a multiple of the access size (1, 2, 4 or 8).
#[inline(always)]
pub(crate) fn aligned(addr: u64, size: u32) -> bool {
    addr & u64::from(size.wrapping_sub(1)) == 0
}

/// Where a resolved address points.
pub(crate) enum Target {
    Global(u64),
    Shared(u64),
    Local(u64),
    KParam(u64),
    FParam(u64),
}

/// The shared-memory offset of an mbarrier (or bulk-copy destination) at `addr`.
fn mbar_offset(space: Space, addr: u64, lane: usize) -> WR<u64> {
    let off = match Warp::classify(space, addr) {
        Target::Shared(a) => a,
        _ => return Err(oob("shared (mbarrier)", addr, 8, lane)),
    };
    if off % 8 != 0 {
        return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size: 8 }), lane as u32));
    }
    Ok(off)
}

/// Complete-tx of `bytes` on the mbarrier at `addr` (in `space`; another block's through a
/// shared::cluster address) for lane `lane`: `cp.async.bulk`, `st.async`, `red.async`.
fn mb_complete_tx(b: &mut Block<'_, '_>, space: Space, addr: u64, bytes: u64, lane: usize) -> WR<()> {
    let (buf, off) = b.smem_mut(mbar_offset(space, addr, lane)?);
    let s = le_read(buf, off, 8).ok_or_else(|| oob("shared", off, 8, lane))?;
    let (new, _) = mb_apply(MbarOp::CompleteTx, s, bytes);
    le_write(buf, off, 8, new).ok_or_else(|| oob("shared", off, 8, lane))
}

pub(crate) fn oob(space: &'static str, addr: u64, size: u32, lane: usize) -> WarpFault {
    fault(FaultKind::OutOfBounds { space, addr, size }, lane as u32)
}

/// Splits the register file into the destination register `d` (mutable) and a getter for
/// every other register, so an operation can write its result in place.
#[inline(always)]
#[allow(clippy::type_complexity)]
fn split_regs<'r>(
    regs: &'r mut [[u64; 32]],
    d: usize,
) -> Option<(&'r mut [u64; 32], impl Fn(usize) -> &'r [u64; 32] + 'r)> {
    // Decoding only emits register indices below `nregs`, so this never fails.
    let (lo, hi) = regs.split_at_mut_checked(d)?;
    let (dst, hi) = hi.split_first_mut()?;
    let (lo, hi): (&'r [[u64; 32]], &'r [[u64; 32]]) = (lo, hi);
    // Out-of-range sources cannot be decoded; reading them as the destination is harmless.
    Some((dst, move |i: usize| if i < d { &lo[i] } else { &hi[i - d - 1] }))
}

#[cold]
fn bad_reg(mask: u32) -> WarpFault {
    fault(FaultKind::NotLoaded("register index out of range".into()), mask.trailing_zeros())
}

/// Source `s` as a lane array: another register, or `buf` (filled by `prefetch`). `None` when
/// `s` is the destination register `d` itself (the caller reads `dst`).
#[inline(always)]
fn reg_or<'r>(s: Src, d: usize, get: &impl Fn(usize) -> &'r [u64; 32], buf: &'r [u64; 32]) -> Option<&'r [u64; 32]> {
    match s {
        Src::Reg(i) if i as usize == d => None,
        Src::Reg(i) => Some(get(i as usize)),
        _ => Some(buf),
    }
}

/// A space whose accesses a whole warp can do at once.
#[derive(Clone, Copy)]
enum FastSpace {
    Global,
    /// Shared memory; addresses are offset by this window base.
    Shared(u64),
}

/// Whether every active lane's address lies in global memory or in shared memory.
#[inline]
fn fast_space(space: Space, addrs: &[u64; 32], mask: u32) -> Option<FastSpace> {
    match space {
        Space::Global => Some(FastSpace::Global),
        Space::Shared => Some(FastSpace::Shared(0)),
        Space::Generic => {
            let (mut glob, mut shared) = (true, true);
            for (l, &a) in addrs.iter().enumerate() {
                if mask >> l & 1 != 0 {
                    let s = a.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE;
                    let lo = a.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE;
                    glob &= !s && !lo;
                    shared &= s;
                }
            }
            if glob {
                Some(FastSpace::Global)
            } else if shared {
                Some(FastSpace::Shared(SHARED_WINDOW))
            } else {
                None
            }
        }
        _ => None,
    }
}

/// The first active lane whose `size`-byte access at `addrs[lane] - win` is outside `len`
/// bytes or misaligned, as a fault.
#[cold]
fn buf_fault(len: usize, addrs: &[u64; 32], win: u64, mask: u32, size: u32) -> WarpFault {
    for lane in lanes(mask) {
        let a = addrs[lane].wrapping_sub(win);
        if a.checked_add(u64::from(size)).is_none_or(|e| e > len as u64) {
            return oob("shared", a, size, lane);
        }
        if !aligned(a, size) {
            return fault(FaultKind::Memory(MemError::Misaligned { addr: addrs[lane], size }), lane as u32);
        }
    }
    oob("shared", 0, size, 0)
}

/// Checks the active lanes' accesses against a buffer of `len` bytes.
#[inline]
fn buf_check(len: usize, addrs: &[u64; 32], win: u64, mask: u32, size: u32) -> WR<()> {
    let (mut hi, mut or) = (0u64, 0u64);
    for (l, &a) in addrs.iter().enumerate() {
        if mask >> l & 1 != 0 {
            let a = a.wrapping_sub(win);
            hi = hi.max(a);
            or |= a;
        }
    }
    if or & u64::from(size - 1) != 0 || hi.checked_add(u64::from(size)).is_none_or(|e| e > len as u64) {
        return Err(buf_fault(len, addrs, win, mask, size));
    }
    Ok(())
}

/// Loads for every active lane from a block-local buffer (shared memory).
#[inline]
fn buf_load(buf: &[u8], addrs: &[u64; 32], win: u64, mask: u32, size: u32, out: &mut [u64; 32]) -> WR<()> {
    buf_check(buf.len(), addrs, win, mask, size)?;
    for (l, (o, &a)) in out.iter_mut().zip(addrs).enumerate() {
        if mask >> l & 1 != 0 {
            *o = le_read(buf, a.wrapping_sub(win), size).unwrap_or(0);
        }
    }
    Ok(())
}

/// Stores for every active lane (in lane order) into a block-local buffer (shared memory).
#[inline]
fn buf_store(buf: &mut [u8], addrs: &[u64; 32], win: u64, mask: u32, size: u32, vals: &[u64; 32]) -> WR<()> {
    buf_check(buf.len(), addrs, win, mask, size)?;
    for (l, (&v, &a)) in vals.iter().zip(addrs).enumerate() {
        if mask >> l & 1 != 0 {
            le_write(buf, a.wrapping_sub(win), size, v);
        }
    }
    Ok(())
}

impl Warp {
    /// Prepares the warp to run kernel `func` (`k`) from the start in a new block.
    fn reset(&mut self, func: u32, k: &Func) {
        self.func = func;
        // Registers keep the previous block's values (reading a register before writing it is
        // undefined in PTX); they are zeroed when first sized for the kernel.
        if self.regs.len() != k.nregs as usize {
            self.regs.clear();
            self.regs.resize(k.nregs as usize, [0; 32]);
        }
        // Per-lane parameter space (call arguments) keeps the previous block's bytes too, as
        // registers do: a `.param` is written before it is read.
        if self.params.len() != k.param_size as usize * 32 {
            self.params.clear();
            self.params.resize(k.param_size as usize * 32, 0);
        }
        self.psize = k.param_size;
        self.local_base = 0;
        if k.local_size > 0 || self.local_grown {
            for lb in &mut self.local {
                lb.clear();
                lb.resize(k.local_size as usize, 0);
            }
            self.local_grown = false;
        }
        self.stack.clear();
        self.stack.push(Entry { pc: 0, rpc: NO_PC, mask: self.valid, base: false, wait: false });
        self.frames.clear();
        self.exited = 0;
        self.state = State::Ready;
        self.bar_pc = 0;
        self.carry = 0;
        self.red = None;
        self.stuck = ((0, 0), 0);
        self.split_seen = false;
        if std::mem::take(&mut self.stack_moved) {
            self.stack_top = [0; 32];
        }
        self.forced = false;
        self.cl_arrived = 0;
        self.no_jit = false;
    }

    /// Fills `buf` with `s` unless `s` is a register (read in place by the caller).
    #[inline(always)]
    fn prefetch(&self, b: &Block<'_, '_>, s: Src, buf: &mut [u64; 32]) {
        if !matches!(s, Src::Reg(_)) {
            self.fetch(b, s, buf);
        }
    }

    /// The value of `s` for every lane: the register itself, or `buf` filled with it.
    #[inline(always)]
    fn src_ref<'s>(&'s self, b: &Block<'_, '_>, s: Src, buf: &'s mut [u64; 32]) -> &'s [u64; 32] {
        match s {
            Src::Reg(r) => &self.regs[r as usize],
            _ => {
                self.fetch(b, s, buf);
                buf
            }
        }
    }

    #[inline]
    fn fetch(&self, b: &Block<'_, '_>, s: Src, out: &mut [u64; 32]) {
        match s {
            Src::Reg(r) => *out = self.regs[r as usize],
            Src::Imm(v) => *out = [v; 32],
            Src::Global(g, off) => *out = [b.l.globals[g as usize].wrapping_add(off as u64); 32],
            Src::Local(o) => *out = [self.local_base + o; 32],
            Src::Sreg(r) => self.sreg(b, r, out),
        }
    }

    fn sreg(&self, b: &Block<'_, '_>, r: Sreg, out: &mut [u64; 32]) {
        sreg_of(&self.tid, self.id, b, r, out);
    }
}

/// The value of special register `r` in every lane of warp `id` (thread ids `tid`).
/// `%clock64`: cycles at the device's reported clock rate ([`crate::CLOCK_RATE_KHZ`]) since the
/// process started, from the host's monotonic clock. Real time rather than instructions
/// executed, so programs that spin until `clock64() - start` reaches a duration computed from
/// `cudaDevAttrClockRate` (the CUDA samples concurrentKernels, simpleHyperQ) wait that long.
pub(crate) fn device_clock() -> u64 {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let ns = EPOCH.get_or_init(Instant::now).elapsed().as_nanos();
    (ns * u128::from(crate::CLOCK_RATE_KHZ) / 1_000_000) as u64
}

fn sreg_of(tid: &[[u32; 32]; 3], id: u32, b: &Block<'_, '_>, r: Sreg, out: &mut [u64; 32]) {
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
            Sreg::TotalSmem => uniform(out, (b.shared.len() as u64).saturating_sub(u64::from(l.reserved_smem))),
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

impl Warp {
    #[inline]
    fn addr_of(&self, b: &Block<'_, '_>, a: Addr, lane: usize) -> u64 {
        let base = match a.base {
            Base::Reg(r) => self.regs[r as usize][lane],
            Base::Abs => 0,
            Base::Global(g) => b.l.globals[g as usize],
            Base::Local(o) => self.local_base + o,
        };
        a.at(base)
    }

    /// The address of every lane (inactive lanes too; their values are unused).
    #[inline(always)]
    fn addrs(&self, b: &Block<'_, '_>, a: Addr) -> [u64; 32] {
        match a.base {
            Base::Reg(r) => {
                let v = &self.regs[r as usize];
                std::array::from_fn(|l| a.at(v[l]))
            }
            Base::Abs => [a.at(0); 32],
            Base::Global(g) => [a.at(b.l.globals[g as usize]); 32],
            Base::Local(o) => [a.at(self.local_base + o); 32],
        }
    }

    #[inline]
    pub(crate) fn classify(space: Space, addr: u64) -> Target {
        match space {
            Space::Global => Target::Global(addr),
            Space::Shared => Target::Shared(addr),
            Space::Local => Target::Local(addr),
            // A kernel parameter's address is in the parameter window (either half: `mov` of
            // a parameter, `cvta.param`); a 32-bit `mov` of it (the low half of its
            // `PARAM_ALIAS` address) or a bare offset also names it.
            Space::KParam if addr.wrapping_sub(PARAM_WINDOW) < WINDOW_SIZE => {
                Target::KParam((addr - PARAM_WINDOW) % PARAM_HALF)
            }
            Space::KParam if addr < WINDOW_SIZE => Target::KParam(addr % PARAM_HALF),
            Space::KParam => Target::KParam(addr),
            Space::FParam => Target::FParam(addr),
            Space::Generic => {
                if addr.wrapping_sub(SHARED_WINDOW) < WINDOW_SIZE {
                    Target::Shared(addr - SHARED_WINDOW)
                } else if addr.wrapping_sub(LOCAL_WINDOW) < WINDOW_SIZE {
                    Target::Local(addr - LOCAL_WINDOW)
                } else {
                    Target::Global(addr)
                }
            }
        }
    }

    fn load(&mut self, b: &Block<'_, '_>, space: Space, addr: u64, size: u32, lane: usize) -> WR<u64> {
        if matches!(space, Space::Global) {
            return b.l.mem.load(addr, size, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32));
        }
        let r = match Self::classify(space, addr) {
            Target::Global(a) => {
                return b.l.mem.load(a, size, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32));
            }
            Target::Shared(a) => {
                let (buf, o) = b.smem(a);
                le_read(buf, o, size).ok_or_else(|| oob("shared", o, size, lane))
            }
            Target::Local(a) => le_read(&self.local[lane], a, size).ok_or_else(|| oob("local", a, size, lane)),
            Target::KParam(a) => le_read(b.l.params, a, size).ok_or_else(|| oob("param", a, size, lane)),
            Target::FParam(a) => {
                if a + u64::from(size) > u64::from(self.psize) {
                    return Err(oob("param", a, size, lane));
                }
                le_read(&self.params, lane as u64 * u64::from(self.psize) + a, size)
                    .ok_or_else(|| oob("param", a, size, lane))
            }
        }?;
        if !aligned(addr, size) {
            return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size }), lane as u32));
        }
        Ok(r)
    }

    /// A vector load of `n` elements of `size` bytes at `addr` as one single-copy atomic access
    /// (`Op::Ld { whole: true }`): the elements, zero-extended.
    fn load_whole(
        &mut self,
        b: &Block<'_, '_>,
        space: Space,
        addr: u64,
        size: u32,
        n: usize,
        lane: usize,
    ) -> WR<Vec<u64>> {
        let total = size * n as u32;
        let split = |v: u64| (0..n).map(|i| (v >> (i as u32 * size * 8)) & mask_w((size * 8) as u8)).collect();
        if total <= 8 {
            return Ok(split(self.load(b, space, addr, total, lane)?));
        }
        let halves = match Self::classify(space, addr) {
            Target::Global(a) => {
                b.l.mem.load16(a, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32))?
            }
            // Not shared between workers: element by element is atomic enough.
            _ => [self.load(b, space, addr, 8, lane)?, self.load(b, space, addr.wrapping_add(8), 8, lane)?],
        };
        let per = (n / 2).max(1);
        let mut out: Vec<u64> = split(halves[0]).into_iter().take(per).collect();
        out.extend(split(halves[1]).into_iter().take(per));
        Ok(out)
    }

    /// A vector store of `parts` (each `size` bytes) at `addr` as one single-copy atomic access
    /// (`Op::St { whole: true }`).
    fn store_whole(
        &mut self,
        b: &mut Block<'_, '_>,
        space: Space,
        addr: u64,
        size: u32,
        parts: &[u64],
        lane: usize,
    ) -> WR<()> {
        let total = size * parts.len() as u32;
        let pack = |ps: &[u64]| {
            ps.iter()
                .enumerate()
                .fold(0u64, |acc, (i, &p)| acc | (p & mask_w((size * 8) as u8)) << (i as u32 * size * 8))
        };
        if total <= 8 {
            return self.store(b, space, addr, total, pack(parts), lane);
        }
        let (lo, hi) = parts.split_at(parts.len() / 2);
        let (lo, hi) = (pack(lo), pack(hi));
        match Self::classify(space, addr) {
            Target::Global(a) => {
                b.l.mem.store16(a, [lo, hi], &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32))
            }
            _ => {
                self.store(b, space, addr, 8, lo, lane)?;
                self.store(b, space, addr.wrapping_add(8), 8, hi, lane)
            }
        }
    }

    fn store(&mut self, b: &mut Block<'_, '_>, space: Space, addr: u64, size: u32, v: u64, lane: usize) -> WR<()> {
        let t = Self::classify(space, addr);
        if let Target::Global(a) = t {
            return b.l.mem.store(a, size, v, &mut self.cache).map_err(|e| fault(FaultKind::Memory(e), lane as u32));
        }
        if !aligned(addr, size) {
            return Err(fault(FaultKind::Memory(MemError::Misaligned { addr, size }), lane as u32));
        }
        match t {
            Target::Global(_) => Ok(()),
            Target::Shared(a) => {
                let (buf, o) = b.smem_mut(a);
                le_write(buf, o, size, v).ok_or_else(|| oob("shared", o, size, lane))
            }
            Target::Local(a) => le_write(&mut self.local[lane], a, size, v).ok_or_else(|| oob("local", a, size, lane)),
            Target::KParam(a) => Err(oob("param (read-only)", a, size, lane)),
            Target::FParam(a) => {
                if a + u64::from(size) > u64::from(self.psize) {
                    return Err(oob("param", a, size, lane));
                }
                let at = lane as u64 * u64::from(self.psize) + a;
                le_write(&mut self.params, at, size, v).ok_or_else(|| oob("param", a, size, lane))
            }
        }
    }

    /// Removes `lanes` from the entries of the current frame (down to its base entry), or
    /// from every entry when `all`.
    fn remove_lanes(&mut self, lanes: u32, all: bool) {
        for e in self.stack.iter_mut().rev() {
            e.mask &= !lanes;
            if e.base && !all {
                break;
            }
        }
    }

    /// Runs another path while the top of the stack is parked at a `bar.warp.sync`: the
    /// highest entry of the current frame whose lanes are not waiting moves to the top; when
    /// there is none (the missing lanes went on without reaching a `bar.warp.sync`), the
    /// parked paths are released rather than deadlock.
    /// Yields the warp to the scheduler after a long run of backward branches or a
    /// `nanosleep`. When it resumes, a disjoint path of the warp (lanes the looping ones may
    /// be waiting for) runs first; when the looping path has been the only runnable one for
    /// a while, the lanes waiting for it at its reconvergence point go on alone.
    /// Only a loop that tries to take a lock (`lock_loop`) may split the warp: lanes that
    /// poll memory other blocks or warps write (a grid barrier, a flag) must not let their
    /// warp's other lanes run ahead, as those would then reach a block barrier without them.
    fn give_way(&mut self, lock_loop: bool) -> Yield {
        if !self.spin_rotate() && lock_loop {
            let top = self.stack.last().map_or((0, 0), |e| (e.pc, e.mask));
            if self.stuck.0 == top {
                self.stuck.1 += 1;
            } else {
                self.stuck = (top, 1);
            }
            // A warp that needed a split once (a spin lock) gets the next one at once.
            let after = if self.split_seen { 1 } else { SPLIT_AFTER_PREEMPTS };
            if self.stuck.1 >= after && self.split_join() {
                self.stuck = ((0, 0), 0);
                self.split_seen = true;
            }
        }
        Yield::Preempt
    }

    /// After a failing mbarrier wait or a long loop: when other lanes of the warp are on a
    /// disjoint path of the current frame (independent thread scheduling), run that path
    /// first, as they may be the ones to arrive. Returns whether it found one.
    fn spin_rotate(&mut self) -> bool {
        let n = self.stack.len();
        let top = self.stack.last().map_or(0, |e| e.mask);
        let busy = self.stack.iter().filter(|e| e.wait).fold(top, |m, e| m | e.mask);
        let lo = self.stack.iter().rposition(|e| e.base).unwrap_or(0);
        let other = (lo..n.saturating_sub(1)).rev().find(|&j| {
            let e = &self.stack[j];
            !e.wait && e.mask != 0 && e.mask & busy == 0 && e.pc != e.rpc
        });
        if let Some(j) = other {
            let e = self.stack.remove(j);
            self.stack.push(e);
        }
        other.is_some()
    }

    /// Independent thread scheduling for a path that spins while other lanes wait for it at
    /// its reconvergence point (the classic intra-warp spin lock: the lock holder waits at
    /// the loop exit for the lanes that wait for its unlock). The waiting lanes get their own
    /// entry that runs on to the join's own reconvergence point; the join keeps the rest.
    /// Returns whether there were such lanes.
    fn split_join(&mut self) -> bool {
        let n = self.stack.len();
        let Some(top) = self.stack.last().copied() else { return false };
        let lo = self.stack.iter().rposition(|e| e.base).unwrap_or(0);
        // Entries already at their reconvergence point (pc == rpc) only wait to be popped:
        // their lanes are among those waiting at the join.
        let pending = |e: &Entry| e.pc == e.rpc;
        let Some(j) = (lo..n - 1).rev().find(|&j| self.stack[j].pc == top.rpc && !pending(&self.stack[j])) else {
            return false;
        };
        let join = self.stack[j];
        if join.wait {
            return false;
        }
        let above = self.stack[j + 1..].iter().filter(|e| !pending(e)).fold(0u32, |m, e| m | e.mask);
        let waiting = join.mask & !above & !self.exited;
        if waiting == 0 {
            return false;
        }
        self.stack[j].mask &= !waiting;
        self.stack.push(Entry { pc: join.pc, rpc: join.rpc, mask: waiting, base: false, wait: false });
        true
    }

    fn do_return(&mut self) {
        let Some(mut f) = self.frames.pop() else { return };
        let live = f.call_mask & !self.exited;
        for lane in lanes(live) {
            for &(caller_off, callee_off, sz) in &f.rets {
                let src = lane * self.psize as usize + callee_off as usize;
                let dst = lane * f.psize as usize + caller_off as usize;
                if let (Some(s), Some(d)) =
                    (self.params.get(src..src + sz as usize), f.params.get_mut(dst..dst + sz as usize))
                {
                    d.copy_from_slice(s);
                }
            }
        }
        self.restore(f);
    }

    /// Calls function `fi` from `func` for the lanes in `emask` (continuing at `next` on
    /// return); returns the callee.
    #[allow(clippy::too_many_arguments)]
    fn enter<'f>(
        &mut self,
        l: &'f Launch<'_>,
        func: &Func,
        fi: u32,
        args: &[(u32, u32, u32)],
        rets: Vec<(u32, u32, u32)>,
        emask: u32,
        next: u32,
    ) -> WR<&'f Func> {
        if self.frames.len() >= MAX_CALL_DEPTH {
            return Err(fault(FaultKind::StackOverflow, emask.trailing_zeros()));
        }
        let callee = kernel(l, fi);
        let ps = callee.param_size as usize;
        let mut params = vec![0u8; ps * 32];
        for lane in lanes(emask) {
            for &(caller_off, callee_off, sz) in args {
                let s = lane * self.psize as usize + caller_off as usize;
                let d = lane * ps + callee_off as usize;
                if let (Some(src), Some(dst)) =
                    (self.params.get(s..s + sz as usize), params.get_mut(d..d + sz as usize))
                {
                    dst.copy_from_slice(src);
                }
            }
        }
        // The callee's frame starts above the caller's frame and anything it `alloca`ted.
        let allocated = lanes(emask).map(|l| self.stack_top[l]).max().unwrap_or(0);
        let new_base = (self.local_base + u64::from(func.local_size)).max(allocated.next_multiple_of(16));
        let need = (new_base + u64::from(callee.local_size)) as usize;
        // Recursion deeper than the stack (`cudaLimitStackSize`; calls without recursion get
        // the stack their static depth needs, as the CUDA driver sizes it) overflows it: an
        // illegal address on a GPU.
        let recursive = self.func == fi || self.frames.iter().any(|f| f.func == fi);
        if recursive && need > l.dm.stack_size() {
            return Err(fault(
                FaultKind::OutOfBounds {
                    space: "stack (recursion deeper than cudaLimitStackSize allows)",
                    addr: need as u64,
                    size: callee.local_size,
                },
                emask.trailing_zeros(),
            ));
        }
        if callee.local_size > 0 {
            self.local_grown = true;
            for lb in self.local.iter_mut() {
                if lb.len() < need {
                    lb.resize(need, 0);
                }
            }
        }
        if let Some(t) = self.stack.last_mut() {
            t.pc = next;
        }
        let frame = Frame {
            func: self.func,
            regs: std::mem::replace(&mut self.regs, vec![[0; 32]; callee.nregs as usize]),
            params: std::mem::replace(&mut self.params, params),
            psize: self.psize,
            local_base: self.local_base,
            call_mask: emask,
            rets,
            stack_top: std::mem::take(&mut self.stack_top),
        };
        self.frames.push(frame);
        self.psize = ps as u32;
        self.local_base = new_base;
        self.func = fi;
        self.stack.push(Entry { pc: 0, rpc: NO_PC, mask: emask, base: true, wait: false });
        Ok(callee)
    }

    /// The `size`-byte value of the caller's `.param` variable at `off` in `lane`.
    fn param_of(&self, off: u32, size: u32, lane: usize) -> u64 {
        le_read(&self.params, lane as u64 * u64::from(self.psize) + u64::from(off), size).unwrap_or(0)
    }

    /// Runs built-in function `f` for one lane.
    fn builtin(&mut self, b: &mut Block<'_, '_>, f: Builtin, args: &[u32], ret: Option<u32>, lane: usize) -> WR<()> {
        let arg = |w: &Self, i: usize, size: u32| args.get(i).map_or(0, |&o| w.param_of(o, size, lane));
        let result: u64 = match f {
            Builtin::Vprintf => {
                let (fmt, buf) = (arg(self, 0, 8), arg(self, 1, 8));
                if fmt == 0 {
                    u64::from(-1i32 as u32)
                } else {
                    let text = self.cstr(b, fmt, 1 << 20, lane)?;
                    let mut out = Vec::new();
                    let mut env = PrintEnv { w: self, b, lane, fault: None };
                    let n = crate::printf::format(&text, buf, &mut env, &mut out);
                    if let Some(e) = env.fault {
                        return Err(e);
                    }
                    let mut p = b.l.printf.lock().unwrap_or_else(|e| e.into_inner());
                    if p.len() + out.len() <= b.l.printf_fifo {
                        p.extend_from_slice(&out);
                    }
                    u64::from(n.unwrap_or(-2) as u32)
                }
            }
            Builtin::AssertFail => {
                let text = |w: &mut Self, b: &Block<'_, '_>, a: u64| -> WR<String> {
                    if a == 0 {
                        return Ok(String::new());
                    }
                    Ok(String::from_utf8_lossy(&w.cstr(b, a, 4096, lane)?).into_owned())
                };
                let (m, fi, line, fu) = (arg(self, 0, 8), arg(self, 1, 8), arg(self, 2, 4), arg(self, 3, 8));
                let message = text(self, b, m)?;
                let file = text(self, b, fi)?;
                let function = text(self, b, fu)?;
                return Err(fault(FaultKind::Assert { message, file, line: line as u32, function }, lane as u32));
            }
            Builtin::Malloc => b.l.dm.heap_malloc(arg(self, 0, 8)),
            Builtin::AlignedMalloc => b.l.dm.heap_malloc_aligned(arg(self, 0, 8), arg(self, 1, 8)),
            Builtin::Free => {
                b.l.dm.heap_free(arg(self, 0, 8));
                0
            }
            Builtin::Cdp(f) => self.device_runtime(b, f, args, lane)?,
            Builtin::SetConditional => {
                // A bad handle faults like a bad global store.
                self.store(b, Space::Global, arg(self, 0, 8), 4, arg(self, 1, 4), lane)?;
                0
            }
        };
        if let (Some(off), Some(size)) = (ret, Builtin::ret_size(f)) {
            let at = lane as u64 * u64::from(self.psize) + u64::from(off);
            le_write(&mut self.params, at, size, result);
        }
        Ok(())
    }

    /// Runs device-runtime function `f` (dynamic parallelism, `device_launch.rs`) for one
    /// lane: its return value.
    fn device_runtime(&mut self, b: &mut Block<'_, '_>, f: CdpFn, args: &[u32], lane: usize) -> WR<u64> {
        use crate::device_launch::{
            DeviceLaunch, ERR_INVALID_DEVICE_FUNCTION, ERR_INVALID_VALUE, ERR_MEMORY_ALLOCATION,
        };
        let arg = |w: &Self, i: usize, off: u32, size: u32| args.get(i).map_or(0, |&o| w.param_of(o + off, size, lane));
        let dim3 = |w: &Self, i: usize| [arg(w, i, 0, 4) as u32, arg(w, i, 4, 4) as u32, arg(w, i, 8, 4) as u32];
        let kernel_at = |addr: u64| -> Option<u32> {
            let off = addr.checked_sub(FUNC_BASE).filter(|o| o.is_multiple_of(16))?;
            let i = u32::try_from(off / 16).ok()?;
            matches!(b.l.funcs.get(i as usize), Some(Ok(f)) if f.is_kernel).then_some(i)
        };
        let cdp = b.l.cdp;
        let [gx, gy, _] = b.l.grid;
        let block_index =
            u64::from(b.ctaid[0]) + u64::from(gx) * (u64::from(b.ctaid[1]) + u64::from(gy) * u64::from(b.ctaid[2]));
        let [bx, by, _] = b.l.block;
        let t = |c: usize| self.tid[c][lane];
        let who = (block_index, t(0) + bx * (t(1) + by * t(2)));
        let code = match f {
            CdpFn::GetParameterBufferV2 => {
                let Some(func) = kernel_at(arg(self, 0, 0, 8)) else { return Ok(0) };
                let size = kernel(b.l, func).kparam_size;
                let params = b.l.dm.heap_malloc(u64::from(size.max(1)));
                if params != 0 {
                    let (grid, block, shared) = (dim3(self, 1), dim3(self, 2), arg(self, 3, 0, 4) as u32);
                    cdp.hand_out(DeviceLaunch { func, grid, block, shared, params });
                }
                params
            }
            CdpFn::GetParameterBuffer => b.l.dm.heap_malloc(arg(self, 1, 0, 8).max(1)),
            CdpFn::LaunchDeviceV2 => cdp.launch_v2(arg(self, 0, 0, 8)),
            CdpFn::LaunchDevice => match kernel_at(arg(self, 0, 0, 8)) {
                Some(func) => cdp.launch(DeviceLaunch {
                    func,
                    params: arg(self, 1, 0, 8),
                    grid: dim3(self, 2),
                    block: dim3(self, 3),
                    shared: arg(self, 4, 0, 4) as u32,
                }),
                None => ERR_INVALID_DEVICE_FUNCTION,
            },
            CdpFn::StreamCreateWithFlags | CdpFn::EventCreateWithFlags => {
                let at = arg(self, 0, 0, 8);
                if at == 0 {
                    ERR_INVALID_VALUE
                } else {
                    self.store(b, Space::Generic, at, 8, cdp.handle(), lane)?;
                    0
                }
            }
            CdpFn::GetDevice | CdpFn::GetDeviceCount | CdpFn::RuntimeGetVersion => {
                let at = arg(self, 0, 0, 8);
                let v = match f {
                    CdpFn::GetDevice => 0,
                    CdpFn::GetDeviceCount => 1,
                    _ => 6000,
                };
                if at == 0 {
                    ERR_INVALID_VALUE
                } else {
                    self.store(b, Space::Generic, at, 4, v, lane)?;
                    0
                }
            }
            CdpFn::Malloc => {
                let at = arg(self, 0, 0, 8);
                if at == 0 {
                    return Ok(ERR_INVALID_VALUE);
                }
                let p = b.l.dm.heap_malloc(arg(self, 1, 0, 8));
                self.store(b, Space::Generic, at, 8, p, lane)?;
                if p == 0 { ERR_MEMORY_ALLOCATION } else { 0 }
            }
            CdpFn::Free => {
                b.l.dm.heap_free(arg(self, 0, 0, 8));
                0
            }
            CdpFn::GetLastError => return Ok(cdp.last_error(who, false)),
            CdpFn::PeekAtLastError => return Ok(cdp.last_error(who, true)),
            CdpFn::StreamDestroy | CdpFn::EventRecord | CdpFn::EventDestroy | CdpFn::StreamWaitEvent => 0,
        };
        Ok(match f {
            // These return pointers, not error codes.
            CdpFn::GetParameterBuffer | CdpFn::GetParameterBufferV2 => code,
            _ => cdp.note(who, code),
        })
    }

    /// The NUL-terminated string at generic address `addr` (at most `max` bytes).
    fn cstr(&mut self, b: &Block<'_, '_>, addr: u64, max: usize, lane: usize) -> WR<Vec<u8>> {
        let mut v = Vec::new();
        while v.len() < max {
            let c = self.load(b, Space::Generic, addr.wrapping_add(v.len() as u64), 1, lane)? as u8;
            if c == 0 {
                break;
            }
            v.push(c);
        }
        Ok(v)
    }

    fn restore(&mut self, f: Frame) {
        self.func = f.func;
        self.regs = f.regs;
        self.params = f.params;
        self.psize = f.psize;
        self.local_base = f.local_base;
        self.stack_top = f.stack_top;
    }

    fn run(&mut self, b: &mut Block<'_, '_>) -> WR<Yield> {
        let l = b.l;
        let mut func = kernel(l, self.func);
        let mut a = [0u64; 32];
        let mut bb = [0u64; 32];
        let mut c = [0u64; 32];
        let mut r = [0u64; 32];
        let mut executed: u64 = 0;
        // A kernel whose threads race through a module variable (`Func::warps_interleave`):
        // each slice of a warp ends before its second memory access, so the block's warps
        // make their k-th accesses in round k, as warps that start together on a GPU do.
        let interleave = kernel(l, l.kernel).warps_interleave && l.block.iter().product::<u32>() > 32;
        if !interleave {
            self.backedges = 0;
        }
        let mut accessed = false;
        let result = loop {
            let Some(top) = self.stack.last().copied() else { break Yield::Done };
            if top.mask == 0 || top.pc == top.rpc {
                self.stack.pop();
                if self.stack.len() < self.floor {
                    break Yield::Preempt;
                }
                if top.base {
                    self.do_return();
                    func = kernel(l, self.func);
                }
                continue;
            }
            if top.wait {
                self.wsync_next(b, func)?;
                continue;
            }
            executed += 1;
            if executed & 0xfff == 0 {
                if l.stop.load(Ordering::Relaxed) {
                    break Yield::Stopped;
                }
                if l.cooperative {
                    // Blocks of a cooperative grid may spin on each other: share the cores.
                    std::thread::yield_now();
                }
            }
            let pc = top.pc;
            let Some(inst) = func.code.get(pc as usize) else {
                // Falling off the end of a function: return.
                self.remove_lanes(top.mask, self.frames.is_empty());
                if self.frames.is_empty() {
                    self.exited |= top.mask;
                }
                continue;
            };
            if interleave && inst.op.accesses_memory() && std::mem::replace(&mut accessed, true) {
                executed -= 1;
                break Yield::Preempt;
            }
            let mut emask = top.mask;
            if let Some(g) = inst.guard {
                let p = &self.regs[g.reg as usize];
                let mut pm = 0u32;
                for (k, v) in p.iter().enumerate() {
                    pm |= ((*v & 1) as u32) << k;
                }
                if g.neg {
                    pm = !pm;
                }
                emask &= pm;
            }
            let next = pc + 1;
            let set_pc = |s: &mut Vec<Entry>, p: u32| {
                if let Some(t) = s.last_mut() {
                    t.pc = p;
                }
            };
            if emask == 0 && !matches!(inst.op, Op::Bra { .. }) {
                set_pc(&mut self.stack, next);
                continue;
            }
            match &inst.op {
                Op::WarpSync { .. } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                }
                Op::Elect { d, p, mask } => {
                    self.fetch(b, *mask, &mut a);
                    elect_lanes(&a, emask, &mut r, &mut c);
                    if let Some(d) = d
                        && let Some(dst) = self.regs.get_mut(*d as usize)
                    {
                        write_masked(dst, &r, emask);
                    }
                    if let Some(p) = p
                        && let Some(dst) = self.regs.get_mut(*p as usize)
                    {
                        write_masked(dst, &c, emask);
                    }
                }
                Op::Brx { index, targets, ipdom } => {
                    self.fetch(b, *index, &mut a);
                    let tgt = |k: usize| targets.get(a[k] as usize).copied();
                    let first = emask.trailing_zeros() as usize;
                    let Some(t0) = tgt(first) else { return Err(fault(FaultKind::Trap, first as u32)) };
                    let same = lanes(emask).fold(0u32, |m, k| m | (u32::from(tgt(k) == Some(t0)) << k));
                    if same == top.mask {
                        set_pc(&mut self.stack, t0);
                        continue;
                    }
                    let mut groups: Vec<(u32, u32)> = Vec::new();
                    let mut rest = emask;
                    while rest != 0 {
                        let k = rest.trailing_zeros() as usize;
                        let Some(t) = tgt(k) else { return Err(fault(FaultKind::Trap, k as u32)) };
                        let m = lanes(rest).fold(0u32, |m, j| m | (u32::from(tgt(j) == Some(t)) << j));
                        groups.push((t, m));
                        rest &= !m;
                    }
                    set_pc(&mut self.stack, *ipdom);
                    let not = top.mask & !emask;
                    if not != 0 {
                        self.stack.push(Entry { pc: next, rpc: *ipdom, mask: not, base: false, wait: false });
                    }
                    for &(t, m) in groups.iter().rev() {
                        self.stack.push(Entry { pc: t, rpc: *ipdom, mask: m, base: false, wait: false });
                    }
                    continue;
                }
                Op::Nanosleep => {
                    set_pc(&mut self.stack, next);
                    break self.give_way(false);
                }
                Op::Alloca { d, size, align } => {
                    self.fetch(b, *size, &mut a);
                    let frame_end = self.local_base + u64::from(func.local_size);
                    for lane in lanes(emask) {
                        let at = self.stack_top[lane].max(frame_end).next_multiple_of(u64::from(*align));
                        let end = at.saturating_add(a[lane]);
                        if end > MAX_ALLOCA_STACK {
                            return Err(fault(
                                FaultKind::Memory(MemError::OutOfBounds { addr: at, size: a[lane] as u32 }),
                                lane as u32,
                            ));
                        }
                        self.local_grown = true;
                        let lb = &mut self.local[lane];
                        if (lb.len() as u64) < end {
                            lb.resize(end as usize, 0);
                        }
                        self.stack_top[lane] = end;
                        self.stack_moved = true;
                        self.regs[*d as usize][lane] = at;
                    }
                }
                Op::StackSave { d } => {
                    let frame_end = self.local_base + u64::from(func.local_size);
                    for lane in lanes(emask) {
                        self.regs[*d as usize][lane] = self.stack_top[lane].max(frame_end);
                    }
                }
                Op::StackRestore { a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    for lane in lanes(emask) {
                        self.stack_top[lane] = a[lane];
                        self.stack_moved = true;
                    }
                }
                Op::Nop | Op::Fence => {
                    if matches!(inst.op, Op::Fence) {
                        std::sync::atomic::fence(Ordering::SeqCst);
                    }
                }
                Op::Un { op: UnOp::Mov, d, a: Src::Reg(sa) } => {
                    let (d, sa) = (*d as usize, *sa as usize);
                    if d != sa && sa < self.regs.len() {
                        if emask == FULL {
                            self.regs.copy_within(sa..sa + 1, d);
                        } else {
                            if let Some((dst, get)) = split_regs(&mut self.regs, d) {
                                write_masked(dst, get(sa), emask);
                            }
                        }
                    }
                }
                Op::Un { op: UnOp::Mov, d, a: sa } if emask == FULL && (*d as usize) < self.regs.len() => {
                    let dst = &mut self.regs[*d as usize];
                    match *sa {
                        Src::Sreg(sr) => sreg_of(&self.tid, self.id, b, sr, dst),
                        Src::Imm(v) => *dst = [v; 32],
                        Src::Global(g, off) => *dst = [b.l.globals[g as usize].wrapping_add(off as u64); 32],
                        Src::Local(o) => *dst = [self.local_base + o; 32],
                        Src::Reg(_) => {}
                    }
                }
                Op::Un { op, d, a: sa } => {
                    let d = *d as usize;
                    self.prefetch(b, *sa, &mut a);
                    let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
                    match reg_or(*sa, d, &get, &a) {
                        Some(x) if emask == FULL => unop(op, x, dst),
                        Some(x) => {
                            unop(op, x, &mut r);
                            write_masked(dst, &r, emask);
                        }
                        None => {
                            unop(op, dst, &mut r);
                            write_masked(dst, &r, emask);
                        }
                    }
                }
                Op::Bin { op, d, a: sa, b: sb } => {
                    let d = *d as usize;
                    self.prefetch(b, *sa, &mut a);
                    self.prefetch(b, *sb, &mut bb);
                    let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
                    match (reg_or(*sa, d, &get, &a), reg_or(*sb, d, &get, &bb)) {
                        (Some(x), Some(y)) if emask == FULL => binop(op, x, y, dst),
                        (x, y) => {
                            binop(op, x.unwrap_or(dst), y.unwrap_or(dst), &mut r);
                            write_masked(dst, &r, emask);
                        }
                    }
                }
                Op::Tern { op, d, a: sa, b: sb, c: sc } => {
                    let d = *d as usize;
                    self.prefetch(b, *sa, &mut a);
                    self.prefetch(b, *sb, &mut bb);
                    self.prefetch(b, *sc, &mut c);
                    let Some((dst, get)) = split_regs(&mut self.regs, d) else { return Err(bad_reg(emask)) };
                    match (reg_or(*sa, d, &get, &a), reg_or(*sb, d, &get, &bb), reg_or(*sc, d, &get, &c)) {
                        (Some(x), Some(y), Some(z)) if emask == FULL => ternop(op, x, y, z, dst),
                        (x, y, z) => {
                            ternop(op, x.unwrap_or(dst), y.unwrap_or(dst), z.unwrap_or(dst), &mut r);
                            write_masked(dst, &r, emask);
                        }
                    }
                }
                Op::Bfi { w, d, a: sa, b: sb, c: sc, e } => {
                    let mut ee = [0u64; 32];
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    self.fetch(b, *e, &mut ee);
                    for k in 0..32 {
                        r[k] = bfi(*w, a[k], bb[k], c[k], ee[k]);
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Setp { cmp: cm, out, d, dn, a: sa, b: sb, comb } => {
                    let mut p = [0u64; 32];
                    let mut pn = [0u64; 32];
                    let x2 = matches!(cm.kind, b'h' | b'g') && cm.w == 32;
                    if x2 {
                        // Low halves into `p`, high halves into `pn`.
                        self.fetch(b, *sa, &mut a);
                        self.fetch(b, *sb, &mut bb);
                        let c16 = Cmp { w: 16, ..*cm };
                        for k in 0..32 {
                            p[k] = u64::from(cmp(&c16, a[k] & 0xffff, bb[k] & 0xffff));
                            pn[k] = u64::from(cmp(&c16, (a[k] >> 16) & 0xffff, (bb[k] >> 16) & 0xffff));
                        }
                    } else {
                        cmp_lanes(cm, self.src_ref(b, *sa, &mut a), self.src_ref(b, *sb, &mut bb), &mut p);
                        for (n, &v) in pn.iter_mut().zip(&p) {
                            *n = v ^ 1;
                        }
                    }
                    if let Some((op, src, neg)) = comb {
                        self.fetch(b, *src, &mut c);
                        for k in 0..32 {
                            let q = (c[k] & 1) ^ u64::from(*neg);
                            let f = |x: u64| match op {
                                BoolOp::And => x & q,
                                BoolOp::Or => x | q,
                                BoolOp::Xor => x ^ q,
                            };
                            p[k] = f(p[k]);
                            pn[k] = f(pn[k]);
                        }
                    }
                    match out {
                        SetOut::Pred => {}
                        SetOut::Bits(t) if x2 => {
                            for (v, &hi) in p.iter_mut().zip(&pn) {
                                *v = if *v != 0 { *t } else { 0 } | if hi != 0 { *t << 16 } else { 0 };
                            }
                        }
                        SetOut::Bits(t) => p.iter_mut().for_each(|v| *v = if *v != 0 { *t } else { 0 }),
                    }
                    write_masked(&mut self.regs[*d as usize], &p, emask);
                    if let Some(dn) = dn
                        && *out == SetOut::Pred
                    {
                        write_masked(&mut self.regs[*dn as usize], &pn, emask);
                    }
                }
                Op::Pack { d, parts, bits } => {
                    r = [0; 32];
                    for (i, p) in parts.iter().enumerate() {
                        self.fetch(b, *p, &mut a);
                        let sh = u32::from(*bits) * i as u32;
                        for k in 0..32 {
                            r[k] |= (a[k] & mask_w(*bits)) << sh;
                        }
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Unpack { parts, a: sa, bits } => {
                    self.fetch(b, *sa, &mut a);
                    for (i, p) in parts.iter().enumerate() {
                        if let Some(p) = p {
                            let sh = u32::from(*bits) * i as u32;
                            map1(&a, &mut r, |x| (x >> sh) & mask_w(*bits));
                            write_masked(&mut self.regs[*p as usize], &r, emask);
                        }
                    }
                }
                Op::Ld { space, size, sext, d, addr, whole: true, .. } => {
                    let ad = self.addrs(b, *addr);
                    for lane in lanes(emask) {
                        let vals = self.load_whole(b, *space, ad[lane], u32::from(*size), d.len(), lane)?;
                        for (dr, mut v) in d.iter().zip(vals) {
                            if *sext {
                                v = sx(v, size * 8) as u64;
                            }
                            if let Some(dr) = dr {
                                self.regs[*dr as usize][lane] = v;
                            }
                        }
                    }
                }
                Op::St { space, size, vals, addr, whole: true, .. } => {
                    let ad = self.addrs(b, *addr);
                    let mut vs = [[0u64; 32]; 4];
                    for (i, v) in vals.iter().enumerate().take(4) {
                        self.fetch(b, *v, &mut vs[i]);
                    }
                    for lane in lanes(emask) {
                        let parts: Vec<u64> = vs.iter().take(vals.len()).map(|v| v[lane]).collect();
                        self.store_whole(b, *space, ad[lane], u32::from(*size), &parts, lane)?;
                    }
                }
                Op::Ld { space, size, sext, d, addr, .. } => {
                    let size = u32::from(*size);
                    let mut ad = self.addrs(b, *addr);
                    let fast = cluster::local_only(b, fast_space(*space, &ad, emask), &ad, emask);
                    let uniform_param = *space == Space::KParam && !matches!(addr.base, Base::Reg(_));
                    if fast.is_some() || uniform_param {
                        let ai = &mut ad;
                        for (i, dr) in d.iter().enumerate() {
                            if i != 0 {
                                let step = u64::from(size);
                                ai.iter_mut().for_each(|x| *x = x.wrapping_add(step));
                            }
                            if let (Some(FastSpace::Global), Some(dr), false) = (fast, dr, *sext) {
                                // Straight into the destination (only active lanes are written).
                                l.mem
                                    .load_lanes(ai, emask, size, &mut self.regs[*dr as usize], &mut self.cache)
                                    .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?;
                                continue;
                            }
                            match fast {
                                Some(FastSpace::Global) => {
                                    l.mem
                                        .load_lanes(ai, emask, size, &mut r, &mut self.cache)
                                        .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?
                                }
                                Some(FastSpace::Shared(win)) => {
                                    buf_load(&b.shared, ai, win, emask, size, &mut r)?;
                                }
                                None => {
                                    let lane = emask.trailing_zeros() as usize;
                                    let v = le_read(l.params, ai[lane], size)
                                        .ok_or_else(|| oob("param", ai[lane], size, lane))?;
                                    if !aligned(ai[lane], size) {
                                        return Err(fault(
                                            FaultKind::Memory(MemError::Misaligned { addr: ai[lane], size }),
                                            lane as u32,
                                        ));
                                    }
                                    if let Some(dr) = dr
                                        && !*sext
                                    {
                                        let dst = &mut self.regs[*dr as usize];
                                        if emask == FULL {
                                            *dst = [v; 32];
                                        } else {
                                            for lane in lanes(emask) {
                                                dst[lane] = v;
                                            }
                                        }
                                        continue;
                                    }
                                    r = [v; 32];
                                }
                            }
                            if *sext {
                                let w = (size * 8) as u8;
                                r.iter_mut().for_each(|v| *v = sx(*v, w) as u64);
                            }
                            if let Some(dr) = dr {
                                write_masked(&mut self.regs[*dr as usize], &r, emask);
                            }
                        }
                    } else {
                        for lane in lanes(emask) {
                            let base = ad[lane];
                            for (i, dr) in d.iter().enumerate() {
                                let at = base.wrapping_add(i as u64 * u64::from(size));
                                let mut v = self.load(b, *space, at, size, lane)?;
                                if *sext {
                                    v = sx(v, (size * 8) as u8) as u64;
                                }
                                if let Some(dr) = dr {
                                    self.regs[*dr as usize][lane] = v;
                                }
                            }
                        }
                    }
                }
                Op::St { space, size, vals, addr, .. } => {
                    let size = u32::from(*size);
                    let mut ad = self.addrs(b, *addr);
                    match cluster::local_only(b, fast_space(*space, &ad, emask), &ad, emask) {
                        Some(fast) => {
                            let mut cache = self.cache;
                            for (i, v) in vals.iter().enumerate() {
                                if i != 0 {
                                    let step = u64::from(size);
                                    ad.iter_mut().for_each(|x| *x = x.wrapping_add(step));
                                }
                                let v = self.src_ref(b, *v, &mut a);
                                match fast {
                                    FastSpace::Global => l
                                        .mem
                                        .store_lanes(&ad, emask, size, v, &mut cache)
                                        .map_err(|(lane, e)| fault(FaultKind::Memory(e), lane as u32))?,
                                    FastSpace::Shared(win) => buf_store(&mut b.shared, &ad, win, emask, size, v)?,
                                }
                            }
                            self.cache = cache;
                        }
                        None => {
                            let mut vs = [[0u64; 32]; 4];
                            for (i, v) in vals.iter().enumerate().take(4) {
                                self.fetch(b, *v, &mut vs[i]);
                            }
                            for lane in lanes(emask) {
                                let base = ad[lane];
                                for (i, v) in vs.iter().enumerate().take(vals.len()) {
                                    let at = base.wrapping_add(i as u64 * u64::from(size));
                                    self.store(b, *space, at, size, v[lane], lane)?;
                                }
                            }
                        }
                    }
                }
                Op::Mbar { op, d, addr, space, a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    let ad = self.addrs(b, *addr);
                    let mut failed = false;
                    for lane in lanes(emask) {
                        if *op == MbarOp::PendingCount {
                            r[lane] = a[lane] & MB_CNT;
                            continue;
                        }
                        let (buf, off) = b.smem_mut(mbar_offset(*space, ad[lane], lane)?);
                        let s = le_read(buf, off, 8).ok_or_else(|| oob("shared", off, 8, lane))?;
                        let (new, out) = mb_apply(*op, s, a[lane]);
                        le_write(buf, off, 8, new).ok_or_else(|| oob("shared", off, 8, lane))?;
                        failed |= matches!(op, MbarOp::Wait { .. }) && out == 0;
                        r[lane] = out;
                    }
                    if let Some(d) = d {
                        write_masked(&mut self.regs[*d as usize], &r, emask);
                    }
                    if failed {
                        set_pc(&mut self.stack, next);
                        self.spin_rotate();
                        b.executed += executed;
                        return Ok(Yield::Spin);
                    }
                }
                Op::CpBulk { dst, src, size, mbar } => {
                    self.fetch(b, *size, &mut a);
                    let (dsts, srcs, mbars) = (self.addrs(b, *dst), self.addrs(b, *src), self.addrs(b, *mbar));
                    for lane in lanes(emask) {
                        let n = a[lane] & 0xffff_ffff;
                        if n % 16 != 0 || dsts[lane] % 16 != 0 || srcs[lane] % 16 != 0 {
                            let e = MemError::Misaligned { addr: srcs[lane], size: 16 };
                            return Err(fault(FaultKind::Memory(e), lane as u32));
                        }
                        let dbase = mbar_offset(Space::Shared, dsts[lane], lane)?;
                        let mut i = 0;
                        while i < n {
                            let v = self.load(b, Space::Global, srcs[lane].wrapping_add(i), 8, lane)?;
                            self.store(b, Space::Shared, dbase.wrapping_add(i), 8, v, lane)?;
                            i += 8;
                        }
                        mb_complete_tx(b, Space::Shared, mbars[lane], n, lane)?;
                    }
                }
                Op::CpAsync { dst, src, size, src_size, ignore } => {
                    let size = u64::from(*size);
                    let dsts = self.addrs(b, *dst);
                    let srcs = self.addrs(b, *src);
                    match src_size {
                        Some(s) => self.fetch(b, *s, &mut a),
                        None => a = [size; 32],
                    }
                    if let Some((p, neg)) = ignore {
                        self.fetch(b, *p, &mut bb);
                        for lane in lanes(emask) {
                            if (bb[lane] & 1 != 0) != *neg {
                                a[lane] = 0;
                            }
                        }
                    }
                    for lane in lanes(emask) {
                        let n = a[lane].min(size);
                        if !aligned(dsts[lane], size as u32) || (n != 0 && !aligned(srcs[lane], size as u32)) {
                            let addr = if aligned(dsts[lane], size as u32) { srcs[lane] } else { dsts[lane] };
                            let e = MemError::Misaligned { addr, size: size as u32 };
                            return Err(fault(FaultKind::Memory(e), lane as u32));
                        }
                        let mut i = 0;
                        while i < size {
                            let step = if i + 4 <= n { 4 } else { 1 };
                            let v = if i < n {
                                self.load(b, Space::Global, srcs[lane].wrapping_add(i), step as u32, lane)?
                            } else {
                                0
                            };
                            self.store(b, Space::Shared, dsts[lane].wrapping_add(i), step as u32, v, lane)?;
                            i += step;
                        }
                    }
                }
                Op::Atom { space, op, size, d, addr, b: sb, c: sc } => {
                    let size = u32::from(*size);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    for lane in lanes(emask) {
                        let (shared, at) = b.atom_target(*space, self.addr_of(b, *addr, lane));
                        let old = atom_one(&l.mem, shared, &mut self.cache, *space, *op, size, at, bb[lane], c[lane])
                            .map_err(|k| fault(k, lane as u32))?;
                        if let Some(d) = d {
                            self.regs[*d as usize][lane] = old;
                        }
                    }
                }
                Op::Atom128 { space, cas, d, addr, b: sb, c: sc } => {
                    let mut vals = [[0u64; 32]; 4];
                    for (v, s) in vals.iter_mut().zip(sb.iter().chain(sc)) {
                        self.fetch(b, *s, v);
                    }
                    for lane in lanes(emask) {
                        let (shared, at) = b.atom_target(*space, self.addr_of(b, *addr, lane));
                        let (bv, cv) = ([vals[0][lane], vals[1][lane]], [vals[2][lane], vals[3][lane]]);
                        let old = atom128_one(&l.mem, shared, &mut self.cache, *space, *cas, at, bv, cv)
                            .map_err(|k| fault(k, lane as u32))?;
                        for (d, o) in d.iter().zip(old) {
                            if let Some(d) = d {
                                self.regs[*d as usize][lane] = o;
                            }
                        }
                    }
                }
                Op::Mov2 { d, a: sa } => {
                    self.fetch(b, sa[0], &mut a);
                    self.fetch(b, sa[1], &mut bb);
                    for (d, v) in d.iter().zip([&a, &bb]) {
                        if let Some(d) = d {
                            write_masked(&mut self.regs[*d as usize], v, emask);
                        }
                    }
                }
                Op::AtomV(v) => {
                    let size = u32::from(v.size);
                    for (i, (src, dst)) in v.b.iter().zip(&v.d).enumerate() {
                        self.fetch(b, *src, &mut bb);
                        for lane in lanes(emask) {
                            let at = self.addr_of(b, v.addr, lane).wrapping_add(i as u64 * u64::from(size));
                            let (shared, at) = b.atom_target(v.space, at);
                            let old = atom_one(&l.mem, shared, &mut self.cache, v.space, v.op, size, at, bb[lane], 0)
                                .map_err(|k| fault(k, lane as u32))?;
                            if let Some(d) = dst {
                                self.regs[*d as usize][lane] = old;
                            }
                        }
                    }
                }
                Op::Cvta { to_generic, space, d, a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    let win = match space {
                        Space::Shared => SHARED_WINDOW,
                        Space::Local => LOCAL_WINDOW,
                        _ => 0,
                    };
                    if *to_generic {
                        map1(&a, &mut r, |x| x.wrapping_add(win));
                    } else {
                        map1(&a, &mut r, |x| x.wrapping_sub(win));
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Tex(t) => self.tex_op(b, t, emask)?,
                Op::Mma(m) => self.mma_op(b, m, emask)?,
                Op::Cluster(ClusterOp::Wait) if self.cl_arrived & emask != 0 => {
                    // The phase these lanes arrived in has not completed yet.
                    self.bar_pc = pc;
                    set_pc(&mut self.stack, next);
                    b.executed += executed;
                    return Ok(Yield::ClusterWait);
                }
                Op::Cluster(op) => self.cluster_op(b, op, emask)?,
                Op::Isspacep { window, d, a: sa } => {
                    self.fetch(b, *sa, &mut a);
                    let (w, l) = (*window, b.l);
                    map1(&a, &mut r, |x| u64::from(in_window(l, w, x)));
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Bra { target, ipdom } => {
                    let taken = emask;
                    let not = top.mask & !taken;
                    if not == 0 {
                        set_pc(&mut self.stack, *target);
                        if *target <= pc {
                            self.backedges += 1;
                            if self.backedges >= PREEMPT_BACKEDGES {
                                self.backedges = 0;
                                let body = func.code.get(*target as usize..=pc as usize).unwrap_or(&[]);
                                break self.give_way(is_lock_loop(l, body));
                            }
                        }
                    } else if taken == 0 {
                        set_pc(&mut self.stack, next);
                    } else {
                        set_pc(&mut self.stack, *ipdom);
                        self.stack.push(Entry { pc: next, rpc: *ipdom, mask: not, base: false, wait: false });
                        self.stack.push(Entry { pc: *target, rpc: *ipdom, mask: taken, base: false, wait: false });
                    }
                    continue;
                }
                Op::Call { func: fi, args, rets } => {
                    func = self.enter(l, func, *fi, args, rets.clone(), emask, next)?;
                    continue;
                }
                Op::CallInd { target, args, rets } => {
                    self.fetch(b, *target, &mut a);
                    let first = emask.trailing_zeros() as usize;
                    let t = a[first];
                    let same = lanes(emask).fold(0u32, |m, k| m | (u32::from(a[k] == t) << k));
                    if same != emask {
                        // Lanes calling different functions run one target at a time, like
                        // divergent paths reconverging after the call.
                        set_pc(&mut self.stack, next);
                        let mut rest = emask;
                        while rest != 0 {
                            let t = a[rest.trailing_zeros() as usize];
                            let m = lanes(rest).fold(0u32, |m, k| m | (u32::from(a[k] == t) << k));
                            self.stack.push(Entry { pc, rpc: next, mask: m, base: false, wait: false });
                            rest &= !m;
                        }
                        continue;
                    }
                    let fi = resolve_func(l, t).map_err(|k| fault(k, first as u32))?;
                    let callee = kernel(l, fi);
                    if args.len() != callee.param_slots.len() || rets.len() > callee.ret_slots.len() {
                        return Err(fault(
                            FaultKind::NotLoaded(format!(
                                "indirect call to `{}` with {} arguments (it takes {})",
                                callee.name,
                                args.len(),
                                callee.param_slots.len()
                            )),
                            first as u32,
                        ));
                    }
                    let pair = |(c, sz): &(u32, u32), (o, csz): &(u32, u32)| (*c, *o, (*sz).min(*csz));
                    let av: Vec<_> = args.iter().zip(&callee.param_slots).map(|(x, y)| pair(x, y)).collect();
                    let rv: Vec<_> = rets.iter().zip(&callee.ret_slots).map(|(x, y)| pair(x, y)).collect();
                    func = self.enter(l, func, fi, &av, rv, emask, next)?;
                    continue;
                }
                Op::Ret if !self.frames.is_empty() => {
                    set_pc(&mut self.stack, next);
                    self.remove_lanes(emask, false);
                    continue;
                }
                Op::Ret | Op::Exit => {
                    set_pc(&mut self.stack, next);
                    self.exited |= emask;
                    self.remove_lanes(emask, true);
                    if self.valid & !self.exited == 0 {
                        break Yield::Done;
                    }
                    continue;
                }
                Op::Trap => return Err(fault(FaultKind::Trap, emask.trailing_zeros())),
                Op::Builtin { f, args, ret } => {
                    for lane in lanes(emask) {
                        self.builtin(b, *f, args, *ret, lane)?;
                    }
                }
                Op::Bar { id, count, kind } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *id, &mut a);
                    let first = emask.trailing_zeros() as usize;
                    let n = match count {
                        Some(cs) => {
                            self.fetch(b, *cs, &mut c);
                            Some(c[first] as u32)
                        }
                        None => None,
                    };
                    let red = match *kind {
                        BarKind::Red { op, d, p, neg } => {
                            self.fetch(b, p, &mut bb);
                            let t = lanes(emask).fold(0u32, |m, k| m | (u32::from((bb[k] & 1 != 0) != neg) << k));
                            self.red = Some((op, d, emask));
                            Some((t.count_ones(), t == emask, t != 0))
                        }
                        _ => None,
                    };
                    self.bar_pc = pc;
                    set_pc(&mut self.stack, next);
                    b.executed += executed;
                    let arrive = *kind == BarKind::Arrive;
                    return Ok(Yield::Barrier { id: a[first] as u32, count: n, arrive, red });
                }
                Op::Shfl { mode, d, p, a: sa, b: sb, c: sc, .. } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    let mut pv = [0u64; 32];
                    shfl_lanes(*mode, &a, &bb, &c, &mut r, &mut pv);
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                    if let Some(p) = p {
                        write_masked(&mut self.regs[*p as usize], &pv, emask);
                    }
                }
                Op::Vote { mode, d, a: sa, neg, mask } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    if *neg {
                        a.iter_mut().for_each(|v| *v ^= 1);
                    }
                    self.fetch(b, *mask, &mut c);
                    vote_lanes(*mode, &a, &c, emask, &mut r);
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Redux { op, signed, d, a: sa, mask, .. } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *mask, &mut c);
                    redux_lanes(*op, *signed, &a, &c, emask, &mut r);
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Match { all, w, d, p, a: sa, mask } => {
                    if let converge::Sync::Next = self.sync_point(b, func, inst, emask)? {
                        continue;
                    }
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *mask, &mut c);
                    match_lanes(*all, *w, &a, &c, emask, &mut r);
                    if let Some(p) = p {
                        let pv = r.map(|v| u64::from(v != 0));
                        write_masked(&mut self.regs[*p as usize], &pv, emask);
                    }
                    write_masked(&mut self.regs[*d as usize], &r, emask);
                }
                Op::Carry { op, w, signed, cin, cout, d, a: sa, b: sb, c: sc } => {
                    self.fetch(b, *sa, &mut a);
                    self.fetch(b, *sb, &mut bb);
                    self.fetch(b, *sc, &mut c);
                    let dst = &mut self.regs[*d as usize];
                    for lane in lanes(emask) {
                        let cf = *cin && self.carry >> lane & 1 != 0;
                        let (v, out) = carry(*op, *w, *signed, *cin, cf, a[lane], bb[lane], c[lane]);
                        dst[lane] = v;
                        if *cout {
                            self.carry = (self.carry & !(1 << lane)) | (u32::from(out) << lane);
                        }
                    }
                }
                Op::Activemask { d } => {
                    write_masked(&mut self.regs[*d as usize], &[u64::from(top.mask); 32], emask);
                }
            }
            set_pc(&mut self.stack, next);
        };
        b.executed += executed;
        Ok(result)
    }
}

/// One thread's atomic `op` on `size` bytes at `at` in `space` (global or shared through
/// `shared`, generic resolved); the old value.
#[allow(clippy::too_many_arguments)]
pub(crate) fn atom_one(
    mem: &MemView<'_>,
    shared: &mut [u8],
    cache: &mut AllocCache,
    space: Space,
    op: crate::memory::AtomOp,
    size: u32,
    at: u64,
    b: u64,
    c: u64,
) -> Result<u64, FaultKind> {
    match Warp::classify(space, at) {
        Target::Global(g) => mem.atomic(g, size, op, b, c, cache).map_err(FaultKind::Memory),
        Target::Shared(s) => {
            if !aligned(s, size) {
                return Err(FaultKind::Memory(MemError::Misaligned { addr: at, size }));
            }
            let old = le_read(shared, s, size).ok_or_else(|| oob("shared", s, size, 0).kind)?;
            let new = atom_apply(op, size, old, b, c, false);
            le_write(shared, s, size, new).ok_or_else(|| oob("shared", s, size, 0).kind)?;
            Ok(old)
        }
        _ => Err(oob("atomic on local/param", at, size, 0).kind),
    }
}

/// One thread's 16-byte atomic (`cas`: compare with `b`, store `c`; else exchange with `b`)
/// at `at` in `space`, as `atom_one`; the old (low, high) value.
#[allow(clippy::too_many_arguments)]
pub(crate) fn atom128_one(
    mem: &MemView<'_>,
    shared: &mut [u8],
    cache: &mut AllocCache,
    space: Space,
    cas: bool,
    at: u64,
    b: [u64; 2],
    c: [u64; 2],
) -> Result<[u64; 2], FaultKind> {
    match Warp::classify(space, at) {
        Target::Global(g) => mem.atomic16(g, cas, b, c, cache).map_err(FaultKind::Memory),
        Target::Shared(s) => {
            if !aligned(s, 16) {
                return Err(FaultKind::Memory(MemError::Misaligned { addr: at, size: 16 }));
            }
            let bad = || oob("shared", s, 16, 0).kind;
            let old = [le_read(shared, s, 8).ok_or_else(bad)?, le_read(shared, s + 8, 8).ok_or_else(bad)?];
            let new = if !cas {
                b
            } else if old == b {
                c
            } else {
                old
            };
            le_write(shared, s, 8, new[0]).ok_or_else(bad)?;
            le_write(shared, s + 8, 8, new[1]).ok_or_else(bad)?;
            Ok(old)
        }
        _ => Err(oob("atomic on local/param", at, 16, 0).kind),
    }
}

/// `isspacep`: whether generic address `addr` lies in `window`. Global memory holds the
/// constant banks, so a `.const` variable's address is in both the global and the const
/// window; only the module's `.const` variables are in the const window. The one semantics
/// every engine tier calls.
pub(crate) fn in_window(l: &Launch<'_>, window: Window, addr: u64) -> bool {
    match (window, Warp::classify(Space::Generic, addr)) {
        (Window::Shared, Target::Shared(_))
        | (Window::Local, Target::Local(_))
        | (Window::Global, Target::Global(_)) => true,
        (Window::Const, Target::Global(a)) => {
            let i = l.constants.partition_point(|&(start, _)| start <= a);
            l.constants[..i].last().is_some_and(|&(_, end)| a < end)
        }
        _ => false,
    }
}
