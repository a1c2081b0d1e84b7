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
//! - `clock.rs`: the measure of its choices (the process's CPU time).
//!
//! A kernel compiles for the block shape of the launch that builds it (the lane phase's
//! groups: `emit::Grouping`; launches of other shapes run it too, maybe slower).
//! Under `Engine::Block` a kernel compiles at its first launch. Under `Engine::Jit` only a
//! kernel whose translation runs 16 threads at a time (`emit::runs_lanes`: the code shape
//! where it can win; one thread at a time, the warp tier's SIMD mostly beats it) is
//! a candidate: once it has run a while on the other tiers it compiles on a background
//! thread, then launches try it on a slice of their blocks beside the rest of the launch, and
//! it runs whole launches only when it ran its slices' blocks faster (`Cache::choose`), and
//! while it keeps running blocks as fast as the other tiers' best launch did.

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
    /// Whether it runs 16 threads at a time (`emit::Unit::lanes`).
    pub(crate) lanes: bool,
    /// How those 16 threads are grouped (`emit::Grouping`).
    grouping: emit::Grouping,
    /// The function `ops` points into (boxed: its address never changes).
    func: Box<Func>,
}

/// Whether the tier trace is on.
fn trace() -> bool {
    static ON: OnceLock<bool> = OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::TIER_TRACE))
}

/// Translates, compiles and loads kernel `f` for blocks of `shape` (the lane phase's
/// grouping: `emit::Grouping::for_block`); why not, when it cannot be.
fn build(f: &Func, shape: [u32; 3]) -> Result<BlockCode, String> {
    if let Some(why) = eligible::declined(f) {
        return Err(why);
    }
    let cc = compiler::compiler().ok_or("no C compiler")?;
    let func = Box::new(f.clone());
    let unit = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        emit::translate(&func, emit::Grouping::for_block(shape, emit::width_of(&func)))
    }))
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
        grouping: emit::Grouping::for_block(shape, emit::width_of(&func)),
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
                let w = emit::width_of(&c.func);
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
    /// Launches that tried it on a slice, those measured, and the sum of their ratios of
    /// time per block, the block tier's to the rest of the launch's (millionths).
    slices: AtomicU64,
    judged: AtomicU64,
    ratio_sum: AtomicU64,
    /// Its slices ran faster: it runs whole launches.
    won: AtomicBool,
    /// Its build has begun (in the background).
    started: AtomicBool,
    /// A watch for a long first launch has begun (`Cache::watch`).
    watched: AtomicBool,
    /// Launches of it running on the other tiers now (`Cache::running`).
    in_flight: AtomicU64,
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
    times: Vec<Arc<Measured>>,
    /// Per function: whether `Engine::Jit` may use the block tier for it (`emit::runs_lanes`).
    candidate: Vec<OnceLock<bool>>,
}

/// What the block tier does with a launch under `Engine::Jit`.
#[derive(Debug)]
pub(crate) enum Choice<'a> {
    /// Nothing: the other tiers run it.
    Off,
    /// It runs the first `jit::trial_blocks` blocks, the other tiers as many after them, and
    /// `Cache::record_slice` compares the two: the rest of the launch runs on the faster.
    Slice(&'a BlockCode),
    /// It runs the whole launch.
    Whole(&'a BlockCode),
}

/// One background compile at a time: they share the cores with launches.
static BACKGROUND: Mutex<()> = Mutex::new(());

/// Whole launches the block tier runs before their average is compared with the other
/// tiers' best.
const TRIES: u64 = 2;

/// Launches that try the block tier on a slice before it is chosen or left: one, as the
/// slice is compared with the rest of its own launch (same data, same moment), and a
/// kernel with few long launches (a matrix product per repetition) would otherwise run
/// most of them before the choice.
const SLICES: u64 = 1;

/// Worker time a kernel spends on the other tiers before the block tier compiles it (a
/// compile takes a C compiler a fraction of a second; short programs never pay for it).
const EXPLORE_AFTER: Duration = Duration::from_millis(40);

impl Cache {
    /// A cache for `n` functions.
    pub(crate) fn new(n: usize) -> Cache {
        Cache {
            slots: (0..n).map(|_| Arc::new(OnceLock::new())).collect(),
            times: (0..n).map(|_| Arc::default()).collect(),
            candidate: (0..n).map(|_| OnceLock::new()).collect(),
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
    /// `shape` on `workers` workers) under `Engine::Jit`: nothing unless the kernel is a candidate
    /// (`emit::runs_lanes`); once it has run [`EXPLORE_AFTER`] on the other tiers (a launch
    /// that long included: `watch`) its build goes to a background thread; once built,
    /// [`SLICES`] launches try it on a slice (a launch too small to split is not tried), then
    /// it runs whole launches if it ran its slices' blocks faster than as many blocks beside
    /// them on the other tiers (`record_slice`), and only while it runs a block as fast as
    /// any launch on the other tiers did. No slice before the other tiers' choice is
    /// `settled` (`jit::Cache::settled`): beside a tier that another, faster one is about to
    /// replace, a slice slower than that one could win.
    pub(crate) fn choose(
        &self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        blocks: u64,
        workers: u32,
        shape: [u32; 3],
        settled: bool,
    ) -> Choice<'_> {
        let (Some(slot), Some(times), Some(Ok(f))) = (self.slots.get(idx), self.times.get(idx), funcs.get(idx)) else {
            return Choice::Off;
        };
        if times.lost.load(Ordering::Relaxed)
            || !*self.candidate[idx].get_or_init(|| eligible::declined(f).is_none() && emit::runs_lanes(f))
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
        if !times.won.load(Ordering::Relaxed) {
            // A slice is judged within its launch (`record_slice`): until then (another
            // stream's launch tries it now), the other tiers run the kernel.
            if !settled
                || crate::jit::trial_blocks(blocks, workers) >= blocks
                || times.slices.fetch_add(1, Ordering::Relaxed) >= SLICES
            {
                return Choice::Off;
            }
            return Choice::Slice(code);
        }
        let best = times.other_best.load(Ordering::Relaxed);
        if times.launches.load(Ordering::Relaxed) >= TRIES
            && let Some(mine) = times.per_block()
            && best > 0
            && mine > best as f64
        {
            times.lost.store(true, Ordering::Relaxed);
            if trace() {
                eprintln!(
                    "tier: `{}` leaves the block tier: {mine:.0} ns per block, {best} ns on the other tiers",
                    f.name
                );
            }
            return Choice::Off;
        }
        Choice::Whole(code)
    }

    /// Whether launches of kernel `idx` are measured for the block tier (a candidate not left).
    pub(crate) fn measures(&self, idx: usize) -> bool {
        self.candidate.get(idx).and_then(|c| c.get()).copied().unwrap_or(false)
            && self.times.get(idx).is_some_and(|t| !t.lost.load(Ordering::Relaxed))
    }

    /// A launch of kernel `idx` ran its first `tried` blocks on the block tier with work
    /// `tried_work` (`Stopwatch::work`) and `rest` further blocks on another tier with
    /// `rest_work`. Once [`SLICES`] launches are measured, the verdict: whether the block
    /// tier runs the kernel from now on (the rest of this launch too), having run its slices'
    /// blocks faster.
    pub(crate) fn record_slice(
        &self,
        funcs: &[Result<Func, LoadError>],
        idx: usize,
        (tried_work, tried): (Duration, u64),
        (rest_work, rest): (Duration, u64),
    ) -> bool {
        let Some(t) = self.times.get(idx) else { return false };
        let per = |e: Duration, n: u64| e.as_nanos() as f64 / n.max(1) as f64;
        let ratio = per(tried_work, tried) / per(rest_work, rest).max(1.0);
        t.ratio_sum.fetch_add((ratio * 1e6) as u64, Ordering::Relaxed);
        let judged = t.judged.fetch_add(1, Ordering::Relaxed) + 1;
        if judged != SLICES {
            return t.won.load(Ordering::Relaxed);
        }
        let ratio = t.ratio_sum.load(Ordering::Relaxed) as f64 / 1e6 / judged as f64;
        let won = ratio < 1.0;
        if trace() {
            let name = funcs.get(idx).and_then(|f| f.as_ref().ok()).map_or("", |f| f.name.as_str());
            eprintln!(
                "tier: `{name}` {} the block tier: its slices took {ratio:.2}x the time per block of the rest",
                if won { "runs on" } else { "leaves" }
            );
        }
        if won { &t.won } else { &t.lost }.store(true, Ordering::Relaxed);
        won
    }

    /// Counts a launch of kernel `idx` on the other tiers while it runs (the guard's life),
    /// for the watch of a long first launch (`watch`).
    pub(crate) fn running(&self, idx: usize) -> Option<InFlight> {
        let t = self.times.get(idx)?;
        t.in_flight.fetch_add(1, Ordering::Relaxed);
        Some(InFlight(Arc::clone(t)))
    }

    /// A launch of kernel `idx` of `blocks` blocks ran on the block tier with work `work`
    /// (`Stopwatch::work`).
    pub(crate) fn record(&self, idx: usize, work: Duration, blocks: u64) {
        if let Some(t) = self.times.get(idx) {
            t.ns.fetch_add(work.as_nanos() as u64, Ordering::Relaxed);
            t.blocks.fetch_add(blocks.max(1), Ordering::Relaxed);
            t.launches.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// A launch of kernel `idx` ran on another tier (as `record`).
    pub(crate) fn record_other(&self, idx: usize, work: Duration, blocks: u64) {
        if let Some(t) = self.times.get(idx) {
            let ns = work.as_nanos() as u64;
            t.other_ns.fetch_add(ns, Ordering::Relaxed);
            let per_block = (ns / blocks.max(1)).max(1);
            let _ = t
                .other_best
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |b| (b == 0 || per_block < b).then_some(per_block));
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
        let c = Cache::new(p.funcs.len());
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "nothing ran yet: no compile");
        // 0.5 ms per block on the other tiers, 50 ms in all: the compile starts.
        c.record_other(0, ms(50), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "compiling in the background");
        let deadline = std::time::Instant::now() + Duration::from_secs(120);
        while c.slots[0].get().is_none() {
            assert!(std::time::Instant::now() < deadline, "the background compile never finished");
            std::thread::sleep(ms(5));
        }
        (p, c)
    }

    #[test]
    fn tries_the_block_tier_on_slices_then_keeps_it_while_it_runs_blocks_faster() {
        let (p, c) = compiled();
        assert!(matches!(c.choose(&p.funcs, 0, 1, 1, [32, 1, 1], true), Choice::Off), "one block: too small to split");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Slice(_)), "a try");
        // 7 blocks in 1 ms beside 93 in 50 ms: 0.27x the time per block.
        assert!(c.record_slice(&p.funcs, 0, (ms(1), 7), (ms(50), 93)), "faster: the rest of the launch too");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Whole(_)), "faster: whole launches");
        c.record(0, ms(10), 100);
        c.record(0, ms(10), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Whole(_)), "0.1 ms per block: kept");
        // 1.6 ms per block on average now: slower than the other tiers' best launch.
        c.record(0, ms(460), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "slower: left");
        c.record_other(0, ms(500), 100);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "and never tried again");
    }

    #[test]
    fn no_slice_until_the_other_tiers_choice_is_settled() {
        // While the warp tier compiles, or has not run yet, launches run on a tier it may
        // replace: a slice judged beside that could win against the slower tier.
        let (p, c) = compiled();
        for _ in 0..10 {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], false), Choice::Off), "not settled: held");
        }
        // The slice is held, not spent: it comes once the choice is made.
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Slice(_)), "settled: a try");
    }

    #[test]
    fn leaves_the_block_tier_when_its_slices_run_slower() {
        let (p, c) = compiled();
        for _ in 0..SLICES {
            assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Slice(_)));
            // 7 blocks in 10 ms beside 93 in 50 ms: 2.7x the time per block.
            assert!(!c.record_slice(&p.funcs, 0, (ms(10), 7), (ms(50), 93)));
        }
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "slower: left");
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "and never tried again");
    }

    #[test]
    fn groups_span_rows_for_the_narrow_blocks_of_the_launch_built_for() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let Some(Ok(f)) = p.funcs.first() else { panic!("decoded") };
        let built = |shape| build(f, shape).map(|c| (c.lanes, c.grouping));
        assert_eq!(built([8, 8, 8]), Ok((true, emit::Grouping::Span)));
        assert_eq!(built([4, 4, 1]), Ok((true, emit::Grouping::Span)));
        assert_eq!(built([32, 8, 1]), Ok((true, emit::Grouping::Rows)));
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
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "nothing ran yet");
        assert!(!c.times[0].started.load(Ordering::Relaxed), "no build at the start of a launch");
        assert!(build_begins(&c, EXPLORE_AFTER * 50), "the launch still runs after EXPLORE_AFTER: a build");
        drop(launch);
    }

    #[test]
    fn short_launches_start_no_build_until_a_long_one_runs() {
        let p = crate::Program::from_ptx(KERNEL).expect("load");
        let c = Cache::new(p.funcs.len());
        drop(c.running(0));
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off));
        c.record_other(0, ms(1), 100);
        assert!(!build_begins(&c, EXPLORE_AFTER * 3), "1 ms of work and no launch running: no build");
        // The watch over, a later launch is watched again, and this one runs long.
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        while c.times[0].watched.load(Ordering::Relaxed) {
            assert!(std::time::Instant::now() < deadline, "the watch never ended");
            std::thread::sleep(ms(5));
        }
        let launch = c.running(0);
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off));
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
        assert!(matches!(c.choose(&p.funcs, 0, 100, 1, [32, 1, 1], true), Choice::Off), "compiling in the background");
        assert!(c.times[0].started.load(Ordering::Relaxed), "a compile");
    }
}
