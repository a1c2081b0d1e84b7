//! Warp collectives with member masks, converged (every lane) and diverged (the odd lanes, mask
//! `0xaaaaaaaa`): `shfl.sync` in each mode over source lanes and packed clamp/segment operands,
//! its predicate; `vote.sync` with plain and negated predicates; `match.{any,all}.sync` on 32
//! and 64 bits; `redux.sync`; `activemask`; `%laneid` and the `%lanemask_*` registers. Each
//! model follows the PTX ISA's text, with a lane's result `None` where the ISA calls it
//! undefined (a source lane that is inactive or outside the mask).

use super::leak;
use crate::{Case, Group, GroupModel, Res, mask, sext};

/// Values shuffled and voted on: each thread's is this plus its linear id times an odd
/// constant (`SPREAD`), so that every lane's differs.
const VALUES: &[u64] = &[0, 1, 0x8000_0000, 0xffff_ffff];
const SPREAD: u64 = 0x9e37_79b9;

/// Source lanes and lane offsets: in range, at the segment and warp ends, past them, bits above
/// the low five.
const LANES: &[u64] = &[0, 1, 2, 3, 7, 8, 15, 16, 17, 30, 31, 32, 33, 0x3f, 0xffff_ffff, 0x8000_0010];

/// `c` operands: clamps 31, 0, 15, 7 with segment masks for widths 32, 16, 8, 4, 2, 1, and odd
/// ones (a clamp inside a segment, bits past the fields).
const CLAMPS: &[u64] = &[
    0x1f,
    0,
    0x101f,
    0x181f,
    0x1c1f,
    0x1e1f,
    0x1f1f,
    0x1000,
    0x1800,
    0x1f00,
    0x0f,
    0x7,
    0x1010,
    0x81f,
    0xffff_ffff,
    0x3f,
];

/// Whether lane `j` of thread `g.t`'s warp executes the slot and is in its mask.
fn member(g: &Group<'_>, j: usize) -> bool {
    g.active[g.warp().start + j] && g.member_mask() >> j & 1 == 1
}

/// The value thread `t` shuffles: its `a` plus `t` times `SPREAD`.
fn shuffled(g: &Group<'_>, t: usize) -> u64 {
    g.lanes[t].0.wrapping_add(t as u64 * SPREAD) & 0xffff_ffff
}

/// `shfl.sync` (mode 0 up, 1 down, 2 bfly, 3 idx) per the ISA's pseudocode: the value (or,
/// with `PRED`, the predicate `p`) of thread `g.t`.
fn shfl<const MODE: u8, const PRED: bool>(g: &Group<'_>) -> Option<u64> {
    let lane = (g.t % 32) as i64;
    let (_, b, c) = g.lanes[g.t];
    let (bval, cval, segmask) = ((b & 0x1f) as i64, (c & 0x1f) as i64, ((c >> 8) & 0x1f) as i64);
    let max_lane = (lane & segmask) | (cval & !segmask);
    let min_lane = lane & segmask;
    let (j, pval) = match MODE {
        0 => (lane - bval, lane - bval >= max_lane),
        1 => (lane + bval, lane + bval <= max_lane),
        2 => (lane ^ bval, (lane ^ bval) <= max_lane),
        _ => {
            let j = min_lane | (bval & !segmask);
            (j, j <= max_lane)
        }
    };
    if PRED {
        return Some(u64::from(pval));
    }
    let j = if pval { j as usize } else { lane as usize };
    // Sourcing from an inactive lane or one outside the mask: undefined (the H200 gives 0,
    // which the engines follow).
    member(g, j).then(|| shuffled(g, g.warp().start + j))
}

/// The predicate `vote` sees in thread `t`: `(a & b) != 0`, negated with `NEG`.
fn vote_pred<const NEG: bool>(g: &Group<'_>, t: usize) -> bool {
    let (a, b, _) = g.lanes[t];
    (a & b & 0xffff_ffff != 0) != NEG
}

/// `vote.sync` (0 all, 1 any, 2 uni, 3 ballot) over the members of thread `g.t`'s warp.
fn vote<const MODE: u8, const NEG: bool>(g: &Group<'_>) -> Option<u64> {
    let members: Vec<usize> = (0..32).filter(|&j| member(g, j)).collect();
    let preds: Vec<bool> = members.iter().map(|&j| vote_pred::<NEG>(g, g.warp().start + j)).collect();
    Some(match MODE {
        0 => u64::from(preds.iter().all(|&p| p)),
        1 => u64::from(preds.iter().any(|&p| p)),
        2 => u64::from(preds.iter().all(|&p| p == preds[0])),
        _ => members.iter().zip(&preds).filter(|(_, p)| **p).fold(0, |m, (&j, _)| m | 1 << j),
    })
}

/// The value `match` compares in thread `t`: `a ^ (b & 3)`, with `(b & 4)` as the upper word
/// for 64 bits.
fn match_value<const WIDE: bool>(g: &Group<'_>, t: usize) -> u64 {
    let (a, b, _) = g.lanes[t];
    let low = (a ^ (b & 3)) & 0xffff_ffff;
    if WIDE { low | (b & 4) << 32 } else { low }
}

/// `match.any.sync`: the members whose value equals thread `g.t`'s.
fn match_any<const WIDE: bool>(g: &Group<'_>) -> Option<u64> {
    let mine = match_value::<WIDE>(g, g.t);
    let w = g.warp().start;
    Some((0..32).filter(|&j| member(g, j) && match_value::<WIDE>(g, w + j) == mine).fold(0, |m, j| m | 1 << j))
}

/// `match.all.sync` with its predicate in the upper word: the member mask and 1 when every
/// member's value is equal, else 0 and 0.
fn match_all<const WIDE: bool>(g: &Group<'_>) -> Option<u64> {
    let mine = match_value::<WIDE>(g, g.t);
    let w = g.warp().start;
    let all = (0..32).filter(|&j| member(g, j)).all(|j| match_value::<WIDE>(g, w + j) == mine);
    Some(if all { u64::from(g.member_mask()) | 1 << 32 } else { 0 })
}

/// `redux.sync` (0 add, 1 min, 2 max, 3 and, 4 or, 5 xor; `SIGNED` for `.s32`) of the members'
/// `a + b`.
fn redux<const OP: u8, const SIGNED: bool>(g: &Group<'_>) -> Option<u64> {
    let w = g.warp().start;
    let values = (0..32).filter(|&j| member(g, j)).map(|j| {
        let (a, b, _) = g.lanes[w + j];
        a.wrapping_add(b) & 0xffff_ffff
    });
    let key = |v: u64| if SIGNED { sext(v, 32) } else { v as i64 };
    let r = match OP {
        0 => values.fold(0u64, u64::wrapping_add),
        1 => values.min_by_key(|&v| key(v))?,
        2 => values.max_by_key(|&v| key(v))?,
        3 => values.fold(0xffff_ffff, |x, y| x & y),
        4 => values.fold(0, |x, y| x | y),
        _ => values.fold(0, |x, y| x ^ y),
    };
    Some(r & mask(32))
}

/// `%lanemask_*` (0 eq, 1 lt, 2 le, 3 gt, 4 ge), 5 `%laneid`, 6 `activemask`.
fn lane_register<const WHICH: u8>(g: &Group<'_>) -> Option<u64> {
    let lane = g.t % 32;
    let bit = 1u64 << lane;
    Some(match WHICH {
        0 => bit,
        1 => bit - 1,
        2 => (bit << 1) - 1,
        3 => !((bit << 1) - 1) & 0xffff_ffff,
        4 => !(bit - 1) & 0xffff_ffff,
        5 => lane as u64,
        _ => u64::from(g.member_mask()),
    })
}

/// A collective form: `text` over `a`, `b`, `c` of 32 bits with result width `dw`.
fn form(op: &'static str, dw: u32, text: &'static str, group: GroupModel) -> Case {
    Case {
        edges: VALUES,
        b_edges: Some(LANES),
        c_edges: CLAMPS,
        arity: 3,
        text: Some(text),
        group: Some(group),
        result: Res::Int,
        ..Case::int(op, 32, dw, |_, _, _, _| None)
    }
}

/// Every collective form.
pub fn cases() -> Vec<Case> {
    let mut v = Vec::new();
    let spread = "mad.lo.u32 %sx1, %t3, 0x9e3779b9, {a}";
    let modes: [(&str, GroupModel, GroupModel); 4] = [
        ("up", shfl::<0, false>, shfl::<0, true>),
        ("down", shfl::<1, false>, shfl::<1, true>),
        ("bfly", shfl::<2, false>, shfl::<2, true>),
        ("idx", shfl::<3, false>, shfl::<3, true>),
    ];
    for (mode, value, pred) in modes {
        let op = leak(format!("shfl.sync.{mode}.b32"));
        let text = leak(format!("{spread}; {op} {{d}}, %sx1, {{b}}, {{c}}, {{m}}"));
        v.push(Case { imms: &[1, 17], ..form(op, 32, text, value) });
        let text = leak(format!("{spread}; {op} %sx2|%sp0, %sx1, {{b}}, {{c}}, {{m}}; selp.u32 {{d}}, 1, 0, %sp0"));
        v.push(Case { imms: &[0x1f], imm_at: 2, ..form(leak(format!("{op}|p")), 32, text, pred) });
    }
    let pred = "and.b32 %sx0, {a}, {b}; setp.ne.u32 %sp0, %sx0, 0";
    let votes: [(&str, &str, GroupModel); 6] = [
        ("all", "%sp0", vote::<0, false>),
        ("any", "!%sp0", vote::<1, true>),
        ("uni", "%sp0", vote::<2, false>),
        ("all", "!%sp0", vote::<0, true>),
        ("ballot", "%sp0", vote::<3, false>),
        ("ballot", "!%sp0", vote::<3, true>),
    ];
    for (mode, p, model) in votes {
        let text = if mode == "ballot" {
            leak(format!("{pred}; vote.sync.ballot.b32 {{d}}, {p}, {{m}}"))
        } else {
            leak(format!("{pred}; vote.sync.{mode}.pred %sp1, {p}, {{m}}; selp.u32 {{d}}, 1, 0, %sp1"))
        };
        let op = leak(format!("vote.sync.{mode}{}", if p.starts_with('!') { ".not" } else { "" }));
        v.push(form(op, 32, text, model));
    }
    let value32 = "and.b32 %sx0, {b}, 3; xor.b32 %sx0, %sx0, {a}";
    let value64 = "and.b32 %sx0, {b}, 3; xor.b32 %sx0, %sx0, {a}; and.b32 %sx1, {b}, 4; mov.b64 %sy0, {%sx0, %sx1}";
    v.push(form(
        "match.any.sync.b32",
        32,
        leak(format!("{value32}; match.any.sync.b32 {{d}}, %sx0, {{m}}")),
        match_any::<false>,
    ));
    v.push(form(
        "match.any.sync.b64",
        32,
        leak(format!("{value64}; match.any.sync.b64 {{d}}, %sy0, {{m}}")),
        match_any::<true>,
    ));
    v.push(form(
        "match.all.sync.b32",
        64,
        leak(format!("{value32}; match.all.sync.b32 %sx2|%sp0, %sx0, {{m}}; selp.u32 %sx3, 1, 0, %sp0; mov.b64 {{d}}, {{%sx2, %sx3}}")),
        match_all::<false>,
    ));
    v.push(form(
        "match.all.sync.b64",
        64,
        leak(format!("{value64}; match.all.sync.b64 %sx2|%sp0, %sy0, {{m}}; selp.u32 %sx3, 1, 0, %sp0; mov.b64 {{d}}, {{%sx2, %sx3}}")),
        match_all::<true>,
    ));
    let reduxes: [(&str, GroupModel); 9] = [
        ("add.u32", redux::<0, false>),
        ("add.s32", redux::<0, true>),
        ("min.u32", redux::<1, false>),
        ("min.s32", redux::<1, true>),
        ("max.u32", redux::<2, false>),
        ("max.s32", redux::<2, true>),
        ("and.b32", redux::<3, false>),
        ("or.b32", redux::<4, false>),
        ("xor.b32", redux::<5, false>),
    ];
    for (op, model) in reduxes {
        let op = leak(format!("redux.sync.{op}"));
        v.push(form(op, 32, leak(format!("add.u32 %sx0, {{a}}, {{b}}; {op} {{d}}, %sx0, {{m}}")), model));
    }
    let registers: [(&str, GroupModel); 7] = [
        ("%lanemask_eq", lane_register::<0>),
        ("%lanemask_lt", lane_register::<1>),
        ("%lanemask_le", lane_register::<2>),
        ("%lanemask_gt", lane_register::<3>),
        ("%lanemask_ge", lane_register::<4>),
        ("%laneid", lane_register::<5>),
        ("activemask", lane_register::<6>),
    ];
    for (name, model) in registers {
        let text = if name == "activemask" { "activemask.b32 {d}" } else { leak(format!("mov.u32 {{d}}, {name}")) };
        // One round, no immediates: the operands do not matter.
        v.push(Case {
            edges: &[0],
            b_edges: Some(&[0]),
            c_edges: &[0],
            ..form(leak(format!("mov.u32.{name}")), 32, text, model)
        });
    }
    v
}
