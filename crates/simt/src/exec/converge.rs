//! Independent thread scheduling at warp-synchronizing instructions (sm_70+).
//!
//! `bar.warp.sync`, `shfl.sync`, `vote.sync`, `match.sync` and `redux.sync` make each executing
//! lane wait until every non-exited lane of the member mask has executed an instruction with
//! the same qualifiers and the same member mask (PTX ISA); the lanes need not be at the same
//! instruction (two sides of an if/else meet). `bar.sync` and `bar.red` (without a thread
//! count) in a warp whose lanes are on different paths (after `split_join`, or a branch whose
//! paths meet only past the barrier) likewise wait for every non-exited lane of the warp: the
//! barrier counts a warp's lanes once, and a reduction reads every lane's predicate.
//! A path that reaches one of these while lanes it needs are on other paths parks (`Entry::wait`)
//! and the warp runs the other paths; the last lanes to arrive perform the operation over the
//! union of the lanes, each lane's operands and destination those of its own instruction.

use super::*;
use crate::ir::operands::{CollectiveIn, CollectiveOut};

/// Lanes meet at instructions of the same kind: the same opcode and qualifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SyncKind {
    WarpSync,
    Shfl(ShflMode),
    Vote(VoteMode),
    Redux(ReduxOp, bool),
    Match(bool, u8),
    /// `bar.sync` without a thread count (the barrier id is not compared).
    Bar,
    /// `bar.red` without a thread count, of this reduction.
    BarRed(BarRed),
}

/// The kind and member-mask operand of a warp-synchronizing operation (mask `None`: every
/// lane of the warp), or `None` for other operations.
pub(crate) fn sync_kind(op: &Op) -> Option<(SyncKind, Option<Src>)> {
    Some(match *op {
        Op::WarpSync { mask } => (SyncKind::WarpSync, Some(mask)),
        Op::Shfl { mode, mask, .. } => (SyncKind::Shfl(mode), Some(mask)),
        Op::Vote { mode, mask, .. } => (SyncKind::Vote(mode), Some(mask)),
        Op::Redux { op, signed, mask, .. } => (SyncKind::Redux(op, signed), Some(mask)),
        Op::Match { all, w, mask, .. } => (SyncKind::Match(all, w), Some(mask)),
        Op::Bar { count: None, kind: BarKind::Sync, .. } => (SyncKind::Bar, None),
        Op::Bar { count: None, kind: BarKind::Red { op, .. }, .. } => (SyncKind::BarRed(op), None),
        // Not warp-synchronizing (a block barrier with a thread count, or another kind, waits
        // for threads, not lanes). Every variant is named, so that a new instruction is
        // decided here.
        Op::Bar { .. }
        | Op::Nop
        | Op::Nanosleep
        | frame_ops!()
        | register_ops!()
        | memory_access!()
        | Op::Bra { .. }
        | calls!()
        | Op::Ret
        | Op::Exit
        | Op::Trap
        | Op::Elect { .. }
        | Op::Brx { .. }
        | Op::Fence
        | Op::Activemask { .. }
        | Op::Tex(_)
        | Op::Mma(_)
        | Op::Cluster(_)
        | Op::Carry { .. } => return None,
    })
}

/// What the interpreter does after `Warp::sync_point`.
pub(super) enum Sync {
    /// Execute the instruction as usual (every needed lane is in the top path, or the parked
    /// lanes that needed this path were released into it and the operation moves no data).
    Go,
    /// The path parked, or the operation was performed over the met lanes: go on with the stack.
    Next,
}

impl Warp {
    /// One lane's value of operand `s` (a member mask).
    fn lane_value(&self, b: &Block<'_, '_>, s: Src, lane: usize) -> u64 {
        match s {
            Src::Reg(r) => self.regs.get(r as usize).map_or(0, |v| v[lane & 31]),
            Src::Imm(v) => v,
            _ => {
                let mut buf = [0u64; 32];
                self.fetch(b, s, &mut buf);
                buf[lane & 31]
            }
        }
    }

    /// The lanes an instruction with member mask `mask` (read in `lane`) waits for.
    fn needed(&self, b: &Block<'_, '_>, mask: Option<Src>, lane: usize) -> u32 {
        let m = mask.map_or(u32::MAX, |s| self.lane_value(b, s, lane) as u32);
        m & self.valid & !self.exited
    }

    /// The lanes of `mask` that execute `inst` (its guard holds).
    fn guarded(&self, inst: &Inst, mask: u32) -> u32 {
        let Some(g) = inst.guard else { return mask };
        let Some(p) = self.regs.get(g.reg as usize) else { return 0 };
        lanes(mask).filter(|&k| (p[k] & 1 != 0) != g.neg).fold(0, |m, k| m | 1 << k)
    }

    /// The first stack entry of the current frame.
    fn frame_lo(&self) -> usize {
        self.stack.iter().rposition(|e| e.base).unwrap_or(0)
    }

    /// Kind, needed lanes and executing lanes of parked entry `j`.
    fn parked_at(&self, b: &Block<'_, '_>, func: &Func, j: usize) -> Option<(SyncKind, u32, u32)> {
        let e = self.stack.get(j).filter(|e| e.wait)?;
        let inst = func.code.get(e.pc as usize)?;
        let (kind, mask) = sync_kind(&inst.op)?;
        let exec = self.guarded(inst, e.mask);
        let need = self.needed(b, mask, (if exec != 0 { exec } else { e.mask }).trailing_zeros() as usize);
        Some((kind, need, exec))
    }

    /// Parked entries of the current frame that meet an instruction of `kind` needing `need`,
    /// and their executing lanes.
    fn partners(&self, b: &Block<'_, '_>, func: &Func, kind: SyncKind, need: u32) -> (Vec<usize>, u32) {
        let n = self.stack.len().saturating_sub(1);
        let (mut found, mut have) = (Vec::new(), 0u32);
        for j in self.frame_lo()..n {
            if let Some((k, nd, exec)) = self.parked_at(b, func, j)
                && k == kind
                && nd == need
            {
                found.push(j);
                have |= exec;
            }
        }
        (found, have)
    }

    /// At a warp-synchronizing instruction `inst` (at `pc`, executing lanes `emask` of the top
    /// path): when its member mask names live lanes outside `emask`, parks the path until
    /// they arrive, or, when they have, performs the operation over all of them.
    pub(super) fn sync_point(&mut self, b: &Block<'_, '_>, func: &Func, inst: &Inst, emask: u32) -> WarpResult<Sync> {
        let Some((kind, mask)) = sync_kind(&inst.op) else { return Ok(Sync::Go) };
        let need = self.needed(b, mask, emask.trailing_zeros() as usize);
        let forced = std::mem::take(&mut self.forced);
        if need & !emask == 0 {
            return Ok(Sync::Go);
        }
        let (found, have) = self.partners(b, func, kind, need);
        if need & !(emask | have) != 0 && !forced {
            if let Some(t) = self.stack.last_mut() {
                t.wait = true;
            }
            self.wsync_next(b, func)?;
            return Ok(Sync::Next);
        }
        let Some(top) = self.stack.last().copied() else { return Ok(Sync::Go) };
        let mut parts = vec![(top.pc, emask)];
        parts.extend(found.iter().filter_map(|&j| self.stack.get(j).map(|e| (e.pc, self.guarded_at(func, e)))));
        self.perform(b, func, &parts, emask | have);
        self.release(&found, top.pc + 1, top.rpc);
        if matches!(kind, SyncKind::WarpSync | SyncKind::Bar | SyncKind::BarRed(_)) {
            return Ok(Sync::Go);
        }
        if let Some(t) = self.stack.last_mut() {
            t.pc += 1;
        }
        Ok(Sync::Next)
    }

    /// The executing lanes of entry `e` at its instruction.
    fn guarded_at(&self, func: &Func, e: &Entry) -> u32 {
        func.code.get(e.pc as usize).map_or(0, |inst| self.guarded(inst, e.mask))
    }

    /// Releases the parked entries `found` past their instruction; those that continue at
    /// `next` with reconvergence point `rpc` merge into the top entry.
    fn release(&mut self, found: &[usize], next: u32, rpc: u32) {
        let mut merged = 0u32;
        for &j in found {
            if let Some(e) = self.stack.get_mut(j) {
                e.wait = false;
                e.pc += 1;
                if !e.base && e.pc == next && e.rpc == rpc {
                    merged |= e.mask;
                    e.mask = 0;
                }
            }
        }
        if let Some(t) = self.stack.last_mut() {
            t.mask |= merged;
        }
    }

    /// Source `role` of each part (`(pc, lanes)`: the part's instruction's), gathered lane by
    /// lane.
    fn gather_parts(&self, b: &Block<'_, '_>, func: &Func, parts: &[(u32, u32)], role: CollectiveIn) -> [u64; 32] {
        let (mut out, mut buf) = ([0u64; 32], [0u64; 32]);
        for &(pc, m) in parts {
            if let Some(s) = func.code.get(pc as usize).and_then(|i| i.op.collective_src(role)) {
                self.fetch(b, s, &mut buf);
                for k in lanes(m) {
                    out[k] = buf[k];
                }
            }
        }
        out
    }

    /// Writes `v` into each part's destination `role` for the part's lanes.
    fn scatter_parts(&mut self, func: &Func, parts: &[(u32, u32)], v: &[u64; 32], role: CollectiveOut) {
        for &(pc, m) in parts {
            if let Some(d) = func.code.get(pc as usize).and_then(|i| i.op.collective_dst(role))
                && let Some(dst) = self.regs.get_mut(d as usize)
            {
                write_masked(dst, v, m);
            }
        }
    }

    /// Performs the data-moving collective of `parts` (the first is the top path's) over the
    /// lanes `all`, each part's operands and results in its own instruction's registers.
    fn perform(&mut self, b: &Block<'_, '_>, func: &Func, parts: &[(u32, u32)], all: u32) {
        let Some(op) = parts.first().and_then(|&(pc, _)| func.code.get(pc as usize)).map(|i| &i.op) else { return };
        // `bar.red`: the other paths' lanes and predicates join the top path's at the
        // barrier (`Warp::barrier`), each part's destination its own instruction's
        if let Op::Bar { kind: BarKind::Red { .. }, .. } = op {
            let mut pred = [0u64; 32];
            for &(pc, m) in &parts[1..] {
                if let Some(Inst { op: Op::Bar { kind: BarKind::Red { op, d, p, neg }, .. }, .. }) =
                    func.code.get(pc as usize)
                {
                    self.fetch(b, *p, &mut pred);
                    let t = lanes(m).fold(0u32, |h, k| h | (u32::from((pred[k] & 1 != 0) != *neg) << k));
                    self.red.push((*op, *d, m, t));
                }
            }
            return;
        }
        // The warp collectives (`bar.warp.sync`, `bar.sync`: the lanes met; nothing moves).
        let results = crate::semantics::collective::perform(op, all, |role| self.gather_parts(b, func, parts, role));
        results.each(|role, v| self.scatter_parts(func, parts, v, role));
    }

    /// The top of the stack is parked: runs the highest path of the current frame whose lanes
    /// are not waiting. When there is none, the parked path highest on the stack goes on
    /// with the lanes that did arrive (the missing ones wait at a reconvergence point or in a
    /// calling function and can never arrive: undefined in CUDA; this keeps it deterministic),
    /// unless missing lanes are themselves parked at a different warp-synchronizing
    /// instruction: a deadlock.
    pub(super) fn wsync_next(&mut self, b: &Block<'_, '_>, func: &Func) -> WarpResult<()> {
        let lo = self.frame_lo();
        let n = self.stack.len();
        let waiting = self.stack[lo..].iter().filter(|e| e.wait).fold(0u32, |m, e| m | e.mask);
        let runnable = (lo..n).rev().find(|&j| {
            let e = &self.stack[j];
            !e.wait && e.mask != 0 && e.mask & waiting == 0
        });
        if let Some(j) = runnable {
            let e = self.stack.remove(j);
            self.stack.push(e);
            return Ok(());
        }
        let Some(j) = (lo..n).rev().find(|&j| self.stack[j].wait) else { return Ok(()) };
        let e = self.stack.remove(j);
        self.stack.push(Entry { wait: false, ..e });
        let Some(inst) = func.code.get(e.pc as usize) else { return Ok(()) };
        let Some((kind, mask)) = sync_kind(&inst.op) else { return Ok(()) };
        let exec = self.guarded(inst, e.mask);
        let need = self.needed(b, mask, exec.trailing_zeros() as usize & 31);
        let (_, have) = self.partners(b, func, kind, need);
        let elsewhere = need & !(exec | have) & waiting;
        if elsewhere != 0 {
            return Err(fault(FaultKind::WarpDeadlock { waiting: exec | have, elsewhere }, exec.trailing_zeros()));
        }
        self.forced = true;
        Ok(())
    }
}
