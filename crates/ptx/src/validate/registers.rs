//! Register declarations (PTX ISA 5.2 "Types", 5.4.2 "Vectors"): a `.reg` holds a fundamental
//! type (the alternate floating-point formats, `.tf32`, the packed integers and the packed
//! floats other than `.f16x2` are instruction types only, held in `.b` registers); a vector is
//! `.v2` or `.v4` of a non-predicate type and at most 128 bits; `.b128` needs PTX ISA 8.3.

use super::Validator;
use crate::ast::VarDecl;
use crate::types::ScalarType;

/// Whether `t` is a fundamental type a register may have.
fn fundamental(t: ScalarType) -> bool {
    use ScalarType::*;
    matches!(
        t,
        Pred | B8 | B16 | B32 | B64 | B128 | U8 | U16 | U32 | U64 | S8 | S16 | S32 | S64 | F16 | F16x2 | F32 | F64
    )
}

/// Checks the type of a `.reg` declaration.
pub(super) fn check(v: &mut Validator<'_>, d: &VarDecl) {
    let (t, width) = (d.ty.scalar, d.ty.vector);
    if !fundamental(t) {
        let msg =
            format!(".{t} is not a fundamental type: a register holding .{t} data is declared .b{}", t.size() * 8);
        v.err(d.span, msg);
        return;
    }
    if width != 0 && t == ScalarType::Pred {
        v.err(d.span, format!("a vector register cannot be of .pred (`.v{width} .pred`)"));
    } else if width != 0 && d.ty.size() > 16 {
        v.err(d.span, format!("`.v{width} .{t}` is {} bits: vectors are at most 128 bits", d.ty.size() * 8));
    }
    if t == ScalarType::B128 && v.version != 0 && v.version < 83 {
        v.err(
            d.span,
            format!(".b128 registers require PTX ISA 8.3 (module is .version {}.{})", v.version / 10, v.version % 10),
        );
    }
}
