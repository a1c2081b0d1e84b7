//! Linear registers of the lane phase: registers whose lane `l` is lane 0's value plus a
//! step times `l` that the translation knows, as `threadIdx.x`, `blockIdx.x * blockDim.x +
//! threadIdx.x` and the addresses nvcc derives from them (`mul.wide.s32`, `add.s64`). Such a
//! register is a C scalar (lane 0's value), not an array of [`super::WIDTH`] lanes: a lane's
//! value is an expression of `l` the compiler folds into vector code, an address's first and
//! last lane are two scalar expressions (an access needs no per-lane comparison to know its
//! lanes consecutive), and no lane array is kept on the stack between lane loops.
//!
//! A 64-bit register made from a 32-bit one (`mul.wide.s32 %rd, %r, 4`) is linear only while
//! the 32-bit lanes do not wrap around; it keeps the 32-bit lane 0's value (its *seed*) so that
//! every lane's value stays exact when they do: lane `l` holds
//! `base + (ext(seed + from * l) - ext(seed)) * scale + step * l` (`ext`: the sign or zero
//! extension of 32 bits), which is `base + (from * scale + step) * l` without a wrap.
//!
//! A register is linear when every instruction that writes it is integer arithmetic of the
//! forms of `eval` over linear and group-uniform operands (`lanes::Plan::uniform`) giving one
//! pattern; runs for every lane of the group together (unguarded or under a uniform guard,
//! and no lane waits where the register is live: `lanes::Plan::protected`); and when it is
//! not read before its first write (it starts at 0 in every lane). Across a barrier a linear
//! register lives in its threads' frames and comes back from its first waiting lane's (less
//! that lane's steps): not one with a seed, which frames do not keep (`lanes::Plan::of`).
//! The facts are found optimistically (a loop's `i += blockDim.x` keeps `i` linear) and
//! refined to a fixpoint. A 32-bit write of other registers is linear too when it is a sum of
//! linear and uniform ones in which the others cancel (`affine.rs`: `tile + 72 * q + 4 * (k -
//! 18 * q)`, the address of `tile[k / 18][k % 18]`).

use super::affine::{Combos, Leaf};
use crate::ir::{BinOp, Func, Op, Src, Sreg, TernOp, UnOp};
use ptx::types::TypeKind;

/// How a linear register's lanes follow lane 0 (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Linear {
    /// A register 32 bits wide: lane `l` holds `base + step * l` (mod 2^32).
    Narrow { step: u32 },
    /// A 64-bit register: lane `l` holds `base + (ext(seed + from * l) - ext(seed)) * scale +
    /// step * l` (mod 2^64); without `ext`, `base + step * l`.
    Wide { ext: Option<Ext>, from: u32, scale: u64, step: u64 },
}

/// How a 32-bit value became 64 bits wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ext {
    Sign,
    Zero,
}

/// Where the seed of a write of a [`Linear::Wide`] register with an extension comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Seed {
    /// The low 32 bits of lane 0 of this operand (the write extends it).
    Take(Src),
    /// The seed of this linear register (the write adds to it, scales it or copies it).
    Copy(u32),
}

impl Linear {
    /// The step from one lane to the next when no 32-bit lane wraps around (for an address:
    /// the element size when the lanes are side by side).
    pub(crate) fn lane_step(self) -> u64 {
        match self {
            Linear::Narrow { step } => u64::from(step),
            Linear::Wide { ext: None, step, .. } => step,
            Linear::Wide { from, scale, step, .. } => u64::from(from).wrapping_mul(scale).wrapping_add(step),
        }
    }

    /// Whether the difference of two lanes' values is their distance times
    /// [`Linear::lane_step`] exactly when the lanes between them follow the step, over
    /// 16 lanes (as an address, zero-extended from 32 bits when `Narrow`): at most one 32-bit
    /// wrap-around fits in 16 lanes, and it changes the difference.
    pub(crate) fn ends_decide(self) -> bool {
        let small = |s: u32| u64::from((s as i32).unsigned_abs()) * 15 < 1 << 31;
        match self {
            Linear::Narrow { step } => small(step),
            Linear::Wide { ext: None, .. } => true,
            Linear::Wide { from, scale, .. } => small(from) && scale & 0xffff_ffff != 0,
        }
    }
}

/// An operand's lanes as far as the analysis knows them.
#[derive(Clone, Copy)]
enum Val {
    /// The same in every lane.
    Uniform,
    /// `%tid.x`: `tx0 + l` (below 2^32 in every lane).
    Lane,
    /// A linear register, and the seed a write of it passes on.
    Lin(Linear, Option<Seed>),
    /// A register whose fact is not evaluated yet.
    Later,
    Other,
}

/// What the analysis knows about a register so far.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Fact {
    /// No write of it evaluated yet (optimistic).
    Unset,
    Is(Linear),
    Not,
}

/// Per register of `f`: its pattern when linear (see the module documentation). `uniform`:
/// the group-uniform registers; `excluded`: registers that may not be linear (read before
/// written, or seeded and live across a barrier); `together(pc, r)`: whether the instruction at
/// `pc` writes register `r` in every lane of the group alike (no lane-dependent guard, no lane
/// waiting where it writes); `combos`: the writes' expansions (`affine::combos`); `split`: per
/// register, where it becomes an array (`split.rs`): its writes from there on do not count, and
/// reads from there on are of no pattern.
pub(crate) fn linear_regs(
    f: &Func,
    uniform: &[bool],
    excluded: &[bool],
    together: &dyn Fn(u32, u32) -> bool,
    combos: &Combos,
    split: &[Option<u32>],
) -> Vec<Option<Linear>> {
    let n = f.nregs as usize;
    let mut fact: Vec<Fact> = (0..n)
        .map(|r| {
            if uniform.get(r).copied().unwrap_or(true) || excluded.get(r).copied().unwrap_or(true) {
                Fact::Not
            } else {
                Fact::Unset
            }
        })
        .collect();
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    loop {
        let mut changed = false;
        for (pc, inst) in f.code.iter().enumerate() {
            uses.clear();
            defs.clear();
            crate::analysis::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
            for &d in &defs {
                let Some(cur) = fact.get(d as usize).copied() else { continue };
                if cur == Fact::Not || super::split::is_array_at(split, d, pc as u32) {
                    continue;
                }
                let new = if defs.len() != 1 || !together(pc as u32, d) {
                    Some(Fact::Not)
                } else {
                    let combo = combos.get(pc).and_then(Option::as_deref);
                    match eval(f, pc as u32, &inst.op, &fact, uniform, combo, split) {
                        Some((Val::Lin(p, _), _)) => Some(Fact::Is(p)),
                        Some((Val::Later, _)) => None,
                        _ => Some(Fact::Not),
                    }
                };
                let merged = match (cur, new) {
                    (c, None) => c,
                    (Fact::Unset, Some(x)) => x,
                    (Fact::Is(a), Some(Fact::Is(b))) if a == b => cur,
                    _ => Fact::Not,
                };
                if merged != cur {
                    fact[d as usize] = merged;
                    changed = true;
                }
            }
        }
        if !changed {
            return fact.into_iter().map(|x| if let Fact::Is(p) = x { Some(p) } else { None }).collect();
        }
    }
}

/// The pattern and seed of the linear register `op` (at `pc`) writes (given the final facts
/// `linear`, the write's expansion `combo` and the registers' splits `split`), `None` when it
/// writes none (a split register's write from its split on is to its array).
pub(crate) fn linear_write(
    f: &Func,
    pc: u32,
    op: &Op,
    linear: &[Option<Linear>],
    uniform: &[bool],
    combo: Option<&[Leaf]>,
    split: &[Option<u32>],
) -> Option<(Linear, Option<Seed>)> {
    let fact: Vec<Fact> = linear.iter().map(|p| p.map_or(Fact::Not, Fact::Is)).collect();
    match eval(f, pc, op, &fact, uniform, combo, split) {
        Some((Val::Lin(p, seed), d))
            if linear.get(d as usize).copied().flatten() == Some(p) && !super::split::is_array_at(split, d, pc) =>
        {
            Some((p, seed))
        }
        _ => None,
    }
}

/// The lanes of the register `op` (at `pc`) writes, and that register; `None` for any other
/// instruction than the integer arithmetic linear registers come from. `combo`: the write's
/// expansion (`affine.rs`), which decides when its operands alone do not; `split`: where
/// registers become arrays (`split.rs`).
fn eval(
    f: &Func,
    pc: u32,
    op: &Op,
    fact: &[Fact],
    uniform: &[bool],
    combo: Option<&[Leaf]>,
    split: &[Option<u32>],
) -> Option<(Val, u32)> {
    let val = |s: Src| -> Val {
        match s {
            // An expansion's leaves are read at `pc` or before: a split register read at `pc`
            // from its split on has no pattern, nor (conservatively) one read before it.
            Src::Reg(r) if super::split::is_array_at(split, r, pc) => Val::Other,
            Src::Imm(_) | Src::Global(..) | Src::Local(_) => Val::Uniform,
            Src::Sreg(Sreg::Tid(0)) => Val::Lane,
            Src::Sreg(r) if super::grouping::Grouping::Rows.uniform_sreg(r) => Val::Uniform,
            Src::Reg(r) if uniform.get(r as usize).copied().unwrap_or(false) => Val::Uniform,
            Src::Reg(r) => match fact.get(r as usize) {
                Some(Fact::Is(p)) => Val::Lin(*p, p_seed(*p, r)),
                Some(Fact::Unset) => Val::Later,
                _ => Val::Other,
            },
            Src::Sreg(_) => Val::Other,
        }
    };
    let imm = |s: Src| if let Src::Imm(v) = s { Some(v) } else { None };
    let (d, v) = match *op {
        Op::Un { op: UnOp::Mov, d, a } => (d, if f.narrow(d) { narrow(val(a)) } else { wide(val(a), a) }),
        Op::Bin { op: BinOp::Add(32), d, a, b } if f.narrow(d) => (d, sum32(narrow(val(a)), narrow(val(b)), false)),
        Op::Bin { op: BinOp::Sub(32), d, a, b } if f.narrow(d) => (d, sum32(narrow(val(a)), narrow(val(b)), true)),
        Op::Bin { op: BinOp::MulLo(32), d, a, b } if f.narrow(d) => (d, product32(val(a), imm(a), val(b), imm(b))),
        Op::Bin { op: BinOp::Shl(32), d, a, b: Src::Imm(k) } if f.narrow(d) && k < 32 => {
            (d, scale32(narrow(val(a)), 1 << k))
        }
        Op::Tern { op: TernOp::MadLo(32), d, a, b, c } if f.narrow(d) => {
            (d, sum32(product32(val(a), imm(a), val(b), imm(b)), narrow(val(c)), false))
        }
        // `a | c` with `c` below a power of two that divides every value of `a` is `a + c`
        // (nvcc writes `2t + 1` as `(t << 1) | 1`).
        Op::Bin { op: BinOp::Or(32), d, a, b: Src::Imm(c) }
            if f.narrow(d)
                && matches!(val(a), Val::Lin(..) | Val::Lane)
                && c < 1u64 << zero_low_bits(f, a, ZERO_BITS_DEPTH) =>
        {
            (d, sum32(narrow(val(a)), narrow(Val::Uniform), false))
        }
        Op::Bin { op: BinOp::Add(64), d, a, b } if !f.narrow(d) => (d, sum64(wide(val(a), a), wide(val(b), b), false)),
        Op::Bin { op: BinOp::Sub(64), d, a, b } if !f.narrow(d) => (d, sum64(wide(val(a), a), wide(val(b), b), true)),
        Op::Bin { op: BinOp::MulLo(64), d, a, b: Src::Imm(k) } if !f.narrow(d) => (d, scale64(wide(val(a), a), k)),
        Op::Bin { op: BinOp::Shl(64), d, a, b: Src::Imm(k) } if !f.narrow(d) && k < 64 => {
            (d, scale64(wide(val(a), a), 1 << k))
        }
        Op::Bin { op: BinOp::MulWide(32, signed), d, a, b: Src::Imm(k) } if !f.narrow(d) => {
            let scale = if signed { k as u32 as i32 as i64 as u64 } else { k & 0xffff_ffff };
            (d, extend(narrow(val(a)), a, signed, scale))
        }
        // `cvt.s64.s32`, `cvt.u64.u32` and the like: an extension of the low 32 bits.
        Op::Un { op: UnOp::Cvt(c), d, a }
            if !(f.narrow(d) || c.sat || c.relu || c.satfinite)
                && c.from.size() == 4
                && c.to.size() == 8
                && [c.from.kind(), c.to.kind()]
                    .iter()
                    .all(|k| matches!(k, TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed)) =>
        {
            (d, extend(narrow(val(a)), a, c.from.kind() == TypeKind::Signed, 1))
        }
        // Other arithmetic, the other register operations and every other instruction: no
        // linear register comes from them.
        Op::Un { .. }
        | Op::Bin { .. }
        | Op::Tern { .. }
        | Op::Setp { .. }
        | crate::ir::non_arith_register_ops!()
        | crate::ir::non_register_ops!() => return None,
    };
    let v = match (v, combo) {
        (Val::Other, Some(leaves)) => sum_of(leaves, &val),
        (v, _) => v,
    };
    Some((v, d))
}

/// How many writes deep [`zero_low_bits`] follows a register's definitions.
const ZERO_BITS_DEPTH: u32 = 3;

/// How many low bits are zero in every 32-bit value of `s` (at most 32), as far as the writes of
/// its register, `depth` deep, show: shifts left, products and `and`s by constants, sums of such.
fn zero_low_bits(f: &Func, s: Src, depth: u32) -> u32 {
    let reg = match s {
        Src::Imm(v) => return (v as u32).trailing_zeros(),
        Src::Reg(r) if depth > 0 => r,
        _ => return 0,
    };
    let (mut uses, mut defs) = (Vec::new(), Vec::new());
    // A register no instruction writes is not known (it holds what a launch put there).
    let mut known = None;
    for inst in &f.code {
        uses.clear();
        defs.clear();
        crate::analysis::live::uses_defs(&inst.op, f.nregs, &mut uses, &mut defs);
        if !defs.contains(&reg) {
            continue;
        }
        let z = |x: Src| zero_low_bits(f, x, depth - 1);
        let this = match inst.op {
            Op::Un { op: UnOp::Mov, a, .. } => z(a),
            Op::Bin { op: BinOp::Shl(32), a, b: Src::Imm(k), .. } if k < 32 => (z(a) + k as u32).min(32),
            Op::Bin { op: BinOp::MulLo(32), a, b, .. } => (z(a) + z(b)).min(32),
            Op::Bin { op: BinOp::And(32), a, b, .. } => z(a).max(z(b)),
            Op::Bin { op: BinOp::Add(32) | BinOp::Sub(32) | BinOp::Or(32), a, b, .. } => z(a).min(z(b)),
            Op::Tern { op: TernOp::MadLo(32), a, b, c, .. } => (z(a) + z(b)).min(32).min(z(c)),
            _ => 0,
        };
        let k = known.map_or(this, |k: u32| k.min(this));
        known = Some(k);
        if k == 0 {
            break;
        }
    }
    known.unwrap_or(0)
}

/// A 32-bit sum of `leaves` (`affine.rs`) given each leaf's lanes (`val`): linear when every
/// leaf is linear or uniform, or adds nothing in any lane (coefficient 0, one value).
fn sum_of(leaves: &[Leaf], val: &dyn Fn(Src) -> Val) -> Val {
    let mut step = 0u32;
    let mut later = false;
    for l in leaves {
        if l.coef == 0 && l.steady {
            continue;
        }
        match narrow(val(l.src)) {
            Val::Lin(Linear::Narrow { step: s }, _) => step = step.wrapping_add(l.coef.wrapping_mul(s)),
            Val::Later => later = true,
            _ => return Val::Other,
        }
    }
    if later { Val::Later } else { Val::Lin(Linear::Narrow { step }, None) }
}

/// The 64-bit extension (signed or not) of 32-bit operand `a` (its lanes `v`) times `scale`.
fn extend(v: Val, a: Src, signed: bool, scale: u64) -> Val {
    let ext = if signed { Ext::Sign } else { Ext::Zero };
    match v {
        Val::Lin(Linear::Narrow { step }, _) => {
            Val::Lin(Linear::Wide { ext: Some(ext), from: step, scale, step: 0 }, Some(Seed::Take(a)))
        }
        x => x,
    }
}

/// The seed a read of linear register `r` passes on.
fn p_seed(p: Linear, r: u32) -> Option<Seed> {
    matches!(p, Linear::Wide { ext: Some(_), .. }).then_some(Seed::Copy(r))
}

/// An operand's low 32 bits (a 64-bit value's low half follows its [`Linear::lane_step`]:
/// an extension does not change the low 32 bits).
fn narrow(v: Val) -> Val {
    match v {
        Val::Lane => Val::Lin(Linear::Narrow { step: 1 }, None),
        Val::Lin(p, _) => Val::Lin(Linear::Narrow { step: p.lane_step() as u32 }, None),
        Val::Uniform => Val::Lin(Linear::Narrow { step: 0 }, None),
        x => x,
    }
}

/// An operand as 64 bits: a 32-bit register is zero-extended (`src`: the operand, whose
/// lane 0 seeds the extension).
fn wide(v: Val, src: Src) -> Val {
    match v {
        Val::Lane => Val::Lin(Linear::Wide { ext: None, from: 0, scale: 0, step: 1 }, None),
        Val::Uniform => Val::Lin(Linear::Wide { ext: None, from: 0, scale: 0, step: 0 }, None),
        Val::Lin(Linear::Narrow { step }, _) => {
            Val::Lin(Linear::Wide { ext: Some(Ext::Zero), from: step, scale: 1, step: 0 }, Some(Seed::Take(src)))
        }
        x => x,
    }
}

fn sum32(a: Val, b: Val, neg: bool) -> Val {
    match (a, b) {
        (Val::Later, _) | (_, Val::Later) => Val::Later,
        (Val::Lin(Linear::Narrow { step: x }, _), Val::Lin(Linear::Narrow { step: y }, _)) => {
            let step = if neg { x.wrapping_sub(y) } else { x.wrapping_add(y) };
            Val::Lin(Linear::Narrow { step }, None)
        }
        _ => Val::Other,
    }
}

fn scale32(a: Val, k: u32) -> Val {
    match a {
        Val::Lin(Linear::Narrow { step }, _) => Val::Lin(Linear::Narrow { step: step.wrapping_mul(k) }, None),
        x => x,
    }
}

/// `a * b` (32 bits) when one side is a constant or both are uniform.
fn product32(a: Val, ka: Option<u64>, b: Val, kb: Option<u64>) -> Val {
    match (a, b, ka, kb) {
        (Val::Later, ..) | (_, Val::Later, ..) => Val::Later,
        (Val::Uniform, Val::Uniform, ..) => narrow(Val::Uniform),
        (x, _, _, Some(k)) | (_, x, Some(k), _) => scale32(narrow(x), k as u32),
        _ => Val::Other,
    }
}

fn sum64(a: Val, b: Val, neg: bool) -> Val {
    match (a, b) {
        (Val::Later, _) | (_, Val::Later) => Val::Later,
        (
            Val::Lin(Linear::Wide { ext: ea, from: fa, scale: sa, step: ta }, seed_a),
            Val::Lin(Linear::Wide { ext: eb, from: fb, scale: sb, step: tb }, seed_b),
        ) => {
            let (ext, from, scale, seed) = match (ea, eb) {
                (Some(_), Some(_)) => return Val::Other,
                (Some(e), None) => (Some(e), fa, sa, seed_a),
                (None, Some(e)) => (Some(e), fb, if neg { sb.wrapping_neg() } else { sb }, seed_b),
                (None, None) => (None, 0, 0, None),
            };
            let step = if neg { ta.wrapping_sub(tb) } else { ta.wrapping_add(tb) };
            Val::Lin(Linear::Wide { ext, from, scale, step }, seed)
        }
        _ => Val::Other,
    }
}

fn scale64(a: Val, k: u64) -> Val {
    match a {
        Val::Lin(Linear::Wide { ext, from, scale, step }, seed) => {
            Val::Lin(Linear::Wide { ext, from, scale: scale.wrapping_mul(k), step: step.wrapping_mul(k) }, seed)
        }
        x => x,
    }
}

/// The C expression of lane `l` of linear register `r` (C scalar `r{r}`, with its seed
/// `r{r}_s` when it has one).
pub(crate) fn lane_expr(r: u32, p: Linear) -> String {
    match p {
        Linear::Narrow { step } => format!("((u32)(r{r} + l * {step:#x}u))"),
        Linear::Wide { ext: None, step, .. } => format!("(r{r} + (u64)l * {step:#x}ull)"),
        Linear::Wide { ext: Some(e), from, scale, step } => {
            let ext = |x: String| match e {
                Ext::Sign => format!("(u64)(i64)(i32)(u32)({x})"),
                Ext::Zero => format!("(u64)(u32)({x})"),
            };
            format!(
                "(r{r} + ({} - {}) * {scale:#x}ull + (u64)l * {step:#x}ull)",
                ext(format!("r{r}_s + l * {from:#x}u")),
                ext(format!("r{r}_s"))
            )
        }
    }
}
