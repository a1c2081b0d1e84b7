//! Differential test of the PTX validator against NVIDIA's ptxas on mutated corpus instructions.
//!
//! `ptxas_diff [--write FILE] [--dump FILE] [--seeds-per-head N]` (ptxas must be on PATH):
//! 1. takes the corpus instructions (`tests/corpus/ptx`, `tests/corpus/ptx-clang`; N per
//!    opcode-and-modifiers, default 1) and rewrites their operands onto the one-instruction
//!    template of `tests/common/differential.rs` (registers by declared type, variables by state
//!    space, labels to `L1`);
//! 2. applies single mutations: type words swapped (with and without the registers following),
//!    modifiers dropped, added and swapped within their group, immediates changed, registers and
//!    address bases swapped for other types, operands dropped or repeated, `.target` and
//!    `.version` changed; plus `.target` x `.version` pairs and register declarations;
//! 3. asks our front end and ptxas for a verdict on each (ptxas in batches of one target and
//!    version, each line's verdict read from its `line N` errors, see [`settle`]);
//! 4. prints every disagreement (FALSE ACCEPT: ptxas rejects, we accept; FALSE REJECT: the
//!    reverse) and the counts; `--dump` stores every verdict; `--write` stores a sample, each
//!    case re-checked alone, for `tests/ptxas_agreement.rs` (see [`write_verdicts`]).
//!
//! `--only OP,OP,...` restricts the run to the seeds of those opcodes (no directive or
//! declaration cases): a run over a few instruction families takes minutes, not the whole
//! corpus's ten or so.
//!
//! `--recheck` asks ptxas again, one case at a time, about every case the batches leave in
//! disagreement (a batch verdict can be wrong: an error in one line can hide or shift another's),
//! so the disagreements reported and dumped are exact; worth it when they are few.
//!
//! `--replay DUMP` compares our current verdicts with a dump (no ptxas: quick, while fixing);
//! `--resample DUMP --write FILE` writes the verdict files from a dump (only the sample runs
//! ptxas). `scripts/ptxas-verdicts.sh` runs the whole thing.

#[path = "../tests/common/differential.rs"]
mod differential;

use differential::{Case, REGISTER_TYPES};
use ptx::ast::{Item, Name, Names, Operand, Statement};
use ptx::types::{Opcode, ScalarType, StateSpace};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};

/// Type words a mutation swaps in.
const TYPES: &[&str] = &[
    "pred", "b8", "b16", "b32", "b64", "b128", "u8", "u16", "u32", "u64", "s8", "s16", "s32", "s64", "f16", "f16x2",
    "bf16", "bf16x2", "f32", "f64", "tf32",
];

/// Modifier words a mutation adds.
const ADD_MODS: &[&str] = &[
    "lo",
    "hi",
    "wide",
    "rn",
    "rz",
    "rm",
    "rp",
    "rni",
    "rzi",
    "ftz",
    "sat",
    "approx",
    "full",
    "uni",
    "sync",
    "aligned",
    "relu",
    "cc",
    "volatile",
    "relaxed",
    "acquire",
    "release",
    "gpu",
    "cta",
    "sys",
    "global",
    "shared",
    "local",
    "const",
    "param",
    "v2",
    "v4",
    "nc",
    "ca",
    "cg",
    "cs",
    "wrap",
    "clamp",
    "up",
    "idx",
    "and",
    "or",
    "add",
    "min",
    "exch",
    "cas",
    "inc",
    "eq",
    "lt",
    "ltu",
    "x",
    "red",
    "arrive",
    "NaN",
    "abs",
    "shiftamt",
    "noftz",
    "pack",
    "satfinite",
];

/// Groups of words that replace one another.
const GROUPS: &[&[&str]] = &[
    &["lo", "hi", "wide"],
    &["rn", "rz", "rm", "rp", "rna"],
    &["rni", "rzi", "rmi", "rpi"],
    &["approx", "full"],
    &[
        "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
        "nan",
    ],
    &["global", "shared", "local", "const", "param", "shared::cta", "shared::cluster"],
    &["v2", "v4", "v8"],
    &["up", "down", "bfly", "idx"],
    &["and", "or", "xor", "add", "min", "max", "inc", "dec", "exch", "cas"],
    &["ca", "cg", "cs", "lu", "cv", "wb", "wt"],
    &["relaxed", "acquire", "release", "acq_rel", "sc", "weak", "volatile"],
    &["cta", "gpu", "sys", "cluster"],
    &["all", "any", "uni", "ballot"],
    &["wrap", "clamp"],
    &["sync", "arrive", "red"],
    &["popc", "and", "or"],
];

/// Immediates a mutation puts in place of an integer immediate.
const IMMS: &[&str] = &[
    "0",
    "1",
    "7",
    "15",
    "16",
    "17",
    "31",
    "32",
    "33",
    "63",
    "64",
    "65",
    "255",
    "-1",
    "2147483647",
    "4294967296",
    "0f3F800000",
    "0d3FF0000000000000",
];

/// Targets a mutation moves an instruction to (with `.version 9.0`).
const TARGETS: &[&str] =
    &["sm_50", "sm_60", "sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120a"];

/// Versions a mutation moves an instruction to (with its target).
const VERSIONS: &[&str] = &["6.0", "7.0", "7.5", "7.8", "8.0", "8.3", "8.6", "8.8"];

/// `.target` spellings for the directive cases, valid and not.
const DIRECTIVE_TARGETS: &[&str] = &[
    "sm_10",
    "sm_11",
    "sm_12",
    "sm_13",
    "sm_20",
    "sm_21",
    "sm_30",
    "sm_32",
    "sm_35",
    "sm_37",
    "sm_50",
    "sm_52",
    "sm_53",
    "sm_60",
    "sm_61",
    "sm_62",
    "sm_70",
    "sm_72",
    "sm_75",
    "sm_80",
    "sm_86",
    "sm_87",
    "sm_88",
    "sm_89",
    "sm_90",
    "sm_90a",
    "sm_90f",
    "sm_91",
    "sm_99",
    "sm_100",
    "sm_100a",
    "sm_100f",
    "sm_101",
    "sm_101a",
    "sm_101f",
    "sm_103",
    "sm_103a",
    "sm_103f",
    "sm_110",
    "sm_110a",
    "sm_110f",
    "sm_120",
    "sm_120a",
    "sm_120f",
    "sm_121",
    "sm_121a",
    "sm_121f",
    "sm_130",
    "sm_9",
    "sm_75a",
    "sm_80a",
    "compute_90",
    "compute_75",
    "sm_90b",
];

/// `.version` spellings for the directive cases.
const DIRECTIVE_VERSIONS: &[&str] = &[
    "1.0", "1.2", "1.4", "1.5", "2.0", "2.3", "3.0", "3.2", "4.0", "4.2", "4.3", "5.0", "6.0", "6.3", "6.5", "7.0",
    "7.1", "7.4", "7.8", "8.0", "8.6", "8.7", "8.8", "9.0", "9.1", "9.2", "10.0",
];

/// Cases always kept in the verdict file: the examples issue 18 reported (target, version,
/// instruction).
const PINNED: &[(&str, &str, &str)] = &[
    ("sm_90", "9.0", "mad.lo.f32 %f32_0, %f32_1, %f32_2, %f32_3;"),
    ("sm_90", "9.0", "mad.rn.f32 %f32_0, %f32_1, %f32_2, %f32_3;"),
    ("sm_90", "9.0", "mad.f32 %f32_0, %f32_1, %f32_2, %f32_3;"),
    ("sm_12", "2.3", "mad.f32 %f32_0, %f32_1, %f32_2, %f32_3;"),
    ("sm_12", "2.3", "mad.rn.f32 %f32_0, %f32_1, %f32_2, %f32_3;"),
    ("sm_12", "2.3", "popc.b32 %b32_0, %b32_1;"),
    ("sm_12", "2.3", "ret;"),
    ("sm_12", "2.0", "ret;"),
    ("sm_90", "9.0", "or.s32 %s32_0, %s32_1, %s32_2;"),
    ("sm_90", "9.0", "or.b32 %s32_0, %s32_1, %s32_2;"),
    ("sm_90", "9.0", "shl.u32 %u32_0, %u32_1, 3;"),
    ("sm_90", "9.0", "shl.b32 %u32_0, %u32_1, 3;"),
    ("sm_90", "9.0", "add.b32 %b32_0, %b32_1, %b32_2;"),
    ("sm_90", "9.0", "add.s32 %b32_0, %b32_1, %f32_2;"),
    ("sm_90", "9.0", "shfl.sync.idx.u32 %b32_0, %b32_1, 0, 31, -1;"),
    ("sm_90", "9.0", "shfl.sync.idx.b32 %b32_0, %f32_1, 0, 31, -1;"),
    ("sm_90", "9.0", "atom.global.add.u32 %b32_0, [%b64_0], %f32_1;"),
    ("sm_90", "9.0", "atom.global.add.u32 %b32_0, [%b64_0], %b32_1;"),
    ("sm_90", "9.0", "bar.sync 16;"),
    ("sm_90", "9.0", "bar.sync 15;"),
];

/// A generated case: where it came from (opcode and mutation), for sampling and reports.
#[derive(Debug, Clone)]
struct Mutant {
    case: Case,
    opcode: String,
    kind: &'static str,
}

fn main() {
    let mut write: Option<PathBuf> = None;
    let mut dump: Option<PathBuf> = None;
    let mut seeds_per_head = 1usize;
    let mut resample: Option<PathBuf> = None;
    let mut only: Option<Vec<String>> = None;
    let mut recheck = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--write" => write = args.next().map(PathBuf::from),
            "--dump" => dump = args.next().map(PathBuf::from),
            "--replay" => {
                replay(&PathBuf::from(args.next().unwrap_or_default()));
                return;
            }
            "--resample" => resample = args.next().map(PathBuf::from),
            "--recheck" => recheck = true,
            "--only" => only = args.next().map(|s| s.split(',').map(str::to_string).collect()),
            "--seeds-per-head" => seeds_per_head = args.next().and_then(|s| s.parse().ok()).unwrap_or(2),
            _ => {
                eprintln!(
                    "usage: ptxas_diff [--write FILE] [--dump FILE] [--seeds-per-head N] [--only OP,...] [--recheck] [--resample DUMP] | --replay FILE"
                );
                std::process::exit(2);
            }
        }
    }
    if let Some(dump) = resample {
        // The verdict file from an earlier run's `--dump` (its batch verdicts), without the
        // batch runs: the sampled cases are still re-checked alone.
        let text = std::fs::read_to_string(&dump).unwrap_or_else(|e| panic!("{}: {e}", dump.display()));
        let cases = differential::parse_verdicts(&text).unwrap_or_else(|e| panic!("{}: {e}", dump.display()));
        let mutants: Vec<Mutant> = cases
            .iter()
            .map(|(_, case)| {
                // `@%pred_0 bra L1;` → `bra`
                let body = match case.instr.strip_prefix('@') {
                    Some(rest) => rest.split_once(' ').map_or("", |x| x.1),
                    None => &case.instr,
                };
                let opcode = body.split(['.', ' ', ';']).next().unwrap_or("").to_string();
                Mutant { case: case.clone(), opcode, kind: "" }
            })
            .collect();
        let theirs: Vec<bool> = cases.iter().map(|(a, _)| *a).collect();
        let ours: Vec<Result<(), String>> = mutants.iter().map(|m| differential::cuprite_verdict(&m.case)).collect();
        report(&mutants, &theirs, &ours);
        let out = write.unwrap_or_else(|| PathBuf::from("verdicts.txt"));
        let ptxas = find_ptxas();
        let dir = std::env::temp_dir().join(format!("cuprite-ptxas-diff-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        write_verdicts(&ptxas, &dir, &mutants, &theirs, &ours, &out);
        let _ = std::fs::remove_dir_all(&dir);
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut seeds = seeds(&root, seeds_per_head);
    if let Some(ops) = &only {
        seeds.retain(|s| ops.contains(&s.opcode));
    }
    eprintln!("{} seed instructions", seeds.len());
    let mut mutants = Vec::new();
    let mut seen = BTreeSet::new();
    for s in &seeds {
        for m in mutate(s) {
            if seen.insert(m.case.clone()) {
                mutants.push(m);
            }
        }
    }
    // (`--only` runs skip the directive and declaration cases)
    let targets = if only.is_some() { &[][..] } else { DIRECTIVE_TARGETS };
    for t in targets {
        for v in DIRECTIVE_VERSIONS {
            let case = Case { target: t.to_string(), version: v.to_string(), instr: "ret;".into() };
            if seen.insert(case.clone()) {
                mutants.push(Mutant { case, opcode: "directive".into(), kind: "directive" });
            }
        }
    }
    // Register declarations of every type word.
    let declared = TYPES.iter().chain(&["e4m3", "e5m2", "u16x2", "s16x2", "u8x4", "f32x2", "b1", "s4"]);
    for ty in declared.filter(|_| only.is_none()) {
        for decl in [format!(".reg .{ty} %d_0;"), format!(".reg .v2 .{ty} %d_1;"), format!(".reg .v4 .{ty} %d_2;")] {
            let case = Case { target: "sm_90".into(), version: "9.0".into(), instr: decl };
            if seen.insert(case.clone()) {
                mutants.push(Mutant { case, opcode: "reg".into(), kind: "declaration" });
            }
        }
    }
    eprintln!("{} mutants", mutants.len());

    let ptxas = find_ptxas();
    let dir = std::env::temp_dir().join(format!("cuprite-ptxas-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let ours: Vec<Result<(), String>> = mutants.iter().map(|m| differential::cuprite_verdict(&m.case)).collect();
    let mut theirs = ptxas_verdicts(&ptxas, &dir, &mutants);
    if recheck {
        let mut changed = 0;
        for (i, m) in mutants.iter().enumerate() {
            if ours[i].is_ok() != theirs[i] {
                let alone = differential::ptxas_verdict(&ptxas, &dir, &m.case);
                changed += usize::from(alone != theirs[i]);
                theirs[i] = alone;
            }
        }
        eprintln!("re-checked the disagreements alone: {changed} batch verdicts were wrong");
    }
    if let Some(path) = dump {
        let mut text = String::new();
        for (i, m) in mutants.iter().enumerate() {
            text.push_str(&differential::verdict_line(theirs[i], &m.case));
            text.push('\n');
        }
        std::fs::write(&path, text).expect("write the dump");
    }
    report(&mutants, &theirs, &ours);
    if let Some(path) = write {
        write_verdicts(&ptxas, &dir, &mutants, &theirs, &ours, &path);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Our verdicts against a verdict file (`--dump` output or the test's file), without ptxas.
fn replay(path: &Path) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let cases = differential::parse_verdicts(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (mut fa, mut fr) = (0, 0);
    for (accept, case) in &cases {
        match (accept, differential::cuprite_verdict(case)) {
            (false, Ok(())) => {
                fa += 1;
                println!("FALSE ACCEPT {} {}: {}", case.target, case.version, case.instr);
            }
            (true, Err(e)) => {
                fr += 1;
                println!(
                    "FALSE REJECT {} {}: {}\n    {}",
                    case.target,
                    case.version,
                    case.instr,
                    e.lines().next().unwrap_or("")
                );
            }
            _ => {}
        }
    }
    println!("{} cases: {fa} false accepts, {fr} false rejects", cases.len());
}

fn find_ptxas() -> PathBuf {
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join("ptxas")).find(|p| p.exists()))
        .unwrap_or_else(|| {
            eprintln!("ptxas not found on PATH: source scripts/nvcc-env.sh first");
            std::process::exit(2)
        })
}

/// ptxas's verdict per mutant: batches per target and version (see [`settle`]); then the
/// accepted lines again together (an error in an early ptxas phase hides later phases' checks
/// of the other lines).
fn ptxas_verdicts(ptxas: &Path, dir: &Path, mutants: &[Mutant]) -> Vec<bool> {
    let mut verdict = vec![true; mutants.len()];
    let mut pending: Vec<usize> = (0..mutants.len()).collect();
    for pass in 0..3 {
        let mut groups: BTreeMap<(&str, &str), Vec<usize>> = BTreeMap::new();
        for &i in &pending {
            groups.entry((&mutants[i].case.target, &mutants[i].case.version)).or_default().push(i);
        }
        let mut runs = 0;
        for ((target, version), idx) in groups {
            let under = Under { ptxas, dir, target, version };
            for chunk in idx.chunks(300) {
                settle(&under, mutants, chunk, &mut verdict, &mut runs);
            }
        }
        let accepted: Vec<usize> = pending.iter().copied().filter(|&i| verdict[i]).collect();
        eprintln!("ptxas pass {pass}: {} lines, {runs} runs, {} accepted", pending.len(), accepted.len());
        if accepted.len() == pending.len() {
            break;
        }
        pending = accepted;
    }
    verdict
}

/// What ptxas checks a batch of lines under: the program, its scratch directory, the target
/// and the PTX version.
struct Under<'a> {
    ptxas: &'a Path,
    dir: &'a Path,
    target: &'a str,
    version: &'a str,
}

/// Gives each of `idx` (all of one target and version, `under`) ptxas's verdict: a fatal parse
/// error on a line ends ptxas's checking there, so the lines after it go again; a failure that
/// names no line splits the batch in halves (one line alone failing is its verdict).
fn settle(under: &Under<'_>, mutants: &[Mutant], idx: &[usize], verdict: &mut [bool], runs: &mut usize) {
    if idx.is_empty() {
        return;
    }
    let lines: Vec<&str> = idx.iter().map(|&i| mutants[i].case.instr.as_str()).collect();
    *runs += 1;
    let b = differential::ptxas_batch(under.ptxas, under.dir, under.target, under.version, &lines);
    if b.success {
        for &i in idx {
            verdict[i] = true;
        }
    } else if idx.len() == 1 {
        verdict[idx[0]] = false;
    } else if b.unattributed {
        let (a, c) = idx.split_at(idx.len() / 2);
        settle(under, mutants, a, verdict, runs);
        settle(under, mutants, c, verdict, runs);
    } else {
        let end = b.fatal_at.map_or(idx.len(), |f| f + 1);
        for (k, &i) in idx[..end].iter().enumerate() {
            verdict[i] = !b.rejected[k];
        }
        settle(under, mutants, &idx[end..], verdict, runs);
    }
}

/// Prints every disagreement and the counts.
fn report(mutants: &[Mutant], theirs: &[bool], ours: &[Result<(), String>]) {
    let (mut false_accepts, mut false_rejects) = (0, 0);
    for (i, m) in mutants.iter().enumerate() {
        match (&ours[i], theirs[i]) {
            (Ok(()), false) => {
                false_accepts += 1;
                println!("FALSE ACCEPT [{}] {} {}: {}", m.kind, m.case.target, m.case.version, m.case.instr);
            }
            (Err(e), true) => {
                false_rejects += 1;
                let why = e.lines().next().unwrap_or("");
                println!("FALSE REJECT [{}] {} {}: {}\n    {why}", m.kind, m.case.target, m.case.version, m.case.instr);
            }
            _ => {}
        }
    }
    println!(
        "{} mutants: ptxas rejects {}, we reject {}; {false_accepts} false accepts, {false_rejects} false rejects",
        mutants.len(),
        theirs.iter().filter(|&&t| !t).count(),
        ours.iter().filter(|o| o.is_err()).count(),
    );
}

/// How many cases per (opcode, mutation, ptxas verdict, our verdict) the verdict file keeps.
const PER_CLASS: usize = 6;

/// Writes the verdict file: a sample of the cases (up to [`PER_CLASS`] per opcode, mutation,
/// ptxas verdict and our verdict; per target for the directive cases), each re-checked alone
/// with ptxas; and next to it `known_disagreements.txt`, the sampled cases our validator
/// still gets wrong.
fn write_verdicts(
    ptxas: &Path,
    dir: &Path,
    mutants: &[Mutant],
    theirs: &[bool],
    ours: &[Result<(), String>],
    path: &Path,
) {
    let mut per_class: HashMap<(String, &str, bool, bool), usize> = HashMap::new();
    let mut sample = Vec::new();
    let mut all = mutants.to_vec();
    let mut ours = ours.to_vec();
    let mut theirs = theirs.to_vec();
    for &(target, version, instr) in PINNED {
        let case = Case { target: target.into(), version: version.into(), instr: instr.into() };
        ours.push(differential::cuprite_verdict(&case));
        theirs.push(true);
        sample.push(all.len());
        all.push(Mutant { case, opcode: "pinned".into(), kind: "pinned" });
    }
    let mutants = &all;
    for (i, m) in mutants.iter().enumerate().take(mutants.len() - PINNED.len()) {
        let opcode = if m.case.instr == "ret;" { format!("directive {}", m.case.target) } else { m.opcode.clone() };
        let n = per_class.entry((opcode, m.kind, theirs[i], ours[i].is_ok())).or_default();
        if *n < PER_CLASS {
            *n += 1;
            sample.push(i);
        }
    }
    let mut lines = BTreeSet::new();
    let mut known = BTreeSet::new();
    sample.sort_unstable();
    sample.dedup();
    for (k, &i) in sample.iter().enumerate() {
        let accept = differential::ptxas_verdict(ptxas, dir, &mutants[i].case);
        let line = differential::verdict_line(accept, &mutants[i].case);
        if ours[i].is_ok() != accept {
            known.insert(line.clone());
        }
        lines.insert(line);
        if k % 500 == 0 {
            eprintln!("re-checked {k} of {} sampled cases", sample.len());
        }
    }
    let head = "# ptxas 13.0's verdicts on one-instruction PTX cases (the template is in\n\
                # tests/common/differential.rs); generated by scripts/ptxas-verdicts.sh, checked by\n\
                # tests/ptxas_agreement.rs.\n";
    let mut text = String::from(head);
    for l in &lines {
        text.push_str(l);
        text.push('\n');
    }
    std::fs::write(path, text).expect("write the verdict file");
    let mut text = String::from(
        "# The cases of verdicts.txt our validator still decides differently from ptxas (the\n\
         # verdict is ptxas's); tests/ptxas_agreement.rs requires that they still differ, so a fix\n\
         # removes its cases here (scripts/ptxas-verdicts.sh regenerates both files).\n",
    );
    for l in &known {
        text.push_str(l);
        text.push('\n');
    }
    std::fs::write(path.with_file_name("known_disagreements.txt"), text).expect("write the known disagreements");
    eprintln!("wrote {} ({} cases, {} known disagreements)", path.display(), lines.len(), known.len());
}

// ---- seeds: corpus instructions on the template ---------------------------------------------

/// A corpus instruction rewritten onto the template.
#[derive(Debug, Clone)]
struct Seed {
    target: String,
    version: String,
    opcode: String,
    /// The guard (`@%pred_0 `) or empty.
    guard: String,
    /// Opcode and modifiers.
    words: Vec<String>,
    operands: Vec<String>,
}

impl Seed {
    fn text(&self, words: &[String], operands: &[String]) -> String {
        let mut s = self.guard.clone();
        s.push_str(&words.join("."));
        if !operands.is_empty() {
            s.push(' ');
            s.push_str(&operands.join(", "));
        }
        s.push(';');
        s
    }
}

fn seeds(root: &Path, per_head: usize) -> Vec<Seed> {
    let mut files = Vec::new();
    for sub in ["tests/corpus/ptx", "tests/corpus/ptx-clang"] {
        let Ok(rd) = std::fs::read_dir(root.join(sub)) else { continue };
        files.extend(rd.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|x| x == "ptx")));
    }
    files.sort();
    let mut seen = BTreeSet::new();
    let mut per: HashMap<String, usize> = HashMap::new();
    let mut out = Vec::new();
    for f in files {
        let Ok(src) = std::fs::read_to_string(&f) else { continue };
        let parsed = ptx::parse(&src);
        if !parsed.diagnostics.is_empty() {
            continue;
        }
        let m = &parsed.module;
        let target = m.target.arch.clone();
        let version = format!("{}.{}", m.version.major, m.version.minor);
        let mut module_vars: HashMap<Name, StateSpace> = HashMap::new();
        for item in &m.items {
            if let Item::Var(d) = item {
                for n in &d.names {
                    module_vars.insert(n.name, d.space);
                }
            }
        }
        for item in &m.items {
            let Item::Func(func) = item else { continue };
            let Some(body) = &func.body else { continue };
            let mut scope = Scope::default();
            scope.vars.clone_from(&module_vars);
            for p in &func.params {
                for n in &p.names {
                    scope.vars.insert(
                        n.name,
                        if func.kind == ptx::ast::FuncKind::Entry { StateSpace::Param } else { StateSpace::Reg },
                    );
                }
            }
            for st in body {
                match st {
                    Statement::Decl(d) if d.space == StateSpace::Reg && d.ty.vector == 0 => {
                        for n in &d.names {
                            match n.range {
                                Some(count) => scope.ranges.push((m.names.str(n.name).to_string(), count, d.ty.scalar)),
                                None => {
                                    scope.regs.insert(n.name, d.ty.scalar);
                                }
                            }
                        }
                    }
                    Statement::Decl(d) => {
                        for n in &d.names {
                            // `.param` in a body holds call arguments: such instructions are skipped.
                            let space = if d.space == StateSpace::Param { StateSpace::Reg } else { d.space };
                            scope.vars.insert(n.name, space);
                        }
                    }
                    Statement::Label(n, _) => {
                        scope.labels.insert(*n);
                    }
                    _ => {}
                }
            }
            for st in body {
                let Statement::Instr(ins) = st else { continue };
                if matches!(ins.opcode, Opcode::Call) {
                    continue;
                }
                let Some(text) = normalize(&m.names, &scope, ins) else { continue };
                if !seen.insert(text.clone()) {
                    continue;
                }
                let Some(seed) = split(&target, &version, &text) else { continue };
                let head = seed.words.join(".");
                let n = per.entry(head).or_default();
                if *n >= per_head {
                    continue;
                }
                *n += 1;
                out.push(seed);
            }
        }
    }
    out
}

#[derive(Default)]
struct Scope {
    regs: HashMap<Name, ScalarType>,
    ranges: Vec<(String, u32, ScalarType)>,
    vars: HashMap<Name, StateSpace>,
    labels: BTreeSet<Name>,
}

impl Scope {
    fn reg_type(&self, names: &Names, n: Name) -> Option<ScalarType> {
        if let Some(&t) = self.regs.get(&n) {
            return Some(t);
        }
        let s = names.str(n);
        let digits = s.bytes().rev().take_while(u8::is_ascii_digit).count();
        let (prefix, num) = s.split_at(s.len() - digits);
        let num: u32 = num.parse().ok()?;
        self.ranges.iter().find(|(p, count, _)| p == prefix && num < *count).map(|r| r.2)
    }
}

/// The instruction on the template's names, or `None` when it uses something the template
/// lacks (vector registers, functions, call parameters, texture references).
fn normalize(names: &Names, scope: &Scope, ins: &ptx::ast::Instruction) -> Option<String> {
    let mut fresh = Names::with_capacity(16);
    let mut assigned: HashMap<Name, Name> = HashMap::new();
    let mut counts: HashMap<ScalarType, u32> = HashMap::new();
    let mut rename = |n: Name, fresh: &mut Names| -> Option<Name> {
        if let Some(&r) = assigned.get(&n) {
            return Some(r);
        }
        let new = if let Some(t) = scope.reg_type(names, n) {
            if !REGISTER_TYPES.contains(&t.as_str()) {
                return None;
            }
            let k = counts.entry(t).or_default();
            *k += 1;
            if *k > 8 {
                return None;
            }
            format!("%{}_{}", t.as_str(), *k - 1)
        } else if scope.labels.contains(&n) {
            "L1".to_string()
        } else {
            match scope.vars.get(&n)? {
                StateSpace::Global => "gv",
                StateSpace::Shared => "sv",
                StateSpace::Const => "cv",
                StateSpace::Local => "lv",
                StateSpace::Param => "kp",
                _ => return None,
            }
            .to_string()
        };
        let r = fresh.intern(&new);
        assigned.insert(n, r);
        Some(r)
    };
    let mut out = ins.clone();
    if let Some(g) = &mut out.guard {
        g.pred = rename(g.pred, &mut fresh)?;
    }
    for op in &mut out.operands {
        rename_operand(op, &mut |n| rename(n, &mut fresh))?;
    }
    Some(ptx::printer::print_instruction(&fresh, &out))
}

fn rename_operand(op: &mut Operand, f: &mut dyn FnMut(Name) -> Option<Name>) -> Option<()> {
    match op {
        Operand::Name(n) | Operand::NameOffset(n, _) | Operand::Index(n, _) | Operand::Not(n) => *n = f(*n)?,
        Operand::Component(..) | Operand::Selected(..) => return None,
        Operand::Addr(a) => {
            if let Some(b) = &mut a.base {
                *b = f(*b)?;
            }
        }
        Operand::Vector(items) | Operand::AddrList(items) | Operand::List(items) => {
            for it in items {
                rename_operand(it, f)?;
            }
        }
        Operand::Pair(a, b) => {
            rename_operand(a, f)?;
            *b = f(*b)?;
        }
        Operand::Neg(a) => rename_operand(a, f)?,
        Operand::Sreg(..) | Operand::Imm(_) | Operand::Sink => {}
    }
    Some(())
}

/// Splits printed instruction text into guard, words and operands.
fn split(target: &str, version: &str, text: &str) -> Option<Seed> {
    let body = text.strip_suffix(';')?;
    let (guard, body) = match body.strip_prefix('@') {
        Some(rest) => {
            let (g, b) = rest.split_once(' ')?;
            (format!("@{g} "), b)
        }
        None => (String::new(), body),
    };
    let (head, ops) = body.split_once(' ').unwrap_or((body, ""));
    let words: Vec<String> = head.split('.').map(str::to_string).collect();
    let mut operands = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in ops.char_indices() {
        match c {
            '{' | '[' | '(' => depth += 1,
            '}' | ']' | ')' => depth -= 1,
            ',' if depth == 0 => {
                operands.push(ops[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    if !ops.trim().is_empty() {
        operands.push(ops[start..].trim().to_string());
    }
    Some(Seed {
        target: target.to_string(),
        version: version.to_string(),
        opcode: words.first()?.clone(),
        guard,
        words,
        operands,
    })
}

// ---- mutations ------------------------------------------------------------------------------

fn mutate(s: &Seed) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut push = |kind: &'static str, target: &str, version: &str, instr: String| {
        out.push(Mutant {
            case: Case { target: target.to_string(), version: version.to_string(), instr },
            opcode: s.opcode.clone(),
            kind,
        });
    };
    let (t, v) = (s.target.as_str(), s.version.as_str());
    push("original", t, v, s.text(&s.words, &s.operands));
    let is_type = |w: &str| ScalarType::from_ptx(w).is_some();
    // Type words swapped, alone and with the registers of that type.
    for (i, w) in s.words.iter().enumerate().skip(1) {
        if !is_type(w) {
            continue;
        }
        for &new in TYPES {
            if new == w {
                continue;
            }
            let mut words = s.words.clone();
            words[i] = new.to_string();
            push("type", t, v, s.text(&words, &s.operands));
            if REGISTER_TYPES.contains(&new) {
                let ops: Vec<String> = s.operands.iter().map(|o| retype(o, w, new)).collect();
                if ops != s.operands {
                    push("type+regs", t, v, s.text(&words, &ops));
                }
            }
        }
    }
    // Modifiers dropped, added, swapped in their group.
    for i in 1..s.words.len() {
        let mut words = s.words.clone();
        words.remove(i);
        push("drop", t, v, s.text(&words, &s.operands));
    }
    let at = s.words.iter().position(|w| is_type(w)).unwrap_or(s.words.len());
    for &m in ADD_MODS {
        if s.words.iter().any(|w| w == m) {
            continue;
        }
        let mut words = s.words.clone();
        words.insert(at.max(1), m.to_string());
        push("add", t, v, s.text(&words, &s.operands));
    }
    for (i, w) in s.words.iter().enumerate().skip(1) {
        for g in GROUPS.iter().filter(|g| g.contains(&w.as_str())) {
            for &new in g.iter().filter(|&&n| n != w) {
                let mut words = s.words.clone();
                words[i] = new.to_string();
                push("swap", t, v, s.text(&words, &s.operands));
            }
        }
    }
    // Operands: immediates, registers and address bases of other types, arity.
    for (i, o) in s.operands.iter().enumerate() {
        let is_imm = o.starts_with(|c: char| c.is_ascii_digit() || c == '-');
        if is_imm {
            for &imm in IMMS {
                if imm != o {
                    let mut ops = s.operands.clone();
                    ops[i] = imm.to_string();
                    push("imm", t, v, s.text(&s.words, &ops));
                }
            }
        }
        if let Some(old) = register_type(o) {
            for &new in REGISTER_TYPES {
                if new != old {
                    let mut ops = s.operands.clone();
                    ops[i] = format!("%{new}_7");
                    push("reg", t, v, s.text(&s.words, &ops));
                }
            }
        }
        if o.starts_with('[') {
            for new in [
                "[%b64_7]",
                "[%u64_7]",
                "[%b32_7]",
                "[%u32_7]",
                "[%s64_7]",
                "[%f64_7]",
                "[gv]",
                "[sv]",
                "[cv]",
                "[lv]",
                "[kp]",
                "[gv+4]",
                "[%b64_7+-8]",
            ] {
                if new != o {
                    let mut ops = s.operands.clone();
                    ops[i] = new.to_string();
                    push("addr", t, v, s.text(&s.words, &ops));
                }
            }
        }
    }
    if !s.operands.is_empty() {
        let mut ops = s.operands.clone();
        ops.pop();
        push("arity", t, v, s.text(&s.words, &ops));
        let mut ops = s.operands.clone();
        ops.push(s.operands[s.operands.len() - 1].clone());
        push("arity", t, v, s.text(&s.words, &ops));
    }
    let text = s.text(&s.words, &s.operands);
    for &target in TARGETS {
        if target != t {
            push("target", target, "9.0", text.clone());
        }
    }
    for &version in VERSIONS {
        if version != v {
            push("version", t, version, text.clone());
        }
    }
    out
}

/// The template type of a plain register operand (`%b32_1` → `b32`).
fn register_type(o: &str) -> Option<&str> {
    let rest = o.strip_prefix('%')?;
    let (ty, k) = rest.rsplit_once('_')?;
    (k.len() == 1 && k.as_bytes()[0].is_ascii_digit() && REGISTER_TYPES.contains(&ty)).then_some(ty)
}

/// `o` with its registers of type `old` renamed to type `new`.
fn retype(o: &str, old: &str, new: &str) -> String {
    o.replace(&format!("%{old}_"), &format!("%{new}_"))
}
