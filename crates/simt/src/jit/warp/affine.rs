//! Which registers are *lane-affine*: wherever the kernel reads them, lane `l` of the warp
//! holds `base + stride * l` (32-bit, wrapping) for a warp-uniform `base` and a `stride`
//! known when compiling, as `threadIdx.x`, `threadIdx.x & 31` or `blockIdx.x * blockDim.x +
//! threadIdx.x` do in a block whose width is a multiple of 32. Compiled code then compares
//! such a register with a uniform value as one scalar computation of the lanes' bit mask
//! (`WarpCodegen::affine_setp`) instead of 32 lane comparisons.
//!
//! The pattern starts at `%tid.x` and `%laneid`, so it holds only in warps whose lane `l`
//! has `%tid.x` = `32k + l`: those of blocks whose width is a multiple of 32, for which the
//! kernel is compiled separately (`jit::Shape::Rows32`). From there, a register is
//! lane-affine when every instruction that writes it
//! - is a 32-bit integer `mov`, `add`, `sub`, `shl` or `mul.lo` by a constant, `mad.lo` or
//!   `and` with 31 (of `%tid.x` itself, whose base is then a multiple of 32: the lane index)
//!   of lane-affine and warp-uniform operands (`uniform.rs`), with one stride for all of them;
//! - is unpredicated or under a uniform predicate, and outside every divergent region (where
//!   only some lanes write it, as `uniform.rs` defines them).
//!
//! The facts are found optimistically (a loop's `i += blockDim.x` keeps `i` lane-affine) and
//! refined down to a fixpoint.

use crate::analysis::live;
use crate::ir::*;

/// A lane-affine register's pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Affine {
    /// The step from one lane to the next.
    pub stride: i32,
    /// Whether the base is a multiple of 32 (so that the low five bits are the lane's).
    pub aligned: bool,
}

/// What the analysis knows about a register so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fact {
    /// No write of it evaluated yet (optimistic).
    Unset,
    Is(Affine),
    Not,
}

/// An operand's value across the lanes.
#[derive(Clone, Copy)]
enum Opnd {
    /// The same in every lane (a constant when known).
    Uni(Option<u64>),
    Aff(Affine),
    /// An operand whose fact is not evaluated yet.
    Later,
    Other,
}

/// Per register of `f`: its pattern when it is lane-affine (see the module documentation).
/// `uniform` and `divergent` are `uniform::uniform_and_divergent`'s.
pub(crate) fn affine_regs(f: &Func, uniform: &[bool], divergent: &[bool]) -> Vec<Option<Affine>> {
    let n = f.nregs as usize;
    let mut fact = vec![Fact::Unset; n];
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    let is_uniform = |r: Reg| uniform.get(r as usize).copied().unwrap_or(false);
    loop {
        let mut changed = false;
        for (pc, inst) in f.code.iter().enumerate() {
            uses.clear();
            defs.clear();
            live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
            let together = !divergent.get(pc).copied().unwrap_or(true) && inst.guard.is_none_or(|g| is_uniform(g.reg));
            for &d in &defs {
                let Some(cur) = fact.get(d as usize).copied() else { continue };
                if cur == Fact::Not || is_uniform(d) {
                    continue;
                }
                let wide = f.reg_bits.get(d as usize).copied().unwrap_or(0) != 32;
                let new = if !together || wide || defs.len() != 1 {
                    Some(Fact::Not)
                } else {
                    match eval(&inst.op, &fact, uniform) {
                        Opnd::Aff(a) => Some(Fact::Is(a)),
                        Opnd::Later => None,
                        Opnd::Uni(_) | Opnd::Other => Some(Fact::Not),
                    }
                };
                let merged = match (cur, new) {
                    (c, None) => c,
                    (Fact::Unset, Some(x)) => x,
                    (Fact::Is(a), Some(Fact::Is(b))) if a == b => cur,
                    (Fact::Is(a), Some(Fact::Is(b))) if a.stride == b.stride => {
                        Fact::Is(Affine { stride: a.stride, aligned: false })
                    }
                    _ => Fact::Not,
                };
                if merged != cur {
                    fact[d as usize] = merged;
                    changed = true;
                }
            }
        }
        if !changed {
            return fact.into_iter().map(|x| if let Fact::Is(a) = x { Some(a) } else { None }).collect();
        }
    }
}

/// The value instruction `op` writes across the lanes, from what is known of its operands.
fn eval(op: &Op, fact: &[Fact], uniform: &[bool]) -> Opnd {
    let src = |s: &Src| -> Opnd {
        match *s {
            Src::Imm(v) => Opnd::Uni(Some(v & 0xffff_ffff)),
            Src::Sreg(Sreg::Tid(0) | Sreg::Laneid) => Opnd::Aff(Affine { stride: 1, aligned: true }),
            // (`%tid.y` and `%tid.z` too: the analysis is for rows of 32, `uniform.rs`.)
            Src::Sreg(Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_) | Sreg::Tid(1 | 2)) => Opnd::Uni(None),
            Src::Reg(r) if uniform.get(r as usize).copied().unwrap_or(false) => Opnd::Uni(None),
            Src::Reg(r) => match fact.get(r as usize) {
                Some(Fact::Is(a)) => Opnd::Aff(*a),
                Some(Fact::Unset) => Opnd::Later,
                _ => Opnd::Other,
            },
            _ => Opnd::Other,
        }
    };
    let aligned_const = |c: Option<u64>| c.is_some_and(|c| c.is_multiple_of(32));
    // x + y (negated y when `neg`).
    let sum = |x: Opnd, y: Opnd, neg: bool| -> Opnd {
        let sign = if neg { -1 } else { 1 };
        match (x, y) {
            (Opnd::Later, _) | (_, Opnd::Later) => Opnd::Later,
            (Opnd::Aff(a), Opnd::Uni(c)) => {
                Opnd::Aff(Affine { stride: a.stride, aligned: a.aligned && aligned_const(c) })
            }
            (Opnd::Uni(c), Opnd::Aff(b)) => {
                Opnd::Aff(Affine { stride: b.stride.wrapping_mul(sign), aligned: b.aligned && aligned_const(c) })
            }
            (Opnd::Aff(a), Opnd::Aff(b)) => Opnd::Aff(Affine {
                stride: a.stride.wrapping_add(b.stride.wrapping_mul(sign)),
                aligned: a.aligned && b.aligned,
            }),
            (Opnd::Uni(_), Opnd::Uni(_)) => Opnd::Uni(None),
            _ => Opnd::Other,
        }
    };
    // x * y, when one side is a constant (or both are uniform).
    let product = |x: Opnd, y: Opnd| -> Opnd {
        match (x, y) {
            (Opnd::Later, _) | (_, Opnd::Later) => Opnd::Later,
            (Opnd::Aff(a), Opnd::Uni(Some(c))) | (Opnd::Uni(Some(c)), Opnd::Aff(a)) => {
                Opnd::Aff(Affine { stride: a.stride.wrapping_mul(c as u32 as i32), aligned: a.aligned })
            }
            (Opnd::Uni(_), Opnd::Uni(_)) => Opnd::Uni(None),
            _ => Opnd::Other,
        }
    };
    match op {
        Op::Un { op: UnOp::Mov, a, .. } => src(a),
        Op::Bin { op: BinOp::Add(32), a, b, .. } => sum(src(a), src(b), false),
        Op::Bin { op: BinOp::Sub(32), a, b, .. } => sum(src(a), src(b), true),
        Op::Bin { op: BinOp::MulLo(32), a, b, .. } => product(src(a), src(b)),
        Op::Bin { op: BinOp::Shl(32), a, b: Src::Imm(k), .. } if *k < 32 => product(src(a), Opnd::Uni(Some(1 << k))),
        Op::Bin { op: BinOp::And(32), a, b: Src::Imm(31), .. } => match src(a) {
            Opnd::Aff(Affine { stride: 1, aligned: true }) => Opnd::Aff(Affine { stride: 1, aligned: true }),
            Opnd::Later => Opnd::Later,
            _ => Opnd::Other,
        },
        Op::Tern { op: TernOp::MadLo(32), a, b, c, .. } => sum(product(src(a), src(b)), src(c), false),
        // Other widths and operations, and everything but register operations: no pattern
        // followed (the register is then not lane-affine).
        register_ops!() | non_register_ops!() => Opnd::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pattern of the register that the instruction whose text starts with `text`
    /// writes, in kernel `name` of `ptx`.
    fn pattern_of(ptx: &str, name: &str, text: &str) -> Option<Affine> {
        let f = super::super::test_util::decoded(ptx, name);
        let (u, div) = super::super::uniform::uniform_and_divergent(&f, true);
        affine_regs(&f, &u, &div)[super::super::test_util::dest_of(&f, text) as usize]
    }

    fn kernel(body: &str) -> String {
        format!(
            ".version 8.0\n.target sm_80\n.address_size 64\n.visible .entry k(.param .u32 n) {{\n  .reg .pred %p<4>; .reg .b32 %r<12>;\n  ld.param.u32 %r1, [n];\n{body}  ret;\n}}"
        )
    }

    const LANE: Option<Affine> = Some(Affine { stride: 1, aligned: true });

    #[test]
    fn thread_indices_and_their_sums_are_lane_affine() {
        let src = include_str!("../../../tests/kernels/kernels.sm_80.O3.ptx");
        assert_eq!(pattern_of(src, "reduce_sum", "mov.u32 %r3, %tid.x"), LANE);
        // blockIdx.x * blockDim.x * 2 + threadIdx.x: the base is not known to be aligned.
        assert_eq!(pattern_of(src, "reduce_sum", "mad.lo.s32 %r4"), Some(Affine { stride: 1, aligned: false }));
        // sdata + 4 * tid.
        assert_eq!(pattern_of(src, "reduce_sum", "add.s32 %r10"), Some(Affine { stride: 4, aligned: false }));
        // A value loaded from memory is not.
        assert_eq!(pattern_of(src, "reduce_sum", "ld.shared.u32 %r22"), None);
    }

    #[test]
    fn the_low_five_bits_of_tid_are_the_lane() {
        let src = kernel(
            "  mov.u32 %r2, %tid.x;
  and.b32 %r3, %r2, 31;
  add.s32 %r4, %r2, %r1;
  and.b32 %r5, %r4, 31;
  shl.b32 %r6, %r3, 3;
",
        );
        assert_eq!(pattern_of(&src, "k", "and.b32 %r3"), LANE);
        // (tid + n) & 31 wraps around within the warp.
        assert_eq!(pattern_of(&src, "k", "and.b32 %r5"), None);
        assert_eq!(pattern_of(&src, "k", "shl.b32 %r6"), Some(Affine { stride: 8, aligned: true }));
    }

    #[test]
    fn a_loop_step_by_a_uniform_value_keeps_the_pattern() {
        let src = kernel(
            "  mov.u32 %r2, %tid.x;
  mov.u32 %r3, %ntid.x;
L:
  add.s32 %r2, %r2, %r3;
  setp.lt.u32 %p1, %r2, %r1;
  @%p1 bra L;
",
        );
        assert_eq!(pattern_of(&src, "k", "add.s32 %r2"), Some(Affine { stride: 1, aligned: false }));
    }

    #[test]
    fn writes_of_some_lanes_or_of_other_strides_break_the_pattern() {
        let src = kernel(
            "  mov.u32 %r2, %tid.x;
  setp.lt.u32 %p1, %r2, 5;
  mov.u32 %r3, %tid.x;
  @%p1 add.s32 %r3, %r3, 1;
  mov.u32 %r4, %tid.x;
  @%p1 bra S;
  shl.b32 %r4, %r4, 1;
S:
  mov.u32 %r5, %tid.x;
  shl.b32 %r5, %r5, 1;
  mov.u32 %r6, %tid.y;
",
        );
        assert_eq!(pattern_of(&src, "k", "@%p1 add.s32 %r3"), None);
        assert_eq!(pattern_of(&src, "k", "shl.b32 %r4"), None);
        // Two writes with different strides.
        assert_eq!(pattern_of(&src, "k", "shl.b32 %r5"), None);
        assert_eq!(pattern_of(&src, "k", "mov.u32 %r6"), None);
    }
}
