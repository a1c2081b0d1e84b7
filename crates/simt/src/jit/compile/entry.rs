//! The thread loop around a kernel's code: per-call constants, dispatch to each ready thread's
//! resume point, and stepping to the next thread.

use super::*;

impl<'a, 'b> ThreadCodegen<'a, 'b> {
    /// Emits the thread loop: for each ready thread (state 0 in its state word), resume index
    /// 0 zeroes the registers and starts at pc 0, resume k reloads them from the thread's frame
    /// and continues at its target; `advance` steps `t` and `%tid` (x, then y, then z).
    pub(super) fn with_entry(mut self, n: Value) -> Self {
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
        self.pass_done(head);
        self.b.switch_to_block(check);
        let word = self.thread_ready(t, dispatch);
        self.b.switch_to_block(dispatch);
        self.dispatch_thread(t, word);
        self.advance_thread(head);
        self
    }

    /// The end of a pass over the threads (in block `head`'s `all` successor): returns
    /// `ST_ALL`, unless a barrier every live thread reached can be released here.
    fn pass_done(&mut self, head: Block) {
        let st = self.b.ins().iconst(I64, ST_ALL as i64);
        if self.resumes.is_empty() || self.f.code.iter().any(|i| is_collective(&i.op)) {
            self.b.ins().return_(&[st]);
        } else {
            // A barrier every live thread reached, with no thread waiting from before this
            // call (`ctx.clean`): release it here and run the pass again, without a round trip
            // through the runner (threads stopped at it are in state 1: `released` makes the
            // next pass run them).
            let clean = self.ctx_ld(off::CLEAN);
            let yielded = self.ctx_ld(off::COUNTS);
            let reached = self.ctx_ld(off::COUNTS + 8);
            let ids = self.ctx_ld(off::BAR_IDS);
            let one_id = self.b.ins().popcnt(ids);
            let one_id = self.b.ins().icmp_imm_s(IntCC::Equal, one_id, 1);
            let none_yielded = self.b.ins().icmp_imm_s(IntCC::Equal, yielded, 0);
            let some = self.b.ins().icmp_imm_s(IntCC::NotEqual, reached, 0);
            let clean = self.b.ins().icmp_imm_s(IntCC::NotEqual, clean, 0);
            let ok = self.b.ins().band(one_id, none_yielded);
            let ok = self.b.ins().band(ok, some);
            let ok = self.b.ins().band(ok, clean);
            let again = self.b.create_block();
            let done = self.b.create_block();
            self.b.ins().brif(ok, again, &[], done, &[]);
            self.enter(done);
            self.b.ins().return_(&[st]);
            self.enter(again);
            let zero = self.b.ins().iconst(I64, 0);
            let one = self.b.ins().iconst(I64, 1);
            for o in [off::COUNTS, off::COUNTS + 8, off::BAR_IDS] {
                self.b.ins().store(flags(), zero, self.ctx, o);
            }
            self.b.ins().store(flags(), one, self.ctx, off::RELEASED);
            self.b.def_var(self.t, zero);
            for v in self.tid {
                self.b.def_var(v, zero);
            }
            self.b.ins().jump(head, &[]);
        }
    }

    /// Branches to `dispatch` when thread `t` is ready to run, else to the next thread; the
    /// thread's state word (its resume index in the low 24 bits), or `t` itself when the
    /// kernel has no resume points (every thread runs once, from the start, to its end: no
    /// state words, no frames; the runner knows).
    fn thread_ready(&mut self, t: Value, dispatch: Block) -> Value {
        if !self.resumes.is_empty() {
            let off4 = self.b.ins().ishl_imm_s(t, 2);
            let sp = self.b.ins().iadd(self.states, off4);
            let word = self.b.ins().uload32(flags(), sp, 0);
            // Ready (0), or released from the barrier all threads reached in the last pass (1
            // with `ctx.released`).
            let state = self.b.ins().ushr_imm_s(word, 24);
            let released = self.ctx_ld(off::RELEASED);
            let at_bar = self.b.ins().icmp_imm_s(IntCC::Equal, state, 1);
            let rel = self.b.ins().icmp_imm_s(IntCC::NotEqual, released, 0);
            let rel = self.b.ins().band(at_bar, rel);
            let ready = self.b.ins().icmp_imm_s(IntCC::Equal, state, 0);
            let run = self.b.ins().bor(ready, rel);
            self.b.ins().brif(run, dispatch, &[], self.advance, &[]);
            word
        } else {
            self.b.ins().jump(dispatch, &[]);
            t
        }
    }

    /// Sets up thread `t`'s frame, local memory and fuel, then jumps to the code at its resume
    /// point (`word`'s low 24 bits): pc 0 with zeroed registers, or a resume target with the
    /// registers live there reloaded from the frame.
    fn dispatch_thread(&mut self, t: Value, word: Value) {
        let resumable = !self.resumes.is_empty();
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
    }

    /// Block `advance`: steps `t` and `%tid` (x, then y, then z) and goes back to `head`.
    fn advance_thread(&mut self, head: Block) {
        self.b.switch_to_block(self.advance);
        let t = self.b.use_var(self.t);
        let t1 = self.b.ins().iadd_imm_s(t, 1);
        self.b.def_var(self.t, t1);
        // Only the components the kernel reads (and those below them) are kept up to date.
        let reads = |i: u8| {
            self.f.code.iter().any(|inst| {
                let mut found = false;
                crate::analysis::live::for_each_src(&inst.op, &mut |s| found |= s == Src::Sreg(Sreg::Tid(i)));
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
    }

    /// Loads what is the same for every thread of the block once, in the entry block: kernel
    /// parameters at constant offsets and the block/grid special registers.
    pub(super) fn hoist_invariants(&mut self) {
        let f = self.f;
        let mut wanted: Vec<Sreg> = Vec::new();
        for (pc, inst) in f.code.iter().enumerate() {
            if let Op::Ld { space: Space::KParam, size, sext, d, addr, .. } = &inst.op
                && let Some(o) = crate::jit::lower::const_param(f, *addr, *size, d.len())
            {
                for i in 0..d.len() {
                    let v = self.param_load(o + i as i32 * i32::from(*size), *size, *sext);
                    self.hoisted.insert((pc as u32, i as u32), v);
                }
            }
            crate::analysis::live::for_each_src(&inst.op, &mut |s| {
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

    pub(super) fn param_load(&mut self, at: i32, size: u8, sext: bool) -> Value {
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
}
