//! The video instructions (PTX ISA 9.7.16).
//!
//! SIMD: `vadd2`/`vadd4`, `vsub2/4`, `vavrg2/4`, `vabsdiff2/4`, `vmin2/4`, `vmax2/4`:
//! `vop.dtype.atype.btype{.sat} d{.mask}, a{.asel}, b{.bsel}, c` and
//! `vop.dtype.atype.btype.add d{.mask}, a{.asel}, b{.bsel}, c`. ptxas 13.0
//! takes `.u32`/`.s32` for the three types, 32-bit integer registers (no immediates) for the
//! four operands, and `.sat` or `.add`, not both. Selectors pick lanes of the pair `{b, a}`
//! (`vop2`: `.hxy`, x and y in 0..3; `vop4`: `.bxyzw`, each in 0..7) and the mask names the
//! destination lanes written (`vop2`: `.h0`, `.h1`, `.h10`; `vop4`: bytes 3..0, descending).
//!
//! Scalar: `vadd`, `vsub`, `vabsdiff`, `vmin`, `vmax`, `vshl`, `vshr` (`.clamp` or `.wrap`, `b`
//! is `.u32`), `vset` (two types and a comparison, no `.sat`), `vmad` (`.po`, `.shr7`/`.shr15`,
//! `-a`/`-b`/`-c`): `vop.dtype.atype.btype{.sat}{.op2} d, a{.asel}, b{.bsel}{, c}` or
//! `d.dsel, a{.asel}, b{.bsel}, c` (a merge: not with `.op2`); selectors `.b0`..`.b3`, `.h0`,
//! `.h1`; `c` takes none. The rules and messages are ptxas 13.0's.

use super::{Sym, Validator, full_name};
use crate::ast::{Instruction, Operand, VideoSel};
use crate::keyword::Kw;
use crate::types::{CmpOp, Opcode, ScalarType, TypeKind};

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    use Opcode::*;
    if matches!(ins.opcode, Vadd | Vsub | Vabsdiff | Vmin | Vmax | Vshl | Vshr | Vset | Vmad) {
        return scalar(v, ins);
    }
    if !ins.opcode.is_simd_video() {
        return;
    }
    simd_selectors(v, ins);
    if matches!(ins.opcode, Opcode::Vset2 | Opcode::Vset4) {
        return simd_set(v, ins);
    }
    let name = full_name(v.m, ins);
    let types: Vec<ScalarType> = ins.types().collect();
    if types.len() != 3 || types.iter().any(|t| !matches!(t, ScalarType::U32 | ScalarType::S32)) {
        let msg = format!("`{name}` takes three types, each .u32 or .s32 (`.dtype.atype.btype`)");
        v.err(ins.span, msg);
    }
    if let Some(k) = ins.kws().find(|&k| super::forms::kw_type(k).is_none() && !matches!(k, Kw::Sat | Kw::Add)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `{}`", k.as_str(), ins.opcode.as_str()));
    } else if ins.has(Kw::Sat) && ins.has(Kw::Add) {
        v.err(ins.span, format!("`{name}`: `.sat` and `.add` exclude each other"));
    }
    let n = ins.operands.len();
    if n != 4 {
        v.err(ins.span, format!("`{name}` expects 4 operands (d, a, b, c), found {n}"));
        return;
    }
    for (i, op) in ins.operands.iter().enumerate() {
        match op {
            Operand::Imm(_) => {
                v.err(ins.span, format!("operand {i} of `{name}` is an immediate; it is a 32-bit register"));
            }
            Operand::Name(r) | Operand::Selected(r, _) => {
                // (ptxas takes a .f16x2 register as 32 untyped bits)
                if let Sym::Reg(t) = v.resolve(*r)
                    && (t.vector != 0
                        || t.scalar.size() != 4
                        || !matches!(t.scalar.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed)
                            && t.scalar != ScalarType::F16x2)
                {
                    let msg = format!(
                        "register `{}` is .{} but operand {i} of `{name}` is 32 bits of integers",
                        v.name(*r),
                        t.scalar
                    );
                    v.err(ins.span, msg);
                }
            }
            _ => {}
        }
    }
}

/// The lane selectors of a SIMD video instruction: `.hxy`/`.bxyzw` on `a` and `b`, a mask on `d`,
/// none on `c`.
fn simd_selectors(v: &mut Validator<'_>, ins: &Instruction) {
    let two = matches!(
        ins.opcode,
        Opcode::Vadd2
            | Opcode::Vsub2
            | Opcode::Vavrg2
            | Opcode::Vabsdiff2
            | Opcode::Vmin2
            | Opcode::Vmax2
            | Opcode::Vset2
    );
    for (i, op) in ins.operands.iter().enumerate() {
        let Some(sel) = selector(op) else { continue };
        let lanes = &sel.lanes[..usize::from(sel.count)];
        let ok = match (i, two) {
            // A mask: lanes of d, most significant first, each once.
            (0, _) => {
                sel.half == two
                    && lanes.iter().all(|&l| l < if two { 2 } else { 4 })
                    && lanes.is_sorted_by(|a, b| a > b)
            }
            (1 | 2, true) => sel.half && sel.count == 2,
            (1 | 2, false) => !sel.half && sel.count == 4,
            _ => {
                v.err(ins.span, format!("`{}`: operand c takes no video selector", full_name(v.m, ins)));
                continue;
            }
        };
        if !ok {
            let want = match (i, two) {
                (0, true) => "a mask `.h0`, `.h1` or `.h10`",
                (0, false) => "a mask of bytes 3..0, most significant first (`.b0`, `.b31`, `.b3210`, ...)",
                (_, true) => "two half-words of {b, a} (`.hxy`, x and y in 0..3)",
                (_, false) => "four bytes of {b, a} (`.bxyzw`, each in 0..7)",
            };
            v.err(
                ins.span,
                format!(
                    "`{}`: `.{sel}` on operand {i} is not a selector it takes; it takes {want}",
                    full_name(v.m, ins)
                ),
            );
        }
    }
}

fn selector(op: &Operand) -> Option<VideoSel> {
    match op {
        Operand::Selected(_, sel) => Some(*sel),
        Operand::Neg(inner) => selector(inner),
        _ => None,
    }
}

/// `vadd`, `vsub`, `vabsdiff`, `vmin`, `vmax`, `vshl`, `vshr`, `vset`, `vmad` on 32 bits.
fn scalar(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let op = ins.opcode;
    let types: Vec<ScalarType> = ins.types().collect();
    let (n_types, shape) = if op == Opcode::Vset { (2, ".atype.btype") } else { (3, ".dtype.atype.btype") };
    if types.len() != n_types || types.iter().any(|t| !matches!(t, ScalarType::U32 | ScalarType::S32)) {
        v.err(ins.span, format!("`{name}` takes {n_types} types, each .u32 or .s32 (`{shape}`)"));
    } else if matches!(op, Opcode::Vshl | Opcode::Vshr) && types[2] != ScalarType::U32 {
        v.err(ins.span, format!("`{name}`: the shift amount b is .u32 (`.dtype.atype.u32`)"));
    }
    let op2 = ins.kws().filter(|k| matches!(k, Kw::Add | Kw::Min | Kw::Max)).count();
    let shift_modes = ins.kws().filter(|k| matches!(k, Kw::Clamp | Kw::Wrap)).count();
    let cmps: Vec<CmpOp> = ins.kws().filter_map(|k| k.as_cmp()).collect();
    let allowed = |k: Kw| match k {
        Kw::Sat => op != Opcode::Vset,
        Kw::Add | Kw::Min | Kw::Max => op != Opcode::Vmad,
        Kw::Clamp | Kw::Wrap => matches!(op, Opcode::Vshl | Opcode::Vshr),
        Kw::Po | Kw::Shr7 | Kw::Shr15 => op == Opcode::Vmad,
        k => super::forms::kw_type(k).is_some() || op == Opcode::Vset && k.as_cmp().is_some(),
    };
    if let Some(k) = ins.kws().find(|&k| !allowed(k)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `{}`", k.as_str(), op.as_str()));
    } else if op2 > 1 {
        v.err(ins.span, format!("`{name}` takes one secondary operation (`.add`, `.min` or `.max`)"));
    } else if matches!(op, Opcode::Vshl | Opcode::Vshr) && shift_modes != 1 {
        v.err(ins.span, format!("`{name}` takes one of `.clamp` and `.wrap`"));
    } else if op == Opcode::Vmad && ins.has(Kw::Shr7) && ins.has(Kw::Shr15) {
        v.err(ins.span, format!("`{name}`: `.shr7` and `.shr15` exclude each other"));
    } else if op == Opcode::Vset
        && (cmps.len() != 1
            || !matches!(cmps[0], CmpOp::Eq | CmpOp::Ne | CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge))
    {
        v.err(ins.span, format!("`{name}` takes one comparison: .eq, .ne, .lt, .le, .gt or .ge"));
    }
    let n = ins.operands.len();
    let merge = matches!(ins.operands.first(), Some(Operand::Selected(..)));
    if op2 == 1 && n != 4 {
        v.err(ins.span, format!("`{name}` with a secondary operation expects 4 operands (d, a, b, c), found {n}"));
    }
    if merge && op == Opcode::Vmad {
        v.err(ins.span, format!("`{name}`: `vmad` takes no selector on its destination"));
    } else if merge && op2 == 1 {
        v.err(ins.span, format!("`{name}`: a destination selector (a merge with c) excludes a secondary operation"));
    } else if merge && n != 4 {
        v.err(ins.span, format!("`{name}`: a destination selector merges with c, so it expects 4 operands, found {n}"));
    }
    for (i, o) in ins.operands.iter().enumerate() {
        match selector(o) {
            Some(_) if i == 3 => v.err(ins.span, format!("`{name}`: operand c takes no video selector")),
            Some(sel) if sel.count != 1 || sel.lanes[0] > if sel.half { 1 } else { 3 } => {
                let msg = format!(
                    "`{name}`: `.{sel}` on operand {i} is not a selector it takes (`.b0`..`.b3`, `.h0`, `.h1`)"
                );
                v.err(ins.span, msg);
            }
            _ => {}
        }
        if let Operand::Name(r) | Operand::Selected(r, _) = o
            && let Sym::Reg(t) = v.resolve(*r)
            && (t.vector != 0
                || t.scalar.size() != 4
                || t.scalar.kind() == TypeKind::Float && t.scalar != ScalarType::F16x2)
        {
            let msg = format!(
                "register `{}` is .{} but operand {i} of `{name}` is 32 bits of integers",
                v.name(*r),
                t.scalar
            );
            v.err(ins.span, msg);
        }
    }
    let neg = |i: usize| matches!(ins.operands.get(i), Some(Operand::Neg(_)));
    if op == Opcode::Vmad && (neg(1) || neg(2)) && neg(3) {
        v.err(ins.span, format!("`{name}`: negation is of a or b (their product), or of c, not both"));
    } else if op == Opcode::Vmad && ins.has(Kw::Po) && (neg(1) || neg(2) || neg(3)) {
        v.err(ins.span, format!("`{name}`: `.po` (plus one) excludes operand negation"));
    }
}

/// `vset2`/`vset4`: `.atype.btype.cmp{.add} d{.mask}, a{.asel}, b{.bsel}, c` (a comparison where
/// the others take `.sat`).
fn simd_set(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let types: Vec<ScalarType> = ins.types().collect();
    if types.len() != 2 || types.iter().any(|t| !matches!(t, ScalarType::U32 | ScalarType::S32)) {
        v.err(ins.span, format!("`{name}` takes two types, each .u32 or .s32 (`.atype.btype`)"));
    }
    let cmps: Vec<CmpOp> = ins.kws().filter_map(|k| k.as_cmp()).collect();
    if let Some(k) = ins.kws().find(|&k| super::forms::kw_type(k).is_none() && k.as_cmp().is_none() && k != Kw::Add) {
        v.err(ins.span, format!("`.{}` is not a modifier of `{}`", k.as_str(), ins.opcode.as_str()));
    } else if cmps.len() != 1
        || !matches!(cmps[0], CmpOp::Eq | CmpOp::Ne | CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge)
    {
        v.err(ins.span, format!("`{name}` takes one comparison: .eq, .ne, .lt, .le, .gt or .ge"));
    }
    let n = ins.operands.len();
    if n != 4 {
        v.err(ins.span, format!("`{name}` expects 4 operands (d, a, b, c), found {n}"));
    }
}
