//! Linear registers through a term that cancels: nvcc's shared-memory halo tiles store
//! `tile[k / C][k % C]` as `q = k / C` (a multiply-high and shifts), `r = k - C * q` and the
//! address `tile + (C * E) * q + E * r`, which is `tile + E * k` whatever `q` is. `q` and `r`
//! are not linear in the lane, but the address is when `k` is (`linear.rs`).
//!
//! For each 32-bit write of integer arithmetic (`mov`, `add`, `sub`, `shl`, `mul.lo` and
//! `mad.lo` by a constant), [`combos`] expands its operands through the instructions that
//! wrote them into a sum of *leaves* times constants (mod 2^32): a register is expanded when
//! it has one write in the kernel, of that arithmetic, unguarded, with every lane writing it
//! (`together`: no lane keeps an old value), before the read. Any other register is a leaf.
//! The writes involved must run once per pass through the code between the first of them and
//! the expanded write ([`once_per_pass`]: control enters it at its top only, goes forward
//! inside, and never skips one of them), so that every value read is of the same pass, as in
//! nvcc's tile loops, where a branch around the global load separates `q` from the store.
//! `linear::eval` then gives the write the step of the sum: each leaf's step (0 when
//! uniform, the step of a linear one) times its coefficient, when every leaf that is neither
//! has coefficient 0 and one value throughout (one write, unguarded, by every lane, before
//! every read of the expansion): `c * q - c * q` is 0 in every lane whatever `q` holds. This is an identity of wrapping arithmetic, so it holds for any
//! `C`, a signed or unsigned division, negative `k`, and groups wider than `C`; a `C` in a
//! register (`r = k - n * q`) gives no constant coefficient, and the expansion stops there.
//!
//! A quotient by a constant in nvcc's form ([`division`]: a signed multiply-high by a magic
//! number, shifts, the sign's correction) is a leaf named by what it divides and by what:
//! `k / 10 / 10` and `k / 100` are one leaf (C's division truncates, and so does the
//! composition), as in a 3D tile's `tile[k / 100][k / 10 % 10][k % 10]`, when `k` holds one
//! value throughout (no write of it in the pass).

use crate::ir::{BinOp, Func, Op, Src, Sreg, TernOp, UnOp};

/// The most leaves an expansion may reach (a bound on the work, never reached by an index).
const MAX_TERMS: usize = 64;

/// What a leaf is: an operand, or the quotient of an operand by a constant ([`division`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Key {
    Src(Src),
    Div(Src, u32),
}

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

/// The dividend and divisor of the quotient register `q` written at `w`, and the writes that
/// compute it, when they are nvcc's truncating division by a constant `c` (2 to 2^31 - 1):
/// `t = mul.hi.s32 x, M; a = shr.u32 t, 31; b = shr.s32 t, s; q = add.s32 b, a`. That is
/// `x / c` for every 32-bit `x` when `M * c = 2^(32 + s) + e` with `0 < e` and `e * 2^31 <
/// 2^(32 + s)`: then `x * M / 2^(32 + s)` lies within `1 / c` above `x / c` for `x >= 0`
/// (its floor is the quotient) and below it for `x < 0` (its floor plus one is).
/// `single(r, pc)`: the single write of `r` before `pc` that every lane makes.
fn division(f: &Func, w: u32, single: &dyn Fn(u32, u32) -> Option<u32>) -> Option<(Src, u32, [u32; 3])> {
    let op_at = |r: Src, at: u32| match r {
        Src::Reg(r) => single(r, at).map(|pc| (pc, &f.code[pc as usize].op)),
        _ => None,
    };
    let Op::Bin { op: BinOp::Add(32), a, b, .. } = f.code[w as usize].op else { return None };
    for (sign, shifted) in [(a, b), (b, a)] {
        let Some((pa, Op::Bin { op: BinOp::Shr(32, false), a: t1, b: Src::Imm(31), .. })) = op_at(sign, w) else {
            continue;
        };
        let Some((pb, Op::Bin { op: BinOp::Shr(32, true), a: t2, b: Src::Imm(sh), .. })) = op_at(shifted, w) else {
            continue;
        };
        if t1 != t2 || *sh >= 32 {
            continue;
        }
        let Some((pt, &Op::Bin { op: BinOp::MulHi(32, true), a: x, b: m, .. })) = op_at(*t1, pa.min(pb)) else {
            continue;
        };
        let (x, magic) = match (x, m) {
            (x, Src::Imm(m)) | (Src::Imm(m), x) => (x, m as u32),
            _ => continue,
        };
        if magic == 0 || magic >= 1 << 31 {
            continue;
        }
        let two_n = 1u128 << (32 + sh);
        let c = two_n.div_ceil(u128::from(magic));
        let e = u128::from(magic) * c - two_n;
        if (2..1 << 31).contains(&c) && e > 0 && e << 31 < two_n {
            return Some((x, c as u32, [pt, pa, pb]));
        }
    }
    None
}

/// The leaf of the quotient written at `w` ([`division`]), a quotient of a quotient being one
/// of the first dividend by the product of the divisors; pushes the writes that compute it
/// on `writes` and the register it divides, with where it is read, on `dividends`.
fn quotient(
    f: &Func,
    w: u32,
    single: &dyn Fn(u32, u32) -> Option<u32>,
    writes: &mut Vec<u32>,
    dividends: &mut Vec<(u32, u32)>,
) -> Option<Key> {
    let (x, c, ws) = division(f, w, single)?;
    let inner = match x {
        Src::Reg(r) => single(r, ws[0]).and_then(|wx| Some((wx, quotient(f, wx, single, writes, dividends)?))),
        _ => None,
    };
    writes.extend(ws);
    match inner {
        Some((wx, Key::Div(y, c0))) => {
            writes.push(wx);
            let c = c0.checked_mul(c).filter(|&c| c < 1 << 31)?;
            Some(Key::Div(y, c))
        }
        _ => {
            if let Src::Reg(r) = x {
                dividends.push((r, ws[0]));
            }
            Some(Key::Div(x, c))
        }
    }
}

/// The expansions of `f`'s writes (see the module documentation); `together(pc)`: whether
/// every lane of a group writes at `pc` alike.
pub(crate) fn combos(f: &Func, together: &dyn Fn(u32) -> bool) -> Combos {
    let n = f.code.len();
    // One write per register: its pc (`u32::MAX` for more than one); and all of them.
    let mut def = vec![None::<u32>; f.nregs as usize];
    let mut all_defs: Vec<Vec<u32>> = vec![Vec::new(); f.nregs as usize];
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    for (pc, inst) in f.code.iter().enumerate() {
        uses.clear();
        defs.clear();
        crate::analysis::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        for &d in &defs {
            if let Some(slot) = def.get_mut(d as usize) {
                *slot = Some(if slot.is_some() { u32::MAX } else { pc as u32 });
                all_defs[d as usize].push(pc as u32);
            }
        }
    }
    // Every branch (from, to), and the barriers.
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut barriers: Vec<u32> = Vec::new();
    for (pc, inst) in f.code.iter().enumerate() {
        match inst.op.flow() {
            crate::ir::flow::Flow::Jump(t) => edges.push((pc as u32, t)),
            crate::ir::flow::Flow::Table(ts) => edges.extend(ts.iter().map(|&t| (pc as u32, t))),
            _ if matches!(inst.op, Op::Bar { .. }) => barriers.push(pc as u32),
            _ => {}
        }
    }
    // The single write of `r` before `pc` (in order), unguarded and by every lane.
    let single = |r: u32, pc: u32| -> Option<u32> {
        let w = def.get(r as usize).copied().flatten().filter(|&w| w != u32::MAX)?;
        (w < pc && f.code[w as usize].guard.is_none() && together(w)).then_some(w)
    };
    let mut out: Combos = vec![None; n];
    for (pc, inst) in f.code.iter().enumerate() {
        if inst.guard.is_some() {
            continue;
        }
        let Some((_, top)) = terms(f, &inst.op) else { continue };
        // (operand, coefficient, the pc that reads it)
        let mut work: Vec<(Src, u32, u32)> = top.into_iter().map(|(s, c)| (s, c, pc as u32)).collect();
        let mut leaves: Vec<(Key, Src, u32, u32)> = Vec::new();
        let mut writes: Vec<u32> = Vec::new();
        // Registers quotient leaves divide, and where: none may be written between its reads.
        let mut dividends: Vec<(u32, u32)> = Vec::new();
        while let Some((s, c, at)) = work.pop() {
            if leaves.len() + work.len() > MAX_TERMS {
                writes.clear();
                break;
            }
            let w = match s {
                Src::Reg(r) => single(r, at),
                _ => None,
            };
            if let Some(w) = w
                && let Some(key) = quotient(f, w, &single, &mut writes, &mut dividends)
            {
                writes.push(w);
                leaves.push((key, s, c, at));
                continue;
            }
            match w.and_then(|w| Some((w, terms(f, &f.code[w as usize].op)?.1))) {
                Some((w, t)) => {
                    writes.push(w);
                    work.extend(t.into_iter().map(|(s2, c2)| (s2, c.wrapping_mul(c2), w)));
                }
                None => leaves.push((Key::Src(s), s, c, at)),
            }
        }
        if writes.is_empty() {
            continue;
        }
        // Leaves written once before every read of them here may cancel, if their writes
        // join the region.
        let mut merged: Vec<(Key, Leaf, Option<u32>)> = Vec::new();
        for &(key, s, c, _) in &leaves {
            match merged.iter_mut().find(|l| l.0 == key) {
                Some(l) => l.1.coef = l.1.coef.wrapping_add(c),
                None => {
                    let first = leaves.iter().filter(|x| x.0 == key).map(|x| x.3).min().unwrap_or(pc as u32);
                    // A quotient's writes are in `writes` already.
                    let w = match (key, s) {
                        (Key::Src(_), Src::Reg(r)) => single(r, first),
                        _ => None,
                    };
                    let steady = match key {
                        Key::Src(Src::Reg(_)) => w.is_some(),
                        // Its reads are checked below (`dividends`).
                        Key::Div(Src::Reg(_), _) => true,
                        Key::Src(x) | Key::Div(x, _) => constant(x),
                    };
                    merged.push((key, Leaf { src: s, coef: c, steady }, w));
                }
            }
        }
        // Only a leaf whose terms cancel needs one value throughout: its write joins the
        // pass when it can (else it stays a leaf that must be linear or uniform to add 0).
        let cancelling: Vec<u32> = merged.iter().filter(|l| l.1.coef == 0).filter_map(|l| l.2).collect();
        let all: Vec<u32> = writes.iter().chain(&cancelling).copied().collect();
        let kept = |writes: &[u32]| {
            let unwritten = dividends.iter().all(|&(r, _)| {
                let reads = dividends.iter().filter(|x| x.0 == r).map(|x| x.1);
                let (first, last) = (reads.clone().min().unwrap_or(0), reads.max().unwrap_or(0));
                all_defs[r as usize].iter().all(|&d| d < first || d >= last)
            });
            unwritten && once_per_pass(writes, pc as u32, &edges, &barriers)
        };
        if !kept(&all) {
            if !kept(&writes) {
                continue;
            }
            for l in merged.iter_mut().filter(|l| l.1.coef == 0 && l.2.is_some()) {
                l.1.steady = false;
            }
        }
        out[pc] = Some(merged.into_iter().map(|l| l.1).collect());
    }
    out
}

/// Whether operand `x` (not a register) reads the same value wherever a thread reads it: not
/// a clock, a timer or `%warpid`, which may change between two reads.
fn constant(x: Src) -> bool {
    match x {
        Src::Sreg(s) => matches!(s, Sreg::Tid(_) | Sreg::Ntid(_) | Sreg::Ctaid(_) | Sreg::Nctaid(_) | Sreg::Laneid),
        Src::Reg(_) => false,
        Src::Imm(_) | Src::Global(..) | Src::Local(_) => true,
    }
}

/// Whether every run that reaches `at` ran each of `writes` (all before `at`) exactly once
/// since it entered the stretch from the first of them, so that the values `at` reads
/// through them are of one pass: no branch enters the stretch after its first instruction
/// but a forward one from inside it, none of those jumps over a write to a point up to
/// `at`, and no barrier lies inside (lanes wait there in frames).
fn once_per_pass(writes: &[u32], at: u32, edges: &[(u32, u32)], barriers: &[u32]) -> bool {
    let Some(&lo) = writes.iter().min() else { return false };
    let inside = |x: u32| lo < x && x <= at;
    edges
        .iter()
        .all(|&(from, to)| !inside(to) || (lo <= from && from < to && !writes.iter().any(|&w| from < w && w < to)))
        && !barriers.iter().any(|&b| lo <= b && b < at)
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
    .reg .b32 %r<70>;
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
    setp.eq.s32 %p0, %r14, 0;
    @%p0 bra SKIP1;
    st.shared.u32 [%r11], %r1;
SKIP1:
    mad.lo.s32 %r40, %r5, 72, %r8;
    add.s32 %r41, %r40, %r10;
    st.shared.u32 [%r41], %r1;
    @%p0 bra SKIP2;
    mul.lo.s32 %r42, %r5, 18;
    sub.s32 %r43, %r1, %r42;
SKIP2:
    shl.b32 %r44, %r43, 2;
    add.s32 %r46, %r40, %r44;
    st.shared.u32 [%r46], %r1;
    mul.hi.s32 %r47, %r1, 1717986919;
    shr.u32 %r48, %r47, 31;
    shr.s32 %r49, %r47, 2;
    add.s32 %r50, %r49, %r48;
    mul.lo.s32 %r51, %r50, 10;
    sub.s32 %r52, %r1, %r51;
    mul.hi.s32 %r53, %r50, 1717986919;
    shr.u32 %r54, %r53, 31;
    shr.s32 %r55, %r53, 2;
    add.s32 %r56, %r55, %r54;
    mul.lo.s32 %r57, %r56, 10;
    sub.s32 %r32, %r50, %r57;
    mul.hi.s32 %r33, %r1, 1374389535;
    shr.u32 %r34, %r33, 31;
    shr.s32 %r35, %r33, 5;
    add.s32 %r36, %r35, %r34;
    mad.lo.s32 %r37, %r36, 400, %r8;
    mad.lo.s32 %r38, %r32, 40, %r37;
    shl.b32 %r39, %r52, 2;
    add.s32 %r58, %r38, %r39;
    st.shared.u32 [%r58], %r1;
    mul.hi.s32 %r60, %r1, 1374389534;
    shr.u32 %r61, %r60, 31;
    shr.s32 %r62, %r60, 5;
    add.s32 %r63, %r62, %r61;
    mad.lo.s32 %r64, %r63, 400, %r8;
    mad.lo.s32 %r65, %r32, 40, %r64;
    add.s32 %r59, %r65, %r39;
    st.shared.u32 [%r59], %r1;
    mov.u32 %r66, %clock;
    mov.u32 %r67, %clock;
    sub.s32 %r68, %r66, %r67;
    st.shared.u32 [%r11], %r68;
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
        assert_eq!(pattern("%r41"), Some(Linear::Narrow { step: 4 }), "a branch that skips none of its writes");
        assert_eq!(pattern("%r58"), Some(Linear::Narrow { step: 4 }), "k / 10 / 10 is k / 100");
    }

    #[test]
    fn terms_that_do_not_cancel_keep_an_address_lane_by_lane() {
        assert_eq!(pattern("%r13"), None, "tile + 80q + 4(k - 18q): 8q is left");
        assert_eq!(pattern("%r18"), None, "k - n * q with n a parameter: no constant to cancel");
        assert_eq!(pattern("%r25"), None, "72 * this turn's q + 4(k - 18 * the last turn's q)");
        assert_eq!(pattern("%r46"), None, "a branch may skip the remainder's writes");
        assert_eq!(pattern("%r59"), None, "1374389534 is no divisor's magic number");
        assert_eq!(pattern("%r68"), None, "a clock read twice");
    }
}
