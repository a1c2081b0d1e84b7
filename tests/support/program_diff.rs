//! The program-diff table (`tests/program-diff/`), shared by the test crates that check it
//! (`#[path = ...] mod program_diff;`): `crates/cudart/tests/program_diff.rs` builds its programs
//! with NVIDIA's nvcc, `crates/nvcc/tests/program_diff.rs` with `cuprite nvcc`; both run them on
//! Cuprite's libcudart and hold the output against what an H200 printed (`expected/NAME.txt`).
//!
//! What lives here: the table (programs paired with outputs), each program's directives (its
//! first line `// flags: ...`; `// diff-tolerance: REL`; `// program-diff-skip: REASON`), the
//! comparison of outputs, which programs the standard suite checks, and the concurrent runner.

#![allow(dead_code)] // each test crate uses its own part

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// `tests/program-diff/` (every crate that includes this file sits at `crates/NAME`).
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/program-diff")
}

/// 64-bit FNV-1a of `parts` (each followed by a 0 byte, so that moving text between parts
/// changes the hash): stable across Rust versions, unlike `DefaultHasher`.
pub fn fnv64(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in parts {
        for &b in p.iter().chain(&[0]) {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

/// One program of the table: its source and what its own lines direct.
pub struct Program {
    /// The name, without `.cu`.
    pub name: String,
    /// `tests/program-diff/NAME.cu`.
    pub src: PathBuf,
    /// The source text.
    pub text: String,
    /// The flags of its first line `// flags: ...` (the GPU's build had them too).
    pub flags: Vec<String>,
    /// `// diff-tolerance: REL`: numbers may differ by that relative amount; 0 when absent.
    pub tolerance: f64,
    /// `// program-diff-skip: REASON`: nvcc's build is checked elsewhere, for that reason.
    pub skip: Option<String>,
}

impl Program {
    /// Reads program `name` of the table.
    pub fn read(name: &str) -> Result<Program, String> {
        let src = root().join(format!("{name}.cu"));
        let text = std::fs::read_to_string(&src).map_err(|e| format!("cannot read {}: {e}", src.display()))?;
        let flags = text.lines().next().and_then(|l| l.strip_prefix("// flags:")).unwrap_or("");
        let flags = flags.split_whitespace().map(String::from).collect();
        let tolerance = text
            .lines()
            .find_map(|l| l.strip_prefix("// diff-tolerance:"))
            .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            .unwrap_or(0.0);
        let skip = text.lines().find_map(|l| l.strip_prefix("// program-diff-skip:")).map(|r| r.trim().to_string());
        Ok(Program { name: name.to_string(), src, text, flags, tolerance, skip })
    }

    /// Whether it includes CUB, Thrust or libcu++: its nvcc build takes ten times a plain
    /// program's (20 to 70 s on a loaded 2-core machine: half of all the builds' time).
    pub fn heavy(&self) -> bool {
        ["<cub/", "<thrust/", "<cuda/std/"].iter().any(|h| self.text.contains(h))
    }

    /// What the H200 printed for nvcc's build.
    pub fn expected(&self) -> Result<String, String> {
        let path = root().join(format!("expected/{}.txt", self.name));
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }
}

#[derive(Debug, PartialEq)]
pub enum Tok {
    Text(String),
    Num(f64),
}

/// Splits a line into numbers and the text between them.
pub fn tokens(line: &str) -> Vec<Tok> {
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
pub fn compare(gpu: &str, ours: &str, tol: f64) -> Result<(), String> {
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
pub fn stems(dir: &Path, ext: &str) -> Vec<String> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()));
    let mut names: Vec<String> = entries
        .map(|e| e.expect("read a directory entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == ext))
        .filter_map(|p| Some(p.file_stem()?.to_str()?.to_owned()))
        .collect();
    names.sort();
    names
}

/// The programs to check: those named in `only` (a comma-separated list), or all of them;
/// `Err` names every program without an expected output, every expected output without a
/// program, and every name in `only` that is not a program.
pub fn table(programs: &[String], expected: &[String], only: Option<&str>) -> Result<Vec<String>, String> {
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
                problems.push(format!("{n} is named to be checked but is not a program of tests/program-diff"));
            }
            names
        }
    };
    if problems.is_empty() { Ok(chosen) } else { Err(problems.join("\n")) }
}

/// The whole table, or the programs `only` names; panics if the table is not one.
pub fn table_of(only: Option<&str>) -> Vec<String> {
    table(&stems(&root(), "cu"), &stems(&root().join("expected"), "txt"), only)
        .unwrap_or_else(|e| panic!("tests/program-diff is not a table of programs and outputs:\n{e}"))
}

/// Whether the whole suite runs (`CUPRITE_TESTS=full`, `scripts/test.sh`): every program.
/// Otherwise (CI's budget) each compiler checks a fixed share of the programs, chosen by a
/// hash of the name (the same in every run; a new program is in it or not whatever else is
/// added), and the test names what it leaves out.
pub fn full_suite() -> bool {
    std::env::var("CUPRITE_TESTS").is_ok_and(|v| v == "full")
}

/// Whether program `name` is in share `which` of `shares` (by the hash of its name).
pub fn in_share(name: &str, shares: u64, which: u64) -> bool {
    fnv64(&[name.as_bytes()]) % shares == which
}

/// Runs `job` on every name, `workers` at a time; the failures, in the order of `names`.
/// `what` prefixes each line of progress (shown with --nocapture).
pub fn run_all(
    what: &str,
    names: &[String],
    workers: usize,
    job: impl Fn(&str) -> Result<(), String> + Sync,
) -> Vec<(String, String)> {
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..workers.clamp(1, names.len().max(1)) {
            s.spawn(|| {
                while let Some(name) = names.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let t = Instant::now();
                    let verdict = job(name);
                    eprintln!(
                        "{what}: {name} {} in {:.1}s",
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_pairs_programs_with_outputs() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(table(&s(&["a", "b"]), &s(&["a", "b"]), None), Ok(s(&["a", "b"])));
        assert_eq!(table(&s(&["a", "b"]), &s(&["a", "b"]), Some("b, ")), Ok(s(&["b"])));
        let e = table(&s(&["a", "b"]), &s(&["a", "c"]), None).unwrap_err();
        assert!(e.contains("b.cu has no expected/b.txt") && e.contains("expected/c.txt has no program c.cu"), "{e}");
        assert!(table(&s(&["a"]), &s(&["a"]), Some("z")).unwrap_err().contains("z is named"));
    }

    #[test]
    fn every_failure_is_reported() {
        let names: Vec<String> = (0..20).map(|i| i.to_string()).collect();
        let failures =
            run_all(
                "t",
                &names,
                3,
                |n| if n.parse::<u32>().unwrap() % 7 == 0 { Err(format!("bad {n}")) } else { Ok(()) },
            );
        let expect: Vec<(String, String)> =
            ["0", "7", "14"].iter().map(|n| (n.to_string(), format!("bad {n}"))).collect();
        assert_eq!(failures, expect);
    }

    #[test]
    fn tokens_split_numbers_from_text() {
        assert_eq!(
            tokens("x=-1.5e3 [7]"),
            vec![
                Tok::Text("x=".into()),
                Tok::Num(-1500.0),
                Tok::Text(" [".into()),
                Tok::Num(7.0),
                Tok::Text("]".into())
            ]
        );
        assert!(compare("a 1.0000001", "a 1.0", 1e-6).is_ok());
        assert!(compare("a 1.001", "a 1.0", 1e-6).is_err());
        assert!(compare("a 1.0", "b 1.0", 1e-3).is_err());
    }

    #[test]
    fn the_hash_is_fnv1a() {
        assert_ne!(fnv64(&[b"ab", b"c"]), fnv64(&[b"a", b"bc"]));
        // FNV-1a's offset basis for no input: the hash is the standard one.
        assert_eq!(fnv64(&[]), 0xcbf2_9ce4_8422_2325);
    }
}
