//! Operands: names resolved to registers, symbols and special registers; immediates,
//! `.b128` register pairs, addresses.

use super::*;

impl FuncDecoder<'_> {
    pub(super) fn lookup(&self, n: Name) -> Option<Sym> {
        for s in self.scopes.iter().rev() {
            if let Some(x) = s.get(&n) {
                return Some(*x);
            }
        }
        if let Some(x) = self.shared_syms.get(&n).or_else(|| self.module_syms.get(&n)) {
            return Some(*x);
        }
        // `%r12` declared through `%r<N>`.
        let s = self.names.str(n);
        let digits = s.len() - s.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
        if digits < s.len() {
            let idx: u32 = s[digits..].parse().ok()?;
            let prefix = self.names.get(&s[..digits])?;
            for sc in self.scopes.iter().rev() {
                if let Some(Sym::RegRange(base, k)) = sc.get(&prefix) {
                    return (idx < *k).then_some(Sym::Reg(base + idx));
                }
            }
        }
        None
    }

    /// Fails when global `g`'s initializer could not be loaded.
    pub(super) fn check_global(&self, g: u32) -> R<()> {
        match self.bad_globals.get(&g) {
            Some(e) => Err(DecodeError::Invalid(format!(
                "uses `{}`, whose initializer cannot be loaded: {}",
                e.instruction, e.message
            ))),
            None => Ok(()),
        }
    }

    pub(super) fn name_str(&self, n: Name) -> &str {
        self.names.str(n)
    }

    pub(super) fn reg(&mut self, op: &Operand) -> R<Reg> {
        match op {
            Operand::Name(n) => match self.lookup(*n) {
                Some(Sym::Reg(r)) if self.wide.contains(&r) => Err(self.wide_misuse(*n)),
                Some(Sym::Reg(r)) => Ok(r),
                _ => Err(DecodeError::Invalid(format!("`{}` is not a register", self.name_str(*n)))),
            },
            Operand::Sink => Ok(self.new_reg()),
            _ => Err(DecodeError::Invalid("expected a register".into())),
        }
    }

    /// Whether `op` is a predicate operand (`p`, `!p`).
    pub(super) fn is_pred(&self, op: &Operand) -> bool {
        match op {
            Operand::Not(_) => true,
            Operand::Name(n) => matches!(self.lookup(*n), Some(Sym::Reg(r)) if self.preds.contains(&r)),
            _ => false,
        }
    }

    pub(super) fn imm(&self, i: Imm, ty: ScalarType) -> u64 {
        match (i, ty) {
            (Imm::Int(v), ScalarType::F32) => u64::from((v as f32).to_bits()),
            (Imm::Int(v), ScalarType::F64) => (v as f64).to_bits(),
            (Imm::Int(v), _) => mask_to(v as u64, ty),
            (Imm::F32(b), ScalarType::F64) => f64::from(f32::from_bits(b)).to_bits(),
            (Imm::F32(b), _) => u64::from(b),
            (Imm::F64(b), ScalarType::F32) => u64::from((f64::from_bits(b) as f32).to_bits()),
            (Imm::F64(b), _) => b,
        }
    }

    pub(super) fn wide_misuse(&self, n: Name) -> DecodeError {
        DecodeError::Unsupported(format!(
            "`{}` is a .b128 register: only mov, ld, st and atom.cas/exch of type .b128 are supported on it",
            self.name_str(n)
        ))
    }

    /// A `.b128` register operand: its (low, high) slots.
    pub(super) fn wide_reg(&self, op: &Operand) -> R<[Reg; 2]> {
        match op {
            Operand::Name(n) => match self.lookup(*n) {
                Some(Sym::Reg(r)) if self.wide.contains(&r) => Ok([r, r + 1]),
                _ => Err(DecodeError::Invalid(format!("`{}` is not a .b128 register", self.name_str(*n)))),
            },
            _ => Err(DecodeError::Invalid("expected a .b128 register".into())),
        }
    }

    /// A `.b128` source: a `.b128` register or a `{lo, hi}` pair of 64-bit operands.
    pub(super) fn wide_src(&mut self, op: &Operand) -> R<[Src; 2]> {
        match op {
            Operand::Vector(v) if v.len() == 2 => {
                Ok([self.src(&v[0], ScalarType::B64)?, self.src(&v[1], ScalarType::B64)?])
            }
            o => Ok(self.wide_reg(o)?.map(Src::Reg)),
        }
    }

    /// A `.b128` destination: a `.b128` register, a `{lo, hi}` pair of 64-bit registers
    /// (either may be `_`), or `_`.
    pub(super) fn wide_dst(&mut self, op: &Operand) -> R<[Option<Reg>; 2]> {
        let one = |this: &mut Self, o: &Operand| match o {
            Operand::Sink => Ok(None),
            o => this.reg(o).map(Some),
        };
        match op {
            Operand::Sink => Ok([None, None]),
            Operand::Vector(v) if v.len() == 2 => Ok([one(self, &v[0])?, one(self, &v[1])?]),
            o => Ok(self.wide_reg(o)?.map(Some)),
        }
    }

    pub(super) fn sym_src(&self, n: Name, off: i64) -> R<Src> {
        match self.lookup(n) {
            Some(Sym::Reg(r)) if self.wide.contains(&r) => Err(self.wide_misuse(n)),
            Some(Sym::Reg(r)) if off == 0 => Ok(Src::Reg(r)),
            Some(Sym::Global(g)) => {
                self.check_global(g)?;
                Ok(Src::Global(g, off))
            }
            Some(Sym::Shared(o, size)) => {
                self.shared_refs.borrow_mut().push((o, size));
                Ok(Src::Imm(o.wrapping_add(off as u64)))
            }
            Some(Sym::Local(o)) => Ok(Src::Local(o.wrapping_add(off as u64))),
            // A kernel parameter's address (CUB takes it to read large parameter structs
            // through a register; nvcc -O3 passes it on as a generic pointer) is in the
            // parameter window's upper half (`address_space::PARAM_ALIAS`), readable by generic
            // loads as on the GPU.
            Some(Sym::KParam(o)) => {
                Ok(Src::Imm(crate::address_space::PARAM_ALIAS.wrapping_add(o).wrapping_add(off as u64)))
            }
            Some(Sym::Func(f)) if off == 0 => Ok(Src::Imm(func_addr(f))),
            None if off == 0 && self.name_str(n) == "WARP_SZ" => Ok(Src::Imm(32)),
            _ => Err(DecodeError::Unsupported(format!("unknown or unsupported operand `{}`", self.name_str(n)))),
        }
    }

    pub(super) fn src(&mut self, op: &Operand, ty: ScalarType) -> R<Src> {
        match op {
            Operand::Name(n) => self.sym_src(*n, 0),
            Operand::NameOffset(n, off) => self.sym_src(*n, *off),
            Operand::Imm(i) => Ok(Src::Imm(self.imm(*i, ty))),
            Operand::Sreg(s, c) => Ok(Src::Sreg(sreg(*s, c.map(|c| c.index() as u8))?)),
            Operand::Sink => Ok(Src::Imm(0)),
            _ => Err(DecodeError::Unsupported("unsupported operand form".into())),
        }
    }

    /// A predicate source, possibly negated (`!p`).
    pub(super) fn psrc(&mut self, op: &Operand) -> R<(Src, bool)> {
        match op {
            Operand::Not(n) => Ok((self.sym_src(*n, 0)?, true)),
            Operand::Imm(Imm::Int(i)) => Ok((Src::Imm(u64::from(*i != 0)), false)),
            _ => Ok((self.src(op, ScalarType::Pred)?, false)),
        }
    }

    /// A memory operand and, when it names a variable, the space that variable lives in.
    pub(super) fn addr(&mut self, op: &Operand) -> R<(Addr, Option<Space>)> {
        let (base, off) = match op {
            Operand::Addr(a) => (a.base, a.offset),
            Operand::Name(n) => (Some(*n), 0),
            Operand::NameOffset(n, o) => (Some(*n), *o),
            Operand::Imm(Imm::Int(i)) => (None, *i),
            _ => return Err(DecodeError::Unsupported("unsupported address operand".into())),
        };
        let Some(n) = base else {
            return Ok((Addr::fixed(Base::Abs, off), None));
        };
        Ok(match self.lookup(n) {
            Some(Sym::Reg(r)) if self.wide.contains(&r) => return Err(self.wide_misuse(n)),
            Some(Sym::Reg(r)) => {
                let narrow = self.reg_bits.get(r as usize).is_some_and(|&b| b <= 32);
                (Addr { base: Base::Reg(r), off, narrow }, None)
            }
            Some(Sym::Global(g)) => {
                self.check_global(g)?;
                (Addr::fixed(Base::Global(g), off), Some(Space::Global))
            }
            Some(Sym::Shared(o, size)) => {
                self.shared_refs.borrow_mut().push((o, size));
                (Addr::fixed(Base::Abs, o as i64 + off), Some(Space::Shared))
            }
            Some(Sym::Local(o)) => (Addr::fixed(Base::Local(o), off), Some(Space::Local)),
            Some(Sym::KParam(o)) => (Addr::fixed(Base::Abs, o as i64 + off), Some(Space::KParam)),
            Some(Sym::FParam(o)) => (Addr::fixed(Base::Abs, o as i64 + off), Some(Space::FParam)),
            _ => return Err(DecodeError::Invalid(format!("unknown address base `{}`", self.name_str(n)))),
        })
    }
}

pub(super) fn sreg(s: SpecialReg, c: Option<u8>) -> R<Sreg> {
    use SpecialReg as S;
    let c = c.unwrap_or(0);
    Ok(match s {
        S::Tid => Sreg::Tid(c),
        S::Ntid => Sreg::Ntid(c),
        S::Ctaid => Sreg::Ctaid(c),
        S::Nctaid => Sreg::Nctaid(c),
        S::Laneid => Sreg::Laneid,
        S::Warpid => Sreg::Warpid,
        S::Nwarpid => Sreg::Nwarpid,
        S::Smid => Sreg::Smid,
        S::Nsmid => Sreg::Nsmid,
        S::Gridid => Sreg::Gridid,
        S::LanemaskEq => Sreg::LanemaskEq,
        S::LanemaskLe => Sreg::LanemaskLe,
        S::LanemaskLt => Sreg::LanemaskLt,
        S::LanemaskGe => Sreg::LanemaskGe,
        S::LanemaskGt => Sreg::LanemaskGt,
        S::Clock => Sreg::Clock,
        S::ClockHi => Sreg::ClockHi,
        S::Clock64 => Sreg::Clock64,
        S::Globaltimer => Sreg::Globaltimer,
        S::GlobaltimerLo => Sreg::GlobaltimerLo,
        S::GlobaltimerHi => Sreg::GlobaltimerHi,
        S::DynamicSmemSize => Sreg::DynamicSmem,
        S::TotalSmemSize => Sreg::TotalSmem,
        S::AggrSmemSize => Sreg::AggrSmem,
        S::ReservedSmemOffsetBegin | S::ReservedSmemOffset0 => Sreg::ReservedSmem(0),
        S::ReservedSmemOffset1 => Sreg::ReservedSmem(1),
        S::ReservedSmemOffsetEnd => Sreg::ReservedSmem(2),
        S::ReservedSmemOffsetCap => Sreg::ReservedSmem(3),
        S::ClusterCtaid => Sreg::Cluster(ClusterReg::Ctaid(c)),
        S::ClusterNctaid => Sreg::Cluster(ClusterReg::Nctaid(c)),
        S::Clusterid => Sreg::Cluster(ClusterReg::Id(c)),
        S::Nclusterid => Sreg::Cluster(ClusterReg::Nid(c)),
        S::ClusterCtarank => Sreg::Cluster(ClusterReg::Ctarank),
        S::ClusterNctarank => Sreg::Cluster(ClusterReg::Nctarank),
        S::IsExplicitCluster => Sreg::Cluster(ClusterReg::IsExplicit),
        _ if s.to_string().starts_with("%envreg") => Sreg::Envreg(
            s.to_string()["%envreg".len()..]
                .parse()
                .map_err(|_| DecodeError::Invalid(format!("bad special register `{s}`")))?,
        ),
        _ => return Err(DecodeError::Unsupported(format!("special register `{s}` is not supported"))),
    })
}
