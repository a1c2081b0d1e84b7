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
        vector_width(v, ins);
        // A third operand is the cache policy of `.L2::cache_hint`.
        let n = ins.operands.len();
        if n > 2 && !ins.has(Kw::L2CacheHint) {
            v.err(ins.span, format!("`{}` expects 2 operands, found {n}", full_name(v.m, ins)));
        }
    } else {
        const OPS: &[Kw] = &[Kw::And, Kw::Or, Kw::Xor, Kw::Cas, Kw::Exch, Kw::Add, Kw::Inc, Kw::Dec, Kw::Min, Kw::Max];
        if !OPS.iter().any(|&k| ins.has(k)) {
            v.err(ins.span, format!("`{name}` requires an operation such as `.add` or `.cas`"));
        }
        if ins.has(Kw::Noftz)
            && !ins
                .types()
                .any(|t| matches!(t, ScalarType::F16 | ScalarType::F16x2 | ScalarType::Bf16 | ScalarType::Bf16x2))
        {
            v.err(ins.span, format!("`{name}.noftz` is only for .f16, .f16x2, .bf16 and .bf16x2"));
        }
        if op == Opcode::Atom && ins.has(Kw::Cas) {
            let want = 4 + usize::from(ins.has(Kw::L2CacheHint));
            let n = ins.operands.len();
            if n != want {
                v.err(ins.span, format!("`atom.cas` expects {want} operands (d, [a], b, c), found {n}"));
            }
        }
    }
    let at = usize::from(matches!(op, Opcode::Ld | Opcode::Atom));
    if let Some(Operand::Addr(a)) = ins.operands.get(at)
        && let Some(base) = a.base
    {
        address(v, ins, base);
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
            // (ptxas takes 32-bit address registers for 64-bit addresses: it extends them.)
            let r = t.scalar;
            if matches!(r.kind(), TypeKind::Pred | TypeKind::Float) && r != ScalarType::F16x2 {
                let msg = format!(
                    "address register `{}` is .{r}; an address is an integer or bit-size register",
                    v.name(base)
                );
                v.err(ins.span, msg);
            }
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
