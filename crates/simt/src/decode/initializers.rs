//! Module-scope initializers: constant expressions evaluated (symbols' addresses included)
//! and encoded as the variable's bytes.

use super::*;

pub(super) fn flatten<'a>(i: &'a Initializer, out: &mut Vec<&'a ConstExpr>) {
    match i {
        Initializer::Expr(e) => out.push(e),
        Initializer::List(l) => l.iter().for_each(|x| flatten(x, out)),
    }
}

#[derive(Debug, Clone, Copy)]
pub(super) enum CVal {
    I(i64),
    F32(u32),
    F64(u64),
}

impl CVal {
    pub(super) fn as_i64(self) -> i64 {
        match self {
            CVal::I(i) => i,
            CVal::F32(b) => f32::from_bits(b) as i64,
            CVal::F64(b) => f64::from_bits(b) as i64,
        }
    }
}

pub(super) fn eval(e: &ConstExpr, syms: &HashMap<Name, Sym>) -> R<(CVal, Option<u32>)> {
    Ok(match e {
        ConstExpr::Int(i) => (CVal::I(*i), None),
        ConstExpr::UInt(u) => (CVal::I(*u as i64), None),
        ConstExpr::F32(b) => (CVal::F32(*b), None),
        ConstExpr::F64(b) => (CVal::F64(*b), None),
        ConstExpr::Symbol(n) | ConstExpr::Generic(n) => match syms.get(n) {
            Some(Sym::Global(g)) => (CVal::I(0), Some(*g)),
            Some(Sym::Func(f)) => (CVal::I(func_addr(*f) as i64), None),
            _ => return Err(DecodeError::Unsupported("initializer refers to an unsupported symbol".into())),
        },
        ConstExpr::Unary(op, a) => {
            let (v, g) = eval(a, syms)?;
            if g.is_some() {
                return Err(DecodeError::Unsupported("unsupported address arithmetic in initializer".into()));
            }
            let i = v.as_i64();
            (
                CVal::I(match op {
                    UnaryOp::Neg => i.wrapping_neg(),
                    UnaryOp::Not => !i,
                    UnaryOp::LogicalNot => i64::from(i == 0),
                }),
                None,
            )
        }
        ConstExpr::Binary(op, a, b) => {
            let (x, gx) = eval(a, syms)?;
            let (y, gy) = eval(b, syms)?;
            let (x, y) = (x.as_i64(), y.as_i64());
            let g = match (gx, gy, op) {
                (None, None, _) => None,
                (Some(g), None, BinaryOp::Add | BinaryOp::Sub) | (None, Some(g), BinaryOp::Add) => Some(g),
                _ => return Err(DecodeError::Unsupported("unsupported address arithmetic in initializer".into())),
            };
            let v = match op {
                BinaryOp::Add => x.wrapping_add(y),
                BinaryOp::Sub => x.wrapping_sub(y),
                BinaryOp::Mul => x.wrapping_mul(y),
                BinaryOp::Div => {
                    x.checked_div(y).ok_or_else(|| DecodeError::Invalid("division by zero in initializer".into()))?
                }
                BinaryOp::Rem => {
                    x.checked_rem(y).ok_or_else(|| DecodeError::Invalid("division by zero in initializer".into()))?
                }
                BinaryOp::Shl => x.wrapping_shl(y as u32),
                BinaryOp::Shr => x.wrapping_shr(y as u32),
                BinaryOp::And => x & y,
                BinaryOp::Or => x | y,
                BinaryOp::Xor => x ^ y,
            };
            (CVal::I(v), g)
        }
    })
}

pub(super) fn encode_const(v: CVal, ty: ScalarType) -> [u8; 8] {
    let bits = match (v, ty.kind()) {
        (CVal::I(i), TypeKind::Float) => match ty {
            ScalarType::F64 => (i as f64).to_bits(),
            _ => u64::from((i as f32).to_bits()),
        },
        (CVal::F32(b), _) if ty == ScalarType::F64 => f64::from(f32::from_bits(b)).to_bits(),
        (CVal::F64(b), _) if ty == ScalarType::F32 => u64::from((f64::from_bits(b) as f32).to_bits()),
        (CVal::I(i), _) => i as u64,
        (CVal::F32(b), _) => u64::from(b),
        (CVal::F64(b), _) => b,
    };
    bits.to_le_bytes()
}
