//! Multiply-add contraction, as ptxas does it: a `mul` without rounding modifier whose result
//! is only used by an `add`/`sub` without rounding modifier in the same basic block is fused
//! into one fma (PTX allows it: "mul/add/sub without rounding modifiers may be optimized
//! aggressively by the code generator, e.g. fused"). The GPU's results are rounded once, so
//! an engine that rounds twice differs by an ulp or more. `SIMT_NO_CONTRACT=1` turns it off.

use std::collections::HashMap;

use ptx::ast::{Instruction, Name, Operand};
use ptx::keyword::Kw;
use ptx::types::Opcode;

use crate::float::FBin;
use crate::ir::{BinOp, FmaKind, Inst, Op, Src, TernOp};

/// Whether contraction is on (the default; `SIMT_NO_CONTRACT=1` disables it).
pub(crate) fn enabled() -> bool {
    !crate::env::flag(crate::env::NO_CONTRACT)
}

/// Counts each name `op` mentions in `m`.
fn count(op: &Operand, m: &mut HashMap<Name, u32>) {
    op.for_each_name(&mut |n| *m.entry(n).or_default() += 1);
}

/// Whether `op` mentions any of `names`.
fn mentions(op: &Operand, names: &[Name]) -> bool {
    let mut found = false;
    op.for_each_name(&mut |n| found |= names.contains(&n));
    found
}

/// No rounding modifier and no saturation.
fn plain(i: &Instruction) -> bool {
    !i.kws().any(|k| k.as_rounding().is_some() || k == Kw::Sat)
}

/// The fma kind of a contractible multiply.
fn mul_kind(op: &BinOp) -> Option<FmaKind> {
    match *op {
        BinOp::F32(FBin::Mul, ftz, false) => Some(FmaKind::F32(ftz)),
        BinOp::F64(FBin::Mul) => Some(FmaKind::F64),
        BinOp::Half(FBin::Mul, m, x2) if !m.sat && !m.relu && !m.nan => Some(FmaKind::Half(m, x2)),
        _ => None,
    }
}

/// Whether `op` is an add (`Some(false)`) or sub (`Some(true)`) of the same kind as `k`.
fn add_kind(op: &BinOp, k: FmaKind) -> Option<bool> {
    let (f, same) = match (*op, k) {
        (BinOp::F32(f, ftz, false), FmaKind::F32(z)) => (f, ftz == z),
        (BinOp::F64(f), FmaKind::F64) => (f, true),
        (BinOp::Half(f, m, x2), FmaKind::Half(n, y2)) => (f, m == n && x2 == y2),
        _ => return None,
    };
    match f {
        FBin::Add if same => Some(false),
        FBin::Sub if same => Some(true),
        _ => None,
    }
}

fn sign(k: FmaKind) -> u64 {
    match k {
        FmaKind::F32(_) => 0x8000_0000,
        FmaKind::F64 => 1 << 63,
        FmaKind::Half(_, false) => 0x8000,
        FmaKind::Half(_, true) => 0x8000_8000,
    }
}

/// Fuses contractible mul/add pairs of `code` (`insts`: the PTX instructions, one per entry,
/// `None` for code the decoder added; `block_start`: whether a label precedes the instruction).
pub(crate) fn contract(code: &mut [Inst], insts: &[Option<&Instruction>], block_start: &[bool]) {
    if insts.len() != code.len() || block_start.len() != code.len() {
        return;
    }
    let mut uses: HashMap<Name, u32> = HashMap::new();
    for i in insts.iter().flatten() {
        for o in i.operands.iter() {
            count(o, &mut uses);
        }
        if let Some(g) = i.guard {
            *uses.entry(g.pred).or_default() += 1;
        }
    }
    for i in 0..code.len() {
        let Op::Bin { op: mop, d: md, a: ma, b: mb } = code[i].op else { continue };
        let Some(k) = mul_kind(&mop) else { continue };
        let Some(mi) = insts[i] else { continue };
        if mi.opcode != Opcode::Mul || !plain(mi) {
            continue;
        }
        let Some(Operand::Name(dn)) = mi.operands.first() else { continue };
        if uses.get(dn) != Some(&2) {
            continue;
        }
        let srcs: Vec<Name> =
            mi.operands.iter().skip(1).filter_map(|o| if let Operand::Name(n) = o { Some(*n) } else { None }).collect();
        let mut found = None;
        for j in i + 1..code.len() {
            if block_start[j] {
                break;
            }
            // Code the decoder added ends the search (it is not a plain arithmetic instruction).
            let Some(ij) = insts[j] else { break };
            if matches!(ij.opcode, Opcode::Bra | Opcode::Brx | Opcode::Ret | Opcode::Exit | Opcode::Call | Opcode::Trap)
            {
                break;
            }
            if let Op::Bin { op, d, a, b } = code[j].op
                && (a == Src::Reg(md) || b == Src::Reg(md))
            {
                if a != b
                    && ij.opcode != Opcode::Mul
                    && plain(ij)
                    && code[j].guard == code[i].guard
                    && let Some(sub) = add_kind(&op, k)
                {
                    found = Some((j, d, a, b, sub));
                }
                break;
            }
            if ij.operands.iter().any(|o| mentions(o, std::slice::from_ref(dn)))
                || ij.operands.first().is_some_and(|o| mentions(o, &srcs))
            {
                break;
            }
        }
        let Some((j, d, a, b, sub)) = found else { continue };
        let mul_first = a == Src::Reg(md);
        let other = if mul_first { b } else { a };
        let (xm, zm) = match (sub, mul_first) {
            (false, _) => (0, 0),
            (true, true) => (0, sign(k)),
            (true, false) => (sign(k), 0),
        };
        code[j].op = Op::Tern { op: TernOp::NegFma { xm, zm, k }, d, a: ma, b: mb, c: other };
        code[i].op = Op::Nop;
    }
}
