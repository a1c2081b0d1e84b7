//! Texture and surface instructions: each source's lanes go to a stack slot (a register image
//! each, `exec::Planar`), `jit::tex::h_tex_lanes` runs the interpreter's lane function over the
//! executing lanes in lane order, and the results come back as lanes through a second slot,
//! held in SSA values like any other result.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind, Value, types};

use super::ops::Lanes;
use super::*;
use crate::exec::{tex_results, tex_sources};
use crate::ir::tex::TexOp;
use crate::jit::tex::{MAX_SOURCES, h_tex_lanes};

/// Bytes of one register image (`exec::Planar`).
const IMAGE: i32 = 256;

impl WarpCodegen<'_, '_> {
    /// Instruction `op` at `pc` for lanes `em` (`full`: every live lane); false when a source
    /// has no vector form here, or there are more than `MAX_SOURCES` (the interpreter then runs
    /// the instruction).
    pub(super) fn tex(&mut self, pc: u32, op: &TexOp, em: Value, full: bool) -> bool {
        let mut srcs = Vec::new();
        tex_sources(op, |s| srcs.push(s));
        if srcs.len() > MAX_SOURCES {
            return false;
        }
        let mut vals = Vec::with_capacity(srcs.len());
        for s in srcs {
            match self.vsrc(s) {
                Some(v) => vals.push(v),
                None => return false,
            }
        }
        let mut dests = Vec::new();
        tex_results(op, |_, r| dests.push(r));
        // 16-byte aligned: the images move as `i32x4` groups.
        let slot = |n: usize| StackSlotData::new(StackSlotKind::ExplicitSlot, IMAGE as u32 * n.max(1) as u32, 4);
        let args = self.b.create_sized_stack_slot(slot(vals.len()));
        let out = self.b.create_sized_stack_slot(slot(dests.len()));
        for (k, &v) in vals.iter().enumerate() {
            let at = IMAGE * k as i32;
            for q in 0..8 {
                let (lo, hi) = (self.quad(v, q), self.hi_quad(v, q));
                self.b.ins().stack_store(I64, lo, args, at + 16 * q);
                self.b.ins().stack_store(I64, hi, args, at + 128 + 16 * q);
            }
        }
        let (ctx, opp) = (self.ctx, self.imm(op as *const TexOp as u64));
        let argp = self.b.ins().stack_addr(I64, args, 0);
        let outp = self.b.ins().stack_addr(I64, out, 0);
        let (nargs, nout) = (self.imm(vals.len() as u64), self.imm(dests.len() as u64));
        let r = self.call(h_tex_lanes as *const () as usize, &[ctx, opp, em, argp, nargs, outp, nout], true);
        let r = r.unwrap_or(ctx);
        let (bad, cont) = (self.b.create_block(), self.b.create_block());
        self.b.set_cold_block(bad);
        let faulted = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
        self.b.ins().brif(faulted, bad, &[], cont, &[]);
        self.b.switch_to_block(bad);
        let lane = self.b.ins().iadd_imm_s(r, -1);
        self.fault_exit(pc, lane);
        self.b.switch_to_block(cont);
        for (j, d) in dests.into_iter().enumerate() {
            let at = IMAGE * j as i32;
            let lo = std::array::from_fn(|q| self.b.ins().stack_load(I64, types::I32X4, out, at + 16 * q as i32));
            let hi = std::array::from_fn(|q| self.b.ins().stack_load(I64, types::I32X4, out, at + 128 + 16 * q as i32));
            self.put(d, Lanes::Planes(lo, hi), em, full);
        }
        true
    }
}
