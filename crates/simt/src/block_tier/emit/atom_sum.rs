//! The lane phase's atomics that combine: an integer `atom.add` (or `and`, `or`, `xor`) whose
//! lanes all name one address (a uniform one) and whose old value no lane reads is one atomic
//! of the lanes' combined operand, by the group's first lane at it. A kernel whose every thread
//! adds its partial sum to one counter (`atomicAdd(&sum, v)`) otherwise pays a locked
//! read-modify-write per thread, on one cache line (the kit's `reduce_atomic`: most of its
//! time).
//!
//! The result is the same (`semantics::atomic::apply` of the combined operand): the operations
//! are associative and commutative on integers (wrapping, at the access width), and the
//! lanes' atomics, done one after the other at one program point with no value returned, are
//! the combined one as other threads can see them (an order in which they follow each other). A
//! bad address faults naming the group's first lane at the instruction, the one whose access
//! comes first.

use std::fmt::Write;

use super::Emitter;
use crate::ir::AtomOp;
use crate::ir::{Base, Guard, Op, Src};

impl Emitter<'_> {
    /// Emits `op` at `pc` for the lanes at it (`guard`) as one combined atomic, if it is one
    /// that combines; whether it did.
    pub(super) fn lane_atom_sum(&mut self, pc: u32, guard: Option<Guard>, op: &Op) -> bool {
        let Op::Atom { space, op: aop, size, d, addr, b, c } = *op else { return false };
        let (combine, identity) = match aop {
            AtomOp::Add => ("+", "0ull"),
            AtomOp::Or => ("|", "0ull"),
            AtomOp::Xor => ("^", "0ull"),
            AtomOp::And => ("&", "~0ull"),
            _ => return false,
        };
        let uniform_base = match addr.base {
            Base::Reg(r) => self.is_uniform(r),
            Base::Abs | Base::Global(_) => true,
            // Local memory differs per thread.
            Base::Local(_) => false,
        };
        let dead = d.is_none_or(|r| !self.live.live_at(pc + 1).contains(&(r as usize)));
        // (`c` is unused by these operations; a register there would be read per lane.)
        let plain_c = !matches!(c, Src::Reg(_));
        if !matches!(size, 4 | 8) || !uniform_base || !dead || !plain_c {
            return false;
        }
        self.out.push_str("{\n");
        self.lane_mask(guard);
        let v = self.src(b);
        let _ = writeln!(
            self.out,
            "if (m_) {{\n\
             u64 y_sum_ = {identity}; LANES if (m_ >> l & 1) y_sum_ = y_sum_ {combine} (u64)({v});\n\
             const u64 t = t0 + (u64)__builtin_ctz(m_); u64 local = locals + t * local_len; (void)local;"
        );
        self.atom_of(pc, (space, aop, size), None, addr, "y_sum_", c);
        self.out.push_str("} }\n");
        true
    }
}
