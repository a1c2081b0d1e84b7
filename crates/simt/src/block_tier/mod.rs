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
//! - `run.rs`: running blocks, faults;
//! - `clock.rs`: the measure of its choices (the CPU time of the launch's own seats).
//!
//! A kernel compiles for the block shape of the launch that builds it (the lane phase's
//! groups: `emit::Grouping`; launches of other shapes run it too, maybe slower).
//! Under `Engine::Block` a kernel compiles at its first launch. Under `Engine::Jit` a kernel
//! whose translation runs 16 threads at a time (`emit::runs_lanes`: the code shape where it
//! wins; one thread at a time, the warp tier's SIMD mostly beats it) is the block tier's:
//! once it has run a while on the other tiers it compiles on a background thread, and every
//! launch from then on runs on the block tier (`Cache::choose`; the rule:
//! `jit/tiering.rs`).

mod clock;
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
use crate::jit::{Samples, Verdict, trace};
pub(crate) use clock::Stopwatch;
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
    /// Per register: its frame slot (`emit::Unit::slot_of`).
    slot_of: Vec<u32>,
    /// Whether it runs groups of threads at a time (`emit::Unit::lanes`).
    pub(crate) lanes: bool,
    /// How those threads are grouped (`emit::Grouping`), and how many at a time
    /// (`emit::layout`).
    grouping: emit::Grouping,
    width: u64,
    /// The function `ops` points into (boxed: its address never changes).
    func: Box<Func>,
}

/// Translates, compiles and loads kernel `f` for blocks of `shape` (the lane phase's
/// grouping: `emit::Grouping::for_block`); why not, when it cannot be.
fn build(f: &Func, shape: [u32; 3]) -> Result<BlockCode, String> {
    if let Some(why) = eligible::declined(f) {
        return Err(why);
    }
    let cc = compiler::compiler().ok_or("no C compiler")?;
    let func = Box::new(f.clone());
    let (grouping, width) = emit::layout(&func, shape);
    let unit = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| emit::translate(&func, grouping, width)))
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
        slot_of: unit.slot_of,
        lanes: unit.lanes,
        grouping,
        width,
        func,
    })
}

/// `CUPRITE_TIER_TRACE=1`: what building kernel `name` for the block tier gave.
/// (`took`: how long the build took, where measured.)
fn report(name: &str, r: &Result<BlockCode, String>, took: Option<Duration>) {
    if trace() {
        let took = took.map_or(String::new(), |t| format!(" in {} ms", t.as_millis()));
        match r {
            Ok(c) if c.lanes => {
                let w = c.width;
                let across = if c.grouping == emit::Grouping::Span { ", across rows" } else { "" };
                eprintln!("tier: `{name}` compiled for the block tier{took}, {w} threads at a time{across}")
            }
            Ok(_) => eprintln!("tier: `{name}` compiled for the block tier{took}, one thread at a time"),
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
        (OpRef::Tex(_), Op::Tex(t)) => &**t as *const crate::ir::tex::TexOp as usize,
        (OpRef::Whole(_), op) => op as *const _ as usize,
        _ => return None,
    })
}

fn pc_of(r: OpRef) -> u32 {
    match r {
        OpRef::Un(pc)
        | OpRef::Bin(pc)
        | OpRef::Tern(pc)
        | OpRef::Cvt(pc)
        | OpRef::Cmp(pc)
        | OpRef::Tex(pc)
        | OpRef::Whole(pc) => pc,
    }
}

/// A kernel's block-tier code, or why there is none, once built.
type Slot = OnceLock<Result<BlockCode, String>>;

/// What one kernel's launches did on the tiers below the block tier, for when to build it.
#[derive(Debug, Default)]
struct Measured {
    /// Worker time (ns) on the other tiers (`Cache::record_other`), and the least worker
    /// time per block (ns) of any of their launches (0: none yet): the launches below the
    /// block tier include its own first runs and background compiles, their least does not.
    other_ns: AtomicU64,
    other_best: AtomicU64,
    /// Its first whole launches (`Cache::record`) against the least below, until judged,
    /// how many there were, and whether they have been judged.
    whole: Samples,
    launches: AtomicU64,
    whole_judged: AtomicBool,
    /// Its slices on the block tier against the parts beside them on the rung below, and how
    /// many launches ran them, until judged (`Cache::judge`).
    slice: Samples,
    slices: AtomicU64,
    /// The block tier cannot run the kernel (its build failed, or its code runs one thread
    /// at a time).
    lost: AtomicBool,
    /// A launch judges it (`Choice::Try`), or has: the verdict is `lost` or `kept` (neither
    /// yet after a slice too small to tell: a later launch judges again).
    judging: AtomicBool,
    /// A sample of its slices was not far behind the rung below (`jit::Samples`): it runs
    /// every launch.
    kept: AtomicBool,
    /// Its build has begun (in the background).
    started: AtomicBool,
    /// A watch for a long first launch has begun (`Cache::watch`).
    watched: AtomicBool,
    /// Launches of it running on the other tiers now (`Cache::running`).
    in_flight: AtomicU64,
}

/// Block-tier code of one program's kernels (one slot per function).
#[derive(Debug, Default)]
pub(crate) struct Cache {
    slots: Vec<Arc<Slot>>,
    times: Vec<Arc<Measured>>,
    /// Per function: whether `Engine::Jit` may use the block tier for it (`emit::runs_lanes`).
    candidate: Vec<OnceLock<bool>>,
    /// Whether the veto may leave the block tier (`jit::may_leave`, read once).
    may_leave: bool,
}

/// What the block tier does with a launch under `Engine::Jit` (`Cache::choose`).
#[derive(Debug)]
pub(crate) enum Choice<'a> {
    /// Nothing: the tiers below run it.
    Off,
    /// It runs the first `jit::slice_blocks` blocks, the rung below as many after them, and
    /// `Cache::judge` decides from the two (with the kernel's earlier slices) where the rest
    /// of the launch and every later launch run.
    Try(&'a BlockCode),
    /// It runs the whole launch.
    Whole(&'a BlockCode),
}

/// Whole launches on the block tier measured against the launches below it before its build
/// (`Cache::record`: the second half of the veto), at most: then too little work to tell, or
/// too few samples far behind, keeps the block tier.
const WHOLE_MOST: u64 = 64;

/// One background compile at a time: they share the cores with launches.
static BACKGROUND: Mutex<()> = Mutex::new(());

/// Worker time a kernel spends on the other tiers before the block tier compiles it (a
/// compile takes a C compiler a fraction of a second; short programs never pay for it).
pub(crate) const EXPLORE_AFTER: Duration = Duration::from_millis(40);

impl Cache {
    /// A cache for `n` functions.
    pub(crate) fn new(n: usize) -> Cache {
        Cache {
            slots: (0..n).map(|_| Arc::new(OnceLock::new())).collect(),
            times: (0..n).map(|_| Arc::default()).collect(),
            candidate: (0..n).map(|_| OnceLock::new()).collect(),
            may_leave: crate::jit::may_leave(),
        }
    }

    /// Kernel `idx`'s code, built now if need be (`Engine::Block`) for blocks of `shape`.
    pub(crate) fn code_now(
        &self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        shape: [u32; 3],
    ) -> Result<&BlockCode, &str> {
        let slot = self.slots.get(idx).ok_or("no such function")?;
        let f = match funcs.get(idx) {
            Some(Ok(f)) => f,
            _ => return Err("not loaded"),
        };
        let r = slot.get_or_init(|| {
            let r = build(f, shape);
            report(&f.name, &r, None);
            r
        });
        r.as_ref().map_err(|e| e.as_str())
    }

    /// What the block tier does with kernel `idx`'s next launch (of `blocks` blocks of
    /// `shape` on `workers` workers) under `Engine::Jit`: nothing unless the kernel is a
    /// candidate (`emit::runs_lanes`); once it has run [`EXPLORE_AFTER`] on the other tiers (a
    /// launch that long included: `watch`) its build goes to a background thread; once built,
    /// the first launch large enough to split is judged (`Choice::Try`, `jit/tiering.rs`: the
    /// veto), and from then on the block tier runs every launch, unless it was far behind; a
    /// `cooperative` launch runs on it whole as soon as it is built.
    pub(crate) fn choose(
        &self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        blocks: u64,
        workers: u32,
        shape: [u32; 3],
        cooperative: bool,
    ) -> Choice<'_> {
        let (Some(slot), Some(times), Some(Ok(f))) = (self.slots.get(idx), self.times.get(idx), funcs.get(idx)) else {
            return Choice::Off;
        };
        if times.lost.load(Ordering::Relaxed)
            || !*self.candidate[idx].get_or_init(|| {
                // Threads that loop over lists of their own run faster one at a time.
                eligible::declined(f).is_none() && emit::runs_lanes(f) && !crate::jit::per_thread_lists(f)
            })
        {
            return Choice::Off;
        }
        let Some(built) = slot.get() else {
            if times.other_ns.load(Ordering::Relaxed) < EXPLORE_AFTER.as_nanos() as u64 {
                watch(slot, times, f, shape);
            } else {
                start_build(slot, times, f, shape);
            }
            return Choice::Off;
        };
        let Some(code) = built.as_ref().ok().filter(|c| c.lanes) else {
            times.lost.store(true, Ordering::Relaxed);
            return Choice::Off;
        };
        // A cooperative launch's blocks wait for each other at grid barriers: all of them
        // run at once, none in a slice of the grid run before the rest, so none is judged.
        if times.kept.load(Ordering::Relaxed) || cooperative {
            return Choice::Whole(code);
        }
        // Until judged (by one launch: another stream's may be judging it now), the rung
        // below runs the launches; one too small to split waits for a larger one.
        if crate::jit::slice_blocks(blocks, workers) >= blocks || times.judging.swap(true, Ordering::Relaxed) {
            return Choice::Off;
        }
        Choice::Try(code)
    }

    /// Kernel `idx`'s slice of `tried` blocks on the block tier took `tried_work` of CPU time
    /// (`Stopwatch::work`) and the `below` blocks after it on the rung below `below_work`:
    /// whether the rest of the launch runs on the block tier. Added to the kernel's earlier
    /// slices, they decide for good once they say so (`jit::Samples`); until then the rest
    /// runs on the block tier (a launch never steps down on one sample a loaded machine may
    /// have stretched), and a later launch is judged again, up to `jit::JUDGED_LAUNCHES`
    /// slices, after which the block tier is kept.
    pub(crate) fn judge(
        &self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        tried: (Duration, u64),
        below: (Duration, u64),
    ) -> bool {
        let Some(t) = self.times.get(idx) else { return false };
        // (One launch judges at a time: `judging`.)
        let (verdict, ratio) = match t.slice.add(tried, below) {
            (Verdict::Leave, ratio) if !self.may_leave => (Verdict::Keep, ratio),
            v => v,
        };
        let slices = t.slices.fetch_add(1, Ordering::Relaxed) + 1;
        let name = || funcs.get(idx).and_then(|f| f.as_ref().ok()).map_or("", |f| f.name.as_str());
        let keep = match verdict {
            Verdict::Open { .. } if slices < crate::jit::JUDGED_LAUNCHES => {
                if trace() {
                    eprintln!(
                        "tier: `{}` is not judged yet: {} of {} samples far behind (the last {ratio:.2}x)",
                        name(),
                        t.slice.far(),
                        crate::jit::LEAVE_AFTER
                    );
                }
                t.judging.store(false, Ordering::Relaxed);
                return true;
            }
            Verdict::Leave => false,
            Verdict::Keep | Verdict::Open { .. } => true,
        };
        if trace() {
            eprintln!(
                "tier: `{}` {} the block tier: {} of its samples far behind the rung below (the last {ratio:.2}x the CPU \
                 time per block)",
                name(),
                if keep { "keeps" } else { "leaves" },
                t.slice.far()
            );
        }
        if keep { &t.kept } else { &t.lost }.store(true, Ordering::Relaxed);
        keep
    }

    /// The launch judging kernel `idx` (`Choice::Try`) ended without a verdict (a part ran
    /// the rest of the grid, or faulted): a later launch judges it. (Left set, no launch would
    /// ever judge it again, and the block tier would be lost for good without a verdict: a
    /// slice stretched by a loaded machine's spill did that in CI.)
    pub(crate) fn unjudged(&self, idx: usize) {
        if let Some(t) = self.times.get(idx) {
            t.judging.store(false, Ordering::Relaxed);
        }
    }

    /// Whether kernel `idx` is one the block tier runs lanes at a time (a candidate, found by
    /// `choose`), left since or not: the warp tier, which runs a warp's lanes together too, is
    /// the rung below it (`jit::Cache::pick`), so a launch that runs below the block tier
    /// while its C compiles, or after the veto, is never the per-thread JIT's thread by thread
    /// once the warp tier's code is ready (conv2d's 5x5 filter: 1.21 s of CPU a repetition
    /// on the per-thread JIT, 0.24 s on the warp tier, 0.10 s on the block tier).
    pub(crate) fn runs_lanes(&self, idx: usize) -> bool {
        self.candidate.get(idx).and_then(|c| c.get()).copied().unwrap_or(false)
    }

    /// Whether launches of kernel `idx` are measured for the block tier (a candidate not left).
    pub(crate) fn measures(&self, idx: usize) -> bool {
        self.candidate.get(idx).and_then(|c| c.get()).copied().unwrap_or(false)
            && self.times.get(idx).is_some_and(|t| !t.lost.load(Ordering::Relaxed))
    }

    /// Counts a launch of kernel `idx` on the other tiers while it runs (the guard's life),
    /// for the watch of a long first launch (`watch`).
    pub(crate) fn running(&self, idx: usize) -> Option<InFlight> {
        let t = self.times.get(idx)?;
        t.in_flight.fetch_add(1, Ordering::Relaxed);
        Some(InFlight(Arc::clone(t)))
    }

    /// Kernel `idx`'s code, if its build has finished with code that runs lanes and the
    /// block tier has not been left for it: what a launch running below may move up to
    /// mid-launch (`jit::TierUp`). Never waits for a build.
    pub(crate) fn ready(&self, idx: usize) -> Option<&BlockCode> {
        if self.times.get(idx)?.lost.load(Ordering::Relaxed) {
            return None;
        }
        self.slots.get(idx)?.get()?.as_ref().ok().filter(|c| c.lanes)
    }

    /// A launch of kernel `idx` of `blocks` blocks ran on another tier with work `work`
    /// (`Stopwatch::work`).
    pub(crate) fn record_other(&self, idx: usize, work: Duration, blocks: u64) {
        if let Some(t) = self.times.get(idx) {
            let ns = u64::try_from(work.as_nanos()).unwrap_or(u64::MAX);
            t.other_ns.fetch_add(ns, Ordering::Relaxed);
            let per_block = (ns / blocks.max(1)).max(1);
            let _ = t
                .other_best
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| (b == 0 || per_block < b).then_some(per_block));
        }
    }

    /// Whether kernel `idx`'s next whole launch on the block tier is measured (one of its
    /// first, until judged: `Cache::record`).
    pub(crate) fn measures_whole(&self, idx: usize) -> bool {
        self.times
            .get(idx)
            .is_some_and(|t| !t.whole_judged.load(Ordering::Relaxed) && t.launches.load(Ordering::Relaxed) < WHOLE_MOST)
    }

    /// A whole launch of kernel `idx` of `blocks` blocks ran on the block tier with work
    /// `work`. Until judged: its samples against the least CPU time per block of the launches
    /// below it before its build (`jit::Samples`) leave the block tier for good when they
    /// say so, and keep it otherwise (after [`WHOLE_MOST`] launches too little work to tell
    /// keeps it): a slice of a launch's first blocks need not be like the whole (a BFS level's
    /// first blocks, a sparse matrix's first rows).
    pub(crate) fn record(&self, funcs: &[Result<Func, LoadError>], idx: usize, work: Duration, blocks: u64) {
        let Some(t) = self.times.get(idx) else { return };
        if t.whole_judged.load(Ordering::Relaxed) {
            return;
        }
        let launches = t.launches.fetch_add(1, Ordering::Relaxed) + 1;
        let best = t.other_best.load(Ordering::Relaxed);
        // The least below, as many blocks as this launch's (nothing measured below: kept).
        let below = (Duration::from_nanos(best.saturating_mul(blocks)), blocks);
        let (verdict, ratio) = if best == 0 { (Verdict::Keep, 0.0) } else { t.whole.add((work, blocks), below) };
        let verdict = if verdict == Verdict::Leave && !self.may_leave { Verdict::Keep } else { verdict };
        match verdict {
            Verdict::Open { .. } if launches < WHOLE_MOST => return,
            Verdict::Leave => t.lost.store(true, Ordering::Relaxed),
            _ => {}
        }
        t.whole_judged.store(true, Ordering::Relaxed);
        if verdict == Verdict::Leave && trace() {
            let name = funcs.get(idx).and_then(|f| f.as_ref().ok()).map_or("", |f| f.name.as_str());
            eprintln!(
                "tier: `{name}` leaves the block tier: {} samples of its whole launches far behind those below it \
                 (the last {ratio:.2}x the CPU time per block)",
                t.whole.far()
            );
        }
    }
}

/// A launch counted by `Cache::running`, until dropped.
#[derive(Debug)]
pub(crate) struct InFlight(Arc<Measured>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Builds kernel `f` into `slot` on a background thread, unless begun already.
fn start_build(slot: &Arc<Slot>, times: &Measured, f: &Func, shape: [u32; 3]) {
    if times.started.swap(true, Ordering::Relaxed) {
        return;
    }
    let (bg, func) = (Arc::clone(slot), f.clone());
    let spawned = std::thread::Builder::new().name("cuprite-block-tier".into()).spawn(move || {
        let _one = BACKGROUND.lock().unwrap_or_else(|e| e.into_inner());
        bg.get_or_init(|| {
            let t0 = std::time::Instant::now();
            let r = build(&func, shape);
            report(&func.name, &r, Some(t0.elapsed()));
            r
        });
    });
    if spawned.is_err() {
        times.lost.store(true, Ordering::Relaxed);
    }
}

/// At a candidate's launch: a thread that waits [`EXPLORE_AFTER`] and starts the build if a
/// launch of the kernel is still running then (or it has run that long in all), else lets
/// a later launch watch again (one watch at a time). A long first launch (a matrix product
/// per program run) would otherwise end before the build starts, and with few launches the
/// program would be over before the block tier is tried.
fn watch(slot: &Arc<Slot>, times: &Arc<Measured>, f: &Func, shape: [u32; 3]) {
    if times.watched.swap(true, Ordering::Relaxed) {
        return;
    }
    let (bg, t, func) = (Arc::clone(slot), Arc::clone(times), f.clone());
    let _ = std::thread::Builder::new().name("cuprite-block-watch".into()).spawn(move || {
        std::thread::sleep(EXPLORE_AFTER);
        let running = t.in_flight.load(Ordering::Relaxed) > 0;
        if running || t.other_ns.load(Ordering::Relaxed) >= EXPLORE_AFTER.as_nanos() as u64 {
            if trace() && running {
                eprintln!("tier: `{}` builds for the block tier while its first launch runs", func.name);
            }
            start_build(&bg, &t, &func, shape);
        } else {
            // Short launches so far: the next launch watches again.
            t.watched.store(false, Ordering::Relaxed);
        }
    });
}

/// Runs launch `l` with `code`.
pub(crate) fn run(l: &Launch<'_>, code: &BlockCode) -> Result<(), Fault> {
    run::run(l, code)
}

pub(crate) use run::run_block;

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

    /// A program of `KERNEL` with its block-tier code built (as the background compile
    /// would, once the kernel has run [`EXPLORE_AFTER`] on the other tiers).
    fn compiled() -> (crate::Program, Cache) {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        // The veto's arithmetic, whatever `CUPRITE_CC_OPT` the tests run under.
        let c = Cache { may_leave: true, ..Cache::new(p.funcs.len()) };
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "nothing ran yet: no compile");
        // 50 ms of work on the other tiers: the compile starts.
        c.record_other(0, ms(50), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "compiling in the background");
        let deadline = std::time::Instant::now() + Duration::from_secs(120);
        while c.slots[0].get().is_none() {
            assert!(std::time::Instant::now() < deadline, "the background compile never finished");
            std::thread::sleep(ms(5));
        }
        (p, c)
    }

    #[test]
    fn a_cooperative_launch_runs_whole_on_the_block_tier_once_built_and_judges_nothing() {
        let (p, c) = compiled();
        for blocks in [1, 100] {
            assert!(matches!(c.choose(&p.funcs, 0, blocks, 1, [32, 1, 1], true), Choice::Whole(_)));
        }
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)), "still to be judged");
    }

    #[test]
    fn once_built_one_launch_judges_it_then_every_launch_runs_there() {
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 1, 1, [32, 1, 1], false), Choice::Off), "one block: too small to split");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)), "judged once");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "while it is judged");
        // 7 blocks in 20 ms beside 7 in 10 ms: 2x, not far behind.
        assert!(c.judge(&p.funcs, 0, (ms(20), 7), (ms(10), 7)));
        for _ in 0..100 {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Whole(_)));
            assert!(matches!(c.choose(&p.funcs, 0, 1, 1, [32, 1, 1], false), Choice::Whole(_)), "small launches too");
        }
    }

    #[test]
    fn whole_launches_far_behind_leave_the_block_tier_for_good() {
        // 0.5 ms a block below it (`compiled`); 1 ms a block, then 0.6: 2x and 1.2x, not far
        // behind: kept at the first sample.
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
        assert!(c.judge(&p.funcs, 0, (ms(10), 7), (ms(10), 7)));
        c.record(&p.funcs, 0, ms(100), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Whole(_)), "2x: kept");
        assert!(!c.measures_whole(0), "judged once");
        // 5x behind: left.
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
        assert!(c.judge(&p.funcs, 0, (ms(10), 7), (ms(8), 7)));
        for _ in 0..crate::jit::LEAVE_AFTER {
            assert!(c.measures_whole(0));
            c.record(&p.funcs, 0, ms(250), 100);
        }
        for _ in 0..100 {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "left for good");
        }
    }

    #[test]
    fn a_slice_far_behind_leaves_the_block_tier_for_good() {
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
        // 3.6x: the rest of the launch on the block tier still, judged again until
        // `jit::LEAVE_AFTER` samples say so.
        for _ in 1..crate::jit::LEAVE_AFTER {
            assert!(c.judge(&p.funcs, 0, (ms(36), 7), (ms(10), 7)), "3.6x once: not yet");
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)), "judged again");
        }
        assert!(!c.judge(&p.funcs, 0, (ms(36), 7), (ms(10), 7)), "3.6x");
        for _ in 0..100 {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off));
        }
    }

    #[test]
    fn slices_too_small_to_tell_add_up_over_later_launches() {
        // 1 ms on the block tier beside 0.2 ms below (5x): under `jit::JUDGED_WORK`, no
        // verdict; the rest of the launch runs on the block tier, a later launch is judged.
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
        assert!(c.judge(&p.funcs, 0, (ms(1), 7), (us(200), 7)), "the rest on the block tier");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)), "judged again");
        // 2 ms in all, 5x: a sample far behind; as many more as `jit::LEAVE_AFTER` says leave
        // it.
        assert!(c.judge(&p.funcs, 0, (ms(1), 7), (us(200), 7)));
        for left in (0..crate::jit::LEAVE_AFTER - 1).rev() {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)), "judged again");
            assert_eq!(c.judge(&p.funcs, 0, (ms(2), 7), (us(400), 7)), left > 0);
        }
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "left for good");
        // Slices that never add up to `jit::JUDGED_WORK` keep the block tier after
        // `jit::JUDGED_LAUNCHES` launches.
        let (p, c) = compiled();
        for _ in 0..crate::jit::JUDGED_LAUNCHES {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
            assert!(c.judge(&p.funcs, 0, (us(10), 7), (us(1), 7)));
        }
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Whole(_)), "kept");
    }

    #[test]
    fn whole_launches_too_small_to_tell_add_up_until_they_tell() {
        // 0.5 ms a block below it (`compiled`); whole launches of one block in 0.5 ms (1x):
        // measured until 2 ms in all (one sample), then kept.
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
        assert!(c.judge(&p.funcs, 0, (ms(10), 7), (ms(10), 7)));
        for _ in 0..3 {
            assert!(c.measures_whole(0));
            c.record(&p.funcs, 0, us(500), 1);
        }
        assert!(c.measures_whole(0), "1.5 ms in all: too little to tell");
        c.record(&p.funcs, 0, us(500), 1);
        assert!(!c.measures_whole(0), "2 ms: judged");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Whole(_)), "1x: kept");
        // The least below 0.1 ms a block; whole launches of one block in 0.4 ms (4x): left
        // once they add up to `jit::LEAVE_AFTER` samples of 2 ms.
        let (p, c) = compiled();
        c.record_other(0, us(100), 1);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Try(_)));
        assert!(c.judge(&p.funcs, 0, (ms(10), 7), (ms(10), 7)));
        for _ in 0..5 * crate::jit::LEAVE_AFTER - 1 {
            c.record(&p.funcs, 0, us(400), 1);
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Whole(_)), "not judged yet");
        }
        c.record(&p.funcs, 0, us(400), 1);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "left for good");
    }

    const fn us(n: u64) -> Duration {
        Duration::from_micros(n)
    }

    /// `KERNEL`'s thread `t` (of any block shape) reads and writes `out[(tid.x * tid.x)]`: an
    /// address no group's lanes have consecutive.
    const SCATTER: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry k(.param .u64 out)
{
    .reg .b32 %r<4>;
    .reg .b64 %rd<4>;
    ld.param.u64 %rd1, [out];
    mov.u32 %r1, %tid.x;
    mul.lo.u32 %r2, %r1, %r1;
    mul.wide.u32 %rd2, %r2, 4;
    add.s64 %rd3, %rd1, %rd2;
    ld.global.u32 %r3, [%rd3];
    add.u32 %r3, %r3, 1;
    st.global.u32 [%rd3], %r3;
    ret;
}
"#;

    #[test]
    fn groups_span_rows_for_the_narrow_blocks_of_the_launch_built_for() {
        let built = |src: &str, shape| {
            let p = crate::Program::from_ptx(src).expect("load");
            let Some(Ok(f)) = p.funcs.first() else { panic!("decoded") };
            build(f, shape).map(|c| (c.lanes, c.grouping, c.width))
        };
        // Accesses lane by lane in any grouping: 16 lanes across rows.
        assert_eq!(built(SCATTER, [8, 8, 8]), Ok((true, emit::Grouping::Span, 16)));
        assert_eq!(built(SCATTER, [8, 8, 1]), Ok((true, emit::Grouping::Span, 16)));
        // One in a piece (a uniform address) and none lane by lane: a row of 8 at a time.
        assert_eq!(built(KERNEL, [8, 8, 8]), Ok((true, emit::Grouping::Rows, 8)));
        assert_eq!(built(KERNEL, [8, 2, 3]), Ok((true, emit::Grouping::Rows, 8)));
        // Rows of 8 whose indices need a division to span rows: a row at a time, however
        // the kernel accesses memory (groups of 16 would be half empty).
        assert_eq!(built(SCATTER, [8, 3, 2]), Ok((true, emit::Grouping::Rows, 8)));
        // Rows of 4, a row of 8 alone, rows of 32.
        assert_eq!(built(KERNEL, [4, 4, 1]), Ok((true, emit::Grouping::Span, 16)));
        assert_eq!(built(KERNEL, [8, 1, 1]), Ok((true, emit::Grouping::Rows, 16)));
        assert_eq!(built(KERNEL, [32, 8, 1]), Ok((true, emit::Grouping::Rows, 16)));
    }

    /// Waits until kernel 0's build has begun; whether it did within `limit`.
    fn build_begins(c: &Cache, limit: Duration) -> bool {
        let deadline = std::time::Instant::now() + limit;
        while std::time::Instant::now() < deadline {
            if c.times[0].started.load(Ordering::Relaxed) {
                return true;
            }
            std::thread::sleep(ms(5));
        }
        false
    }

    #[test]
    fn a_long_first_launch_starts_the_build_while_it_runs() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let c = Cache::new(p.funcs.len());
        let launch = c.running(0);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "nothing ran yet");
        assert!(!c.times[0].started.load(Ordering::Relaxed), "no build at the start of a launch");
        assert!(build_begins(&c, EXPLORE_AFTER * 50), "the launch still runs after EXPLORE_AFTER: a build");
        drop(launch);
    }

    #[test]
    fn short_launches_start_no_build_until_a_long_one_runs() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let c = Cache::new(p.funcs.len());
        drop(c.running(0));
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off));
        c.record_other(0, ms(1), 100);
        assert!(!build_begins(&c, EXPLORE_AFTER * 3), "1 ms of work and no launch running: no build");
        // The watch over, a later launch is watched again, and this one runs long.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while c.times[0].watched.load(Ordering::Relaxed) {
            assert!(std::time::Instant::now() < deadline, "the watch never ended");
            std::thread::sleep(ms(5));
        }
        let launch = c.running(0);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off));
        assert!(build_begins(&c, EXPLORE_AFTER * 50), "a long launch: a build");
        drop(launch);
    }

    #[test]
    fn kernels_with_barriers_are_candidates() {
        // The lane phase runs them barrier-free stretch after stretch.
        let src = KERNEL.replace("    ret;", "    bar.sync 0;\n    ret;");
        let p = crate::Program::from_ptx(&src).expect("load");
        let c = Cache::new(p.funcs.len());
        c.record_other(0, ms(500), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "compiling in the background");
        assert!(c.times[0].started.load(Ordering::Relaxed), "a compile");
    }
}
