//! Lane arithmetic with no vector form here (`mad.hi`, `mad.wide`, `bfe`, `bfi`, `prmt`,
//! `lop3`, `dp4a`, `popc`, saturating and directed-rounding forms, ...): each source's lanes go
//! to a stack slot (a register image each, `exec::Planar`, as `tex.rs` passes them), and one
//! helper call ([`h_lanes`]) runs the reference semantics (`semantics::arith`) over the
//! warp's 32 lanes, exactly as the interpreter runs the instruction. That replaces a
//! hand-back to the interpreter per instruction (`entry::h_step`: the warp's registers stored
//! and read back, a stack entry, the interpreter's dispatch), and there is still one
//! semantics per operation.

use cranelift_codegen::ir::{InstBuilder, StackSlotData, StackSlotKind, Value, types};

use super::ops::Lanes;
use super::*;
use crate::exec::Planar;

/// Bytes of one register image (`exec::Planar`).
const IMAGE: i32 = 256;

/// The most sources an operation has (`bfi`).
const MAX_SOURCES: usize = 4;

impl WarpCodegen<'_, '_> {
    /// `op` (a unary, binary or ternary operation or `bfi` on registers that are no
    /// predicates) for lanes `em` (`full`: every live lane) by [`h_lanes`]; false when it is
    /// none of these or a source has no vector form here (the interpreter then runs it).
    pub(super) fn lanewise(&mut self, op: &Op, em: Value, full: bool) -> bool {
        let (d, srcs): (Reg, &[Src]) = match op {
            Op::Un { d, a, .. } => (*d, std::slice::from_ref(a)),
            Op::Bin { d, a, b, .. } => (*d, &[*a, *b]),
            Op::Tern { d, a, b, c, .. } => (*d, &[*a, *b, *c]),
            Op::Bfi { d, a, b, c, e, .. } => (*d, &[*a, *b, *c, *e]),
            Op::Setp { .. }
            | Op::Pack { .. }
            | Op::Unpack { .. }
            | Op::Mov2 { .. }
            | Op::Cvta { .. }
            | Op::Isspacep { .. }
            | non_register_ops!() => return false,
        };
        let is_pred = |r: Reg| self.f.reg_bits.get(r as usize).is_none_or(|&b| b == 1);
        if is_pred(d) || srcs.iter().any(|s| matches!(*s, Src::Reg(r) if is_pred(r))) {
            return false;
        }
        let mut vals = [None; MAX_SOURCES];
        for (v, &s) in vals.iter_mut().zip(srcs) {
            match self.vsrc(s) {
                Some(x) => *v = Some(x),
                None => return false,
            }
        }
        // 16-byte aligned: the images move as `i32x4` groups.
        let slot = |n: usize| StackSlotData::new(StackSlotKind::ExplicitSlot, IMAGE as u32 * n as u32, 4);
        let args = self.b.create_sized_stack_slot(slot(srcs.len()));
        let out = self.b.create_sized_stack_slot(slot(1));
        for (k, v) in vals.into_iter().flatten().enumerate() {
            let at = IMAGE * k as i32;
            for q in 0..8 {
                let (lo, hi) = (self.quad(v, q), self.hi_quad(v, q));
                self.b.ins().stack_store(I64, lo, args, at + 16 * q);
                self.b.ins().stack_store(I64, hi, args, at + 128 + 16 * q);
            }
        }
        let opp = self.imm(op as *const Op as u64);
        let argp = self.b.ins().stack_addr(I64, args, 0);
        let outp = self.b.ins().stack_addr(I64, out, 0);
        self.call(h_lanes as *const () as usize, &[opp, argp, outp], false);
        let lo = std::array::from_fn(|q| self.b.ins().stack_load(I64, types::I32X4, out, 16 * q as i32));
        let lanes = if self.narrow(d) {
            Lanes::Quads(lo)
        } else {
            let hi = std::array::from_fn(|q| self.b.ins().stack_load(I64, types::I32X4, out, 128 + 16 * q as i32));
            Lanes::Planes(lo, hi)
        };
        self.put(d, lanes, em, full);
        true
    }
}

/// Runs `op` (a unary, binary or ternary operation or `bfi`) on every lane of the register
/// images at `args` (one per source, in the instruction's order) into the image at `out`,
/// as the interpreter does (`exec::arith`); lanes outside the running path are computed too
/// and blended away by the caller, as the interpreter computes them and masks its write.
pub(crate) extern "C" fn h_lanes(op: *const Op, args: *const Planar, out: *mut Planar) {
    // SAFETY: compiled code passes a pointer into the code of the function it was compiled
    // from (alive as long as the code: `WarpCode::_func`), a stack slot of as many register
    // images as the operation has sources and one of one image, neither referenced elsewhere
    // during the call.
    let (op, out) = unsafe { (&*op, &mut *out) };
    let sources = match op {
        Op::Un { .. } => 1,
        Op::Bin { .. } => 2,
        Op::Tern { .. } => 3,
        Op::Bfi { .. } => 4,
        // `lanewise` passes none of these.
        Op::Setp { .. }
        | Op::Pack { .. }
        | Op::Unpack { .. }
        | Op::Mov2 { .. }
        | Op::Cvta { .. }
        | Op::Isspacep { .. }
        | non_register_ops!() => 0,
    };
    // SAFETY: as above: `sources` images at `args`.
    let args = unsafe { std::slice::from_raw_parts(args, sources) };
    let lanes = |k: usize| -> [u64; 32] {
        std::array::from_fn(|l| args.get(k).map_or(0, |a| u64::from(a[l]) | u64::from(a[32 + l]) << 32))
    };
    let mut r = [0u64; 32];
    match op {
        Op::Un { op, .. } => crate::semantics::arith::unop(op, &lanes(0), &mut r),
        Op::Bin { op, .. } => crate::semantics::arith::binop(op, &lanes(0), &lanes(1), &mut r),
        Op::Tern { op, .. } => crate::semantics::arith::ternop(op, &lanes(0), &lanes(1), &lanes(2), &mut r),
        Op::Bfi { w, .. } => {
            let [a, b, c, e] = [lanes(0), lanes(1), lanes(2), lanes(3)];
            for (k, r) in r.iter_mut().enumerate() {
                *r = crate::semantics::arith::bfi(*w, a[k], b[k], c[k], e[k]);
            }
        }
        Op::Setp { .. }
        | Op::Pack { .. }
        | Op::Unpack { .. }
        | Op::Mov2 { .. }
        | Op::Cvta { .. }
        | Op::Isspacep { .. }
        | non_register_ops!() => {}
    }
    for (l, v) in r.into_iter().enumerate() {
        out[l] = v as u32;
        out[32 + l] = (v >> 32) as u32;
    }
}
