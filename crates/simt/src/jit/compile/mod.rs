//! Decoded kernel (`ir::Func`) → native code through Cranelift: one function that runs the
//! ready threads of a block in turn, each from its resume point until it exits, faults,
//! reaches a block barrier or a warp-collective operation, or runs out of fuel at a backward
//! branch.
//!
//! Signature: `fn(ctx, frames, states, n) -> status` (see `ctx.rs`). Registers live in
//! Cranelift variables (SSA, machine registers); only when a thread stops are the registers
//! live at its resume point spilled to its frame (slot `nregs` holds the carry flag), and
//! reloaded when it resumes. Simple integer and f32/f64 arithmetic, comparisons and memory
//! accesses are inlined (`arith.rs`, `mem.rs`); everything else calls the interpreter's own
//! implementation (`helpers.rs`; texture and surface instructions: `tex.rs`), so results are
//! identical. `entry.rs` emits the thread loop, `support.rs` decides what compiles.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    AbiParam, Block, BlockArg, InstBuilder, JumpTableData, MemFlagsData, SigRef, Type, Value, types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::JITModule;
use cranelift_module::Module;
use ptx::types::TypeKind;

mod arith;
mod entry;
mod mem;
mod support;
mod tex;

use support::uncompiled_sregs;
pub(crate) use support::{is_collective, uncompiled_ops, unsupported};

use super::lower::{host_rmw, inline_shared_atom};
use arith::mask_of;
use mem::bound;

use super::ctx::{FUEL, ST_ALL, ST_BAR, ST_DONE, ST_FAULT, ST_TRAP, ST_WARP, ST_YIELD, off, sr};
use super::helpers;
use crate::address_space::{LOCAL_WINDOW, SHARED_WINDOW};
use crate::analysis::live::Liveness;
use crate::float::FBin;
use crate::ir::AtomOp;
use crate::ir::flow::Flow;
use crate::ir::*;

/// A compiled kernel's entry point: runs every ready thread of the block (see `ctx.rs`).
pub(crate) type KernelFn =
    unsafe extern "C" fn(ctx: *mut super::ctx::Ctx, frames: *mut u64, states: *mut u32, n: u64) -> u64;

/// Owns the executable memory of a compiled kernel.
pub(crate) struct Code {
    /// Kept only to own the code's memory (never used after finalization).
    _module: JITModule,
    /// The entry point.
    pub entry: KernelFn,
    /// `u64` slots of a thread's frame (registers, then the carry flag).
    pub frame_slots: usize,
    /// Global/generic access sites (each with its allocation cache slot in the context).
    pub sites: usize,
    /// The pc each resume index (from 1) continues at.
    pub resumes: Vec<u32>,
    /// Why the interpreter is expected to run this kernel faster, if it is.
    pub prefer_interp: Option<&'static str>,
}

// SAFETY: after `finalize_definitions` the module is never touched again; it only owns the
// executable memory, which compiled code reads from any thread.
unsafe impl Send for Code {}
// SAFETY: as above (no interior mutation after finalization).
unsafe impl Sync for Code {}

impl std::fmt::Debug for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Code").field("frame_slots", &self.frame_slots).finish()
    }
}

/// Compiles kernel `f` (which [`unsupported`] accepted).
pub(crate) fn compile(f: &Func) -> Result<Code, String> {
    let (mut module, fc) = super::lower::host_module(true, super::lower::Regalloc::Backtracking)?;
    let mut ctx = module.make_context();
    let sig = &mut ctx.func.signature;
    for _ in 0..4 {
        sig.params.push(AbiParam::new(types::I64));
    }
    sig.returns.push(AbiParam::new(types::I64));
    let mut fbc = FunctionBuilderContext::new();
    let (sites, resumes);
    {
        let b = FunctionBuilder::new(&mut ctx.func, &mut fbc);
        (sites, resumes) = ThreadCodegen::new(b, f).run(fc);
    }
    let (ptr, _frame) = super::lower::define_mapped(&mut module, &mut ctx, &format!("JIT `{}`", f.name), "jit", f)?;
    // SAFETY: `ptr` is the finalized code of a function with exactly this signature.
    let entry = unsafe { std::mem::transmute::<*const u8, KernelFn>(ptr) };
    // Every thread stops at each warp-collective operation (a spill, a pass of the block's
    // thread loop, the operation over the frames, a reload: ~10 ns per thread), where the
    // interpreter does one per warp: kernels where they are dense run faster there.
    let collectives = f.code.iter().filter(|i| is_collective(&i.op)).count();
    let prefer_interp = (collectives * 20 >= f.code.len() && collectives > 0)
        .then_some("dense warp-collective operations (faster on the interpreter)");
    Ok(Code { _module: module, entry, frame_slots: f.nregs as usize + 1, sites, resumes, prefer_interp })
}

const I64: Type = types::I64;

use super::lower::flags;

/// The per-thread JIT's code generator: one Cranelift function for a block's threads, each run
/// to its next stop (the warp tier's is `jit::warp::WarpCodegen`).
struct ThreadCodegen<'a, 'b> {
    b: FunctionBuilder<'b>,
    f: &'a Func,
    vars: Vec<Variable>,
    ctx: Value,
    /// The running thread's index, `%tid` and frame address.
    t: Variable,
    tid: [Variable; 3],
    frame: Variable,
    frames: Value,
    states: Value,
    /// The block that moves on to the next thread.
    advance: Block,
    /// Per-call constants (computed in the entry block, which dominates everything): the
    /// access-site table, shared memory and parameter buffer (host address, and per access
    /// size 1/2/4/8 the bound of `rotr(offset, log2 size)`, see `access`).
    sites_tbl: Value,
    shared: (Value, [Value; 4]),
    params: (Value, [Value; 4]),
    /// The running thread's local memory address, and the backward branches left.
    local: Variable,
    fuel: Variable,
    /// The block of each leader pc (and of `code.len()`, the end).
    blocks: Vec<Option<Block>>,
    /// Whether a backward edge (or an indirect branch) enters the block of each pc.
    back: Vec<bool>,
    /// Resume targets (pc), index k-1 for resume point k.
    resumes: Vec<u32>,
    sigs: Vec<((usize, bool), SigRef)>,
    terminated: bool,
    /// Global/generic access sites so far.
    sites: usize,
    /// Block-invariant values computed in the entry block: kernel parameters (by pc and vector
    /// element) and special registers.
    hoisted: std::collections::HashMap<(u32, u32), Value>,
    hoisted_sregs: Vec<(Sreg, Value)>,
    /// Set once the entry block is complete (hoisted values may be used from then on).
    entry_done: bool,
    /// The float value each float result's bits were made from (f32 or f64 by its type), so
    /// float consumers use it directly instead of moving through an integer register.
    fview: std::collections::HashMap<Value, Value>,
    live: Liveness,
    /// Registers some f32 operation reads (loads into them go to vector registers).
    float_regs: Vec<bool>,
}

/// The registers read by some f32 arithmetic or comparison.
fn float_regs(f: &Func) -> Vec<bool> {
    let mut out = vec![false; f.nregs as usize];
    let mut mark = |s: &Src| {
        if let Src::Reg(r) = s
            && let Some(m) = out.get_mut(*r as usize)
        {
            *m = true;
        }
    };
    for inst in &f.code {
        match &inst.op {
            Op::Bin { op: BinOp::F32(..), a, b, .. } => [a, b].into_iter().for_each(&mut mark),
            Op::Tern { op: TernOp::Fma32(..) | TernOp::NegFma { k: FmaKind::F32(_), .. }, a, b, c, .. } => {
                [a, b, c].into_iter().for_each(&mut mark)
            }
            Op::Un { op: UnOp::F32(..), a, .. } => mark(a),
            Op::Setp { cmp, a, b, .. } if cmp.kind == b'f' => [a, b].into_iter().for_each(&mut mark),
            // The other register operations (integers, f64, halves, directed roundings) and
            // every other operation: no f32 operand for a vector register. Every variant is
            // named, so that a new one is decided here.
            Op::Bin { .. }
            | Op::Tern { .. }
            | Op::Un { .. }
            | Op::Setp { .. }
            | crate::ir::non_arith_register_ops!()
            | crate::ir::non_register_ops!() => {}
        }
    }
    out
}

fn status(code: u64, pc: u32, resume: usize) -> i64 {
    ((resume as u64) << 40 | u64::from(pc) << 8 | code) as i64
}

impl<'a, 'b> ThreadCodegen<'a, 'b> {
    fn new(mut b: FunctionBuilder<'b>, f: &'a Func) -> ThreadCodegen<'a, 'b> {
        let n = f.code.len();
        let mut leader = vec![false; n + 1];
        leader[0] = true;
        leader[n] = true;
        let mut resumes = Vec::new();
        // Blocks entered by a backward edge: sealed only at the end.
        let mut back = vec![false; n + 1];
        for (pc, inst) in f.code.iter().enumerate() {
            match inst.op.flow() {
                Flow::Jump(target) => {
                    leader[(target as usize).min(n)] = true;
                    leader[pc + 1] = true;
                    if target as usize <= pc {
                        resumes.push(target);
                        back[target as usize] = true;
                    }
                }
                Flow::Table(targets) => {
                    for &t in targets {
                        leader[(t as usize).min(n)] = true;
                        back[(t as usize).min(n)] = true;
                    }
                    leader[pc + 1] = true;
                }
                Flow::Leave => leader[pc + 1] = true,
                // A thread stops at a block barrier or a warp collective, and resumes after it.
                Flow::Next if matches!(inst.op, Op::Bar { .. }) || is_collective(&inst.op) => {
                    leader[pc + 1] = true;
                    resumes.push(pc as u32 + 1);
                }
                Flow::Next => {}
            }
        }
        resumes.sort_unstable();
        resumes.dedup();
        let blocks = leader.iter().map(|&l| l.then(|| b.create_block())).collect();
        let vars = (0..=f.nregs).map(|_| b.declare_var(I64)).collect();
        let entry = b.create_block();
        b.append_block_params_for_function_params(entry);
        b.switch_to_block(entry);
        let p = b.block_params(entry).to_vec();
        let t = b.declare_var(I64);
        let tid = [b.declare_var(I64), b.declare_var(I64), b.declare_var(I64)];
        let frame = b.declare_var(I64);
        let (local, fuel) = (b.declare_var(I64), b.declare_var(I64));
        let advance = b.create_block();
        let ctx = p[0];
        let ld = |b: &mut FunctionBuilder<'_>, o: i32| b.ins().load(I64, flags(), ctx, o);
        let sites_tbl = ld(&mut b, off::SITES);
        let sh = ld(&mut b, off::SHARED);
        let sh_len = ld(&mut b, off::SHARED_LEN);
        let pa = ld(&mut b, off::PARAMS);
        let pa_len = ld(&mut b, off::PARAMS_LEN);
        let shared = (sh, [0, 1, 2, 3].map(|k| bound(&mut b, sh_len, k)));
        let params = (pa, [0, 1, 2, 3].map(|k| bound(&mut b, pa_len, k)));
        let cg = ThreadCodegen {
            b,
            f,
            vars,
            ctx: p[0],
            t,
            tid,
            frame,
            frames: p[1],
            states: p[2],
            advance,
            sites_tbl,
            shared,
            params,
            local,
            fuel,
            blocks,
            back,
            resumes,
            sigs: Vec::new(),
            terminated: false,
            sites: 0,
            fview: std::collections::HashMap::new(),
            hoisted: std::collections::HashMap::new(),
            hoisted_sregs: Vec::new(),
            entry_done: false,
            live: Liveness::of(f),
            float_regs: float_regs(f),
        };
        cg.with_entry(p[3])
    }

    /// Switches to a block inside an instruction's code, whose predecessors are all emitted,
    /// and seals it: variables used there then resolve to their values at once (no
    /// placeholder phis), which keeps `fview` lookups hitting across the diamonds.
    fn enter(&mut self, bl: Block) {
        self.b.switch_to_block(bl);
        self.b.seal_block(bl);
    }

    fn block_at(&mut self, pc: u32) -> Block {
        let i = (pc as usize).min(self.f.code.len());
        match self.blocks[i] {
            Some(b) => b,
            None => {
                let b = self.b.create_block();
                self.blocks[i] = Some(b);
                b
            }
        }
    }

    fn resume_index(&self, pc: u32) -> usize {
        self.resumes.binary_search(&pc).map_or(0, |i| i + 1)
    }

    /// Emits the code; returns the number of access sites and the resume targets.
    fn run(mut self, fc: cranelift_codegen::isa::TargetFrontendConfig) -> (usize, Vec<u32>) {
        let n = self.f.code.len();
        self.terminated = true;
        for pc in 0..=n {
            if let Some(bl) = self.blocks[pc] {
                if !self.terminated {
                    self.b.ins().jump(bl, &[]);
                }
                self.b.switch_to_block(bl);
                if !self.back[pc] {
                    // Every predecessor (earlier code, resume blocks) is emitted.
                    self.b.seal_block(bl);
                }
                self.terminated = false;
            } else if self.terminated {
                let bl = self.b.create_block();
                self.enter(bl);
                self.terminated = false;
            }
            if pc == n {
                self.ret(ST_DONE, pc as u32, 0);
                break;
            }
            self.inst(pc as u32);
        }
        self.b.seal_all_blocks();
        let sites = self.sites;
        let resumes = std::mem::take(&mut self.resumes);
        self.b.finalize(fc);
        (sites, resumes)
    }

    fn ret(&mut self, code: u64, pc: u32, resume: usize) {
        self.leave(code, pc, resume, None);
    }

    /// Leaves the running thread: `ST_DONE` marks it done, `ST_BAR`/`ST_YIELD` (registers
    /// spilled by the caller) record resume point `resume` and, for a barrier, its id `bar`;
    /// all three move on to the next thread. Faults return from the whole block at once.
    fn leave(&mut self, code: u64, pc: u32, resume: usize, bar: Option<Value>) {
        let t = self.b.use_var(self.t);
        if matches!(code, ST_FAULT | ST_TRAP) {
            let s = self.b.ins().iconst(I64, status(code, pc, 0));
            let ts = self.b.ins().ishl_imm_s(t, 40);
            let s = self.b.ins().bor(s, ts);
            self.b.ins().return_(&[s]);
            self.terminated = true;
            return;
        }
        let word = match (code, bar) {
            (ST_DONE, _) => self.imm(2 << 24),
            (ST_WARP, _) => self.imm(3 << 24 | resume as u64),
            (ST_BAR, Some(id)) => {
                let base = self.imm(1 << 24 | resume as u64);
                let id = self.b.ins().band_imm_s(id, 15);
                let id = self.b.ins().ishl_imm_s(id, 28);
                self.b.ins().bor(base, id)
            }
            _ => self.imm(resume as u64),
        };
        let off4 = self.b.ins().ishl_imm_s(t, 2);
        let sp = self.b.ins().iadd(self.states, off4);
        self.b.ins().istore32(flags(), word, sp, 0);
        // Counts for the thread loop's in-place barrier release (`entry.rs`).
        let counter = match code {
            ST_YIELD => Some(0),
            ST_BAR => Some(1),
            _ => None,
        };
        if let Some(i) = counter {
            let at = off::COUNTS + 8 * i;
            let c = self.ctx_ld(at);
            let c = self.b.ins().iadd_imm_s(c, 1);
            self.b.ins().store(flags(), c, self.ctx, at);
        }
        if let (ST_BAR, Some(id)) = (code, bar) {
            let id = self.b.ins().band_imm_s(id, 15);
            let one = self.imm(1);
            let bit = self.b.ins().ishl(one, id);
            let ids = self.ctx_ld(off::BAR_IDS);
            let ids = self.b.ins().bor(ids, bit);
            self.b.ins().store(flags(), ids, self.ctx, off::BAR_IDS);
        }
        self.b.ins().jump(self.advance, &[]);
        self.terminated = true;
    }

    /// Stores the registers live at `target` (where the thread will resume) to its frame.
    fn spill(&mut self, target: u32) {
        let fr = self.b.use_var(self.frame);
        for i in self.live.live_at(target) {
            let v = self.b.use_var(self.vars[i]);
            self.b.ins().store(flags(), v, fr, (i * 8) as i32);
        }
    }

    fn var(&mut self, r: Reg) -> Value {
        let v = self.vars[(r as usize).min(self.vars.len() - 1)];
        self.b.use_var(v)
    }

    fn set(&mut self, r: Reg, v: Value) {
        // Decoding never emits a register index at or past `nregs`.
        if let Some(&var) = self.vars.get(r as usize).filter(|_| r < self.f.nregs) {
            self.b.def_var(var, v);
        }
    }

    fn imm(&mut self, v: u64) -> Value {
        self.b.ins().iconst(I64, v as i64)
    }

    fn ctx_ld(&mut self, off: i32) -> Value {
        self.b.ins().load(I64, flags(), self.ctx, off)
    }

    fn sreg_u32(&mut self, slot: usize) -> Value {
        let v = self.b.ins().load(types::I32, flags(), self.ctx, off::SREGS + 4 * slot as i32);
        self.b.ins().uextend(I64, v)
    }

    fn lane(&mut self) -> Value {
        let t = self.b.use_var(self.t);
        self.b.ins().band_imm_s(t, 31)
    }

    fn src(&mut self, s: Src) -> Value {
        match s {
            Src::Reg(r) => self.var(r),
            Src::Imm(v) => self.imm(v),
            Src::Global(g, o) => {
                let base = self.ctx_ld(off::GLOBALS);
                let a = self.b.ins().load(I64, flags(), base, (g as i32).wrapping_mul(8));
                self.b.ins().iadd_imm_s(a, o)
            }
            Src::Local(o) => self.imm(o),
            Src::Sreg(r) => self.sreg(r),
        }
    }

    fn sreg(&mut self, r: Sreg) -> Value {
        if let Some(&(_, v)) = self.hoisted_sregs.iter().find(|(s, _)| *s == r).filter(|_| self.entry_done) {
            return v;
        }
        let lanemask = |cg: &mut Self, shift_base: i64, invert: bool| {
            let lane = cg.lane();
            let one = cg.b.ins().iconst(I64, shift_base);
            let s = cg.b.ins().ishl(one, lane);
            let m = cg.b.ins().iadd_imm_s(s, -1);
            if invert {
                let n = cg.b.ins().bnot(m);
                cg.b.ins().band_imm_s(n, 0xffff_ffff)
            } else {
                m
            }
        };
        match r {
            Sreg::Tid(i) if i < 3 => self.b.use_var(self.tid[i as usize]),
            Sreg::Ntid(i) if i < 3 => self.sreg_u32(sr::NTID + i as usize),
            Sreg::Ctaid(i) if i < 3 => self.sreg_u32(sr::CTAID + i as usize),
            Sreg::Nctaid(i) if i < 3 => self.sreg_u32(sr::NCTAID + i as usize),
            Sreg::Tid(_) | Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_) => self.imm(0),
            Sreg::Laneid => self.lane(),
            Sreg::Warpid => {
                let t = self.b.use_var(self.t);
                self.b.ins().ushr_imm_s(t, 5)
            }
            Sreg::Nwarpid => self.imm(64),
            Sreg::Smid => self.sreg_u32(sr::SMID),
            Sreg::Nsmid => self.sreg_u32(sr::NSMID),
            Sreg::Gridid => self.imm(1),
            Sreg::DynamicSmem => self.sreg_u32(sr::DYN_SMEM),
            Sreg::Envreg(k @ 0..32) => self.sreg_u32(sr::ENVREG + usize::from(k)),
            Sreg::LanemaskEq => {
                let lane = self.lane();
                let one = self.imm(1);
                self.b.ins().ishl(one, lane)
            }
            Sreg::LanemaskLt => lanemask(self, 1, false),
            Sreg::LanemaskLe => lanemask(self, 2, false),
            Sreg::LanemaskGe => lanemask(self, 1, true),
            Sreg::LanemaskGt => lanemask(self, 2, true),
            // Rejected by `support::src_ok` (kernels reading them stay on the interpreter).
            uncompiled_sregs!() => self.imm(0),
        }
    }

    fn mask(&mut self, v: Value, w: u8) -> Value {
        if w >= 64 { v } else { self.b.ins().band_imm_s(v, mask_of(w) as i64) }
    }

    fn sext(&mut self, v: Value, w: u8) -> Value {
        if w >= 64 || w == 0 {
            return v;
        }
        let sh = i64::from(64 - w);
        let t = self.b.ins().ishl_imm_s(v, sh);
        self.b.ins().sshr_imm_s(t, sh)
    }

    fn call(&mut self, f: usize, args: &[Value], ret: bool) -> Option<Value> {
        super::lower::call_helper(&mut self.b, &mut self.sigs, f, args, ret)
    }

    fn call1(&mut self, f: usize, args: &[Value]) -> Value {
        match self.call(f, args, true) {
            Some(v) => v,
            None => self.imm(0),
        }
    }

    fn ptr<T>(&mut self, p: &T) -> Value {
        self.imm(p as *const T as u64)
    }

    fn inst(&mut self, pc: u32) {
        self.b.set_srcloc(cranelift_codegen::ir::SourceLoc::new(pc + 1));
        let f = self.f;
        let inst = &f.code[pc as usize];
        let Some(g) = inst.guard else {
            self.op(pc, &inst.op);
            return;
        };
        let p = self.var(g.reg);
        let bit = self.b.ins().band_imm_s(p, 1);
        let cond = if g.neg { self.b.ins().icmp_imm_s(IntCC::Equal, bit, 0) } else { bit };
        if let Op::Bra { target, .. } = inst.op {
            let next = self.block_at(pc + 1);
            let taken = if target <= pc { self.b.create_block() } else { self.block_at(target) };
            self.b.ins().brif(cond, taken, &[], next, &[]);
            if target <= pc {
                self.enter(taken);
                self.back_edge(pc, target);
            }
            self.terminated = true;
            return;
        }
        let exec = self.b.create_block();
        let skip = self.b.create_block();
        self.b.ins().brif(cond, exec, &[], skip, &[]);
        self.enter(exec);
        self.terminated = false;
        self.op(pc, &inst.op);
        if !self.terminated {
            self.b.ins().jump(skip, &[]);
        }
        self.enter(skip);
        self.terminated = false;
    }

    /// A backward branch: burns fuel, yielding (resumable at `target`) when it runs out.
    fn back_edge(&mut self, pc: u32, target: u32) {
        let fuel = self.b.use_var(self.fuel);
        let fuel = self.b.ins().iadd_imm_s(fuel, -1);
        self.b.def_var(self.fuel, fuel);
        let y = self.b.create_block();
        let t = self.block_at(target);
        self.b.ins().brif(fuel, t, &[], y, &[]);
        self.enter(y);
        self.spill(target);
        let k = self.resume_index(target);
        self.ret(ST_YIELD, pc, k);
    }

    fn op(&mut self, pc: u32, op: &'a Op) {
        match op {
            Op::Nop | Op::Nanosleep => {}
            Op::Fence => {
                self.b.ins().fence();
            }
            Op::Un { op, d, a } => {
                let x = self.src(*a);
                let v = self.unop(op, x);
                self.set(*d, v);
            }
            Op::Bin { op, d, a, b } => {
                let x = self.src(*a);
                let y = self.src(*b);
                let v = self.binop(op, x, y);
                self.set(*d, v);
            }
            Op::Tern { op, d, a, b, c } => {
                let x = self.src(*a);
                let y = self.src(*b);
                let z = self.src(*c);
                let v = self.ternop(op, x, y, z);
                self.set(*d, v);
            }
            Op::Bfi { w, d, a, b, c, e } => {
                let args = [self.imm(u64::from(*w)), self.src(*a), self.src(*b), self.src(*c), self.src(*e)];
                let v = self.call1(helpers::h_bfi as *const () as usize, &args);
                self.set(*d, v);
            }
            Op::Setp { cmp, out, d, dn, a, b, comb } => self.setp(cmp, *out, *d, *dn, *a, *b, *comb),
            Op::Pack { d, parts, bits } => self.pack(*d, parts, *bits),
            Op::Unpack { parts, a, bits } => self.unpack(parts, *a, *bits),
            Op::Ld { space: Space::KParam, d, .. } if self.hoisted.contains_key(&(pc, 0)) => {
                // Loaded once per block in the entry block (`hoist_invariants`).
                for (i, dr) in d.iter().enumerate() {
                    if let (Some(dr), Some(&v)) = (dr, self.hoisted.get(&(pc, i as u32))) {
                        self.set(*dr, v);
                    }
                }
            }
            Op::Ld { space, size, sext, d, addr, .. } => self.load(pc, *space, *size, *sext, d, *addr),
            Op::St { space, size, vals, addr, .. } => self.store(pc, *space, *size, vals, *addr),
            Op::Atom { d, addr, b, c, space, op: aop, size } => {
                let a = self.addr(*addr);
                let (y, z) = (self.src(*b), self.src(*c));
                let global_rmw = if *space == Space::Global && matches!(size, 4 | 8) { host_rmw(*aop) } else { None };
                let v = if *space == Space::Shared && *size == 4 && inline_shared_atom(*aop) {
                    self.atom_shared(pc, op, *aop, a, y, z)
                } else if let Some(rmw) = global_rmw {
                    self.atom_global(pc, op, rmw, *size, a, y, z)
                } else {
                    let opp = self.ptr(op);
                    let ctx = self.ctx;
                    let v = self.call1(helpers::h_atom as *const () as usize, &[ctx, opp, a, y, z]);
                    self.check_fault(pc);
                    v
                };
                if let Some(d) = d {
                    self.set(*d, v);
                }
            }
            Op::Carry { cout, d, a, b, c, .. } => {
                let (x, y, z) = (self.src(*a), self.src(*b), self.src(*c));
                let cf = self.var(self.f.nregs);
                let opp = self.ptr(op);
                let ctx = self.ctx;
                let v = self.call1(helpers::h_carry as *const () as usize, &[ctx, opp, cf, x, y, z]);
                self.set(*d, v);
                if *cout {
                    let c = self.ctx_ld(off::SCRATCH);
                    let var = self.vars[self.f.nregs as usize];
                    self.b.def_var(var, c);
                }
            }
            Op::Cvta { to_generic, space, d, a } => {
                let x = self.src(*a);
                let win = match space {
                    Space::Shared => SHARED_WINDOW,
                    Space::Local => LOCAL_WINDOW,
                    _ => 0,
                } as i64;
                let v = self.b.ins().iadd_imm_s(x, if *to_generic { win } else { win.wrapping_neg() });
                self.set(*d, v);
            }
            Op::Isspacep { window, d, a } => {
                let x = self.src(*a);
                let w = self.imm(helpers::window_code(*window));
                let ctx = self.ctx;
                let v = self.call1(helpers::h_isspacep as *const () as usize, &[ctx, w, x]);
                self.set(*d, v);
            }
            Op::Bra { target, .. } => {
                if *target <= pc {
                    self.back_edge(pc, *target);
                } else {
                    let t = self.block_at(*target);
                    self.b.ins().jump(t, &[]);
                    self.terminated = true;
                }
            }
            Op::Brx { index, targets, .. } => self.brx(pc, *index, targets),
            Op::Ret | Op::Exit => self.ret(ST_DONE, pc, 0),
            Op::Trap => self.ret(ST_TRAP, pc, 0),
            Op::Bar { id, .. } => {
                let v = self.src(*id);
                self.spill(pc + 1);
                let k = self.resume_index(pc + 1);
                self.leave(ST_BAR, pc, k, Some(v));
            }
            Op::Tex(t) => self.tex(pc, t),
            collectives!() => {
                // The warp's threads meet here; `run.rs` performs the operation on their
                // frames (operands are live at `pc`) and resumes them after it.
                self.spill(pc);
                let k = self.resume_index(pc + 1);
                self.leave(ST_WARP, pc, k, None);
            }
            // Rejected by `unsupported`: a kernel with them never reaches this lowering.
            uncompiled_ops!() => self.ret(ST_TRAP, pc, 0),
        }
    }

    /// `Op::Pack`: `parts` (each `bits` wide, first least significant) into `d`.
    fn pack(&mut self, d: Reg, parts: &[Src], bits: u8) {
        let mut acc = self.imm(0);
        for (i, p) in parts.iter().enumerate() {
            let v = self.src(*p);
            let v = self.mask(v, bits);
            let sh = u32::from(bits) * i as u32;
            let v = if sh >= 64 { self.imm(0) } else { self.b.ins().ishl_imm_s(v, i64::from(sh)) };
            acc = self.b.ins().bor(acc, v);
        }
        self.set(d, acc);
    }

    /// `Op::Unpack`: `a` into `parts`, `bits` each.
    fn unpack(&mut self, parts: &[Option<Reg>], a: Src, bits: u8) {
        let x = self.src(a);
        for (i, p) in parts.iter().enumerate() {
            if let Some(p) = p {
                let sh = u32::from(bits) * i as u32;
                let v = if sh >= 64 { self.imm(0) } else { self.b.ins().ushr_imm_s(x, i64::from(sh)) };
                let v = self.mask(v, bits);
                self.set(*p, v);
            }
        }
    }

    /// `Op::Ld` not hoisted: each element of the vector in turn.
    fn load(&mut self, pc: u32, space: Space, size: u8, sext: bool, d: &[Option<Reg>], addr: Addr) {
        let base = self.addr(addr);
        self.vector_aligned(pc, space, base, size, d.len());
        for (i, dr) in d.iter().enumerate() {
            let a = self.b.ins().iadd_imm_s(base, i as i64 * i64::from(size));
            let float = dr.is_some_and(|r| self.float_regs.get(r as usize).copied().unwrap_or(false));
            let v = self.access(pc, space, a, size, None, sext, float);
            if let (Some(dr), Some(v)) = (dr, v) {
                self.set(*dr, v);
            }
        }
    }

    /// `Op::St`: every value read, then each element stored in turn.
    fn store(&mut self, pc: u32, space: Space, size: u8, vals: &[Src], addr: Addr) {
        let base = self.addr(addr);
        self.vector_aligned(pc, space, base, size, vals.len());
        let vs: Vec<Value> = vals.iter().map(|v| self.src(*v)).collect();
        for (i, v) in vs.into_iter().enumerate() {
            let a = self.b.ins().iadd_imm_s(base, i as i64 * i64::from(size));
            self.access(pc, space, a, size, Some(v), false, false);
        }
    }

    /// `Op::Brx`: a jump table over `targets`, trapping when `index` is out of range.
    fn brx(&mut self, pc: u32, index: Src, targets: &[u32]) {
        let i = self.src(index);
        let trap = self.b.create_block();
        let table = self.b.create_block();
        let ok = self.b.ins().icmp_imm_s(IntCC::UnsignedLessThan, i, targets.len() as i64);
        self.b.ins().brif(ok, table, &[], trap, &[]);
        self.enter(table);
        let calls: Vec<_> = targets
            .iter()
            .map(|&t| {
                let bl = self.block_at(t);
                self.b.func.dfg.block_call(bl, &[])
            })
            .collect();
        let def = self.b.func.dfg.block_call(trap, &[]);
        let jt = self.b.create_jump_table(JumpTableData::new(def, &calls));
        let i32v = self.b.ins().ireduce(types::I32, i);
        self.b.ins().br_table(i32v, jt);
        self.enter(trap);
        self.ret(ST_TRAP, pc, 0);
    }
}
