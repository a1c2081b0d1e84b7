//! The block tier: a kernel translated to C, one function that runs a whole block (a loop
//! over the block's threads per barrier-free stretch, registers in C locals, barriers as
//! resume points), compiled by the system's C compiler at `-O3 -march=native` and loaded
//! with `dlopen`. The spike in `benchmarks/spikes/block-tier` measured such code 5-7x faster
//! than the Cranelift tiers on a stencil; the compilers' loop optimizers do the rest.
//!
//! - `eligible.rs`: which kernels it translates (others stay on the other tiers);
//! - `emit/`: `Func` → C (`runtime.h`: the C mirrors of `crate::semantics`);
//! - `compiler.rs`: finding the compiler, compiling, the on-disk cache;
//! - `load.rs`: `dlopen`;
//! - `run.rs`: running blocks, faults.
//!
//! Under `Engine::Block` a kernel compiles at its first launch; under `Engine::Jit` it
//! compiles on a background thread and launches move to it once it is ready, unless it
//! turns out slower per block than the tier it replaced (`Cache::choose`).

mod compiler;
mod eligible;
mod emit;
mod load;
mod run;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use crate::error::{Fault, LoadError};
use crate::exec::Launch;
use crate::ir::{Func, Op};
use emit::OpRef;

/// A kernel compiled for the block tier.
#[derive(Debug)]
pub(crate) struct BlockCode {
    library: load::Library,
    /// The addresses the generated code's `ops` table holds (into `func`).
    ops: Vec<usize>,
    /// Per resume index `k >= 1`, at `k - 1`: the pc a thread stopped at.
    resumes: Vec<u32>,
    sites: usize,
    frame_slots: usize,
    /// The function `ops` points into (boxed: its address never changes).
    _func: Box<Func>,
}

/// Whether the tier trace is on.
fn trace() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::TIER_TRACE))
}

/// Translates, compiles and loads kernel `f`; why not, when it cannot be.
fn build(f: &Func) -> Result<BlockCode, String> {
    if let Some(why) = eligible::declined(f) {
        return Err(why);
    }
    let cc = compiler::compiler().ok_or("no C compiler")?;
    let func = Box::new(f.clone());
    let unit = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| emit::translate(&func)))
        .map_err(|_| "the block-tier translator failed".to_string())?;
    let so = cc.shared_object(&unit.source)?;
    let library = load::Library::open(&so, emit::ENTRY)?;
    let ops =
        unit.op_refs.iter().map(|r| op_address(&func, *r)).collect::<Option<Vec<_>>>().ok_or("bad op reference")?;
    Ok(BlockCode { library, ops, resumes: unit.resumes, sites: unit.sites, frame_slots: unit.frame_slots, _func: func })
}

/// The address of what `r` names in `f` (what a helper receives).
fn op_address(f: &Func, r: OpRef) -> Option<usize> {
    let at = |pc: u32| f.code.get(pc as usize).map(|i| &i.op);
    Some(match (r, at(pc_of(r))?) {
        (OpRef::Un(_), Op::Un { op, .. }) => op as *const _ as usize,
        (OpRef::Cvt(_), Op::Un { op: crate::ir::UnOp::Cvt(c), .. }) => c as *const _ as usize,
        (OpRef::Bin(_), Op::Bin { op, .. }) => op as *const _ as usize,
        (OpRef::Tern(_), Op::Tern { op, .. }) => op as *const _ as usize,
        (OpRef::Cmp(_), Op::Setp { cmp, .. }) => cmp as *const _ as usize,
        (OpRef::Whole(_), op) => op as *const _ as usize,
        _ => return None,
    })
}

fn pc_of(r: OpRef) -> u32 {
    match r {
        OpRef::Un(pc) | OpRef::Bin(pc) | OpRef::Tern(pc) | OpRef::Cvt(pc) | OpRef::Cmp(pc) | OpRef::Whole(pc) => pc,
    }
}

/// A kernel's block-tier code, or why there is none, once built.
type Slot = OnceLock<Result<BlockCode, String>>;

/// What one kernel's launches measured on the block tier, and whether it lost.
#[derive(Debug, Default)]
struct Measured {
    ns: AtomicU64,
    blocks: AtomicU64,
    launches: AtomicU64,
    /// Slower per block than the tier it replaced: not used again.
    lost: AtomicBool,
}

/// Block-tier code of one program's kernels (one slot per function).
#[derive(Debug, Default)]
pub(crate) struct Cache {
    slots: Vec<Arc<Slot>>,
    started: Vec<AtomicBool>,
    times: Vec<Measured>,
}

/// One background compile at a time: they share the cores with launches.
static BACKGROUND: Mutex<()> = Mutex::new(());

/// Launches the block tier runs before its average is compared with the replaced tier's.
const TRIES: u64 = 2;

impl Cache {
    /// A cache for `n` functions.
    pub(crate) fn new(n: usize) -> Cache {
        Cache {
            slots: (0..n).map(|_| Arc::new(OnceLock::new())).collect(),
            started: (0..n).map(|_| AtomicBool::new(false)).collect(),
            times: (0..n).map(|_| Measured::default()).collect(),
        }
    }

    /// Kernel `idx`'s code, built now if need be (`Engine::Block`).
    pub(crate) fn code_now(&self, funcs: &[Result<Func, LoadError>], idx: usize) -> Result<&BlockCode, &str> {
        let slot = self.slots.get(idx).ok_or("no such function")?;
        let f = match funcs.get(idx) {
            Some(Ok(f)) => f,
            _ => return Err("not loaded"),
        };
        let r = slot.get_or_init(|| {
            let r = build(f);
            if let Err(e) = &r
                && trace()
            {
                eprintln!("tier: `{}` stays off the block tier: {e}", f.name);
            }
            r
        });
        r.as_ref().map_err(|e| e.as_str())
    }

    /// Kernel `idx`'s code when it is ready and has not lost to the tier it replaces
    /// (`Engine::Jit`); the first call hands its build to a background thread.
    pub(crate) fn choose(
        &self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        replaced_per_block: Option<f64>,
    ) -> Option<&BlockCode> {
        let (slot, started, times) = (self.slots.get(idx)?, self.started.get(idx)?, self.times.get(idx)?);
        if times.lost.load(Ordering::Relaxed) {
            return None;
        }
        if slot.get().is_none() && !started.swap(true, Ordering::Relaxed) {
            let Some(Ok(f)) = funcs.get(idx) else { return None };
            let (bg, func) = (Arc::clone(slot), f.clone());
            let name = f.name.clone();
            let spawned = std::thread::Builder::new().name("cuprite-block-tier".into()).spawn(move || {
                let _one = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner());
                bg.get_or_init(|| {
                    let r = build(&func);
                    if trace() {
                        match &r {
                            Ok(_) => eprintln!("tier: `{name}` compiled for the block tier"),
                            Err(e) => eprintln!("tier: `{name}` stays off the block tier: {e}"),
                        }
                    }
                    r
                });
            });
            if spawned.is_err() {
                return None;
            }
        }
        let code = slot.get()?.as_ref().ok()?;
        // After its tries, the block tier keeps a kernel only while it runs a block faster
        // than the tier it replaced did.
        let launches = times.launches.load(Ordering::Relaxed);
        if launches >= TRIES
            && let (Some(mine), Some(theirs)) = (times.per_block(), replaced_per_block)
            && mine > theirs
        {
            times.lost.store(true, Ordering::Relaxed);
            if trace() {
                eprintln!(
                    "tier: `{}` leaves the block tier: {mine:.0} ns per block against {theirs:.0} ns",
                    funcs.get(idx).and_then(|f| f.as_ref().ok()).map_or("", |f| f.name.as_str())
                );
            }
            return None;
        }
        Some(code)
    }

    /// A launch of kernel `idx` of `blocks` blocks ran on the block tier in `elapsed` on
    /// `workers` workers.
    pub(crate) fn record(&self, idx: usize, elapsed: Duration, blocks: u64, workers: u32) {
        if let Some(t) = self.times.get(idx) {
            let busy = u64::from(workers.max(1)).min(blocks.max(1));
            t.ns.fetch_add((elapsed.as_nanos() as u64).saturating_mul(busy), Ordering::Relaxed);
            t.blocks.fetch_add(blocks.max(1), Ordering::Relaxed);
            t.launches.fetch_add(1, Ordering::Relaxed);
        }
    }
}

impl Measured {
    fn per_block(&self) -> Option<f64> {
        let b = self.blocks.load(Ordering::Relaxed);
        (b > 0).then(|| self.ns.load(Ordering::Relaxed) as f64 / b as f64)
    }
}

/// Runs launch `l` with `code`.
pub(crate) fn run(l: &Launch<'_>, code: &BlockCode) -> Result<(), Fault> {
    run::run(l, code)
}
