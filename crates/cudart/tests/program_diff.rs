//! Program-level differential tests: each CUDA program in `tests/program-diff/` prints its
//! results; `tests/program-diff/expected/NAME.txt` is what it printed natively on an H100 or H200
//! (`tests/program-diff/record.sh`). Here the same source is built by nvcc with `-cudart shared`
//! and run on our library; the output must be identical.
//!
//! The directory is the table: every `NAME.cu` there is checked against `expected/NAME.txt`, and a
//! program without an expected file, or an expected file without its program, fails the test (a
//! program is never skipped silently). What a program tests is said by the comment at its top.
//! Directives in the program's own lines:
//! - `// flags: ...` as its first line: extra nvcc flags (record.sh builds with them too);
//! - `// diff-tolerance: REL` on any line: numbers may differ by that relative amount (for
//!   fast-math approximations), text must still match;
//! - `// program-diff-skip: REASON` on any line: nvcc's build is not checked here, for the
//!   reason given on that line (which names where the program is checked instead); the test
//!   prints it.
//!
//! The programs are built and run concurrently, as many at a time as the machine has cores; every
//! failure is reported, each with its program's difference, not only the first. To check some
//! programs only: `PROGRAM_DIFF_ONLY=name1,name2 cargo test --release -p cuprite-cudart --test
//! program_diff` (names without `.cu`; a name with no program fails).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

mod common;

use common::{nvcc, work_dir};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/program-diff")
}

#[derive(Debug, PartialEq)]
enum Tok {
    Text(String),
    Num(f64),
}

/// Splits a line into numbers and the text between them.
fn tokens(line: &str) -> Vec<Tok> {
    let b = line.as_bytes();
    let mut out = Vec::new();
    let mut text = String::new();
    let mut i = 0;
    while i < b.len() {
        let starts_num = b[i].is_ascii_digit()
            || (matches!(b[i], b'-' | b'+' | b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        if !starts_num {
            text.push(b[i] as char);
            i += 1;
            continue;
        }
        let mut j = i + 1;
        while j < b.len() && (b[j].is_ascii_digit() || b[j] == b'.') {
            j += 1;
        }
        if j < b.len() && matches!(b[j], b'e' | b'E') {
            let mut k = j + 1;
            if k < b.len() && matches!(b[k], b'-' | b'+') {
                k += 1;
            }
            if k < b.len() && b[k].is_ascii_digit() {
                j = k;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
            }
        }
        match line[i..j].parse::<f64>() {
            Ok(v) => {
                out.push(Tok::Text(std::mem::take(&mut text)));
                out.push(Tok::Num(v));
            }
            Err(_) => text.push_str(&line[i..j]),
        }
        i = j;
    }
    out.push(Tok::Text(text));
    out
}

/// Whether `ours` matches `gpu` line by line, numbers within `tol` relative to their size (or
/// absolute below 1: results of cancellation carry the inputs' error, not their own).
fn compare(gpu: &str, ours: &str, tol: f64) -> Result<(), String> {
    let (g, o): (Vec<&str>, Vec<&str>) = (gpu.lines().collect(), ours.lines().collect());
    if g.len() != o.len() {
        return Err(format!("{} lines from the GPU, {} from Cuprite", g.len(), o.len()));
    }
    for (n, (gl, ol)) in g.iter().zip(&o).enumerate() {
        if gl == ol {
            continue;
        }
        let close = tol > 0.0 && {
            let (gt, ot) = (tokens(gl), tokens(ol));
            gt.len() == ot.len()
                && gt.iter().zip(&ot).all(|(a, b)| match (a, b) {
                    (Tok::Num(x), Tok::Num(y)) => (x - y).abs() <= tol * x.abs().max(y.abs()).max(1.0),
                    (a, b) => a == b,
                })
        };
        if !close {
            return Err(format!("line {}:\n  GPU:     {gl}\n  Cuprite: {ol}", n + 1));
        }
    }
    Ok(())
}

/// The file names (without extension) in `dir` that end in `.ext`, sorted.
fn stems(dir: &Path, ext: &str) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|e| e.expect("read a directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
        .collect();
    names.sort();
    names
}

/// The programs to check: those named in `only` (a comma-separated list, from
/// `PROGRAM_DIFF_ONLY`), or all of them; `Err` names every program without an expected output,
/// every expected output without a program, and every name in `only` that is not a program.
fn table(programs: &[String], expected: &[String], only: Option<&str>) -> Result<Vec<String>, String> {
    let mut problems = Vec::new();
    for p in programs.iter().filter(|p| !expected.contains(p)) {
        problems.push(format!("{p}.cu has no expected/{p}.txt (record it on a GPU: record.sh)"));
    }
    for e in expected.iter().filter(|e| !programs.contains(e)) {
        problems.push(format!("expected/{e}.txt has no program {e}.cu"));
    }
    let chosen: Vec<String> = match only {
        None => programs.to_vec(),
        Some(list) => {
            let names: Vec<String> =
                list.split(',').map(str::trim).filter(|n| !n.is_empty()).map(String::from).collect();
            for n in names.iter().filter(|n| !programs.contains(n)) {
                problems.push(format!("PROGRAM_DIFF_ONLY names {n}, which is not a program of tests/program-diff"));
            }
            names
        }
    };
    if problems.is_empty() { Ok(chosen) } else { Err(problems.join("\n")) }
}

/// Builds program `name` as record.sh does (its `// flags:`), runs it on our library and compares
/// what it prints with the GPU's output; `Err` says how it differs.
fn check(name: &str) -> Result<(), String> {
    let src = root().join(format!("{name}.cu"));
    let text = std::fs::read_to_string(&src).map_err(|e| format!("cannot read {}: {e}", src.display()))?;
    let tol = text
        .lines()
        .find_map(|l| l.strip_prefix("// diff-tolerance:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or(0.0);
    let flags = text.lines().next().and_then(|l| l.strip_prefix("// flags:")).unwrap_or("");
    if let Some(reason) = text.lines().find_map(|l| l.strip_prefix("// program-diff-skip:")) {
        if reason.trim().is_empty() {
            return Err("`// program-diff-skip:` without a reason".into());
        }
        eprintln!("program-diff: {name} skipped:{reason}");
        return Ok(());
    }
    let exe = work_dir().join(name);
    let start = Instant::now();
    let o = Command::new(nvcc())
        .args(["-arch=sm_90", "-cudart", "shared"])
        .args(flags.split_whitespace())
        .arg("-o")
        .arg(&exe)
        .arg(&src)
        .output()
        .map_err(|e| format!("cannot run nvcc: {e}"))?;
    if !o.status.success() {
        return Err(format!("nvcc failed: {}", String::from_utf8_lossy(&o.stderr)));
    }
    let built = start.elapsed();
    let r = Command::new(&exe)
        .env("LD_LIBRARY_PATH", work_dir().join("lib"))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    // Shown with --nocapture: where the test's time goes.
    eprintln!(
        "program-diff: {name} built in {:.1}s, ran in {:.1}s",
        built.as_secs_f64(),
        (start.elapsed() - built).as_secs_f64()
    );
    let ours = String::from_utf8_lossy(&r.stdout);
    if r.status.code() != Some(0) {
        return Err(format!("exit status {}:\n{ours}\n{}", r.status, String::from_utf8_lossy(&r.stderr)));
    }
    let expected = root().join(format!("expected/{name}.txt"));
    let gpu = std::fs::read_to_string(&expected).map_err(|e| format!("cannot read {}: {e}", expected.display()))?;
    compare(&gpu, &ours, tol).map_err(|e| format!("differs from the GPU: {e}"))
}

/// `names` with the programs that take longest to build first (those including CUB, Thrust or
/// libcu++, whose nvcc builds take ten times a plain program's), so that no long build starts
/// last while the other workers have finished.
fn longest_first(mut names: Vec<String>) -> Vec<String> {
    let heavy = |n: &String| {
        std::fs::read_to_string(root().join(format!("{n}.cu")))
            .is_ok_and(|t| ["<cub/", "<thrust/", "<cuda/std/"].iter().any(|h| t.contains(h)))
    };
    names.sort_by_key(|n| !heavy(n));
    names
}

/// Runs `job` on every name, `workers` at a time; the failures, in the order of `names`.
fn run_all(names: &[String], workers: usize, job: impl Fn(&str) -> Result<(), String> + Sync) -> Vec<(String, String)> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers.clamp(1, names.len().max(1)) {
            s.spawn(|| {
                while let Some(name) = names.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let t = Instant::now();
                    let verdict = job(name);
                    eprintln!(
                        "program-diff: {name} {} in {:.1}s",
                        if verdict.is_ok() { "ok" } else { "FAILED" },
                        t.elapsed().as_secs_f64()
                    );
                    if let Err(e) = verdict {
                        failures.lock().unwrap_or_else(|p| p.into_inner()).push((name.clone(), e));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap_or_else(|p| p.into_inner());
    failures.sort_by_key(|(n, _)| names.iter().position(|m| m == n));
    failures
}

#[test]
fn every_program_prints_what_the_gpu_printed() {
    let only = std::env::var("PROGRAM_DIFF_ONLY").ok();
    let names = table(&stems(&root(), "cu"), &stems(&root().join("expected"), "txt"), only.as_deref())
        .unwrap_or_else(|e| panic!("tests/program-diff is not a table of programs and outputs:\n{e}"));
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures = run_all(&longest_first(names.clone()), workers, check);
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
fn the_table_pairs_programs_with_outputs() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert_eq!(table(&s(&["a", "b"]), &s(&["a", "b"]), None), Ok(s(&["a", "b"])));
    assert_eq!(table(&s(&["a", "b"]), &s(&["a", "b"]), Some("b, ")), Ok(s(&["b"])));
    let e = table(&s(&["a", "b"]), &s(&["a", "c"]), None).unwrap_err();
    assert!(e.contains("b.cu has no expected/b.txt") && e.contains("expected/c.txt has no program c.cu"), "{e}");
    assert!(table(&s(&["a"]), &s(&["a"]), Some("z")).unwrap_err().contains("names z"));
}

#[test]
fn every_failure_is_reported() {
    let names: Vec<String> = (0..20).map(|i| i.to_string()).collect();
    let failures =
        run_all(&names, 3, |n| if n.parse::<u32>().unwrap() % 7 == 0 { Err(format!("bad {n}")) } else { Ok(()) });
    let expect: Vec<(String, String)> = ["0", "7", "14"].iter().map(|n| (n.to_string(), format!("bad {n}"))).collect();
    assert_eq!(failures, expect);
}

#[test]
fn tokens_split_numbers_from_text() {
    assert_eq!(
        tokens("x=-1.5e3 [7]"),
        vec![Tok::Text("x=".into()), Tok::Num(-1500.0), Tok::Text(" [".into()), Tok::Num(7.0), Tok::Text("]".into())]
    );
    assert!(compare("a 1.0000001", "a 1.0", 1e-6).is_ok());
    assert!(compare("a 1.001", "a 1.0", 1e-6).is_err());
    assert!(compare("a 1.0", "b 1.0", 1e-3).is_err());
}
