//! The interpreter's loop: runs a warp's instructions until it yields, handing each
//! instruction to the function of its family's module (`arith`, `load_store`, `collective`,
//! `control`, `calls`, `mbarrier`, `tex`, `mma`, `cluster`).

use super::load_store::Access;
use super::*;

/// What an instruction did to its warp's running path.
pub(super) enum Flow {
    /// The path goes on at the next instruction.
    Next,
    /// The instruction moved the path itself (a branch, a parked collective).
    Moved,
    /// The instruction called a function: the warp runs the callee now.
    Entered,
    /// The warp's slice ends here (its path already moved as the instruction says).
    Yield(Yield),
}

/// Scratch lanes for an instruction's operands (`a`, `b`, `c`) and result (`r`), kept for
/// the whole slice so that no instruction pays for zeroing them.
#[derive(Default)]
pub(super) struct Scratch {
    pub(super) a: [u64; 32],
    pub(super) b: [u64; 32],
    pub(super) c: [u64; 32],
    pub(super) r: [u64; 32],
}

impl Warp {
    /// Moves the running path (the top of the stack) to `pc`.
    #[inline(always)]
    pub(super) fn set_pc(&mut self, pc: u32) {
        if let Some(t) = self.stack.last_mut() {
            t.pc = pc;
        }
    }

    /// Runs the warp from where its running path stands until it yields (it finished,
    /// reached a barrier, gave way, or the launch stopped) or faults.
    pub(crate) fn run(&mut self, b: &mut Block<'_, '_>) -> WarpResult<Yield> {
        let l = b.l;
        let mut func = kernel(l, self.func);
        let mut scratch = Scratch::default();
        let mut executed: u64 = 0;
        // A kernel whose threads race through a module variable (`Func::warps_interleave`):
        // each slice of a warp ends before its second memory access, so the block's warps
        // make their k-th accesses in round k, as warps that start together on a GPU do.
        let interleave = kernel(l, l.kernel).warps_interleave && l.block.iter().product::<u32>() > 32;
        if !interleave && !std::mem::take(&mut self.slept) {
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
                if let Some(kind) = super::over_time(l) {
                    return Err(fault(kind, top.mask.trailing_zeros()));
                }
                // Blocks may spin on each other: share the cores, start blocks waited for.
                super::yield_point(l);
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

            if emask == 0 && !matches!(inst.op, Op::Bra { .. }) {
                self.set_pc(pc + 1);
                continue;
            }
            match self.execute(b, func, inst, top, emask, &mut scratch)? {
                Flow::Next => self.set_pc(pc + 1),
                Flow::Moved => {}
                Flow::Entered => func = kernel(l, self.func),
                Flow::Yield(y) => break y,
            }
        };
        b.executed += executed;
        Ok(result)
    }

    /// Executes `inst` (of `func`, on the running path `top`) for lanes `emask`.
    #[inline(always)]
    fn execute(
        &mut self,
        b: &mut Block<'_, '_>,
        func: &Func,
        inst: &Inst,
        top: Entry,
        emask: u32,
        s: &mut Scratch,
    ) -> WarpResult<Flow> {
        let l = b.l;
        let (pc, next) = (top.pc, top.pc + 1);
        match &inst.op {
            // Lanes that must arrive together wait for each other first (`converge.rs`).
            Op::WarpSync { .. }
            | Op::Bar { .. }
            | Op::Shfl { .. }
            | Op::Vote { .. }
            | Op::Redux { .. }
            | Op::Match { .. }
                if matches!(self.sync_point(b, func, inst, emask)?, converge::Sync::Next) =>
            {
                return Ok(Flow::Moved);
            }
            Op::WarpSync { .. } | Op::Nop => {}
            Op::Fence => std::sync::atomic::fence(Ordering::SeqCst),
            Op::Nanosleep => {
                self.set_pc(next);
                // The backoff of a polling loop: its backward branches count on across the
                // slice boundary, so that a loop that sleeps in a called function (a -G
                // build's `__nanosleep`) still gives way where it loops, and splits there.
                self.slept = true;
                let lock = spins_for_lock(l, &func.code, pc, pc, top.rpc);
                return Ok(Flow::Yield(self.give_way(lock, self.frames.is_empty())));
            }
            // Lane arithmetic (`arith.rs`).
            Op::Un { op: UnOp::Mov, d, a: Src::Reg(sa) } => self.mov_reg(d, sa, emask),
            Op::Un { op: UnOp::Mov, d, a: sa } if emask == FULL && (*d as usize) < self.regs.len() => {
                self.mov_uniform(b, d, sa)
            }
            Op::Un { op, d, a } => self.unary(b, op, d, a, emask, s)?,
            Op::Bin { op, d, a, b: sb } => self.binary(b, op, d, [a, sb], emask, s)?,
            Op::Tern { op, d, a, b: sb, c } => self.ternary(b, op, d, [a, sb, c], emask, s)?,
            Op::Bfi { w, d, a, b: sb, c, e } => self.bfi(b, w, d, [a, sb, c, e], emask, s),
            Op::Setp { cmp, out, d, dn, a, b: sb, comb } => self.setp(b, (cmp, out, comb), (d, dn), (a, sb), emask, s),
            Op::Pack { d, parts, bits } => self.pack(b, d, parts, bits, emask, s),
            Op::Unpack { parts, a, bits } => self.unpack(b, parts, a, bits, emask, s),
            Op::Mov2 { d, a } => self.mov2(b, d, a, emask, s),
            Op::Carry { op, w, signed, cin, cout, d, a, b: sb, c } => {
                self.carry_op(b, (op, w, signed, cin, cout), d, [a, sb, c], emask, s)
            }
            // Memory (`load_store.rs`, `mbarrier.rs`).
            Op::Ld { space, size, sext, d, addr, whole, .. } => {
                let at = Access { space, size, addr };
                self.vector_aligned(b, at, d.len(), emask)?;
                if *whole { self.ld_whole(b, at, sext, d, emask)? } else { self.ld(b, at, sext, d, emask, s)? }
            }
            Op::St { space, size, vals, addr, whole, .. } => {
                let at = Access { space, size, addr };
                self.vector_aligned(b, at, vals.len(), emask)?;
                if *whole { self.st_whole(b, at, vals, emask)? } else { self.st(b, at, vals, emask, s)? }
            }
            Op::Atom { space, op, size, d, addr, b: sb, c } => {
                self.atom(b, (space, op, size), d, addr, (sb, c), emask, s)?
            }
            Op::Atom128 { space, cas, d, addr, b: sb, c } => self.atom128(b, space, cas, d, addr, (sb, c), emask)?,
            Op::AtomV(v) => self.atom_vec(b, v, emask, s)?,
            Op::CpAsync { dst, src, size, src_size, ignore } => {
                self.cp_async(b, (dst, src), size, src_size, ignore, emask, s)?
            }
            Op::Cvta { to_generic, space, d, a } => self.cvta(b, to_generic, space, d, a, emask, s),
            Op::Isspacep { window, d, a } => self.isspacep(b, window, d, a, emask, s),
            Op::Mbar { op, d, addr, space, a } => return self.mbar(b, op, d, (addr, space), a, (emask, next), s),
            Op::CpBulk { dst, src, size, mbar } => self.cp_bulk(b, (dst, src, mbar.as_ref()), size, emask, s)?,
            // Textures, matrix multiply-accumulate, clusters (`tex.rs`, `mma.rs`, `cluster.rs`).
            Op::Tex(t) => self.tex_op(b, t, emask)?,
            Op::Mma(m) => self.mma_op(b, m, emask)?,
            Op::Cluster(ClusterOp::Wait) if self.cluster_arrived & emask != 0 => {
                // The phase these lanes arrived in has not completed yet. Lanes of the warp
                // waiting for them where their paths join (lanes that returned early) go on
                // first, as each thread does on a GPU: the barrier waits for threads, and
                // their exit releases it (PTX ISA, `exit`). This wait runs again after them.
                if self.split_join() {
                    return Ok(Flow::Moved);
                }
                self.bar_pc = pc;
                self.set_pc(next);
                return Ok(Flow::Yield(Yield::ClusterWait));
            }
            Op::Cluster(op) => self.cluster_op(b, op, emask)?,
            // Control flow and calls (`control.rs`, `calls.rs`, `builtins.rs`).
            Op::Bra { target, ipdom } => return Ok(self.bra(l, func, target, ipdom, (top, emask))),
            Op::Brx { index, targets, ipdom } => return self.brx(b, index, targets, ipdom, (top, emask), s),
            Op::Call { func: fi, args, rets } => return self.call(l, func, fi, args, rets, (emask, next)),
            Op::CallInd { target, args, rets } => {
                return self.call_indirect(b, func, target, args, rets, (top, emask), s);
            }
            Op::Ret if !self.frames.is_empty() => return Ok(self.ret(emask, next)),
            Op::Ret | Op::Exit => return Ok(self.exit(emask, next)),
            Op::Trap => return Err(fault(FaultKind::Trap, emask.trailing_zeros())),
            Op::Builtin { f, args, ret } => self.builtin_call(b, f, args, ret, emask)?,
            Op::Alloca { d, size, align } => self.alloca(b, func, d, size, align, emask, s)?,
            Op::StackSave { d } => self.stack_save(func, d, emask),
            Op::StackRestore { a } => self.stack_restore(b, a, emask, s),
            // Warp collectives and barriers (`collective.rs`).
            Op::Bar { id, count, kind } => return Ok(self.barrier(b, id, count, kind, (pc, emask), s)),
            Op::Elect { .. } | Op::Shfl { .. } | Op::Vote { .. } | Op::Redux { .. } | Op::Match { .. } => {
                self.collective(b, &inst.op, emask)
            }
            Op::Activemask { d } => self.activemask(d, top.mask, emask),
        }
        Ok(Flow::Next)
    }
}
