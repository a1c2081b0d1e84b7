//! Idle stretches: groups of the lane phase that pass a barrier-to-barrier stretch without
//! doing anything are not visited for it.
//!
//! Tree reductions and scans run a stretch per level, `bar.sync; setp p, tid, k; @p bra NEXT;
//! ...; NEXT: bar.sync`, and from some level on most groups have no lane below `k`: every
//! phase still visited each of them (its registers taken back, the test, the stop at the next
//! barrier, about 80 instructions), and reduce_tree's 256 threads make 144 such visits in nine
//! levels, two thirds of its time on the block tier.
//!
//! A stretch is *probed* when it is pure instructions (no memory, no effect but register
//! writes) followed by a guarded forward branch that takes its lanes straight to the next
//! barrier (by pc) or out of the kernel, and those instructions write no register live after
//! that barrier. A group that stops at barrier `i` with all its lanes there, and no lane of it
//! running after they stopped (its registers are then each lane's own), runs the probes of the
//! stretches after it at once, while they send all its lanes on: it is *ahead*, at barrier
//! `j > i` (`ahead_`), or gone. Running such a stretch early is not observable: it reads no
//! memory and writes nothing that is read after the barrier its lanes then reach, whose
//! registers the frames hold already (stored at barrier `i`, none written since). The phases
//! for barriers `i .. j - 1` then pass the group over: each counts it as stopped at its next
//! barrier, as it would have, so a block handed to the scalar passes leaves its lanes waiting
//! at the phase's barrier (their frames are right there too: the stretches in between write
//! nothing live), and the group runs again in the phase of barrier `j` (or, gone, is done).
//!
//! Passing a group over still cost a visit (the loop's step, the tests, the bookkeeping: a
//! dozen branches that mispredict as the active prefix halves level by level): reduce_tree's
//! nine phases made 124 such visits per block for 20 that ran code. A phase after a barrier
//! therefore first finds its last group that runs code (`lim_`: lanes waiting, not ahead, not
//! gone), and the group loop stops there; the groups after it, the tail, get the passing
//! over's bookkeeping in one short loop (`V_TAIL_`). A tree's `tid < s` keeps the groups that
//! run a prefix, so its phases visit only those.

use std::fmt::Write;

use super::Emitter;
use super::lanes::{Barrier, Kind, Plan, kind};
use crate::analysis::live::uses_defs;
use crate::ir::{Func, Guard, Op};

/// The bit of an `ahead_` word that says the group's lanes leave the kernel in the stretch
/// after the barrier in its low bits.
const GONE: u32 = 1 << 31;

/// The most pure instructions a probed stretch runs before its branch: a probe that does not
/// send all of a group's lanes on costs them twice (the group runs them again when it
/// resumes), so only short tests are probed; a tree level's is one `setp`, or none when it was
/// computed before the barrier. (A stencil's stretch after its barrier, its index arithmetic
/// then a bounds test that sends edge threads out, is not.)
const MAX_PURE: usize = 4;

/// A probed stretch (see the module documentation): the one after a barrier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Probe {
    /// The branch; the pure instructions are the ones between the barrier and it.
    branch: u32,
    /// Its guard: the lanes it holds for are the ones it sends on.
    guard: Guard,
    /// Whether it sends them out of the kernel (else to the next barrier).
    exits: bool,
    /// The registers the pure instructions write that are live after the next barrier: a
    /// group passing the stretch stores them in its lanes' frames, as it would stopping there.
    stores: Vec<usize>,
}

/// Per barrier of `barriers` (those of the lane phase, by pc): the probe of the stretch after
/// it, where it has one.
pub(super) fn probes(f: &Func, barriers: &[Barrier]) -> Vec<Option<Probe>> {
    (0..barriers.len()).map(|i| probe(f, barriers, i)).collect()
}

impl Probe {
    /// The pc of its branch.
    pub(super) fn branch(&self) -> u32 {
        self.branch
    }
}

fn probe(f: &Func, barriers: &[Barrier], i: usize) -> Option<Probe> {
    let n = f.code.len() as u32;
    let mut pc = barriers[i].at + 1;
    let mut defs = Vec::new();
    while let Some(inst) = f.code.get(pc as usize)
        && matches!(kind(f, &inst.op), Kind::Pure)
    {
        if (pc - barriers[i].at) as usize > MAX_PURE {
            return None;
        }
        uses_defs(&inst.op, f.nregs, &mut Vec::new(), &mut defs);
        pc += 1;
    }
    let inst = f.code.get(pc as usize)?;
    let (Op::Bra { target, .. }, Some(guard)) = (&inst.op, inst.guard) else { return None };
    let mut to = (*target).min(n);
    if to <= pc {
        return None;
    }
    while f.code.get(to as usize).is_some_and(|i| i.guard.is_none() && matches!(i.op, Op::Nop)) {
        to += 1;
    }
    let (exits, mut stores) = match f.code.get(to as usize) {
        None => (true, Vec::new()),
        Some(d) if d.guard.is_some() => return None,
        Some(d) if matches!(d.op, Op::Ret | Op::Exit) => (true, Vec::new()),
        Some(_) => {
            let next = barriers.get(i + 1).filter(|b| b.at == to)?;
            let live: Vec<usize> = defs.iter().map(|&d| d as usize).filter(|d| next.live.contains(d)).collect();
            (false, live)
        }
    };
    stores.sort_unstable();
    stores.dedup();
    Some(Probe { branch: pc, guard, exits, stores })
}

impl Emitter<'_> {
    /// Declarations: per group, how far ahead it is (`ahead_`, a barrier index from 1, with
    /// [`GONE`]).
    pub(super) fn probe_declarations(&mut self) {
        self.out.push_str("u32 ahead_[MAX_GROUPS]; (void)ahead_;\n");
    }

    /// At a group's start: `stop_clean_`, set when its last lanes stop at a barrier and
    /// cleared when lanes run after that (its registers are then those of its stopped lanes);
    /// `probing_`, set while its lanes run probes; `ahead_v_`, where they left them.
    pub(super) fn probe_group_start(&mut self) {
        self.out.push_str("u32 stop_clean_ = 0, probing_ = 0, ahead_v_ = 0; (void)stop_clean_; (void)probing_;\n");
    }

    /// At a phase's start (`resume_at`, its barrier), for a group with waiting lanes (`act`):
    /// passes it over when it is ahead (stopped at the next barrier, as the other groups will
    /// be), and finishes it when its lanes leave in this stretch.
    pub(super) fn probe_skip(&mut self) {
        let _ = writeln!(
            self.out,
            "{{ const u32 a_ = ahead_[group_], at_ = a_ & ~{GONE:#x}u;\n\
             if (at_ > resume_at) {{ const u32 next_ = resume_at + 1; bar_of_[group_] = next_;\n\
             if (stopped_at && stopped_at != next_) to_scalar = 1; stopped_at = next_; continue; }}\n\
             if (a_ & {GONE:#x}u) {{ waiting_[group_] = 0; bar_of_[group_] = 0; continue; }} }}"
        );
    }

    /// At a phase's start: `lim_`, the groups the group loop visits (after a barrier: up to its
    /// last group that runs code, see the module documentation; at the kernel's start, all).
    /// Only in kernels with probes: without them a phase passes over no group but finished ones.
    pub(super) fn idle_tail_start(&mut self, plan: &Plan) {
        let _ = writeln!(
            self.out,
            "const u32 ngroups_ = {count}; u32 lim_ = ngroups_;\n\
             if (resume_at) while (lim_ && !(waiting_[lim_ - 1] && ahead_[lim_ - 1] <= resume_at)) lim_--;",
            count = plan.grouping.count()
        );
    }

    /// After the group loop (`V_TAIL_`, where it leaves at `lim_`): the groups after `lim_` as
    /// their visits would have left them ([`Emitter::probe_skip`]: passed over to the next
    /// barrier, or done). Their `written_` stays 0: only a phase that hands the block to the
    /// scalar passes sets it, and such a phase is the last.
    pub(super) fn idle_tail_end(&mut self) {
        let _ = writeln!(
            self.out,
            "V_TAIL_:;\n\
             {{ u32 passed_ = 0;\n\
             for (u32 g_ = lim_; g_ < ngroups_; g_++) {{\n\
             if (!waiting_[g_]) continue;\n\
             const u32 a_ = ahead_[g_], at_ = a_ & ~{GONE:#x}u;\n\
             if (at_ > resume_at) {{ bar_of_[g_] = resume_at + 1; passed_ = 1; }}\n\
             else {{ waiting_[g_] = 0; bar_of_[g_] = 0; }} }}\n\
             if (passed_) {{ const u32 next_ = resume_at + 1;\n\
             if (stopped_at && stopped_at != next_) to_scalar = 1; stopped_at = next_; }} }}"
        );
    }

    /// At a group's stop (`V_STOP`): with its lanes all at barrier `bar_at` and none run since
    /// (`stop_clean_`), its lanes run the probe of the stretch after it: the lane code of the
    /// stretch itself (where gcc vectorizes it) from the barrier's resume point, in
    /// `probing_`, up to the probed branch ([`Emitter::probe_branch`]), which comes back to
    /// `V_PROBED` when they are not all sent on. `ahead_[group_]` where they were left.
    pub(super) fn probe_chain(&mut self, plan: &Plan) {
        self.out.push_str("ahead_v_ = bar_at;\nif (stop_clean_ && at_bar && !eager) {\nswitch (bar_at) {\n");
        for (i, p) in plan.probes.iter().enumerate() {
            if p.is_some() {
                let _ =
                    writeln!(self.out, "case {}: act = at_bar; probing_ = 1; goto VR{};", i + 1, plan.barrier_at(i));
            }
        }
        self.out.push_str("default: break;\n}\n}\nV_PROBED: probing_ = 0; act = 0;\nahead_[group_] = ahead_v_;\n");
    }

    /// At the branch of probe `i` (its mask `m_` declared), in the lane code: while probing,
    /// lanes not all sent on end the probes; else they pass the stretch (storing the
    /// registers its pure instructions wrote that are live after the next barrier) and run the
    /// next stretch's probe, if any.
    pub(super) fn probe_branch(&mut self, plan: &Plan, i: usize) {
        let Some(Some(p)) = plan.probes.get(i) else { return };
        self.out.push_str("if (UNLIKELY(probing_)) {\nif (m_ != act) goto V_PROBED;\n");
        let stores: Vec<String> = p
            .stores
            .iter()
            .map(|&r| {
                format!("frames[{}ull * n + t0 + l] = {};", self.slot(r), self.src(crate::ir::Src::Reg(r as u32)))
            })
            .collect();
        if !stores.is_empty() {
            // One loop per register, as at a barrier: stores to several arrays are not vectorized.
            let all: String = stores.iter().map(|st| format!("LANES {st}\n")).collect();
            let some: String = stores.iter().map(|st| format!("LANES if (act >> l & 1) {st}\n")).collect();
            let _ = writeln!(self.out, "if (act == LANE_FULL) {{\n{all}}} else {{\n{some}}}");
        }
        if p.exits {
            let _ = writeln!(self.out, "ahead_v_ = {}u | {GONE:#x}u; goto V_PROBED; }}", i + 1);
        } else if plan.probes.get(i + 1).is_some_and(Option::is_some) {
            let _ = writeln!(self.out, "ahead_v_ = {}u; goto VR{}; }}", i + 2, plan.barrier_at(i + 1));
        } else {
            let _ = writeln!(self.out, "ahead_v_ = {}u; goto V_PROBED; }}", i + 2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::grouping::Grouping;
    use super::*;
    use crate::analysis::live::Liveness;

    /// Two levels of a tree (`t < 2`, `t < 1`; the second level's test, `t != 0`, used
    /// again after the last barrier to leave), a stretch that reads shared memory before its
    /// test, and one whose test sends its lanes past the next barrier.
    const TREE: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry tree(.param .u64 out)
{
    .reg .pred %p<8>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<4>;
    .shared .align 4 .b8 s[64];
    mov.u32 %r1, %tid.x;
    mov.u32 %r2, s;
    shl.b32 %r3, %r1, 2;
    add.s32 %r4, %r2, %r3;
    st.shared.u32 [%r4], %r1;
    bar.sync 0;
    setp.gt.u32 %p1, %r1, 1;
    @%p1 bra L1;
    ld.shared.u32 %r5, [%r4+8];
    st.shared.u32 [%r4], %r5;
L1:
    bar.sync 0;
    setp.ne.s32 %p2, %r1, 0;
    @%p2 bra L2;
    ld.shared.u32 %r5, [%r4+4];
    st.shared.u32 [%r4], %r5;
L2:
    bar.sync 0;
    ld.shared.u32 %r6, [s];
    setp.eq.s32 %p3, %r6, 7;
    @%p3 bra L3;
    add.s32 %r7, %r6, 1;
L3:
    bar.sync 0;
    setp.gt.u32 %p4, %r1, 3;
    @%p4 bra L5;
    add.s32 %r8, %r1, 1;
L4:
    bar.sync 0;
L5:
    bar.sync 0;
    @%p2 bra DONE;
    ld.param.u64 %rd1, [out];
    ld.shared.u32 %r9, [s];
    st.global.u32 [%rd1], %r9;
DONE:
    ret;
}
"#;

    #[test]
    fn pure_tests_that_send_lanes_to_the_next_barrier_or_out_are_probed() {
        let p = crate::Program::from_ptx(TREE).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let plan = Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase");
        let probes = &plan.probes;
        assert_eq!(probes.len(), 6);
        let (first, second) = (probes[0].as_ref().expect("t < 2"), probes[1].as_ref().expect("t != 0"));
        assert!(!first.exits && first.stores.is_empty(), "{first:?}");
        // `%p2`, written before the branch, is read after the next barrier: passing the
        // stretch stores it.
        assert!(!second.exits && second.stores.len() == 1, "{second:?}");
        assert!(probes[2].is_none(), "a shared load before the test");
        assert!(probes[3].is_none(), "the branch skips a barrier (L4)");
        assert!(probes[4].is_none(), "nothing but the next barrier");
        assert!(probes[5].as_ref().is_some_and(|p| p.exits && p.stores.is_empty()), "out of the kernel");
    }

    #[test]
    fn long_tests_are_not_probed() {
        let probed = |extra: usize| {
            let adds = "    add.s32 %r10, %r1, 3;\n".repeat(extra);
            let src = TREE.replacen("    setp.gt.u32 %p1", &format!("{adds}    setp.gt.u32 %p1"), 1);
            let p = crate::Program::from_ptx(&src).expect("load");
            let f = p.funcs[0].as_ref().expect("decoded");
            Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase").probes[0].is_some()
        };
        assert!(probed(MAX_PURE - 1), "the test and {} more", MAX_PURE - 1);
        assert!(!probed(MAX_PURE), "a failed probe would cost the group its stretch's start twice");
    }
}
