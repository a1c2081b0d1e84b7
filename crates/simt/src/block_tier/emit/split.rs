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
            out.push_str(&format!("LANES if (act >> l & 1) r{r}x[l] = {};\n", super::linear::lane_expr(r as u32, p)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::grouping::Grouping;
    use super::super::lanes::Plan;
    use super::super::linear::Linear;
    use crate::analysis::live::{Liveness, uses_defs};

    /// nvcc's halo-tile loop (`benchmarks/kit/jacobi2d_shared.cu`), `k` in `%r13`: each lane's
    /// turns modulo 4 (`%r12`) in a remainder loop (`REM`) storing `tile[k / 18][k % 18]`
    /// (`%r9`), then the loop unrolled by four (`MAIN`, one turn shown) from its exit `EXIT`,
    /// where lanes read their own `k`. `TAIL` stands for what follows the loops.
    const HALO: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry t(.param .u32 n)
{
    .reg .pred %p<8>;
    .reg .b32 %r<40>;
    .shared .align 4 .b8 tile[1296];
    ld.param.u32 %r30, [n];
    mov.u32 %r1, %tid.y;
    shl.b32 %r2, %r1, 4;
    mov.u32 %r3, %tid.x;
    add.s32 %r13, %r2, %r3;
    setp.gt.s32 %p1, %r13, 323;
    @%p1 bra DONE;
    max.s32 %r4, %r13, 68;
    add.s32 %r5, %r4, 255;
    sub.s32 %r6, %r5, %r13;
    shr.u32 %r7, %r6, 8;
    add.s32 %r8, %r7, 1;
    and.b32 %r12, %r8, 3;
    setp.eq.s32 %p2, %r12, 0;
    @%p2 bra EXIT;
REM:
    mul.hi.s32 %r14, %r13, 954437177;
    shr.u32 %r15, %r14, 31;
    shr.s32 %r16, %r14, 2;
    add.s32 %r17, %r16, %r15;
    mul.lo.s32 %r18, %r17, 18;
    sub.s32 %r19, %r13, %r18;
    mov.u32 %r20, tile;
    mad.lo.s32 %r21, %r17, 72, %r20;
    shl.b32 %r22, %r19, 2;
    add.s32 %r9, %r21, %r22;
    st.shared.u32 [%r9], %r30;
    add.s32 %r13, %r13, 256;
    add.s32 %r12, %r12, -1;
    setp.ne.s32 %p3, %r12, 0;
    @%p3 bra REM;
EXIT:
    setp.lt.u32 %p4, %r6, 768;
    @%p4 bra DONE;
MAIN:
    mul.hi.s32 %r24, %r13, 954437177;
    shr.u32 %r25, %r24, 31;
    shr.s32 %r26, %r24, 2;
    add.s32 %r27, %r26, %r25;
    mul.lo.s32 %r28, %r27, 18;
    sub.s32 %r29, %r13, %r28;
    mov.u32 %r34, tile;
    mad.lo.s32 %r31, %r27, 72, %r34;
    shl.b32 %r32, %r29, 2;
    add.s32 %r33, %r31, %r32;
    st.shared.u32 [%r33], %r30;
    add.s32 %r13, %r13, 1024;
    setp.lt.s32 %p5, %r13, 324;
    @%p5 bra MAIN;
DONE:
TAIL
    ret;
}
"#;

    /// The plan of `HALO` with `tail` for `TAIL`, and the registers the first instructions
    /// whose text starts with each of `writers` write.
    fn plan_of(tail: &str, writers: &[&str]) -> (Plan, Vec<u32>) {
        let p = crate::Program::from_ptx(&HALO.replace("TAIL", tail)).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let plan = Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase");
        let regs = writers
            .iter()
            .map(|w| {
                let pc = f.info.iter().position(|i| i.text.trim_start().starts_with(w)).expect("a write");
                let mut defs = Vec::new();
                uses_defs(&f.code[pc].op, f.nregs, &mut Vec::new(), &mut defs);
                defs[0]
            })
            .collect();
        (plan, regs)
    }

    #[test]
    fn a_remainder_loops_index_is_linear_up_to_its_exit() {
        let (plan, r) = plan_of("", &["add.s32 %r13, %r2", "add.s32 %r9", "add.s32 %r33", "add.s32 %r12"]);
        let (k, store, main, turns) = (r[0] as usize, r[1] as usize, r[2] as usize, r[3] as usize);
        assert_eq!(plan.linear[k], Some(Linear::Narrow { step: 1 }), "k, in the remainder loop");
        assert!(plan.split[k].is_some(), "k is each lane's own from the loop's exit on");
        assert_eq!(plan.linear[store], Some(Linear::Narrow { step: 4 }), "tile + 72q + 4(k - 18q) = tile + 4k");
        assert_eq!(plan.linear[main], None, "after the exit, lanes have run different turns");
        assert_eq!(plan.linear[turns], None, "each lane's turn count");
        assert!(plan.split[turns].is_none());
    }

    #[test]
    fn no_split_where_lanes_could_come_back_before_the_exit_or_keep_k_in_frames() {
        // A branch from after the exit back to the remainder loop.
        let (plan, r) =
            plan_of("    setp.eq.s32 %p6, %r30, 7;\n    @%p6 bra REM;", &["add.s32 %r13, %r2", "add.s32 %r9"]);
        assert!(plan.split[r[0] as usize].is_none() && plan.linear[r[0] as usize].is_none());
        assert_eq!(plan.linear[r[1] as usize], None);
        // `k` read after a barrier: lanes keep it in their frames.
        let (plan, r) =
            plan_of("    bar.sync 0;\n    st.shared.u32 [tile], %r13;", &["add.s32 %r13, %r2", "add.s32 %r9"]);
        assert!(plan.split[r[0] as usize].is_none() && plan.linear[r[0] as usize].is_none());
        assert_eq!(plan.linear[r[1] as usize], None);
    }
}
