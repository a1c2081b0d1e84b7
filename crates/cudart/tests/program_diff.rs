//! Program-level differential tests: each CUDA program in `tests/program-diff/` prints its
//! results; `tests/program-diff/expected/NAME.txt` is what it printed natively on an H100 or H200
//! (`tests/program-diff/record.sh`). Here the same source is built by nvcc with `-cudart shared`
//! and run on our library; the output must be identical.
//!
//! The directory is the table: every `NAME.cu` there is checked against `expected/NAME.txt`, and a
//! program without an expected file, or an expected file without its program, fails the test (a
//! program is never skipped silently). What a program tests is said by the comment at its top.
//! Directives in the program's own lines (read by `tests/support/program_diff.rs`, which
//! `crates/nvcc/tests/program_diff.rs` shares to check `cuprite nvcc`'s builds of the same table):
//! - `// flags: ...` as its first line: extra nvcc flags (record.sh builds with them too);
//! - `// diff-tolerance: REL` on any line: numbers may differ by that relative amount (for
//!   fast-math approximations), text must still match;
//! - `// program-diff-skip: REASON` on any line: nvcc's build is not checked here, for the
//!   reason given on that line (which names where the program is checked instead); the test
//!   prints it.
//!
//! Builds are cached in `target/tmp/program-diff-cache/`, keyed by the program's text (and the
//! text of the files it includes with `#include "..."`), the nvcc arguments and nvcc's
//! `--version`: a re-run rebuilds only the programs that changed.
//!
//! The whole suite, `CUPRITE_TESTS=full scripts/test.sh`, checks every program; otherwise the
//! programs that include CUB, Thrust or libcu++ (their nvcc builds take half of all the builds'
//! time) are left out and a fixed third of the others is checked (`in_standard_suite`), and the
//! test names the programs it leaves.
//!
//! The programs are built and run concurrently, as many at a time as the machine has cores; every
//! failure is reported, each with its program's difference, not only the first. To check some
//! programs only: `PROGRAM_DIFF_ONLY=name1,name2 cargo test --release -p cuprite-cudart --test
//! program_diff` (names without `.cu`; a name with no program fails).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

mod common;
#[path = "../../../tests/support/program_diff.rs"]
mod program_diff;

use common::{nvcc, work_dir};
use program_diff::{Program, compare, fnv64, full_suite, in_share, run_all, table_of};

/// nvcc's arguments for a program with `// flags:` `flags`, output file aside: as record.sh
/// builds it, `-arch=sm_90` (PTX and the sm_90 cubin; the runtime reads registers and stack
/// frames from the cubin). Building for PTX only (`-arch=compute_90`) skips ptxas alone, which
/// is under 5% of an nvcc build's CPU: the front ends (cudafe++, cicc) and g++ are the rest.
fn nvcc_args(flags: &[String]) -> Vec<String> {
    ["-arch=sm_90", "-cudart", "shared"].iter().map(|s| s.to_string()).chain(flags.iter().cloned()).collect()
}

/// The texts of the files `text` includes with `#include "..."` (relative to `dir`), one level
/// deep, in order; a file that cannot be read gives its error text (nvcc then reports it).
fn local_includes(text: &str, dir: &Path) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("#include \"")?.split('"').next())
        .map(|inc| std::fs::read_to_string(dir.join(inc)).unwrap_or_else(|e| format!("unreadable {inc}: {e}")))
        .collect()
}

/// nvcc's `--version` output, asked once: part of the cache key, so that another nvcc rebuilds.
fn nvcc_version() -> &'static str {
    static V: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    V.get_or_init(|| match Command::new(nvcc()).arg("--version").output() {
        Ok(o) => String::from_utf8_lossy(&o.stdout).into_owned(),
        Err(e) => format!("nvcc --version failed: {e}"),
    })
}

/// Where the build of program `name` with this key is cached.
fn cached_exe(name: &str, key: u64) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join("program-diff-cache").join(format!("{name}-{key:016x}"))
}

/// Builds program `name` (source `src`, text `text`) with `args`, or finds its cached build; the
/// executable and whether it was built now.
fn build(name: &str, src: &Path, text: &str, args: &[String]) -> Result<(PathBuf, bool), String> {
    let includes = local_includes(text, src.parent().unwrap_or(Path::new(".")));
    let joined = args.join(" ");
    let mut parts: Vec<&[u8]> = vec![nvcc_version().as_bytes(), joined.as_bytes(), text.as_bytes()];
    parts.extend(includes.iter().map(|i| i.as_bytes()));
    let exe = cached_exe(name, fnv64(&parts));
    if exe.is_file() {
        return Ok((exe, false));
    }
    let dir = exe.parent().expect("the cache file has a directory");
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // Older builds of this program are stale: remove them so that the cache stays one build per
    // program. Built under a temporary name, renamed when complete: an interrupted build is never
    // taken for a cached one.
    let stale = format!("{name}-");
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let n = e.file_name();
        let n = n.to_string_lossy();
        if n.strip_prefix(&stale).is_some_and(|k| k.len() == 16 && k.bytes().all(|b| b.is_ascii_hexdigit())) {
            let _ = std::fs::remove_file(e.path());
        }
    }
    let tmp = work_dir().join(name);
    let o = Command::new(nvcc())
        .args(args)
        .arg("-o")
        .arg(&tmp)
        .arg(src)
        .output()
        .map_err(|e| format!("cannot run nvcc: {e}"))?;
    if !o.status.success() {
        return Err(format!("nvcc failed: {}", String::from_utf8_lossy(&o.stderr)));
    }
    // Both under CARGO_TARGET_TMPDIR: the rename is atomic.
    std::fs::rename(&tmp, &exe).map_err(|e| format!("cannot cache {}: {e}", exe.display()))?;
    Ok((exe, true))
}

/// Builds program `name` as record.sh does (its `// flags:`), runs it on our library and compares
/// what it prints with the GPU's output; `Err` says how it differs.
fn check(name: &str) -> Result<(), String> {
    let p = Program::read(name)?;
    if let Some(reason) = &p.skip {
        if reason.is_empty() {
            return Err("`// program-diff-skip:` without a reason".into());
        }
        eprintln!("program-diff: {name} skipped: {reason}");
        return Ok(());
    }
    let start = Instant::now();
    let (exe, fresh) = build(name, &p.src, &p.text, &nvcc_args(&p.flags))?;
    let built = start.elapsed();
    let r = Command::new(&exe)
        .env("LD_LIBRARY_PATH", work_dir().join("lib"))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    // Shown with --nocapture: where the test's time goes.
    eprintln!(
        "program-diff: {name} {} in {:.1}s, ran in {:.1}s",
        if fresh { "built" } else { "cached" },
        built.as_secs_f64(),
        (start.elapsed() - built).as_secs_f64()
    );
    let ours = String::from_utf8_lossy(&r.stdout);
    if r.status.code() != Some(0) {
        return Err(format!("exit status {}:\n{ours}\n{}", r.status, String::from_utf8_lossy(&r.stderr)));
    }
    compare(&p.expected()?, &ours, p.tolerance).map_err(|e| format!("differs from the GPU: {e}"))
}

/// Whether program `name` is checked outside the whole suite: not one that includes CCCL
/// (their nvcc builds take half of all the builds' time), and in a fixed third of the others.
fn in_standard_suite(name: &str) -> bool {
    in_share(name, 3, 0) && Program::read(name).is_ok_and(|p| !p.heavy())
}

#[test]
fn every_program_prints_what_the_gpu_printed() {
    let only = std::env::var("PROGRAM_DIFF_ONLY").ok();
    let names = table_of(only.as_deref());
    let (names, left): (Vec<String>, Vec<String>) =
        names.into_iter().partition(|n| only.is_some() || full_suite() || in_standard_suite(n));
    if !left.is_empty() {
        eprintln!(
            "program-diff: {} programs (those that include CUB, Thrust or libcu++, and two thirds of the others) \
             are left to the whole suite, CUPRITE_TESTS=full scripts/test.sh: {}",
            left.len(),
            left.join(" ")
        );
    }
    // The programs that take longest to build first, so that no long build starts last while
    // the other workers have finished.
    let mut names = names;
    names.sort_by_cached_key(|n| !Program::read(n).is_ok_and(|p| p.heavy()));
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures = run_all("program-diff", &names, workers, check);
    if !failures.is_empty() {
        let report: Vec<String> = failures.iter().map(|(n, e)| format!("--- {n}: {e}")).collect();
        panic!(
            "{} of {} programs differ from the GPU:\n{}\n(rerun some: PROGRAM_DIFF_ONLY={})",
            failures.len(),
            names.len(),
            report.join("\n"),
            failures.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(",")
        );
    }
}

#[test]
fn the_cache_key_covers_every_part() {
    let k = fnv64(&[b"nvcc 13.0", b"-arch=compute_90", b"int main() {}"]);
    assert_ne!(k, fnv64(&[b"nvcc 13.1", b"-arch=compute_90", b"int main() {}"]));
    assert_ne!(k, fnv64(&[b"nvcc 13.0", b"-arch=sm_90", b"int main() {}"]));
    assert_ne!(k, fnv64(&[b"nvcc 13.0", b"-arch=compute_90", b"int main() {return 0;}"]));
}
