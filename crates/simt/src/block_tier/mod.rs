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
//! Under `Engine::Block` a kernel compiles at its first launch. Under `Engine::Jit` a kernel
//! that has run a while on the other tiers compiles on a background thread; its launches
//! then try the block tier and keep it only while it runs blocks faster than the other
//! tiers did (`Cache::choose`): it is scalar code, which the warp tier's SIMD often beats.

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
    /// Whether it runs 16 threads at a time (`emit::Unit::lanes`).
    pub(crate) lanes: bool,
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
    Ok(BlockCode {
        library,
        ops,
        resumes: unit.resumes,
        sites: unit.sites,
        frame_slots: unit.frame_slots,
        lanes: unit.lanes,
        _func: func,
    })
}

/// `CUPRITE_TIER_TRACE=1`: what building kernel `name` for the block tier gave.
fn report(name: &str, r: &Result<BlockCode, String>) {
    if trace() {
        match r {
            Ok(c) if c.lanes => eprintln!("tier: `{name}` compiled for the block tier, 16 threads at a time"),
            Ok(_) => eprintln!("tier: `{name}` compiled for the block tier, one thread at a time"),
            Err(e) => eprintln!("tier: `{name}` stays off the block tier: {e}"),
        }
    }
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

/// What one kernel's launches measured, on the block tier and on the tiers it would replace.
#[derive(Debug, Default)]
struct Measured {
    /// Worker time (ns), blocks and launches on the block tier.
    ns: AtomicU64,
    blocks: AtomicU64,
    launches: AtomicU64,
    /// Worker time (ns) on the other tiers, and the least worker time per block (ns) of any
    /// of their launches (0: none yet): what the block tier must beat. The least, not the
    /// average, so that a first launch's compile does not flatter the block tier.
    other_ns: AtomicU64,
    other_best: AtomicU64,
    /// Slower per block than the other tiers: not used again.
    lost: AtomicBool,
}

impl Measured {
    fn per_block(&self) -> Option<f64> {
        let b = self.blocks.load(Ordering::Relaxed);
        (b > 0).then(|| self.ns.load(Ordering::Relaxed) as f64 / b as f64)
    }
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

/// Launches the block tier runs before its average is compared with the other tiers'.
const TRIES: u64 = 2;

/// Worker time a kernel spends on the other tiers before the block tier compiles it (a
/// compile takes a C compiler a fraction of a second; short programs never pay for it).
const EXPLORE_AFTER: Duration = Duration::from_millis(40);

/// Worker time of a launch of `blocks` blocks that took `elapsed` on `workers` workers (ns).
fn worker_ns(elapsed: Duration, blocks: u64, workers: u32) -> u64 {
    let busy = u64::from(workers.max(1)).min(blocks.max(1));
    (elapsed.as_nanos() as u64).saturating_mul(busy)
}

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
            report(&f.name, &r);
            r
        });
        r.as_ref().map_err(|e| e.as_str())
    }

    /// Kernel `idx`'s code under `Engine::Jit`, when the block tier should run its next
    /// launch: once the kernel has run [`EXPLORE_AFTER`] on the other tiers its build goes
    /// to a background thread; once built, [`TRIES`] launches, then only while it runs a
    /// block faster than any launch on the other tiers did.
    pub(crate) fn choose(&self, funcs: &[Result<Func, LoadError>], idx: usize) -> Option<&BlockCode> {
        let (slot, started, times) = (self.slots.get(idx)?, self.started.get(idx)?, self.times.get(idx)?);
        if times.lost.load(Ordering::Relaxed) {
            return None;
        }
        if slot.get().is_none() {
            if times.other_ns.load(Ordering::Relaxed) < EXPLORE_AFTER.as_nanos() as u64
                || started.swap(true, Ordering::Relaxed)
            {
                return None;
            }
            let Some(Ok(f)) = funcs.get(idx) else { return None };
            let (bg, func) = (Arc::clone(slot), f.clone());
            let spawned = std::thread::Builder::new().name("cuprite-block-tier".into()).spawn(move || {
                let _one = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner());
                bg.get_or_init(|| {
                    let r = build(&func);
                    report(&func.name, &r);
                    r
                });
            });
            if spawned.is_err() {
                times.lost.store(true, Ordering::Relaxed);
            }
            return None;
        }
        let code = slot.get()?.as_ref().ok()?;
        let best = times.other_best.load(Ordering::Relaxed);
        if times.launches.load(Ordering::Relaxed) >= TRIES
            && let Some(mine) = times.per_block()
            && best > 0
            && mine > best as f64
        {
            times.lost.store(true, Ordering::Relaxed);
            if trace() {
                let name = funcs.get(idx).and_then(|f| f.as_ref().ok()).map_or("", |f| f.name.as_str());
                eprintln!("tier: `{name}` leaves the block tier: {mine:.0} ns per block, {best} ns on the other tiers");
            }
            return None;
        }
        Some(code)
    }

    /// A launch of kernel `idx` of `blocks` blocks ran on the block tier in `elapsed` on
    /// `workers` workers.
    pub(crate) fn record(&self, idx: usize, elapsed: Duration, blocks: u64, workers: u32) {
        if let Some(t) = self.times.get(idx) {
            t.ns.fetch_add(worker_ns(elapsed, blocks, workers), Ordering::Relaxed);
            t.blocks.fetch_add(blocks.max(1), Ordering::Relaxed);
            t.launches.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// A launch of kernel `idx` ran on another tier (as `record`).
    pub(crate) fn record_other(&self, idx: usize, elapsed: Duration, blocks: u64, workers: u32) {
        if let Some(t) = self.times.get(idx) {
            let ns = worker_ns(elapsed, blocks, workers);
            t.other_ns.fetch_add(ns, Ordering::Relaxed);
            let per_block = (ns / blocks.max(1)).max(1);
            let _ = t
                .other_best
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| (b == 0 || per_block < b).then_some(per_block));
        }
    }
}

/// Runs launch `l` with `code`.
pub(crate) fn run(l: &Launch<'_>, code: &BlockCode) -> Result<(), Fault> {
    run::run(l, code)
}

#[cfg(test)]
mod tests {
    use super::*;

    const KERNEL: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b64 %rd<2>;
    ld.param.u64 %rd1, [out];
    st.global.u32 [%rd1], 1;
    ret;
}
"#;

    const fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn keeps_the_block_tier_only_while_it_runs_blocks_faster() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let c = Cache::new(p.funcs.len());
        assert!(c.choose(&p.funcs, 0).is_none(), "nothing ran yet: no compile");
        // 0.5 ms per block on the other tiers, 50 ms in all: the compile starts.
        c.record_other(0, ms(50), 100, 1);
        assert!(c.choose(&p.funcs, 0).is_none(), "compiling in the background");
        let deadline = std::time::Instant::now() + Duration::from_secs(120);
        while c.slots[0].get().is_none() {
            assert!(std::time::Instant::now() < deadline, "the background compile never finished");
            std::thread::sleep(ms(5));
        }
        assert!(c.choose(&p.funcs, 0).is_some(), "first try");
        c.record(0, ms(10), 100, 1);
        assert!(c.choose(&p.funcs, 0).is_some(), "second try");
        c.record(0, ms(10), 100, 1);
        assert!(c.choose(&p.funcs, 0).is_some(), "0.1 ms per block: faster, kept");
        // 0.8 ms per block on average now: slower than the other tiers' best launch.
        c.record(0, ms(460), 100, 1);
        assert!(c.choose(&p.funcs, 0).is_none(), "slower: left");
        c.record_other(0, ms(500), 100, 1);
        assert!(c.choose(&p.funcs, 0).is_none(), "and never tried again");
    }
}
