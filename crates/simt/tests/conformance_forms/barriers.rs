//! Barriers with results and ordering instructions (PTX ISA, "Parallel Synchronization and
//! Communication Instructions"): `bar.red.popc.u32` and `bar.red.{and,or}.pred` over the CTA
//! (with and without a thread count), `barrier.sync`/`bar.sync` with thread counts, a
//! `bar.arrive` + `bar.sync` producer/consumer pair on a named barrier, `elect.sync` (converged
//! and over the odd lanes), `bar.warp.sync`, and `fence`/`membar` (no result; they must run on
//! every engine). Barriers run in every thread of the block (`Case::converged_only`): the ISA
//! requires all threads (or the count given) to reach them.

use super::leak;
use crate::{Case, EDGES, Group, GroupModel, Res, SM90, mask};

/// Predicate operands: `(a & b) != 0` holds for some threads, all, or none.
const BITS: &[u64] = &[0, 1, 2, 0x8000_0000, 0xffff_ffff];

/// The predicate of thread `t`: `(a & b) != 0` on 32 bits.
fn pred(g: &Group<'_>, t: usize) -> bool {
    let (a, b, _) = g.lanes[t];
    a & b & mask(32) != 0
}

/// `bar.red.popc.u32`: how many threads of the block hold the predicate.
fn popc(g: &Group<'_>) -> Option<u64> {
    Some((0..g.lanes.len()).filter(|&t| pred(g, t)).count() as u64)
}

/// `bar.red.and.pred` of the predicate (bit 0) and `bar.red.or.pred` of its negation (bit 1).
fn and_or(g: &Group<'_>) -> Option<u64> {
    let all = (0..g.lanes.len()).all(|t| pred(g, t));
    let any_not = (0..g.lanes.len()).any(|t| !pred(g, t));
    Some(u64::from(all) | u64::from(any_not) << 1)
}

/// The producer/consumer pair (barrier 9 + slot: the first warp does not wait, so a barrier
/// of its own per slot keeps its next arrival from completing this one): the second warp reads the `a` the first warp's thread 32 below
/// wrote before `bar.arrive`; the first warp gives 0.
fn handoff(g: &Group<'_>) -> Option<u64> {
    Some(if g.t >= 32 { g.lanes[g.t - 32].0 & mask(32) } else { 0 })
}

/// `a + b` on 32 bits: the result of forms whose barriers or fences change nothing.
fn sum(g: &Group<'_>) -> Option<u64> {
    let (a, b, _) = g.lanes[g.t];
    Some(a.wrapping_add(b) & mask(32))
}

/// `elect.sync`'s invariants: the elected lane is in the mask (bit 1) and the predicate holds
/// exactly in the lane whose id was returned (bit 0). Which lane is elected the ISA leaves to
/// the hardware (the next form records it).
fn elect_invariants(_: &Group<'_>) -> Option<u64> {
    Some(0b11)
}

/// A barrier form: `text` over `a` (`EDGES`) and `b` (`BITS`), every thread executing it.
fn form(op: &str, text: &str, group: GroupModel) -> Case {
    Case {
        b_edges: Some(BITS),
        text: Some(leak(text.to_string())),
        group: Some(group),
        converged_only: true,
        ..Case::int(leak(op.to_string()), 32, 32, |_, _, _, _| None)
    }
}

/// Every barrier and fence form.
pub fn cases() -> Vec<Case> {
    let p = "and.b32 %sx0, {a}, {b}; setp.ne.u32 %sp0, %sx0, 0";
    let mut v = vec![
        form("bar.red.popc.u32", &format!("{p}; bar.red.popc.u32 {{d}}, 1, %sp0"), popc),
        form("barrier.red.popc.count", &format!("{p}; barrier.red.popc.aligned.u32 {{d}}, 2, 64, %sp0"), popc),
        form(
            "bar.red.and.or.pred",
            &format!(
                "{p}; bar.red.and.pred %sp1, 3, %sp0; bar.red.or.pred %sp2, 4, !%sp0; \
                 selp.u32 %sx1, 1, 0, %sp1; selp.u32 %sx2, 2, 0, %sp2; or.b32 {{d}}, %sx1, %sx2"
            ),
            and_or,
        ),
        form(
            "barrier.sync.counts",
            "barrier.sync 5, 64; barrier.sync.aligned 6; bar.sync 7, 64; barrier.sync 8; add.u32 {d}, {a}, {b}",
            sum,
        ),
        form(
            "bar.arrive.bar.sync",
            ".shared .align 8 .b64 handoff{s8}[64]; mov.u64 %sy0, handoff{s8}; add.u64 %sy0, %sy0, %q3; \
             mov.u32 %sx5, {s8}; shr.u32 %sx5, %sx5, 3; add.u32 %sx5, %sx5, 9; \
             shr.u32 %sx0, %t3, 5; setp.eq.u32 %sp0, %sx0, 0; mov.u32 {d}, 0; \
             @%sp0 st.shared.b32 [%sy0], {a}; @%sp0 bar.arrive %sx5, 64; @!%sp0 bar.sync %sx5, 64; \
             @!%sp0 ld.shared.b32 {d}, [%sy0+-256]",
            handoff,
        ),
        form(
            "barrier.arrive.barrier.sync",
            ".shared .align 8 .b64 handoff{s8}[64]; mov.u64 %sy0, handoff{s8}; add.u64 %sy0, %sy0, %q3; \
             mov.u32 %sx5, {s8}; shr.u32 %sx5, %sx5, 3; add.u32 %sx5, %sx5, 9; \
             shr.u32 %sx0, %t3, 5; setp.eq.u32 %sp0, %sx0, 0; mov.u32 {d}, 0; \
             @%sp0 st.shared.b32 [%sy0], {a}; @%sp0 barrier.arrive.aligned %sx5, 64; @!%sp0 barrier.sync.aligned %sx5, 64; \
             @!%sp0 ld.shared.b32 {d}, [%sy0+-256]",
            handoff,
        ),
    ];
    // Not barriers over the block: these run diverged too.
    let diverging = |c: Case| Case { converged_only: false, ..c };
    v.push(diverging(Case {
        target: SM90,
        ..form(
            "elect.sync.invariants",
            "elect.sync %sx0|%sp0, {m}; mov.u32 %sx1, %laneid; setp.eq.u32 %sp1, %sx0, %sx1; \
             xor.pred %sp2, %sp0, %sp1; selp.u32 %sx2, 0, 1, %sp2; shr.b32 %sx3, {m}, %sx0; and.b32 %sx3, %sx3, 1; \
             shl.b32 %sx3, %sx3, 1; or.b32 {d}, %sx2, %sx3",
            elect_invariants,
        )
    }));
    v.push(diverging(Case {
        target: SM90,
        group: None,
        ..form(
            "elect.sync.leader",
            "elect.sync %sx0|%sp0, {m}; selp.u32 %sx1, 0x100, 0, %sp0; or.b32 {d}, %sx0, %sx1",
            sum,
        )
    }));
    v.push(diverging(form("bar.warp.sync", "bar.warp.sync {m}; add.u32 {d}, {a}, {b}", sum)));
    v.push(diverging(form(
        "fence.membar",
        "membar.cta; membar.gl; membar.sys; fence.sc.cta; fence.acq_rel.gpu; fence.sc.sys; fence.acq_rel.cta; \
         fence.proxy.alias; add.u32 {d}, {a}, {b}",
        sum,
    )));
    v.push(diverging(Case {
        target: SM90,
        ..form(
            "fence.sm90",
            "fence.proxy.async; fence.proxy.async.global; fence.proxy.async.shared::cta; fence.acq_rel.cluster; \
             fence.sc.cluster; fence.mbarrier_init.release.cluster; add.u32 {d}, {a}, {b}",
            sum,
        )
    }));
    v.iter_mut().for_each(|c| c.edges = &EDGES[..8]);
    v.iter_mut().for_each(|c| c.result = Res::Int);
    v
}
