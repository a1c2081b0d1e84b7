//! Which registers a group of the lane phase takes back from its lanes' frames when it resumes
//! after a barrier: of those live after it, only the ones the group may touch before it stops
//! again.
//!
//! Every register live after a barrier is in the frames (`stale.rs`: a lane stopping there
//! stores the ones written since it last resumed; the others are there already). A group
//! resuming there used to take all of them back into its lane arrays, and a block scan keeps
//! each level's address and test live from the up-sweep to the down-sweep: scan_block's 512
//! threads took back a dozen arrays in each of 21 phases, a quarter of its time on the block
//! tier, to use one or two. A register the group neither reads nor writes before its next stop
//! can stay in the frames: the lanes stopping there store only stale registers, and such a
//! register is stale at that barrier only when some *other* path writes it — so the stores of
//! every barrier the group may stop at count as uses, as do the probes of the stretches it may
//! run ahead (`probe.rs`: they read the lane arrays). A kernel with loops takes everything back
//! (a group out of fuel hands every register live at its labels to the scalar code, from its
//! lane arrays).

use super::lanes::Barrier;
use super::probe::Probe;
use crate::analysis::live::{successors, uses_defs};
use crate::ir::{Func, Op};

/// Per barrier of `barriers` (with the probes of the stretches after each, as
/// `Plan::probes`): the registers of its `live` a group resuming there takes back.
pub(super) fn reloads(f: &Func, barriers: &[Barrier], probes: &[Option<Probe>], loops: bool) -> Vec<Vec<usize>> {
    barriers
        .iter()
        .map(|b| {
            if loops {
                return b.live.clone();
            }
            let touched = touched_after(f, barriers, probes, b.at);
            b.live.iter().copied().filter(|&r| touched.get(r).copied().unwrap_or(true)).collect()
        })
        .collect()
}

/// The registers a group resuming after the barrier at `at` may read or write (a write under a
/// lane mask reads the old value of the other lanes), or store at a barrier it stops at,
/// before it stops: the instructions reachable from `at + 1` without passing an unguarded
/// barrier, and past a barrier whose stretch is probed.
fn touched_after(f: &Func, barriers: &[Barrier], probes: &[Option<Probe>], at: u32) -> Vec<bool> {
    let n = f.code.len();
    let mut touched = vec![false; f.nregs as usize];
    let mut seen = vec![false; n + 1];
    let mut work = vec![at as usize + 1];
    let (mut uses, mut defs, mut succ) = (Vec::new(), Vec::new(), Vec::new());
    let mark = |r: u32, touched: &mut [bool]| {
        if let Some(t) = touched.get_mut(r as usize) {
            *t = true;
        }
    };
    while let Some(pc) = work.pop() {
        if pc >= n || std::mem::replace(&mut seen[pc], true) {
            continue;
        }
        let inst = &f.code[pc];
        if let Some(i) = barriers.iter().position(|b| b.at as usize == pc) {
            barriers[i].stored.iter().for_each(|&r| mark(r as u32, &mut touched));
            // Lanes the guard leaves out go on; a probed stretch may be run ahead.
            if inst.guard.is_some() || probes.get(i).is_some_and(Option::is_some) {
                work.push(pc + 1);
            }
            continue;
        }
        if matches!(inst.op, Op::Bar { .. }) && inst.guard.is_none() {
            continue;
        }
        uses.clear();
        defs.clear();
        uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        uses.iter().chain(&defs).for_each(|&r| mark(r, &mut touched));
        if let Some(g) = inst.guard {
            mark(g.reg, &mut touched);
        }
        succ.clear();
        successors(f, pc, &mut succ);
        work.extend_from_slice(&succ);
    }
    touched
}
