//! Decoded kernel (`ir::Func`) → native code through Cranelift: one function that runs one
//! thread from a resume point until it exits, faults, reaches a block barrier or runs out of
//! fuel at a backward branch.
//!
//! Signature: `fn(ctx: *mut Ctx, frame: *mut u64, resume: u64) -> u64` (status word, see
//! `ctx.rs`). Registers live in Cranelift variables (SSA, machine registers); only when the
//! thread stops at a barrier or yields are they spilled to `frame` (slot `nregs` holds the
//! carry flag), and resume point `k` (`resume` = k, 0 = the start) reloads them. Simple
//! integer and f32/f64 arithmetic, comparisons and memory accesses are inlined; everything
//! else calls the interpreter's own implementation (`helpers.rs`), so results are identical.

use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{
    AbiParam, Block, BlockArg, InstBuilder, JumpTableData, MemFlagsData, SigRef, Signature, Type, Value, types,
};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext, Variable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{Linkage, Module, default_libcall_names};
use ptx::types::{CmpOp, TypeKind};

use super::ctx::{FUEL, ST_ALL, ST_BAR, ST_DONE, ST_FAULT, ST_TRAP, ST_WARP, ST_YIELD, off, sr};
use super::helpers as h;
use super::live::Liveness;
use crate::ir::*;
use crate::memory::{AtomOp, LOCAL_WINDOW, SHARED_WINDOW};

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

/// Registers beyond which a kernel stays on the interpreter (thread frames hold every
/// register of every thread of a block: 1024 threads x 8 bytes each).
const MAX_REGS: u32 = 8192;

/// Why a function cannot be compiled (it then runs on the interpreter), or `None`.
pub(crate) fn unsupported(f: &Func) -> Option<String> {
    if f.nregs > MAX_REGS || f.code.len() >= 1 << 23 {
        return Some(format!("too large ({} registers, {} instructions)", f.nregs, f.code.len()));
    }
    for (pc, inst) in f.code.iter().enumerate() {
        let srcs_ok = |ss: &[Src]| ss.iter().all(|s| src_ok(*s));
        let why: Option<&str> = match &inst.op {
            Op::Nop | Op::Fence | Op::Ret | Op::Exit | Op::Trap | Op::Bra { .. } => None,
            Op::Un { a, .. } => (!src_ok(*a)).then_some("special register"),
            Op::Bin { a, b, .. } => (!srcs_ok(&[*a, *b])).then_some("special register"),
            Op::Tern { a, b, c, .. } | Op::Bfi { a, b, c, .. } | Op::Carry { a, b, c, .. } => {
                (!srcs_ok(&[*a, *b, *c])).then_some("special register")
            }
            Op::Setp { cmp, a, b, comb, .. } => {
                if matches!(cmp.kind, b'h' | b'g') && cmp.w == 32 {
                    Some("setp on x2 halves")
                } else if !srcs_ok(&[*a, *b]) || comb.is_some_and(|(_, s, _)| !src_ok(s)) {
                    Some("special register")
                } else {
                    None
                }
            }
            Op::Pack { parts, .. } => (!srcs_ok(parts)).then_some("special register"),
            Op::Unpack { a, .. } => (!src_ok(*a)).then_some("special register"),
            Op::Ld { space, size, .. } | Op::St { space, size, .. } => {
                if *space == Space::FParam {
                    Some("function parameters")
                } else if !matches!(size, 1 | 2 | 4 | 8) {
                    Some("access size")
                } else if let Op::St { vals, .. } = &inst.op {
                    (!srcs_ok(vals)).then_some("special register")
                } else {
                    None
                }
            }
            Op::Atom { b, c, .. } => (!srcs_ok(&[*b, *c])).then_some("special register"),
            Op::Cvta { a, .. } | Op::Isspacep { a, .. } => (!src_ok(*a)).then_some("special register"),
            Op::Brx { index, .. } => (!src_ok(*index)).then_some("special register"),
            Op::Bar { id, count: None, kind: BarKind::Sync } => (!src_ok(*id)).then_some("special register"),
            Op::Bar { .. } => Some("bar.arrive / bar.red / counted barrier"),
            Op::Call { .. } | Op::CallInd { .. } => Some("calls"),
            Op::Builtin { .. } => Some("printf/assert/malloc"),
            Op::WarpSync { mask: a } | Op::Elect { mask: a, .. } | Op::Vote { a, .. } | Op::Match { a, .. } => {
                (!plain(&[*a])).then_some("warp-collective operand")
            }
            Op::Redux { a, mask, .. } => (!plain(&[*a, *mask])).then_some("warp-collective operand"),
            Op::Shfl { a, b, c, .. } => (!plain(&[*a, *b, *c])).then_some("warp-collective operand"),
            Op::Activemask { .. } => None,
            Op::Mbar { .. } | Op::CpBulk { .. } | Op::CpAsync { .. } => Some("async copy / mbarrier"),
        };
        if let Some(w) = why {
            return Some(format!("{w} (`{}`)", f.info.get(pc).map_or("", |i| i.text.as_str())));
        }
    }
    super::hazard::lockstep_hazard(f).map(|(pc, why)| {
        let text = f.info.get(pc).map_or("", |i| i.text.as_str());
        format!("{why} (`{text}`)")
    })
}

/// Registers and immediates: what the warp-collective runner reads from thread frames.
fn plain(ss: &[Src]) -> bool {
    ss.iter().all(|s| matches!(s, Src::Reg(_) | Src::Imm(_)))
}

/// Whether `op` is a warp-collective operation (run by `run.rs` over the frames of a warp).
pub(crate) fn is_collective(op: &Op) -> bool {
    matches!(
        op,
        Op::WarpSync { .. }
            | Op::Elect { .. }
            | Op::Shfl { .. }
            | Op::Vote { .. }
            | Op::Activemask { .. }
            | Op::Redux { .. }
            | Op::Match { .. }
    )
}

fn src_ok(s: Src) -> bool {
    !matches!(
        s,
        Src::Sreg(
            Sreg::Clock
                | Sreg::ClockHi
                | Sreg::Clock64
                | Sreg::Globaltimer
                | Sreg::GlobaltimerLo
                | Sreg::GlobaltimerHi
                | Sreg::TotalSmem
                | Sreg::ReservedSmem(_)
        )
    )
}

/// Compiles kernel `f` (which [`unsupported`] accepted).
pub(crate) fn compile(f: &Func) -> Result<Code, String> {
    let mut flags = settings::builder();
    let set = |fl: &mut settings::Builder, k: &str, v: &str| fl.set(k, v).map_err(|e| e.to_string());
    set(&mut flags, "opt_level", "speed")?;
    set(&mut flags, "is_pic", "false")?;
    let isa = cranelift_native::builder()
        .map_err(|e| e.to_string())?
        .finish(settings::Flags::new(flags))
        .map_err(|e| e.to_string())?;
    let fc = isa.frontend_config();
    let mut module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
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
        (sites, resumes) = Cg::new(b, f).run(fc);
    }
    let id = module.declare_function("kernel", Linkage::Export, &ctx.func.signature).map_err(|e| e.to_string())?;
    // CUPRITE_JIT_DUMP=1 prints each compiled kernel's machine code (for tuning the JIT).
    let dump = std::env::var_os("CUPRITE_JIT_DUMP").is_some();
    ctx.set_disasm(dump);
    module.define_function(id, &mut ctx).map_err(|e| format!("{e:?}"))?;
    if let Some(code) = ctx.compiled_code().and_then(|c| c.vcode.as_ref()).filter(|_| dump) {
        eprintln!("=== JIT `{}` ===\n{code}", f.name);
    }
    module.clear_context(&mut ctx);
    module.finalize_definitions().map_err(|e| e.to_string())?;
    let ptr = module.get_finalized_function(id);
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

fn flags() -> MemFlagsData {
    MemFlagsData::trusted()
}

/// The bound an access of `1 << k` bytes into a `len`-byte window is checked against (see
/// `Cg::access`): `(len - size) / size + 1`, or 0 when `len < size`.
fn bound(b: &mut FunctionBuilder<'_>, len: Value, k: i64) -> Value {
    let size = 1i64 << k;
    let fits = b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, len, size);
    let d = b.ins().iadd_imm_s(len, -size);
    let d = b.ins().ushr_imm_s(d, k);
    let d = b.ins().iadd_imm_s(d, 1);
    let z = b.ins().iconst(I64, 0);
    b.ins().select(fits, d, z)
}

struct Cg<'a, 'b> {
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
}

fn status(code: u64, pc: u32, resume: usize) -> i64 {
    ((resume as u64) << 40 | u64::from(pc) << 8 | code) as i64
}

fn mask_of(w: u8) -> u64 {
    if w >= 64 { u64::MAX } else { (1u64 << w) - 1 }
}

impl<'a, 'b> Cg<'a, 'b> {
    fn new(mut b: FunctionBuilder<'b>, f: &'a Func) -> Cg<'a, 'b> {
        let n = f.code.len();
        let mut leader = vec![false; n + 1];
        leader[0] = true;
        leader[n] = true;
        let mut resumes = Vec::new();
        // Blocks entered by a backward edge: sealed only at the end.
        let mut back = vec![false; n + 1];
        for (pc, inst) in f.code.iter().enumerate() {
            match &inst.op {
                Op::Bra { target, .. } => {
                    leader[(*target as usize).min(n)] = true;
                    leader[pc + 1] = true;
                    if *target as usize <= pc {
                        resumes.push(*target);
                        back[*target as usize] = true;
                    }
                }
                Op::Brx { targets, .. } => {
                    for t in targets {
                        leader[(*t as usize).min(n)] = true;
                        back[(*t as usize).min(n)] = true;
                    }
                    leader[pc + 1] = true;
                }
                Op::Bar { .. } => {
                    leader[pc + 1] = true;
                    resumes.push(pc as u32 + 1);
                }
                op if is_collective(op) => {
                    leader[pc + 1] = true;
                    resumes.push(pc as u32 + 1);
                }
                Op::Ret | Op::Exit | Op::Trap => leader[pc + 1] = true,
                _ => {}
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
        let cg = Cg {
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
        };
        cg.with_entry(p[3])
    }

    /// Emits the thread loop: for each ready thread (state 0 in its state word), resume index
    /// 0 zeroes the registers and starts at pc 0, resume k reloads them from the thread's frame
    /// and continues at its target; `advance` steps `t` and `%tid` (x, then y, then z).
    fn with_entry(mut self, n: Value) -> Self {
        self.hoist_invariants();
        let zero = self.b.ins().iconst(I64, 0);
        self.b.def_var(self.t, zero);
        for v in self.tid {
            self.b.def_var(v, zero);
        }
        let fr0 = self.frames;
        self.b.def_var(self.frame, fr0);
        let head = self.b.create_block();
        let dispatch = self.b.create_block();
        let all = self.b.create_block();
        let check = self.b.create_block();
        self.b.ins().jump(head, &[]);
        self.entry_done = true;
        self.b.switch_to_block(head);
        let t = self.b.use_var(self.t);
        let more = self.b.ins().icmp(IntCC::UnsignedLessThan, t, n);
        self.b.ins().brif(more, check, &[], all, &[]);
        self.b.switch_to_block(all);
        let st = self.b.ins().iconst(I64, ST_ALL as i64);
        self.b.ins().return_(&[st]);
        self.b.switch_to_block(check);
        // Without resume points every thread runs once, from the start, to its end: no state
        // words, no frames (the runner knows).
        let resumable = !self.resumes.is_empty();
        let word = if resumable {
            let off4 = self.b.ins().ishl_imm_s(t, 2);
            let sp = self.b.ins().iadd(self.states, off4);
            let word = self.b.ins().uload32(flags(), sp, 0);
            let state = self.b.ins().ushr_imm_s(word, 24);
            self.b.ins().brif(state, self.advance, &[], dispatch, &[]);
            word
        } else {
            self.b.ins().jump(dispatch, &[]);
            t
        };
        self.b.switch_to_block(dispatch);
        if resumable {
            let slots = i64::from(self.f.nregs) * 8 + 8;
            let fo = self.b.ins().imul_imm_s(t, slots);
            let fr = self.b.ins().iadd(self.frames, fo);
            self.b.def_var(self.frame, fr);
        }
        if self.f.local_size > 0 {
            // The helpers find the thread's local memory in the context.
            let lo = self.b.ins().imul_imm_s(t, i64::from(self.f.local_size));
            let lb = self.ctx_ld(off::LOCALS);
            let lp = self.b.ins().iadd(lb, lo);
            self.b.ins().store(flags(), lp, self.ctx, off::LOCAL);
            self.b.def_var(self.local, lp);
        } else {
            let z = self.b.ins().iconst(I64, 0);
            self.b.def_var(self.local, z);
        }
        let fuel = self.b.ins().iconst(I64, FUEL as i64);
        self.b.def_var(self.fuel, fuel);
        let start = self.b.create_block();
        let mut calls = vec![self.b.func.dfg.block_call(start, &[])];
        let rblocks: Vec<Block> = self.resumes.iter().map(|_| self.b.create_block()).collect();
        for &rb in &rblocks {
            calls.push(self.b.func.dfg.block_call(rb, &[]));
        }
        if resumable {
            let def = self.b.func.dfg.block_call(start, &[]);
            let jt = self.b.create_jump_table(JumpTableData::new(def, &calls));
            let r32 = self.b.ins().ireduce(types::I32, word);
            let r32 = self.b.ins().band_imm_s(r32, 0xff_ffff);
            self.b.ins().br_table(r32, jt);
        } else {
            self.b.ins().jump(start, &[]);
        }
        self.b.switch_to_block(start);
        let zero = self.b.ins().iconst(I64, 0);
        for &v in &self.vars {
            self.b.def_var(v, zero);
        }
        let first = self.block_at(0);
        self.b.ins().jump(first, &[]);
        for (k, rb) in rblocks.into_iter().enumerate() {
            self.b.switch_to_block(rb);
            let fr = self.b.use_var(self.frame);
            let zero = self.b.ins().iconst(I64, 0);
            for &v in &self.vars {
                self.b.def_var(v, zero);
            }
            for i in self.live.live_at(self.resumes[k]) {
                let v = self.b.ins().load(I64, flags(), fr, (i * 8) as i32);
                if let Some(&var) = self.vars.get(i) {
                    self.b.def_var(var, v);
                }
            }
            let t = self.block_at(self.resumes[k]);
            self.b.ins().jump(t, &[]);
        }
        self.b.switch_to_block(self.advance);
        let t = self.b.use_var(self.t);
        let t1 = self.b.ins().iadd_imm_s(t, 1);
        self.b.def_var(self.t, t1);
        // Only the components the kernel reads (and those below them) are kept up to date.
        let reads = |i: u8| {
            self.f.code.iter().any(|inst| {
                let mut found = false;
                super::live::for_each_src(&inst.op, &mut |s| found |= s == Src::Sreg(Sreg::Tid(i)));
                found
            })
        };
        let depth = if reads(2) {
            3
        } else if reads(1) {
            2
        } else {
            usize::from(reads(0))
        };
        let zero = self.b.ins().iconst(I64, 0);
        let mut carry: Option<Value> = None;
        for i in 0..depth {
            let v = self.b.use_var(self.tid[i]);
            let v1 = match carry {
                None => self.b.ins().iadd_imm_s(v, 1),
                Some(c) => self.b.ins().iadd(v, c),
            };
            if i == 2 {
                self.b.def_var(self.tid[i], v1);
                break;
            }
            let bound = self.sreg_u32(sr::NTID + i);
            let wrap = self.b.ins().icmp(IntCC::Equal, v1, bound);
            let v2 = self.b.ins().select(wrap, zero, v1);
            self.b.def_var(self.tid[i], v2);
            carry = Some(self.b.ins().uextend(I64, wrap));
        }
        self.b.ins().jump(head, &[]);
        self
    }

    /// Loads what is the same for every thread of the block once, in the entry block: kernel
    /// parameters at constant offsets and the block/grid special registers.
    fn hoist_invariants(&mut self) {
        let f = self.f;
        let mut wanted: Vec<Sreg> = Vec::new();
        for (pc, inst) in f.code.iter().enumerate() {
            if let Op::Ld { space: Space::KParam, size, sext, d, addr } = &inst.op
                && let Some(o) = self.const_param(*addr, *size, d.len())
            {
                for i in 0..d.len() {
                    let v = self.param_load(o + i as i32 * i32::from(*size), *size, *sext);
                    self.hoisted.insert((pc as u32, i as u32), v);
                }
            }
            super::live::for_each_src(&inst.op, &mut |s| {
                if let Src::Sreg(r @ (Sreg::Ntid(0..3) | Sreg::Ctaid(0..3) | Sreg::Nctaid(0..3))) = s
                    && !wanted.contains(&r)
                {
                    wanted.push(r);
                }
            });
        }
        for r in wanted {
            let v = self.sreg(r);
            self.hoisted_sregs.push((r, v));
        }
    }

    /// The offset of a kernel-parameter load at a constant address inside `kparam_size`
    /// (which a launch checks the buffer has), needing no check.
    fn const_param(&self, a: Addr, size: u8, n: usize) -> Option<i32> {
        let o = a.off;
        (a.base == Base::Abs
            && o >= 0
            && (o as u64).is_multiple_of(u64::from(size))
            && (o as u64) + u64::from(size) * n as u64 <= u64::from(self.f.kparam_size))
        .then_some(o as i32)
    }

    fn param_load(&mut self, at: i32, size: u8, sext: bool) -> Value {
        let fl = flags();
        let p = self.params.0;
        match (size, sext) {
            (1, false) => self.b.ins().uload8(I64, fl, p, at),
            (1, true) => self.b.ins().sload8(I64, fl, p, at),
            (2, false) => self.b.ins().uload16(I64, fl, p, at),
            (2, true) => self.b.ins().sload16(I64, fl, p, at),
            (4, false) => self.b.ins().uload32(fl, p, at),
            (4, true) => self.b.ins().sload32(fl, p, at),
            _ => self.b.ins().load(I64, fl, p, at),
        }
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
            Sreg::Tid(_) | Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_) | Sreg::Zero => self.imm(0),
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
            Sreg::LanemaskEq => {
                let lane = self.lane();
                let one = self.imm(1);
                self.b.ins().ishl(one, lane)
            }
            Sreg::LanemaskLt => lanemask(self, 1, false),
            Sreg::LanemaskLe => lanemask(self, 2, false),
            Sreg::LanemaskGe => lanemask(self, 1, true),
            Sreg::LanemaskGt => lanemask(self, 2, true),
            // Rejected by `unsupported`.
            _ => self.imm(0),
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
        let key = (args.len(), ret);
        let sig = match self.sigs.iter().find(|(k, _)| *k == key) {
            Some((_, s)) => *s,
            None => {
                let mut s = Signature::new(self.b.func.signature.call_conv);
                s.params.extend(args.iter().map(|_| AbiParam::new(I64)));
                if ret {
                    s.returns.push(AbiParam::new(I64));
                }
                let r = self.b.import_signature(s);
                self.sigs.push((key, r));
                r
            }
        };
        let callee = self.imm(f as u64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        self.b.inst_results(call).first().copied()
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

    /// The f32 in the low bits of `v`, for arithmetic or a comparison (a NaN may come with
    /// any payload: see `of32`).
    fn f32_of(&mut self, v: Value) -> Value {
        if let Some(&f) = self.fview.get(&v).filter(|&&f| self.b.func.dfg.value_type(f) == types::F32) {
            return f;
        }
        let t = self.b.ins().ireduce(types::I32, v);
        self.b.ins().bitcast(types::F32, MemFlagsData::new(), t)
    }

    /// The bits of f32 result `f`, NaN canonicalized to 0x7fffffff (as `exec::of32`).
    fn of32(&mut self, f: Value) -> Value {
        let nan = self.b.ins().fcmp(FloatCC::Unordered, f, f);
        let canon = self.b.ins().f32const(f32::from_bits(0x7fff_ffff));
        let c = self.b.ins().select(nan, canon, f);
        let bits = self.b.ins().bitcast(types::I32, MemFlagsData::new(), c);
        let bits = self.b.ins().uextend(I64, bits);
        // Float consumers (`f32_of`: arithmetic and comparisons, which give the same result for
        // any NaN input, canonicalizing their own) take the raw result, which dominates every
        // use of `bits`: the value stays in a vector register, and when only such consumers use
        // it, the canonicalization above is dead code.
        self.fview.insert(bits, f);
        bits
    }

    fn f64_of(&mut self, v: Value) -> Value {
        if let Some(&f) = self.fview.get(&v).filter(|&&f| self.b.func.dfg.value_type(f) == types::F64) {
            return f;
        }
        self.b.ins().bitcast(types::F64, MemFlagsData::new(), v)
    }

    fn bits64(&mut self, f: Value) -> Value {
        let bits = self.b.ins().bitcast(I64, MemFlagsData::new(), f);
        self.fview.insert(bits, f);
        bits
    }

    fn bool64(&mut self, c: Value) -> Value {
        self.b.ins().uextend(I64, c)
    }

    fn inst(&mut self, pc: u32) {
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
            Op::Nop => {}
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
                let v = self.call1(h::h_bfi as *const () as usize, &args);
                self.set(*d, v);
            }
            Op::Setp { cmp, out, d, dn, a, b, comb } => self.setp(cmp, *out, *d, *dn, *a, *b, *comb),
            Op::Pack { d, parts, bits } => {
                let mut acc = self.imm(0);
                for (i, p) in parts.iter().enumerate() {
                    let v = self.src(*p);
                    let v = self.mask(v, *bits);
                    let sh = u32::from(*bits) * i as u32;
                    let v = if sh >= 64 { self.imm(0) } else { self.b.ins().ishl_imm_s(v, i64::from(sh)) };
                    acc = self.b.ins().bor(acc, v);
                }
                self.set(*d, acc);
            }
            Op::Unpack { parts, a, bits } => {
                let x = self.src(*a);
                for (i, p) in parts.iter().enumerate() {
                    if let Some(p) = p {
                        let sh = u32::from(*bits) * i as u32;
                        let v = if sh >= 64 { self.imm(0) } else { self.b.ins().ushr_imm_s(x, i64::from(sh)) };
                        let v = self.mask(v, *bits);
                        self.set(*p, v);
                    }
                }
            }
            Op::Ld { space: Space::KParam, d, .. } if self.hoisted.contains_key(&(pc, 0)) => {
                // Loaded once per block in the entry block (`hoist_invariants`).
                for (i, dr) in d.iter().enumerate() {
                    if let (Some(dr), Some(&v)) = (dr, self.hoisted.get(&(pc, i as u32))) {
                        self.set(*dr, v);
                    }
                }
            }
            Op::Ld { space, size, sext, d, addr } => {
                let base = self.addr(*addr);
                for (i, dr) in d.iter().enumerate() {
                    let a = self.b.ins().iadd_imm_s(base, i as i64 * i64::from(*size));
                    let v = self.access(pc, *space, a, *size, None, *sext);
                    if let (Some(dr), Some(v)) = (dr, v) {
                        self.set(*dr, v);
                    }
                }
            }
            Op::St { space, size, vals, addr } => {
                let base = self.addr(*addr);
                let vs: Vec<Value> = vals.iter().map(|v| self.src(*v)).collect();
                for (i, v) in vs.into_iter().enumerate() {
                    let a = self.b.ins().iadd_imm_s(base, i as i64 * i64::from(*size));
                    self.access(pc, *space, a, *size, Some(v), false);
                }
            }
            Op::Atom { d, addr, b, c, space, op: aop, size } => {
                let a = self.addr(*addr);
                let (y, z) = (self.src(*b), self.src(*c));
                let v = if *space == Space::Shared && *size == 4 && inline_atom(*aop) {
                    self.atom_shared(pc, op, *aop, a, y, z)
                } else {
                    let opp = self.ptr(op);
                    let ctx = self.ctx;
                    let v = self.call1(h::h_atom as *const () as usize, &[ctx, opp, a, y, z]);
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
                let v = self.call1(h::h_carry as *const () as usize, &[ctx, opp, cf, x, y, z]);
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
            Op::Isspacep { space, d, a } => {
                let x = self.src(*a);
                let s = self.imm(h::space_code(*space));
                let v = self.call1(h::h_isspacep as *const () as usize, &[s, x]);
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
            Op::Brx { index, targets, .. } => {
                let i = self.src(*index);
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
            Op::Ret | Op::Exit => self.ret(ST_DONE, pc, 0),
            Op::Trap => self.ret(ST_TRAP, pc, 0),
            Op::Bar { id, .. } => {
                let v = self.src(*id);
                self.spill(pc + 1);
                let k = self.resume_index(pc + 1);
                self.leave(ST_BAR, pc, k, Some(v));
            }
            op if is_collective(op) => {
                // The warp's threads meet here; `run.rs` performs the operation on their
                // frames (operands are live at `pc`) and resumes them after it.
                self.spill(pc);
                let k = self.resume_index(pc + 1);
                self.leave(ST_WARP, pc, k, None);
            }
            // Rejected by `unsupported`.
            _ => self.ret(ST_TRAP, pc, 0),
        }
    }

    /// A 32-bit atomic on shared memory, inline: a block's shared memory is only touched by
    /// the worker running the block, so a plain read-modify-write is exact. Out of bounds or
    /// misaligned goes to the helper, which reports the fault.
    fn atom_shared(&mut self, pc: u32, op: &'a Op, aop: AtomOp, a: Value, y: Value, z: Value) -> Value {
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        self.b.append_block_param(join, I64);
        let r = self.b.ins().rotr_imm_s(a, 2);
        let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, r, self.shared.1[2]);
        self.b.ins().brif(ok, fast, &[], slow, &[]);
        self.enter(fast);
        let p = self.b.ins().iadd(self.shared.0, a);
        let old = self.b.ins().uload32(flags(), p, 0);
        let (o32, y32) = (self.b.ins().ireduce(types::I32, old), self.b.ins().ireduce(types::I32, y));
        let new = match aop {
            AtomOp::Add => self.b.ins().iadd(o32, y32),
            AtomOp::And => self.b.ins().band(o32, y32),
            AtomOp::Or => self.b.ins().bor(o32, y32),
            AtomOp::Xor => self.b.ins().bxor(o32, y32),
            AtomOp::MinU => self.b.ins().umin(o32, y32),
            AtomOp::MaxU => self.b.ins().umax(o32, y32),
            AtomOp::MinS => self.b.ins().smin(o32, y32),
            AtomOp::MaxS => self.b.ins().smax(o32, y32),
            _ => y32,
        };
        self.b.ins().store(flags(), new, p, 0);
        self.b.ins().jump(join, &[BlockArg::Value(old)]);
        self.enter(slow);
        self.b.set_cold_block(slow);
        let opp = self.ptr(op);
        let ctx = self.ctx;
        let v = self.call1(h::h_atom as *const () as usize, &[ctx, opp, a, y, z]);
        let fl = self.ctx_ld(off::FAULTED);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        self.b.ins().brif(fl, bad, &[], join, &[BlockArg::Value(v)]);
        self.enter(bad);
        self.ret(ST_FAULT, pc, 0);
        self.enter(join);
        self.terminated = false;
        self.b.block_params(join)[0]
    }

    fn addr(&mut self, a: Addr) -> Value {
        let base = match a.base {
            Base::Reg(r) => self.var(r),
            Base::Abs => self.imm(0),
            Base::Global(g) => {
                let gb = self.ctx_ld(off::GLOBALS);
                self.b.ins().load(I64, flags(), gb, (g as i32).wrapping_mul(8))
            }
            Base::Local(o) => self.imm(o),
        };
        self.b.ins().iadd_imm_s(base, a.off)
    }

    fn check_fault(&mut self, pc: u32) {
        let fl = self.ctx_ld(off::FAULTED);
        let bad = self.b.create_block();
        let cont = self.b.create_block();
        self.b.ins().brif(fl, bad, &[], cont, &[]);
        self.enter(bad);
        self.ret(ST_FAULT, pc, 0);
        self.enter(cont);
        self.terminated = false;
    }

    /// A load (`val` None; returns the value) or store of `size` bytes at `a` in `space`: an
    /// inline check against the cached window of the space, else the helper's full check.
    fn access(&mut self, pc: u32, space: Space, a: Value, size: u8, val: Option<Value>, sext: bool) -> Option<Value> {
        let fast = self.b.create_block();
        let slow = self.b.create_block();
        let join = self.b.create_block();
        if val.is_none() {
            self.b.append_block_param(join, I64);
        }
        let mut site = 0u64;
        let k = size.trailing_zeros() as usize & 3;
        // The access is in bounds and aligned iff rotr(offset, k) < bound: a misaligned offset
        // rotates its low bits to the top, and bound = (len - size) / size + 1 (0 if len <
        // size), so one comparison checks both.
        let (o, bound, host) = match space {
            Space::Global | Space::Generic => {
                site = self.sites as u64;
                self.sites += 1;
                let at = (site * 24) as i32;
                let tbl = self.sites_tbl;
                let gb = self.b.ins().load(I64, flags(), tbl, at);
                let bound = self.b.ins().load(I64, flags(), tbl, at + 8);
                let host = self.b.ins().load(I64, flags(), tbl, at + 16);
                (self.b.ins().isub(a, gb), bound, host)
            }
            Space::Shared => (a, self.shared.1[k], self.shared.0),
            Space::Local => {
                let len = u64::from(self.f.local_size);
                let b = if len >= u64::from(size) { (len - u64::from(size)) / u64::from(size) + 1 } else { 0 };
                let bound = self.imm(b);
                let host = self.b.use_var(self.local);
                (a, bound, host)
            }
            Space::KParam | Space::FParam => (a, self.params.1[k], self.params.0),
        };
        let r = if k == 0 { o } else { self.b.ins().rotr_imm_s(o, k as i64) };
        let ok = self.b.ins().icmp(IntCC::UnsignedLessThan, r, bound);
        let read_only = space == Space::KParam && val.is_some();
        if read_only {
            self.b.ins().jump(slow, &[]);
        } else {
            self.b.ins().brif(ok, fast, &[], slow, &[]);
        }
        // Fast path.
        self.enter(fast);
        let p = self.b.ins().iadd(host, o);
        match val {
            None => {
                let fl = flags();
                let v = match (size, sext) {
                    (1, false) => self.b.ins().uload8(I64, fl, p, 0),
                    (1, true) => self.b.ins().sload8(I64, fl, p, 0),
                    (2, false) => self.b.ins().uload16(I64, fl, p, 0),
                    (2, true) => self.b.ins().sload16(I64, fl, p, 0),
                    (4, false) => self.b.ins().uload32(fl, p, 0),
                    (4, true) => self.b.ins().sload32(fl, p, 0),
                    _ => self.b.ins().load(I64, fl, p, 0),
                };
                self.b.ins().jump(join, &[BlockArg::Value(v)]);
            }
            Some(v) => {
                let fl = flags();
                match size {
                    1 => self.b.ins().istore8(fl, v, p, 0),
                    2 => self.b.ins().istore16(fl, v, p, 0),
                    4 => self.b.ins().istore32(fl, v, p, 0),
                    _ => self.b.ins().store(fl, v, p, 0),
                };
                self.b.ins().jump(join, &[]);
            }
        }
        // Slow path.
        self.enter(slow);
        self.b.set_cold_block(slow);
        let sc = self.imm(site << 8 | h::space_code(space));
        let sz = self.imm(u64::from(size));
        let ctx = self.ctx;
        let r = match val {
            None => Some(self.call1(h::h_ld as *const () as usize, &[ctx, sc, a, sz])),
            Some(v) => {
                self.call(h::h_st as *const () as usize, &[ctx, sc, a, sz, v], false);
                None
            }
        };
        let fl = self.ctx_ld(off::FAULTED);
        let bad = self.b.create_block();
        self.b.set_cold_block(bad);
        let args: Vec<BlockArg> = match r {
            Some(mut v) => {
                if sext {
                    v = self.sext(v, size * 8);
                }
                vec![BlockArg::Value(v)]
            }
            None => vec![],
        };
        self.b.ins().brif(fl, bad, &[], join, &args);
        self.enter(bad);
        self.ret(ST_FAULT, pc, 0);
        self.enter(join);
        self.terminated = false;
        if val.is_none() { self.b.block_params(join).first().copied() } else { None }
    }

    fn unop(&mut self, op: &'a UnOp, x: Value) -> Value {
        match *op {
            UnOp::Mov => x,
            UnOp::Not(w) => {
                let n = self.b.ins().bnot(x);
                self.mask(n, w)
            }
            UnOp::Neg(w) => {
                let n = self.b.ins().ineg(x);
                self.mask(n, w)
            }
            UnOp::NegF32 => {
                let n = self.b.ins().bxor_imm_s(x, 0x8000_0000);
                self.mask(n, 32)
            }
            UnOp::NegF64 => self.b.ins().bxor_imm_s(x, i64::MIN),
            UnOp::AbsF64 => self.b.ins().band_imm_s(x, i64::MAX),
            UnOp::F32(F32Fn::Sqrt, false) => {
                let f = self.f32_of(x);
                let r = self.b.ins().sqrt(f);
                self.of32(r)
            }
            UnOp::F64(F64Fn::Sqrt) => {
                let f = self.f64_of(x);
                let r = self.b.ins().sqrt(f);
                self.bits64(r)
            }
            UnOp::F32(F32Fn::Rcp, false) => {
                let f = self.f32_of(x);
                let one = self.b.ins().f32const(1.0);
                let r = self.b.ins().fdiv(one, f);
                self.of32(r)
            }
            UnOp::F32(F32Fn::Rsqrt, false) => {
                // As the interpreter computes it: in f64, then rounded to f32.
                let f = self.f32_of(x);
                let d = self.b.ins().fpromote(types::F64, f);
                let s = self.b.ins().sqrt(d);
                let one = self.b.ins().f64const(1.0);
                let r = self.b.ins().fdiv(one, s);
                let r = self.b.ins().fdemote(types::F32, r);
                self.of32(r)
            }
            UnOp::F64(F64Fn::Rcp) => {
                let f = self.f64_of(x);
                let one = self.b.ins().f64const(1.0);
                let r = self.b.ins().fdiv(one, f);
                self.bits64(r)
            }
            UnOp::F64(F64Fn::Rsqrt) => {
                let f = self.f64_of(x);
                let s = self.b.ins().sqrt(f);
                let one = self.b.ins().f64const(1.0);
                let r = self.b.ins().fdiv(one, s);
                self.bits64(r)
            }
            UnOp::Cvt(ref c) if int_cvt(c) => {
                let fw = (c.from.size() * 8) as u8;
                let tw = (c.to.size() * 8) as u8;
                let v = if c.from.kind() == TypeKind::Signed { self.sext(x, fw) } else { self.mask(x, fw) };
                self.mask(v, tw)
            }
            UnOp::Cvt(ref c) => {
                self.note_helper(c);
                let p = self.ptr(c);
                self.call1(h::h_cvt as *const () as usize, &[p, x])
            }
            _ => {
                self.note_helper(op);
                let p = self.ptr(op);
                self.call1(h::h_unop as *const () as usize, &[p, x])
            }
        }
    }

    fn binop(&mut self, op: &'a BinOp, x: Value, y: Value) -> Value {
        match *op {
            BinOp::Add(w) => {
                let v = self.b.ins().iadd(x, y);
                self.mask(v, w)
            }
            BinOp::Sub(w) => {
                let v = self.b.ins().isub(x, y);
                self.mask(v, w)
            }
            BinOp::MulLo(w) => {
                let v = self.b.ins().imul(x, y);
                self.mask(v, w)
            }
            BinOp::And(w) => {
                let v = self.b.ins().band(x, y);
                self.mask(v, w)
            }
            BinOp::Or(w) => {
                let v = self.b.ins().bor(x, y);
                self.mask(v, w)
            }
            BinOp::Xor(w) => {
                let v = self.b.ins().bxor(x, y);
                self.mask(v, w)
            }
            BinOp::Shl(w) if w <= 64 => {
                let n = self.mask(y, 32);
                let big = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(w));
                let s = self.b.ins().ishl(x, n);
                let s = self.mask(s, w);
                let z = self.imm(0);
                self.b.ins().select(big, z, s)
            }
            BinOp::Shr(w, s) if (1..=64).contains(&w) => {
                let n = self.mask(y, 32);
                let cap = u64::from(w) - 1 + u64::from(!s);
                let capv = self.imm(cap);
                let n = self.b.ins().umin(n, capv);
                if s {
                    let v = self.sext(x, w);
                    let v = self.b.ins().sshr(v, n);
                    self.mask(v, w)
                } else {
                    let big = self.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, n, i64::from(w));
                    let v = self.mask(x, w);
                    let v = self.b.ins().ushr(v, n);
                    let z = self.imm(0);
                    self.b.ins().select(big, z, v)
                }
            }
            BinOp::Min(w, s) | BinOp::Max(w, s) => {
                let max = matches!(op, BinOp::Max(..));
                if s {
                    let (p, q) = (self.sext(x, w), self.sext(y, w));
                    let v = if max { self.b.ins().smax(p, q) } else { self.b.ins().smin(p, q) };
                    self.mask(v, w)
                } else {
                    let (p, q) = (self.mask(x, w), self.mask(y, w));
                    if max { self.b.ins().umax(p, q) } else { self.b.ins().umin(p, q) }
                }
            }
            BinOp::MulWide(w, s) if w <= 32 => {
                let (p, q) = if s { (self.sext(x, w), self.sext(y, w)) } else { (self.mask(x, w), self.mask(y, w)) };
                let m = self.b.ins().imul(p, q);
                self.mask(m, w * 2)
            }
            BinOp::MulHi(64, s) => {
                if s {
                    self.b.ins().smulhi(x, y)
                } else {
                    self.b.ins().umulhi(x, y)
                }
            }
            BinOp::MulHi(w, s) if w < 64 => {
                let (p, q) = if s { (self.sext(x, w), self.sext(y, w)) } else { (self.mask(x, w), self.mask(y, w)) };
                let m = self.b.ins().imul(p, q);
                let h =
                    if s { self.b.ins().sshr_imm_s(m, i64::from(w)) } else { self.b.ins().ushr_imm_s(m, i64::from(w)) };
                self.mask(h, w)
            }
            BinOp::F32(fb @ (FBin::Add | FBin::Sub | FBin::Mul | FBin::Div), false, false) => {
                let (p, q) = (self.f32_of(x), self.f32_of(y));
                let r = match fb {
                    FBin::Add => self.b.ins().fadd(p, q),
                    FBin::Sub => self.b.ins().fsub(p, q),
                    FBin::Mul => self.b.ins().fmul(p, q),
                    _ => self.b.ins().fdiv(p, q),
                };
                self.of32(r)
            }
            BinOp::F64(fb @ (FBin::Add | FBin::Sub | FBin::Mul | FBin::Div)) => {
                let (p, q) = (self.f64_of(x), self.f64_of(y));
                let r = match fb {
                    FBin::Add => self.b.ins().fadd(p, q),
                    FBin::Sub => self.b.ins().fsub(p, q),
                    FBin::Mul => self.b.ins().fmul(p, q),
                    _ => self.b.ins().fdiv(p, q),
                };
                self.bits64(r)
            }
            _ => {
                self.note_helper(op);
                let p = self.ptr(op);
                self.call1(h::h_binop as *const () as usize, &[p, x, y])
            }
        }
    }

    /// `v ^ m` for an f32 sign-flip mask `m` (0 or 0x80000000): the bits, with a float view.
    fn flip32(&mut self, v: Value, m: u64) -> Value {
        if m & 0xffff_ffff == 0 {
            return v;
        }
        if m & 0xffff_ffff != 0x8000_0000 {
            return self.b.ins().bxor_imm_s(v, m as i64);
        }
        let f = self.f32_of(v);
        let n = self.b.ins().fneg(f);
        let bits = self.b.ins().bitcast(types::I32, MemFlagsData::new(), n);
        let bits = self.b.ins().uextend(I64, bits);
        self.fview.insert(bits, n);
        bits
    }

    /// Under `CUPRITE_JIT_DUMP`, names an operation that calls its interpreter implementation
    /// (what to inline next).
    fn note_helper(&self, op: &dyn std::fmt::Debug) {
        if std::env::var_os("CUPRITE_JIT_DUMP").is_some() {
            eprintln!("jit `{}`: helper call for {op:?}", self.f.name);
        }
    }

    fn fma32(&mut self, x: Value, y: Value, z: Value) -> Value {
        let (p, q, r) = (self.f32_of(x), self.f32_of(y), self.f32_of(z));
        let v = self.b.ins().fma(p, q, r);
        self.of32(v)
    }

    fn ternop(&mut self, op: &'a TernOp, x: Value, y: Value, z: Value) -> Value {
        match *op {
            TernOp::MadLo(w) => {
                let m = self.b.ins().imul(x, y);
                let v = self.b.ins().iadd(m, z);
                self.mask(v, w)
            }
            TernOp::MadWide(32, s) => {
                let m = self.binop_wide(x, y, s);
                self.b.ins().iadd(m, z)
            }
            TernOp::Fma32(false, false) => self.fma32(x, y, z),
            TernOp::NegFma { xm, zm, k: FmaKind::F32(false) } => {
                // A sign flip in the float domain (fneg) keeps the operand's float view.
                let p = self.flip32(x, xm);
                let r = self.flip32(z, zm);
                self.fma32(p, y, r)
            }
            TernOp::Selp => {
                let bit = self.b.ins().band_imm_s(z, 1);
                self.b.ins().select(bit, x, y)
            }
            _ => {
                self.note_helper(op);
                let p = self.ptr(op);
                self.call1(h::h_ternop as *const () as usize, &[p, x, y, z])
            }
        }
    }

    fn binop_wide(&mut self, x: Value, y: Value, s: bool) -> Value {
        let (p, q) = if s { (self.sext(x, 32), self.sext(y, 32)) } else { (self.mask(x, 32), self.mask(y, 32)) };
        self.b.ins().imul(p, q)
    }

    /// The comparison as 0/1.
    fn compare(&mut self, c: &'a Cmp, x: Value, y: Value) -> Value {
        use CmpOp::*;
        match c.kind {
            b's' | b'u' => {
                let s = c.kind == b's';
                let (p, q) =
                    if s { (self.sext(x, c.w), self.sext(y, c.w)) } else { (self.mask(x, c.w), self.mask(y, c.w)) };
                let cc = match (c.op, s) {
                    (Eq, _) => IntCC::Equal,
                    (Ne, _) => IntCC::NotEqual,
                    (Lt | Lo, true) => IntCC::SignedLessThan,
                    (Lt | Lo, false) => IntCC::UnsignedLessThan,
                    (Le | Ls, true) => IntCC::SignedLessThanOrEqual,
                    (Le | Ls, false) => IntCC::UnsignedLessThanOrEqual,
                    (Gt | Hi, true) => IntCC::SignedGreaterThan,
                    (Gt | Hi, false) => IntCC::UnsignedGreaterThan,
                    (_, true) => IntCC::SignedGreaterThanOrEqual,
                    (_, false) => IntCC::UnsignedGreaterThanOrEqual,
                };
                let r = self.b.ins().icmp(cc, p, q);
                self.bool64(r)
            }
            b'f' | b'd' if !(c.kind == b'f' && c.ftz) => {
                let cc = match c.op {
                    Eq => FloatCC::Equal,
                    Ne => FloatCC::OrderedNotEqual,
                    Lt => FloatCC::LessThan,
                    Le => FloatCC::LessThanOrEqual,
                    Gt => FloatCC::GreaterThan,
                    Ge => FloatCC::GreaterThanOrEqual,
                    Equ => FloatCC::UnorderedOrEqual,
                    Neu => FloatCC::NotEqual,
                    Ltu => FloatCC::UnorderedOrLessThan,
                    Leu => FloatCC::UnorderedOrLessThanOrEqual,
                    Gtu => FloatCC::UnorderedOrGreaterThan,
                    Geu => FloatCC::UnorderedOrGreaterThanOrEqual,
                    Num => FloatCC::Ordered,
                    Nan => FloatCC::Unordered,
                    Lo | Ls | Hi | Hs => return self.imm(0),
                };
                let (p, q) =
                    if c.kind == b'f' { (self.f32_of(x), self.f32_of(y)) } else { (self.f64_of(x), self.f64_of(y)) };
                let r = self.b.ins().fcmp(cc, p, q);
                self.bool64(r)
            }
            _ => {
                let p = self.ptr(c);
                self.call1(h::h_cmp as *const () as usize, &[p, x, y])
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn setp(
        &mut self,
        cm: &'a Cmp,
        out: SetOut,
        d: Reg,
        dn: Option<Reg>,
        a: Src,
        b: Src,
        comb: Option<(BoolOp, Src, bool)>,
    ) {
        let (x, y) = (self.src(a), self.src(b));
        let mut p = self.compare(cm, x, y);
        let mut pn = self.b.ins().bxor_imm_s(p, 1);
        if let Some((op, s, neg)) = comb {
            let c = self.src(s);
            let q = self.b.ins().band_imm_s(c, 1);
            let q = if neg { self.b.ins().bxor_imm_s(q, 1) } else { q };
            let f = |cg: &mut Self, v: Value| match op {
                BoolOp::And => cg.b.ins().band(v, q),
                BoolOp::Or => cg.b.ins().bor(v, q),
                BoolOp::Xor => cg.b.ins().bxor(v, q),
            };
            p = f(self, p);
            pn = f(self, pn);
        }
        match out {
            SetOut::Pred => {
                self.set(d, p);
                if let Some(dn) = dn {
                    self.set(dn, pn);
                }
            }
            SetOut::Bits(t) => {
                let tv = self.imm(t);
                let z = self.imm(0);
                let v = self.b.ins().select(p, tv, z);
                self.set(d, v);
            }
        }
    }
}

/// Whether a 32-bit shared-memory atomic `op` is inlined.
fn inline_atom(op: AtomOp) -> bool {
    matches!(
        op,
        AtomOp::Add
            | AtomOp::And
            | AtomOp::Or
            | AtomOp::Xor
            | AtomOp::MinU
            | AtomOp::MaxU
            | AtomOp::MinS
            | AtomOp::MaxS
            | AtomOp::Exch
    )
}

/// Whether `c` is an integer-to-integer conversion without saturation (inlined).
fn int_cvt(c: &Cvt) -> bool {
    c.from.kind() != TypeKind::Float && c.to.kind() != TypeKind::Float && !c.sat
}
