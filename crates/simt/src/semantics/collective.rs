//! Warp collectives over a warp's executing lanes: `elect`, `shfl`, `vote`, `redux`, `match`,
//! each group of lanes with the same member mask on its own.

use super::*;
use crate::ir::operands::{CollectiveIn, CollectiveOut};
use crate::ir::*;

/// The results of a warp collective ([`perform`]): the values of its destinations, by role.
#[derive(Debug, Default)]
pub(crate) struct Results {
    d: Option<[u64; 32]>,
    p: Option<[u64; 32]>,
}

impl Results {
    /// Calls `f` with each destination the operation writes and its lanes' values.
    pub(crate) fn each(&self, mut f: impl FnMut(CollectiveOut, &[u64; 32])) {
        if let Some(v) = &self.d {
            f(CollectiveOut::D, v);
        }
        if let Some(v) = &self.p {
            f(CollectiveOut::P, v);
        }
    }
}

/// The warp collective `op` over the lanes `group`, the one rule every engine performs a
/// collective by: `operand(role)` gives every lane's value of a source (0 where the lane has
/// none); the results go to each lane's destinations of that role (the group's lanes only).
/// Each lane's operands and destinations may be those of its own instruction (lanes of a
/// diverged warp meet at instructions of one kind: `exec/converge.rs`; threads run one at a
/// time meet at their own pcs: `jit::warp_collectives`); the kind (mode, reduction, width) is
/// `op`'s. `activemask` gives `group`. `bar.warp.sync` and the operations that are no
/// collective move nothing.
pub(crate) fn perform(op: &Op, group: u32, operand: impl Fn(CollectiveIn) -> [u64; 32]) -> Results {
    use CollectiveIn::*;
    let (mut r, mut q) = ([0u64; 32], [0u64; 32]);
    match *op {
        Op::Shfl { mode, .. } => {
            shfl_lanes(mode, &operand(A), &operand(B), &operand(C), group, &mut r, &mut q);
            Results { d: Some(r), p: Some(q) }
        }
        Op::Vote { mode, .. } => {
            let (mut a, neg) = (operand(A), operand(Neg));
            a.iter_mut().zip(neg).for_each(|(v, n)| *v ^= n & 1);
            vote_lanes(mode, &a, &operand(Mask), group, &mut r);
            Results { d: Some(r), p: None }
        }
        Op::Activemask { .. } => Results { d: Some([u64::from(group); 32]), p: None },
        Op::Redux { op, signed, .. } => {
            redux_lanes(op, signed, &operand(A), &operand(Mask), group, &mut r);
            Results { d: Some(r), p: None }
        }
        Op::Match { all, w, .. } => {
            match_lanes(all, w, &operand(A), &operand(Mask), group, &mut r);
            Results { d: Some(r), p: Some(r.map(|v| u64::from(v != 0))) }
        }
        Op::Elect { .. } => {
            elect_lanes(&operand(Mask), group, &mut r, &mut q);
            Results { d: Some(r), p: Some(q) }
        }
        Op::WarpSync { .. } | non_collective_ops!() => Results::default(),
    }
}

/// `elect.sync`: per group of executing lanes with the same member mask (`a`), the lowest
/// executing lane of the mask is elected: its id into `r`, whether this lane is it into `c`.
pub(crate) fn elect_lanes(a: &[u64; 32], emask: u32, r: &mut [u64; 32], c: &mut [u64; 32]) {
    let mut rest = emask;
    while rest != 0 {
        let mv = a[rest.trailing_zeros() as usize] as u32;
        let group = lanes(rest).fold(0u32, |g, k| g | (u32::from(a[k] as u32 == mv) << k));
        rest &= !group;
        let leader = (mv & emask).trailing_zeros();
        for k in lanes(group) {
            r[k] = u64::from(leader & 31);
            c[k] = u64::from(k as u32 == leader);
        }
    }
}

/// `shfl.sync` of every lane: value `a` of the source lane into `r`, whether it was in range
/// into `pv` (lane `b`, clamp and segment mask `c`). A source lane outside `sources` (the
/// executing lanes) gives 0: the ISA leaves its value undefined, and an H200 reads 0 there.
pub(crate) fn shfl_lanes(
    mode: ShflMode,
    a: &[u64; 32],
    b: &[u64; 32],
    c: &[u64; 32],
    sources: u32,
    r: &mut [u64; 32],
    pv: &mut [u64; 32],
) {
    for lane in 0..32usize {
        let bval = (b[lane] & 31) as i32;
        let cval = (c[lane] & 31) as i32;
        let seg = ((c[lane] >> 8) & 31) as i32;
        let ln = lane as i32;
        let max_lane = (ln & seg) | (cval & !seg);
        let min_lane = ln & seg;
        let (j, ok) = match mode {
            ShflMode::Up => (ln - bval, ln - bval >= max_lane),
            ShflMode::Down => (ln + bval, ln + bval <= max_lane),
            ShflMode::Bfly => (ln ^ bval, (ln ^ bval) <= max_lane),
            ShflMode::Idx => {
                let j = min_lane | (bval & !seg);
                (j, j <= max_lane)
            }
        };
        let j = if ok { j } else { ln };
        let j = (j & 31) as usize;
        r[lane] = if sources >> j & 1 == 1 { a[j] } else { 0 };
        pv[lane] = u64::from(ok);
    }
}

/// `vote.sync` over the executing lanes `emask` of predicate `a` (negated when `neg`).
pub(crate) fn vote_lanes(mode: VoteMode, a: &[u64; 32], m: &[u64; 32], emask: u32, r: &mut [u64; 32]) {
    for_member_groups(m, emask, |group, over| {
        let ballot = lanes(over).fold(0u32, |b, l| b | (((a[l] & 1) as u32) << l));
        let v = match mode {
            VoteMode::Ballot => u64::from(ballot),
            VoteMode::All => u64::from(ballot == over),
            VoteMode::Any => u64::from(ballot != 0),
            VoteMode::Uni => u64::from(ballot == over || ballot == 0),
        };
        lanes(group).for_each(|l| r[l] = v);
    });
}

/// Calls `f(group, over)` for each set of executing lanes (`emask`) that name the same member
/// mask in `m`: `over`, the lanes a warp-synchronizing operation of theirs covers, is the
/// executing lanes of that mask (the group itself when the mask names none of them, which
/// PTX leaves undefined). Tiles of a warp that run one `vote`/`match`/`redux` together each
/// see only their own lanes.
pub(crate) fn for_member_groups(m: &[u64; 32], emask: u32, mut f: impl FnMut(u32, u32)) {
    let mut rest = emask;
    while rest != 0 {
        let mv = m[rest.trailing_zeros() as usize] as u32;
        let group = lanes(rest).fold(0u32, |g, k| g | (u32::from(m[k] as u32 == mv) << k));
        rest &= !group;
        f(group, if mv & emask == 0 { group } else { mv & emask });
    }
}

/// `redux.sync`: lanes with the same member mask (`c`) reduce `a` over the executing lanes of
/// it; the result into `r` for every executing lane.
pub(crate) fn redux_lanes(op: ReduxOp, signed: bool, a: &[u64; 32], c: &[u64; 32], emask: u32, r: &mut [u64; 32]) {
    for_member_groups(c, emask, |group, over| {
        let mut it = lanes(over).map(|l| a[l] as u32);
        let first = it.next().unwrap_or(0);
        let v = it.fold(first, |acc, x| match (op, signed) {
            (ReduxOp::Add, _) => acc.wrapping_add(x),
            (ReduxOp::Min, true) => (acc as i32).min(x as i32) as u32,
            (ReduxOp::Min, false) => acc.min(x),
            (ReduxOp::Max, true) => (acc as i32).max(x as i32) as u32,
            (ReduxOp::Max, false) => acc.max(x),
            (ReduxOp::And, _) => acc & x,
            (ReduxOp::Or, _) => acc | x,
            (ReduxOp::Xor, _) => acc ^ x,
        });
        for k in lanes(group) {
            r[k] = u64::from(v);
        }
    });
}

/// `match.{any,all}.sync` on the low `w` bits of `a`: each executing lane (`emask`) over the
/// executing lanes of its member mask (`m`).
pub(crate) fn match_lanes(all: bool, w: u8, a: &[u64; 32], m: &[u64; 32], emask: u32, r: &mut [u64; 32]) {
    let bits = mask_w(w);
    for_member_groups(m, emask, |group, over| {
        for lane in lanes(group) {
            let same = lanes(over).filter(|&l| a[l] & bits == a[lane] & bits).fold(0u32, |s, l| s | 1 << l);
            r[lane] = if !all {
                u64::from(same)
            } else if same == over {
                u64::from(over)
            } else {
                0
            };
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `perform` over lanes each at its own instruction (`ops[l]`), with registers `regs`
    /// (register `r`'s lanes: `regs[r]`): each lane's sources and destinations are its own
    /// instruction's, as the interpreter's diverged paths and the per-thread JIT give them.
    fn run(ops: &[&Op; 32], group: u32, regs: &mut [[u64; 32]]) {
        let results = perform(ops[group.trailing_zeros() as usize], group, |role| {
            std::array::from_fn(|l| match ops[l].collective_src(role) {
                Some(Src::Reg(r)) => regs[r as usize][l],
                Some(Src::Imm(v)) => v,
                _ => 0,
            })
        });
        results.each(|role, v| {
            for l in lanes(group) {
                if let Some(d) = ops[l].collective_dst(role) {
                    regs[d as usize][l] = v[l];
                }
            }
        });
    }

    #[test]
    fn a_vote_met_across_an_if_else_negates_each_sides_predicate_by_its_own_instruction() {
        // `vote.ballot.b32 %r1, !%p0, -1` on lanes 0..16, `vote.ballot.b32 %r2, %p0, -1` on the
        // others, %p0 true everywhere: only the second side's lanes vote, and every lane gets
        // the ballot in its own instruction's destination (PTX ISA, vote.sync).
        let mask = Src::Imm(u64::from(u32::MAX));
        let neg = Op::Vote { mode: VoteMode::Ballot, d: 1, a: Src::Reg(0), neg: true, mask };
        let plain = Op::Vote { mode: VoteMode::Ballot, d: 2, a: Src::Reg(0), neg: false, mask };
        let ops: [&Op; 32] = std::array::from_fn(|l| if l < 16 { &neg } else { &plain });
        let mut regs = [[1u64; 32], [0; 32], [0; 32]];
        run(&ops, u32::MAX, &mut regs);
        assert!((0..16).all(|l| regs[1][l] == 0xffff_0000 && regs[2][l] == 0));
        assert!((16..32).all(|l| regs[2][l] == 0xffff_0000 && regs[1][l] == 0));
    }

    #[test]
    fn a_shuffle_met_across_an_if_else_reads_each_lanes_value_from_its_own_instruction() {
        // `shfl.sync.idx.b32 %r2|%p1, %r0, 31, 31, -1` on even lanes and `... %r3|%p2, %r1, ...`
        // on odd ones: lane 31 (odd) sends its %r1 to every lane, each into its own destination.
        let (b, c, mask) = (Src::Imm(31), Src::Imm(31), Src::Imm(u64::from(u32::MAX)));
        let even = Op::Shfl { mode: ShflMode::Idx, d: 2, p: Some(4), a: Src::Reg(0), b, c, mask };
        let odd = Op::Shfl { mode: ShflMode::Idx, d: 3, p: Some(5), a: Src::Reg(1), b, c, mask };
        let ops: [&Op; 32] = std::array::from_fn(|l| if l % 2 == 0 { &even } else { &odd });
        let mut regs = [[0u64; 32]; 6];
        regs[0] = std::array::from_fn(|l| 100 + l as u64);
        regs[1] = std::array::from_fn(|l| 200 + l as u64);
        run(&ops, u32::MAX, &mut regs);
        let got: Vec<(u64, u64)> =
            (0..32).map(|l| if l % 2 == 0 { (regs[2][l], regs[4][l]) } else { (regs[3][l], regs[5][l]) }).collect();
        assert_eq!(got, [(231, 1); 32]);
    }

    #[test]
    fn activemask_gives_the_group_and_a_warp_barrier_moves_nothing() {
        let am = Op::Activemask { d: 0 };
        let mut regs = [[0u64; 32]];
        run(&[&am; 32], 0x0f0f_00ff, &mut regs);
        assert_eq!(regs[0][0], 0x0f0f_00ff);
        assert_eq!(regs[0][8], 0);
        let sync = Op::WarpSync { mask: Src::Imm(u64::from(u32::MAX)) };
        let mut none = 0;
        perform(&sync, u32::MAX, |_| [0; 32]).each(|_, _| none += 1);
        assert_eq!(none, 0);
    }
}
