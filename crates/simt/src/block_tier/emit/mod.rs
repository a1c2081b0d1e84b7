//! A kernel's `Func` as one C function that runs a whole block: a loop over the block's
//! threads, each running from its resume point (0: the start) until it exits, waits at a
//! barrier or runs out of fuel at a backward branch; after a pass, a barrier every live
//! thread waits at is released and the loop runs again. PTX registers are C locals of the
//! thread loop's body; the registers live across a stop are kept in frames, register by
//! register (`frames[slot * n + t]`, registers never live together sharing a slot: the lane
//! phase moves [`lanes::WIDTH`] consecutive threads' values at once). Divergence costs
//! nothing: each thread branches on its own.
//!
//! - `arith.rs`: integer, float, comparison and conversion operations;
//! - `atom_sum.rs`: the lane phase's atomics on one address, combined;
//! - `lanes.rs`: the lane phase, 16 threads at a time;
//! - `grouping.rs`: which threads a lane phase's group of 16 lanes holds (a row's, or rows');
//! - `linear.rs`: the lane phase's linear registers (lane `l` = lane 0 plus a known step);
//! - `mem.rs`: addresses and checked memory accesses, atomics;
//! - `nan.rs`: which f32 results may skip NaN canonicalization;
//! - `prefetch.rs`: the lane phase's hint for the cache line a row of threads reads next;
//! - `probe.rs`: stretches groups pass without effects, and the phases that skip them;
//! - `reload.rs`: which registers a group resuming after a barrier takes back from its frames;
//! - `slots.rs`: the frame slot of each register;
//! - `split.rs`: induction registers linear up to their loop's exit, arrays after it;
//! - `stale.rs`: which registers a lane stopping at a barrier must store in its frame;
//! - `tex.rs`: texture and surface instructions (the lane phase's point lookups inline);
//! - `warp.rs`: the lane phase's warp collectives (a group that is a whole warp);
//! - `window.rs`: one window check for a run of accesses through one base register.
//!
//! The generated function (`cuprite_block`) returns 0 when every thread finished, else a
//! status word (`runtime.h`: `ST_*`, pc and thread).

mod affine;
mod arith;
mod atom_sum;
mod grouping;
mod lanes;
mod linear;
mod mem;
mod nan;
mod prefetch;
mod probe;
mod reload;
mod slots;
mod split;
mod stale;
mod tex;
mod warp;
mod window;
mod zeroed;

pub(crate) use grouping::{Grouping, ROW_WIDTH, WARP_WIDTH};
pub(crate) use lanes::WIDTH;

use std::fmt::Write;

use crate::analysis::live::Liveness;
use crate::ir::flow::Flow;
use crate::ir::{Func, Inst, Op, Src, Sreg};
use crate::jit::ctx::{FUEL, off};

/// The name of the generated function.
pub(crate) const ENTRY: &str = "cuprite_block";

/// The C runtime every translation unit starts with.
const RUNTIME: &str = include_str!("../runtime.h");

/// What the generated code points into, by index into its `ops` table: the operation (or a
/// part of it) at a pc that a Rust helper receives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OpRef {
    /// The `UnOp` of the `Op::Un` at this pc.
    Un(u32),
    /// The `BinOp` of the `Op::Bin` at this pc.
    Bin(u32),
    /// The `TernOp` of the `Op::Tern` at this pc.
    Tern(u32),
    /// The `Cvt` of the `Op::Un { op: UnOp::Cvt }` at this pc.
    Cvt(u32),
    /// The `Cmp` of the `Op::Setp` at this pc.
    Cmp(u32),
    /// The `TexOp` of the `Op::Tex` at this pc.
    Tex(u32),
    /// The whole `Op` at this pc.
    Whole(u32),
}

/// A translated kernel.
#[derive(Debug)]
pub(crate) struct Unit {
    /// The C source.
    pub source: String,
    /// What the `ops` table passed to the code holds, in order.
    pub op_refs: Vec<OpRef>,
    /// Per resume index `k >= 1`, at `k - 1`: the pc of the instruction the thread stopped at.
    pub resumes: Vec<u32>,
    /// Global access sites (slots of the `sites` table).
    pub sites: usize,
    /// Slots per thread frame (`slots.rs`).
    pub frame_slots: usize,
    /// Per register: its frame slot (`frames[slot * n + t]`).
    pub slot_of: Vec<u32>,
    /// Whether the code runs the block [`lanes::WIDTH`] threads at a time (the lane phase),
    /// not one thread after the other.
    pub lanes: bool,
}

/// The emitter's state for one kernel.
struct Emitter<'f> {
    f: &'f Func,
    live: Liveness,
    out: String,
    op_refs: Vec<OpRef>,
    /// Resume points: (pc stopped at, pc to continue at).
    resumes: Vec<(u32, u32)>,
    sites: usize,
    /// Instructions that are branch targets (they get labels).
    targets: Vec<bool>,
    /// `(pc, index)` of kernel-parameter loads hoisted to the function's start.
    hoisted: Vec<(u32, usize)>,
    /// Per register: only f32 operations read it (`nan::raw_f32_registers`).
    raw_f32: Vec<bool>,
    /// Emitting the lane phase (`lanes.rs`): registers are arrays indexed by the lane `l`.
    lane: bool,
    /// In the lane phase, when a register write keeps the old value of some lanes: the C
    /// condition under which lane `l` takes the new one.
    lane_cond: Option<String>,
    /// In the lane phase, per register: a C scalar, the same in every lane (`lanes::Plan`).
    uniform: Vec<bool>,
    /// In the lane phase, per register: its pattern when linear (`linear.rs`), a C scalar
    /// holding lane 0's value.
    linear: Vec<Option<linear::Linear>>,
    /// In the lane phase, per register: the label from which a linear one is an array
    /// `r{r}x` (`split.rs`).
    split: Vec<Option<u32>>,
    /// In the lane phase, the pc whose registers' forms operands take (`split.rs`).
    at: u32,
    /// In the lane phase, the expansion of each instruction's write (`affine.rs`).
    combos: affine::Combos,
    /// The lane phase's groups (`grouping.rs`).
    grouping: Grouping,
    /// In the lane phase, per pc: the run of accesses its access shares a check with
    /// (`window.rs`).
    runs: Vec<Option<window::Member>>,
    /// Per run: its access site.
    run_sites: Vec<usize>,
    /// In the lane phase, the stride hints emitted so far (`prefetch.rs`, `pf{index}_`).
    strides: usize,
    /// Per register: its frame slot (`slots.rs`).
    slot_of: Vec<u32>,
}

/// Whether the translation of kernel `f` (which `eligible::declined` accepts) runs its
/// blocks 16 threads at a time (`Unit::lanes`), known without translating it.
pub(crate) fn runs_lanes(f: &Func) -> bool {
    lanes::Plan::of(f, &Liveness::of(f), Grouping::Rows).is_some()
}

/// The lane phase's groups of kernel `f` for blocks of `shape`: how they are grouped and
/// their lanes. A warp's lanes when it has warp collectives (a group that is a whole warp
/// performs them itself: `warp.rs`); else, in blocks of several rows [`ROW_WIDTH`] threads
/// wide, a row at a time (`threadIdx.x` linear: a group's addresses consecutive) where
/// groups of [`WIDTH`] would hold one such row each, half empty, or would span rows (no
/// address consecutive, `grouping.rs`) and the kernel's accesses in one piece in rows are at
/// least half as many as those lane by lane; else [`WIDTH`]. Measured on the kit's 8-wide
/// kernels: twice the groups cost an access lane by lane about a third more, and one in a
/// piece costs a third of what it cost lane by lane (texture 8×8, nine fetches and one store:
/// a third more CPU in rows of 8; stencil3d_shared 8×8×8, ten accesses lane by lane and
/// eight in a piece: 5% less).
pub(crate) fn layout(f: &Func, shape: [u32; 3]) -> (Grouping, u64) {
    let [x, y, z] = shape;
    let rows_pay = || {
        lanes::Plan::of(f, &Liveness::of(f), Grouping::Rows).is_some_and(|p| {
            let (whole, per_lane) = p.access_pieces(f);
            whole > 0 && 2 * whole >= per_lane
        })
    };
    let width = if f.code.iter().any(|i| crate::jit::is_collective(&i.op)) {
        WARP_WIDTH
    } else if u64::from(x) == ROW_WIDTH
        && y.saturating_mul(z) > 1
        && (Grouping::for_block(shape, WIDTH) == Grouping::Rows || rows_pay())
    {
        ROW_WIDTH
    } else {
        WIDTH
    };
    (Grouping::for_block(shape, width), width)
}

/// Translates kernel `f` (which `eligible::declined` accepts) to C, its lane phase's groups
/// as `grouping` says, of `width` lanes (`layout`).
pub(crate) fn translate(f: &Func, grouping: Grouping, width: u64) -> Unit {
    let n = f.code.len();
    let mut targets = vec![false; n + 1];
    for inst in &f.code {
        match inst.op.flow() {
            Flow::Jump(t) => targets[(t as usize).min(n)] = true,
            Flow::Table(ts) => ts.iter().for_each(|&t| targets[(t as usize).min(n)] = true),
            Flow::Next | Flow::Leave => {}
        }
    }
    let live = Liveness::of(f);
    let (slot_of, frame_slots) = slots::frame_slots(f, &live);
    let mut e = Emitter {
        f,
        live,
        out: String::new(),
        op_refs: Vec::new(),
        resumes: Vec::new(),
        sites: 0,
        targets,
        hoisted: Vec::new(),
        raw_f32: nan::raw_f32_registers(f),
        lane: false,
        lane_cond: None,
        uniform: Vec::new(),
        linear: Vec::new(),
        split: Vec::new(),
        at: 0,
        combos: Vec::new(),
        grouping,
        runs: Vec::new(),
        run_sites: Vec::new(),
        strides: 0,
        slot_of,
    };
    // The scalar code must be able to take over a lane phase's threads at its labels.
    let plan = lanes::Plan::of(f, &e.live, grouping);
    if let Some(p) = &plan {
        for &x in &p.labels {
            e.targets[x as usize] = true;
        }
    }
    let body = e.body();
    // The lane phase leaves threads at a barrier as the scalar code's resume point there
    // would: without one (none is missing), no lane phase.
    let plan = plan.filter(|p| p.barriers_resumable(&e.resumes));
    let lane_phase = plan.map(|p| e.lane_phase(&p));
    let lanes = lane_phase.is_some();
    let mut src = String::with_capacity(body.len() + 8192);
    src.push_str(&grouping::width_macros(width));
    src.push_str(RUNTIME);
    e.preamble(&mut src);
    if let Some(v) = lane_phase {
        src.push_str(&v);
    }
    e.pass_loop(&mut src);
    src.push_str(&body);
    e.epilogue(&mut src);
    Unit {
        source: src,
        op_refs: e.op_refs,
        resumes: e.resumes.iter().map(|&(at, _)| at).collect(),
        sites: e.sites,
        frame_slots,
        slot_of: e.slot_of,
        lanes,
    }
}

impl Emitter<'_> {
    /// The frame slot of register `r` (`slots.rs`).
    fn slot(&self, r: usize) -> u32 {
        self.slot_of.get(r).copied().unwrap_or(r as u32)
    }

    /// The thread body: every instruction, labelled where control arrives from elsewhere.
    fn body(&mut self) -> String {
        let f = self.f;
        for (pc, inst) in f.code.iter().enumerate() {
            let pc = pc as u32;
            if self.targets[pc as usize] {
                let _ = writeln!(self.out, "L{pc}:;");
            }
            self.inst(pc, inst);
        }
        if self.targets[f.code.len()] {
            let _ = writeln!(self.out, "L{}:;", f.code.len());
        }
        // Falling off the end: the thread is done.
        self.out.push_str("goto T_DONE;\n");
        std::mem::take(&mut self.out)
    }

    fn inst(&mut self, pc: u32, inst: &Inst) {
        let Some(g) = inst.guard else {
            self.op(pc, &inst.op);
            return;
        };
        let cond = format!("{}(r{} & 1)", if g.neg { "!" } else { "" }, g.reg);
        if let Op::Bra { target, .. } = inst.op {
            let _ = writeln!(self.out, "if ({cond}) {{");
            self.branch(pc, target);
            self.out.push_str("}\n");
            return;
        }
        let _ = writeln!(self.out, "if ({cond}) {{");
        self.op(pc, &inst.op);
        self.out.push_str("}\n");
    }

    /// A jump to `target`; a backward one burns fuel and yields (resumable there) when it
    /// runs out, so that threads spinning on other threads let them run.
    fn branch(&mut self, pc: u32, target: u32) {
        if target > pc {
            let _ = writeln!(self.out, "goto L{target};");
            return;
        }
        let k = self.resume_point(pc, target);
        let _ = writeln!(self.out, "if (UNLIKELY(--fuel == 0)) {{");
        self.spill(target);
        let _ = writeln!(self.out, "states[t] = {k}u; ready++; continue; }}\ngoto L{target};");
    }

    /// A new resume point (index, from 1) for a thread stopped at `at`, continuing at `next`.
    fn resume_point(&mut self, at: u32, next: u32) -> usize {
        self.resumes.push((at, next));
        self.resumes.len()
    }

    /// Stores the registers live at `pc` into the thread's frame.
    fn spill(&mut self, pc: u32) {
        for r in self.live.live_at(pc) {
            if r < self.f.nregs as usize {
                let _ = writeln!(self.out, "frame[{}ull * n] = r{r};", self.slot(r));
            }
        }
    }

    fn dst(&self, d: u32) -> String {
        // Decoding never emits a register at or past `nregs`; a stray one writes a scratch.
        let array = self.lane && !self.uniform.get(d as usize).copied().unwrap_or(false) && self.linear_of(d).is_none();
        match (d < self.f.nregs, array) {
            (true, true) if self.split_array(d) => format!("r{d}x[l]"),
            (true, false) => format!("r{d}"),
            (true, true) => format!("r{d}[l]"),
            (false, _) => "scratch".to_string(),
        }
    }

    fn set(&mut self, d: u32, expr: &str) {
        let d = self.dst(d);
        match &self.lane_cond {
            // A blend, not `c ? new : old`: gcc does not if-convert the latter in a lane loop
            // when the new value's expression branches (NaN checks), and leaves it scalar.
            Some(c) if d != "scratch" => {
                let _ = writeln!(
                    self.out,
                    "{{ const u64 k_ = 0ull - (u64)({c}); {d} = ((u64)({expr}) & k_) | ((u64){d} & ~k_); }}"
                );
            }
            _ => {
                let _ = writeln!(self.out, "{d} = {expr};");
            }
        }
    }

    fn src(&self, s: Src) -> String {
        match s {
            Src::Reg(r) if let Some(p) = self.linear_of(r) => linear::lane_expr(r, p),
            Src::Reg(r) if self.split_array(r) => format!("r{r}x[l]"),
            Src::Reg(r) if r < self.f.nregs && self.lane && !self.uniform.get(r as usize).copied().unwrap_or(false) => {
                format!("r{r}[l]")
            }
            Src::Reg(r) if r < self.f.nregs => format!("r{r}"),
            Src::Reg(_) => "0ull".to_string(),
            Src::Imm(v) => format!("{v:#x}ull"),
            Src::Global(g, o) => format!("(glob[{g}] + (u64){o}ll)"),
            Src::Local(o) => format!("{o:#x}ull"),
            Src::Sreg(r) => sreg(r, self.lane.then_some(self.grouping)),
        }
    }

    /// In the lane phase, register `r`'s pattern when it is linear.
    fn linear_of(&self, r: u32) -> Option<linear::Linear> {
        if self.lane && !self.split_array(r) { self.linear.get(r as usize).copied().flatten() } else { None }
    }

    /// In the lane phase, whether register `r` is in its array form `r{r}x` at the pc being
    /// emitted (`split.rs`).
    fn split_array(&self, r: u32) -> bool {
        self.lane && split::is_array_at(&self.split, r, self.at)
    }

    /// Whether the f32 operation at `pc` must canonicalize a NaN result: unless its
    /// destination is a register only f32 operations read.
    fn canonical_nan(&self, pc: u32) -> bool {
        let d = match self.f.code.get(pc as usize).map(|i| &i.op) {
            Some(op @ (Op::Bin { d, .. } | Op::Tern { d, .. })) if nan::makes_f32(op) => *d,
            // Not an f32 operation (nor an instruction): nothing says its NaN may stay raw.
            Some(
                Op::Bin { .. }
                | Op::Tern { .. }
                | Op::Un { .. }
                | Op::Setp { .. }
                | crate::ir::non_arith_register_ops!()
                | crate::ir::non_register_ops!(),
            )
            | None => return true,
        };
        !self.raw_f32.get(d as usize).copied().unwrap_or(false)
    }

    /// A fresh index into the `ops` table.
    fn op_ref(&mut self, r: OpRef) -> usize {
        self.op_refs.push(r);
        self.op_refs.len() - 1
    }

    /// Returns a fault status when the helper just called faulted.
    fn check_fault(&mut self, pc: u32) {
        let _ = writeln!(self.out, "if (UNLIKELY(ctx->faulted)) return STATUS(ST_FAULT, {pc}ull, t);");
    }

    fn op(&mut self, pc: u32, op: &Op) {
        match op {
            Op::Nop | Op::Nanosleep => {}
            Op::Fence => self.out.push_str("__atomic_thread_fence(__ATOMIC_SEQ_CST);\n"),
            Op::Ret | Op::Exit => self.out.push_str("goto T_DONE;\n"),
            Op::Trap => {
                let _ = writeln!(self.out, "return STATUS(ST_TRAP, {pc}ull, t);");
            }
            Op::Bra { target, .. } => self.branch(pc, *target),
            Op::Brx { index, targets, .. } => {
                let i = self.src(*index);
                let _ = writeln!(self.out, "switch ((u32){i}) {{");
                for (k, &tg) in targets.iter().enumerate() {
                    let _ = write!(self.out, "case {k}: ");
                    self.branch(pc, tg);
                }
                let _ = writeln!(self.out, "default: return STATUS(ST_TRAP, {pc}ull, t); }}");
            }
            Op::Bar { id, .. } => {
                let id = self.src(*id);
                let k = self.resume_point(pc, pc + 1);
                self.spill(pc + 1);
                let _ = writeln!(
                    self.out,
                    "{{ const u32 b_ = (u32){id} & 15u; states[t] = (S_WAITING << 24) | (b_ << 28) | {k}u; \
                     WAITED(b_); continue; }}"
                );
                self.resume_label(pc + 1);
            }
            // The warp's threads meet here: the pass ends with `ST_WARP` and `run.rs` performs
            // the operation on their frames (`jit::warp_collectives`; its operands are live at
            // `pc`), then resumes them after it, its results in their frames.
            crate::ir::collectives!() => {
                let k = self.resume_point(pc, pc + 1);
                self.spill(pc);
                let _ = writeln!(self.out, "states[t] = (S_AT_WARP << 24) | {k}u; at_warp++; continue;");
                self.resume_label(pc + 1);
            }
            Op::Un { .. } | Op::Bin { .. } | Op::Tern { .. } | Op::Bfi { .. } | Op::Setp { .. } => self.arith(pc, op),
            Op::Pack { d, parts, bits } => {
                let mut e = String::from("0ull");
                for (i, p) in parts.iter().enumerate() {
                    let sh = u32::from(*bits) * i as u32;
                    if sh < 64 {
                        let _ = write!(e, " | (({} & {:#x}ull) << {sh})", self.src(*p), mask(*bits));
                    }
                }
                self.set(*d, &e);
            }
            Op::Unpack { parts, a, bits } => {
                let x = self.src(*a);
                let _ = writeln!(self.out, "{{ u64 x_ = {x};");
                for (i, p) in parts.iter().enumerate() {
                    if let Some(p) = p {
                        let sh = u32::from(*bits) * i as u32;
                        let v =
                            if sh >= 64 { "0ull".to_string() } else { format!("(x_ >> {sh}) & {:#x}ull", mask(*bits)) };
                        self.set(*p, &v);
                    }
                }
                self.out.push_str("}\n");
            }
            Op::Cvta { to_generic, space, d, a } => {
                let win = match space {
                    crate::ir::Space::Shared => crate::address_space::SHARED_WINDOW,
                    crate::ir::Space::Local => crate::address_space::LOCAL_WINDOW,
                    _ => 0,
                };
                let x = self.src(*a);
                let e = if *to_generic { format!("{x} + {win:#x}ull") } else { format!("{x} - {win:#x}ull") };
                self.set(*d, &e);
            }
            Op::Isspacep { window, d, a } => {
                let x = self.src(*a);
                let w = crate::jit::helpers::window_code(*window);
                self.set(*d, &format!("h->isspacep(ctx, {w}ull, {x})"));
            }
            Op::Ld { .. } | Op::St { .. } | Op::Atom { .. } => self.memory(pc, op),
            Op::Tex(t) => self.tex(pc, t),
            // `eligible::declined` keeps these off this tier: a kernel with them is never emitted.
            crate::jit::uncompiled_ops!() | Op::Carry { .. } => {
                let _ = writeln!(self.out, "return STATUS(ST_TRAP, {pc}ull, t);");
            }
        }
    }

    /// The label a thread resumes at after a stop at `next - 1` (`body` labels branch
    /// targets itself).
    fn resume_label(&mut self, next: u32) {
        if !self.targets[next as usize] && (next as usize) < self.f.code.len() {
            let _ = writeln!(self.out, "L{next}:;");
        } else if (next as usize) == self.f.code.len() {
            self.targets[next as usize] = true;
        }
    }

    /// The function's start: the block's constants, the access sites' cached windows and
    /// the hoisted parameter loads.
    fn preamble(&self, s: &mut String) {
        let f = self.f;
        for (field, at) in [
            ("sites", off::SITES),
            ("shared", off::SHARED),
            ("shared_len", off::SHARED_LEN),
            ("local", off::LOCAL),
            ("locals", off::LOCALS),
            ("local_len", off::LOCAL_LEN),
            ("params", off::PARAMS),
            ("params_len", off::PARAMS_LEN),
            ("globals", off::GLOBALS),
            ("faulted", off::FAULTED),
            ("sregs", off::SREGS),
        ] {
            let _ = writeln!(s, "_Static_assert(offsetof(Ctx, {field}) == {at}, \"Ctx layout\");");
        }
        use crate::jit::ctx::sr;
        let _ = writeln!(s, "_Static_assert(sizeof(((Ctx *)0)->sregs) == {}, \"Ctx layout\");", 4 * sr::COUNT);
        let _ = writeln!(
            s,
            "u64 {ENTRY}(Ctx *ctx, const Helpers *h, u64 *frames, u32 *states, u64 n, const void *const *ops) {{\n\
             (void)ops; u64 scratch = 0; (void)scratch;\n\
             const u32 ntx = ctx->sregs[{nt}], nty = ctx->sregs[{nt} + 1], ntz = ctx->sregs[{nt} + 2];\n\
             const u32 ctax = ctx->sregs[{ct}], ctay = ctx->sregs[{ct} + 1], ctaz = ctx->sregs[{ct} + 2];\n\
             const u32 nctax = ctx->sregs[{nc}], nctay = ctx->sregs[{nc} + 1], nctaz = ctx->sregs[{nc} + 2];\n\
             const u32 smid = ctx->sregs[{sm}], nsmid = ctx->sregs[{nsm}], dynsmem = ctx->sregs[{dy}];\n\
             (void)ntx; (void)nty; (void)ntz; (void)ctax; (void)ctay; (void)ctaz; (void)nctax; (void)nctay;\n\
             (void)nctaz; (void)smid; (void)nsmid; (void)dynsmem;\n\
             const u64 shared = ctx->shared, shared_len = ctx->shared_len; (void)shared;\n\
             const u64 shb[4] = {{ shared_len, shared_len >= 2 ? (shared_len - 2) / 2 + 1 : 0,\n\
                shared_len >= 4 ? (shared_len - 4) / 4 + 1 : 0, shared_len >= 8 ? (shared_len - 8) / 8 + 1 : 0 }};\n\
             (void)shb;\n\
             const u64 params = ctx->params, params_len = ctx->params_len; (void)params; (void)params_len;\n\
             const u64 pb[4] = {{ params_len, params_len >= 2 ? (params_len - 2) / 2 + 1 : 0,\n\
                params_len >= 4 ? (params_len - 4) / 4 + 1 : 0, params_len >= 8 ? (params_len - 8) / 8 + 1 : 0 }};\n\
             (void)pb;\n\
             const u64 *glob = (const u64 *)ctx->globals; (void)glob;\n\
             const u64 locals = ctx->locals, local_len = ctx->local_len; (void)locals;\n\
             u64 *sites = (u64 *)ctx->sites; (void)sites;",
            nt = sr::NTID,
            ct = sr::CTAID,
            nc = sr::NCTAID,
            sm = sr::SMID,
            nsm = sr::NSMID,
            dy = sr::DYN_SMEM,
        );
        for i in 0..self.sites {
            let _ = writeln!(
                s,
                "u64 sb{i} = sites[{}], sn{i} = sites[{}], sh{i} = sites[{}];",
                3 * i,
                3 * i + 1,
                3 * i + 2
            );
        }
        for &(pc, i) in &self.hoisted {
            let _ = writeln!(s, "{}", mem::hoisted_param(f, pc, i));
        }
        if f.code.iter().any(|i| matches!(i.op, Op::Tex(_))) {
            s.push_str(tex::DECLARATIONS);
        }
    }

    /// The pass loop, the thread loop, and the dispatch to resume points.
    fn pass_loop(&self, s: &mut String) {
        let f = self.f;
        let nregs = f.nregs as usize;
        // The thread loop is three counted loops (z, y, x; `n` is their product), not one
        // loop over `t` carrying the indices: the compiler then sees `tx` as a plain
        // induction variable, and nvcc's index arithmetic on it as affine (jacobi2d: -16%).
        let _ = writeln!(
            s,
            "u32 released = 0; (void)released;\n\
             for (;;) {{\n\
             u64 ready = 0, waiting = 0, first = n, arrived = 0, at_warp = 0; u32 bar = 0;\n\
             (void)ready; (void)waiting; (void)first; (void)arrived; (void)at_warp; (void)bar;\n\
             for (u32 tz = 0; tz < ntz; tz++) for (u32 ty = 0; ty < nty; ty++) for (u32 tx = 0; tx < ntx; tx++) {{\n\
             const u64 t = ((u64)tz * nty + ty) * ntx + tx;\n\
             {read_state}\n\
             u64 *frame = frames + t; (void)frame;\n\
             u64 local = locals + t * local_len; (void)local;\n\
             u64 fuel = {FUEL}ull; (void)fuel;",
            // Without resume points every thread runs to its end in one pass: no state words.
            read_state = if self.resumes.is_empty() { "" } else { READ_STATE },
        );
        // Every register starts at 0, as the interpreter's do (dead stores vanish). Registers
        // declared 32 bits wide or less are `u32`: nothing reads more than their low 32 bits
        // (`Func::narrow`), and the compiler then keeps nvcc's 32-bit index arithmetic 32-bit.
        for narrow in [true, false] {
            let regs: Vec<usize> = (0..nregs).filter(|&r| f.narrow(r as u32) == narrow).collect();
            for chunk in regs.chunks(16) {
                let decl: Vec<String> = chunk.iter().map(|r| format!("r{r} = 0")).collect();
                let _ = writeln!(s, "{} {};", if narrow { "u32" } else { "u64" }, decl.join(", "));
            }
        }
        if !self.resumes.is_empty() {
            s.push_str("switch (st & 0xffffff) {\ncase 0: break;\n");
            for (k, &(_, next)) in self.resumes.iter().enumerate() {
                let _ = write!(s, "case {}: ", k + 1);
                for r in self.live.live_at(next) {
                    if r < nregs {
                        let _ = write!(s, "r{r} = frame[{}ull * n]; ", self.slot(r));
                    }
                }
                let _ = writeln!(s, "goto L{next};");
            }
            s.push_str("default: break;\n}\n");
        }
    }

    /// The thread loop's end and the barrier release between passes: what the pass counted
    /// as its threads stopped (`ready`: out of fuel; `at_warp` at a warp collective, which
    /// `run.rs` performs once no thread can run, as the per-thread JIT's runner does; `waiting`
    /// at a barrier, `arrived` at the first one's barrier `bar`) decides.
    fn epilogue(&self, s: &mut String) {
        if self.resumes.is_empty() {
            s.push_str("T_DONE:;\n}\nreturn 0;\n}\n}\n");
            return;
        }
        s.push_str(
            "T_DONE: states[t] = S_DONE << 24;\n\
             }\n\
             if (ready) return STATUS(ST_YIELD, 0, 0);\n\
             if (at_warp) return STATUS(ST_WARP, 0, 0);\n\
             if (first == n) return 0;\n\
             if (arrived != waiting) return STATUS(ST_STUCK, 0, first);\n\
             released = 1;\n\
             }\n\
             }\n",
        );
    }
}

/// The start of a thread's turn in a pass, for kernels with resume points. A thread done
/// sits out; one waiting at a barrier sits out too (and is counted: `WAITED`) unless the
/// barrier was released at the end of the previous pass of this call (`released`): every
/// live thread then waits there, and each rewrites its state word as it stops again, so the
/// release needs no pass over the state words. One still at a warp collective (its warp's
/// meeting not complete, or stopped there by the lane phase) sits out and is counted, so that
/// the pass ends in `ST_WARP` rather than releasing a barrier or finishing without it.
const READ_STATE: &str = "const u32 st = states[t];\n\
     if (st >> 24) { const u32 k_ = st >> 24 & 15u;\n\
       if (k_ != S_WAITING || !released) { if (k_ == S_WAITING) WAITED(st >> 28); else if (k_ == S_AT_WARP) at_warp++; continue; } }";

/// The low `bits` bits set.
fn mask(bits: u8) -> u64 {
    crate::semantics::mask_w(bits)
}

/// A special register's value in the thread loop (`lanes`: lane `l` of the lane phase, thread
/// `t0 + l`, in groups of that grouping).
fn sreg(r: Sreg, lanes: Option<Grouping>) -> String {
    let lane = if lanes.is_some() { "((t0 + l) & 31)" } else { "((u64)t & 31)" };
    match r {
        Sreg::Tid(k) if let Some(g) = lanes => g.tid(k),
        Sreg::Warpid if lanes.is_some() => "((t0 + l) >> 5)".into(),
        Sreg::Tid(0) => "(u64)tx".into(),
        Sreg::Tid(1) => "(u64)ty".into(),
        Sreg::Tid(2) => "(u64)tz".into(),
        Sreg::Ntid(0) => "(u64)ntx".into(),
        Sreg::Ntid(1) => "(u64)nty".into(),
        Sreg::Ntid(2) => "(u64)ntz".into(),
        Sreg::Ctaid(0) => "(u64)ctax".into(),
        Sreg::Ctaid(1) => "(u64)ctay".into(),
        Sreg::Ctaid(2) => "(u64)ctaz".into(),
        Sreg::Nctaid(0) => "(u64)nctax".into(),
        Sreg::Nctaid(1) => "(u64)nctay".into(),
        Sreg::Nctaid(2) => "(u64)nctaz".into(),
        Sreg::Tid(_) | Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_) => "0ull".into(),
        Sreg::Laneid => lane.into(),
        Sreg::Warpid => "((u64)t >> 5)".into(),
        Sreg::Nwarpid => "64ull".into(),
        Sreg::Smid => "(u64)smid".into(),
        Sreg::Nsmid => "(u64)nsmid".into(),
        Sreg::Gridid => "1ull".into(),
        Sreg::DynamicSmem => "(u64)dynsmem".into(),
        Sreg::Envreg(k) if usize::from(k) < 32 => {
            format!("(u64)ctx->sregs[{}]", crate::jit::ctx::sr::ENVREG + usize::from(k))
        }
        Sreg::LanemaskEq => format!("(1ull << {lane})"),
        Sreg::LanemaskLt => format!("((1ull << {lane}) - 1)"),
        Sreg::LanemaskLe => format!("((2ull << {lane}) - 1)"),
        Sreg::LanemaskGe => format!("(~((1ull << {lane}) - 1) & 0xffffffffull)"),
        Sreg::LanemaskGt => format!("(~((2ull << {lane}) - 1) & 0xffffffffull)"),
        // `eligible::declined` keeps kernels reading any other special register off this tier.
        _ => "0ull".into(),
    }
}
