//! The SIMD video instructions `vadd2`/`vadd4`, `vsub2/4`, `vavrg2/4`, `vabsdiff2/4`,
//! `vmin2/4`, `vmax2/4` (PTX ISA 9.7.16.2): `vop.dtype.atype.btype{.sat} d{.mask}, a{.asel},
//! b{.bsel}, c` and `vop.dtype.atype.btype.add d{.mask}, a{.asel}, b{.bsel}, c`. ptxas 13.0
//! takes `.u32`/`.s32` for the three types, 32-bit integer registers (no immediates) for the
//! four operands, and `.sat` or `.add`, not both.

use super::{Sym, Validator, full_name};
use crate::ast::{Instruction, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, TypeKind};

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    // `vset2`/`vset4` (a comparison where these take `.sat`/`.add`) are not checked here.
    if !ins.opcode.is_simd_video() || matches!(ins.opcode, Opcode::Vset2 | Opcode::Vset4) {
        return;
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
