//! The operands and qualifiers of the memory instructions `ld`, `st`, `atom` and `red` (PTX ISA
//! 9.7.9.8-9.7.9.9, 9.7.13.5-9.7.13.6; where ptxas 13.0 is stricter than the manual's text,
//! ptxas decides, see `tests/ptxas_agreement.rs`):
//! - a type word is required, and `atom`/`red` need an operation;
//! - `ld`/`st` with `.relaxed`/`.acquire`/`.release` need a scope, and a scope needs one of them;
//! - an address register is an integer or bit-size register;
//! - a variable used as an address is in the instruction's state space (a generic access
//!   reaches `.global`, `.shared` and `.local` variables only);
//! - `.v2`/`.v4`/`.v8` take a vector of that many elements, and a scalar access no vector;
//! - `.noftz` is for the 16-bit float types; `atom.cas` has a compare and a swap operand.

use super::{Sym, Validator, full_name};
use crate::ast::{Instruction, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, StateSpace, TypeKind};

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    let op = ins.opcode;
    if matches!(op, Opcode::Cvta | Opcode::Isspacep) {
        address_conversion(v, ins);
        return;
    }
    if matches!(op, Opcode::Prefetch | Opcode::Prefetchu) && !ins.has(Kw::Tensor) {
        prefetch(v, ins);
        return;
    }
    if op == Opcode::Red && (ins.has(Kw::Async) || ins.has(Kw::MbarrierCompleteTxBytes)) {
        red_async(v, ins);
        return;
    }
    let mbarrier_form = ins.has(Kw::MbarrierCompleteTxBytes) || !(ins.has(Kw::Release) || ins.has(Kw::Mmio));
    if op == Opcode::St && ins.has(Kw::Async) && mbarrier_form {
        st_async(v, ins);
        return;
    }
    if !matches!(op, Opcode::Ld | Opcode::St | Opcode::Atom | Opcode::Red) || ins.has(Kw::Async) || ins.has(Kw::Bulk) {
        return;
    }
    let name = op.as_str();
    let ty = ins.types().next();
    if ty.is_none() {
        v.err(ins.span, format!("`{name}` requires a type such as `.u32` or `.b64`"));
    }
    if matches!(op, Opcode::Ld | Opcode::St) {
        orderings(v, ins);
        qualifiers(v, ins);
        vector_width(v, ins);
        // A third operand is the cache policy of `.L2::cache_hint`: a 64-bit integer.
        let n = ins.operands.len();
        let hint = ins.has(Kw::L2CacheHint);
        if n != 2 + usize::from(hint) {
            let want = if hint { "3 operands (the third a cache policy)" } else { "2 operands" };
            v.err(ins.span, format!("`{}` expects {want}, found {n}", full_name(v.m, ins)));
        } else if hint {
            cache_policy(v, ins, 2);
        }
    } else {
        const OPS: &[Kw] = &[Kw::And, Kw::Or, Kw::Xor, Kw::Cas, Kw::Exch, Kw::Add, Kw::Inc, Kw::Dec, Kw::Min, Kw::Max];
        if !OPS.iter().any(|&k| ins.has(k)) {
            v.err(ins.span, format!("`{name}` requires an operation such as `.add` or `.cas`"));
        }
        let half = ins
            .types()
            .any(|t| matches!(t, ScalarType::F16 | ScalarType::F16x2 | ScalarType::Bf16 | ScalarType::Bf16x2));
        if ins.has(Kw::Noftz) && !half {
            v.err(ins.span, format!("`{name}.noftz` is only for .f16, .f16x2, .bf16 and .bf16x2"));
        } else if half && !ins.has(Kw::Noftz) && !ins.has(Kw::Cas) && !ins.has(Kw::Exch) {
            v.err(ins.span, format!("`{}` requires `.noftz` for its 16-bit float type", full_name(v.m, ins)));
        }
        if op == Opcode::Atom {
            atom_operands(v, ins);
        } else {
            let n = ins.operands.len();
            if n != 2 + usize::from(ins.has(Kw::L2CacheHint)) {
                let msg = if ins.has(Kw::L2CacheHint) {
                    format!("`{}` expects 3 operands ([a], b, cache-policy), found {n}", full_name(v.m, ins))
                } else {
                    format!(
                        "`{}` expects 2 operands ([a], b), found {n}; a third is a cache policy with `.L2::cache_hint`",
                        full_name(v.m, ins)
                    )
                };
                v.err(ins.span, msg);
            }
        }
        vector_atomic(v, ins);
    }
    let at = usize::from(matches!(op, Opcode::Ld | Opcode::Atom));
    if let Some(Operand::Addr(a)) = ins.operands.get(at)
        && let Some(base) = a.base
    {
        address(v, ins, base);
    }
}

/// `red.async.relaxed.cluster{.shared::cluster}.mbarrier::complete_tx::bytes.op.type [a], b,
/// [mbar]` (PTX ISA 9.7.13.7): the words are fixed but for the operation and its types.
fn red_async(v: &mut Validator<'_>, ins: &Instruction) {
    use Kw as K;
    let name = full_name(v.m, ins);
    for (k, what) in [
        (K::Async, "`.async`"),
        (K::Relaxed, "`.relaxed`"),
        (K::Cluster, "`.cluster`"),
        (K::MbarrierCompleteTxBytes, "`.mbarrier::complete_tx::bytes`"),
    ] {
        if !ins.has(k) {
            v.err(ins.span, format!("`{name}` requires {what}"));
        }
    }
    const OTHER: &[Kw] = &[
        K::Release,
        K::Acquire,
        K::Cta,
        K::Gpu,
        K::Sys,
        K::Global,
        K::Shared,
        K::SharedCta,
        K::V2,
        K::V4,
        K::V8,
        K::Noftz,
    ];
    if let Some(k) = ins.kws().find(|k| OTHER.contains(k)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `red.async`", k.as_str()));
    }
    // (operation, types)
    const OPS: &[(Kw, &[ScalarType])] = &[
        (K::Inc, &[ScalarType::U32]),
        (K::Dec, &[ScalarType::U32]),
        (K::Min, &[ScalarType::U32, ScalarType::S32]),
        (K::Max, &[ScalarType::U32, ScalarType::S32]),
        (K::And, &[ScalarType::B32]),
        (K::Or, &[ScalarType::B32]),
        (K::Xor, &[ScalarType::B32]),
        (K::Add, &[ScalarType::U32, ScalarType::S32, ScalarType::U64]),
    ];
    let ty = ins.types().next();
    match OPS.iter().find(|(k, _)| ins.has(*k)) {
        None => v.err(ins.span, format!("`{name}` requires an operation such as `.add` or `.inc`")),
        Some((k, types)) => match ty {
            Some(t) if types.contains(&t) => {}
            _ => {
                let allowed: Vec<String> = types.iter().map(|t| format!(".{t}")).collect();
                let msg = format!("`red.async.{}` takes {}", k.as_str(), allowed.join(", "));
                v.err(ins.span, msg);
            }
        },
    }
    // (ptxas also takes it without the `[mbar]` operand)
    let n = ins.operands.len();
    if !(2..=3).contains(&n) {
        v.err(ins.span, format!("`{name}` expects 3 operands ([a], b, [mbar]), found {n}"));
    }
    for i in [0, 2] {
        if let Some(Operand::Addr(a)) = ins.operands.get(i)
            && let Some(base) = a.base
        {
            address_in(v, ins, base, Some(StateSpace::SharedCluster));
        }
    }
}

/// `st.async{.weak|.cluster}{.shared::cluster}.mbarrier::complete_tx::bytes{.v2|.v4}.type [a],
/// b, [mbar]` (PTX ISA 9.7.9.12; the `.release` form is not checked here).
fn st_async(v: &mut Validator<'_>, ins: &Instruction) {
    use ScalarType as T;
    let name = full_name(v.m, ins);
    // (ptxas also takes `.shared`/`.shared::cta`, a scalar `b` with `.v2`/`.v4`, and no `[mbar]`)
    const WORDS: &[Kw] = &[
        Kw::Async,
        Kw::Weak,
        Kw::Cluster,
        Kw::SharedCluster,
        Kw::Shared,
        Kw::SharedCta,
        Kw::MbarrierCompleteTxBytes,
        Kw::V2,
        Kw::V4,
    ];
    if let Some(k) = ins.kws().find(|&k| super::forms::kw_type(k).is_none() && !WORDS.contains(&k)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `st.async`", k.as_str()));
    }
    if !ins.has(Kw::MbarrierCompleteTxBytes) {
        v.err(ins.span, format!("`{name}` requires `.mbarrier::complete_tx::bytes`"));
    }
    let ty = ins.types().next();
    match ty {
        Some(T::B32 | T::B64 | T::B128 | T::U32 | T::U64 | T::S32 | T::S64 | T::F32 | T::F64) => {}
        None => v.err(ins.span, format!("`{name}` requires a type such as `.b32`")),
        Some(t) => v.err(ins.span, format!("`st.async` is not defined for .{t} (it takes 32-, 64- and 128-bit types)")),
    }
    let n = ins.operands.len();
    if !(2..=3).contains(&n) {
        v.err(ins.span, format!("`{name}` expects 3 operands ([a], b, [mbar]), found {n}"));
        return;
    }
    // `b` is a register of exactly the type's size.
    if let (Some(t), Some(Operand::Name(b))) = (ty, ins.operands.get(1))
        && let Sym::Reg(r) = v.resolve(*b)
        && r.vector == 0
        && r.scalar.size() != t.size()
    {
        let msg =
            format!("register `{}` is .{} but `{name}` stores a {}-bit value", v.name(*b), r.scalar, t.size() * 8);
        v.err(ins.span, msg);
    }
    for i in [0, 2] {
        if let Some(Operand::Addr(a)) = ins.operands.get(i)
            && let Some(base) = a.base
        {
            address_in(v, ins, base, Some(StateSpace::SharedCluster));
        }
    }
}

/// `cvta.space.size d, a`, `cvta.to.space.size d, a` and `isspacep.space p, a` (PTX ISA
/// 9.7.9.18-19): `cvta` names a state space and `.u32`/`.u64` (`.u64` in a 64-bit module: ptxas
/// 13.0 compiles no 32-bit addressing), its register operands integers of exactly that size,
/// `a` of `cvta.to` a register or immediate, a variable of `cvta` in the named space;
/// `isspacep`'s `a` a 32- or 64-bit integer register or an immediate.
fn address_conversion(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let Some(space) = space(ins) else {
        v.err(ins.span, format!("`{name}` requires a state space such as `.global` or `.shared`"));
        return;
    };
    let int = |t: ScalarType| matches!(t.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed);
    if ins.opcode == Opcode::Isspacep {
        if let Some(Operand::Name(p)) = ins.operands.first()
            && let Sym::Reg(t) = v.resolve(*p)
            && (t.vector != 0 || t.scalar != ScalarType::Pred)
        {
            v.err(ins.span, format!("register `{}` is .{}; `{name}` writes a .pred", v.name(*p), t.scalar));
        }
        match ins.operands.get(1) {
            Some(Operand::Name(n)) => match v.resolve(*n) {
                Sym::Reg(t) if t.vector == 0 && !(int(t.scalar) && matches!(t.scalar.size(), 4 | 8)) => {
                    let msg = format!(
                        "register `{}` is .{}; `{name}` tests a 32- or 64-bit integer address",
                        v.name(*n),
                        t.scalar
                    );
                    v.err(ins.span, msg);
                }
                Sym::Var(_) => v.err(ins.span, format!("`{name}` tests an address in a register, not a variable")),
                _ => {}
            },
            Some(Operand::NameOffset(..)) => {
                v.err(ins.span, format!("`{name}` tests an address in a register, not a variable"));
            }
            _ => {}
        }
        return;
    }
    let size = match ins.types().next() {
        Some(ScalarType::U64) => 8,
        Some(ScalarType::U32) => 4,
        Some(t) => {
            v.err(ins.span, format!("`cvta` is not defined for .{t} (it takes .u32, .u64)"));
            return;
        }
        None => {
            v.err(ins.span, format!("`{name}` requires a size, `.u64` (or `.u32`)"));
            return;
        }
    };
    if size == 4 && v.m.address_size == 64 && v.m.address_size_span.is_some() {
        v.err(ins.span, format!("`{name}`: a 64-bit module converts 64-bit addresses (`.u64`)"));
        return;
    }
    let to = ins.has(Kw::To);
    for (i, op) in ins.operands.iter().enumerate().take(2) {
        match op {
            Operand::Name(n) => match v.resolve(*n) {
                Sym::Reg(t) if t.vector == 0 && !(int(t.scalar) && t.scalar.size() == size) => {
                    let msg = format!(
                        "register `{}` is .{} but operand {i} of `{name}` is a {}-bit integer",
                        v.name(*n),
                        t.scalar,
                        size * 8
                    );
                    v.err(ins.span, msg);
                }
                Sym::Var(_) if to => {
                    v.err(
                        ins.span,
                        format!("`{name}` converts an address in a register, not the variable `{}`", v.name(*n)),
                    );
                }
                Sym::Var(var) if !reaches(Some(space), var) => {
                    let msg =
                        format!("`{}` is a `.{var}` variable; `{name}` converts `.{space}` addresses", v.name(*n));
                    v.err(ins.span, msg);
                }
                _ => {}
            },
            Operand::NameOffset(n, _) if to => {
                v.err(
                    ins.span,
                    format!("`{name}` converts an address in a register, not the variable `{}`", v.name(*n)),
                );
            }
            Operand::NameOffset(n, _) => {
                if let Sym::Var(var) = v.resolve(*n)
                    && !reaches(Some(space), var)
                {
                    let msg =
                        format!("`{}` is a `.{var}` variable; `{name}` converts `.{space}` addresses", v.name(*n));
                    v.err(ins.span, msg);
                }
            }
            _ => {}
        }
    }
}

/// `atom.cas d, [a], b, c` (no cache policy); the others `d, [a], b{, cache-policy}`.
fn atom_operands(v: &mut Validator<'_>, ins: &Instruction) {
    let n = ins.operands.len();
    let hint = ins.has(Kw::L2CacheHint);
    if ins.has(Kw::Cas) {
        if hint {
            v.err(ins.span, "`atom.cas` takes no `.L2::cache_hint`");
        } else if n != 4 {
            v.err(ins.span, format!("`atom.cas` expects 4 operands (d, [a], b, c), found {n}"));
        }
        return;
    }
    // ptxas also takes the `d, [a], b, c` form for the bitwise operations and `.exch` of .b32,
    // and `.exch` of .b128 (`c` of the instruction's type, see typecheck.rs).
    let four = !hint
        && n == 4
        && match ins.types().next() {
            Some(ScalarType::B32) => [Kw::And, Kw::Or, Kw::Xor, Kw::Exch].into_iter().any(|k| ins.has(k)),
            Some(ScalarType::B128) => ins.has(Kw::Exch),
            _ => false,
        };
    let want = 3 + usize::from(hint);
    if n != want && !four {
        let msg = if hint {
            format!("`{}` expects 4 operands (d, [a], b, cache-policy), found {n}", full_name(v.m, ins))
        } else {
            format!(
                "`{}` expects 3 operands (d, [a], b), found {n}; a fourth is a cache policy with `.L2::cache_hint`",
                full_name(v.m, ins)
            )
        };
        v.err(ins.span, msg);
    }
}

/// `atom`/`red` with a vector type (PTX ISA 9.7.13.5 "Atomic operation with vector type"):
/// `.global` or generic only; per element type the operations and widths of the manual's
/// table; `d` and `b` vectors of that width.
fn vector_atomic(v: &mut Validator<'_>, ins: &Instruction) {
    use ScalarType::{Bf16, Bf16x2, F16, F16x2, F32};
    let name = full_name(v.m, ins);
    let Some(t) = ins.types().next() else { return };
    let width = [(Kw::V2, 2), (Kw::V4, 4), (Kw::V8, 8)].into_iter().find(|&(k, _)| ins.has(k)).map(|(_, n)| n);
    let min_max = ins.has(Kw::Min) || ins.has(Kw::Max);
    // (the scalar forms' types are type_words.rs's)
    let Some(width) = width else { return };
    // (element type, operations, widths)
    let ok = match t {
        F32 => ins.has(Kw::Add) && width != 8,
        F16 | Bf16 => ins.has(Kw::Add) || min_max,
        F16x2 | Bf16x2 => (ins.has(Kw::Add) || min_max) && width != 8,
        _ => false,
    };
    if !ok {
        let msg = format!(
            "`{name}` is not a vector atomic: `.v2`/`.v4` take `.add` of .f32 or `.add`/`.min`/`.max` of .f16x2/.bf16x2, `.v8` only .f16/.bf16"
        );
        v.err(ins.span, msg);
        return;
    }
    if let Some(s) = space(ins).filter(|&s| s != StateSpace::Global) {
        v.err(ins.span, format!("`{name}`: a vector atomic is for `.global` (or generic) addresses, not `.{s}`"));
    }
    let data: &[usize] = if ins.opcode == Opcode::Atom { &[0, 2] } else { &[1] };
    for &i in data {
        let got = match ins.operands.get(i) {
            Some(Operand::Vector(items)) => items.len(),
            Some(_) => 1,
            None => continue,
        };
        if got != width {
            let msg = format!(
                "operand {i} of `{name}` must be a vector of {width}, found {}",
                if got == 1 { "a scalar".to_string() } else { format!("a vector of {got}") }
            );
            v.err(ins.span, msg);
        }
    }
}

/// The classes of `ld`/`st` qualifiers (where each may go: [`QUALIFIER_RULES`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Qualifier {
    Volatile,
    /// `.relaxed`, `.acquire`, `.release` (with a scope).
    Ordered,
    Mmio,
    /// `.ca`, `.cg`, `.cs`, `.lu`, `.cv`, `.wb`, `.wt`.
    CacheOp,
    NonCoherent,
    /// `.L1::evict_*`, `.L1::no_allocate`, `.L2::evict_*`.
    Eviction,
    /// `.L2::64B`, `.L2::128B`, `.L2::256B`.
    Prefetch,
    CacheHint,
}

/// The class of `ld`/`st` qualifier `k` is, if it is one.
pub fn qualifier(k: Kw) -> Option<Qualifier> {
    use Qualifier as Q;
    Some(match k {
        Kw::Volatile => Q::Volatile,
        Kw::Relaxed | Kw::Acquire | Kw::Release => Q::Ordered,
        Kw::Mmio => Q::Mmio,
        Kw::Ca | Kw::Cg | Kw::Cs | Kw::Lu | Kw::Cv | Kw::Wb | Kw::Wt => Q::CacheOp,
        Kw::Nc => Q::NonCoherent,
        Kw::L1EvictFirst
        | Kw::L1EvictLast
        | Kw::L1EvictNormal
        | Kw::L1EvictUnchanged
        | Kw::L1NoAllocate
        | Kw::L2EvictFirst
        | Kw::L2EvictLast
        | Kw::L2EvictNormal
        | Kw::L2EvictUnchanged => Q::Eviction,
        Kw::L264B | Kw::L2128B | Kw::L2256B => Q::Prefetch,
        Kw::L2CacheHint => Q::CacheHint,
        _ => return None,
    })
}

/// Where each qualifier class may go (the syntax blocks of PTX ISA 9.7.9.8 `ld` and 9.7.9.10
/// `st`; ptxas 13.0 agrees): the state spaces it takes (`None`: generic), and the classes it
/// excludes.
struct QualifierRule {
    class: Qualifier,
    spaces: &'static [Option<StateSpace>],
    excludes: &'static [Qualifier],
}

const GENERIC_GLOBAL: &[Option<StateSpace>] = &[None, Some(StateSpace::Global)];
const GENERIC_GLOBAL_SHARED: &[Option<StateSpace>] = &[
    None,
    Some(StateSpace::Global),
    Some(StateSpace::Shared),
    Some(StateSpace::SharedCta),
    Some(StateSpace::SharedCluster),
];

static QUALIFIER_RULES: &[QualifierRule] = {
    use Qualifier as Q;
    &[
        QualifierRule {
            class: Q::Volatile,
            spaces: GENERIC_GLOBAL_SHARED,
            excludes: &[Q::CacheOp, Q::NonCoherent, Q::Eviction, Q::CacheHint],
        },
        QualifierRule { class: Q::Ordered, spaces: GENERIC_GLOBAL_SHARED, excludes: &[Q::CacheOp, Q::NonCoherent] },
        QualifierRule {
            class: Q::Mmio,
            spaces: GENERIC_GLOBAL,
            excludes: &[Q::CacheOp, Q::NonCoherent, Q::Eviction, Q::Prefetch, Q::CacheHint],
        },
        QualifierRule { class: Q::Eviction, spaces: GENERIC_GLOBAL, excludes: &[Q::CacheOp] },
        QualifierRule { class: Q::Prefetch, spaces: GENERIC_GLOBAL, excludes: &[] },
        QualifierRule { class: Q::CacheHint, spaces: GENERIC_GLOBAL, excludes: &[] },
        QualifierRule { class: Q::NonCoherent, spaces: &[Some(StateSpace::Global)], excludes: &[] },
    ]
};

/// The qualifiers of `ld`/`st` by [`QUALIFIER_RULES`]; `.mmio` is `.mmio.relaxed.sys` of a
/// scalar; `.nc` takes only the `.ca`/`.cg`/`.cs` cache operators.
fn qualifiers(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let space = space(ins).map(|s| match s {
        StateSpace::ParamEntry | StateSpace::ParamFunc => StateSpace::Param,
        s => s,
    });
    let words: Vec<(Kw, Qualifier)> = ins.kws().filter_map(|k| qualifier(k).map(|q| (k, q))).collect();
    for &(k, q) in &words {
        let Some(rule) = QUALIFIER_RULES.iter().find(|r| r.class == q) else { continue };
        if !rule.spaces.contains(&space) {
            let at = space.map_or("a generic access".to_string(), |s| format!("`.{s}`"));
            v.err(ins.span, format!("`{name}`: `.{}` is not allowed with {at}", k.as_str()));
            return;
        }
        if let Some(&(other, _)) = words.iter().find(|(_, o)| rule.excludes.contains(o)) {
            v.err(ins.span, format!("`{name}`: `.{}` cannot be combined with `.{}`", k.as_str(), other.as_str()));
            return;
        }
    }
    if ins.has(Kw::Nc) && (ins.has(Kw::Lu) || ins.has(Kw::Cv)) {
        v.err(ins.span, format!("`{name}`: `.nc` takes only the `.ca`, `.cg` and `.cs` cache operators"));
    }
    if ins.has(Kw::Mmio) {
        let vector = ins.has(Kw::V2) || ins.has(Kw::V4) || ins.has(Kw::V8);
        if !ins.has(Kw::Relaxed) || !ins.has(Kw::Sys) || vector {
            v.err(ins.span, format!("`{name}`: `.mmio` is `.mmio.relaxed.sys` of a scalar"));
        }
    }
}

/// A cache policy operand: a 64-bit integer register or an immediate.
fn cache_policy(v: &mut Validator<'_>, ins: &Instruction, i: usize) {
    let Some(Operand::Name(n)) = ins.operands.get(i) else { return };
    if let Sym::Reg(t) = v.resolve(*n)
        && (t.vector != 0 || t.scalar.size() != 8 || matches!(t.scalar.kind(), TypeKind::Float | TypeKind::Pred))
    {
        let msg = format!(
            "the cache policy `{}` of `{}` is .{}; it is a 64-bit integer",
            v.name(*n),
            full_name(v.m, ins),
            t.scalar
        );
        v.err(ins.span, msg);
    }
}

/// `.relaxed`/`.acquire`/`.release` and the scopes come together on `ld`/`st`.
fn orderings(v: &mut Validator<'_>, ins: &Instruction) {
    let sem = [Kw::Relaxed, Kw::Acquire, Kw::Release].into_iter().find(|&k| ins.has(k));
    let scope = [Kw::Cta, Kw::Cluster, Kw::Gpu, Kw::Sys].into_iter().find(|&k| ins.has(k));
    let name = ins.opcode.as_str();
    match (sem, scope) {
        (Some(sem), None) => {
            let msg = format!("`{name}.{}` requires a scope (`.cta`, `.cluster`, `.gpu` or `.sys`)", sem.as_str());
            v.err(ins.span, msg);
        }
        (None, Some(scope)) => {
            let msg = format!(
                "the scope `.{}` of `{name}` needs a memory order (`.relaxed`, `.acquire` or `.release`)",
                scope.as_str()
            );
            v.err(ins.span, msg);
        }
        _ => {}
    }
}

/// `ld.v4 {a, b, c, d}`: the data operand is a vector exactly when the access is.
fn vector_width(v: &mut Validator<'_>, ins: &Instruction) {
    let want = [(Kw::V2, 2), (Kw::V4, 4), (Kw::V8, 8)].into_iter().find(|&(k, _)| ins.has(k)).map(|(_, n)| n);
    if want.is_some() && ins.types().next() == Some(ScalarType::B128) {
        v.err(ins.span, format!("`{}`: .b128 has no vector forms", full_name(v.m, ins)));
        return;
    }
    let at = usize::from(ins.opcode == Opcode::St);
    let Some(data) = ins.operands.get(at) else { return };
    let got = match data {
        Operand::Vector(items) => Some(items.len()),
        _ => None,
    };
    if got != want && (want.is_some() || got.is_some()) {
        let what = |n: Option<usize>| n.map_or("a scalar".to_string(), |n| format!("a vector of {n}"));
        let msg = format!("`{}` moves {} but its operand is {}", full_name(v.m, ins), what(want), what(got));
        v.err(ins.span, msg);
    }
}

/// `prefetch{.space}.level [a]`, `prefetch.global.L2::evict_{last,normal} [a]`,
/// `prefetchu.L1 [a]`, `prefetch{.const|.param}.tensormap [a]` (PTX ISA 9.7.9.15): one cache
/// level or `.tensormap`; a level prefetches `.global` or `.local` memory (an eviction priority
/// `.global` memory, which ptxas 13.0 also takes as a generic address), a tensor map lives in
/// `.const`, `.param` or generic memory. The generic forms need a generic address ("A prefetch
/// into the uniform cache requires a generic address"): a variable named there is a `.global`
/// one, whose address is its generic address (ptxas: "State space mismatch", "Non-generic
/// address is not supported").
fn prefetch(v: &mut Validator<'_>, ins: &Instruction) {
    use StateSpace as S;
    let name = full_name(v.m, ins);
    let levels: Vec<Kw> = ins
        .kws()
        .filter(|k| matches!(k, Kw::L1 | Kw::L2 | Kw::L2EvictLast | Kw::L2EvictNormal | Kw::Tensormap))
        .collect();
    let space = space(ins);
    match levels.as_slice() {
        // (`prefetchu` names its `.L1` in type_words.rs)
        [] if ins.opcode == Opcode::Prefetch => {
            v.err(ins.span, format!("`{name}` requires a cache level (`.L1` or `.L2`) or `.tensormap`"));
        }
        [_, _, ..] => v.err(ins.span, format!("`{name}` names more than one cache level")),
        [Kw::Tensormap] if !matches!(space, None | Some(S::Const | S::Param)) => {
            v.err(ins.span, format!("`{name}`: a tensor map is prefetched from `.const`, `.param` or generic memory"));
        }
        [Kw::L2EvictLast | Kw::L2EvictNormal] if !matches!(space, None | Some(S::Global)) => {
            v.err(ins.span, format!("`{name}`: an eviction priority is for `.global` memory"));
        }
        [Kw::L1 | Kw::L2] if !matches!(space, None | Some(S::Global | S::Local)) => {
            v.err(ins.span, format!("`{name}`: `prefetch` reaches `.global` and `.local` memory"));
        }
        _ => {}
    }
    let Some(Operand::Addr(a)) = ins.operands.first() else { return };
    let Some(base) = a.base else { return };
    match v.resolve(base) {
        Sym::Var(var) if space.is_none() && !ins.has(Kw::Tensormap) && var != S::Global => {
            let msg = format!(
                "`{}` is a `.{var}` variable; `{name}` reaches only `.global` variables generically",
                v.name(base)
            );
            v.err(ins.span, msg);
        }
        _ => address(v, ins, base),
    }
}

/// The state space an instruction names (`None`: generic).
fn space(ins: &Instruction) -> Option<StateSpace> {
    ins.kws().find_map(Kw::as_space)
}

/// Whether a variable of space `var` may be the address of an access to space `ins`.
fn reaches(ins: Option<StateSpace>, var: StateSpace) -> bool {
    use StateSpace::*;
    let class = |s: StateSpace| match s {
        SharedCta | SharedCluster => Shared,
        ParamEntry | ParamFunc => Param,
        s => s,
    };
    match ins {
        None => matches!(class(var), Global | Shared | Local),
        Some(s) => class(s) == class(var),
    }
}

/// An address register is an integer or bit-size register; a variable is in a state space
/// the instruction reaches (also used by `wmma` and `mbarrier`, see `operand_shapes.rs`).
pub(super) fn address(v: &mut Validator<'_>, ins: &Instruction, base: crate::ast::Name) {
    address_in(v, ins, base, space(ins));
}

/// [`address`] for an operand of state space `space` (`None`: generic), for instructions that
/// name two (`cp.async.ca.shared.global`).
pub(super) fn address_in(v: &mut Validator<'_>, ins: &Instruction, base: crate::ast::Name, space: Option<StateSpace>) {
    match v.resolve(base) {
        Sym::Reg(t) if t.vector == 0 => {
            let r = t.scalar;
            // A 32-bit register as a generic or `.global` address of a 64-bit module is 32-bit
            // addressing, which ptxas 13.0 no longer compiles ("32-Bit compilation is no longer
            // supported"); the windows of `.shared`, `.local`, `.const` and `.param` take them.
            let wide = matches!(space, None | Some(StateSpace::Global))
                && matches!(
                    ins.opcode,
                    Opcode::Ld
                        | Opcode::St
                        | Opcode::Atom
                        | Opcode::Red
                        | Opcode::Mbarrier
                        | Opcode::Prefetch
                        | Opcode::Prefetchu
                )
                && v.m.address_size == 64
                && v.m.address_size_span.is_some();
            if matches!(r.kind(), TypeKind::Pred | TypeKind::Float) && r != ScalarType::F16x2 || r.size() > 8 {
                let msg = format!(
                    "address register `{}` is .{r}; an address is an integer or bit-size register of at most 64 bits",
                    v.name(base)
                );
                v.err(ins.span, msg);
            } else if wide && r.size() == 4 {
                let to = space.map_or("a generic address".to_string(), |s| format!("a `.{s}` address"));
                let msg = format!(
                    "address register `{}` is .{r}: {to} of a 64-bit module is a 64-bit register (32-bit addressing is not supported)",
                    v.name(base)
                );
                v.err(ins.span, msg);
            }
        }
        // `atom` reaches `.global` and `.shared` only, also through a generic address.
        Sym::Var(StateSpace::Local) if ins.opcode == Opcode::Atom && space.is_none() => {
            let msg = format!(
                "`{}` is a `.local` variable; `atom` works on `.global` and `.shared` memory only",
                v.name(base)
            );
            v.err(ins.span, msg);
        }
        Sym::Var(var) if !reaches(space, var) => {
            let to = space.map_or("a generic address".to_string(), |s| format!("`.{s}`"));
            let msg = format!(
                "`{}` is a `.{var}` variable; `{}` cannot access it through {to}",
                v.name(base),
                full_name(v.m, ins)
            );
            v.err(ins.span, msg);
        }
        _ => {}
    }
}
