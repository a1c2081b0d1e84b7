//! The forms of `bar` and `barrier` (PTX ISA 9.7.13.1-9.7.13.3; ptxas 13.0 agrees, see
//! `tests/ptxas_agreement.rs`):
//!
//! ```text
//! bar{.cta}.sync a{, b};            barrier{.cta}.sync{.aligned} a{, b};
//! bar{.cta}.arrive a, b;            barrier{.cta}.arrive{.aligned} a, b;
//! bar{.cta}.red.popc.u32 d, a{, b}, {!}c;   bar{.cta}.red.{and,or}.pred p, a{, b}, {!}c;
//! bar.warp.sync membermask;
//! barrier.cluster.arrive{.release|.relaxed}{.aligned};  barrier.cluster.wait{.acquire}{.aligned};
//! ```
//!
//! `a` (the barrier), `b` (the thread count: a multiple of the warp size, nonzero for
//! `.arrive`), `d` and the member mask are 32-bit integers; `p` and `c` predicates. `.cta`
//! comes first (ptxas: "Illegal modifier '.cta'" elsewhere). The barrier number's range is
//! checked with the other immediates in `forms.rs`.
//!
//! `fence` (9.7.13.4): `fence{.sc|.acq_rel}.scope` names a scope and no state space,
//! `fence.mbarrier_init.release.cluster` is that exactly, `fence.proxy` names a proxy kind and
//! `fence.proxy.async{.space}` no memory order or scope (the other proxy and restrict forms
//! are checked by their words only).

use super::{Sym, Validator, full_name};
use crate::ast::{Imm, Instruction, Modifier, Operand};
use crate::keyword::Kw;
use crate::types::{Opcode, ScalarType, TypeKind};

/// One form: its operation word, the other words it takes, and its operand count range.
struct Form {
    op: Kw,
    cluster: bool,
    words: &'static [Kw],
    operands: (usize, usize),
}

const fn form(op: Kw, cluster: bool, words: &'static [Kw], operands: (usize, usize)) -> Form {
    Form { op, cluster, words, operands }
}

/// The forms of `bar` (`barrier` also takes `.aligned`).
static FORMS: &[Form] = &[
    form(Kw::Sync, false, &[Kw::Cta], (1, 2)),
    form(Kw::Arrive, false, &[Kw::Cta], (2, 2)),
    form(Kw::Red, false, &[Kw::Cta, Kw::Popc, Kw::And, Kw::Or], (3, 4)),
    form(Kw::Arrive, true, &[Kw::Release, Kw::Relaxed], (0, 0)),
    form(Kw::Wait, true, &[Kw::Acquire], (0, 0)),
];

pub(super) fn check(v: &mut Validator<'_>, ins: &Instruction) {
    if ins.opcode == Opcode::Fence {
        fence(v, ins);
        return;
    }
    if !matches!(ins.opcode, Opcode::Bar | Opcode::Barrier) {
        return;
    }
    let name = full_name(v.m, ins);
    if ins.has(Kw::Warp) {
        warp_sync(v, ins, &name);
        return;
    }
    let cluster = ins.has(Kw::Cluster);
    let Some(form) = FORMS.iter().find(|f| f.cluster == cluster && ins.has(f.op)) else {
        let what = if cluster { "`.arrive` or `.wait`" } else { "`.sync`, `.arrive` or `.red`" };
        v.err(ins.span, format!("`{name}` requires {what}"));
        return;
    };
    let barrier = ins.opcode == Opcode::Barrier;
    if cluster && !barrier {
        v.err(ins.span, format!("`{name}`: the cluster barrier is `barrier.cluster`"));
        return;
    }
    for (i, m) in ins.mods.iter().enumerate() {
        let Modifier::Kw(k) = *m else { continue };
        let own = k == form.op
            || k == Kw::Cluster && cluster
            || form.words.contains(&k)
            || k == Kw::Aligned && barrier
            || super::forms::kw_type(k).is_some();
        if !own {
            let cl = if cluster { ".cluster" } else { "" };
            let msg =
                format!("`.{}` is not a modifier of `{}{cl}.{}`", k.as_str(), ins.opcode.as_str(), form.op.as_str());
            v.err(ins.span, msg);
            return;
        }
        if k == Kw::Cta && i != 0 {
            v.err(ins.span, format!("`{name}`: `.cta` comes right after `{}`", ins.opcode.as_str()));
            return;
        }
    }
    let n = ins.operands.len();
    let (lo, hi) = form.operands;
    if n < lo || n > hi {
        let want = if lo == hi { format!("{lo}") } else { format!("{lo} or {hi}") };
        v.err(ins.span, format!("`{name}` expects {want} operands, found {n}"));
        return;
    }
    if form.op == Kw::Red {
        reduction(v, ins, &name);
        return;
    }
    if cluster {
        return;
    }
    integer(v, ins, 0, &name);
    if let Some(b) = ins.operands.get(1) {
        integer(v, ins, 1, &name);
        thread_count(v, ins, b, form.op == Kw::Arrive, &name);
    }
}

/// `bar.warp.sync membermask`.
fn warp_sync(v: &mut Validator<'_>, ins: &Instruction, name: &str) {
    if ins.opcode != Opcode::Bar {
        v.err(ins.span, format!("`{name}`: the warp barrier is `bar.warp.sync`"));
        return;
    }
    if let Some(k) = ins.kws().find(|k| !matches!(k, Kw::Warp | Kw::Sync)) {
        v.err(ins.span, format!("`.{}` is not a modifier of `bar.warp.sync`", k.as_str()));
        return;
    }
    if !ins.has(Kw::Sync) {
        v.err(ins.span, format!("`{name}` requires `.sync`"));
        return;
    }
    let n = ins.operands.len();
    if n != 1 {
        v.err(ins.span, format!("`{name}` expects 1 operand (the member mask), found {n}"));
        return;
    }
    integer(v, ins, 0, name);
}

/// `bar.red.popc.u32 d, a{, b}, {!}c` and `bar.red.{and,or}.pred p, a{, b}, {!}c`.
fn reduction(v: &mut Validator<'_>, ins: &Instruction, name: &str) {
    let popc = ins.has(Kw::Popc);
    let logic = ins.has(Kw::And) || ins.has(Kw::Or);
    if popc == logic {
        v.err(ins.span, format!("`{name}` requires one operation: `.popc`, `.and` or `.or`"));
        return;
    }
    let want = if popc { ScalarType::U32 } else { ScalarType::Pred };
    if ins.types().next() != Some(want) {
        v.err(ins.span, format!("`{name}`: `.{}` requires the type .{want}", if popc { "popc" } else { "and`/`.or" }));
        return;
    }
    let n = ins.operands.len();
    // (ptxas also takes a .f16x2 register as the destination, as 32 untyped bits)
    let f16x2 = matches!(ins.operands.first(), Some(Operand::Name(d)) if matches!(v.resolve(*d), Sym::Reg(t) if t.vector == 0 && t.scalar == ScalarType::F16x2));
    match (f16x2, popc) {
        (true, _) => {}
        (false, true) => integer(v, ins, 0, name),
        (false, false) => predicate(v, ins, 0, name),
    }
    integer(v, ins, 1, name);
    if n == 4 {
        integer(v, ins, 2, name);
        if let Some(b) = ins.operands.get(2) {
            thread_count(v, ins, b, false, name);
        }
    }
    predicate(v, ins, n - 1, name);
}

/// Operand `i` is a 32-bit integer register or an integer immediate.
fn integer(v: &mut Validator<'_>, ins: &Instruction, i: usize, name: &str) {
    match ins.operands.get(i) {
        Some(Operand::Imm(Imm::Int(_))) | None => {}
        Some(Operand::Imm(_)) => {
            v.err(ins.span, format!("operand {i} of `{name}` is a floating-point immediate; it is a 32-bit integer"));
        }
        Some(Operand::Name(n)) => {
            if let Sym::Reg(t) = v.resolve(*n)
                && (t.vector != 0
                    || t.scalar.size() != 4
                    || !matches!(t.scalar.kind(), TypeKind::Bits | TypeKind::Unsigned | TypeKind::Signed))
            {
                let msg = format!(
                    "register `{}` is .{} but operand {i} of `{name}` is a 32-bit integer",
                    v.name(*n),
                    t.scalar
                );
                v.err(ins.span, msg);
            }
        }
        Some(_) => {}
    }
}

/// Operand `i` is a `.pred` register (or `!p` for the source).
fn predicate(v: &mut Validator<'_>, ins: &Instruction, i: usize, name: &str) {
    let Some(Operand::Name(n) | Operand::Not(n)) = ins.operands.get(i) else {
        if let Some(op) = ins.operands.get(i) {
            let what = if matches!(op, Operand::Imm(_)) { "an immediate" } else { "not a register" };
            v.err(ins.span, format!("operand {i} of `{name}` is {what}; it is a predicate"));
        }
        return;
    };
    if let Sym::Reg(t) = v.resolve(*n)
        && (t.vector != 0 || t.scalar != ScalarType::Pred)
    {
        v.err(ins.span, format!("register `{}` is .{} but operand {i} of `{name}` is a .pred", v.name(*n), t.scalar));
    }
}

/// An immediate thread count is a multiple of the warp size (nonzero for `.arrive`).
fn thread_count(v: &mut Validator<'_>, ins: &Instruction, b: &Operand, arrive: bool, name: &str) {
    let Operand::Imm(Imm::Int(count)) = *b else { return };
    if count % 32 != 0 {
        v.err(ins.span, format!("`{name}`: the thread count {count} is not a multiple of the warp size (32)"));
    } else if arrive && count == 0 {
        v.err(ins.span, format!("`{name}` needs a nonzero thread count"));
    }
}

/// The `fence` forms (see the module comment).
fn fence(v: &mut Validator<'_>, ins: &Instruction) {
    const SEMANTICS: &[Kw] = &[Kw::Sc, Kw::AcqRel, Kw::Acquire, Kw::Release];
    const SCOPES: &[Kw] = &[Kw::Cta, Kw::Cluster, Kw::Gpu, Kw::Sys];
    const SPACES: &[Kw] = &[Kw::Global, Kw::Shared, Kw::SharedCta, Kw::SharedCluster];
    let name = full_name(v.m, ins);
    let has_any = |ks: &[Kw]| ks.iter().find(|&&k| ins.has(k)).copied();
    if ins.has(Kw::MbarrierInit) {
        if ins.kws().any(|k| !matches!(k, Kw::MbarrierInit | Kw::Release | Kw::Cluster))
            || !ins.has(Kw::Release)
            || !ins.has(Kw::Cluster)
        {
            v.err(ins.span, format!("`{name}`: the form is `fence.mbarrier_init.release.cluster`"));
        }
        return;
    }
    if ins.has(Kw::Proxy) {
        if ins.has(Kw::Async) && !ins.has(Kw::TensormapGeneric) {
            let spaces = ins.kws().filter(|k| SPACES.contains(k)).count();
            if let Some(k) = has_any(SEMANTICS).or_else(|| has_any(SCOPES)) {
                v.err(ins.span, format!("`{name}`: `fence.proxy.async` takes no `.{}`", k.as_str()));
            } else if ins.has(Kw::Shared) || spaces > 1 {
                let msg = format!(
                    "`{name}`: `fence.proxy.async` names at most one of `.global`, `.shared::cta`, `.shared::cluster`"
                );
                v.err(ins.span, msg);
            }
        } else if !ins.kws().any(|k| {
            matches!(
                k,
                Kw::Alias
                    | Kw::Tensormap
                    | Kw::TensormapGeneric
                    | Kw::AsyncGeneric
                    | Kw::ToProxykind
                    | Kw::FromProxykind
            )
        }) {
            v.err(ins.span, format!("`{name}` requires a proxy kind such as `.alias` or `.async`"));
        }
        return;
    }
    if ins.kws().any(|k| {
        matches!(k, Kw::OpRestrict | Kw::SyncRestrict | Kw::SyncRestrictSharedCluster | Kw::SyncRestrictSharedCta)
    }) {
        return;
    }
    if let Some(k) = has_any(SPACES).or_else(|| ins.has(Kw::Async).then_some(Kw::Async)) {
        v.err(ins.span, format!("`{name}`: `.{}` is not a modifier of `fence{{.sem}}.scope`", k.as_str()));
    } else if has_any(SCOPES).is_none() {
        v.err(ins.span, format!("`{name}` requires a scope (`.cta`, `.cluster`, `.gpu` or `.sys`)"));
    }
}
