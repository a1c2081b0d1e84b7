//! Linear registers through a term that cancels: nvcc's shared-memory halo tiles store
//! `tile[k / C][k % C]` as `q = k / C` (a multiply-high and shifts), `r = k - C * q` and the
//! address `tile + (C * E) * q + E * r`, which is `tile + E * k` whatever `q` is. `q` and `r`
//! are not linear in the lane, but the address is when `k` is (`linear.rs`).
//!
//! For each 32-bit write of integer arithmetic (`mov`, `add`, `sub`, `shl`, `mul.lo` and
//! `mad.lo` by a constant), [`combos`] expands its operands through the instructions that
//! wrote them into a sum of *leaves* times constants (mod 2^32): a register is expanded when
//! it has one write in the kernel, of that arithmetic, unguarded, with every lane writing it
//! (`together`: no lane keeps an old value), earlier in the same straight-line stretch (no
//! label or branch between), so that its value where it is read is that write's. Any other
//! register is a leaf. `linear::eval` then gives the write the step of the sum: each leaf's
//! step (0 when uniform, the step of a linear one) times its coefficient, when every leaf
//! that is neither has coefficient 0 and one value throughout (one write, unguarded, by every
//! lane, in the stretch before every read of the expansion): `c * q - c * q` is 0 in every
//! lane whatever `q` holds. This is an identity of wrapping arithmetic, so it holds for any
//! `C`, a signed or unsigned division, negative `k`, and groups wider than `C`; a `C` in a
//! register (`r = k - n * q`) gives no constant coefficient, and the expansion stops there.

use crate::ir::{BinOp, Func, Op, Src, TernOp, UnOp};

/// The most leaves an expansion may reach (a bound on the work, never reached by an index).
const MAX_TERMS: usize = 64;

/// A leaf of an expansion: an operand whose value is not expanded further, and the sum of
/// its coefficients.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Leaf {
    pub src: Src,
    pub coef: u32,
    /// Whether a register leaf holds one value at every read of the expansion (see the
    /// module documentation): its terms may cancel.
    pub steady: bool,
}

/// Per instruction of a function: the leaves of its write when it expands through some
/// register (see the module documentation); `None` otherwise.
pub(crate) type Combos = Vec<Option<Vec<Leaf>>>;

/// The terms `op` adds up when it writes a 32-bit register from 32-bit operands: its
/// destination and each operand times its coefficient (constants dropped: they have no step).
fn terms(f: &Func, op: &Op) -> Option<(u32, Vec<(Src, u32)>)> {
    let imm = |s: Src| if let Src::Imm(v) = s { Some(v as u32) } else { None };
    let scaled = |a: Src, b: Src| match (imm(a), imm(b)) {
        (_, Some(k)) => Some((a, k)),
        (Some(k), _) => Some((b, k)),
        _ => None,
    };
    let (d, t) = match *op {
        Op::Un { op: UnOp::Mov, d, a } => (d, vec![(a, 1)]),
        Op::Bin { op: BinOp::Add(32), d, a, b } => (d, vec![(a, 1), (b, 1)]),
        Op::Bin { op: BinOp::Sub(32), d, a, b } => (d, vec![(a, 1), (b, u32::MAX)]),
        Op::Bin { op: BinOp::MulLo(32), d, a, b } => (d, vec![scaled(a, b)?]),
        Op::Bin { op: BinOp::Shl(32), d, a, b: Src::Imm(k) } if k < 32 => (d, vec![(a, 1 << k)]),
        Op::Tern { op: TernOp::MadLo(32), d, a, b, c } => (d, vec![scaled(a, b)?, (c, 1)]),
        _ => return None,
    };
    let bits32 = |r: u32| f.reg_bits.get(r as usize) == Some(&32);
    let operands_fit = t.iter().all(|&(s, _)| !matches!(s, Src::Reg(r) if !bits32(r)));
    (bits32(d) && operands_fit).then(|| (d, t.into_iter().filter(|(s, _)| !matches!(s, Src::Imm(_))).collect()))
}

/// The expansions of `f`'s writes (see the module documentation); `together(pc)`: whether
/// every lane of a group writes at `pc` alike.
pub(crate) fn combos(f: &Func, together: &dyn Fn(u32) -> bool) -> Combos {
    let n = f.code.len();
    // One write per register: its pc (`u32::MAX` for more than one).
    let mut def = vec![None::<u32>; f.nregs as usize];
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    for (pc, inst) in f.code.iter().enumerate() {
        uses.clear();
        defs.clear();
        crate::analysis::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        for &d in &defs {
            if let Some(slot) = def.get_mut(d as usize) {
                *slot = Some(if slot.is_some() { u32::MAX } else { pc as u32 });
            }
        }
    }
    // Straight-line stretches: a new one at each branch target and after each instruction
    // that does not go on to the next (or is a barrier, which lanes leave in frames).
    let mut stretch = vec![0u32; n];
    let mut starts = vec![false; n + 1];
    for (pc, inst) in f.code.iter().enumerate() {
        match inst.op.flow() {
            crate::ir::flow::Flow::Jump(t) => {
                starts[(t as usize).min(n)] = true;
                starts[pc + 1] = true;
            }
            crate::ir::flow::Flow::Table(ts) => {
                ts.iter().for_each(|&t| starts[(t as usize).min(n)] = true);
                starts[pc + 1] = true;
            }
            crate::ir::flow::Flow::Leave => starts[pc + 1] = true,
            crate::ir::flow::Flow::Next if matches!(inst.op, Op::Bar { .. }) || inst.guard.is_some() => {
                starts[pc + 1] = true
            }
            crate::ir::flow::Flow::Next => {}
        }
    }
    let mut id = 0;
    for pc in 0..n {
        if starts[pc] {
            id += 1;
        }
        stretch[pc] = id;
    }
    // The single write of `r`, when it is in `pc`'s stretch before `pc`, unguarded and by
    // every lane.
    let steady_def = |r: u32, pc: u32| -> Option<u32> {
        let w = def.get(r as usize).copied().flatten().filter(|&w| w != u32::MAX)?;
        (w < pc && stretch[w as usize] == stretch[pc as usize] && f.code[w as usize].guard.is_none() && together(w))
            .then_some(w)
    };
    let mut out: Combos = vec![None; n];
    for (pc, inst) in f.code.iter().enumerate() {
        if inst.guard.is_some() {
            continue;
        }
        let Some((_, top)) = terms(f, &inst.op) else { continue };
        // (operand, coefficient, the pc that reads it)
        let mut work: Vec<(Src, u32, u32)> = top.into_iter().map(|(s, c)| (s, c, pc as u32)).collect();
        let mut leaves: Vec<(Src, u32, u32)> = Vec::new();
        let mut expanded = false;
        while let Some((s, c, at)) = work.pop() {
            if leaves.len() + work.len() > MAX_TERMS {
                leaves.clear();
                expanded = false;
                break;
            }
            let inner = match s {
                Src::Reg(r) => steady_def(r, at).and_then(|w| Some((w, terms(f, &f.code[w as usize].op)?.1))),
                _ => None,
            };
            match inner {
                Some((w, t)) => {
                    expanded = true;
                    work.extend(t.into_iter().map(|(s2, c2)| (s2, c.wrapping_mul(c2), w)));
                }
                None => leaves.push((s, c, at)),
            }
        }
        if !expanded {
            continue;
        }
        let mut merged: Vec<Leaf> = Vec::new();
        for &(s, c, _) in &leaves {
            match merged.iter_mut().find(|l| l.src == s) {
                Some(l) => l.coef = l.coef.wrapping_add(c),
                None => {
                    // Steady: written once in the stretch before its first read here.
                    let first = leaves.iter().filter(|x| x.0 == s).map(|x| x.2).min().unwrap_or(pc as u32);
                    let steady = match s {
                        Src::Reg(r) => steady_def(r, first).is_some(),
                        _ => true,
                    };
                    merged.push(Leaf { src: s, coef: c, steady });
                }
            }
        }
        out[pc] = Some(merged);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::grouping::Grouping;
    use super::super::lanes::Plan;
    use super::super::linear::Linear;
    use crate::analysis::live::{Liveness, uses_defs};

    /// nvcc's halo-tile store, `tile[k / 18][k % 18] = r` with `k = tid.x + base`: the
    /// quotient by a signed multiply-high (`%r5`), the remainder (`%r7`), the address (`%r11`);
    /// then addresses that must stay lane by lane: `%r13` (a row of 20 words: the quotient's
    /// terms do not cancel), `%r18` (the divisor a parameter), `%r25` (a quotient of the loop's
    /// previous turn read before this turn's is written).
    const TILE: &str = r#"
.version 8.0
.target sm_80
.address_size 64
.visible .entry t(.param .u32 base, .param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<40>;
    .shared .align 4 .b8 tile[4096];
    ld.param.u32 %r30, [base];
    ld.param.u32 %r14, [n];
    mov.u32 %r31, %tid.x;
    add.s32 %r1, %r31, %r30;
    mul.hi.s32 %r2, %r1, 954437177;
    shr.u32 %r3, %r2, 31;
    shr.s32 %r4, %r2, 2;
    add.s32 %r5, %r4, %r3;
    mul.lo.s32 %r6, %r5, 18;
    sub.s32 %r7, %r1, %r6;
    mov.u32 %r8, tile;
    mad.lo.s32 %r9, %r5, 72, %r8;
    shl.b32 %r10, %r7, 2;
    add.s32 %r11, %r9, %r10;
    st.shared.u32 [%r11], %r7;
    mad.lo.s32 %r12, %r5, 80, %r8;
    add.s32 %r13, %r12, %r10;
    st.shared.u32 [%r13], %r7;
    mul.lo.s32 %r15, %r5, %r14;
    sub.s32 %r16, %r1, %r15;
    shl.b32 %r17, %r16, 2;
    add.s32 %r18, %r9, %r17;
    st.shared.u32 [%r18], %r7;
    mov.u32 %r20, 0;
LOOP:
    mul.lo.s32 %r21, %r22, 18;
    sub.s32 %r23, %r1, %r21;
    shl.b32 %r24, %r23, 2;
    mul.hi.s32 %r22, %r1, 954437177;
    mad.lo.s32 %r26, %r22, 72, %r8;
    add.s32 %r25, %r26, %r24;
    st.shared.u32 [%r25], %r7;
    add.s32 %r20, %r20, 1;
    setp.lt.u32 %p1, %r20, 2;
    @%p1 bra LOOP;
    ret;
}
"#;

    /// The lane-phase pattern of the register `name` of `TILE` (rows of lanes).
    fn pattern(name: &str) -> Option<Linear> {
        let p = crate::Program::from_ptx(TILE).expect("load");
        let f = p.funcs[0].as_ref().expect("decoded");
        let plan = Plan::of(f, &Liveness::of(f), Grouping::Rows).expect("a lane phase");
        let pc = f
            .info
            .iter()
            .position(|i| {
                i.text.split(|c: char| c == ',' || c.is_whitespace()).any(|w| w == name) && {
                    let first = i.text.split(',').next().unwrap_or("");
                    first.trim_end().ends_with(name)
                }
            })
            .expect("a write");
        let mut defs = Vec::new();
        uses_defs(&f.code[pc].op, f.nregs, &mut Vec::new(), &mut defs);
        plan.linear[defs[0] as usize]
    }

    #[test]
    fn a_tile_address_of_a_quotient_and_remainder_is_linear() {
        assert_eq!(pattern("%r11"), Some(Linear::Narrow { step: 4 }), "tile + 72q + 4(k - 18q) = tile + 4k");
        assert_eq!(pattern("%r1"), Some(Linear::Narrow { step: 1 }));
        assert_eq!(pattern("%r5"), None, "the quotient is not");
        assert_eq!(pattern("%r7"), None, "nor the remainder");
    }

    #[test]
    fn terms_that_do_not_cancel_keep_an_address_lane_by_lane() {
        assert_eq!(pattern("%r13"), None, "tile + 80q + 4(k - 18q): 8q is left");
        assert_eq!(pattern("%r18"), None, "k - n * q with n a parameter: no constant to cancel");
        assert_eq!(pattern("%r25"), None, "72 * this turn's q + 4(k - 18 * the last turn's q)");
    }
}
