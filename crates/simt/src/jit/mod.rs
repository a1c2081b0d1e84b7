//! The compiled tiers: kernels compiled to native code with Cranelift, either per thread (run
//! one thread at a time: `compile/`, `run.rs`) or per warp (the warp tier: `warp/`).
//!
//! A kernel is compiled lazily at its first launch on this engine and cached in the
//! [`crate::Program`]; a kernel using anything the compiler does not handle (calls, printf,
//! mbarriers, clock registers, code that depends on warp lockstep, ...: see
//! `compile::unsupported`) runs on the interpreter instead, so coverage grows without ever
//! changing results.
//!
//! - `ctx.rs`: the context compiled code works with, and its status word;
//! - `warp_slot.rs`: a kernel's warp-tier code in two grades (single-pass registers first);
//! - `compile/`: IR → Cranelift IR → machine code (`support.rs`: what compiles; `entry.rs`: the
//!   thread loop; `arith.rs`, `mem.rs`: operations and memory accesses);
//! - `helpers.rs`: the Rust functions compiled code calls (the interpreter's operations, memory
//!   slow paths);
//! - `tex.rs`: the helpers running texture and surface instructions (the interpreter's lane
//!   function);
//! - `lower.rs`: lowering pieces both compiled tiers share;
//! - `run.rs`: runs the threads of each block, releasing barriers;
//! - `tiering.rs`: which tier runs a kernel, a rule over its code.
//!
//! The warp tier's compile costs about a millisecond per PTX instruction (each instruction
//! becomes hundreds of vector operations, twice: converged and diverged copies), against a
//! few percent of that for the per-thread JIT. Under `Engine::Jit` a kernel longer than
//! [`BACKGROUND_INSTS`] is therefore compiled for the warp tier on a background thread, and
//! its launches run on the per-thread JIT (or the interpreter) until the code is ready: a
//! CUB radix sort's first launch waits for the per-thread JIT's tens of milliseconds, not
//! the warp tier's seconds. A kernel that only the interpreter runs meanwhile (the per-thread
//! JIT leaves it: warp-synchronous shared memory, calls with parameters, lanes that must run
//! in lockstep) usually runs several times slower there, so once its launches have spent on
//! the interpreter what the compile is expected to take (`WarpSlot::expected_first_compile`), its next
//! launch waits for the code instead (a rent-or-buy bound: at most about twice what the
//! better choice in hindsight costs). On a loaded or single core the background compile
//! otherwise got little of the machine, and whole runs stayed on the interpreter: Rodinia's
//! srad_v1 (its tree reduction) took 25% less process CPU time with the rule; its LU
//! decomposition, whose divergent perimeter kernel runs about as fast on either, 8% more.

mod compile;
pub(crate) mod ctx;
pub(crate) mod helpers;
pub(crate) mod lower;
mod run;
pub(crate) mod tex;
mod tiering;
mod unequal;
use tiering::LastTier;
pub(crate) use tiering::{JUDGED_LAUNCHES, LEAVE_AFTER, Samples, Verdict, may_leave, slice_blocks, trace};
pub(crate) use unequal::per_thread_lists;
pub(crate) mod warp;
mod warp_slot;
use warp_slot::WarpSlot;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use crate::error::Fault;
use crate::error::LoadError;
use crate::exec::Launch;
use crate::ir::Func;
pub(crate) use compile::{is_collective, uncompiled_ops, unsupported};
pub(crate) use run::{Frames, TierUp, Worker, fault_at, timed_out, warp_collectives};

/// Compiled kernels of one program (one slot per function), built on first use.
#[derive(Debug, Default)]
pub(crate) struct Cache {
    slots: Vec<OnceLock<Result<compile::Code, String>>>,
    /// The same kernels compiled for the warp tier (`warp/`), for any block shape and for
    /// blocks whose width is a multiple of 32 (`Shape`); shared with the background thread
    /// compiling a long kernel.
    warp: Vec<[Arc<WarpSlot>; 2]>,
    /// Per function and shape: its warp-tier compile was handed to a background thread.
    warp_started: Vec<[AtomicBool; 2]>,
    /// Per function: whether code for rows of 32 differs from the general code
    /// (`warp::rows_differ`).
    rows_differ: Vec<OnceLock<bool>>,
    /// Per function: whether the warp tier is expected to beat the per-thread JIT
    /// (`warp::preferred`, an analysis of the whole function: found once, not per launch).
    warp_preferred: Vec<OnceLock<bool>>,
    /// Per function: whether the warp tier is the rung below the block tier when the block
    /// tier runs the kernel lanes at a time (no loop its lanes leave apart:
    /// `warp::divergent_loop`; found once).
    below_lanes: Vec<OnceLock<bool>>,
    /// Per function: whether it calls a function (`warp::calls`; found once).
    calls: Vec<OnceLock<bool>>,
    /// Per function: the tier its latest launch under `Engine::Jit` ran on (traced when it
    /// changes).
    last_tier: Vec<LastTier>,
    /// Per function: worker time (ns) its launches ran on the interpreter under
    /// `Engine::Jit` (the rent paid while its warp-tier code compiles in the background).
    interpreted: Vec<AtomicU64>,
    /// Per function: worker time (ns) its launches ran on the warp tier under `Engine::Jit`
    /// (the rent paid on a long kernel's first code, `warp_slot.rs`, before it is tuned).
    on_warp: Vec<AtomicU64>,
}

impl Cache {
    /// A cache for `n` functions.
    pub(crate) fn new(n: usize) -> Cache {
        Cache {
            slots: (0..n).map(|_| OnceLock::new()).collect(),
            warp: (0..n).map(|_| [Arc::default(), Arc::default()]).collect(),
            warp_started: (0..n).map(|_| [AtomicBool::new(false), AtomicBool::new(false)]).collect(),
            rows_differ: (0..n).map(|_| OnceLock::new()).collect(),
            warp_preferred: (0..n).map(|_| OnceLock::new()).collect(),
            below_lanes: (0..n).map(|_| OnceLock::new()).collect(),
            calls: (0..n).map(|_| OnceLock::new()).collect(),
            interpreted: (0..n).map(|_| AtomicU64::new(0)).collect(),
            on_warp: (0..n).map(|_| AtomicU64::new(0)).collect(),
            last_tier: (0..n).map(|_| LastTier::default()).collect(),
        }
    }

    /// Where kernel `idx`'s next launch runs under `Engine::Jit` (`tiering.rs`): the warp
    /// tier when the kernel's code prefers it (`warp::preferred`, or the per-thread JIT leaves
    /// it to the interpreter, or `lanes`: the block tier runs it lanes at a time, the rung
    /// above) and its warp-tier code is ready, else the per-thread JIT (which leaves kernels
    /// it would run slower to the interpreter), also while that code compiles (in the
    /// background for a `lanes` kernel: its first launch waits for no compile).
    pub(crate) fn pick<'c>(
        &'c self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        shape: Shape,
        lanes: bool,
    ) -> JitTier<'c> {
        match self.warp_tier(funcs, idx, shape, Want { all: false, lanes, wait: false }) {
            WarpTier::Ready(code) => JitTier::Warp(code),
            WarpTier::Compiling | WarpTier::No => JitTier::Thread,
        }
    }

    /// Kernel `idx` (`name`) ran a launch on `tier` under `Engine::Jit`
    /// (`CUPRITE_TIER_TRACE` says when that changes).
    pub(crate) fn note_tier(&self, idx: usize, name: &str, tier: crate::Tier) {
        if let Some(t) = self.last_tier.get(idx) {
            t.note(name, tier);
        }
    }

    /// Kernel `idx`'s launch ran on the interpreter under `Engine::Jit` for `worker` time
    /// (what [`Cache::warp_tier`] weighs against waiting for the warp tier's compile).
    pub(crate) fn record_interpreted(&self, idx: usize, worker: Duration) {
        if let Some(t) = self.interpreted.get(idx) {
            t.fetch_add(u64::try_from(worker.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
    }

    /// Whether a launch of kernel `idx` on the warp tier would count toward its tuned compile
    /// (`record_warp`): long enough to be compiled in two grades, its first code running and
    /// no tuned compile started. Only then does a launch measure its seats' CPU time.
    pub(crate) fn warp_rent_wanted(&self, funcs: &[Result<Func, LoadError>], idx: usize) -> bool {
        let (Some(Ok(f)), Some(slots)) = (funcs.get(idx), self.warp.get(idx)) else { return false };
        f.code.len() > BACKGROUND_INSTS && slots.iter().any(|s| s.tunable())
    }

    /// Kernel `idx`'s launch ran on the warp tier under `Engine::Jit` for `worker` time (what
    /// [`Cache::warp_tier`] weighs against tuning its code).
    pub(crate) fn record_warp(&self, idx: usize, worker: Duration) {
        if let Some(t) = self.on_warp.get(idx) {
            t.fetch_add(u64::try_from(worker.as_nanos()).unwrap_or(u64::MAX), Ordering::Relaxed);
        }
    }

    /// Whether kernel `f` (`idx`) has run on the interpreter for as long as its warp-tier
    /// compile is expected to take: waiting for the compile then costs less than the
    /// interpreter is expected to go on costing.
    fn interpreter_rent_paid(&self, f: &Func, idx: usize) -> bool {
        let paid = self.interpreted.get(idx).map_or(0, |t| t.load(Ordering::Relaxed));
        u128::from(paid) >= WarpSlot::expected_first_compile(f.code.len()).as_nanos()
    }

    /// Kernel `idx` compiled for the warp tier and blocks of `shape`, when it compiles and
    /// is expected to run faster there than on the per-thread JIT (`all`: whenever it
    /// compiles); compiled now if need be.
    pub(crate) fn warp_code<'c>(
        &'c self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        shape: Shape,
        all: bool,
    ) -> Option<&'c warp::WarpCode> {
        match self.warp_tier(funcs, idx, shape, Want { all, lanes: false, wait: true }) {
            WarpTier::Ready(code) => Some(code),
            WarpTier::Compiling | WarpTier::No => None,
        }
    }

    /// Kernel `idx` compiled for the warp tier and blocks of `shape` whenever it compiles,
    /// for a kernel that only the warp tier and the interpreter may run (its lanes must run
    /// in lockstep); unless `wait`, a kernel longer than [`BACKGROUND_INSTS`] compiles in the
    /// background (`None` until it is done).
    pub(crate) fn lockstep_code<'c>(
        &'c self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        shape: Shape,
        wait: bool,
    ) -> Option<&'c warp::WarpCode> {
        match self.warp_tier(funcs, idx, shape, Want { all: true, lanes: false, wait }) {
            WarpTier::Ready(code) => Some(code),
            WarpTier::Compiling | WarpTier::No => None,
        }
    }

    /// As [`Cache::warp_code`] (with `want.lanes`: as [`Cache::pick`]); unless `want.wait`,
    /// a kernel longer than [`BACKGROUND_INSTS`] (any kernel on it only for the block tier's
    /// sake) not compiled yet is handed to a background thread (`Compiling` until it is done).
    fn warp_tier<'c>(
        &'c self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        shape: Shape,
        want: Want,
    ) -> WarpTier<'c> {
        let Want { all, lanes, wait } = want;
        let (Some(Ok(f)), Some(slots), Some(started), Some(differ), Some(preferred), Some(below_lanes)) = (
            funcs.get(idx),
            self.warp.get(idx),
            self.warp_started.get(idx),
            self.rows_differ.get(idx),
            self.warp_preferred.get(idx),
            self.below_lanes.get(idx),
        ) else {
            return WarpTier::No;
        };
        // A kernel with calls runs faster on the interpreter than on the warp tier, which hands
        // each callee to the interpreter (`warp::calls`), unless the warp tier is forced.
        if !all && self.calls.get(idx).is_none_or(|c| *c.get_or_init(|| warp::calls(f))) {
            return WarpTier::No;
        }
        let lanes = lanes && *below_lanes.get_or_init(|| !warp::divergent_loop(f));
        // Rows of 32 share the general code when nothing in the kernel would differ.
        let rows = shape == Shape::Rows32 && *differ.get_or_init(|| warp::rows_differ(f));
        let (slot, started) = (&slots[usize::from(rows)], &started[usize::from(rows)]);
        // Whether the warp tier runs the kernel whatever the block tier does: forced, preferred,
        // or the per-thread JIT would leave it to the interpreter.
        let warp_anyway =
            all || *preferred.get_or_init(|| {
                let lists = per_thread_lists(f);
                if lists && tiering::trace() {
                    eprintln!(
                        "tier: `{}` loops over lists of its threads' own (trip counts loaded per thread): the \
                         per-thread JIT runs it",
                        f.name
                    );
                }
                !lists && warp::preferred(f)
            }) || !self.code(funcs, idx).is_ok_and(|c| c.prefer_interp.is_none());
        if !warp_anyway && !lanes {
            return WarpTier::No;
        }
        // Only a kernel on the warp tier for the block tier's sake compiles in the background
        // whatever its length: the others would run meanwhile on the interpreter (a warp-shuffle
        // scan's first launch: 3 s interpreted against a 42 ms compile) or be held back from the
        // tier `warp::preferred` chose for them.
        let lanes_only = lanes && !warp_anyway;
        if !wait && f.code.len() > BACKGROUND_INSTS && slot.tunable() {
            let paid = self.on_warp.get(idx).map_or(0, |t| t.load(Ordering::Relaxed));
            if u128::from(paid) >= WarpSlot::tuning_rent(f.code.len()).as_nanos() {
                if tiering::trace() {
                    eprintln!(
                        "tier: `{}` ran on the warp tier long enough for faster code to pay its compile: compiles it \
                         with backtracking register allocation in the background",
                        f.name
                    );
                }
                WarpSlot::tune_in_background(slot, f, rows);
            }
        }
        // A `lanes` kernel's launches run on the per-thread JIT meanwhile, whose blocks move
        // up to the block tier once its C is built (`TierUp`): waiting for this compile (a
        // millisecond per instruction) would only hold them back.
        if slot.get().is_none() && !wait && (lanes_only || f.code.len() > BACKGROUND_INSTS) {
            if !started.swap(true, Ordering::Relaxed) {
                let (bg, func) = (Arc::clone(slot), f.clone());
                WarpSlot::background_starts();
                let spawned = std::thread::Builder::new()
                    .name("cuprite-warp-jit".into())
                    .spawn(move || bg.compile_in_background(&func, rows));
                if spawned.is_err() {
                    // No thread to be had: compile here.
                    WarpSlot::background_failed();
                    return WarpTier::from(slot.get_or_compile(f, rows));
                }
                if tiering::trace() {
                    eprintln!(
                        "tier: `{}` ({} instructions) compiles for the warp tier in the background",
                        f.name,
                        f.code.len()
                    );
                }
            }
            return match slot.get() {
                Some(r) => WarpTier::from(r),
                // The interpreter has cost what the compile does: wait for it.
                None if self.interpreter_rent_paid(f, idx) => {
                    if tiering::trace() {
                        eprintln!(
                            "tier: `{}` ran on the interpreter as long as its warp-tier compile takes: waits for it",
                            f.name
                        );
                    }
                    WarpTier::from(slot.wait())
                }
                None => WarpTier::Compiling,
            };
        }
        WarpTier::from(slot.get_or_compile(f, rows))
    }

    /// The compiled code of function `idx`, compiling it on first use; the reason when it
    /// cannot be compiled.
    fn code<'c>(&'c self, funcs: &[Result<Func, LoadError>], idx: usize) -> Result<&'c compile::Code, &'c str> {
        let Some(slot) = self.slots.get(idx) else { return Err("no such function") };
        let r = slot.get_or_init(|| {
            let f = funcs.get(idx).and_then(|f| f.as_ref().ok()).ok_or("not loaded")?;
            if let Some(why) = compile::unsupported(f) {
                return Err(why);
            }
            // A compiler bug must not take the process down: the kernel then runs on the
            // interpreter.
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compile::compile(f)))
                .unwrap_or_else(|_| Err("the JIT compiler failed".to_string()))
        });
        r.as_ref().map_err(|e| e.as_str())
    }

    /// Why kernel `idx` runs on the interpreter (`all`: even when the interpreter is
    /// expected to be faster, the JIT runs what it compiles), or `None` when it runs compiled.
    pub(crate) fn fallback_reason(&self, funcs: &[Result<Func, LoadError>], idx: usize, all: bool) -> Option<String> {
        match self.code(funcs, idx) {
            Err(e) => Some(e.to_string()),
            Ok(c) if !all => c.prefer_interp.map(str::to_string),
            Ok(_) => None,
        }
    }

    /// Runs launch `l` with compiled code (`all`: see `fallback_reason`), the blocks `up`
    /// takes on the tier above once it is ready (`TierUp`); `None` when its kernel runs on
    /// the interpreter instead.
    pub(crate) fn run(&self, l: &Launch<'_>, all: bool, up: Option<&TierUp<'_>>) -> Option<Result<(), Fault>> {
        let code = self.code(l.funcs, l.kernel as usize).ok()?;
        if code.prefer_interp.is_some() && !all {
            return None;
        }
        Some(run::run(l, code, up))
    }
}

/// A compiled tier of `Engine::Jit` that runs a launch's blocks.
#[derive(Debug, Clone, Copy)]
pub(crate) enum JitTier<'c> {
    /// The per-thread JIT (or the interpreter, for kernels it leaves to it).
    Thread,
    /// The warp tier, with the kernel's code.
    Warp(&'c warp::WarpCode),
}

/// What [`Cache::warp_tier`] is asked for.
#[derive(Debug, Clone, Copy)]
struct Want {
    /// Any kernel that compiles (`Engine::Warp`, lockstep kernels), not only those expected
    /// to run faster on the warp tier.
    all: bool,
    /// A kernel the block tier runs lanes at a time (`block_tier::Cache::runs_lanes`): the
    /// warp tier is the rung below it, whatever `warp::preferred` says.
    lanes: bool,
    /// Compile now if need be, whatever the kernel's length.
    wait: bool,
}

/// The block shapes the warp tier compiles a kernel for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Any block.
    Any,
    /// Blocks whose width (`ntid.x`) is a multiple of 32: lane `l` of every warp has
    /// `%tid.x` = `32k + l`, which the code for them assumes (lane-affine registers,
    /// `warp/affine.rs`).
    Rows32,
}

impl Shape {
    /// The shape of blocks `block.x` threads wide.
    pub(crate) fn of(width: u32) -> Shape {
        if width.is_multiple_of(32) { Shape::Rows32 } else { Shape::Any }
    }
}

/// Kernels longer than this (PTX instructions) compile for the warp tier in the background
/// under `Engine::Jit` (at ~1 ms per instruction, a longer compile would stand out beside a
/// launch; the per-thread JIT compiles the same kernel in a few milliseconds).
const BACKGROUND_INSTS: usize = 160;

/// Whether a kernel's warp-tier code can run it.
enum WarpTier<'c> {
    Ready(&'c warp::WarpCode),
    /// Being compiled on a background thread.
    Compiling,
    /// The kernel does not compile for the warp tier, or is not expected to run faster there.
    No,
}

impl<'c> From<&'c Result<warp::WarpCode, String>> for WarpTier<'c> {
    fn from(r: &'c Result<warp::WarpCode, String>) -> WarpTier<'c> {
        r.as_ref().map_or(WarpTier::No, WarpTier::Ready)
    }
}
