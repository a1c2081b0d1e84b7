//! `cvt.dtype.atype` rounding rules (PTX ISA 9.7.9.21, ptxas 13.0 enforces them): integer to
//! integer takes no rounding; integer to float needs a floating-point rounding (`.rn`, `.rz`,
//! `.rm`, `.rp`); float to integer needs an integer rounding (`.rni`, `.rzi`, `.rmi`, `.rpi`);
//! float to a narrower float needs a floating-point rounding, to a wider one takes none, to the
//! same type takes only an integer rounding. Bit-size and predicate types are not `cvt` types.
//! The packed and narrow float formats (`.f16x2`, `.tf32`, `.e4m3x2`, ...) have rules of their
//! own and are not checked here.

use super::{Validator, full_name};
use crate::ast::Instruction;
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, TypeKind};

/// What a conversion allows as its rounding modifier.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rounding {
    None,
    Float,
    Integer,
    OptionalInteger,
}

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    use ScalarType::*;
    if ins.opcode != Opcode::Cvt {
        return;
    }
    let mut types = ins.types();
    let (Some(d), a, None) = (types.next(), types.next(), types.next()) else { return };
    let Some(a) = a else {
        v.err(ins.span, format!("`{}` needs a destination and a source type", full_name(v.m, ins)));
        return;
    };
    if let Some(bad) = [d, a].into_iter().find(|t| matches!(t.kind(), TypeKind::Bits | TypeKind::Pred)) {
        v.err(ins.span, format!("`cvt` does not convert .{bad}: use an integer or floating-point type"));
        return;
    }
    let plain = |t: ScalarType| matches!(t, U8 | U16 | U32 | U64 | S8 | S16 | S32 | S64 | F16 | Bf16 | F32 | F64);
    if !plain(d) || !plain(a) {
        return;
    }
    if ins.operands.len() != 2 {
        v.err(ins.span, format!("`{}` expects 2 operands, found {}", full_name(v.m, ins), ins.operands.len()));
    }
    let float = |t: ScalarType| t.kind() == TypeKind::Float;
    // ptxas takes `.bf16` from or to another float type with or without a rounding.
    if float(d) && float(a) && (d == Bf16 || a == Bf16) {
        return;
    }
    let need = match (float(d), float(a)) {
        (false, false) => Rounding::None,
        (true, false) => Rounding::Float,
        (false, true) => Rounding::Integer,
        (true, true) if d == a => Rounding::OptionalInteger,
        (true, true) if d.size() < a.size() => Rounding::Float,
        (true, true) => Rounding::None,
    };
    let fp = ins.kws().find(|k| matches!(k, Kw::Rn | Kw::Rz | Kw::Rm | Kw::Rp | Kw::Rna | Kw::Rs));
    let int = ins.kws().find(|k| matches!(k, Kw::Rni | Kw::Rzi | Kw::Rmi | Kw::Rpi));
    let given = fp.or(int);
    let msg = match need {
        Rounding::None => {
            given.map(|k| format!("`.{}` is not allowed here: this conversion does not round", k.as_str()))
        }
        Rounding::Float if fp.is_none() => {
            Some("this conversion needs a floating-point rounding modifier (`.rn`, `.rz`, `.rm` or `.rp`)".to_string())
        }
        Rounding::Integer if int.is_none() => {
            Some("this conversion needs an integer rounding modifier (`.rni`, `.rzi`, `.rmi` or `.rpi`)".to_string())
        }
        Rounding::OptionalInteger => fp.map(|k| {
            format!("`.{}` is not allowed here: a same-type conversion takes only an integer rounding", k.as_str())
        }),
        _ => None,
    };
    if let Some(msg) = msg {
        v.err(ins.span, format!("`{}`: {msg}", full_name(v.m, ins)));
    }
}
