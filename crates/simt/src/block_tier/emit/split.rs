//! Induction registers linear up to a loop's exit: nvcc's halo-tile loop `for (k = tid; k <
//! TILE; k += blockDim)` is unrolled by four behind a remainder loop whose trip count
//! differs per lane (`(TILE - 1 - k) / blockDim + 1` modulo 4), so `k += blockDim` runs while
//! lanes that left the loop wait after it, reading their own `k` there: `k` is not linear
//! (`linear.rs`: a write with lanes waiting where it is live keeps their values) and neither
//! is any address made from it.
//!
//! Inside the loop, though, every lane at an instruction has run the loop as many turns as
//! the others there (lanes enter it together and leave it only), so their `k` is lane 0's
//! plus its step times the lane. Such a register is *split* at the loop's exit `X` (the label
//! after its conditional backward branch): before `X` it is a linear C scalar `r{r}` (lane 0's
//! value), from `X` on an array `r{r}x` of the lanes' own values, which each lane takes from
//! the scalar form as it crosses into the code from `X` on:
//! - a lane parked at a label from `X` on, by a branch before `X`, where the register is live,
//!   takes its value there (a *snapshot*: `snapshot`), and keeps it while the scalar goes on
//!   for the lanes still in the loop;
//! - the lanes reaching `X` from the instruction before it take theirs at `X` (`at_label`).
//!
//! Code before `X` then writes the register only while no lane waits at a label before `X`
//! where it is live (lanes waiting from `X` on have their own copies): `together` of
//! `lanes::Plan::of` for that register looks at those labels only. Lanes never go back from
//! `X` on to code before it with the register in the scalar form: no branch from `X` on goes
//! to `X` or before it, and waiting lanes are always at labels after the running instruction
//! (`lanes.rs`). The register lives in no barrier's frames (not live after any barrier), is
//! no address of an access from `X` on (the lane phase's accesses read an address register's
//! pattern, `mem.rs`, `window.rs`), is 32 or 64 bits wide (a 64-bit one's seed, `linear.rs`,
//! is its scalar form's only), and kernels with warp collectives (whose code reads the plan's
//! patterns, `warp.rs`) split none.

use crate::analysis::live::{Liveness, uses_defs};
use crate::ir::flow::Flow;
use crate::ir::{Base, Func};

/// Per register of `f`: the loop exit `X` from which it is an array when it can be split
/// there (see the module documentation); a candidate only, linear before `X` or not
/// (`linear::linear_regs` decides, and `Plan::of` drops the others). `labels`: the lane
/// phase's labels; `linear`, `uniform`, `excluded`: the patterns found without splits, the
/// uniform registers, and the registers that may not be linear; `barrier_live`: per barrier,
/// the registers live after it.
pub(crate) fn candidates(
    f: &Func,
    live: &Liveness,
    labels: &[u32],
    linear: &[Option<super::linear::Linear>],
    uniform: &[bool],
    excluded: &[bool],
    barrier_live: &[&[usize]],
) -> Vec<Option<u32>> {
    let n = f.nregs as usize;
    let mut split = vec![None; n];
    let branches: Vec<(u32, u32, bool)> = f
        .code
        .iter()
        .enumerate()
        .filter_map(|(pc, inst)| match inst.op.flow() {
            Flow::Jump(t) => Some((pc as u32, t, inst.guard.is_some())),
            _ => None,
        })
        .collect();
    let in_frames: Vec<bool> = (0..n).map(|r| barrier_live.iter().any(|l| l.contains(&r))).collect();
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    for &(at, top, guarded) in &branches {
        let x = at + 1;
        // A conditional loop's exit, a label of the lane phase, that no branch from it on
        // goes back to or before.
        if !(guarded && top <= at) || labels.binary_search(&x).is_err() {
            continue;
        }
        if branches.iter().any(|&(from, to, _)| from >= x && to <= x) {
            continue;
        }
        let live_x = live.live_at(x);
        // Registers that an access from `X` on takes its address from.
        let mut addressed = vec![false; n];
        for inst in f.code.iter().skip(x as usize) {
            inst.op.memory_accesses(&mut |a| {
                if let Base::Reg(r) = a.addr.base
                    && let Some(b) = addressed.get_mut(r as usize)
                {
                    *b = true;
                }
            });
        }
        for inst in &f.code[top as usize..=at as usize] {
            uses.clear();
            defs.clear();
            uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
            for &d in &defs {
                let r = d as usize;
                if r < n
                    && split[r].is_none()
                    && matches!(f.reg_bits.get(r), Some(32 | 64))
                    && linear[r].is_none()
                    && !uniform[r]
                    && !excluded[r]
                    && !in_frames[r]
                    && !addressed[r]
                    && live_x.contains(&r)
                {
                    split[r] = Some(x);
                }
            }
        }
    }
    split
}

/// Whether register `r` is in its array form at `pc` (see the module documentation).
pub(crate) fn is_array_at(split: &[Option<u32>], r: u32, pc: u32) -> bool {
    split.get(r as usize).copied().flatten().is_some_and(|x| pc >= x)
}

/// C that copies the lanes of mask `mask` of each split register live at label `label` that
/// is at or after its split while `from` (the branch's pc) is before it, from the scalar
/// form into the array form. `live`: the registers live at `label`.
pub(crate) fn snapshot(
    split: &[Option<u32>],
    linear: &[Option<super::linear::Linear>],
    live: &[bool],
    from: u32,
    label: u32,
    mask: &str,
) -> String {
    let mut out = String::new();
    for (r, x) in split.iter().enumerate() {
        let (Some(x), Some(p)) = (*x, linear.get(r).copied().flatten()) else { continue };
        if from < x && x <= label && live.get(r).copied().unwrap_or(false) {
            out.push_str(&format!(
                "LANES if ({mask} >> l & 1) r{r}x[l] = {};\n",
                super::linear::lane_expr(r as u32, p)
            ));
        }
    }
    out
}

/// C that gives the lanes reaching label `label` from the instruction before it (`act`)
/// the array form of each register split there.
pub(crate) fn at_label(split: &[Option<u32>], linear: &[Option<super::linear::Linear>], label: u32) -> String {
    let mut out = String::new();
    for (r, x) in split.iter().enumerate() {
        let (Some(x), Some(p)) = (*x, linear.get(r).copied().flatten()) else { continue };
        if x == label {
            out.push_str(&format!(
                "LANES if (act >> l & 1) r{r}x[l] = {};\n",
                super::linear::lane_expr(r as u32, p)
            ));
        }
    }
    out
}
