//! Texture and surface instructions: the running thread's source values go to a stack slot,
//! `jit::tex::h_tex` runs the interpreter's lane function on them, and the results come back
//! through a second slot.

use cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind};

use super::{I64, ThreadCodegen};
use crate::exec::{RESULT_SLOTS, tex_results, tex_sources};
use crate::ir::tex::TexOp;
use crate::jit::tex::h_tex;

impl<'a> ThreadCodegen<'a, '_> {
    /// Instruction `op` at `pc` (which `support::unsupported` accepted).
    pub(super) fn tex(&mut self, pc: u32, op: &'a TexOp) {
        let mut srcs = Vec::new();
        tex_sources(op, |s| srcs.push(s));
        let vals: Vec<_> = srcs.into_iter().map(|s| self.src(s)).collect();
        let slot = |n: usize| StackSlotData::new(StackSlotKind::ExplicitSlot, (8 * n.max(1)) as u32, 3);
        let args = self.b.create_sized_stack_slot(slot(vals.len()));
        let out = self.b.create_sized_stack_slot(slot(RESULT_SLOTS));
        for (k, v) in vals.iter().enumerate() {
            self.b.ins().stack_store(I64, *v, args, 8 * k as i32);
        }
        let ctx = self.ctx;
        let opp = self.ptr(op);
        let argp = self.b.ins().stack_addr(I64, args, 0);
        let n = self.imm(vals.len() as u64);
        let outp = self.b.ins().stack_addr(I64, out, 0);
        self.call(h_tex as *const () as usize, &[ctx, opp, argp, n, outp], false);
        self.check_fault(pc);
        tex_results(op, |k, r| {
            let v = self.b.ins().stack_load(I64, I64, out, 8 * k as i32);
            self.set(r, v);
        });
    }
}
