//! Decoding arithmetic: moves, integer and floating-point operations (unary, binary,
//! ternary, bit-field; video: `video.rs`), into the IR's operation kinds.

use super::*;

impl FuncDecoder<'_> {
    /// `mov`: a move, or a packing or unpacking of a vector.
    pub(super) fn mov_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[])?;
        p.need(2)?;
        let t = p.ty_req()?;
        if t == ScalarType::B128 {
            return Ok(Op::Mov2 { d: self.wide_dst(&ops[0])?, a: self.wide_src(&ops[1])? });
        }
        Ok(match (&ops[0], &ops[1]) {
            (Operand::Vector(ds), a) => {
                let bits = (u32::from(width(t)) / ds.len() as u32) as u8;
                let mut parts = Vec::new();
                for d in ds {
                    parts.push(match d {
                        Operand::Sink => None,
                        d => Some(self.reg(d)?),
                    });
                }
                Op::Unpack { parts, a: self.src(a, t)?, bits }
            }
            (d, Operand::Vector(srcs)) => {
                let bits = (u32::from(width(t)) / srcs.len() as u32) as u8;
                let part_ty = match bits {
                    8 => ScalarType::B8,
                    16 => ScalarType::B16,
                    32 => ScalarType::B32,
                    _ => ScalarType::B64,
                };
                let parts = srcs.iter().map(|s| self.src(s, part_ty)).collect::<R<Vec<_>>>()?;
                Op::Pack { d: self.reg(d)?, parts, bits }
            }
            (d, a) => Op::Un { op: UnOp::Mov, d: self.reg(d)?, a: self.src(a, t)? },
        })
    }

    /// Two-operand arithmetic and logic (`add`, `mul`, `shl`, ...).
    pub(super) fn binary_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ins = p.ins;
        let ops = &p.ins.operands;
        let kws = &p.kws;
        let rnd = p.rnd;
        p.need(3)?;
        let t = p.ty_req()?;
        if t == ScalarType::Pred && ops[1..3].iter().any(|o| matches!(o, Operand::Not(_))) {
            return self.negated_predicate_logic(p);
        }
        let op = self.binop(ins.opcode, t, kws, rnd)?;
        let bt = match op {
            BinOp::Shl(_) | BinOp::Shr(..) | BinOp::Szext { .. } => ScalarType::U32,
            _ => t,
        };
        Ok(Op::Bin { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], t)?, b: self.src(&ops[2], bt)? })
    }

    /// `and`/`or`/`xor.pred` with a negated source (`or.pred p, !q, r`): a `lop3` whose truth
    /// table folds the negations in. Its third source is 1, and the table holds only where that
    /// source is set, so the result is exactly 0 or 1 as a predicate must be.
    fn negated_predicate_logic(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let (a, negate_a) = self.psrc(&ops[1])?;
        let (b, negate_b) = self.psrc(&ops[2])?;
        if !matches!(p.ins.opcode, Opcode::And | Opcode::Or | Opcode::Xor) {
            return Err(DecodeError::Unsupported(format!("a negated predicate source of `{}`", p.ins.opcode)));
        }
        let holds = |x: bool, y: bool| match p.ins.opcode {
            Opcode::And => x && y,
            Opcode::Or => x || y,
            _ => x ^ y,
        };
        let mut lut = 0u8;
        for x in [false, true] {
            for y in [false, true] {
                if holds(x ^ negate_a, y ^ negate_b) {
                    // lop3's row for a = x, b = y, c = 1.
                    lut |= 1 << (u8::from(x) * 4 + u8::from(y) * 2 + 1);
                }
            }
        }
        Ok(Op::Tern { op: TernOp::Lop3(lut), d: self.reg(&ops[0])?, a, b, c: Src::Imm(1) })
    }

    /// Three-operand arithmetic (`mad`, `fma`, `prmt`, `selp`, video instructions, ...).
    pub(super) fn ternary_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ins = p.ins;
        let ops = &p.ins.operands;
        let kws = &p.kws;
        let tys = &p.tys;
        let rnd = p.rnd;
        p.check(&[
            Kw::Relu,
            Kw::Add,
            Kw::Rn,
            Kw::Rz,
            Kw::Rm,
            Kw::Rp,
            Kw::Ftz,
            Kw::Sat,
            Kw::Lo,
            Kw::Hi,
            Kw::Wide,
            Kw::L,
            Kw::R,
            Kw::Wrap,
            Kw::Clamp,
            Kw::F4e,
            Kw::B4e,
            Kw::Rc8,
            Kw::Ecl,
            Kw::Ecr,
            Kw::Rc16,
            // lop3.BoolOp
            Kw::And,
            Kw::Or,
        ])?;
        let t = p.ty_req()?;
        let (mut op, n) = self.ternop(ins.opcode, t, tys, kws, rnd)?;
        p.need(n)?;
        if let TernOp::Lop3(_) = op {
            let Operand::Imm(Imm::Int(lut)) = ops[4] else {
                return Err(DecodeError::Invalid("lop3 needs an immediate truth table".into()));
            };
            op = TernOp::Lop3(lut as u8);
        }
        let (sa, sb, sc) = match op {
            TernOp::Bfe(..) => (t, ScalarType::U32, ScalarType::U32),
            // c is as wide as the product.
            TernOp::MadWide(..) => (t, t, wide_type(t)),
            TernOp::Selp => (t, t, ScalarType::Pred),
            TernOp::Slct { float, .. } => (t, t, if float { ScalarType::F32 } else { ScalarType::S32 }),
            TernOp::ShfL(_) | TernOp::ShfR(_) => (t, t, ScalarType::U32),
            TernOp::Dp4a(..) | TernOp::Dp2a(..) | TernOp::Fns => (ScalarType::B32, ScalarType::B32, ScalarType::B32),
            TernOp::HFma(..) if t.size() == 2 => (ScalarType::B16, ScalarType::B16, ScalarType::B16),
            TernOp::HFma(..) => (ScalarType::B32, ScalarType::B32, ScalarType::B32),
            _ => (t, t, t),
        };
        let d = match &ops[0] {
            Operand::Pair(first, p) if matches!(op, TernOp::Lop3(_)) => self.lop3_predicate(p, first, ops, kws)?,
            d => self.reg(d)?,
        };
        let mut a = self.src(&ops[1], sa)?;
        let mut b = self.src(&ops[2], sb)?;
        let c = self.src(&ops[3], sc)?;
        if op == TernOp::Fma64 && matches!(a, Src::Imm(_)) && !matches!(b, Src::Imm(_)) {
            // ptxas puts an immediate multiplicand second (DFMA's second source), and the
            // second's NaN wins over the addend's, the addend's over the first's
            // (`float::fma64`): the product is the same, the NaN an H200's.
            std::mem::swap(&mut a, &mut b);
        }
        Ok(Op::Tern { op, d, a, b, c })
    }

    /// `lop3.BoolOp.b32 d|p, a, b, c, immLut, q`: `d` (`first`, a register or `_`), with the
    /// follow-up `p = (d != 0) BoolOp q` (PTX ISA 9.7.8.6) set for the caller to append.
    fn lop3_predicate(&mut self, p: &Name, first: &Operand, ops: &[Operand], kws: &[Kw]) -> R<Reg> {
        let comb = super::instruction::first_of(kws, &[(Kw::And, BoolOp::And), (Kw::Or, BoolOp::Or)])
            .ok_or_else(|| DecodeError::Invalid("lop3 with a predicate result needs .and or .or".into()))?;
        let q = ops.get(5).ok_or(DecodeError::MissingOperands(6))?;
        let (q, neg) = self.psrc(q)?;
        let d = self.reg(first)?;
        let p = self.reg(&Operand::Name(*p))?;
        let cmp = Cmp { op: CmpOp::Ne, kind: b'u', w: 32, ftz: false };
        let b = Src::Imm(0);
        self.follow_up =
            Some(Op::Setp { cmp, out: SetOut::Pred, d: p, dn: None, a: Src::Reg(d), b, comb: Some((comb, q, neg)) });
        Ok(d)
    }

    /// `bfi`: bit-field insertion.
    pub(super) fn bfi_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[])?;
        p.need(5)?;
        let t = p.ty_req()?;
        Ok(Op::Bfi {
            w: width(t),
            d: self.reg(&ops[0])?,
            a: self.src(&ops[1], t)?,
            b: self.src(&ops[2], t)?,
            c: self.src(&ops[3], ScalarType::U32)?,
            e: self.src(&ops[4], ScalarType::U32)?,
        })
    }

    /// One-operand arithmetic (`not`, `neg`, `popc`, `sqrt`, `ex2`, `testp`, ...).
    pub(super) fn unary_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ins = p.ins;
        let ops = &p.ins.operands;
        let kws = &p.kws;
        let rnd = p.rnd;
        p.check(&[
            Kw::Approx,
            Kw::Full,
            Kw::Rn,
            Kw::Rz,
            Kw::Rm,
            Kw::Rp,
            Kw::Ftz,
            Kw::Shiftamt,
            Kw::Finite,
            Kw::Infinite,
            Kw::Number,
            Kw::Notanumber,
            Kw::Normal,
            Kw::Subnormal,
        ])?;
        p.need(2)?;
        let t = p.ty_req()?;
        let op = self.unop(ins.opcode, t, kws, rnd)?;
        Ok(Op::Un { op, d: self.reg(&ops[0])?, a: self.src(&ops[1], t)? })
    }

    fn binop(&self, o: Opcode, t: ScalarType, kws: &[Kw], rnd: Option<Rounding>) -> R<BinOp> {
        if t == ScalarType::F32 || t == ScalarType::F64 {
            return float_binop(o, t, kws, rnd);
        }
        if let Some((fmt, x2)) = half_ty(t) {
            return half_binop(o, t, kws, fmt, x2);
        }
        if t.kind() == TypeKind::Float {
            return Err(DecodeError::Unsupported(format!("`{o}` on .{t} is not supported")));
        }
        int_binop(o, t, kws)
    }

    fn ternop(
        &self,
        o: Opcode,
        t: ScalarType,
        tys: &[ScalarType],
        kws: &[Kw],
        rnd: Option<Rounding>,
    ) -> R<(TernOp, usize)> {
        let has = |k: Kw| kws.contains(&k);
        let w = width(t);
        let s = is_signed(t);
        use Opcode as O;
        Ok(match o {
            O::Mad | O::Fma if t == ScalarType::F32 || t == ScalarType::F64 => {
                if let Some(r) = rnd
                    && r != Rounding::Rn
                {
                    if !matches!(r, Rounding::Rz | Rounding::Rm | Rounding::Rp) {
                        return Err(DecodeError::Unsupported(format!("rounding mode .{r} is not supported for `{o}`")));
                    }
                    let double = t == ScalarType::F64;
                    let f = FDir { op: FBin::Add, rnd: r, double, ftz: has(Kw::Ftz), sat: has(Kw::Sat) };
                    return Ok((TernOp::FmaDir(f), 4));
                }
                if o == O::Mad && rnd.is_none() && t == ScalarType::F64 {
                    return Err(DecodeError::Invalid("mad.f64 needs a rounding mode".into()));
                }
                if t == ScalarType::F32 { (TernOp::Fma32(has(Kw::Ftz), has(Kw::Sat)), 4) } else { (TernOp::Fma64, 4) }
            }
            O::Fma | O::Mad if half_ty(t).is_some() => {
                let Some((fmt, x2)) = half_ty(t) else { return Err(DecodeError::Invalid("unreachable".into())) };
                if rnd.is_some_and(|r| r != Rounding::Rn) {
                    return Err(DecodeError::Unsupported(format!("`{o}` on .{t} supports only .rn")));
                }
                let m = HMode {
                    fmt,
                    ftz: has(Kw::Ftz),
                    sat: has(Kw::Sat),
                    relu: has(Kw::Relu),
                    nan: false,
                    xorsign: false,
                };
                (TernOp::HFma(m, x2), 4)
            }
            O::Fns => (TernOp::Fns, 4),
            O::Mad if t.kind() != TypeKind::Float => {
                if has(Kw::Hi) && has(Kw::Sat) {
                    if t != ScalarType::S32 {
                        return Err(DecodeError::Invalid(format!("mad.hi.sat on .{t} (only .s32)")));
                    }
                    (TernOp::MadHiSat, 4)
                } else if has(Kw::Hi) {
                    (TernOp::MadHi(w, s), 4)
                } else if has(Kw::Wide) {
                    if w == 64 {
                        return Err(DecodeError::Invalid("mad.wide on 64-bit".into()));
                    }
                    (TernOp::MadWide(w, s), 4)
                } else if has(Kw::Cc) || has(Kw::Sat) {
                    return Err(DecodeError::Unsupported("mad.cc / mad.sat are not supported".into()));
                } else {
                    (TernOp::MadLo(w), 4)
                }
            }
            O::Mad24 => {
                let sat = has(Kw::Sat);
                if sat && !(has(Kw::Hi) && s) {
                    return Err(DecodeError::Invalid("mad24 .sat needs .hi.s32".into()));
                }
                if has(Kw::Hi) { (TernOp::Mad24Hi { signed: s, sat }, 4) } else { (TernOp::Mad24Lo(s), 4) }
            }
            O::Sad => (TernOp::Sad(w, s), 4),
            O::Bfe => (TernOp::Bfe(w, s), 4),
            O::Prmt => {
                let modes = [Kw::F4e, Kw::B4e, Kw::Rc8, Kw::Ecl, Kw::Ecr, Kw::Rc16];
                let mode = modes.iter().position(|k| has(*k)).map_or(0, |i| i as u8 + 1);
                (TernOp::Prmt(mode), 4)
            }
            O::Lop3 => (TernOp::Lop3(0), 5),
            O::Shf => {
                let wrap = has(Kw::Wrap);
                if has(Kw::L) { (TernOp::ShfL(wrap), 4) } else { (TernOp::ShfR(wrap), 4) }
            }
            O::Selp => (TernOp::Selp, 4),
            O::Slct => match tys.get(1) {
                Some(ScalarType::F32) => (TernOp::Slct { float: true, ftz: has(Kw::Ftz) }, 4),
                Some(ScalarType::S32) => (TernOp::Slct { float: false, ftz: false }, 4),
                _ => return Err(DecodeError::Invalid("slct needs a .s32 or .f32 selector type".into())),
            },
            O::Dp4a | O::Dp2a => {
                if tys.len() != 2 {
                    return Err(DecodeError::Invalid("dp4a needs two types".into()));
                }
                let (sa, sb) = (is_signed(tys[0]), is_signed(tys[1]));
                if o == O::Dp4a { (TernOp::Dp4a(sa, sb), 4) } else { (TernOp::Dp2a(sa, sb, has(Kw::Hi)), 4) }
            }
            _ => return Err(DecodeError::Unsupported(format!("`{o}` on .{t} is not supported"))),
        })
    }

    fn unop(&self, o: Opcode, t: ScalarType, kws: &[Kw], rnd: Option<Rounding>) -> R<UnOp> {
        let has = |k: Kw| kws.contains(&k);
        let w = width(t);
        let ftz = has(Kw::Ftz);
        use Opcode as O;
        let dir = |double: bool| -> Option<UnOp> {
            let r = rnd.filter(|r| matches!(r, Rounding::Rz | Rounding::Rm | Rounding::Rp))?;
            let op = match o {
                O::Sqrt => FBin::Add,
                O::Rcp => FBin::Div,
                _ => return None,
            };
            Some(UnOp::FDir(FDir { op, rnd: r, double, ftz, sat: false }))
        };
        if matches!(t, ScalarType::F32 | ScalarType::F64)
            && let Some(u) = dir(t == ScalarType::F64)
        {
            return Ok(u);
        }
        let f32fn = |f: F32Fn| -> R<UnOp> {
            if let Some(r) = rnd
                && r != Rounding::Rn
            {
                return Err(DecodeError::Unsupported(format!("rounding mode .{r} is not supported")));
            }
            Ok(UnOp::F32(f, ftz))
        };
        Ok(match (o, t) {
            (O::Not, ScalarType::Pred) | (O::Cnot, _) => UnOp::Cnot(w.max(8)),
            (O::Not, _) => UnOp::Not(w),
            (O::Neg, ScalarType::F32) => UnOp::NegF32 { ftz },
            (O::Neg, ScalarType::F64) => UnOp::NegF64,
            (O::Abs, ScalarType::F32) => UnOp::AbsF32 { ftz },
            (O::Abs, ScalarType::F64) => UnOp::AbsF64,
            (O::Neg | O::Abs, t) if half_ty(t).is_some() => {
                let Some((fmt, x2)) = half_ty(t) else { return Err(DecodeError::Invalid("unreachable".into())) };
                UnOp::HNegAbs { neg: o == O::Neg, fmt, ftz, x2 }
            }
            (O::Neg | O::Abs, t) if t.kind() == TypeKind::Float => {
                return Err(DecodeError::Unsupported(format!("`{o}.{t}` is not supported")));
            }
            (O::Neg, _) => UnOp::Neg(w),
            (O::Abs, _) => UnOp::Abs(w),
            (O::Popc, _) => UnOp::Popc(w),
            (O::Clz, _) => UnOp::Clz(w),
            (O::Brev, _) => UnOp::Brev(w),
            (O::Bfind, _) => UnOp::Bfind { w, signed: is_signed(t), shiftamt: has(Kw::Shiftamt) },
            (O::Sqrt, ScalarType::F32) => f32fn(if has(Kw::Approx) { F32Fn::SqrtApprox } else { F32Fn::Sqrt })?,
            (O::Rcp, ScalarType::F32) => f32fn(if has(Kw::Approx) { F32Fn::RcpApprox } else { F32Fn::Rcp })?,
            (O::Rsqrt, ScalarType::F32) => f32fn(F32Fn::Rsqrt)?,
            (O::Sin, ScalarType::F32) => f32fn(F32Fn::Sin)?,
            (O::Cos, ScalarType::F32) => f32fn(F32Fn::Cos)?,
            (O::Lg2, ScalarType::F32) => f32fn(F32Fn::Lg2)?,
            (O::Ex2, ScalarType::F32) => f32fn(F32Fn::Ex2)?,
            (O::Tanh, ScalarType::F32) => f32fn(F32Fn::Tanh)?,
            (O::Ex2 | O::Tanh, t) if half_ty(t).is_some() && has(Kw::Approx) => {
                let Some((fmt, x2)) = half_ty(t) else { return Err(DecodeError::Invalid("unreachable".into())) };
                UnOp::HApprox { f: if o == O::Ex2 { F32Fn::Ex2 } else { F32Fn::Tanh }, fmt, ftz, x2 }
            }
            (O::Sqrt | O::Rcp | O::Rsqrt, ScalarType::F64) => {
                if let Some(r) = rnd
                    && r != Rounding::Rn
                {
                    return Err(DecodeError::Unsupported(format!("rounding mode .{r} is not supported")));
                }
                match o {
                    O::Sqrt => UnOp::F64(F64Fn::Sqrt),
                    O::Rsqrt if ftz => UnOp::F64(F64Fn::RsqrtFtz),
                    O::Rsqrt => UnOp::F64(F64Fn::Rsqrt),
                    _ if has(Kw::Approx) => UnOp::F64(F64Fn::RcpFtz),
                    _ => UnOp::F64(F64Fn::Rcp),
                }
            }
            (O::Testp, ScalarType::F32 | ScalarType::F64) => {
                let p = if has(Kw::Finite) {
                    Testp::Finite
                } else if has(Kw::Infinite) {
                    Testp::Infinite
                } else if has(Kw::Number) {
                    Testp::Number
                } else if has(Kw::Notanumber) {
                    Testp::NotANumber
                } else if has(Kw::Normal) {
                    Testp::Normal
                } else {
                    Testp::Subnormal
                };
                UnOp::Testp(p, t == ScalarType::F64)
            }
            _ => return Err(DecodeError::Unsupported(format!("`{o}.{t}` is not supported"))),
        })
    }
}

/// The integer type twice as wide as `t` (`mad.wide`'s addend).
fn wide_type(t: ScalarType) -> ScalarType {
    match t {
        ScalarType::S16 => ScalarType::S32,
        ScalarType::U16 => ScalarType::U32,
        ScalarType::S32 => ScalarType::S64,
        _ => ScalarType::U64,
    }
}

/// Checks that every modifier of `kws` besides types is in `allowed`.
fn only(kws: &[Kw], allowed: &[Kw]) -> R<()> {
    match kws.iter().find(|k| k.as_type().is_none() && !allowed.contains(k)) {
        Some(k) => Err(DecodeError::UnsupportedModifier(*k)),
        None => Ok(()),
    }
}

/// Whether `kws` has `.xorsign.abs` (the two only together, on min/max `fop`).
fn xorsign_abs(kws: &[Kw], fop: FBin) -> R<bool> {
    match (kws.contains(&Kw::Xorsign), kws.contains(&Kw::Abs)) {
        (false, false) => Ok(false),
        (true, true) if matches!(fop, FBin::Min | FBin::Max) => Ok(true),
        _ => Err(DecodeError::Invalid(".xorsign.abs needs min/max (two operands)".into())),
    }
}

/// The operation of opcode `o` (`add`, `sub`, `mul`, `div`, `min`, `max`), when it is among
/// those type `t` has (`ops`).
fn arithmetic(o: Opcode, t: ScalarType, ops: &[FBin]) -> R<FBin> {
    let op = match o {
        Opcode::Add => Some(FBin::Add),
        Opcode::Sub => Some(FBin::Sub),
        Opcode::Mul => Some(FBin::Mul),
        Opcode::Div => Some(FBin::Div),
        Opcode::Min => Some(FBin::Min),
        Opcode::Max => Some(FBin::Max),
        _ => None,
    };
    op.filter(|op| ops.contains(op)).ok_or_else(|| DecodeError::Unsupported(format!("`{o}` on .{t} is not supported")))
}

/// A two-operand `.f32` or `.f64` operation (`t`).
fn float_binop(o: Opcode, t: ScalarType, kws: &[Kw], rnd: Option<Rounding>) -> R<BinOp> {
    let has = |k: Kw| kws.contains(&k);
    use Opcode as O;
    if o == O::Copysign {
        only(kws, &[])?;
        return Ok(if t == ScalarType::F32 { BinOp::Copysign32 } else { BinOp::Copysign64 });
    }
    let fop = arithmetic(o, t, &[FBin::Add, FBin::Sub, FBin::Mul, FBin::Div, FBin::Min, FBin::Max])?;
    only(
        kws,
        &[Kw::Rn, Kw::Rz, Kw::Rm, Kw::Rp, Kw::Ftz, Kw::Sat, Kw::Approx, Kw::Full, Kw::NaN, Kw::Xorsign, Kw::Abs],
    )?;
    if xorsign_abs(kws, fop)? {
        if t != ScalarType::F32 {
            return Err(DecodeError::Invalid(".xorsign.abs needs min/max.f32".into()));
        }
        return Ok(BinOp::MinMaxXorsign32 { max: fop == FBin::Max, ftz: has(Kw::Ftz), nan: has(Kw::NaN) });
    }
    if let Some(r) = rnd
        && r != Rounding::Rn
    {
        if !matches!(r, Rounding::Rz | Rounding::Rm | Rounding::Rp)
            || !matches!(fop, FBin::Add | FBin::Sub | FBin::Mul | FBin::Div)
        {
            return Err(DecodeError::Unsupported(format!("rounding mode .{r} is not supported for `{o}`")));
        }
        let double = t == ScalarType::F64;
        return Ok(BinOp::FDir(FDir { op: fop, rnd: r, double, ftz: has(Kw::Ftz), sat: has(Kw::Sat) }));
    }
    if has(Kw::NaN) {
        if t != ScalarType::F32 || !matches!(fop, FBin::Min | FBin::Max) {
            return Err(DecodeError::Invalid(".NaN needs min/max.f32".into()));
        }
        return Ok(BinOp::MinMaxNaN32 { max: fop == FBin::Max, ftz: has(Kw::Ftz) });
    }
    if t == ScalarType::F32 && fop == FBin::Div && has(Kw::Approx) {
        return Ok(BinOp::DivApprox32(has(Kw::Ftz)));
    }
    if t == ScalarType::F32 && fop == FBin::Div && has(Kw::Full) {
        return Ok(BinOp::DivFull32(has(Kw::Ftz)));
    }
    if t == ScalarType::F32 {
        return Ok(BinOp::F32(fop, has(Kw::Ftz), has(Kw::Sat)));
    }
    if has(Kw::Sat) || has(Kw::Approx) {
        return Err(DecodeError::Unsupported("unsupported f64 modifier".into()));
    }
    Ok(BinOp::F64(fop))
}

/// A two-operand `.f16`, `.bf16` or packed pair (`t`, of format `fmt`, a pair when `x2`).
fn half_binop(o: Opcode, t: ScalarType, kws: &[Kw], fmt: HFmt, x2: bool) -> R<BinOp> {
    let has = |k: Kw| kws.contains(&k);
    let fop = arithmetic(o, t, &[FBin::Add, FBin::Sub, FBin::Mul, FBin::Min, FBin::Max])?;
    only(kws, &[Kw::Rn, Kw::Ftz, Kw::Sat, Kw::NaN, Kw::Relu, Kw::Xorsign, Kw::Abs])?;
    let xorsign = xorsign_abs(kws, fop)?;
    let (ftz, sat, relu, nan) = (has(Kw::Ftz), has(Kw::Sat), has(Kw::Relu), has(Kw::NaN));
    let m = HMode { fmt, ftz, sat, relu, nan, xorsign };
    Ok(BinOp::Half(fop, m, x2))
}

/// A two-operand integer operation on `t` (packed `.s16x2`/`.u16x2` too).
fn int_binop(o: Opcode, t: ScalarType, kws: &[Kw]) -> R<BinOp> {
    let has = |k: Kw| kws.contains(&k);
    let w = width(t);
    let s = is_signed(t);
    use Opcode as O;
    if matches!(t, ScalarType::U16x2 | ScalarType::S16x2) {
        let op = arithmetic(o, t, &[FBin::Add, FBin::Sub, FBin::Min, FBin::Max])?;
        only(kws, &[Kw::Relu])?;
        if has(Kw::Relu) && (!s || !matches!(op, FBin::Min | FBin::Max)) {
            return Err(DecodeError::Invalid(".relu needs min/max.s16x2".into()));
        }
        return Ok(BinOp::I16x2 { op, signed: s, relu: has(Kw::Relu) });
    }
    if has(Kw::Relu) && matches!(o, O::Min | O::Max) {
        only(kws, &[Kw::Relu])?;
        if t != ScalarType::S32 {
            return Err(DecodeError::Invalid(".relu needs min/max.s32".into()));
        }
        return Ok(BinOp::MinMaxRelu { max: o == O::Max });
    }
    Ok(match o {
        O::Add | O::Sub => {
            only(kws, &[Kw::Sat])?;
            if has(Kw::Sat) {
                if t != ScalarType::S32 {
                    return Err(DecodeError::Invalid("add.sat needs .s32".into()));
                }
                if o == O::Add { BinOp::AddSat } else { BinOp::SubSat }
            } else if o == O::Add {
                BinOp::Add(w)
            } else {
                BinOp::Sub(w)
            }
        }
        O::Mul => {
            only(kws, &[Kw::Lo, Kw::Hi, Kw::Wide])?;
            if has(Kw::Hi) {
                BinOp::MulHi(w, s)
            } else if has(Kw::Wide) {
                if w == 64 {
                    return Err(DecodeError::Invalid("mul.wide on 64-bit".into()));
                }
                BinOp::MulWide(w, s)
            } else {
                BinOp::MulLo(w)
            }
        }
        O::Mul24 => {
            only(kws, &[Kw::Lo, Kw::Hi])?;
            if has(Kw::Hi) { BinOp::Mul24Hi(s) } else { BinOp::Mul24Lo(s) }
        }
        O::Div => {
            only(kws, &[])?;
            BinOp::Div(w, s)
        }
        O::Rem => {
            only(kws, &[])?;
            BinOp::Rem(w, s)
        }
        O::Min => {
            only(kws, &[])?;
            BinOp::Min(w, s)
        }
        O::Max => {
            only(kws, &[])?;
            BinOp::Max(w, s)
        }
        O::And => BinOp::And(w.max(8)),
        O::Or => BinOp::Or(w.max(8)),
        O::Xor => BinOp::Xor(w.max(8)),
        O::Shl => BinOp::Shl(w),
        O::Shr => BinOp::Shr(w, s),
        O::Bmsk => BinOp::Bmsk(has(Kw::Wrap)),
        O::Szext if w == 32 => BinOp::Szext { signed: s, clamp: !has(Kw::Wrap) },
        _ => return Err(DecodeError::Unsupported(format!("`{o}` on .{t} is not supported"))),
    })
}
