//! Warp collectives compiled inline: `shfl.sync`, `vote.sync`, `redux.sync`, `match.sync`,
//! `activemask` and `elect.sync` of a converged warp over the whole warp (member mask
//! `0xffffffff`, every lane running). Anything else (a partial mask, a diverged warp, a
//! guarded collective) goes back to the interpreter at the instruction, whose
//! `Warp::sync_point` handles independent thread scheduling.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};

use super::*;

impl WarpCodegen<'_, '_> {
    /// Emits the check that a warp collective with member mask `mask` and guard `guard` at
    /// `pc` runs on the whole, converged warp, and the hand-back to the interpreter where it
    /// does not: the running lanes (all 32) to go on with, or `None` when the instruction
    /// always goes back (a mask other than the constant `0xffffffff`, or a guard), which
    /// ends the block.
    fn converged_whole_warp(&mut self, pc: u32, mask: Src, guard: Option<Guard>) -> Option<Value> {
        if self.const_of(mask).map(|v| v as u32) != Some(u32::MAX) || guard.is_some() {
            self.leave(ExitStatus::Interp, Some(pc));
            return None;
        }
        let a = self.act();
        let all = self.b.ins().icmp_imm_s(IntCC::Equal, a, i64::from(u32::MAX));
        let go = self.b.create_block();
        let other = self.b.create_block();
        self.b.ins().brif(all, go, &[], other, &[]);
        self.b.switch_to_block(other);
        self.leave(ExitStatus::Interp, Some(pc));
        self.b.switch_to_block(go);
        Some(a)
    }

    /// `shfl.sync` of a converged warp over the whole warp: a fixed permutation when the
    /// lane operands are constants, else the interpreter's lane function (`h_shfl`).
    pub(super) fn shfl(
        &mut self,
        pc: u32,
        mask: Src,
        guard: Option<Guard>,
        sh: (ShflMode, Reg, Option<Reg>, Src, Src, Src),
    ) -> bool {
        let Some(a) = self.converged_whole_warp(pc, mask, guard) else { return true };
        let (mode, d, p, src, b, c) = sh;
        if let (Src::Reg(ar), Some(bv), Some(cv)) = (src, self.const_of(b), self.const_of(c))
            && ar < self.f.nregs
            && d < self.f.nregs
        {
            // Constant lane and clamp operands: the permutation is known now.
            let iota: [u64; 32] = std::array::from_fn(|l| l as u64);
            let (mut from, mut ok) = ([0u64; 32], [0u64; 32]);
            crate::semantics::collective::shfl_lanes(mode, &iota, &[bv; 32], &[cv; 32], u32::MAX, &mut from, &mut ok);
            self.permute(ar, d, &from);
            if let Some(p) = p {
                let bits = ok.iter().enumerate().fold(0u64, |m, (l, &v)| m | (v & 1) << l);
                let bits = self.imm(bits);
                let all = self.act();
                self.write_bits(p, bits, all, true);
            }
            return false;
        }
        self.flush(None);
        let (g, p) = (self.g(), self.imm(u64::from(pc)));
        self.call(entry::h_shfl as *const () as usize, &[g, p, a], false);
        self.forget_values();
        false
    }

    /// `match.{any,all}.sync` on `w`-bit values of a converged warp over the whole warp
    /// (`semantics::collective::match_lanes` with every lane in one group): `match.all`
    /// compares every lane with lane 0; `match.any` each lane with each of the 32, a bit per
    /// lane that holds the same value. Whether it ended the block.
    pub(super) fn match_sync(
        &mut self,
        pc: u32,
        guard: Option<Guard>,
        (all, w, d, p, a, mask): (bool, u8, Reg, Option<Reg>, Src, Src),
    ) -> bool {
        let is_pred = |r: Reg| self.f.reg_bits.get(r as usize) == Some(&1);
        let bad_dest = d >= self.f.nregs || is_pred(d) || p.is_some_and(|p| p >= self.f.nregs || !is_pred(p));
        if bad_dest || !matches!(w, 32 | 64) {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        }
        let Some(act) = self.converged_whole_warp(pc, mask, guard) else { return true };
        let Some(src) = self.vsrc(a) else {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        };
        // The source's low halves, and its high halves when the values are 64 bits wide.
        let mut lo = [self.zero32(); 8];
        let mut hi = [self.zero32(); 8];
        for q in 0..8 {
            lo[q] = self.quad(src, q as i32);
            if w == 64 {
                hi[q] = self.hi_quad(src, q as i32);
            }
        }
        // Lane `l`'s value (low and high halves) in every lane of an `i32x4`.
        let spread = |cg: &mut Self, l: usize| {
            let halves = [lo[l / 4], hi[l / 4]].map(|h| {
                let x = cg.b.ins().extractlane(h, (l % 4) as u8);
                cg.b.ins().splat(types::I32X4, x)
            });
            (halves[0], halves[1])
        };
        // All-ones in the lanes of group `q` that hold the value `spread` gave.
        let same_as = |cg: &mut Self, (x, y): (Value, Value), q: usize| {
            let eq = cg.b.ins().icmp(IntCC::Equal, lo[q], x);
            if w != 64 {
                return eq;
            }
            let eq_hi = cg.b.ins().icmp(IntCC::Equal, hi[q], y);
            cg.b.ins().band(eq, eq_hi)
        };
        let every = self.imm(u64::from(u32::MAX));
        if all {
            let first = spread(self, 0);
            let mut eq = same_as(self, first, 0);
            for q in 1..8 {
                let e = same_as(self, first, q);
                eq = self.b.ins().band(eq, e);
            }
            let alike = self.b.ins().vall_true(eq);
            let none = self.imm(0);
            let v = self.b.ins().select(alike, every, none);
            self.uniform(d, v, act, true);
            if let Some(p) = p {
                self.write_bits(p, v, act, true);
            }
            return false;
        }
        let mut bits = [self.zero32(); 8];
        for l in 0..32 {
            let bit = self.cvec(types::I32X4, (1u32 << l).to_le_bytes().repeat(4));
            let value = spread(self, l);
            for (q, acc) in bits.iter_mut().enumerate() {
                let eq = same_as(self, value, q);
                let b = self.b.ins().band(eq, bit);
                *acc = self.b.ins().bor(*acc, b);
            }
        }
        self.set_vals(d, ops::Lanes::Quads(bits));
        if let Some(p) = p {
            // Every lane matches itself: its result names a lane.
            self.write_bits(p, every, act, true);
        }
        false
    }

    /// `d[l] = a[from[l]]` for every lane (all read before any is written).
    fn permute(&mut self, a: Reg, d: Reg, from: &[u64; 32]) {
        let Some(src) = self.vsrc(Src::Reg(a)) else { return };
        // A 32-bit source's high halves are zero: so are the result's.
        let narrow = matches!(src, ops::VectorSource::Val(ops::Lanes::Quads(_)));
        let mut planes = [Vec::with_capacity(8), Vec::with_capacity(8)];
        for (h, plane) in planes.iter_mut().enumerate().take(if narrow { 1 } else { 2 }) {
            // The source groups, loaded once each when used.
            let mut groups: [Option<Value>; 8] = [None; 8];
            for q in 0..8usize {
                let lanes: [usize; 4] = std::array::from_fn(|i| from[4 * q + i] as usize & 31);
                let mut used: Vec<usize> = lanes.iter().map(|l| l / 4).collect();
                used.dedup();
                used.sort_unstable();
                used.dedup();
                for &g in &used {
                    if groups[g].is_none() {
                        groups[g] = Some(if h == 0 { self.quad(src, g as i32) } else { self.hi_quad(src, g as i32) });
                    }
                }
                let v = match used.as_slice() {
                    [g] if lanes == [4 * g, 4 * g + 1, 4 * g + 2, 4 * g + 3] => groups[*g],
                    [g0] | [g0, _] => {
                        let g1 = *used.last().unwrap_or(g0);
                        let (x, y) = (groups[*g0], groups[g1]);
                        x.zip(y).map(|(x, y)| {
                            let m: [u8; 16] = std::array::from_fn(|i| {
                                let l = lanes[i / 4];
                                let sel = if l / 4 == *g0 { l % 4 } else { 4 + l % 4 };
                                (4 * sel + i % 4) as u8
                            });
                            self.shuffle32(x, y, m)
                        })
                    }
                    _ => {
                        // Four source groups: lane by lane.
                        let z = self.zero32();
                        let mut v = z;
                        for (i, &l) in lanes.iter().enumerate() {
                            if let Some(g) = groups[l / 4] {
                                let x = self.b.ins().extractlane(g, (l % 4) as u8);
                                v = self.b.ins().insertlane(v, x, i as u8);
                            }
                        }
                        Some(v)
                    }
                };
                plane.extend(v);
            }
        }
        let [lo, hi] = planes;
        // Every lane executes (the caller checked): the result is kept like any other.
        match (<[Value; 8]>::try_from(lo), <[Value; 8]>::try_from(hi)) {
            (Ok(lo), _) if narrow => self.set_vals(d, ops::Lanes::Quads(lo)),
            (Ok(lo), Ok(hi)) => self.set_vals(d, ops::Lanes::Planes(lo, hi)),
            _ => self.forget(d),
        }
    }

    /// `vote.sync.{all,any,uni,ballot}` of a converged warp over the whole warp
    /// (`semantics::collective::vote_lanes` with every lane in one group): the ballot is
    /// the source predicate's lane bits, and every lane gets the same result. Whether it
    /// ended the block (it went back to the interpreter for good).
    pub(super) fn vote(
        &mut self,
        pc: u32,
        guard: Option<Guard>,
        (mode, d, a, neg, mask): (VoteMode, Reg, Src, bool, Src),
    ) -> bool {
        let pred_dest = self.f.reg_bits.get(d as usize) == Some(&1);
        // `vote.ballot` writes a `.b32`, the others a `.pred` (the decoder's types).
        if pred_dest == (mode == VoteMode::Ballot) || d >= self.f.nregs {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        }
        let Some(act) = self.converged_whole_warp(pc, mask, guard) else { return true };
        let Some(bits) = self.src_bits(a) else {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        };
        let bits = if neg { self.b.ins().bnot(bits) } else { bits };
        let ballot = self.b.ins().band_imm_s(bits, i64::from(u32::MAX));
        let yes = match mode {
            VoteMode::Ballot => {
                self.uniform(d, ballot, act, true);
                return false;
            }
            VoteMode::All => self.b.ins().icmp_imm_s(IntCC::Equal, ballot, i64::from(u32::MAX)),
            VoteMode::Any => self.b.ins().icmp_imm_s(IntCC::NotEqual, ballot, 0),
            VoteMode::Uni => {
                let all = self.b.ins().icmp_imm_s(IntCC::Equal, ballot, i64::from(u32::MAX));
                let none = self.b.ins().icmp_imm_s(IntCC::Equal, ballot, 0);
                self.b.ins().bor(all, none)
            }
        };
        // The result in every lane: all 32 bits, or none.
        let (every, none) = (self.imm(u64::from(u32::MAX)), self.imm(0));
        let lanes = self.b.ins().select(yes, every, none);
        self.write_bits(d, lanes, act, true);
        false
    }

    /// `redux.sync` of a converged warp over the whole warp
    /// (`semantics::collective::redux_lanes` with every lane in one group): the eight groups
    /// of the source's low halves folded into one, then its four lanes into one, the same
    /// result in every lane. Whether it ended the block.
    pub(super) fn redux(
        &mut self,
        pc: u32,
        guard: Option<Guard>,
        (op, signed, d, a, mask): (ReduxOp, bool, Reg, Src, Src),
    ) -> bool {
        if d >= self.f.nregs || self.f.reg_bits.get(d as usize) == Some(&1) {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        }
        let Some(act) = self.converged_whole_warp(pc, mask, guard) else { return true };
        let Some(src) = self.vsrc(a) else {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        };
        let fold = |b: &mut FunctionBuilder<'_>, x: Value, y: Value| match (op, signed) {
            (ReduxOp::Add, _) => b.ins().iadd(x, y),
            (ReduxOp::Min, true) => b.ins().smin(x, y),
            (ReduxOp::Min, false) => b.ins().umin(x, y),
            (ReduxOp::Max, true) => b.ins().smax(x, y),
            (ReduxOp::Max, false) => b.ins().umax(x, y),
            (ReduxOp::And, _) => b.ins().band(x, y),
            (ReduxOp::Or, _) => b.ins().bor(x, y),
            (ReduxOp::Xor, _) => b.ins().bxor(x, y),
        };
        let mut acc = self.quad(src, 0);
        for q in 1..8 {
            let x = self.quad(src, q);
            acc = fold(&mut self.b, acc, x);
        }
        // Lanes (2, 3) onto (0, 1), then lane 1 onto lane 0: every operation is associative
        // and commutative, so the order is free.
        for lanes in [[2u8, 3, 0, 1], [1, 0, 3, 2]] {
            let m: [u8; 16] = std::array::from_fn(|i| 4 * lanes[i / 4] + (i % 4) as u8);
            let swapped = self.shuffle32(acc, acc, m);
            acc = fold(&mut self.b, acc, swapped);
        }
        let v = self.b.ins().extractlane(acc, 0);
        let v = self.b.ins().uextend(types::I64, v);
        self.uniform(d, v, act, true);
        false
    }

    /// `activemask` of a converged warp (every lane running): `0xffffffff` in every lane, as
    /// the interpreter's running path gives it. Whether it ended the block.
    pub(super) fn activemask(&mut self, pc: u32, guard: Option<Guard>, d: Reg) -> bool {
        if d >= self.f.nregs {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        }
        let Some(act) = self.converged_whole_warp(pc, Src::Imm(u64::from(u32::MAX)), guard) else { return true };
        let every = self.imm(u64::from(u32::MAX));
        self.uniform(d, every, act, true);
        false
    }

    /// `elect.sync` of a converged warp over the whole warp
    /// (`semantics::collective::elect_lanes` with every lane in one group): lane 0 is
    /// elected, its id (0) into `d` in every lane, `p` true in lane 0 only. Whether it ended
    /// the block.
    pub(super) fn elect(
        &mut self,
        pc: u32,
        guard: Option<Guard>,
        (d, p, mask): (Option<Reg>, Option<Reg>, Src),
    ) -> bool {
        let is_pred = |r: Reg| self.f.reg_bits.get(r as usize) == Some(&1);
        if d.is_some_and(|d| d >= self.f.nregs || is_pred(d)) || p.is_some_and(|p| p >= self.f.nregs || !is_pred(p)) {
            self.leave(ExitStatus::Interp, Some(pc));
            return true;
        }
        let Some(act) = self.converged_whole_warp(pc, mask, guard) else { return true };
        if let Some(d) = d {
            let leader = self.imm(0);
            self.uniform(d, leader, act, true);
        }
        if let Some(p) = p {
            let lane0 = self.imm(1);
            self.write_bits(p, lane0, act, true);
        }
        false
    }
}
