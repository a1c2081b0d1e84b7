//! Operands of `wmma`, `mbarrier`, `tex`/`tld4` and `suld`/`sust`, whose shapes depend on their
//! modifiers (PTX ISA 9.7.14.5 `wmma`, 9.7.13.15 `mbarrier`, 9.7.10 texture and 9.7.11
//! surface instructions); ptxas 13.0 agrees (`tests/ptxas_agreement.rs`):
//! - `wmma.load`/`wmma.store`: a fragment vector, an address in the named state space and a
//!   32-bit integer stride; `wmma.mma`: four fragment vectors;
//! - `mbarrier`: the operand count of each operation, a `.b64` state, 32-bit counts and a
//!   `.pred` completion flag;
//! - `tex`/`tld4`/`suld`/`sust`: `[handle, {coordinates}]` with as many 32-bit coordinates as
//!   the geometry takes, and a data vector as wide as `.v2`/`.v4` says.

use super::{Sym, Validator, full_name};
use crate::ast::{Instruction, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, TypeKind};

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    match ins.opcode {
        Opcode::Wmma => wmma(v, ins),
        Opcode::Mbarrier => mbarrier(v, ins),
        Opcode::Tex | Opcode::Tld4 | Opcode::Suld | Opcode::Sust => texture(v, ins),
        Opcode::Mapa => mapa(v, ins),
        Opcode::Cp => cp_async(v, ins),
        Opcode::Createpolicy => createpolicy(v, ins),
        Opcode::Ldmatrix | Opcode::Stmatrix => matrix_address(v, ins),
        Opcode::Movmatrix => movmatrix(v, ins),
        _ => {}
    }
}

/// The type of a plain scalar register operand.
fn register(v: &Validator<'_>, op: &Operand) -> Option<ScalarType> {
    match op {
        Operand::Name(n) => match v.resolve(*n) {
            Sym::Reg(t) if t.vector == 0 => Some(t.scalar),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `op` is a 32-bit integer or bit-size register, or an immediate.
fn is_int32(v: &Validator<'_>, op: &Operand) -> bool {
    match op {
        Operand::Imm(_) => true,
        _ => register(v, op).is_none_or(|t| {
            t.size() == 4 && matches!(t.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed)
        }),
    }
}

fn wmma(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let ops = &ins.operands;
    if ins.has(Kw::Mma) {
        if ops.len() != 4 || !ops.iter().all(|o| matches!(o, Operand::Vector(_))) {
            v.err(ins.span, format!("`{name}` takes four fragment vectors `{{...}}` (d, a, b, c)"));
        }
        return;
    }
    // load: d, [a]{, stride}; store: [a], d{, stride}
    if ops.len() > 3 {
        v.err(ins.span, format!("`{name}` expects 2 or 3 operands, found {}", ops.len()));
        return;
    }
    let (fragment, address) = if ins.has(Kw::Store) { (1, 0) } else { (0, 1) };
    if !matches!(ops.get(fragment), Some(Operand::Vector(_))) {
        v.err(ins.span, format!("`{name}`: the fragment is a vector `{{...}}` of registers"));
    }
    match ops.get(address) {
        Some(Operand::Addr(a)) => {
            if let Some(base) = a.base {
                super::memory::address(v, ins, base);
            }
        }
        _ => v.err(ins.span, format!("`{name}`: operand {} is an address `[...]`", address + 1)),
    }
    if let Some(stride) = ops.get(2)
        && !is_int32(v, stride)
    {
        v.err(ins.span, format!("`{name}`: the stride is a 32-bit integer"));
    }
}

/// What an `mbarrier` operand holds.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    /// `[addr]`: the barrier object.
    Addr,
    /// The `.b64` phase state (`_` allowed).
    State,
    /// A 32-bit count, parity or time hint.
    Count,
    /// The `.pred` completion flag.
    Flag,
}

fn mbarrier(v: &mut Validator<'_>, ins: &Instruction) {
    use Part::*;
    // (operands, how many of them are optional at the end)
    let (parts, optional): (&[Part], usize) = if ins.has(Kw::Init) {
        (&[Addr, Count], 0)
    } else if ins.has(Kw::Inval) {
        (&[Addr], 0)
    } else if ins.has(Kw::Arrive) || ins.has(Kw::ArriveDrop) {
        // (`.noComplete` arrivals name their count)
        let counted = ins.has(Kw::ExpectTx) || ins.has(Kw::NoComplete);
        (&[State, Addr, Count], if counted { 0 } else { 1 })
    } else if ins.has(Kw::ExpectTx) || ins.has(Kw::CompleteTx) {
        (&[Addr, Count], 0)
    } else if ins.has(Kw::TestWait) {
        (if ins.has(Kw::Parity) { &[Flag, Addr, Count] } else { &[Flag, Addr, State] }, 0)
    } else if ins.has(Kw::TryWait) {
        (if ins.has(Kw::Parity) { &[Flag, Addr, Count, Count] } else { &[Flag, Addr, State, Count] }, 1)
    } else if ins.has(Kw::PendingCount) {
        (&[Count, State], 0)
    } else {
        return;
    };
    let name = full_name(v.m, ins);
    // `.acquire` is for the waits, `.release` for the arrivals, `.relaxed` for either and for
    // `.expect_tx`/`.complete_tx`; `.init`, `.inval` and `.pending_count` take neither a
    // memory order nor a scope.
    let waits = ins.has(Kw::TestWait) || ins.has(Kw::TryWait);
    let arrives = ins.has(Kw::Arrive) || ins.has(Kw::ArriveDrop);
    let plain = ins.has(Kw::Init) || ins.has(Kw::Inval) || ins.has(Kw::PendingCount);
    let misplaced = [Kw::Acquire, Kw::Release, Kw::Relaxed, Kw::Cta, Kw::Cluster].into_iter().find(|&k| {
        ins.has(k)
            && match k {
                Kw::Acquire => !waits,
                Kw::Release => !arrives,
                _ => plain,
            }
    });
    if let Some(k) = misplaced {
        v.err(ins.span, format!("`.{}` is not a modifier of `{name}`", k.as_str()));
        return;
    }
    if !mbarrier_words(v, ins, &name) {
        return;
    }
    let n = ins.operands.len();
    if n > parts.len() || n + optional < parts.len() {
        let want = if optional == 0 {
            parts.len().to_string()
        } else {
            format!("{} or {}", parts.len() - optional, parts.len())
        };
        v.err(ins.span, format!("`{name}` expects {want} operands, found {n}"));
        return;
    }
    for (i, (op, &part)) in ins.operands.iter().zip(parts).enumerate() {
        let ok = match part {
            Addr => match op {
                Operand::Addr(a) => {
                    if let Some(base) = a.base {
                        super::memory::address(v, ins, base);
                    }
                    true
                }
                _ => false,
            },
            State => {
                matches!(op, Operand::Sink)
                    || register(v, op).is_none_or(|t| t.size() == 8 && t.kind() != TypeKind::Float)
            }
            Count => is_int32(v, op),
            Flag => register(v, op).is_none_or(|t| t == ScalarType::Pred),
        };
        if !ok {
            let what = match part {
                Addr => "the barrier's address `[...]`",
                State => "a 64-bit state register",
                Count => "a 32-bit integer",
                Flag => "a .pred register",
            };
            v.err(ins.span, format!("`{name}`: operand {} must be {what}", i + 1));
            return;
        }
    }
}

/// The words of an `mbarrier` form (PTX ISA 9.7.13.15.9-17): one operation (an arrival may
/// also `.expect_tx`); `.sem` and `.scope` "must be specified together", and with
/// `.noComplete` only as `.release.cta`; `.parity` is for the waits; `.shared::cluster` is for
/// the arrivals (whose state result is then `_`), `.expect_tx` and `.complete_tx`;
/// `.pending_count` names no state space. False (after reporting) if a word is wrong.
fn mbarrier_words(v: &mut Validator<'_>, ins: &Instruction, name: &str) -> bool {
    const OPS: &[Kw] = &[
        Kw::Init,
        Kw::Inval,
        Kw::Arrive,
        Kw::ArriveDrop,
        Kw::TestWait,
        Kw::TryWait,
        Kw::PendingCount,
        Kw::ExpectTx,
        Kw::CompleteTx,
    ];
    let ops: Vec<Kw> = ins.kws().filter(|k| OPS.contains(k)).collect();
    let arrives = ins.has(Kw::Arrive) || ins.has(Kw::ArriveDrop);
    let waits = ins.has(Kw::TestWait) || ins.has(Kw::TryWait);
    let fault = if ops.len() > 1 && !(ops.len() == 2 && arrives && ins.has(Kw::ExpectTx)) {
        Some(format!("`{name}` names more than one operation (`.{}`, `.{}`)", ops[0].as_str(), ops[1].as_str()))
    } else if ins.has(Kw::NoComplete) && (!arrives || ins.has(Kw::ExpectTx)) {
        Some(format!("`{name}`: `.noComplete` is for `mbarrier.arrive` and `mbarrier.arrive_drop` only"))
    } else if ins.has(Kw::Parity) && !waits {
        Some(format!("`{name}`: `.parity` is for `mbarrier.test_wait` and `mbarrier.try_wait` only"))
    } else {
        let sem = [Kw::Release, Kw::Acquire, Kw::Relaxed].into_iter().find(|&k| ins.has(k));
        let scope = [Kw::Cta, Kw::Cluster].into_iter().find(|&k| ins.has(k));
        let cluster_space = ins.has(Kw::SharedCluster);
        match (sem, scope) {
            (Some(k), None) | (None, Some(k)) => {
                Some(format!("`{name}`: `.{}` needs its companion: `.sem` and `.scope` come together", k.as_str()))
            }
            (Some(s), Some(c)) if ins.has(Kw::NoComplete) && (s, c) != (Kw::Release, Kw::Cta) => {
                Some(format!("`{name}`: with `.noComplete` the only `.sem.scope` is `.release.cta`"))
            }
            _ if cluster_space && !(arrives || ins.has(Kw::ExpectTx) || ins.has(Kw::CompleteTx)) => {
                Some(format!("`{name}`: `.shared::cluster` is for the arrivals, `.expect_tx` and `.complete_tx`"))
            }
            _ if cluster_space && arrives && !matches!(ins.operands.first(), Some(Operand::Sink)) => Some(format!(
                "`{name}`: an arrival on a `.shared::cluster` barrier returns no state; its destination is `_`"
            )),
            _ if ins.has(Kw::PendingCount) && ins.kws().any(|k| k.as_space().is_some()) => {
                Some(format!("`{name}` reads a state operand and names no state space"))
            }
            _ => None,
        }
    };
    match fault {
        Some(msg) => {
            v.err(ins.span, msg);
            false
        }
        None => true,
    }
}

/// Coordinates each geometry takes (3-D and layered 2-D ones are padded to four).
fn coordinates(ins: &Instruction) -> Option<usize> {
    [(Kw::D1d, 1), (Kw::D2d, 2), (Kw::D3d, 4), (Kw::A1d, 2), (Kw::A2d, 4), (Kw::Cube, 4), (Kw::Acube, 4)]
        .into_iter()
        .find(|&(k, _)| ins.has(k))
        .map(|(_, n)| n)
}

fn texture(v: &mut Validator<'_>, ins: &Instruction) {
    let name = full_name(v.m, ins);
    let (data, address) = if ins.opcode == Opcode::Sust { (1, 0) } else { (0, 1) };
    // `[handle, {c...}]`, or `[texture, sampler, {c...}]` for `tex`/`tld4`
    let coords = match ins.operands.get(address) {
        Some(Operand::AddrList(items))
            if items.len() == 2 || (items.len() == 3 && ins.opcode != Opcode::Suld && ins.opcode != Opcode::Sust) =>
        {
            items.last()
        }
        _ => {
            v.err(ins.span, format!("`{name}`: operand {} is `[handle, {{coordinates}}]`", address + 1));
            return;
        }
    };
    match (coords, coordinates(ins)) {
        (Some(Operand::Vector(c)), Some(want)) => {
            if c.len() != want {
                v.err(ins.span, format!("`{name}` takes {want} coordinates, found {}", c.len()));
            } else if c.iter().any(|o| register(v, o).is_some_and(|t| t.size() != 4)) {
                v.err(ins.span, format!("`{name}`: the coordinates are 32-bit registers"));
            } else if let Some(ctype) = ins.types().nth(1) {
                // `tex`/`tld4` coordinates are of the coordinate type (ptxas 13.0 does not check
                // the layered geometries' coordinates, whose first is an integer layer index)
                let layered = ins.has(Kw::A1d) || ins.has(Kw::A2d) || ins.has(Kw::Acube);
                let float = ctype == ScalarType::F32;
                let wrong = !layered && c.iter().any(|o| register(v, o).is_some_and(|t| !kind_fits(t, float)));
                if wrong {
                    v.err(ins.span, format!("`{name}`: the coordinates are not of the coordinate type .{ctype}"));
                }
            }
        }
        (Some(Operand::Vector(_)), None) => {}
        _ => v.err(ins.span, format!("`{name}`: the coordinates are a vector `{{...}}`")),
    }
    data_registers(v, ins, &name, data);
    if matches!(ins.opcode, Opcode::Tex | Opcode::Tld4) {
        texture_extras(v, ins, &name);
    }
    // `tex.level`: the level of detail is of the coordinate type (exactly `.f32` for `.f32`)
    if ins.opcode == Opcode::Tex
        && ins.has(Kw::Level)
        && let Some(ctype) = ins.types().nth(1)
        && let Some(lod) = ins.operands.get(2)
        && register(v, lod).is_some_and(|t| {
            t.size() != 4
                || if ctype == ScalarType::F32 {
                    !matches!(t, ScalarType::F32 | ScalarType::B32)
                } else {
                    !kind_fits(t, false)
                }
        })
    {
        v.err(ins.span, format!("`{name}`: the level of detail is a .{ctype}"));
    }
    // the result (`sust`: the value) vector
    // (without `.v2`/`.v4`, ptxas 13.0 takes a vector of any width)
    let want = if ins.has(Kw::V4) {
        4
    } else if ins.has(Kw::V2) {
        2
    } else {
        return;
    };
    let got = match ins.operands.get(data) {
        Some(Operand::Vector(items)) => items.len(),
        Some(Operand::Pair(first, _)) => match &**first {
            Operand::Vector(items) => items.len(),
            _ => 1,
        },
        Some(_) => 1,
        None => return,
    };
    if got != want {
        v.err(ins.span, format!("`{name}` moves {want} elements, but its data operand has {got}"));
    }
}

/// The operands after `tex`'s and `tld4`'s `[a, {b,} c]` (PTX ISA 9.7.10.3-4): `tex.level`'s
/// lod, `tex.grad`'s two gradient vectors, then the optional offset `e` (a vector of the
/// coordinates' length; a scalar does for one coordinate) and depth compare value `f` (a
/// scalar); none of them is another address.
fn texture_extras(v: &mut Validator<'_>, ins: &Instruction, name: &str) {
    let rest = ins.operands.get(2..).unwrap_or_default();
    if rest.iter().any(|o| matches!(o, Operand::Addr(_) | Operand::AddrList(_))) {
        v.err(ins.span, format!("`{name}` takes one texture address; the operands after it are values"));
        return;
    }
    let fixed = if ins.opcode != Opcode::Tex {
        0
    } else if ins.has(Kw::Level) {
        1
    } else if ins.has(Kw::Grad) {
        2
    } else {
        0
    };
    if rest.len() < fixed {
        let what = if fixed == 1 { "a level of detail" } else { "two gradient vectors (dPdx, dPdy)" };
        v.err(ins.span, format!("`{name}` needs {what} after its address"));
        return;
    }
    if rest.len() > fixed + 2 {
        v.err(
            ins.span,
            format!(
                "`{name}` has {} operands; at most the offset and the depth compare value follow",
                ins.operands.len()
            ),
        );
        return;
    }
    // one offset per dimension, 3-D ones padded to four; a layer index has none
    let dims = [(Kw::D1d, 1), (Kw::A1d, 1), (Kw::D2d, 2), (Kw::A2d, 2), (Kw::D2dms, 2), (Kw::A2dms, 2), (Kw::D3d, 4)];
    let offsets = dims.into_iter().find(|&(k, _)| ins.has(k)).map(|(_, n)| n);
    // `e` is a vector (a scalar for one offset), `f` a scalar: a lone scalar is `f` unless the
    // texture has one dimension
    let (e, f) = match &rest[fixed..] {
        [] => (None, None),
        [one @ Operand::Vector(_)] => (Some(one), None),
        [one] if offsets == Some(1) => (Some(one), None),
        [one] => (None, Some(one)),
        [e, f] => (Some(e), Some(f)),
        _ => return,
    };
    if let (Some(e), Some(want)) = (e, offsets) {
        let ok = match e {
            Operand::Vector(items) => items.len() == want,
            _ => want == 1,
        };
        if !ok {
            v.err(ins.span, format!("`{name}`: the offset `e` is a vector of {want} .s32 values"));
            return;
        }
    }
    if let Some(f) = f {
        // "Depth compare operand is not supported for 3d textures" nor multi-sample ones
        let no_depth = ins.has(Kw::D3d) || ins.has(Kw::D2dms) || ins.has(Kw::A2dms);
        if matches!(f, Operand::Vector(_)) {
            v.err(ins.span, format!("`{name}`: the depth compare value `f` is a scalar"));
        } else if no_depth {
            v.err(ins.span, format!("`{name}`: this geometry takes no depth compare value"));
        }
    }
}

/// `mapa{.space}.type d, a, b`: `d` and `a` of the type's size, `b` (the CTA rank) 32-bit.
fn mapa(v: &mut Validator<'_>, ins: &Instruction) {
    let Some(t) = ins.types().next() else { return };
    let [d, a, b] = ins.operands.as_slice() else { return };
    // (ptxas takes `.f16x2` registers as 32-bit ones here)
    let sized = |o: &Operand| {
        register(v, o).is_none_or(|r| {
            r.size() == t.size()
                && (matches!(r.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed)
                    || r == ScalarType::F16x2)
        })
    };
    if !sized(d) || !sized(a) || !is_int32(v, b) {
        let name = full_name(v.m, ins);
        let msg = format!("`{name}` takes a {}-bit destination and address and a 32-bit CTA rank", t.size() * 8);
        v.err(ins.span, msg);
    }
}

/// `cp.async.{ca,cg}.shared{::cta}.global [d], [s], cp-size{, src-size}`: a copy of 4, 8 or 16
/// bytes (`.cg`: 16) from at most that many source bytes; `cp.async.commit_group`,
/// `cp.async.wait_group N` and `cp.async.wait_all` take no other words.
fn cp_async(v: &mut Validator<'_>, ins: &Instruction) {
    use crate::ast::Imm;
    if ins.has(Kw::Bulk) && !ins.has(Kw::Tensor) && !ins.has(Kw::Reduce) && !ins.has(Kw::Prefetch) {
        cp_async_bulk(v, ins);
        return;
    }
    if ins.has(Kw::Bulk) || ins.has(Kw::Tensor) || ins.has(Kw::Reduce) {
        return;
    }
    let name = full_name(v.m, ins);
    // (words `cp` never takes are reported by the modifier check)
    let cp_word = |k: Kw| super::forms::allowed_words(Opcode::Cp).is_some_and(|w| w.contains(&k));
    let group = [Kw::CommitGroup, Kw::WaitGroup, Kw::WaitAll].into_iter().find(|&k| ins.has(k));
    if let Some(group) = group {
        if let Some(k) = ins.kws().find(|&k| k != Kw::Async && k != group && cp_word(k)) {
            let msg = format!("`.{}` is not a modifier of `cp.async.{}`", k.as_str(), group.as_str());
            v.err(ins.span, msg);
        }
        // `cp.async.wait_group N`: an integer immediate
        let want = usize::from(group == Kw::WaitGroup);
        let ok = ins.operands.len() == want && ins.operands.iter().all(|o| matches!(o, Operand::Imm(Imm::Int(_))));
        if !ok {
            let what = if want == 1 { "an integer immediate" } else { "no operands" };
            v.err(ins.span, format!("`cp.async.{}` takes {what}", group.as_str()));
        }
        return;
    }
    if ins.has(Kw::Mbarrier) {
        // `cp.async.mbarrier.arrive{.noinc}{.shared{::cta}}.b64 [addr]`
        const OWN: &[Kw] = &[Kw::Async, Kw::Mbarrier, Kw::Arrive, Kw::Noinc, Kw::Shared, Kw::SharedCta, Kw::B64];
        if let Some(k) = ins.kws().find(|k| !OWN.contains(k)) {
            v.err(ins.span, format!("`.{}` is not a modifier of `cp.async.mbarrier.arrive`", k.as_str()));
        } else if !ins.has(Kw::Arrive) {
            v.err(ins.span, format!("`{name}` requires `.arrive`"));
        } else if ins.operands.len() != 1 || ins.types().next() != Some(ScalarType::B64) {
            v.err(ins.span, format!("`{name}` takes one `[address]` and the type .b64"));
        } else if let Some(Operand::Addr(a)) = ins.operands.first()
            && let Some(base) = a.base
        {
            super::memory::address_in(v, ins, base, Some(crate::types::StateSpace::Shared));
        }
        return;
    }
    if !(ins.has(Kw::Ca) || ins.has(Kw::Cg)) {
        v.err(ins.span, format!("`{name}` needs `.ca` or `.cg`"));
        return;
    }
    let own = [
        Kw::Async,
        Kw::Ca,
        Kw::Cg,
        Kw::Shared,
        Kw::SharedCta,
        Kw::Global,
        Kw::L2CacheHint,
        Kw::L264B,
        Kw::L2128B,
        Kw::L2256B,
    ];
    if let Some(k) = ins.kws().find(|&k| cp_word(k) && !own.contains(&k)) {
        v.err(
            ins.span,
            format!("`.{}` is not a modifier of `cp.async.{}`", k.as_str(), if ins.has(Kw::Ca) { "ca" } else { "cg" }),
        );
        return;
    }
    if !(ins.has(Kw::Shared) || ins.has(Kw::SharedCta)) || !ins.has(Kw::Global) {
        v.err(ins.span, format!("`{name}` copies from `.global` to `.shared`: it names both spaces"));
        return;
    }
    // [dst], [src], cp-size{, src-size}{, cache-policy}
    let most = 4 + usize::from(ins.has(Kw::L2CacheHint));
    if !(3..=most).contains(&ins.operands.len()) {
        v.err(ins.span, format!("`{name}` expects 3 to {most} operands, found {}", ins.operands.len()));
        return;
    }
    for (i, space) in [(0, crate::types::StateSpace::Shared), (1, crate::types::StateSpace::Global)] {
        match ins.operands.get(i) {
            Some(Operand::Addr(a)) => {
                if let Some(base) = a.base {
                    super::memory::address_in(v, ins, base, Some(space));
                }
            }
            _ => v.err(ins.span, format!("`{name}`: operand {} is an address `[...]`", i + 1)),
        }
    }
    let size = |o: Option<&Operand>| match o {
        Some(Operand::Imm(Imm::Int(n))) => Some(*n),
        _ => None,
    };
    let allowed: &[i64] = if ins.has(Kw::Cg) { &[16] } else { &[4, 8, 16] };
    match size(ins.operands.get(2)) {
        Some(n) if allowed.contains(&n) => {
            if let Some(src) = ins.operands.get(3) {
                let ok = match src {
                    Operand::Imm(Imm::Int(s)) => (0..=n).contains(s),
                    Operand::Imm(_) => false,
                    other => is_int32(v, other),
                };
                if !ok {
                    v.err(ins.span, format!("`{name}`: the source size is an integer from 0 to the copy size {n}"));
                }
            }
        }
        _ => {
            let list: Vec<String> = allowed.iter().map(i64::to_string).collect();
            v.err(ins.span, format!("`{name}`: the copy size is an immediate {}", list.join(", ")));
        }
    }
}

/// Whether register type `t` may hold a float (`float`) or an integer (`!float`) operand of a
/// texture instruction: ptxas 13.0 takes integer registers for float operands, not the reverse.
fn kind_fits(t: ScalarType, float: bool) -> bool {
    match t.kind() {
        TypeKind::Bits | TypeKind::Signed | TypeKind::Unsigned => true,
        TypeKind::Float => float,
        _ => false,
    }
}

/// The data registers of `tex`/`tld4` (results of the result type: integer or `.f32`) and of
/// `suld`/`sust` (at least as wide as the type, `.b8` in 16 bits or more).
fn data_registers(v: &mut Validator<'_>, ins: &Instruction, name: &str, at: usize) {
    let Some(t) = ins.types().next() else { return };
    let items: &[Operand] = match ins.operands.get(at) {
        Some(Operand::Vector(items)) => items,
        Some(Operand::Pair(first, _)) => match &**first {
            Operand::Vector(items) => items,
            one => std::slice::from_ref(one),
        },
        Some(one) => std::slice::from_ref(one),
        None => return,
    };
    let fits = |r: ScalarType| match ins.opcode {
        Opcode::Suld | Opcode::Sust => r.size() >= t.size().max(2) && r.kind() != TypeKind::Pred,
        _ => match t {
            ScalarType::U32 | ScalarType::S32 => r.size() == 4 && kind_fits(r, false),
            ScalarType::F32 => r.size() == 4 && kind_fits(r, true),
            // `.f16` results are 16-bit values, one per register
            ScalarType::F16 => r.size() == 2,
            _ => true,
        },
    };
    if items.iter().any(|o| register(v, o).is_some_and(|r| !fits(r))) {
        v.err(ins.span, format!("`{name}`: the data registers do not hold .{t} values"));
    }
}

/// `createpolicy.fractional...b64 policy{, fraction}` (PTX ISA 9.7.9.17): a 64-bit integer
/// policy register and a floating-point immediate fraction (ptxas 13.0 takes no integer one).
fn createpolicy(v: &mut Validator<'_>, ins: &Instruction) {
    if !ins.has(Kw::Fractional) {
        return;
    }
    let name = full_name(v.m, ins);
    let n = ins.operands.len();
    if !(1..=2).contains(&n) {
        v.err(ins.span, format!("`{name}` expects 1 or 2 operands (policy{{, fraction}}), found {n}"));
        return;
    }
    if let Some(t) = ins.operands.first().and_then(|o| register(v, o))
        && !(t.size() == 8 && matches!(t.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed))
    {
        v.err(ins.span, format!("the cache policy of `{name}` is a 64-bit integer register, not .{t}"));
    }
    if let Some(Operand::Imm(crate::ast::Imm::Int(_))) = ins.operands.get(1) {
        v.err(ins.span, format!("the fraction of `{name}` is a floating-point immediate such as `0f3F800000`"));
    }
}

/// `ldmatrix d, [a]` and `stmatrix [a], r`: the address is in the named state space
/// (`.shared`), as for `ld`/`st` (memory.rs).
fn matrix_address(v: &mut Validator<'_>, ins: &Instruction) {
    let at = usize::from(ins.opcode == Opcode::Ldmatrix);
    if let Some(Operand::Addr(a)) = ins.operands.get(at)
        && let Some(base) = a.base
    {
        super::memory::address(v, ins, base);
    }
}

/// `movmatrix.sync.aligned.m8n8.trans.b16 d, a`: each a pair of .b16 in a 32-bit register
/// (ptxas 13.0 checks only that no register is 16 or 64 bits wide: it takes .f32 and .pred).
fn movmatrix(v: &mut Validator<'_>, ins: &Instruction) {
    for (i, op) in ins.operands.iter().enumerate() {
        if let Some(t) = register(v, op)
            && t.size() != 4
            && t != ScalarType::Pred
        {
            let msg = format!("operand {i} of `{}` is .{t}; it is a 32-bit register (two .b16)", full_name(v.m, ins));
            v.err(ins.span, msg);
        }
    }
}

/// `cp.async.bulk.dst.src.completion{.multicast::cluster}{.L2::cache_hint} [dst], [src], size,
/// [mbar]{, ctaMask}{, policy}` and `cp.async.bulk.global.shared::cta.bulk_group{.L2::cache_hint}
/// {.cp_mask} [dst], [src], size{, policy}{, byteMask}` (PTX ISA 9.7.9.25.4.1): two of
/// `.global`, `.shared::cta`, `.shared::cluster` (plain `.shared` is not one), no cache
/// operator or reduction, a 32-bit integer size, addresses in their spaces.
fn cp_async_bulk(v: &mut Validator<'_>, ins: &Instruction) {
    use crate::types::StateSpace as S;
    let name = full_name(v.m, ins);
    const NOT_BULK: &[Kw] = &[
        Kw::Ca,
        Kw::Cg,
        Kw::Shared,
        Kw::Add,
        Kw::Min,
        Kw::Max,
        Kw::Inc,
        Kw::Dec,
        Kw::And,
        Kw::Or,
        Kw::Xor,
        Kw::Noftz,
        Kw::WaitAll,
        Kw::Mbarrier,
        Kw::Arrive,
    ];
    // (`cp.async.bulk.commit_group`, `cp.async.bulk.wait_group{.read} N` are not copies)
    if ins.has(Kw::WaitGroup) || ins.has(Kw::CommitGroup) {
        return;
    }
    if let Some(k) = ins.kws().find(|k| NOT_BULK.contains(k)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `cp.async.bulk`", k.as_str()));
        return;
    }
    let spaces: Vec<S> = ins
        .kws()
        .filter_map(|k| match k {
            Kw::Global => Some(S::Global),
            Kw::SharedCta => Some(S::SharedCta),
            Kw::SharedCluster => Some(S::SharedCluster),
            _ => None,
        })
        .collect();
    let [dst, src] = spaces[..] else {
        v.err(
            ins.span,
            format!("`{name}` names a destination and a source space (`.global`, `.shared::cta`, `.shared::cluster`)"),
        );
        return;
    };
    if dst == src {
        v.err(ins.span, format!("`{name}` copies between two different spaces"));
        return;
    }
    let mbarrier = ins.has(Kw::MbarrierCompleteTxBytes);
    if mbarrier == ins.has(Kw::BulkGroup) {
        v.err(ins.span, format!("`{name}` completes through one of `.mbarrier::complete_tx::bytes` and `.bulk_group`"));
        return;
    }
    let fixed = if mbarrier { 4 } else { 3 };
    let most = fixed
        + usize::from(ins.has(Kw::MulticastCluster))
        + usize::from(ins.has(Kw::L2CacheHint))
        + usize::from(ins.has(Kw::CpMask));
    let n = ins.operands.len();
    if !(fixed..=most).contains(&n) {
        let want = if fixed == most { format!("{fixed}") } else { format!("{fixed} to {most}") };
        v.err(ins.span, format!("`{name}` expects {want} operands, found {n}"));
        return;
    }
    for (i, space) in [(0, dst), (1, src), (3, S::Shared)] {
        match ins.operands.get(i) {
            Some(Operand::Addr(a)) => {
                if let Some(base) = a.base {
                    super::memory::address_in(v, ins, base, Some(space));
                }
            }
            Some(_) if i < fixed => v.err(ins.span, format!("`{name}`: operand {i} is an address `[...]`")),
            _ => {}
        }
    }
    let float = matches!(ins.operands[2], Operand::Imm(crate::ast::Imm::F32(_) | crate::ast::Imm::F64(_)));
    if !is_int32(v, &ins.operands[2]) || float {
        v.err(ins.span, format!("the size (operand 2) of `{name}` is a 32-bit integer"));
    }
}
