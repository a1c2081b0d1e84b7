//! The program-diff table (`tests/program-diff/`: programs and what an H200 printed for nvcc's
//! build of each, `tests/support/program_diff.rs`) built by `cuprite nvcc` instead: each program
//! with `-arch=sm_90` and its `// flags:` line, run on Cuprite's libcudart, must print what the
//! H200 printed — the same comparison as nvcc's builds get (`crates/cudart/tests/program_diff.rs`),
//! numbers within the program's `// diff-tolerance:`.
//!
//! Where clang's code legitimately computes something else than NVIDIA's front end (a choice the
//! language leaves to the compiler), `tests/program-diff/expected-cuprite-nvcc/NAME.txt` is what
//! the H200 printed for *cuprite nvcc's* build of the program under NVIDIA's own runtime, and that
//! is the output required. Programs that do not build or print the right thing yet are listed in
//! `tests/program_diff_known_failures.txt` with the reason; the list only shrinks (a listed
//! program that passes fails the test).
//!
//! The whole table is checked by `CUPRITE_TESTS=full scripts/test.sh`; otherwise a fixed tenth of
//! the programs that do not include CCCL (by a hash of the name: not the third nvcc's builds are
//! checked on). `PROGRAM_DIFF_ONLY=a,b` checks the named programs only.

mod common;
#[path = "../../../tests/support/program_diff.rs"]
mod program_diff;

use program_diff::{Program, compare, full_suite, in_share, root, stems, table_of};

/// The H200's output for cuprite nvcc's build of `name`, where it is recorded apart.
fn expected_for_cuprite_nvcc(name: &str) -> Option<String> {
    std::fs::read_to_string(root().join(format!("expected-cuprite-nvcc/{name}.txt"))).ok()
}

/// Builds program `name` with cuprite nvcc, runs it on Cuprite and compares its output.
fn check(name: &str) -> Result<(), String> {
    let p = Program::read(name)?;
    let exe = common::scratch_dir("program-diff").join(name);
    let (src, out) = (p.src.to_string_lossy().into_owned(), exe.to_string_lossy().into_owned());
    let mut args = vec!["-arch=sm_90"];
    args.extend(p.flags.iter().map(String::as_str));
    args.extend([src.as_str(), "-o", out.as_str()]);
    common::nvcc(&args).map_err(|e| format!("build failed: {e}"))?;
    // Programs read files beside them (`#include "..."` aside, none do yet); run where they are.
    let o = common::run(&exe, &[], &[]);
    let ours = String::from_utf8_lossy(&o.stdout);
    if o.status.code() != Some(0) {
        let err: String = String::from_utf8_lossy(&o.stderr).lines().take(5).collect::<Vec<_>>().join(" | ");
        return Err(format!("exit status {}; stderr: {err}", o.status));
    }
    let (gpu, whose) = match expected_for_cuprite_nvcc(name) {
        Some(text) => (text, "the H200 for cuprite nvcc's build"),
        None => (p.expected()?, "the H200 for nvcc's build"),
    };
    compare(&gpu, &ours, p.tolerance).map_err(|e| format!("differs from what {whose} printed: {e}"))
}

/// Whether program `name` is checked outside the whole suite: not one that includes CCCL (its
/// kernels take the block tier's C compiler minutes on a 2-core machine), and in a fixed tenth of
/// the others, not the third nvcc's builds are checked on.
fn in_standard_suite(name: &str) -> bool {
    in_share(name, 10, 1) && Program::read(name).is_ok_and(|p| !p.heavy())
}

#[test]
fn every_program_built_by_cuprite_nvcc_prints_what_the_gpu_printed() {
    let all = table_of(None);
    if !full_suite() {
        let left = all.iter().filter(|n| !in_standard_suite(n)).count();
        eprintln!(
            "program-diff (cuprite nvcc): {left} of {} programs are left to the whole suite, CUPRITE_TESTS=full scripts/test.sh",
            all.len()
        );
    }
    let known = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/program_diff_known_failures.txt");
    common::check_programs(
        "program-diff (cuprite nvcc)",
        all,
        |n| full_suite() || in_standard_suite(n),
        "PROGRAM_DIFF_ONLY",
        &known,
        check,
    );
}

#[test]
fn outputs_recorded_for_cuprite_nvcc_have_their_programs() {
    let programs = stems(&root(), "cu");
    let orphans: Vec<String> =
        stems(&root().join("expected-cuprite-nvcc"), "txt").into_iter().filter(|n| !programs.contains(n)).collect();
    assert!(orphans.is_empty(), "expected-cuprite-nvcc/ has outputs of no program: {orphans:?}");
}
