//! Which instruction types each opcode (and mode) is defined for: `mad.lo.f32`, `or.s32` and
//! `shl.u32` are errors (ptxas: "Unexpected instruction types specified"). The type lists are the
//! `.type = { ... }` sets of the PTX ISA's syntax blocks; where ptxas 13.0 differs from the
//! manual, ptxas decides (`tests/ptxas_agreement.rs` holds the two to the same verdicts).
//!
//! Only the first type word is checked; opcodes without a rule are accepted with any type.

use super::{Validator, full_name};
use crate::ast::{Instruction, Modifier};
use crate::keyword::Kw;
use crate::types::Opcode;

/// One rule: for `op` with every word of `with` and none of `without`, the first type word
/// must be one of `types`. The first matching rule of an opcode decides ([`rule_of`]).
#[derive(Debug)]
pub struct Rule {
    /// The opcode.
    pub op: Opcode,
    /// Words the instruction has.
    pub with: &'static [Kw],
    /// Words it has none of.
    pub without: &'static [Kw],
    /// The first type words it takes.
    pub types: &'static [Kw],
}

/// Every rule, by opcode: the instruction types each opcode (and mode) is defined for. The
/// executor's conformance table enumerates them (`crates/simt/tests/conformance.rs`).
pub fn rules() -> &'static [Rule] {
    RULES
}

/// The index in [`rules`] of the rule that decides `ins`'s type, and its first type word.
pub fn rule_of(ins: &Instruction) -> Option<(usize, Option<Kw>)> {
    let i = RULES.iter().position(|r| {
        r.op == ins.opcode && r.with.iter().all(|&k| ins.has(k)) && !r.without.iter().any(|&k| ins.has(k))
    })?;
    Some((i, first_type(ins)))
}

/// The instruction's first type word.
fn first_type(ins: &Instruction) -> Option<Kw> {
    ins.mods.iter().find_map(|m| match m {
        Modifier::Kw(k) if super::forms::kw_type(*k).is_some() => Some(*k),
        _ => None,
    })
}

const fn r(op: Opcode, with: &'static [Kw], types: &'static [Kw]) -> Rule {
    Rule { op, with, without: &[], types }
}

const fn rn(op: Opcode, without: &'static [Kw], types: &'static [Kw]) -> Rule {
    Rule { op, with: &[], without, types }
}

const fn rwn(op: Opcode, with: &'static [Kw], without: &'static [Kw], types: &'static [Kw]) -> Rule {
    Rule { op, with, without, types }
}

use Kw as K;
use Opcode as O;

const INT: &[Kw] = &[K::U16, K::U32, K::U64, K::S16, K::S32, K::S64];
const INT_16_32: &[Kw] = &[K::U16, K::U32, K::S16, K::S32];
const INT_32_64: &[Kw] = &[K::U32, K::U64, K::S32, K::S64];
const INT32: &[Kw] = &[K::U32, K::S32];
const BITS: &[Kw] = &[K::B16, K::B32, K::B64];
const BITS_32_64: &[Kw] = &[K::B32, K::B64];
const LOGIC: &[Kw] = &[K::Pred, K::B16, K::B32, K::B64];
const F32_F64: &[Kw] = &[K::F32, K::F64];
const ADD_TYPES: &[Kw] = &[
    K::U16,
    K::U32,
    K::U64,
    K::S16,
    K::S32,
    K::S64,
    K::F32,
    K::F64,
    K::F16,
    K::F16x2,
    K::Bf16,
    K::Bf16x2,
    K::F32x2,
    K::U16x2,
    K::S16x2,
    K::U8x4,
    K::S8x4,
];
/// `sub` has no `.u16x2`/`.s16x2` (ptxas 13.0).
const SUB_TYPES: &[Kw] = &[
    K::U16,
    K::U32,
    K::U64,
    K::S16,
    K::S32,
    K::S64,
    K::F32,
    K::F64,
    K::F16,
    K::F16x2,
    K::Bf16,
    K::Bf16x2,
    K::F32x2,
    K::U8x4,
    K::S8x4,
];
const MOV_TYPES: &[Kw] =
    &[K::Pred, K::B16, K::B32, K::B64, K::B128, K::U16, K::U32, K::U64, K::S16, K::S32, K::S64, K::F32, K::F64];
const MUL_FLOAT: &[Kw] = &[K::F32, K::F64, K::F16, K::F16x2, K::Bf16, K::Bf16x2, K::F32x2];
const FMA_TYPES: &[Kw] = &[K::F32, K::F64, K::F16, K::F16x2, K::Bf16, K::Bf16x2, K::F32x2];
const ABS_TYPES: &[Kw] = &[K::S16, K::S32, K::S64, K::F32, K::F64, K::F16, K::F16x2, K::Bf16, K::Bf16x2];
const NEG_TYPES: &[Kw] = &[K::S16, K::S32, K::S64, K::F32, K::F64, K::F16, K::F16x2, K::Bf16, K::Bf16x2, K::S8x4];
const MIN_TYPES: &[Kw] = &[
    K::U16,
    K::U32,
    K::U64,
    K::S16,
    K::S32,
    K::S64,
    K::F32,
    K::F64,
    K::F16,
    K::F16x2,
    K::Bf16,
    K::Bf16x2,
    K::U16x2,
    K::S16x2,
    K::U8x4,
    K::S8x4,
];
const SHR_TYPES: &[Kw] = &[K::B16, K::B32, K::B64, K::U16, K::U32, K::U64, K::S16, K::S32, K::S64];
const SELP_TYPES: &[Kw] = &[K::B16, K::B32, K::B64, K::U16, K::U32, K::U64, K::S16, K::S32, K::S64, K::F32, K::F64];
const SETP_TYPES: &[Kw] = &[
    K::B16,
    K::B32,
    K::B64,
    K::U16,
    K::U32,
    K::U64,
    K::S16,
    K::S32,
    K::S64,
    K::F32,
    K::F64,
    K::F16,
    K::F16x2,
    K::Bf16,
    K::Bf16x2,
];
/// `set`'s source types with a `.f32` destination (the `.stype` set of PTX ISA 9.7.6.1).
const SET_SOURCES: &[Kw] = &[K::B16, K::B32, K::B64, K::U16, K::U32, K::U64, K::S16, K::S32, K::S64, K::F32, K::F64];
/// With a `.f16` destination also `.f16` (9.7.7.1).
const SET_SOURCES_F16: &[Kw] =
    &[K::B16, K::B32, K::B64, K::U16, K::U32, K::U64, K::S16, K::S32, K::S64, K::F32, K::F64, K::F16];
/// With a `.bf16` destination also `.f16` and `.bf16`.
const SET_SOURCES_BF16: &[Kw] =
    &[K::B16, K::B32, K::B64, K::U16, K::U32, K::U64, K::S16, K::S32, K::S64, K::F32, K::F64, K::F16, K::Bf16];
/// With a `.u32`/`.s32` destination every source type.
const SET_SOURCES_ALL: &[Kw] = &[
    K::B16,
    K::B32,
    K::B64,
    K::U16,
    K::U32,
    K::U64,
    K::S16,
    K::S32,
    K::S64,
    K::F32,
    K::F64,
    K::F16,
    K::F16x2,
    K::Bf16,
    K::Bf16x2,
];
const MODES: &[Kw] = &[K::Lo, K::Hi];
const SURFACE: &[Kw] = &[K::B8, K::B16, K::B32, K::B64];
const MEMORY: &[Kw] = &[
    K::B8,
    K::B16,
    K::B32,
    K::B64,
    K::B128,
    K::U8,
    K::U16,
    K::U32,
    K::U64,
    K::S8,
    K::S16,
    K::S32,
    K::S64,
    K::F32,
    K::F64,
];
const ATOM_ADD: &[Kw] = &[K::U32, K::S32, K::U64, K::F32, K::F64, K::F16, K::F16x2, K::Bf16, K::Bf16x2];
const ATOM_MIN_SCALAR: &[Kw] = &[K::U32, K::S32, K::U64, K::S64];
const VECTOR: &[Kw] = &[K::V2, K::V4, K::V8];
const ATOM_MIN: &[Kw] = &[K::U32, K::S32, K::U64, K::S64, K::F16, K::F16x2, K::Bf16, K::Bf16x2];

/// The rules, by opcode; see [`Rule`].
static RULES: &[Rule] = &[
    // `.cc` carries are 32 or 64 bits; ptxas takes `addc.u16` without `.cc`
    r(O::Add, &[K::Cc], INT_32_64),
    r(O::Sub, &[K::Cc], INT_32_64),
    r(O::Addc, &[K::Cc], INT_32_64),
    r(O::Subc, &[K::Cc], INT_32_64),
    r(O::Madc, &[K::Cc], INT_32_64),
    r(O::Addc, &[], INT),
    r(O::Subc, &[], INT),
    r(O::Madc, &[], INT),
    r(O::Add, &[], ADD_TYPES),
    r(O::Sub, &[], SUB_TYPES),
    r(O::Mul, &[K::Wide], INT_16_32),
    r(O::Mad, &[K::Wide], INT_16_32),
    r(O::Mul, &[K::Lo], INT),
    r(O::Mul, &[K::Hi], INT),
    r(O::Mad, &[K::Lo], INT),
    r(O::Mad, &[K::Hi], INT),
    rn(O::Mul, MODES, MUL_FLOAT),
    rn(O::Mad, MODES, F32_F64),
    r(O::Mul24, &[], INT32),
    r(O::Mad24, &[], INT32),
    r(O::Sad, &[], INT),
    r(O::Div, &[], &[K::U16, K::U32, K::U64, K::S16, K::S32, K::S64, K::F32, K::F64]),
    r(O::Rem, &[], INT),
    r(O::Abs, &[], ABS_TYPES),
    r(O::Neg, &[], NEG_TYPES),
    r(O::Min, &[], MIN_TYPES),
    r(O::Max, &[], MIN_TYPES),
    r(O::Popc, &[], BITS_32_64),
    r(O::Clz, &[], BITS_32_64),
    r(O::Brev, &[], BITS_32_64),
    r(O::Bfi, &[], BITS_32_64),
    r(O::Bfind, &[], INT_32_64),
    r(O::Bfe, &[], INT_32_64),
    r(O::Fns, &[], &[K::B32]),
    r(O::Bmsk, &[], &[K::B32]),
    r(O::Szext, &[], INT32),
    r(O::Dp4a, &[], INT32),
    r(O::Dp2a, &[], INT32),
    r(O::And, &[], LOGIC),
    r(O::Or, &[], LOGIC),
    r(O::Xor, &[], LOGIC),
    r(O::Not, &[], LOGIC),
    r(O::Cnot, &[], BITS),
    r(O::Lop3, &[], &[K::B32]),
    r(O::Shl, &[], BITS),
    r(O::Shr, &[], SHR_TYPES),
    r(O::Shf, &[], &[K::B32]),
    r(O::Prmt, &[], &[K::B32]),
    r(O::Copysign, &[], F32_F64),
    r(O::Testp, &[], F32_F64),
    r(O::Fma, &[], FMA_TYPES),
    r(O::Rcp, &[], F32_F64),
    r(O::Sqrt, &[], F32_F64),
    r(O::Rsqrt, &[], F32_F64),
    r(O::Sin, &[], &[K::F32]),
    r(O::Cos, &[], &[K::F32]),
    r(O::Lg2, &[], &[K::F32]),
    r(O::Ex2, &[], &[K::F32, K::F16, K::F16x2, K::Bf16, K::Bf16x2]),
    r(O::Tanh, &[], &[K::F32, K::F16, K::F16x2, K::Bf16, K::Bf16x2]),
    r(O::Selp, &[], SELP_TYPES),
    r(O::Setp, &[], SETP_TYPES),
    r(O::Set, &[], &[K::U32, K::S32, K::F32, K::F16, K::Bf16, K::U16, K::S16, K::F16x2, K::Bf16x2]),
    r(O::Shfl, &[], &[K::B32]),
    r(O::Redux, &[K::And], &[K::B32]),
    r(O::Redux, &[K::Or], &[K::B32]),
    r(O::Redux, &[K::Xor], &[K::B32]),
    r(O::Redux, &[K::Add], INT32),
    r(O::Redux, &[], &[K::U32, K::S32, K::F32]),
    r(O::Vote, &[K::Ballot], &[K::B32]),
    rn(O::Vote, &[K::Ballot], &[K::Pred]),
    r(O::Activemask, &[], &[K::B32]),
    r(O::Match, &[], &[K::B32, K::B64]),
    // surfaces, textures, `mbarrier`, `mma` (the first type; see matrix.rs for the others)
    r(O::Suld, &[], SURFACE),
    r(O::Sust, &[K::P], &[K::B32]),
    r(O::Sust, &[], SURFACE),
    r(O::Tex, &[], &[K::U32, K::S32, K::F16, K::F32, K::F16x2]),
    r(O::Tld4, &[], &[K::U32, K::S32, K::F32]),
    r(O::Mbarrier, &[], &[K::B64]),
    r(O::Mma, &[], &[K::F16, K::F32, K::F64, K::S32]),
    r(O::Ldmatrix, &[], &[K::B16, K::B8]),
    r(O::Stmatrix, &[], &[K::B16, K::B8]),
    r(O::Movmatrix, &[], &[K::B16]),
    r(O::Createpolicy, &[], &[K::B64]),
    // `mov` has no 16-bit float types (ptxas 13.0: "Unexpected instruction types")
    r(O::Mov, &[], MOV_TYPES),
    r(O::Mapa, &[], INT_32_64),
    r(O::Nanosleep, &[], &[K::U32]),
    // `ld`/`st` (the PTX ISA lists no 16-bit float types; ptxas rejects them)
    r(O::Ld, &[], MEMORY),
    r(O::St, &[], MEMORY),
    // `atom`/`red` by operation (the half types need `.noftz`, checked by gating)
    r(O::Atom, &[K::Cas], &[K::B16, K::B32, K::B64, K::B128]),
    r(O::Atom, &[K::Exch], &[K::B32, K::B64, K::B128]),
    r(O::Atom, &[K::And], BITS_32_64),
    r(O::Atom, &[K::Or], BITS_32_64),
    r(O::Atom, &[K::Xor], BITS_32_64),
    r(O::Atom, &[K::Add], ATOM_ADD),
    r(O::Atom, &[K::Inc], &[K::U32]),
    r(O::Atom, &[K::Dec], &[K::U32]),
    // (the half types' min/max are vector forms only, checked in memory.rs; ptxas: "Vector
    // modifier required")
    rwn(O::Atom, &[K::Min], VECTOR, ATOM_MIN_SCALAR),
    rwn(O::Atom, &[K::Max], VECTOR, ATOM_MIN_SCALAR),
    r(O::Atom, &[K::Min], ATOM_MIN),
    r(O::Atom, &[K::Max], ATOM_MIN),
    r(O::Red, &[K::And], BITS_32_64),
    r(O::Red, &[K::Or], BITS_32_64),
    r(O::Red, &[K::Xor], BITS_32_64),
    r(O::Red, &[K::Add], ATOM_ADD),
    r(O::Red, &[K::Inc], &[K::U32]),
    r(O::Red, &[K::Dec], &[K::U32]),
    // (as for `atom`: ptxas, "Vector modifier required for instruction 'red.min.f16.global'")
    rwn(O::Red, &[K::Min], VECTOR, ATOM_MIN_SCALAR),
    rwn(O::Red, &[K::Max], VECTOR, ATOM_MIN_SCALAR),
    r(O::Red, &[K::Min], ATOM_MIN),
    r(O::Red, &[K::Max], ATOM_MIN),
];

/// The second type word of two-type instructions: for `op` whose first type word is one of
/// `first`, the second must be one of `second` (and is required).
struct SecondRule {
    op: Opcode,
    first: &'static [Kw],
    second: &'static [Kw],
}

const fn s2(op: Opcode, first: &'static [Kw], second: &'static [Kw]) -> SecondRule {
    SecondRule { op, first, second }
}

/// The second-type rules: `set.CmpOp.dtype.stype` (PTX ISA 9.7.6.1 and 9.7.7.1; ptxas 13.0
/// takes `.f16`/`.bf16` sources with a `.bf16` destination, only `.f16` with a `.f16` one),
/// `dp4a`/`dp2a`.
static SECOND_RULES: &[SecondRule] = &[
    s2(O::Set, &[K::U32, K::S32], SET_SOURCES_ALL),
    s2(O::Set, &[K::F32], SET_SOURCES),
    s2(O::Set, &[K::F16], SET_SOURCES_F16),
    s2(O::Set, &[K::Bf16], SET_SOURCES_BF16),
    s2(O::Set, &[K::U16, K::S16], &[K::F16, K::Bf16]),
    s2(O::Set, &[K::F16x2], &[K::F16x2]),
    s2(O::Set, &[K::Bf16x2], &[K::Bf16x2]),
    // `dp4a.atype.btype`, `dp2a.mode.atype.btype`
    s2(O::Dp4a, INT32, INT32),
    s2(O::Dp2a, INT32, INT32),
];

/// Checks the second type word against [`SECOND_RULES`].
fn second_type(v: &mut Validator<'_>, ins: &Instruction) {
    let mut types = ins.kws().filter(|&k| super::forms::kw_type(k).is_some());
    let Some(first) = types.next() else { return };
    let Some(rule) = SECOND_RULES.iter().find(|r| r.op == ins.opcode && r.first.contains(&first)) else { return };
    let name = full_name(v.m, ins);
    match types.next() {
        None => {
            let msg = format!(
                "`{name}` requires a destination and a source type (`.{}.{}`)",
                first.as_str(),
                rule.second[0].as_str()
            );
            v.err(ins.span, msg);
        }
        Some(second) if !rule.second.contains(&second) => {
            let allowed: Vec<String> = rule.second.iter().map(|k| format!(".{}", k.as_str())).collect();
            let msg = format!(
                "`{name}`: a .{} result takes no .{} source (it takes {})",
                first.as_str(),
                second.as_str(),
                allowed.join(", ")
            );
            v.err(ins.span, msg);
        }
        Some(_) => {}
    }
}

const SAT_TYPES: &[Kw] = &[K::S32, K::F16, K::F16x2, K::F32, K::F32x2];
const FTZ_TYPES: &[Kw] = &[K::F16, K::F16x2, K::F32, K::F32x2];
const RN_TYPES: &[Kw] = &[K::F16, K::F16x2, K::Bf16, K::Bf16x2, K::F32, K::F64, K::F32x2];
const DIRECTED_TYPES: &[Kw] = &[K::F32, K::F64, K::F32x2];
const HALF_AND_F32: &[Kw] = &[K::F16, K::F16x2, K::Bf16, K::Bf16x2, K::F32];

/// Words that exist only with some of an opcode's types (the syntax blocks of PTX ISA 9.7.1,
/// 9.7.3-9.7.4; ptxas 13.0 agrees): `(opcodes, word, types)`; the first type word decides.
static WORD_TYPES: &[(&[Opcode], Kw, &[Kw])] = &[
    (&[O::Add, O::Sub], K::Sat, SAT_TYPES),
    (&[O::Mul], K::Sat, &[K::F16, K::F16x2, K::F32, K::F32x2]),
    (&[O::Fma], K::Sat, &[K::F16, K::F16x2, K::F32, K::F32x2]),
    (&[O::Add, O::Sub, O::Mul, O::Fma, O::Min, O::Max], K::Ftz, FTZ_TYPES),
    (&[O::Add, O::Sub, O::Mul, O::Fma], K::Rn, RN_TYPES),
    (&[O::Add, O::Sub, O::Mul], K::Rz, DIRECTED_TYPES),
    (&[O::Add, O::Sub, O::Mul], K::Rm, DIRECTED_TYPES),
    (&[O::Add, O::Sub, O::Mul], K::Rp, DIRECTED_TYPES),
    (&[O::Fma], K::Rz, &[K::Bf16, K::Bf16x2, K::F32, K::F64, K::F32x2]),
    (&[O::Fma], K::Rm, &[K::Bf16, K::Bf16x2, K::F32, K::F64, K::F32x2]),
    (&[O::Fma], K::Rp, &[K::Bf16, K::Bf16x2, K::F32, K::F64, K::F32x2]),
    (&[O::Fma], K::Relu, &[K::F16, K::F16x2, K::Bf16, K::Bf16x2]),
    (&[O::Min, O::Max], K::Relu, &[K::S32, K::S16x2]),
    (&[O::Min, O::Max], K::NaN, HALF_AND_F32),
    (&[O::Min, O::Max], K::Xorsign, HALF_AND_F32),
    (&[O::Min, O::Max], K::Abs, HALF_AND_F32),
    (&[O::Div], K::Approx, &[K::F32]),
    (&[O::Div], K::Full, &[K::F32]),
    // `abs{.ftz}.f32`, `abs.f64`, `abs{.ftz}.f16`, `abs.bf16` (9.7.3.9-10, 9.7.4.5-6); `neg` alike
    (&[O::Abs, O::Neg], K::Ftz, &[K::F16, K::F16x2, K::F32]),
    // `div.rnd{.ftz}.f32`, `div.rnd.f64`; `mad.rnd{.ftz}{.sat}.f32`, `mad.rnd.f64` (9.7.3.7-8)
    (&[O::Div, O::Mad], K::Ftz, &[K::F32]),
    // `mad.hi.sat.s32` (9.7.1.4) besides `mad.rnd.sat.f32`; `mad{.hi,.lo}.cc` (9.7.2.5)
    (&[O::Mad], K::Sat, &[K::S32, K::F32]),
    (&[O::Mad], K::Cc, INT_32_64),
    // `sqrt.approx{.ftz}.f32` only; `ex2.approx{.ftz}.f32`, `ex2.approx.ftz.bf16` (9.7.3.21, 9.7.4.10)
    (&[O::Sqrt], K::Approx, &[K::F32]),
    (&[O::Ex2], K::Ftz, &[K::F32, K::Bf16, K::Bf16x2]),
];

/// Checks [`WORD_TYPES`]; `fma` names a rounding, `min`/`max`'s `.abs` comes with `.xorsign`.
fn word_types(v: &mut Validator<'_>, ins: &Instruction) {
    let Some(t) = ins.kws().find(|&k| super::forms::kw_type(k).is_some()) else { return };
    for &(ops, word, types) in WORD_TYPES {
        if ops.contains(&ins.opcode) && ins.has(word) && !types.contains(&t) {
            let allowed: Vec<String> = types.iter().map(|k| format!(".{}", k.as_str())).collect();
            let msg = format!(
                "`{}`: `.{}` is not defined for .{} (only {})",
                full_name(v.m, ins),
                word.as_str(),
                t.as_str(),
                allowed.join(", ")
            );
            v.err(ins.span, msg);
            return;
        }
    }
    if ins.opcode == O::Fma && ![K::Rn, K::Rz, K::Rm, K::Rp].into_iter().any(|k| ins.has(k)) {
        v.err(ins.span, format!("`{}` needs a rounding modifier (`.rn`, `.rz`, `.rm` or `.rp`)", full_name(v.m, ins)));
    }
    if matches!(ins.opcode, O::Min | O::Max) && ins.has(K::Abs) && !ins.has(K::Xorsign) {
        v.err(ins.span, format!("`{}`: `.abs` comes with `.xorsign`", full_name(v.m, ins)));
    }
    if ins.opcode == O::Mad {
        mad_words(v, ins, t);
    }
}

/// `mad`'s integer words: saturation only in `mad.hi.sat.s32` (PTX ISA 9.7.1.4), a carry-out
/// only in `mad{.hi,.lo}.cc` (9.7.2.5), never both.
fn mad_words(v: &mut Validator<'_>, ins: &Instruction, t: Kw) {
    let name = full_name(v.m, ins);
    if ins.has(K::Sat) && t == K::S32 && !ins.has(K::Hi) {
        v.err(ins.span, format!("`{name}`: integer `.sat` exists only as `mad.hi.sat.s32`"));
    } else if ins.has(K::Cc) && ins.has(K::Sat) {
        v.err(ins.span, format!("`{name}`: `.cc` and `.sat` do not combine"));
    } else if ins.has(K::Cc) && !(ins.has(K::Hi) || ins.has(K::Lo)) {
        v.err(ins.span, format!("`{name}`: `.cc` needs `.hi` or `.lo` (`mad.lo.cc`)"));
    }
}

/// Checks the instruction's first type word against the rules of its opcode.
pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    comparison(v, ins);
    second_type(v, ins);
    word_types(v, ins);
    mode(v, ins);
    float_words(v, ins);
    let Some((rule, ty)) = rule_of(ins) else { return };
    let rule = &RULES[rule];
    // `dp4a.atype.btype`: both types come from the rule's list.
    if matches!(ins.opcode, O::Dp4a | O::Dp2a)
        && let Some(bad) = ins.kws().filter(|&k| super::forms::kw_type(k).is_some()).find(|k| !rule.types.contains(k))
    {
        let msg = format!("`{}` is not defined for .{} (it takes .u32, .s32)", ins.opcode.as_str(), bad.as_str());
        v.err(ins.span, msg);
        return;
    }
    let Some(ty) = ty else {
        // `ld`/`st`/`atom`/`red` report a missing type themselves (memory.rs).
        if !matches!(ins.opcode, O::Ld | O::St | O::Atom | O::Red) {
            let msg = format!("`{}` requires a type such as `.{}`", full_name(v.m, ins), rule.types[0].as_str());
            v.err(ins.span, msg);
        }
        return;
    };
    if rule.types.contains(&ty) {
        return;
    }
    let name = full_name(v.m, ins);
    // `mad.lo.f32` → `mad.lo`: the instruction without its type words.
    let base: Vec<&str> = name.split('.').filter(|w| Kw::lookup(w).and_then(super::forms::kw_type).is_none()).collect();
    let allowed: Vec<String> = rule.types.iter().map(|k| format!(".{}", k.as_str())).collect();
    let msg = format!("`{}` is not defined for .{} (it takes {})", base.join("."), ty.as_str(), allowed.join(", "));
    v.err(ins.span, msg);
}

/// The comparison operators of `setp`/`set` by source type: `.eq`/`.ne` for bit-size types, the
/// ordered `.lt`/`.le`/`.gt`/`.ge` for signed integers, and `.lo`/`.ls`/`.hi`/`.hs` too for
/// unsigned ones; the unordered `.equ` ... `.geu`, `.num` and `.nan` for floating point only.
fn comparison(v: &mut Validator<'_>, ins: &Instruction) {
    use crate::types::{CmpOp as C, ScalarType, TypeKind};
    if !matches!(ins.opcode, O::Setp | O::Set) {
        return;
    }
    // `setp.cmp.type`, `set.cmp.dtype.stype`: the compared type is the last type word.
    let (Some(cmp), Some(t)) = (ins.kws().find_map(Kw::as_cmp), ins.types().last()) else { return };
    let ok = match t.kind() {
        TypeKind::Float => !matches!(cmp, C::Lo | C::Ls | C::Hi | C::Hs),
        TypeKind::Unsigned => {
            matches!(cmp, C::Eq | C::Ne | C::Lt | C::Le | C::Gt | C::Ge | C::Lo | C::Ls | C::Hi | C::Hs)
        }
        TypeKind::Signed => matches!(cmp, C::Eq | C::Ne | C::Lt | C::Le | C::Gt | C::Ge),
        TypeKind::Bits => matches!(cmp, C::Eq | C::Ne),
        TypeKind::Pred | TypeKind::Opaque => true,
    };
    if !ok {
        let msg = format!("comparison `.{cmp}` of `{}` is not defined for .{t}", ins.opcode.as_str());
        v.err(ins.span, msg);
    }
    // `.ftz` flushes `.f32` and `.f16`/`.f16x2` inputs (ptxas: not with a `.bf16` result).
    let first = ins.types().next();
    let ftz_ok = matches!(t, ScalarType::F32 | ScalarType::F16 | ScalarType::F16x2)
        && !matches!(first, Some(ScalarType::Bf16 | ScalarType::Bf16x2));
    if ins.has(K::Ftz) && !ftz_ok {
        let msg = format!("`{}`: `.ftz` is only for .f32, .f16 and .f16x2 comparisons", full_name(v.m, ins));
        v.err(ins.span, msg);
    }
    // A fourth operand `{!}c` comes with a boolean operation, and only with one.
    let bool_op = [K::And, K::Or, K::Xor].into_iter().any(|k| ins.has(k));
    let n = ins.operands.len();
    match bool_op {
        true if n != 4 => {
            let msg = format!(
                "`{}` combines with a predicate: it expects 4 operands (d, a, b, {{!}}c), found {n}",
                full_name(v.m, ins)
            );
            v.err(ins.span, msg);
        }
        false if n == 4 => {
            let msg = format!(
                "`{}` with a fourth operand requires a boolean operation (`.and`, `.or` or `.xor`)",
                full_name(v.m, ins)
            );
            v.err(ins.span, msg);
        }
        _ => {}
    }
}

/// Words an instruction must carry, by opcode and the words that select its form: for each
/// row whose `with` words are all present, one word of every group (`shfl.sync.idx`,
/// `vote.sync.any`, `shf.l.wrap`, `suld.b.2d.trap`, `wmma.load.a.sync.aligned.row`, ...).
type Required = (Opcode, &'static [Kw], &'static [&'static [Kw]]);

/// Texture and surface geometries (`tex` also has the multisample ones).
const GEOMETRY: &[Kw] = &[K::D1d, K::D2d, K::D3d, K::A1d, K::A2d];
const TEX_GEOMETRY: &[Kw] = &[K::D1d, K::D2d, K::D3d, K::A1d, K::A2d, K::Cube, K::Acube, K::D2dms, K::A2dms];
const CLAMP_MODE: &[Kw] = &[K::Trap, K::Clamp, K::Zero];
const LAYOUT: &[Kw] = &[K::Row, K::Col];
const MBARRIER_OPS: &[Kw] = &[
    K::Init,
    K::Inval,
    K::Arrive,
    K::ArriveDrop,
    K::ExpectTx,
    K::CompleteTx,
    K::TestWait,
    K::TryWait,
    K::PendingCount,
];

/// `createpolicy`'s `.level::primary_priority`.
const L2_PRIORITY: &[Kw] = &[K::L2EvictLast, K::L2EvictNormal, K::L2EvictFirst, K::L2EvictUnchanged];

static REQUIRED: &[Required] = &[
    (O::Shfl, &[], &[&[K::Up, K::Down, K::Bfly, K::Idx]]),
    (O::Vote, &[], &[&[K::All, K::Any, K::Uni, K::Ballot]]),
    (O::Redux, &[], &[&[K::Sync], &[K::Add, K::Min, K::Max, K::And, K::Or, K::Xor]]),
    (O::Match, &[], &[&[K::Sync], &[K::Any, K::All]]),
    (O::Shf, &[], &[&[K::L, K::R], &[K::Wrap, K::Clamp]]),
    // `madc{.hi,.lo}{.cc}.type` (9.7.2.6), `bmsk.mode.b32`, `szext.mode.type`, `dp2a.mode`
    (O::Madc, &[], &[&[K::Hi, K::Lo]]),
    (O::Bmsk, &[], &[&[K::Clamp, K::Wrap]]),
    (O::Szext, &[], &[&[K::Clamp, K::Wrap]]),
    (O::Dp2a, &[], &[&[K::Lo, K::Hi]]),
    // `membar.level`, `membar.proxy.proxykind` (9.7.13.4)
    (O::Membar, &[], &[&[K::Cta, K::Gl, K::Sys, K::Proxy]]),
    // `ex2.approx.ftz.bf16` (9.7.4.10)
    (O::Ex2, &[K::Bf16], &[&[K::Ftz]]),
    (O::Ex2, &[K::Bf16x2], &[&[K::Ftz]]),
    // `rcp.approx.ftz.f64` (9.7.3.14)
    (O::Rcp, &[K::Approx, K::F64], &[&[K::Ftz]]),
    // `tanh.approx.type` (9.7.3.22, 9.7.4.9)
    (O::Tanh, &[], &[&[K::Approx]]),
    // `suld.b.geom{.cop}{.vec}.dtype.clamp`, `sust.{b,p}.geom{.cop}{.vec}.ctype.clamp`
    (O::Suld, &[], &[&[K::B], GEOMETRY, CLAMP_MODE]),
    (O::Sust, &[], &[&[K::B, K::P], GEOMETRY, CLAMP_MODE]),
    // `tex.geom.v4.dtype.ctype`, `tld4.comp.2d.v4.dtype.f32`
    (O::Tex, &[], &[TEX_GEOMETRY, &[K::V4, K::V2]]),
    (O::Tld4, &[], &[&[K::R, K::G, K::B, K::A], &[K::D2d, K::A2d, K::Cube, K::Acube], &[K::V4]]),
    // `wmma.load.{a,b,c}.sync.aligned.layout.shape`, `wmma.store.d.sync.aligned.layout.shape`,
    // `wmma.mma.sync.aligned.alayout.blayout.shape`
    (O::Wmma, &[], &[&[K::Load, K::Store, K::Mma], &[K::Sync], &[K::Aligned]]),
    (O::Wmma, &[K::Load], &[&[K::A, K::B, K::C], LAYOUT]),
    (O::Wmma, &[K::Store], &[&[K::D], LAYOUT]),
    (O::Wmma, &[K::Mma], &[LAYOUT]),
    (O::Mma, &[], &[&[K::Sync], &[K::Aligned]]),
    (O::Mbarrier, &[], &[MBARRIER_OPS]),
    (O::Ldmatrix, &[], &[&[K::Sync], &[K::Aligned], &[K::X1, K::X2, K::X4]]),
    (O::Stmatrix, &[], &[&[K::Sync], &[K::Aligned], &[K::X1, K::X2, K::X4]]),
    (O::Movmatrix, &[], &[&[K::Sync], &[K::Aligned], &[K::Trans]]),
    (O::Elect, &[], &[&[K::Sync]]),
    (O::Griddepcontrol, &[], &[&[K::Wait, K::LaunchDependents]]),
    (O::Createpolicy, &[], &[&[K::Fractional, K::Range]]),
    // `createpolicy.fractional.L2::primary_priority...` and `.range` alike (9.7.9.18)
    (O::Createpolicy, &[K::Fractional], &[L2_PRIORITY]),
    (O::Createpolicy, &[K::Range], &[L2_PRIORITY]),
    (O::Prefetchu, &[], &[&[K::L1]]),
    (O::Cp, &[], &[&[K::Async]]),
];

/// Instructions that name their operation, form or mode (see [`REQUIRED`]).
fn mode(v: &mut Validator<'_>, ins: &Instruction) {
    for (_, _, groups) in REQUIRED.iter().filter(|(op, with, _)| *op == ins.opcode && with.iter().all(|&k| ins.has(k)))
    {
        for modes in *groups {
            if !modes.iter().any(|&k| ins.has(k)) {
                let names: Vec<String> = modes.iter().map(|k| format!("`.{}`", k.as_str())).collect();
                let msg = match names.as_slice() {
                    [one] => format!("`{}` requires {one}", ins.opcode.as_str()),
                    _ => format!("`{}` requires one of {}", ins.opcode.as_str(), names.join(", ")),
                };
                v.err(ins.span, msg);
            }
        }
    }
}

/// Floating-point words on the arithmetic instructions: rounding and `.ftz` only with a float
/// type (`sub.rn.s32` is an error), `redux`'s `.abs`/`.NaN` only with `.f32`; `sqrt`/`rcp`/`div` of `.f32`/`.f64` say how they round
/// (`.approx`, `.full` or a rounding mode), and `sqrt.rn.ftz` is for `.f32` only.
fn float_words(v: &mut Validator<'_>, ins: &Instruction) {
    use crate::types::{ScalarType, TypeKind};
    // `redux.sync.min{.abs}{.NaN}.f32`: those words are for .f32 only.
    if ins.opcode == O::Redux && ins.types().next() != Some(ScalarType::F32) {
        if let Some(k) = [K::Abs, K::NaN].into_iter().find(|&k| ins.has(k)) {
            v.err(ins.span, format!("`{}`: `.{}` is only for .f32", full_name(v.m, ins), k.as_str()));
        }
        return;
    }
    // "For PTX ISA version 1.4 and later, the .approx modifier is required" (9.7.3.16-21).
    let approximated = matches!(ins.opcode, O::Rsqrt | O::Sin | O::Cos | O::Lg2 | O::Ex2);
    if approximated && !ins.has(K::Approx) && (v.version == 0 || v.version >= 14) {
        v.err(ins.span, format!("`{}` requires `.approx` (from PTX ISA 1.4 on)", full_name(v.m, ins)));
    }
    if !matches!(ins.opcode, O::Add | O::Sub | O::Mul | O::Mad | O::Sqrt | O::Rcp | O::Div) {
        return;
    }
    let Some(t) = ins.types().next() else { return };
    let rounding = ins.kws().find(|k| matches!(k, K::Rn | K::Rz | K::Rm | K::Rp));
    let ftz = ins.has(K::Ftz);
    let name = full_name(v.m, ins);
    if t.kind() != TypeKind::Float {
        if let Some(w) = rounding.or(ftz.then_some(K::Ftz)) {
            v.err(ins.span, format!("`{name}`: `.{}` is only for floating-point types", w.as_str()));
        }
        return;
    }
    if matches!(ins.opcode, O::Sqrt | O::Rcp | O::Div) && matches!(t, ScalarType::F32 | ScalarType::F64) {
        if rounding.is_none() && !ins.has(K::Approx) && !ins.has(K::Full) {
            let msg = format!("`{name}` needs `.approx`, `.full` or a rounding modifier (`.rn`, `.rz`, `.rm`, `.rp`)");
            v.err(ins.span, msg);
        }
        // (ptxas takes `rcp.rn.ftz.f64`, not `sqrt.rn.ftz.f64`.)
        if ftz && t == ScalarType::F64 && rounding.is_some() && ins.opcode == O::Sqrt {
            v.err(ins.span, format!("`{name}`: `.ftz` is only for .f32"));
        }
    }
}
