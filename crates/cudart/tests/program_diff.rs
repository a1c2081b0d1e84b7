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
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

mod common;

use common::{nvcc, work_dir};

/// nvcc's arguments for a program with `// flags:` `flags`, output file aside: as record.sh
/// builds it, `-arch=sm_90` (PTX and the sm_90 cubin; the runtime reads registers and stack
/// frames from the cubin). Building for PTX only (`-arch=compute_90`) skips ptxas alone, which
/// is under 5% of an nvcc build's CPU: the front ends (cudafe++, cicc) and g++ are the rest.
fn nvcc_args(flags: &str) -> Vec<String> {
    ["-arch=sm_90", "-cudart", "shared"]
        .iter()
        .map(|s| s.to_string())
        .chain(flags.split_whitespace().map(String::from))
        .collect()
}

/// 64-bit FNV-1a of `parts` (each followed by a 0 byte, so that moving text between parts
/// changes the hash): a build cache key stable across Rust versions, unlike `DefaultHasher`.
fn fnv64(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in p.iter().chain(&[0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
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
    let start = Instant::now();
    let (exe, fresh) = build(name, &src, &text, &nvcc_args(flags))?;
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
    let expected = root().join(format!("expected/{name}.txt"));
    let gpu = std::fs::read_to_string(&expected).map_err(|e| format!("cannot read {}: {e}", expected.display()))?;
    compare(&gpu, &ours, tol).map_err(|e| format!("differs from the GPU: {e}"))
}

/// Whether program `name` includes CUB, Thrust or libcu++: its nvcc build takes ten times a
/// plain program's (20 to 70 s on a loaded 2-core machine: half of all the builds' time).
fn heavy(name: &str) -> bool {
    std::fs::read_to_string(root().join(format!("{name}.cu")))
        .is_ok_and(|t| ["<cub/", "<thrust/", "<cuda/std/"].iter().any(|h| t.contains(h)))
}

/// `names` with the programs that take longest to build first, so that no long build starts
/// last while the other workers have finished.
fn longest_first(mut names: Vec<String>) -> Vec<String> {
    names.sort_by_key(|n| !heavy(n));
    names
}

/// Whether the whole suite runs (`CUPRITE_TESTS=full`, `scripts/test.sh`): every program.
/// Otherwise (CI's budget: nvcc's builds of all the programs take 25 minutes of a 2-core
/// machine) the programs that include CCCL are left out and a third of the others is checked,
/// chosen by a hash of the name (the same third in every run; a new program is in it or not
/// whatever else is added), and the test names what it leaves out.
fn full_suite() -> bool {
    std::env::var("CUPRITE_TESTS").is_ok_and(|v| v == "full")
}

/// Whether program `name` is checked outside the whole suite (`full_suite`).
fn in_standard_suite(name: &str) -> bool {
    !heavy(name) && fnv64(&[name.as_bytes()]).is_multiple_of(3)
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

#[test]
fn the_cache_key_covers_every_part() {
    let k = fnv64(&[b"nvcc 13.0", b"-arch=compute_90", b"int main() {}"]);
    assert_ne!(k, fnv64(&[b"nvcc 13.1", b"-arch=compute_90", b"int main() {}"]));
    assert_ne!(k, fnv64(&[b"nvcc 13.0", b"-arch=sm_90", b"int main() {}"]));
    assert_ne!(k, fnv64(&[b"nvcc 13.0", b"-arch=compute_90", b"int main() {return 0;}"]));
    assert_ne!(fnv64(&[b"ab", b"c"]), fnv64(&[b"a", b"bc"]));
    // FNV-1a's offset basis for no input: the hash is the standard one.
    assert_eq!(fnv64(&[]), 0xcbf2_9ce4_8422_2325);
}
