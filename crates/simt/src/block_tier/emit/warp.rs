//! The lane phase's warp collectives. A kernel with any has groups of a warp's 32 lanes
//! (`grouping::WARP_WIDTH`); a group performs `shfl.sync`, `vote.sync`, `activemask` and
//! `bar.warp.sync` itself, on its lane arrays, when it is one whole warp of the block (its
//! first thread a multiple of 32, its lanes the warp's threads: rows of whole warps, one row,
//! or groups across rows), every thread of it is at the instruction (`act == row`: none waits
//! at a label or has exited) and the member mask, one for the group, names them all. A
//! shuffle is then a permutation of the source's lanes (`runtime.h`'s `shfl_src`, the mirror
//! of `semantics::collective::shfl_lanes`), a vote a mask of its predicate's lanes.
//!
//! Anything else (diverged lanes, a partial member mask, warps across rows at odd places, a
//! mask differing by lane, `redux`, `match`, `elect`) stops the group's lanes at the
//! instruction for the scalar passes, as the scalar code's own stop does: their live registers
//! go to their frames and their state words say `S_AT_WARP` with the scalar code's resume
//! point after the instruction, and `run.rs` performs it with the per-thread JIT's meetings
//! (`jit::warp_collectives`) once no thread can run.

use std::fmt::Write;

use super::Emitter;
use crate::ir::{Op, ShflMode, Src, VoteMode, non_collective_ops};

impl Emitter<'_> {
    /// Warp collective `op` at `pc` (unguarded: `Plan::of`) for the lanes at it.
    pub(super) fn lane_collective(&mut self, pc: u32, op: &Op) {
        // The collectives a whole warp performs here, and their member masks; the others stop
        // for the scalar passes.
        let mask = match op {
            Op::Shfl { mask, .. } | Op::Vote { mask, .. } | Op::WarpSync { mask } => Some(*mask),
            Op::Activemask { .. } => Some(Src::Imm(u64::from(u32::MAX))),
            Op::Redux { .. } | Op::Match { .. } | Op::Elect { .. } | non_collective_ops!() => None,
        };
        // The member mask, one for the whole group: an immediate or a uniform register.
        let mask = mask.filter(|m| match m {
            Src::Imm(_) => true,
            Src::Reg(r) => self.is_uniform(*r),
            _ => false,
        });
        self.out.push_str("{\nconst u32 m_ = act;\nif (m_) {\n");
        let Some(mask) = mask else {
            self.hand_over(pc);
            self.out.push_str("} }\n");
            return;
        };
        let mask = self.src(mask);
        let _ = writeln!(
            self.out,
            "if (m_ == row && (t0 & 31) == 0 && (row == LANE_FULL || t0 + (u64)__builtin_popcount(row) == n)\n\
             && ((u32)({mask}) & row) == row) {{"
        );
        self.whole_warp(op);
        self.out.push_str("} else {\n");
        self.hand_over(pc);
        self.out.push_str("} } }\n");
    }

    /// `op` performed by the group, a whole warp all at it.
    fn whole_warp(&mut self, op: &Op) {
        match *op {
            Op::Shfl { mode, d, p, a, b, c, .. } => {
                let mode = match mode {
                    ShflMode::Up => 0,
                    ShflMode::Down => 1,
                    ShflMode::Bfly => 2,
                    ShflMode::Idx => 3,
                };
                // The sources first (`d` may be `a`); a `.b32` shuffle moves 32 bits. A source
                // lane that is not a thread gives 0 (`shfl_lanes`). No conditional load: gcc
                // vectorizes none.
                let a = self.src(a);
                let _ = writeln!(self.out, "u32 a_[LANE_W]; LANES a_[l] = (u32)({a});");
                let (b, c) = (self.src(b), self.src(c));
                let _ = writeln!(
                    self.out,
                    "u32 s_[LANE_W], j_[LANE_W], v_[LANE_W];\n\
                     LANES {{ s_[l] = shfl_src({mode}, l, (u32)({b}), (u32)({c})); j_[l] = s_[l] & 31u; }}\n\
                     lane_permute(a_, j_, v_);"
                );
                let dst = self.dst(d);
                let _ = writeln!(self.out, "LANES {dst} = v_[l] & (0u - (row >> j_[l] & 1u));");
                if let Some(p) = p {
                    let dst = self.dst(p);
                    let _ = writeln!(self.out, "LANES {dst} = s_[l] >> 5;");
                }
            }
            Op::Vote { mode, d, a, neg, .. } => {
                // The predicate's lanes: one vector test of its array (`lane_bits`), its one
                // value in every lane, or lane by lane.
                let neg = u8::from(neg);
                let bits = match a {
                    Src::Reg(r) if r < self.f.nregs && self.linear_of(r).is_none() && !self.is_uniform(r) => {
                        format!("{}{}", if neg == 1 { "~" } else { "" }, self.lane_bits(r))
                    }
                    Src::Reg(r) if self.linear_of(r).is_some() => {
                        let v = self.src(a);
                        let _ = writeln!(self.out, "u32 b_ = 0; LANES b_ |= (((u32)({v}) ^ {neg}u) & 1u) << l;");
                        "b_".to_string()
                    }
                    _ => format!("((((u32)({}) ^ {neg}u) & 1u) ? ~0u : 0u)", self.src(a)),
                };
                let _ = writeln!(self.out, "const u32 bal_ = ({bits}) & row;");
                let v = match mode {
                    VoteMode::Ballot => "bal_",
                    VoteMode::All => "(u32)(bal_ == row)",
                    VoteMode::Any => "(u32)(bal_ != 0)",
                    VoteMode::Uni => "(u32)(bal_ == row || bal_ == 0)",
                };
                let dst = self.dst(d);
                let _ = writeln!(self.out, "LANES {dst} = {v};");
            }
            Op::Activemask { d } => {
                let dst = self.dst(d);
                let _ = writeln!(self.out, "LANES {dst} = row;");
            }
            // `bar.warp.sync`: the lanes met.
            Op::WarpSync { .. } => {}
            // Stopped for the scalar passes (`lane_collective`), never performed here.
            Op::Redux { .. } | Op::Match { .. } | Op::Elect { .. } | non_collective_ops!() => {}
        }
    }

    /// The lanes of `m_` stop at the collective at `pc` for the scalar passes (see the module
    /// documentation).
    fn hand_over(&mut self, pc: u32) {
        // The scalar code stops there too (`Emitter::op`), with this resume point.
        let k = self.resumes.iter().position(|&(at, next)| at == pc && next == pc + 1).map_or(0, |k| k + 1);
        let _ = writeln!(self.out, "{}", super::lanes::GO_EAGER);
        let mut stores = String::new();
        for r in self.live.live_at(pc) {
            if r < self.f.nregs as usize {
                let v = self.src(Src::Reg(r as u32));
                let _ = write!(stores, " frames[{}ull * n + t0 + l] = {v};", self.slot(r));
            }
        }
        let _ = writeln!(
            self.out,
            "LANES if (m_ >> l & 1) {{{stores} states[t0 + l] = (S_AT_WARP << 24) | {k}u; }}\n\
             handed |= m_; act &= ~m_; to_scalar = 1; if (!act) goto V_NEXT;"
        );
    }
}
