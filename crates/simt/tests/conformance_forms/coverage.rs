//! The table's coverage, checked: every kind of operation the engines execute
//! (`simt::all_op_kinds`, one per `Op` variant and sub-operation, from the executor's one
//! table of them) and every instruction type the PTX front end defines per opcode and mode
//! (`ptx::validate::type_rules`, the validator's one table of them) has a form here, each run
//! on every engine, in every operand shape, converged and diverged. What has none is listed
//! below with the reason; the lists only shrink (an entry that gains a form fails too).
//!
//! A form covers every instruction of its own text, those that adapt its operands and result
//! (the `setp` that makes `selp.u32`'s predicate) too: its results depend on each of them.

use crate::{Case, Src, cases, instruction, kernel, shapes};
use simt::{Engine, Program};
use std::collections::{BTreeMap, BTreeSet};

/// Why an item has no form: run by other tests, or not reachable from valid PTX that an
/// H200 (sm_90) runs.
const CONTROL: &str = "leaves or enters a function: a slot's result would not be stored \
                       (tests/kernels, crates/simt/tests/jit.rs, builtins.rs, brkpt.rs)";
const TEXTURE: &str = "needs a texture or surface object bound by the host (texture.rs, texture_tiers.rs, \
                       block_tier_tex.rs)";
const ASYNC: &str = "needs a cluster of more than one CTA (`%cluster_nctarank > 1`, PTX ISA st.async; the \
                     table's launches have none, and an H200 faults there: illegal instruction) (async_store.rs runs them \
                     in clusters of two)";
const NOT_SM90: &str = "needs sm_100 or newer: the H200 cannot record it (the validator's gating)";
const NOT_PTX: &str = "not valid PTX: the rule's list is shared with the scalar form (ptxas: vector atomics \
                       take only .f16/.bf16 min and max, scalar half min/max needs a vector)";
const NOT_DECODED: &str = "no valid PTX decodes to it: atom/red min/max of f32/f64 and scalar halves are refused \
                           by the validator (vector ones are AtomV)";

/// Kinds with no form, and why.
const KIND_HOLES: &[(&str, &str)] = &[
    ("Atom::HMin", NOT_DECODED),
    ("Atom::HMax", NOT_DECODED),
    ("Atom::MinF", NOT_DECODED),
    ("Atom::MaxF", NOT_DECODED),
    ("Call", CONTROL),
    ("CallInd", CONTROL),
    ("Builtin", CONTROL),
    ("Ret", CONTROL),
    ("Exit", CONTROL),
    ("Trap", CONTROL),
    ("Cluster::StAsync", ASYNC),
    ("Cluster::RedAsync", ASYNC),
    ("Tex::Sample", TEXTURE),
    ("Tex::Query", TEXTURE),
    ("Tex::Load", TEXTURE),
    ("Tex::Store", TEXTURE),
    ("Tex::Reduce", TEXTURE),
    ("Tex::IsType", TEXTURE),
];

/// The validator's `(opcode, first type)` pairs with no form, and why.
const TYPE_HOLES: &[(&str, &str)] = &[
    ("add .f32x2", NOT_SM90),
    ("add .u8x4", NOT_SM90),
    ("add .s8x4", NOT_SM90),
    ("sub .f32x2", NOT_SM90),
    ("sub .u8x4", NOT_SM90),
    ("sub .s8x4", NOT_SM90),
    ("mul !.lo !.hi .f32x2", NOT_SM90),
    ("neg .s8x4", NOT_SM90),
    ("min .u8x4", NOT_SM90),
    ("min .s8x4", NOT_SM90),
    ("max .u8x4", NOT_SM90),
    ("max .s8x4", NOT_SM90),
    ("fma .f32x2", NOT_SM90),
    ("redux .f32", NOT_SM90),
    ("ldmatrix .b8", NOT_SM90),
    ("stmatrix .b8", NOT_SM90),
    ("suld .b8", TEXTURE),
    ("suld .b16", TEXTURE),
    ("suld .b32", TEXTURE),
    ("suld .b64", TEXTURE),
    ("sust.p .b32", TEXTURE),
    ("sust .b8", TEXTURE),
    ("sust .b16", TEXTURE),
    ("sust .b32", TEXTURE),
    ("sust .b64", TEXTURE),
    ("tex .u32", TEXTURE),
    ("tex .s32", TEXTURE),
    ("tex .f16", TEXTURE),
    ("tex .f32", TEXTURE),
    ("tex .f16x2", TEXTURE),
    ("tld4 .u32", TEXTURE),
    ("tld4 .s32", TEXTURE),
    ("tld4 .f32", TEXTURE),
    ("atom.min .u32", NOT_PTX),
    ("atom.min .s32", NOT_PTX),
    ("atom.min .u64", NOT_PTX),
    ("atom.min .s64", NOT_PTX),
    ("atom.max .u32", NOT_PTX),
    ("atom.max .s32", NOT_PTX),
    ("atom.max .u64", NOT_PTX),
    ("atom.max .s64", NOT_PTX),
    ("red.min .u32", NOT_PTX),
    ("red.min .s32", NOT_PTX),
    ("red.min .u64", NOT_PTX),
    ("red.min .s64", NOT_PTX),
    ("red.max .u32", NOT_PTX),
    ("red.max .s32", NOT_PTX),
    ("red.max .u64", NOT_PTX),
    ("red.max .s64", NOT_PTX),
];

/// Kinds and types whose forms run converged only: the ISA requires the whole warp or block
/// to execute them (`.aligned` matrix instructions, block and cluster barriers).
const CONVERGED_ONLY: &[&str] = &[
    "Bar",
    "Cluster::Arrive",
    "Cluster::Wait",
    "Mma::Load",
    "Mma::Store",
    "Mma::Mma",
    "Mma::Ldmatrix",
    "Mma::Stmatrix",
    "Mma::Movmatrix",
    "mma .f16",
    "mma .f32",
    "mma .f64",
    "mma .s32",
    "ldmatrix .b16",
    "stmatrix .b16",
    "movmatrix .b16",
];

/// What covers an item: how many forms, and whether one of them runs diverged.
#[derive(Default)]
struct Cover {
    forms: usize,
    diverged: bool,
}

impl Cover {
    fn add(&mut self, c: &Case) {
        self.forms += 1;
        self.diverged |= !c.converged_only;
    }
}

/// The 1-based lines of `src` (the form's kernel) that hold the form's own instructions.
fn form_lines(c: &Case, src: &str) -> BTreeSet<u32> {
    let n = shapes(c).len();
    let mut texts: BTreeSet<String> = BTreeSet::new();
    for (slot, shape) in shapes(c).into_iter().enumerate() {
        texts.extend(instruction(c, slot, shape, false).lines().map(str::to_string));
    }
    texts.extend(instruction(c, n, [Src::Loaded; 3], !c.converged_only).lines().map(str::to_string));
    src.lines().enumerate().filter(|(_, l)| texts.contains(*l)).map(|(i, _)| i as u32 + 1).collect()
}

/// The PTX-level name of a type rule's entry: `opcode{.with}{!without} .type`.
fn type_name(rule: &ptx::validate::TypeRule, ty: Option<ptx::keyword::Kw>) -> String {
    let mut s = rule.op.as_str().to_string();
    for w in rule.with {
        s.push('.');
        s.push_str(w.as_str());
    }
    for w in rule.without {
        s.push_str(" !.");
        s.push_str(w.as_str());
    }
    s.push_str(" .");
    s.push_str(ty.map_or("(none)", |t| t.as_str()));
    s
}

#[test]
fn every_operation_and_instruction_type_has_a_form_on_every_engine_in_every_shape() {
    // Every form runs on these four engines (`check_form`), in every operand shape
    // (`shapes`), converged and, unless `converged_only`, diverged.
    let engines: BTreeSet<String> = crate::common::ENGINES.iter().map(|e| format!("{e:?}")).collect();
    let want: BTreeSet<String> =
        [Engine::Interp, Engine::JitAll, Engine::Warp, Engine::Block].iter().map(|e| format!("{e:?}")).collect();
    assert_eq!(engines, want, "the table runs on every engine");
    let mut kinds: BTreeMap<&'static str, Cover> = BTreeMap::new();
    let mut types: BTreeMap<String, Cover> = BTreeMap::new();
    let mut kinds_by_form: Vec<(String, BTreeSet<&'static str>)> = Vec::new();
    for c in cases() {
        let ops = shapes(&c);
        let has = |f: fn(&Src) -> bool| ops.iter().any(|s| f(&s[0]));
        assert!(
            has(|s| matches!(s, Src::Loaded))
                && has(|s| matches!(s, Src::Uniform))
                && has(|s| matches!(s, Src::Affine)),
            "{}: every operand shape",
            c.op
        );
        let src = kernel(&c);
        let lines = form_lines(&c, &src);
        assert!(!lines.is_empty(), "{}: no instruction of its own in its kernel", c.op);
        // Valid PTX, as ptxas takes it (the GPU's recording needs it; `Program::from_ptx` does
        // not validate).
        let (_, diags) = ptx::check(&src);
        assert!(diags.is_empty(), "{}: invalid PTX: {}", c.op, ptx::render_all(&diags, "form.ptx", &src));
        let p = Program::from_ptx(&src).unwrap_or_else(|e| panic!("{}: {e}", c.op));
        let mut own = BTreeSet::new();
        for (line, kind) in p.op_kinds() {
            if lines.contains(&line) {
                kinds.entry(kind).or_default().add(&c);
                own.insert(kind);
            }
        }
        kinds_by_form.push((src.clone(), own));
        let parsed = ptx::parse(&src);
        let index = ptx::LineIndex::new(&src);
        for item in &parsed.module.items {
            let ptx::ast::Item::Func(f) = item else { continue };
            for s in f.body.as_deref().unwrap_or(&[]) {
                let ptx::ast::Statement::Instr(ins) = s else { continue };
                if !lines.contains(&index.line_col(ins.span.start).0) {
                    continue;
                }
                if let Some((rule, ty)) = ptx::validate::type_rule_of(ins) {
                    types.entry(type_name(&ptx::validate::type_rules()[rule], ty)).or_default().add(&c);
                }
            }
        }
    }
    if std::env::var_os("CONFORMANCE_TIERS").is_some() {
        tiers(&kinds_by_form);
    }
    let all_kinds = simt::all_op_kinds();
    let all_types: Vec<String> =
        ptx::validate::type_rules().iter().flat_map(|r| r.types.iter().map(move |&t| type_name(r, Some(t)))).collect();
    let mut problems = Vec::new();
    let mut check = |item: &str, cover: Option<&Cover>, holes: &[(&str, &str)], what: &str| {
        let hole = holes.iter().any(|(h, _)| *h == item);
        match cover {
            None if !hole => problems.push(format!("{what} `{item}` has no form")),
            Some(_) if hole => problems.push(format!("{what} `{item}` has a form now: take it off the holes")),
            Some(c) if !c.diverged && !CONVERGED_ONLY.contains(&item) => {
                problems.push(format!("{what} `{item}` has forms that run converged only"))
            }
            _ => {}
        }
    };
    for k in &all_kinds {
        check(k, kinds.get(k), KIND_HOLES, "kind");
    }
    for t in &all_types {
        check(t, types.get(t), TYPE_HOLES, "instruction type");
    }
    let covered_kinds = all_kinds.iter().filter(|k| kinds.contains_key(*k)).count();
    let covered_types = all_types.iter().filter(|t| types.contains_key(*t)).count();
    eprintln!(
        "coverage: {covered_kinds} of {} kinds of operation, {covered_types} of {} instruction types",
        all_kinds.len(),
        all_types.len()
    );
    assert!(problems.is_empty(), "{} gaps in the conformance table:\n{}", problems.len(), problems.join("\n"));
}

/// `CONFORMANCE_TIERS=1`: for each compiled engine, the kinds that no form's kernel runs in
/// compiled code (the engine hands the whole kernel to the interpreter: `compiled_tier`), so
/// that the engine's own lowering of them is not what the table checks. Printed, not asserted:
/// an engine may leave an operation to the interpreter (`jit/compile/support.rs`).
fn tiers(forms: &[(String, BTreeSet<&'static str>)]) {
    for engine in [Engine::JitAll, Engine::Warp, Engine::Block] {
        let mut compiled: BTreeSet<&'static str> = BTreeSet::new();
        let mut all: BTreeSet<&'static str> = BTreeSet::new();
        let mut kernels = 0;
        for (src, own) in forms {
            all.extend(own);
            let mut p = Program::from_ptx(src).unwrap();
            p.set_engine(engine);
            if p.compiled_tier("k").is_ok() {
                kernels += 1;
                compiled.extend(own);
            }
        }
        let missing: Vec<&&str> = all.difference(&compiled).collect();
        eprintln!(
            "{engine:?}: {kernels} of {} forms compiled; {} of {} kinds in compiled code; only on the interpreter: {missing:?}",
            forms.len(),
            compiled.len(),
            all.len()
        );
    }
}
