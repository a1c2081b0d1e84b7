//! Decoding conversions: `cvt` between types and rounding modes, `cvta` between state
//! spaces, and `isspacep`.

use super::*;

impl FuncDecoder<'_> {
    /// `cvta`: a state-space address to a generic one, or back.
    pub(super) fn cvta_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let ty = p.ty;
        p.check(&[&[Kw::To][..], &CVTA_SPACES].concat())?;
        p.need(2)?;
        if p.has(Kw::Param) || p.has(Kw::ParamEntry) {
            // A kernel parameter's param-space address (a `mov` of it: the window's
            // upper half, `address_space::PARAM_ALIAS`; or a bare offset, a `mov.u32`) and
            // its generic address (the lower half) differ only in the bits above the
            // offset: both directions give the lower half, which `ld.param` and
            // generic loads both read (`PARAM_WINDOW` with the low 31 bits of the
            // operand inserted).
            if ty != Some(ScalarType::U64) {
                return Err(DecodeError::Invalid("cvta.param needs .u64 (64-bit generic addresses)".into()));
            }
            let a = self.src(&ops[1], ScalarType::U64)?;
            let b = Src::Imm(crate::address_space::PARAM_WINDOW);
            let bits = crate::address_space::PARAM_HALF.trailing_zeros();
            return Ok(Op::Bfi { w: 64, d: self.reg(&ops[0])?, a, b, c: Src::Imm(0), e: Src::Imm(u64::from(bits)) });
        }
        let space = if p.has(Kw::Shared) || p.has(Kw::SharedCta) || p.has(Kw::SharedCluster) {
            Space::Shared
        } else if p.has(Kw::Local) {
            Space::Local
        } else if p.has(Kw::Global) || p.has(Kw::Const) {
            Space::Global
        } else {
            return Err(DecodeError::Unsupported("unsupported cvta space".into()));
        };
        let t = ty.unwrap_or(ScalarType::U64);
        Ok(Op::Cvta { to_generic: !p.has(Kw::To), space, d: self.reg(&ops[0])?, a: self.src(&ops[1], t)? })
    }

    /// `isspacep`: whether a generic address lies in a state space.
    pub(super) fn isspacep_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&CVTA_SPACES)?;
        p.need(2)?;
        if p.has(Kw::Param) || p.has(Kw::ParamEntry) {
            let a = self.src(&ops[1], ScalarType::U64)?;
            return Ok(Op::Un { op: UnOp::IsParam, d: self.reg(&ops[0])?, a });
        }
        if p.has(Kw::SharedCluster) {
            let a = self.src(&ops[1], ScalarType::U64)?;
            return Ok(Op::Cluster(ClusterOp::IsSharedCluster { d: self.reg(&ops[0])?, a }));
        }
        let window = p
            .first_of(ISSPACEP_WINDOWS)
            .ok_or_else(|| DecodeError::Unsupported("unsupported isspacep space".into()))?;
        Ok(Op::Isspacep { window, d: self.reg(&ops[0])?, a: self.src(&ops[1], ScalarType::U64)? })
    }

    /// `cvt`: a conversion between types.
    pub(super) fn cvt_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let tys = &p.tys;
        let rnd = p.rnd;
        p.check(&[
            Kw::Rn,
            Kw::Rz,
            Kw::Rm,
            Kw::Rp,
            Kw::Rni,
            Kw::Rzi,
            Kw::Rmi,
            Kw::Rpi,
            Kw::Sat,
            Kw::Ftz,
            Kw::Relu,
            Kw::Rna,
            Kw::Satfinite,
            Kw::Pack,
        ])?;
        if p.has(Kw::Pack) {
            return self.cvt_pack(p);
        }
        p.need(2)?;
        if tys.len() != 2 {
            return Err(DecodeError::Invalid("cvt needs two types".into()));
        }
        let (to, from) = (tys[0], tys[1]);
        let relu = p.has(Kw::Relu);
        match (to, from) {
            (ScalarType::Tf32, ScalarType::F32)
                if matches!(rnd, Some(Rounding::Rn | Rounding::Rz)) || rnd == Some(Rounding::Rna) && !relu =>
            {
                let (rnd, sat) = (rnd.unwrap_or(Rounding::Rna), p.has(Kw::Satfinite));
                let a = self.src(&ops[1], from)?;
                return Ok(Op::Un { op: UnOp::CvtTf32 { rnd, relu, sat }, d: self.reg(&ops[0])?, a });
            }
            (_, ScalarType::F32) if narrow_pair(to).is_some() && rnd == Some(Rounding::Rn) && p.has(Kw::Satfinite) => {
                p.need(3)?;
                let op = BinOp::CvtNarrowX2 { fmt: narrow_pair(to).unwrap_or(Narrow::E4m3), relu };
                let d = self.reg(&ops[0])?;
                return Ok(Op::Bin { op, d, a: self.src(&ops[1], from)?, b: self.src(&ops[2], from)? });
            }
            (ScalarType::E4m3x2 | ScalarType::E5m2x2, ScalarType::F16x2)
                if rnd == Some(Rounding::Rn) && p.has(Kw::Satfinite) =>
            {
                let fmt = if to == ScalarType::E5m2x2 { Narrow::E5m2 } else { Narrow::E4m3 };
                let op = UnOp::CvtF8x2F16x2 { fmt, relu };
                return Ok(Op::Un { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], ScalarType::B32)? });
            }
            (ScalarType::F16x2, _)
                if narrow_pair(from).is_some() && rnd == Some(Rounding::Rn) && !p.has(Kw::Satfinite) =>
            {
                let fmt = narrow_pair(from).unwrap_or(Narrow::E4m3);
                // Two fp4 codes are a byte; two fp8 or fp6 codes (in bytes) a 16-bit word.
                let source = if fmt == Narrow::E2m1 { ScalarType::B8 } else { ScalarType::B16 };
                let op = UnOp::CvtF16x2Narrow { fmt, relu };
                return Ok(Op::Un { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], source)? });
            }
            // `.satfinite` to f16/bf16 from f32: the conversions below apply it.
            (ScalarType::F16 | ScalarType::Bf16 | ScalarType::F16x2 | ScalarType::Bf16x2, ScalarType::F32)
                if matches!(rnd, Some(Rounding::Rn | Rounding::Rz)) && !p.has(Kw::Sat) => {}
            _ if p.has(Kw::Satfinite) || rnd == Some(Rounding::Rna) => {
                return Err(DecodeError::Unsupported(format!("cvt .{to}.{from} with this rounding is not supported")));
            }
            _ => {}
        }
        if let (Some((fmt, true)), ScalarType::F32) = (half_ty(to), from) {
            p.need(3)?;
            let rnd = rnd.unwrap_or(Rounding::Rn);
            if !matches!(rnd, Rounding::Rn | Rounding::Rz | Rounding::Rm | Rounding::Rp) {
                return Err(DecodeError::Unsupported(format!("cvt rounding .{rnd} is not supported here")));
            }
            let (relu, sat, satfinite) = (p.has(Kw::Relu), p.has(Kw::Sat), p.has(Kw::Satfinite));
            let op = BinOp::CvtX2 { fmt, rnd, relu, sat, satfinite };
            return Ok(Op::Bin { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], from)?, b: self.src(&ops[2], from)? });
        }
        if p.has(Kw::Relu) && half_ty(to).is_none() {
            return Err(DecodeError::Invalid("cvt .relu needs an f16/bf16 destination".into()));
        }
        let mut c = self.cvt(to, from, rnd, p.has(Kw::Sat), p.has(Kw::Ftz))?;
        c.relu = p.has(Kw::Relu);
        c.satfinite = p.has(Kw::Satfinite);
        Ok(Op::Un { op: UnOp::Cvt(c), d: self.reg(&ops[0])?, a: self.src(&ops[1], from)? })
    }

    /// `cvt.pack.sat.{u16,s16}.s32 d, a, b` and `cvt.pack.sat.{u8,s8,u4,s4,u2,s2}.s32.b32 d, a,
    /// b, c`.
    fn cvt_pack(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let bits = match p.tys.first() {
            Some(ScalarType::U16 | ScalarType::S16) => 16,
            Some(ScalarType::U8 | ScalarType::S8) => 8,
            Some(ScalarType::U4 | ScalarType::S4) => 4,
            Some(ScalarType::U2 | ScalarType::S2) => 2,
            _ => return Err(DecodeError::Invalid("cvt.pack needs a u16/s16/u8/s8/u4/s4/u2/s2 result type".into())),
        };
        let signed = p.tys.first().is_some_and(|t| t.kind() == ptx::types::TypeKind::Signed);
        let three = bits < 16;
        if !p.has(Kw::Sat) || p.tys.get(1) != Some(&ScalarType::S32) || p.tys.len() != 2 + usize::from(three) {
            return Err(DecodeError::Invalid(
                "cvt.pack needs .sat and .s32 sources (and .b32 `c` below 16 bits)".into(),
            ));
        }
        p.need(3 + usize::from(three))?;
        let d = self.reg(&ops[0])?;
        let (a, b) = (self.src(&ops[1], ScalarType::S32)?, self.src(&ops[2], ScalarType::S32)?);
        let c = if three { self.src(&ops[3], ScalarType::B32)? } else { Src::Imm(0) };
        Ok(Op::Tern { op: TernOp::CvtPack { bits, signed }, d, a, b, c })
    }

    fn cvt(&self, to: ScalarType, from: ScalarType, rnd: Option<Rounding>, sat: bool, ftz: bool) -> R<Cvt> {
        use ScalarType as S;
        let ok = |t: ScalarType| {
            matches!(
                t,
                S::U8
                    | S::U16
                    | S::U32
                    | S::U64
                    | S::S8
                    | S::S16
                    | S::S32
                    | S::S64
                    | S::B8
                    | S::B16
                    | S::B32
                    | S::B64
                    | S::F16
                    | S::F32
                    | S::F64
                    | S::Bf16
            )
        };
        if !ok(to) || !ok(from) {
            return Err(DecodeError::Unsupported(format!("cvt .{to}.{from} is not supported")));
        }
        let tf = to.kind() == TypeKind::Float;
        let ff = from.kind() == TypeKind::Float;
        let rnd = match (tf, ff, rnd) {
            (true, true, r) if to == from => r.unwrap_or(Rounding::Rn),
            (true, _, Some(r)) if matches!(r, Rounding::Rn | Rounding::Rz | Rounding::Rm | Rounding::Rp) => r,
            (true, _, None) => Rounding::Rn,
            (false, true, Some(r)) if matches!(r, Rounding::Rni | Rounding::Rzi | Rounding::Rmi | Rounding::Rpi) => r,
            (false, true, None) => Rounding::Rzi,
            (false, false, None) => Rounding::Rn,
            (_, _, Some(r)) => {
                return Err(DecodeError::Unsupported(format!("cvt rounding .{r} is not supported here")));
            }
        };
        Ok(Cvt { to, from, rnd, sat, ftz, relu: false, satfinite: false })
    }
}

/// The narrow format of a packed pair type (`.e4m3x2`, ..., `.e2m1x2`).
fn narrow_pair(t: ScalarType) -> Option<Narrow> {
    Some(match t {
        ScalarType::E4m3x2 => Narrow::E4m3,
        ScalarType::E5m2x2 => Narrow::E5m2,
        ScalarType::E2m3x2 => Narrow::E2m3,
        ScalarType::E3m2x2 => Narrow::E3m2,
        ScalarType::E2m1x2 => Narrow::E2m1,
        _ => return None,
    })
}

/// The state spaces `isspacep` tests, as address windows.
const ISSPACEP_WINDOWS: &[(Kw, Window)] = &[
    (Kw::Shared, Window::Shared),
    (Kw::SharedCta, Window::Shared),
    (Kw::Local, Window::Local),
    (Kw::Global, Window::Global),
    (Kw::Const, Window::Const),
];
