//! Decoding warp collectives, block barriers and cluster operations: `bar`/`barrier`,
//! `elect`, `shfl`, `vote`, `redux`, `match`, `mapa`, `getctarank`.

use super::*;

impl FuncDecoder<'_> {
    /// `barrier.cluster.arrive`/`wait`.
    pub(super) fn cluster_barrier_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        p.check(&[Kw::Cluster, Kw::Arrive, Kw::Wait, Kw::Release, Kw::Relaxed, Kw::Acquire, Kw::Aligned])?;
        if p.has(Kw::Arrive) == p.has(Kw::Wait) {
            return Err(DecodeError::Invalid("barrier.cluster needs .arrive or .wait".into()));
        }
        Ok(Op::Cluster(if p.has(Kw::Arrive) { ClusterOp::Arrive } else { ClusterOp::Wait }))
    }

    /// `mapa`: another block's shared memory address in the cluster.
    pub(super) fn mapa_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let ty = p.ty;
        p.check(&[Kw::SharedCluster])?;
        p.need(3)?;
        let t = ty.unwrap_or(ScalarType::U64);
        let a = self.src(&ops[1], t)?;
        let rank = self.src(&ops[2], ScalarType::U32)?;
        Ok(Op::Cluster(ClusterOp::Mapa { d: self.reg(&ops[0])?, a, rank, generic: !p.has(Kw::SharedCluster) }))
    }

    /// `getctarank`: the block of the cluster an address belongs to.
    pub(super) fn getctarank_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let ty = p.ty;
        p.check(&[Kw::SharedCluster])?;
        p.need(2)?;
        let t = ty.unwrap_or(ScalarType::U64);
        let a = self.src(&ops[1], t)?;
        Ok(Op::Cluster(ClusterOp::Getctarank { d: self.reg(&ops[0])?, a, generic: !p.has(Kw::SharedCluster) }))
    }

    /// `bar`/`barrier`: block barriers (sync, arrive, reduction).
    pub(super) fn bar_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let nops = p.ins.operands.len();
        let warp = p.warp;
        p.check(&[Kw::Sync, Kw::Aligned, Kw::Cta, Kw::Warp, Kw::Arrive, Kw::Red, Kw::Popc, Kw::And, Kw::Or])?;
        p.need(1)?;
        Ok(if warp || p.has(Kw::Warp) {
            Op::WarpSync { mask: self.src(&ops[0], ScalarType::B32)? }
        } else if p.has(Kw::Red) {
            let op = p
                .first_of(&[(Kw::Popc, BarRed::Popc), (Kw::And, BarRed::And), (Kw::Or, BarRed::Or)])
                .ok_or_else(|| DecodeError::Invalid("missing bar.red operation".into()))?;
            p.need(3)?;
            let d = self.reg(&ops[0])?;
            let id = self.src(&ops[1], ScalarType::U32)?;
            let count = if nops > 3 { Some(self.src(&ops[2], ScalarType::U32)?) } else { None };
            let (p, neg) = self.psrc(&ops[nops - 1])?;
            Op::Bar { id, count, kind: BarKind::Red { op, d, p, neg } }
        } else {
            let id = self.src(&ops[0], ScalarType::U32)?;
            let count = if nops > 1 { Some(self.src(&ops[1], ScalarType::U32)?) } else { None };
            let kind = if p.has(Kw::Arrive) { BarKind::Arrive } else { BarKind::Sync };
            Op::Bar { id, count, kind }
        })
    }

    /// `elect.sync`.
    pub(super) fn elect_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[Kw::Sync])?;
        p.need(2)?;
        let (d, p) = match &ops[0] {
            Operand::Pair(d, p) => {
                let d = if matches!(**d, Operand::Sink) { None } else { Some(self.reg(d)?) };
                (d, Some(self.reg(&Operand::Name(*p))?))
            }
            Operand::Sink => (None, None),
            o => (Some(self.reg(o)?), None),
        };
        Ok(Op::Elect { d, p, mask: self.src(&ops[1], ScalarType::B32)? })
    }

    /// `shfl.sync`.
    pub(super) fn shfl_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let nops = p.ins.operands.len();
        p.check(&[Kw::Sync, Kw::Up, Kw::Down, Kw::Bfly, Kw::Idx])?;
        if !p.has(Kw::Sync) {
            return Err(DecodeError::Unsupported("only shfl.sync is supported".into()));
        }
        p.need(4)?;
        let modes = [(Kw::Up, ShflMode::Up), (Kw::Down, ShflMode::Down), (Kw::Bfly, ShflMode::Bfly)];
        let mode = p.first_of(&modes).unwrap_or(ShflMode::Idx);
        let (d, p) = match &ops[0] {
            Operand::Pair(d, p) => (self.reg(d)?, Some(self.reg(&Operand::Name(*p))?)),
            o => (self.reg(o)?, None),
        };
        let t = ScalarType::B32;
        let a = self.src(&ops[1], t)?;
        let b = self.src(&ops[2], t)?;
        let c = self.src(&ops[3], t)?;
        // Without a member mask operand (never emitted by nvcc): the whole warp.
        let mask = if nops > 4 { self.src(&ops[4], t)? } else { Src::Imm(u64::from(u32::MAX)) };
        Ok(Op::Shfl { mode, d, p, a, b, c, mask })
    }

    /// `vote`.
    pub(super) fn vote_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        let nops = p.ins.operands.len();
        p.check(&[Kw::Sync, Kw::All, Kw::Any, Kw::Uni, Kw::Ballot])?;
        p.need(2)?;
        let modes = [(Kw::All, VoteMode::All), (Kw::Any, VoteMode::Any), (Kw::Uni, VoteMode::Uni)];
        let mode = p.first_of(&modes).unwrap_or(VoteMode::Ballot);
        let (a, neg) = self.psrc(&ops[1])?;
        let mask = if nops > 2 { self.src(&ops[2], ScalarType::B32)? } else { Src::Imm(u64::from(u32::MAX)) };
        Ok(Op::Vote { mode, d: self.reg(&ops[0])?, a, neg, mask })
    }

    /// `redux.sync`.
    pub(super) fn redux_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[Kw::Sync, Kw::Add, Kw::Min, Kw::Max, Kw::And, Kw::Or, Kw::Xor])?;
        p.need(3)?;
        let t = p.ty_req()?;
        if t.size() != 4 || t.kind() == TypeKind::Float {
            return Err(DecodeError::Unsupported(format!("redux on .{t} is not supported")));
        }
        let op = p.first_of(REDUX_OPS).ok_or_else(|| DecodeError::Invalid("missing redux operation".into()))?;
        let mask = self.src(&ops[2], ScalarType::B32)?;
        Ok(Op::Redux { op, signed: is_signed(t), d: self.reg(&ops[0])?, a: self.src(&ops[1], t)?, mask })
    }

    /// `match.any`/`match.all`.
    pub(super) fn match_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let ops = &p.ins.operands;
        p.check(&[Kw::Sync, Kw::Any, Kw::All])?;
        p.need(3)?;
        let t = p.ty_req()?;
        if !matches!(t.size(), 4 | 8) {
            return Err(DecodeError::Unsupported(format!("match on .{t} is not supported")));
        }
        let all = p.has(Kw::All);
        let (d, p) = match &ops[0] {
            Operand::Pair(d, p) => (self.reg(d)?, Some(self.reg(&Operand::Name(*p))?)),
            o => (self.reg(o)?, None),
        };
        let mask = self.src(&ops[2], ScalarType::B32)?;
        Ok(Op::Match { all, w: width(t), d, p, a: self.src(&ops[1], t)?, mask })
    }
}

/// `redux.sync`'s operations.
const REDUX_OPS: &[(Kw, ReduxOp)] = &[
    (Kw::Add, ReduxOp::Add),
    (Kw::Min, ReduxOp::Min),
    (Kw::Max, ReduxOp::Max),
    (Kw::And, ReduxOp::And),
    (Kw::Or, ReduxOp::Or),
    (Kw::Xor, ReduxOp::Xor),
];
