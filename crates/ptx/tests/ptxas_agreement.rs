//! The validator agrees with ptxas 13.0 on mutated PTX: `tests/ptxas/verdicts.txt` holds
//! ptxas's verdict on each of a few thousand one-instruction cases (mutations of corpus
//! instructions: type words, modifiers, immediates, operand types, targets, versions; see
//! `examples/ptxas_diff.rs`), and our front end must reach the same verdict on every one but
//! those listed in `tests/ptxas/known_disagreements.txt`, on which it must still differ (so a
//! fix shows up as a list to shorten). `scripts/ptxas-verdicts.sh` regenerates both files with
//! ptxas; the second test re-checks a sample against the ptxas on PATH, so the file cannot drift
//! from the oracle.

mod common;

use common::differential::{self, Case};
use std::collections::HashSet;
use std::path::Path;

fn read(name: &str) -> Vec<(bool, Case)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ptxas").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    differential::parse_verdicts(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn verdicts() -> Vec<(bool, Case)> {
    let cases = read("verdicts.txt");
    assert!(cases.len() >= 1000, "expected at least 1000 verdicts, found {}", cases.len());
    cases
}

#[test]
fn validator_verdicts_equal_ptxas_verdicts() {
    let cases = verdicts();
    let known: HashSet<Case> = read("known_disagreements.txt").into_iter().map(|(_, c)| c).collect();
    let mut wrong = Vec::new();
    for (accept, case) in &cases {
        let ours = differential::cuprite_verdict(case);
        let agree = ours.is_ok() == *accept;
        match (known.contains(case), accept, ours) {
            (true, ..) if agree => {
                wrong.push(format!("now agrees with ptxas; remove from known_disagreements.txt: {case:?}"))
            }
            (true, ..) => {}
            (false, true, Err(diags)) => wrong.push(format!("ptxas accepts, we reject: {case:?}\n{diags}")),
            (false, false, Ok(())) => wrong.push(format!("ptxas rejects, we accept: {case:?}")),
            _ => {}
        }
    }
    assert!(
        known.iter().all(|k| cases.iter().any(|(_, c)| c == k)),
        "known_disagreements.txt lists a case verdicts.txt lacks"
    );
    let rejects = cases.iter().filter(|(a, _)| !a).count();
    assert!(rejects * 4 > cases.len(), "the verdicts should be mostly rejections, found {rejects} of {}", cases.len());
    assert!(wrong.is_empty(), "{} of {} verdicts differ from ptxas's:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}

#[test]
fn recorded_verdicts_are_ptxas_verdicts() {
    let ptxas = common::ptxas();
    let cases = verdicts();
    let dir = std::env::temp_dir().join(format!("cuprite-ptxas-agreement-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // A deterministic sample spread over the file: every 40th case.
    let mut stale = Vec::new();
    for (accept, case) in cases.iter().step_by(40) {
        if differential::ptxas_verdict(&ptxas, &dir, case) != *accept {
            stale.push(format!("{case:?}: recorded {}", if *accept { "accept" } else { "reject" }));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        stale.is_empty(),
        "ptxas disagrees with tests/ptxas/verdicts.txt (rerun scripts/ptxas-verdicts.sh):\n{}",
        stale.join("\n")
    );
}

/// `tests/ptxas/pinned.txt`: cases found outside the mutation run (the conformance table's
/// forms), each checked against our front end and against ptxas itself.
#[test]
fn pinned_verdicts_are_ptxas_verdicts_and_ours() {
    let cases = read("pinned.txt");
    let ptxas = common::ptxas();
    let dir = std::env::temp_dir().join(format!("cuprite-ptxas-pinned-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut wrong = Vec::new();
    for (accept, case) in &cases {
        if differential::ptxas_verdict(&ptxas, &dir, case) != *accept {
            wrong.push(format!("ptxas's verdict is not the recorded one: {case:?}"));
        }
        match (accept, differential::cuprite_verdict(case)) {
            (true, Err(diags)) => wrong.push(format!("ptxas accepts, we reject: {case:?}\n{diags}")),
            (false, Ok(())) => wrong.push(format!("ptxas rejects, we accept: {case:?}")),
            _ => {}
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "{} of {} pinned verdicts differ:\n{}", wrong.len(), cases.len(), wrong.join("\n"));
}
