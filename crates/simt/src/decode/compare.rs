//! Decoding comparisons: `setp` and `set`.

use super::*;

impl FuncDecoder<'_> {
    /// `setp`/`set`: a comparison, optionally combined with a predicate.
    pub(super) fn setp_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ins = p.ins;
        let ops = &p.ins.operands;
        let kws = &p.kws;
        let tys = &p.tys;
        p.check(&[
            Kw::Eq,
            Kw::Ne,
            Kw::Lt,
            Kw::Le,
            Kw::Gt,
            Kw::Ge,
            Kw::Lo,
            Kw::Ls,
            Kw::Hi,
            Kw::Hs,
            Kw::Equ,
            Kw::Neu,
            Kw::Ltu,
            Kw::Leu,
            Kw::Gtu,
            Kw::Geu,
            Kw::Num,
            Kw::Nan,
            Kw::And,
            Kw::Or,
            Kw::Xor,
            Kw::Ftz,
        ])?;
        p.need(3)?;
        let cop: CmpOp =
            kws.iter().find_map(|k| k.as_cmp()).ok_or_else(|| DecodeError::Invalid("missing comparison".into()))?;
        let st = p.ty_req()?;
        let x2 = matches!(st, ScalarType::F16x2 | ScalarType::Bf16x2);
        let out = if ins.opcode == Opcode::Set {
            if tys.len() != 2 {
                return Err(DecodeError::Invalid("set needs two types".into()));
            }
            SetOut::Bits(match tys[0] {
                ScalarType::F32 => 0x3f80_0000,
                ScalarType::F16 | ScalarType::F16x2 => u64::from(HFmt::F16.one()),
                ScalarType::Bf16 | ScalarType::Bf16x2 => u64::from(HFmt::Bf16.one()),
                t if t.size() == 2 || x2 => 0xffff,
                t if t.kind() == TypeKind::Float => {
                    return Err(DecodeError::Unsupported(format!("set with a .{t} result is not supported")));
                }
                _ => 0xffff_ffff,
            })
        } else {
            SetOut::Pred
        };
        let kind = match st {
            ScalarType::F32 => b'f',
            ScalarType::F64 => b'd',
            ScalarType::F16 | ScalarType::F16x2 => b'h',
            ScalarType::Bf16 | ScalarType::Bf16x2 => b'g',
            t if is_signed(t) => b's',
            t if t.kind() == TypeKind::Float => {
                return Err(DecodeError::Unsupported(format!("setp on .{t} is not supported")));
            }
            _ => b'u',
        };
        let cmp = Cmp { op: cop, kind, w: width(st), ftz: p.has(Kw::Ftz) };
        let comb = p.first_of(&[(Kw::And, BoolOp::And), (Kw::Or, BoolOp::Or), (Kw::Xor, BoolOp::Xor)]);
        let comb = match comb {
            Some(b) => {
                p.need(4)?;
                let (p, neg) = self.psrc(&ops[3])?;
                Some((b, p, neg))
            }
            None => None,
        };
        let (d, dn) = match &ops[0] {
            Operand::Pair(p, q) => {
                let p = self.reg(p)?;
                let q = self.reg(&Operand::Name(*q))?;
                (p, Some(q))
            }
            o => (self.reg(o)?, None),
        };
        Ok(Op::Setp { cmp, out, d, dn, a: self.src(&ops[1], st)?, b: self.src(&ops[2], st)?, comb })
    }
}
