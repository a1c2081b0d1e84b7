//! Decoding memory instructions: loads and stores (plain, 128-bit, asynchronous),
//! atomics, fences, `mbarrier`, `cp.async`.

use super::*;

impl FuncDecoder<'_> {
    /// `membar`/`fence`.
    pub(super) fn fence_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        // `fence.proxy.{async,alias}` and `fence.mbarrier_init`: every proxy is the generic
        // one here (no virtual aliases of one physical address) and mbarrier initialization
        // is immediately visible.
        p.check(&[
            Kw::Gl,
            Kw::Sys,
            Kw::Cta,
            Kw::Gpu,
            Kw::AcqRel,
            Kw::Sc,
            Kw::Cluster,
            Kw::Proxy,
            Kw::Alias,
            Kw::Async,
            Kw::Shared,
            Kw::SharedCta,
            Kw::Global,
            Kw::MbarrierInit,
        ])?;
        Ok(Op::Fence)
    }

    /// `mbarrier` operations.
    pub(super) fn mbarrier_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let nops = p.ins.operands.len();
        p.check(&[
            Kw::Init,
            Kw::Arrive,
            Kw::ArriveDrop,
            Kw::ExpectTx,
            Kw::CompleteTx,
            Kw::NoComplete,
            Kw::TestWait,
            Kw::TryWait,
            Kw::Parity,
            Kw::PendingCount,
            Kw::Inval,
            Kw::Shared,
            Kw::SharedCta,
            Kw::SharedCluster,
            Kw::Cluster,
        ])?;
        let space = if p.has(Kw::Shared) || p.has(Kw::SharedCta) || p.has(Kw::SharedCluster) {
            Some(Space::Shared)
        } else {
            None
        };
        let addr_at = |this: &mut Self, i: usize| -> R<(Addr, Space)> {
            let (a, sp) = this.addr(&ops[i])?;
            Ok((a, space.or(sp).unwrap_or(Space::Generic)))
        };
        let u32src = |this: &mut Self, i: usize| -> R<Src> {
            if nops > i { this.src(&ops[i], ScalarType::U32) } else { Ok(Src::Imm(1)) }
        };
        Ok(if p.has(Kw::PendingCount) {
            p.need(2)?;
            let d = Some(self.reg(&ops[0])?);
            let a = self.src(&ops[1], ScalarType::B64)?;
            Op::Mbar { op: MbarOp::PendingCount, d, addr: Addr::fixed(Base::Abs, 0), space: Space::Shared, a }
        } else if p.has(Kw::Init)
            || p.has(Kw::Inval)
            || (p.has(Kw::ExpectTx) && !p.has(Kw::Arrive) && !p.has(Kw::ArriveDrop))
            || p.has(Kw::CompleteTx)
        {
            p.need(1)?;
            let (addr, space) = addr_at(self, 0)?;
            let kinds = [(Kw::Init, MbarOp::Init), (Kw::Inval, MbarOp::Inval), (Kw::ExpectTx, MbarOp::ExpectTx)];
            let op = p.first_of(&kinds).unwrap_or(MbarOp::CompleteTx);
            let a = if op == MbarOp::Inval { Src::Imm(0) } else { p.need(2).and_then(|()| u32src(self, 1))? };
            Op::Mbar { op, d: None, addr, space, a }
        } else if p.has(Kw::Arrive) || p.has(Kw::ArriveDrop) {
            p.need(2)?;
            let d = match &ops[0] {
                Operand::Sink => None,
                o => Some(self.reg(o)?),
            };
            let (addr, space) = addr_at(self, 1)?;
            let a = u32src(self, 2)?;
            let op = MbarOp::Arrive { drop: p.has(Kw::ArriveDrop), expect_tx: p.has(Kw::ExpectTx) };
            Op::Mbar { op, d, addr, space, a }
        } else if p.has(Kw::TestWait) || p.has(Kw::TryWait) {
            p.need(3)?;
            let d = Some(self.reg(&ops[0])?);
            let (addr, space) = addr_at(self, 1)?;
            let parity = p.has(Kw::Parity);
            let a = self.src(&ops[2], if parity { ScalarType::U32 } else { ScalarType::B64 })?;
            Op::Mbar { op: MbarOp::Wait { parity }, d, addr, space, a }
        } else {
            return Err(DecodeError::Unsupported("unsupported mbarrier operation".into()));
        })
    }

    /// `cp.async` from global to shared memory.
    pub(super) fn cp_async_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let nops = p.ins.operands.len();
        let kws = &p.kws;
        // Copies run synchronously at issue, so groups are always complete.
        if p.has(Kw::CommitGroup) || p.has(Kw::WaitGroup) || p.has(Kw::WaitAll) {
            return Ok(Op::Nop);
        }
        if p.has(Kw::Mbarrier) {
            // The copies already completed, so the arrive-on is immediate: without
            // `.noinc` it increments the pending count and arrives (no net effect).
            p.check(&[Kw::Async, Kw::Mbarrier, Kw::Arrive, Kw::Noinc, Kw::Shared, Kw::SharedCta])?;
            p.need(1)?;
            if !p.has(Kw::Noinc) {
                return Ok(Op::Nop);
            }
            let (addr, sp) = self.addr(&ops[0])?;
            let space = Self::space_of(kws).or(sp).unwrap_or(Space::Generic);
            let op = MbarOp::Arrive { drop: false, expect_tx: false };
            return Ok(Op::Mbar { op, d: None, addr, space, a: Src::Imm(1) });
        }
        if p.has(Kw::Bulk) {
            p.check(&[
                Kw::Async,
                Kw::Bulk,
                Kw::SharedCluster,
                Kw::SharedCta,
                Kw::Global,
                Kw::MbarrierCompleteTxBytes,
                Kw::BulkGroup,
            ])?;
            // The two directions the engine runs: global -> shared completing on an mbarrier,
            // and shared::cta -> global in a bulk group (`.global` first: the destination).
            let at = |k: Kw| kws.iter().position(|&x| x == k);
            let to_global = p.has(Kw::BulkGroup) && at(Kw::Global) < at(Kw::SharedCta) && at(Kw::Global).is_some();
            let from_global = p.has(Kw::MbarrierCompleteTxBytes) && p.has(Kw::Global);
            if !to_global && !from_global {
                return Err(DecodeError::Unsupported(
                    "only cp.async.bulk global -> shared with mbarrier::complete_tx and shared::cta -> global \
                     with bulk_group are supported"
                        .into(),
                ));
            }
            p.need(if to_global { 3 } else { 4 })?;
            let (dst, _) = self.addr(&ops[0])?;
            let (src, _) = self.addr(&ops[1])?;
            let size = self.src(&ops[2], ScalarType::U32)?;
            let mbar = if to_global { None } else { Some(self.addr(&ops[3])?.0) };
            return Ok(Op::CpBulk { dst, src, size, mbar });
        }
        p.check(&[Kw::Async, Kw::Shared, Kw::SharedCta, Kw::Global])?;
        if !(p.has(Kw::Shared) || p.has(Kw::SharedCta)) || !p.has(Kw::Global) {
            return Err(DecodeError::Invalid("cp.async needs .shared.global".into()));
        }
        p.need(3)?;
        let (dst, _) = self.addr(&ops[0])?;
        let (src, _) = self.addr(&ops[1])?;
        let size = match &ops[2] {
            Operand::Imm(i) => self.imm(*i, ScalarType::U32),
            _ => return Err(DecodeError::Invalid("cp.async copy size must be an immediate".into())),
        };
        if !matches!(size, 4 | 8 | 16) {
            return Err(DecodeError::Invalid(format!("cp.async copy size {size} is not 4, 8 or 16")));
        }
        let (src_size, ignore) = match nops {
            3 => (None, None),
            4 if self.is_pred(&ops[3]) => (None, Some(self.psrc(&ops[3])?)),
            4 => (Some(self.src(&ops[3], ScalarType::U32)?), None),
            _ => (Some(self.src(&ops[3], ScalarType::U32)?), Some(self.psrc(&ops[4])?)),
        };
        Ok(Op::CpAsync { dst, src, size: size as u8, src_size, ignore })
    }

    fn space_of(kws: &[Kw]) -> Option<Space> {
        for k in kws {
            match k {
                Kw::Global | Kw::Const => return Some(Space::Global),
                // A shared::cta address is the shared::cluster address of the block's own
                // shared memory; both index the cluster's shared window (`exec/cluster.rs`).
                Kw::Shared | Kw::SharedCta | Kw::SharedCluster => return Some(Space::Shared),
                Kw::Local => return Some(Space::Local),
                Kw::Param | Kw::ParamEntry | Kw::ParamFunc => return Some(Space::KParam),
                _ => {}
            }
        }
        None
    }

    pub(super) fn mem(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        for k in kws {
            if k.as_type().is_none()
                && !ignorable(*k)
                && k.as_vector().is_none()
                && !matches!(
                    k,
                    Kw::Global
                        | Kw::Const
                        | Kw::Shared
                        | Kw::SharedCta
                        | Kw::SharedCluster
                        | Kw::Local
                        | Kw::Param
                        | Kw::ParamEntry
                        | Kw::ParamFunc
                        | Kw::L2CacheHint
                        // `.mmio.relaxed.sys`: a strong access performed once (the validator
                        // checks its form), which every access here is.
                        | Kw::Mmio
                )
            {
                return Err(DecodeError::UnsupportedModifier(*k));
            }
        }
        // `.L2::cache_hint` adds a cache-policy operand after the data and address: a hint the
        // CPU has no use for (only the first two operands are read below).
        let t = ty.ok_or(DecodeError::MissingType)?;
        let vec = kws.iter().find_map(|k| k.as_vector()).unwrap_or(1);
        if t == ScalarType::B128 && vec == 1 {
            return self.mem128(ins, kws);
        }
        if vec > 4 || t.size() > 8 {
            return Err(DecodeError::Unsupported("unsupported access width".into()));
        }
        let (is_ld, data, addr, sym_space, mut space) = self.access_parts(ins, kws)?;
        if space == Space::KParam {
            space = match sym_space {
                Some(Space::KParam) => Space::KParam,
                Some(Space::FParam) => Space::FParam,
                // Through a register: an address taken from a parameter of this function. A
                // device function's parameters are addressed in its local frame
                // (decode::param_address), so the address is a local one.
                None if self.is_kernel => Space::KParam,
                None => Space::Local,
                // A parameter whose address is taken lives in the local frame.
                Some(Space::Local) => Space::Local,
                _ => return Err(DecodeError::Unsupported("param access through a register is not supported".into())),
            };
        }
        let size = t.size() as u8;
        let items: Vec<&Operand> = match data {
            Operand::Vector(v) => v.iter().collect(),
            o => vec![o],
        };
        if items.len() != usize::from(vec) {
            return Err(DecodeError::Invalid("vector operand count does not match".into()));
        }
        let strong = kws.iter().any(|k| matches!(k, Kw::Relaxed | Kw::Acquire | Kw::Release | Kw::Volatile | Kw::Mmio));
        let whole = strong && items.len() > 1 && matches!(items.len() * usize::from(size), 2 | 4 | 8 | 16);
        Ok(if is_ld {
            let mut d = Vec::new();
            for it in items {
                d.push(match it {
                    Operand::Sink => None,
                    o => Some(self.reg(o)?),
                });
            }
            Op::Ld { space, size, sext: is_signed(t), d, addr, whole, strong }
        } else {
            let vals = items.into_iter().map(|o| self.src(o, t)).collect::<R<Vec<_>>>()?;
            Op::St { space, size, vals, addr, whole, strong }
        })
    }

    /// The parts of an `ld`/`st`: whether it loads, the data operand, the address, the space of
    /// the variable it names (if any) and the space it accesses (a generic access to a named
    /// variable is in that variable's space).
    fn access_parts<'i>(
        &mut self,
        ins: &'i Instruction,
        kws: &[Kw],
    ) -> R<(bool, &'i Operand, Addr, Option<Space>, Space)> {
        let ops = &ins.operands;
        if ops.len() < 2 {
            return Err(DecodeError::Invalid("expected 2 operands".into()));
        }
        let is_ld = ins.opcode != Opcode::St;
        let (data, aop) = if is_ld { (&ops[0], &ops[1]) } else { (&ops[1], &ops[0]) };
        let (addr, sym_space) = self.addr(aop)?;
        let mut space = Self::space_of(kws).unwrap_or(Space::Generic);
        if space == Space::Generic
            && let Some(s) = sym_space
        {
            space = s;
        }
        Ok((is_ld, data, addr, sym_space, space))
    }

    /// `ld`/`st` of a `.b128` register: two 64-bit halves, one single-copy atomic 16-byte
    /// access when strong (as `ld.relaxed.v2.b64` is).
    fn mem128(&mut self, ins: &Instruction, kws: &[Kw]) -> R<Op> {
        let (is_ld, data, addr, _, space) = self.access_parts(ins, kws)?;
        if space == Space::KParam || space == Space::FParam {
            return Err(DecodeError::Unsupported(".b128 accesses to the param space are not supported".into()));
        }
        let strong = kws.iter().any(|k| matches!(k, Kw::Relaxed | Kw::Acquire | Kw::Release | Kw::Volatile));
        let whole = strong;
        Ok(if is_ld {
            let d = self.wide_dst(data)?;
            Op::Ld { space, size: 8, sext: false, d: d.to_vec(), addr, whole, strong }
        } else {
            let vals = self.wide_src(data)?;
            Op::St { space, size: 8, vals: vals.to_vec(), addr, whole, strong }
        })
    }

    /// `atom{.sem}{.scope}{.space}.cas.b128` / `.exch.b128` (sm_90).
    fn atom128(&mut self, ins: &Instruction, kws: &[Kw]) -> R<Op> {
        let mut cas = None;
        for k in kws {
            match k {
                Kw::Cas => cas = Some(true),
                Kw::Exch => cas = Some(false),
                k if k.as_type().is_some() || ignorable(*k) => {}
                Kw::Global | Kw::Shared | Kw::SharedCta => {}
                k => {
                    return Err(DecodeError::Unsupported(format!(
                        "modifier `.{}` is not supported on .b128 atomics",
                        k.as_str()
                    )));
                }
            }
        }
        let cas = cas.ok_or_else(|| DecodeError::Unsupported(".b128 atomics support only .cas and .exch".into()))?;
        if ins.opcode == Opcode::Red {
            return Err(DecodeError::Unsupported("red.b128 is not supported".into()));
        }
        let ops = &ins.operands;
        if ops.len() != if cas { 4 } else { 3 } {
            return Err(DecodeError::Invalid("wrong number of operands".into()));
        }
        let d = self.wide_dst(&ops[0])?;
        let (addr, sym_space) = self.addr(&ops[1])?;
        let mut space = Self::space_of(kws).unwrap_or(Space::Generic);
        if space == Space::Generic
            && let Some(s) = sym_space
        {
            space = s;
        }
        if !matches!(space, Space::Global | Space::Shared | Space::Generic) {
            return Err(DecodeError::Unsupported("atomics on this space are not supported".into()));
        }
        let b = self.wide_src(&ops[2])?;
        let c = if cas { self.wide_src(&ops[3])? } else { b };
        Ok(Op::Atom128 { space, cas, d, addr, b, c })
    }

    pub(super) fn atom(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        let t = ty.ok_or(DecodeError::MissingType)?;
        if t == ScalarType::B128 {
            return self.atom128(ins, kws);
        }
        let half = match t {
            ScalarType::F16 => Some((crate::float::HFmt::F16, false)),
            ScalarType::F16x2 => Some((crate::float::HFmt::F16, true)),
            ScalarType::Bf16 => Some((crate::float::HFmt::Bf16, false)),
            ScalarType::Bf16x2 => Some((crate::float::HFmt::Bf16, true)),
            _ => None,
        };
        let mut op = None;
        for k in kws {
            let o = match k {
                Kw::Add if let Some((fmt, pair)) = half => AtomOp::HAdd { fmt, pair },
                Kw::Min if let Some((fmt, pair)) = half => AtomOp::HMin { fmt, pair },
                Kw::Max if let Some((fmt, pair)) = half => AtomOp::HMax { fmt, pair },
                Kw::Add if t.kind() == TypeKind::Float => AtomOp::FAdd,
                Kw::Add => AtomOp::Add,
                Kw::Min if t.kind() == TypeKind::Float => AtomOp::MinF,
                Kw::Max if t.kind() == TypeKind::Float => AtomOp::MaxF,
                Kw::Min if is_signed(t) => AtomOp::MinS,
                Kw::Max if is_signed(t) => AtomOp::MaxS,
                Kw::Min => AtomOp::MinU,
                Kw::Max => AtomOp::MaxU,
                Kw::Inc => AtomOp::Inc,
                Kw::Dec => AtomOp::Dec,
                Kw::Exch => AtomOp::Exch,
                Kw::Cas => AtomOp::Cas,
                Kw::And => AtomOp::And,
                Kw::Or => AtomOp::Or,
                Kw::Xor => AtomOp::Xor,
                k if k.as_type().is_some() || k.as_vector().is_some() || ignorable(*k) => continue,
                Kw::Global | Kw::Shared | Kw::SharedCta | Kw::SharedCluster | Kw::Noftz => continue,
                k => return Err(DecodeError::UnsupportedModifier(*k)),
            };
            op = Some(o);
        }
        let op = op.ok_or_else(|| DecodeError::Invalid("missing atomic operation".into()))?;
        let half_ok = matches!(op, AtomOp::HAdd { .. } | AtomOp::HMin { .. } | AtomOp::HMax { .. })
            || (half.is_some() && matches!(op, AtomOp::Exch | AtomOp::Cas) && t.size() == 2);
        if !matches!(t.size(), 2 | 4 | 8)
            || (half.is_some() && !half_ok)
            || (t.size() == 2 && half.is_none() && t != ScalarType::B16)
        {
            return Err(DecodeError::Unsupported(format!("atomics on .{t} with this operation are not supported")));
        }
        let ops = &ins.operands;
        let red = ins.opcode == Opcode::Red;
        let (d, rest) = if red {
            (None, &ops[..])
        } else {
            match ops.first() {
                None => return Err(DecodeError::Invalid("missing operands".into())),
                // A vector atom's destinations are decoded with its sources below.
                Some(Operand::Vector(_)) => (None, &ops[1..]),
                Some(o) => (Some(self.reg(o)?), &ops[1..]),
            }
        };
        let want = if op == AtomOp::Cas { 3 } else { 2 };
        if rest.len() < want {
            return Err(DecodeError::Invalid("missing operands".into()));
        }
        let (addr, sym_space) = self.addr(&rest[0])?;
        let mut space = Self::space_of(kws).unwrap_or(Space::Generic);
        if space == Space::KParam || space == Space::Local {
            return Err(DecodeError::Unsupported("atomics on this space are not supported".into()));
        }
        if space == Space::Generic
            && let Some(s) = sym_space
        {
            space = s;
        }
        let vec = kws.iter().find_map(|k| k.as_vector()).unwrap_or(1);
        if vec > 1 {
            // `atom/red.global.v2/.v4/.v8`: one atomic operation per element (sm_90's
            // `atomicAdd(float2*/float4*)`), not atomic as a whole.
            let Operand::Vector(bs) = &rest[1] else {
                return Err(DecodeError::Invalid("vector atomic needs a vector operand".into()));
            };
            if bs.len() != usize::from(vec) || op == AtomOp::Cas || (space != Space::Global && space != Space::Generic)
            {
                return Err(DecodeError::Unsupported("unsupported vector atomic".into()));
            }
            let ds = match (red, ops.first()) {
                (true, _) => vec![None; bs.len()],
                (false, Some(Operand::Vector(ds))) if ds.len() == bs.len() => ds
                    .iter()
                    .map(|o| match o {
                        Operand::Sink => Ok(None),
                        o => self.reg(o).map(Some),
                    })
                    .collect::<R<Vec<_>>>()?,
                _ => return Err(DecodeError::Invalid("vector atomic needs a vector destination".into())),
            };
            let vals = bs.iter().map(|o| self.src(o, t)).collect::<R<Vec<_>>>()?;
            return Ok(Op::AtomV(Box::new(AtomVec { space, op, size: t.size() as u8, d: ds, addr, b: vals })));
        }
        let b = self.src(&rest[1], t)?;
        let c = if op == AtomOp::Cas { self.src(&rest[2], t)? } else { Src::Imm(0) };
        Ok(Op::Atom { space, op, size: t.size() as u8, d, addr, b, c })
    }

    /// The destination or mbarrier operand `op` of an `st.async`/`red.async` and its space:
    /// a shared::cluster address with `.shared::cluster` (`ss`) or when it names a shared
    /// variable, else a generic address.
    fn async_addr(&mut self, op: &Operand, ss: bool) -> R<(Addr, Space)> {
        match self.addr(op)? {
            (a, Some(Space::Shared)) => Ok((a, Space::Shared)),
            (a, None) => Ok((a, if ss { Space::Shared } else { Space::Generic })),
            _ => Err(DecodeError::Invalid("st.async/red.async operands must be shared memory addresses".into())),
        }
    }

    /// `st.async`: the sm_90 form, `st.async{.weak}{.shared::cluster}.mbarrier::complete_tx::
    /// bytes{.v2,.v4}.type [a], b, [mbar]` (`ClusterOp::StAsync`), or sm_100's release form,
    /// `st.async{.mmio}.release.{gpu,sys}{.global}.type [a], b`: a strong store to global
    /// memory, which every store here is (a host atomic, in program order).
    pub(super) fn st_async(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        use ScalarType as S;
        let t = ty.ok_or(DecodeError::MissingType)?;
        let (mut ss, mut global, mut complete, mut release) = (false, false, false, false);
        for k in kws {
            match k {
                Kw::SharedCluster => ss = true,
                Kw::Global => global = true,
                Kw::MbarrierCompleteTxBytes => complete = true,
                Kw::Release => release = true,
                Kw::Async | Kw::Weak | Kw::Cluster | Kw::Gpu | Kw::Sys | Kw::Mmio => {}
                k if k.as_type().is_some() || k.as_vector().is_some() => {}
                k => {
                    return Err(DecodeError::Unsupported(format!(
                        "modifier `.{}` is not supported on st.async",
                        k.as_str()
                    )));
                }
            }
        }
        let ops = &ins.operands;
        let vec = kws.iter().find_map(|k| k.as_vector()).unwrap_or(1);
        if release {
            if complete || ss || vec != 1 || ops.len() != 2 || !matches!(t.size(), 1 | 2 | 4 | 8) {
                return Err(DecodeError::Unsupported("unsupported st.async.release form".into()));
            }
            let (addr, sym) = self.addr(&ops[0])?;
            let space = if global { Space::Global } else { sym.unwrap_or(Space::Generic) };
            if !matches!(space, Space::Global | Space::Generic) {
                return Err(DecodeError::Invalid("st.async.release needs a global address".into()));
            }
            let v = self.src(&ops[1], t)?;
            return Ok(Op::St { space, size: t.size() as u8, vals: vec![v], addr, whole: false, strong: true });
        }
        if !complete || global || ops.len() != 3 {
            return Err(DecodeError::Invalid(
                "st.async needs .mbarrier::complete_tx::bytes, a shared::cluster destination and an mbarrier".into(),
            ));
        }
        let ok = match t {
            S::B32 | S::U32 | S::S32 | S::F32 => matches!(vec, 1 | 2 | 4),
            S::B64 | S::U64 | S::S64 | S::F64 => matches!(vec, 1 | 2),
            _ => false,
        };
        if !ok {
            return Err(DecodeError::Unsupported(format!("st.async of {vec} x .{t} is not supported")));
        }
        let items: Vec<&Operand> = match &ops[1] {
            Operand::Vector(v) => v.iter().collect(),
            o => vec![o],
        };
        if items.len() != usize::from(vec) {
            return Err(DecodeError::Invalid("vector operand count does not match".into()));
        }
        let vals = items.into_iter().map(|o| self.src(o, t)).collect::<R<Vec<_>>>()?;
        let (addr, space) = self.async_addr(&ops[0], ss)?;
        let (mbar, mbar_space) = self.async_addr(&ops[2], ss)?;
        let size = t.size() as u8;
        Ok(Op::Cluster(ClusterOp::StAsync(Box::new(AsyncStore { size, vals, addr, space, mbar, mbar_space }))))
    }

    /// `red.async`: the sm_90 form, `red.async.relaxed.cluster{.shared::cluster}
    /// {.mbarrier::complete_tx::bytes}.op.type [a], b, [mbar]` (`ClusterOp::RedAsync`), or
    /// sm_100's release form, `red.async{.mmio}.release.{gpu,cluster}{.global}.add.type [a],
    /// b`: an atomic add to global memory, which every atomic here is (sequentially
    /// consistent).
    pub(super) fn red_async(&mut self, ins: &Instruction, kws: &[Kw], ty: Option<ScalarType>) -> R<Op> {
        use ScalarType as S;
        let t = ty.ok_or(DecodeError::MissingType)?;
        let (mut ss, mut global, mut complete, mut release, mut op) = (false, false, false, false, None);
        for k in kws {
            let o = match k {
                Kw::Add => AtomOp::Add,
                Kw::Inc => AtomOp::Inc,
                Kw::Dec => AtomOp::Dec,
                Kw::Min if t == S::S32 => AtomOp::MinS,
                Kw::Min => AtomOp::MinU,
                Kw::Max if t == S::S32 => AtomOp::MaxS,
                Kw::Max => AtomOp::MaxU,
                Kw::And => AtomOp::And,
                Kw::Or => AtomOp::Or,
                Kw::Xor => AtomOp::Xor,
                Kw::SharedCluster => {
                    ss = true;
                    continue;
                }
                Kw::Global => {
                    global = true;
                    continue;
                }
                Kw::MbarrierCompleteTxBytes => {
                    complete = true;
                    continue;
                }
                Kw::Release => {
                    release = true;
                    continue;
                }
                Kw::Async | Kw::Relaxed | Kw::Cluster | Kw::Gpu | Kw::Sys | Kw::Mmio => continue,
                k if k.as_type().is_some() => continue,
                k => {
                    return Err(DecodeError::Unsupported(format!(
                        "modifier `.{}` is not supported on red.async",
                        k.as_str()
                    )));
                }
            };
            if op.replace(o).is_some() {
                return Err(DecodeError::Invalid("red.async with more than one operation".into()));
            }
        }
        let op = op.ok_or_else(|| DecodeError::Invalid("missing reduction operation".into()))?;
        let ok = match op {
            AtomOp::Add if release => matches!(t, S::U32 | S::S32 | S::U64 | S::S64),
            AtomOp::Add => matches!(t, S::U32 | S::S32 | S::U64),
            AtomOp::Inc | AtomOp::Dec | AtomOp::MinU | AtomOp::MaxU => t == S::U32,
            AtomOp::MinS | AtomOp::MaxS => t == S::S32,
            AtomOp::And | AtomOp::Or | AtomOp::Xor => t == S::B32,
            _ => false,
        };
        if !ok || (release && op != AtomOp::Add) {
            return Err(DecodeError::Unsupported(format!("red.async of this operation on .{t} is not supported")));
        }
        let ops = &ins.operands;
        let size = t.size() as u8;
        if release {
            if complete || ss || ops.len() != 2 {
                return Err(DecodeError::Unsupported("unsupported red.async.release form".into()));
            }
            let (addr, sym) = self.addr(&ops[0])?;
            let space = if global { Space::Global } else { sym.unwrap_or(Space::Generic) };
            if !matches!(space, Space::Global | Space::Generic) {
                return Err(DecodeError::Invalid("red.async.release needs a global address".into()));
            }
            let b = self.src(&ops[1], t)?;
            return Ok(Op::Atom { space, op, size, d: None, addr, b, c: Src::Imm(0) });
        }
        if global || ops.len() != 3 {
            return Err(DecodeError::Invalid("red.async needs a shared::cluster destination and an mbarrier".into()));
        }
        let b = self.src(&ops[1], t)?;
        let (addr, space) = self.async_addr(&ops[0], ss)?;
        let (mbar, mbar_space) = self.async_addr(&ops[2], ss)?;
        Ok(Op::Cluster(ClusterOp::RedAsync { op, size, addr, space, b, mbar, mbar_space }))
    }
}
