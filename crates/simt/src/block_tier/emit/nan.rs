//! Which registers may hold an f32 NaN as the host's arithmetic left it. PTX's f32
//! arithmetic gives the canonical NaN `0x7fffffff` (`semantics::of32`); x86 gives another
//! (or the operand's, quieted). Canonicalizing after every operation (a compare and a select
//! on the result) cost a third of a stencil's time. But a NaN's bits are seen only by a
//! reader that looks at them: the f32 operations below turn any NaN operand into a NaN
//! result (or, for `min`/`max`, ignore it or return the canonical one) and their compares
//! read none of its bits. A register that only such operations read can skip the
//! canonicalization; every other reader (a store, a move, integer arithmetic, a spill that a
//! helper reads) gets the canonical bits as before.

use crate::analysis::live::for_each_src;
use crate::ir::{BinOp, FmaKind, Func, Op, Src, TernOp, non_arith_register_ops, non_register_ops};

/// Whether `op` reads its register sources only as f32 values whose NaN payload cannot
/// change what it computes (`reg` excepted where it is also read another way).
fn reads_as_f32_only(op: &Op, reg: u32) -> bool {
    match op {
        Op::Bin { op: BinOp::F32(..), .. } => true,
        Op::Tern { op: TernOp::Fma32(..) | TernOp::NegFma { k: FmaKind::F32(_), .. }, .. } => true,
        // The combining predicate is read as bits.
        Op::Setp { cmp, comb, .. } if cmp.kind == b'f' => !matches!(comb, Some((_, Src::Reg(s), _)) if *s == reg),
        // Integer, f64 and half arithmetic and compares, the other register operations and
        // every other instruction: a reader of bits (a move, a store, a helper's spill).
        Op::Bin { .. }
        | Op::Tern { .. }
        | Op::Un { .. }
        | Op::Setp { .. }
        | non_arith_register_ops!()
        | non_register_ops!() => false,
    }
}

/// Whether `op` is an f32 operation whose result's NaN, left uncanonicalized, is some NaN.
pub(super) fn makes_f32(op: &Op) -> bool {
    matches!(
        op,
        Op::Bin { op: BinOp::F32(..), .. }
            | Op::Tern { op: TernOp::Fma32(..) | TernOp::NegFma { k: FmaKind::F32(_), .. }, .. }
    )
}

/// Per register of `f`: whether every instruction that reads it reads it only as an f32
/// operand of the operations above (flow-insensitive: any reader anywhere counts).
pub(super) fn raw_f32_registers(f: &Func) -> Vec<bool> {
    let n = f.nregs as usize;
    let mut raw = vec![true; n];
    let mut deny = |r: u32| {
        if let Some(x) = raw.get_mut(r as usize) {
            *x = false;
        }
    };
    for inst in &f.code {
        if let Some(g) = inst.guard {
            deny(g.reg);
        }
        // Every register the instruction reads, as a source or an address base.
        let mut uses = Vec::new();
        crate::analysis::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut Vec::new());
        for_each_src(&inst.op, &mut |s| {
            if let Src::Reg(r) = s {
                uses.push(r);
            }
        });
        for r in uses {
            if !reads_as_f32_only(&inst.op, r) {
                deny(r);
            }
        }
    }
    raw
}
