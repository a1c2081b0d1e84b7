//! Operand type checks for the common typed instructions (PTX ISA 9.4 "Type Checking Rules"
//! and 9.4.1 "Operand Size Exceeding Instruction-Type Size").
//!
//! Only register operands are checked (immediates, special registers and address constants
//! are not), and only for opcodes whose operand typing is regular. Everything else is accepted.

use super::forms::kw_type;
use super::{Sym, Validator, full_name};
use crate::ast::{Imm, Instruction, Modifier, Name, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, SpecialReg, TypeKind};

/// How an operand's register type must relate to the instruction type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// Same size; `.bN` agrees with anything, integers with integers, floats with floats.
    Strict,
    /// `ld`/`st`/`cvt`: integer and bit-size registers may be wider than the type.
    Relaxed,
    /// A `.pred` register.
    Pred,
    /// Any non-predicate register of exactly this many bytes (`mov` pack/unpack elements).
    Bytes(u32),
    /// A 32-bit integer or bit-size register, not even a .f16x2 (member masks, bit positions).
    Int32,
}

/// What a register failed to be.
enum Need {
    Pred,
    Bits(u32),
    AtLeast(u32),
    Int,
    Float,
    Type(ScalarType),
    Int32,
    /// A bit-size register holding packed integers.
    PackedBits(u32),
}

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    use Opcode::*;
    let op = ins.opcode;
    if !is_typechecked(op) {
        return;
    }
    let (t0, t1, n) = type_words(ins);
    let len = ins.operands.len();
    if op == Cvt {
        let (Some(d), Some(s)) = (t0, t1) else { return };
        if n != 2 {
            return;
        }
        operand(v, ins, 0, d, Rule::Relaxed);
        operand(v, ins, 1, s, Rule::Relaxed);
        if len > 2 {
            operand(v, ins, 2, s, Rule::Relaxed);
        }
        return;
    }
    // `elect.sync d|p, membermask`: 32-bit integers and a predicate.
    if op == Elect {
        match ins.operands.first() {
            Some(Operand::Pair(d, p)) => {
                element(v, ins, d, ScalarType::B32, Rule::Int32);
                reg(v, ins, *p, false, ScalarType::Pred, Rule::Pred);
            }
            _ => operand(v, ins, 0, ScalarType::B32, Rule::Int32),
        }
        operand(v, ins, 1, ScalarType::B32, Rule::Int32);
        return;
    }
    let Some(t) = t0 else { return };
    // `dp4a.atype.btype d, a, b, c`, `dp2a.mode.atype.btype`: 32-bit integer operands.
    // (ptxas takes a .f16x2 register for the packed `a` and `b`, not for `d` or `c`)
    if matches!(op, Dp4a | Dp2a) {
        for i in 0..len {
            let packed = matches!(i, 1 | 2);
            operand(v, ins, i, ScalarType::U32, if packed { Rule::Strict } else { Rule::Int32 });
        }
        return;
    }
    // `set.CmpOp{.BoolOp}.dtype.stype d, a, b{, {!}c}`.
    if op == Set {
        let Some(s) = t1 else { return };
        operand(v, ins, 0, t, Rule::Strict);
        operand(v, ins, 1, s, Rule::Strict);
        operand(v, ins, 2, s, Rule::Strict);
        operand(v, ins, 3, ScalarType::Pred, Rule::Pred);
        return;
    }
    if n != 1 {
        return;
    }
    match op {
        Setp => {
            operand(v, ins, 0, ScalarType::Pred, Rule::Pred);
            operand(v, ins, 1, t, Rule::Strict);
            operand(v, ins, 2, t, Rule::Strict);
            operand(v, ins, 3, ScalarType::Pred, Rule::Pred);
        }
        Selp => {
            for i in 0..3 {
                operand(v, ins, i, t, Rule::Strict);
            }
            operand(v, ins, 3, ScalarType::Pred, Rule::Pred);
        }
        Mov => mov(v, ins, t),
        Ld => operand(v, ins, 0, t, Rule::Relaxed),
        // `atom d, [a], b {, c | cache-policy}` and `red [a], b`: the values have the
        // instruction's type (`c` is `atom.cas`'s; a cache policy is a .b64).
        Atom => {
            operand(v, ins, 0, t, Rule::Strict);
            operand(v, ins, 2, t, Rule::Strict);
            if ins.has(Kw::Cas) || (len == 4 && !ins.has(Kw::L2CacheHint)) {
                operand(v, ins, 3, t, Rule::Strict);
            }
        }
        Red => operand(v, ins, 1, t, Rule::Strict),
        Shfl => shfl(v, ins, t),
        Vote => vote(v, ins, t),
        Match | Redux => match_or_redux(v, ins, t),
        // `shf.mode.b32 d, a, b, c`: the shift amount is a 32-bit integer.
        Shf => {
            for i in 0..len {
                operand(v, ins, i, t, if i == 3 { Rule::Int32 } else { Rule::Strict });
            }
        }
        // `nanosleep.u32 t`: a 32-bit integer.
        Nanosleep => operand(v, ins, 0, t, Rule::Int32),
        // `popc.type d, a`, `clz`, `bfind`: the count is a .u32 (a 32-bit integer register).
        Popc | Clz | Bfind => {
            operand(v, ins, 0, ScalarType::U32, Rule::Int32);
            operand(v, ins, 1, t, Rule::Strict);
        }
        // `bfe.type d, a, b, c`, `bfi.type f, a, b, c, d`: the bit position and length are
        // 32-bit integers.
        Bfe | Bfi => {
            let bits = if op == Bfe { 2 } else { 3 };
            for i in 0..len {
                operand(v, ins, i, t, if i < bits { Rule::Strict } else { Rule::Int32 });
            }
        }
        St => operand(v, ins, 1, t, Rule::Relaxed),
        Mul | Mad if ins.has(Kw::Wide) => {
            let Some(w) = wide(t) else { return };
            operand(v, ins, 0, w, Rule::Strict);
            operand(v, ins, 1, t, Rule::Strict);
            operand(v, ins, 2, t, Rule::Strict);
            if op == Mad {
                operand(v, ins, 3, w, Rule::Strict);
            }
        }
        Shl | Shr => {
            operand(v, ins, 0, t, Rule::Strict);
            operand(v, ins, 1, t, Rule::Strict);
            operand(v, ins, 2, ScalarType::U32, Rule::Int32); // the shift amount is always .u32
        }
        // `bmsk.mode.b32 d, a, b`: a bit position, a width and the mask, 32-bit integers.
        Bmsk => {
            for i in 0..len {
                operand(v, ins, i, t, Rule::Int32);
            }
        }
        // `lop3.b32 d, a, b, c, immLut`, `lop3.BoolOp.b32 d|p, a, b, c, immLut, q`.
        Lop3 => lop3(v, ins, t),
        _ => {
            for i in 0..len {
                operand(v, ins, i, t, Rule::Strict);
            }
        }
    }
}

/// Whether the operand types of `op` are checked here.
fn is_typechecked(op: Opcode) -> bool {
    use Opcode::*;
    matches!(
        op,
        Add | Sub
            | Mul
            | Mad
            | Div
            | Rem
            | Min
            | Max
            | And
            | Or
            | Xor
            | Not
            | Shl
            | Shr
            | Setp
            | Set
            | Selp
            | Mov
            | Cvt
            | Ld
            | St
            | Neg
            | Abs
            | Fma
            | Atom
            | Red
            | Rcp
            | Sqrt
            | Rsqrt
            | Sin
            | Cos
            | Lg2
            | Ex2
            | Tanh
            | Copysign
            | Nanosleep
            | Activemask
            | Elect
            | Lop3
            | Fns
            | Bmsk
            | Popc
            | Clz
            | Bfind
            | Bfe
            | Bfi
            | Brev
            | Cnot
            | Shf
            | Prmt
            | Mul24
            | Mad24
            | Sad
            | Shfl
            | Vote
            | Match
            | Redux
            | Addc
            | Subc
            | Madc
            | Dp4a
            | Dp2a
    )
}

/// The first two type words of `ins` and how many it has.
fn type_words(ins: &Instruction) -> (Option<ScalarType>, Option<ScalarType>, usize) {
    let (mut t0, mut t1, mut n) = (None, None, 0);
    for md in &ins.mods {
        if let Modifier::Kw(k) = md
            && let Some(t) = kw_type(*k)
        {
            match n {
                0 => t0 = Some(t),
                1 => t1 = Some(t),
                _ => {}
            }
            n += 1;
        }
    }
    (t0, t1, n)
}

/// `mov`: scalars, vectors (`.v2`/`.v4`/`.v8`), and packing or unpacking through a bit-size type.
fn mov(v: &mut Validator<'_>, ins: &Instruction, t: ScalarType) {
    let vec_mod = ins.has(Kw::V2) || ins.has(Kw::V4) || ins.has(Kw::V8);
    // `mov.v2`/`.v4` moves vectors (ptxas rejects a scalar destination).
    if vec_mod && !matches!(ins.operands[0], Operand::Vector(_)) {
        v.err(ins.span, format!("`{}` moves a vector: its destination is `{{...}}`", full_name(v.m, ins)));
        return;
    }
    let packed = !vec_mod && ins.operands.iter().any(|o| matches!(o, Operand::Vector(_)));
    // Packing and unpacking (`mov.b32 d, {a, b}`) is for bit-size types (9.7.9.4).
    if packed && t.kind() != TypeKind::Bits {
        let msg = format!(
            "`{}` packs or unpacks a vector: that takes a bit-size type (.b16, .b32, .b64, .b128)",
            full_name(v.m, ins)
        );
        v.err(ins.span, msg);
        return;
    }
    if let Operand::Sreg(r, _) = ins.operands[1] {
        special_register(v, ins, r, t);
    }
    for i in 0..2 {
        match &ins.operands[i] {
            Operand::Vector(items) if packed => {
                let parts = items.len() as u32;
                if parts > 0 && t.size().is_multiple_of(parts) {
                    for it in items {
                        element(v, ins, it, t, Rule::Bytes(t.size() / parts));
                    }
                }
            }
            _ => operand(v, ins, i, t, Rule::Strict),
        }
    }
}

/// `shfl.sync d{|p}, a, b, c, membermask`: all .b32.
fn shfl(v: &mut Validator<'_>, ins: &Instruction, t: ScalarType) {
    let len = ins.operands.len();
    match &ins.operands[0] {
        Operand::Pair(d, p) => {
            element(v, ins, d, t, Rule::Strict);
            reg(v, ins, *p, false, ScalarType::Pred, Rule::Pred);
        }
        _ => operand(v, ins, 0, t, Rule::Strict),
    }
    for i in 1..len {
        let mask = i == 4;
        operand(v, ins, i, ScalarType::B32, if mask { Rule::Int32 } else { Rule::Strict });
    }
}

/// `vote.sync.mode d, {!}a, membermask`: d is .pred, or .b32 for `.ballot`.
fn vote(v: &mut Validator<'_>, ins: &Instruction, t: ScalarType) {
    // (ptxas takes .f16x2 registers for `vote.any.pred`'s predicates, see `compat`, but
    // only with an immediate member mask)
    let quirk = t == ScalarType::Pred && matches!(ins.operands.get(2), Some(Operand::Imm(_)));
    let pred = if quirk { Rule::Strict } else { Rule::Pred };
    operand(v, ins, 0, t, if t == ScalarType::Pred { pred } else { Rule::Strict });
    operand(v, ins, 1, ScalarType::Pred, pred);
    operand(v, ins, 2, ScalarType::B32, Rule::Int32);
}

/// `match.sync d{|p}, a, membermask`, `redux.sync d, a, membermask`: d is .b32 for `match`, of
/// the type for `redux`.
fn match_or_redux(v: &mut Validator<'_>, ins: &Instruction, t: ScalarType) {
    let op = ins.opcode;
    let d = if op == Opcode::Match { ScalarType::B32 } else { t };
    // (`redux` of an integer type and `match`'s result take no .f16x2 register as their
    // 32 bits)
    let int = if op == Opcode::Redux && t != ScalarType::F32 { Rule::Int32 } else { Rule::Strict };
    let result = if op == Opcode::Match { Rule::Int32 } else { int };
    match &ins.operands[0] {
        Operand::Pair(x, p) => {
            element(v, ins, x, d, result);
            reg(v, ins, *p, false, ScalarType::Pred, Rule::Pred);
        }
        _ => operand(v, ins, 0, d, result),
    }
    operand(v, ins, 1, t, int);
    operand(v, ins, 2, ScalarType::B32, Rule::Int32);
}

/// The type twice as wide, for `mul.wide`/`mad.wide`.
fn wide(t: ScalarType) -> Option<ScalarType> {
    use ScalarType::*;
    Some(match t {
        U16 => U32,
        S16 => S32,
        B16 => B32,
        U32 => U64,
        S32 => S64,
        B32 => B64,
        _ => return None,
    })
}

fn operand(v: &mut Validator<'_>, ins: &Instruction, i: usize, t: ScalarType, rule: Rule) {
    let Some(op) = ins.operands.get(i) else { return };
    match op {
        Operand::Vector(items) if rule == Rule::Relaxed => {
            for it in items {
                element(v, ins, it, t, rule);
            }
        }
        Operand::Vector(_) => {}
        Operand::Imm(imm) if rule == Rule::Strict => immediate(v, ins, i, t, *imm),
        Operand::Imm(Imm::F32(_) | Imm::F64(_)) if rule == Rule::Int32 => {
            let msg = format!(
                "operand {i} of `{}` is a floating-point immediate; it must be an integer",
                full_name(v.m, ins)
            );
            v.err(ins.span, msg);
        }
        _ => element(v, ins, op, t, rule),
    }
}

/// Integer types take no floating-point immediates and `.f32`/`.f64` no integer ones; a
/// bit-size type takes a `0f` (32-bit) or `0d`/decimal (64-bit) immediate of its own size;
/// the 16-bit float types take no immediate at all (PTX has no such literals; ptxas agrees).
fn immediate(v: &mut Validator<'_>, ins: &Instruction, i: usize, t: ScalarType, imm: Imm) {
    use ScalarType::{Bf16, Bf16x2, F16, F16x2, S8x4, S16x2, U8x4, U16x2};
    // (nor have the packed integer types: ptxas rejects `add.u16x2 d, a, 5`)
    if matches!(t, F16 | F16x2 | Bf16 | Bf16x2 | U16x2 | S16x2 | U8x4 | S8x4) {
        let msg = format!("operand {i} of `{}` is an immediate; .{t} operands must be registers", full_name(v.m, ins));
        v.err(ins.span, msg);
        return;
    }
    let bad = match (t.kind(), imm) {
        (TypeKind::Signed | TypeKind::Unsigned, Imm::F32(_) | Imm::F64(_)) => "a floating-point",
        (TypeKind::Float, Imm::Int(_)) if matches!(t, ScalarType::F32 | ScalarType::F64) => "an integer",
        (TypeKind::Bits, Imm::F32(_)) if t.size() != 4 => "a 32-bit floating-point",
        (TypeKind::Bits, Imm::F64(_)) if t.size() != 8 => "a 64-bit floating-point",
        (TypeKind::Pred, Imm::F32(_) | Imm::F64(_)) => "a floating-point",
        _ => return,
    };
    let msg = format!("operand {i} of `{}` is {bad} immediate, which does not fit type .{t}", full_name(v.m, ins));
    v.err(ins.span, msg);
}

fn element(v: &mut Validator<'_>, ins: &Instruction, op: &Operand, t: ScalarType, rule: Rule) {
    match op {
        Operand::Name(n) => reg(v, ins, *n, false, t, rule),
        Operand::Component(n, _) => reg(v, ins, *n, true, t, rule),
        Operand::Not(n) if rule == Rule::Pred => reg(v, ins, *n, false, t, rule),
        Operand::Pair(a, b) if rule == Rule::Pred => {
            if let Operand::Name(a) = **a {
                reg(v, ins, a, false, t, rule);
            }
            reg(v, ins, *b, false, t, rule);
        }
        _ => {}
    }
}

fn reg(v: &mut Validator<'_>, ins: &Instruction, n: Name, component: bool, t: ScalarType, rule: Rule) {
    let Sym::Reg(vt) = v.resolve(n) else { return };
    if vt.vector != 0 && !component {
        return;
    }
    let r = vt.scalar;
    let Err(need) = compat(t, r, rule) else { return };
    let need = match need {
        Need::Pred => "a .pred operand".to_string(),
        Need::Bits(b) => format!("a {b}-bit operand"),
        Need::AtLeast(b) => format!("an operand of at least {b} bits"),
        Need::Int => "an integer or bit-size operand".to_string(),
        Need::Float => "a floating-point or bit-size operand".to_string(),
        Need::Type(t) => format!("a .{t} or bit-size operand"),
        Need::Int32 => "a 32-bit integer operand".to_string(),
        Need::PackedBits(b) => format!("a .b{b} operand (packed integers live in bit-size registers)"),
    };
    let msg = format!("register `{}` is .{r} but `{}` needs {need}", v.name(n), full_name(v.m, ins));
    v.err(ins.span, msg);
}

fn compat(t: ScalarType, r: ScalarType, rule: Rule) -> Result<(), Need> {
    use ScalarType::Pred;
    // (ptxas takes a .f16x2 register where the instruction's own type is .pred, as in
    // `and.pred`, `mov.pred`, `vote.any.pred`, but not as a fixed predicate operand)
    if rule == Rule::Pred || t == Pred {
        let ok = r == Pred || (rule != Rule::Pred && r == ScalarType::F16x2);
        return if ok { Ok(()) } else { Err(Need::Pred) };
    }
    if rule == Rule::Int32 {
        let int = matches!(r.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed);
        return if int && r.size() == 4 { Ok(()) } else { Err(Need::Int32) };
    }
    if let Rule::Bytes(b) = rule {
        return if r != Pred && r.size() == b { Ok(()) } else { Err(Need::Bits(b * 8)) };
    }
    // ptxas takes a .f16x2 register as 32 untyped bits where an integer is expected.
    let r = if r == ScalarType::F16x2 && t.kind() != TypeKind::Float { ScalarType::B32 } else { r };
    // Packed integers (`.u16x2`, `.s8x4`, ...) live in bit-size registers: a .u32 or .s32 one
    // holds one integer, not a pair (ptxas: "Arguments mismatch").
    if t.is_packed_int() {
        return if r.kind() == TypeKind::Bits && r.size() == t.size() {
            Ok(())
        } else {
            Err(Need::PackedBits(t.size() * 8))
        };
    }
    let (tk, rk) = (t.kind(), r.kind());
    if tk == TypeKind::Opaque || rk == TypeKind::Opaque {
        return Ok(());
    }
    if tk == TypeKind::Float && rk == TypeKind::Float {
        // Floating-point types agree only when they are the same type.
        return if r == t { Ok(()) } else { Err(Need::Type(t)) };
    }
    let exact = rule == Rule::Strict;
    let size_err = if exact { Need::Bits(t.size() * 8) } else { Need::AtLeast(t.size() * 8) };
    if r == Pred {
        return Err(size_err);
    }
    match (tk, rk) {
        (TypeKind::Signed | TypeKind::Unsigned, TypeKind::Float) => return Err(Need::Int),
        (TypeKind::Float, TypeKind::Signed | TypeKind::Unsigned) => return Err(Need::Float),
        _ => {}
    }
    let ok = if exact { r.size() == t.size() } else { r.size() >= t.size() };
    if ok { Ok(()) } else { Err(size_err) }
}

/// `lop3.b32 d, a, b, c, immLut` and, with a boolean operation, `lop3.BoolOp.b32 d|p, a, b, c,
/// immLut, q` (PTX ISA 9.7.8.6): the lookup table is an integer immediate, and the predicate
/// result and input come with `.BoolOp` only.
fn lop3(v: &mut Validator<'_>, ins: &Instruction, t: ScalarType) {
    let name = full_name(v.m, ins);
    let bool_op = ins.has(Kw::And) || ins.has(Kw::Or);
    let want = if bool_op { 6 } else { 5 };
    if ins.operands.len() != want {
        let form = if bool_op { "d|p, a, b, c, immLut, q" } else { "d, a, b, c, immLut" };
        v.err(ins.span, format!("`{name}` expects {want} operands ({form}), found {}", ins.operands.len()));
        return;
    }
    match &ins.operands[0] {
        Operand::Pair(d, p) if bool_op => {
            element(v, ins, d, t, Rule::Strict);
            reg(v, ins, *p, false, ScalarType::Pred, Rule::Pred);
        }
        Operand::Pair(..) => {
            v.err(ins.span, format!("`{name}` has no predicate result; it comes with `.and` or `.or`"))
        }
        _ if bool_op => v.err(ins.span, format!("`{name}` writes a predicate too: its destination is `d|p`")),
        _ => operand(v, ins, 0, t, Rule::Strict),
    }
    for i in 1..4 {
        operand(v, ins, i, t, Rule::Strict);
    }
    if !matches!(ins.operands[4], Operand::Imm(Imm::Int(_))) {
        v.err(ins.span, format!("operand 4 of `{name}` (the lookup table immLut) must be an integer immediate"));
    }
    if bool_op {
        operand(v, ins, 5, ScalarType::Pred, Rule::Pred);
    }
}

/// `mov.type d, sreg`: the type is the special register's, or a same-size integer or bit-size
/// one; legacy 16-bit reads of `%tid`, `%ntid`, `%ctaid`, `%nctaid` and 16- or 32-bit reads of
/// the 64-bit `%gridid` are allowed (PTX ISA 10.1, 10.2, 10.6, 10.7, 10.10).
fn special_register(v: &mut Validator<'_>, ins: &Instruction, r: SpecialReg, t: ScalarType) {
    use SpecialReg::{Ctaid, Gridid, Nctaid, Ntid, Tid};
    let own = r.ty();
    let ok = match own {
        ScalarType::Pred => t == ScalarType::Pred,
        _ if !matches!(t.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed) => false,
        _ => match r {
            Tid | Ntid | Ctaid | Nctaid => matches!(t.size(), 2 | 4),
            Gridid => matches!(t.size(), 2 | 4 | 8),
            _ => t.size() == own.size(),
        },
    };
    if !ok {
        let msg = format!("`{}` cannot read special register `{r}`, which is .{own}", full_name(v.m, ins));
        v.err(ins.span, msg);
    }
}
