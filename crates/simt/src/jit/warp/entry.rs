//! Glue between the interpreter's warps and the warp tier (`jit/warp`): compiled code runs a
//! warp on the interpreter's own state (its registers, reconvergence stack, exited lanes), so
//! a warp moves between the two at any compiled entry point and every instruction the
//! compiled code does not handle is the interpreter's (one instruction at a time through
//! [`h_step`], or the rest of the slice when it hands the warp back).

use crate::error::FaultKind;
use std::any::Any;

use crate::exec::{
    Barriers, Block, CompiledTier, Entry, Launch, Planar, Ran, State, Warp, WarpResult, Yield, fault, kernel,
};
use crate::ir::{Func, Inst, NO_PC, Op};
use crate::jit::ctx::Ctx;
use crate::jit::warp::{ExitStatus, GLUE_BARRIER, GLUE_DONE, GLUE_READY, Glue, WarpCode};
use crate::semantics::collective::shfl_lanes;
use crate::semantics::write_masked;

/// `CUPRITE_WTRACE=1` prints each instruction compiled code leaves to the interpreter (for
/// tuning the warp tier).
fn trace() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| crate::env::flag(crate::env::WARP_TRACE))
}

/// Registers of scratch the warp tier keeps after a warp's registers (`jit/warp/mem.rs`:
/// the offsets of matched address patterns).
pub(crate) const SCRATCH_REGS: usize = 2;

/// Byte offsets in the table behind `Glue::lanes` (see `lane_tables`).
pub(crate) mod shape {
    /// Per lane, `%tid.x` minus lane 0's (`i32`).
    pub const DX: i32 = 4 * 256;
    /// Per lane, `%tid.y` minus lane 0's (`i32`).
    pub const DY: i32 = 4 * 256 + 128;
    /// The first lane one step along x from lane 0 (`dx` 1, `dy` 0), or 0 when none is.
    pub const XLANE: i32 = 5 * 256;
    /// The first lane one step along y from lane 0 (`dx` 0, `dy` 1), or 0 when none is.
    pub const YLANE: i32 = XLANE + 4;
    /// The least and greatest `dx` and `dy` of the warp's lanes (`i32`).
    pub const DX_MIN: i32 = XLANE + 8;
    pub const DX_MAX: i32 = XLANE + 12;
    pub const DY_MIN: i32 = XLANE + 16;
    pub const DY_MAX: i32 = XLANE + 20;
    /// 1 when every group of four lanes `4q..4q+4` lies in one row (one `dy`) with
    /// consecutive `dx`, else 0.
    pub const QUAD_ROWS: i32 = XLANE + 24;
}

/// The lane tables of a warp whose lanes have thread indices `tid`: `%tid.x/y/z` and
/// `%laneid` as registers (planes 0..4), then its shape (plane 4: each lane's `dx` and `dy`
/// from lane 0; plane 5: the scalars of [`shape`]). The warp tier checks whether a register
/// of addresses is an affine function of `dx` and `dy` (a 2D block's rows) against them.
pub(crate) fn lane_tables(tid: &[[u32; 32]; 3]) -> Box<[Planar; 6]> {
    let dx: [i32; 32] = std::array::from_fn(|l| tid[0][l].wrapping_sub(tid[0][0]) as i32);
    let dy: [i32; 32] = std::array::from_fn(|l| tid[1][l].wrapping_sub(tid[1][0]) as i32);
    let mut d = [0u32; 64];
    for l in 0..32 {
        d[l] = dx[l] as u32;
        d[32 + l] = dy[l] as u32;
    }
    let lane = |x: i32, y: i32| (0..32).find(|&l| dx[l] == x && dy[l] == y).unwrap_or(0) as u32;
    let quad_rows = (0..8).all(|q| (1..4).all(|i| dy[4 * q + i] == dy[4 * q] && dx[4 * q + i] == dx[4 * q] + i as i32));
    let mut sh = [0u32; 64];
    let vals = [
        lane(1, 0),
        lane(0, 1),
        dx.iter().copied().min().unwrap_or(0) as u32,
        dx.iter().copied().max().unwrap_or(0) as u32,
        dy.iter().copied().min().unwrap_or(0) as u32,
        dy.iter().copied().max().unwrap_or(0) as u32,
        u32::from(quad_rows),
    ];
    sh[..vals.len()].copy_from_slice(&vals);
    Box::new([
        planar_of(&tid[0].map(u64::from)),
        planar_of(&tid[1].map(u64::from)),
        planar_of(&tid[2].map(u64::from)),
        planar_of(&std::array::from_fn(|l| l as u64)),
        d,
        sh,
    ])
}

/// `v` in the warp tier's layout.
pub(crate) fn planar_of(v: &[u64; 32]) -> Planar {
    let mut p = [0u32; 64];
    to_planar(v, &mut p);
    p
}

#[inline]
fn to_planar(v: &[u64; 32], p: &mut Planar) {
    let (lo, hi) = p.split_at_mut(32);
    for ((l, h), &x) in lo.iter_mut().zip(hi.iter_mut()).zip(v) {
        *l = x as u32;
        *h = (x >> 32) as u32;
    }
}

/// The interpreter's lanes of a register from its planar image; a `narrow` register's
/// (declared 32 bits wide or less) high halves are not kept by compiled code and read as zero.
#[inline]
fn from_planar(p: &Planar, v: &mut [u64; 32], narrow: bool) {
    if narrow {
        for (x, &l) in v.iter_mut().zip(p.iter()) {
            *x = u64::from(l);
        }
        return;
    }
    let (lo, hi) = p.split_at(32);
    for ((&l, &h), x) in lo.iter().zip(hi).zip(v.iter_mut()) {
        *x = u64::from(l) | u64::from(h) << 32;
    }
}

/// Makes the warp tier's copy of the registers the current one (converting once after the
/// interpreter ran the warp).
fn enter_planar(w: &mut Warp) {
    if w.planar {
        return;
    }
    w.planar_regs.resize(w.regs.len() + SCRATCH_REGS, [0; 64]);
    for (r, p) in w.regs.iter().zip(w.planar_regs.iter_mut()) {
        to_planar(r, p);
    }
    w.planar = true;
}

/// Makes the interpreter's copy of the registers the current one (before the interpreter
/// runs the warp; `k`: the kernel).
pub(crate) fn leave_planar(w: &mut Warp, k: &Func) {
    if !w.planar {
        return;
    }
    for (r, (p, x)) in (0..).zip(w.planar_regs.iter().zip(w.regs.iter_mut())) {
        from_planar(p, x, k.narrow(r));
    }
    w.planar = false;
}

/// Runs `f` (the interpreter executing instruction `pc` of the warp's function) with the
/// interpreter's copy of the registers it reads and writes current, then takes back the ones
/// it wrote (every register, for instructions whose registers are not listed).
/// (The register lists go into the two scratch buffers.)
fn with_interp_regs<T>(
    w: &mut Warp,
    k: &Func,
    pc: u64,
    (uses, defs): &mut (Vec<u32>, Vec<u32>),
    f: impl FnOnce(&mut Warp) -> T,
) -> T {
    let Some(inst) = k.code.get(pc as usize) else { return f(w) };
    uses.clear();
    defs.clear();
    if !w.planar {
        leave_planar(w, k);
        let r = f(w);
        enter_planar(w);
        return r;
    }
    crate::analysis::live::uses_defs(&inst.op, k.nregs, uses, defs);
    uses.extend(inst.guard.map(|g| g.reg));
    for &r in uses.iter().chain(defs.iter()) {
        if let (Some(p), Some(x)) = (w.planar_regs.get(r as usize), w.regs.get_mut(r as usize)) {
            from_planar(p, x, k.narrow(r));
        }
    }
    let out = f(w);
    for &r in defs.iter() {
        if let (Some(x), Some(p)) = (w.regs.get(r as usize), w.planar_regs.get_mut(r as usize)) {
            to_planar(x, p);
        }
    }
    out
}

/// What a worker's blocks keep for compiled warps: the memory-access context, the
/// allocation cache slots of the access sites, and one glue per warp of the block.
#[derive(Debug, Default)]
pub(crate) struct WState {
    ctx: Ctx,
    sites: Vec<[u64; 3]>,
    glues: Vec<Glue>,
    runs: Vec<Running>,
    /// The block `ctx` is set up for (block index, shared memory address).
    block: Option<([u32; 3], usize)>,
    /// The warps (address, count) and first warp `glues` and `runs` were last set up for:
    /// their fields that stay the same between runs (`CompiledTier::run`). A worker's warps live
    /// as long as this state (`Pool`: launches of one kernel and block shape on the thread),
    /// made once for its first block.
    primed: Option<(usize, usize, usize)>,
}

impl WState {
    /// Forgets the launch the state ran (`CompiledTier::new_launch`): the context (its
    /// translation cache), the access sites' allocation slots and the block set up go; the
    /// glues, set up for the warps, stay.
    fn new_launch(&mut self) {
        self.ctx = Ctx::default();
        self.sites.fill([0; 3]);
        self.block = None;
        for g in &mut self.glues {
            g.fault = None;
        }
    }

    /// Whether the glues are set up for `warps` from the first warp on, so that a block can
    /// start in compiled code without resetting them (`CompiledTier::run`'s `fresh`).
    pub(crate) fn primed_for(&self, warps: &[Warp]) -> bool {
        self.primed == Some((warps.as_ptr() as usize, warps.len(), 0))
    }
}

/// The helpers' way to a warp that compiled code runs (`Glue::running`) and its block.
#[derive(Debug)]
struct Running {
    w: *mut Warp,
    blk: *mut (),
}

/// Whether compiled code can start warp `w` where it stands.
fn can_start(code: &WarpCode, w: &Warp) -> bool {
    w.state == State::Ready
        && w.frames.is_empty()
        && w.red.is_empty()
        && !w.interpreter_only
        && w.stack.last().is_some_and(|t| !t.wait && t.mask != 0 && code.is_entry(t.pc))
}

/// Makes warp `w`, which started its block in compiled code without a reset (`fresh`), the
/// interpreter's warp of this block: reset, with the registers compiled code wrote.
fn materialize(g: &mut Glue, w: &mut Warp, l: &Launch<'_>) {
    if std::mem::take(&mut g.fresh) {
        w.reset(l.kernel, kernel(l, l.kernel));
        w.planar = true;
    }
    sync_exits(g, w);
}

/// Lanes compiled code let exit inline (`WarpCodegen::exit_early`: gone from the glue's live lanes
/// only) exit in the warp's own state too.
fn sync_exits(g: &Glue, w: &mut Warp) {
    let gone = w.valid & !w.exited & !(g.live as u32);
    if gone != 0 {
        w.exited |= gone;
        w.remove_lanes(gone, true);
    }
}

/// Sets glue `g` up to run warp `w` (the `i`th of the block, of kernel `k`) from where it
/// stands, or marks it finished or not startable (`CompiledTier::run`; `primed`: the fields that
/// stay the same between runs are set already).
fn prepare(code: &WarpCode, k: &Func, (i, fuel): (usize, u64), w: &mut Warp, g: &mut Glue, primed: bool) {
    let top = match w.stack.last() {
        Some(&top) if can_start(code, w) => top,
        _ => {
            // A finished warp does not hold a barrier back.
            g.state = if w.state == State::Done { GLUE_DONE } else { 0 };
            // (Current for `sync_exits`, which reads every glue after the run.)
            g.live = u64::from(w.valid & !w.exited);
            return;
        }
    };
    g.state = GLUE_READY;
    g.act = u64::from(top.mask);
    g.live = u64::from(w.valid & !w.exited);
    g.top_rpc = u64::from(top.rpc);
    g.pc = u64::from(top.pc);
    g.fuel = fuel;
    g.lane = 0;
    // A fault ends the launch, and `last` takes it from the warp that returned it.
    debug_assert!(g.fault.is_none());
    // Calls on the interpreter grow the lanes' local memory (callee frames), which may
    // move it. (Without local memory in the kernel, compiled code never dereferences
    // them.)
    if k.local_size > 0 {
        for (p, lb) in w.local_ptrs.iter_mut().zip(w.local.iter_mut()) {
            *p = lb.as_mut_ptr() as u64;
        }
    }
    if !w.planar {
        enter_planar(w);
    }
    let lanes = w.lanes.get_or_insert_with(|| lane_tables(&w.tid)).as_ptr() as u64;
    if primed {
        debug_assert!(g.lanes == lanes && g.local == w.local_ptrs.as_ptr() as u64);
    } else {
        g.index = i as u64;
        g.local = w.local_ptrs.as_ptr() as u64;
        g.lanes = lanes;
        g.valid = u64::from(w.valid);
    }
    debug_assert!(!g.fresh);
    // (The registers move only where the interpreter's copy was resized, before the
    // first block: unchanged after `enter_planar` as after the previous block.)
    g.regs = w.planar_regs.as_mut_ptr() as u64;
}

impl CompiledTier for WarpCode {
    fn worker_state(&self) -> Box<dyn Any> {
        Box::<WState>::default()
    }

    fn new_launch(&self, state: &mut dyn Any) {
        if let Some(st) = state.downcast_mut::<WState>() {
            st.new_launch();
        }
    }

    fn starts_fresh(&self, state: &dyn Any, warps: &[Warp]) -> bool {
        state.downcast_ref::<WState>().is_some_and(|st| st.primed_for(warps)) && self.fits_on_this_thread()
    }

    /// Runs the warps of a block on compiled code from warp `from` (which must be able to
    /// start, else `None`: the interpreter runs it). A warp that stops at a block barrier, or
    /// finishes, hands over to the next warp that can start, without leaving compiled code.
    ///
    /// `fresh`: the block's first run, with warps not reset since the previous block (`from`
    /// 0, the glues set up for these warps: `WState::primed_for`, and no local memory). Each
    /// glue then starts the warp from scratch, and the warp itself is reset only where a helper
    /// or the interpreter needs it (`materialize`): a block that runs to the end in compiled
    /// code touches only the glues.
    fn run(
        &self,
        warps: &mut [Warp],
        from: usize,
        blk: &mut Block<'_, '_>,
        bars: &mut Barriers,
        fresh: bool,
    ) -> Option<Ran> {
        let code = self;
        if !fresh && !can_start(code, warps.get(from)?) || !code.fits_on_this_thread() {
            return None;
        }
        let l = blk.l;
        let mut st = blk.tier_state.take()?.downcast::<WState>().ok()?;
        let k = kernel(l, l.kernel);
        if st.sites.len() != code.sites {
            st.sites = vec![[0; 3]; code.sites];
            st.block = None;
        }
        let key = (blk.ctaid, blk.shared.as_ptr() as usize);
        if st.block != Some(key) {
            st.block = Some(key);
            setup(&mut st.ctx, &mut st.sites, l, blk, k);
        }
        let n = warps.len();
        // The glues' fields that stay the same from block to block of a launch on this worker
        // (the warps' buffers, the chain) are set when the warps or `from` change.
        let primed = st.primed == Some((warps.as_ptr() as usize, n, from));
        if !primed {
            st.glues.resize_with(n, Glue::default);
            st.runs.resize_with(n, || Running { w: std::ptr::null_mut(), blk: std::ptr::null_mut() });
        }
        let blk_ptr: *mut () = (blk as *mut Block<'_, '_>).cast();
        let fuel = crate::jit::ctx::fuel(l.cooperative);
        if fresh {
            debug_assert!(primed && from == 0 && k.local_size == 0);
            for (g, run) in st.glues.iter_mut().zip(st.runs.iter_mut()) {
                g.state = GLUE_READY;
                g.act = g.valid;
                g.live = g.valid;
                g.top_rpc = u64::from(NO_PC);
                g.pc = 0;
                g.fuel = fuel;
                g.lane = 0;
                g.fresh = true;
                run.blk = blk_ptr;
            }
        } else {
            for (i, (w, (g, run))) in
                warps.iter_mut().zip(st.glues.iter_mut().zip(st.runs.iter_mut())).enumerate().skip(from)
            {
                prepare(code, k, (i, fuel), w, g, primed);
                *run = Running { w: w as *mut Warp, blk: blk_ptr };
            }
        }
        let regs = st.glues[from].regs as *mut u64;
        // The chain, from pointers taken after the last reference into either vector.
        let (glues, runs) = (st.glues.as_mut_ptr(), st.runs.as_mut_ptr());
        if !primed {
            // From the first warp on, the chain holds the whole block: compiled code may release
            // its barriers.
            let head = if from == 0 { glues as u64 } else { 0 };
            for i in from..n {
                // SAFETY: `i < n`, the length of both vectors (resized above), and `i + 1 <= n`:
                // one past the end at most, then unused; nothing else refers into them here.
                unsafe {
                    let g = &mut *glues.add(i);
                    g.head = head;
                    g.next = if i + 1 < n { glues.add(i + 1) as u64 } else { 0 };
                    g.running = runs.add(i).cast();
                }
            }
            st.primed = Some((warps.as_ptr() as usize, n, from));
        }
        // SAFETY: `from < n` (checked on entry).
        let first = unsafe { glues.add(from) };
        // SAFETY: `code.entry` was compiled from this launch's kernel, whose frame `regs` (every
        // register of warp `from`, 32 lanes each, in the warp tier's layout) belongs to; the
        // glues and `ctx` are valid for the call and describe live buffers (each ready warp's
        // registers, its lanes' local memory and lane numbers; shared memory, parameters,
        // globals, access-site slots). A glue's `next` points to the next glue of the same
        // vector, which the call does not resize. Compiled code checks every memory access
        // (inline, else through the helpers), and the helpers it calls reach a warp and the
        // block only through its glue's `running`, which points into `st.runs`, alive for the
        // call; no reference to the warps or the block is used during the call.
        let status = unsafe { (code.entry)(regs, first, &mut st.ctx) };
        let code_of = status & 0xff;
        let end = if code_of == ExitStatus::Switched as u64 { n } else { (status >> 8) as usize };
        if fresh && end == n && st.glues.iter().all(|g| g.state == GLUE_DONE) {
            for g in &mut st.glues {
                g.state = 0;
                g.fresh = false;
            }
            st.ctx.faulted = 0;
            blk.tier_state = Some(st);
            return Some(Ran { end, stops: true, last: None, finished: true });
        }
        let stops = settle_ran(&mut st.glues, warps, from, end, l, bars);
        let last = (end < n).then(|| returned(&mut warps[end], &mut st.glues[end], &mut st.ctx, code_of, k));
        st.ctx.faulted = 0;
        blk.tier_state = Some(st);
        Some(Ran { end, stops, last, finished: false })
    }

    fn hand_back(&self, w: &mut Warp, k: &Func) {
        leave_planar(w, k);
    }
}

/// Settles the warps from `from` on that compiled code ran, in one pass over the glues: each
/// continues from where its glue says (the one at `end` that returned a status, those stopped
/// at a barrier, and those released from one and not run since), and those that stopped at a
/// barrier or finished, but `end`, are applied to the interpreter's state as its scheduler
/// settles a warp that yields (`yielded`). Whether any did (the pass made progress).
fn settle_ran(
    glues: &mut [Glue],
    warps: &mut [Warp],
    from: usize,
    end: usize,
    l: &Launch<'_>,
    bars: &mut Barriers,
) -> bool {
    let mut stops = false;
    for (k, (g, w)) in glues.iter_mut().zip(warps.iter_mut()).enumerate().skip(from) {
        // (A fresh block's warps, which compiled code did not finish, are reset here.)
        materialize(g, w, l);
        let state = g.state;
        if matches!(state, GLUE_READY | GLUE_BARRIER)
            && let Some(t) = w.stack.last_mut()
        {
            t.pc = g.pc as u32;
            t.mask = g.act as u32;
        }
        if k == end {
            continue;
        }
        match state {
            GLUE_BARRIER => {
                // `bar.sync id` of the whole block (compiled code stops only there).
                let id = (g.lane & 15) as usize;
                w.bar_pc = (g.pc as u32).saturating_sub(1);
                w.state = State::Waiting(id as u32);
                bars.arrived[id] += (w.valid & !w.exited).count_ones();
                bars.counts[id] = None;
            }
            GLUE_DONE => {
                w.state = State::Done;
                w.exited = w.valid;
            }
            _ => continue,
        }
        g.state = 0;
        stops = true;
    }
    stops
}

/// What warp `w`, which returned `code_of` from compiled code with glue `g`, does next: its
/// yield or fault, or `None` for the interpreter to run it now from where compiled code left
/// it.
fn returned(w: &mut Warp, g: &mut Glue, ctx: &mut Ctx, code_of: u64, k: &Func) -> Option<WarpResult<Yield>> {
    let reported = g.fault.take().or_else(|| ctx.fault.take().map(|kind| fault(kind, g.lane as u32)));
    let (pc, lane) = (g.pc as u32, g.lane as u32);
    g.state = 0;
    match code_of {
        c if c == ExitStatus::Preempt as u64 => {
            if w.stack.len() > 1 {
                // Spinning while other lanes of the warp wait elsewhere (an intra-warp
                // lock): the interpreter's independent thread scheduling takes over.
                w.interpreter_only = true;
                return None;
            }
            Some(Ok(Yield::Preempt))
        }
        c if c == ExitStatus::Fault as u64 => Some(Err(reported.unwrap_or_else(|| fault(FaultKind::Trap, lane)))),
        _ => {
            if trace() {
                eprintln!("interp {pc} {}", k.info.get(pc as usize).map_or("", |i| i.text.as_str()));
            }
            None
        }
    }
}

/// Points the memory-access context at block `blk` of launch `l` (kernel `k`).
fn setup(c: &mut Ctx, sites: &mut [[u64; 3]], l: &Launch<'_>, blk: &mut Block<'_, '_>, k: &Func) {
    c.for_block(l, sites, &mut blk.shared, blk.ctaid, blk.worker);
    c.local_len = u64::from(k.local_size);
}

/// The glue, warp and block of a helper call.
///
/// # Safety
/// `g` is a glue `CompiledTier::run` prepared for the compiled code that calls the helper.
unsafe fn running<'x>(g: *mut Glue) -> (&'x mut Glue, &'x mut Warp, &'x mut Block<'x, 'x>) {
    // SAFETY: per the contract; compiled code holds no reference while a helper runs, and
    // `running` points to the warp's live `Running`, whose pointers `CompiledTier::run` took
    // from the warps and block it holds, unused during the call.
    let (g, w, blk) = unsafe {
        let g = &mut *g;
        let r = &*g.running.cast::<Running>();
        (g, &mut *r.w, &mut *r.blk.cast::<Block<'x, 'x>>())
    };
    materialize(g, w, blk.l);
    (g, w, blk)
}

/// Runs instruction `pc` (not a control-flow one) on the interpreter for lanes `emask`:
/// 0, or 1 with `g.fault` set.
pub(crate) extern "C" fn h_step(g: *mut Glue, pc: u64, emask: u64) -> u64 {
    // SAFETY: see `running`.
    let (g, w, blk) = unsafe { running(g) };
    let k = kernel(blk.l, w.func);
    if trace() {
        eprintln!("step {pc} {}", k.info.get(pc as usize).map_or("", |i| i.text.as_str()));
    }
    let res = with_interp_regs(w, k, pc, &mut g.scratch, |w| {
        let depth = w.stack.len();
        w.stack.push(Entry { pc: pc as u32, rpc: pc as u32 + 1, mask: emask as u32, base: false, wait: false });
        w.floor = depth + 1;
        let res = w.run(blk);
        w.floor = 0;
        w.stack.truncate(depth);
        res
    });
    match res {
        Err(e) => {
            g.lane = u64::from(e.lane);
            g.fault = Some(e);
            1
        }
        Ok(_) => 0,
    }
}

/// A divergent branch at `pc` to `target` with reconvergence point `ipdom`: lanes `taken`
/// of `act` branch. The running path's entry becomes the reconvergence entry, and the paths
/// not at their reconvergence point are pushed (the taken one on top, which runs first).
pub(crate) extern "C" fn h_diverge(g: *mut Glue, pc: u64, target: u64, ipdom: u64, act: u64, taken: u64) {
    // SAFETY: see `running`.
    let (g, w, _) = unsafe { running(g) };
    let (next, target, ipdom, act, taken) = (pc as u32 + 1, target as u32, ipdom as u32, act as u32, taken as u32);
    let s = &mut w.stack;
    if let Some(t) = s.last_mut() {
        t.pc = ipdom;
        t.mask = act;
    }
    if next != ipdom {
        s.push(Entry { pc: next, rpc: ipdom, mask: act & !taken, base: false, wait: false });
    }
    if target != ipdom {
        s.push(Entry { pc: target, rpc: ipdom, mask: taken, base: false, wait: false });
    }
    g.top_rpc = u64::from(ipdom);
}

/// Pops finished paths until one can run: its pc (`g.act` its lanes), or `u64::MAX` when
/// the warp has finished.
fn settle(g: &mut Glue, w: &mut Warp) -> u64 {
    while let Some(t) = w.stack.last() {
        if t.mask != 0 && t.pc != t.rpc && !t.base {
            g.act = u64::from(t.mask);
            g.top_rpc = u64::from(t.rpc);
            return u64::from(t.pc);
        }
        if t.base {
            break;
        }
        w.stack.pop();
    }
    u64::MAX
}

/// The running path reached its reconvergence point: pops it; the pc to continue at (see
/// `settle`).
pub(crate) extern "C" fn h_pop(g: *mut Glue) -> u64 {
    // SAFETY: see `running`.
    let (g, w, _) = unsafe { running(g) };
    w.stack.pop();
    settle(g, w)
}

/// `exit` at `pc` of lanes `emask` of the running path `act`: the pc to continue at (see
/// `settle`; `g.live` updated).
pub(crate) extern "C" fn h_exit(g: *mut Glue, pc: u64, act: u64, emask: u64) -> u64 {
    // SAFETY: see `running`.
    let (g, w, _) = unsafe { running(g) };
    let e = emask as u32;
    w.exited |= e;
    if let Some(t) = w.stack.last_mut() {
        t.pc = pc as u32 + 1;
        t.mask = act as u32;
    }
    w.remove_lanes(e, true);
    g.live = u64::from(w.valid & !w.exited);
    if w.valid & !w.exited == 0 {
        w.stack.clear();
        return u64::MAX;
    }
    settle(g, w)
}

/// `shfl.sync` at `pc` over the lanes `emask` (the whole member mask, converged): through
/// the interpreter's lane function, on the warp's registers.
pub(crate) extern "C" fn h_shfl(g: *mut Glue, pc: u64, emask: u64) {
    // SAFETY: see `running`.
    let (g, w, blk) = unsafe { running(g) };
    let f = kernel(blk.l, w.func);
    let Some(Inst { op: Op::Shfl { mode, d, p, a: sa, b: sb, c: sc, .. }, .. }) = f.code.get(pc as usize) else {
        return;
    };
    with_interp_regs(w, f, pc, &mut g.scratch, |w| {
        let (mut a, mut bb, mut c, mut out, mut q) = ([0u64; 32], [0u64; 32], [0u64; 32], [0u64; 32], [0u64; 32]);
        w.fetch(blk, *sa, &mut a);
        w.fetch(blk, *sb, &mut bb);
        w.fetch(blk, *sc, &mut c);
        shfl_lanes(*mode, &a, &bb, &c, emask as u32, &mut out, &mut q);
        if let Some(dst) = w.regs.get_mut(*d as usize) {
            write_masked(dst, &out, emask as u32);
        }
        if let Some(p) = p
            && let Some(dst) = w.regs.get_mut(*p as usize)
        {
            write_masked(dst, &q, emask as u32);
        }
    });
}
