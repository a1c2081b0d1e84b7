//! Builds every Programming Guide program of `tests/guide/` with `cuprite nvcc -arch=sm_90`, runs
//! it on Cuprite's libcudart, and requires PASS (exit status 0, a PASS line, no FAIL line) — except
//! for the programs listed in `tests/guide/known_failures.txt` with their root cause. A listed
//! program that passes fails the test (so the list only shrinks), and so does any unlisted failure;
//! only a program whose reason starts with `flaky:` (a nondeterministic engine bug) may do either.
//!
//! A program is either one `NAME.cu` (its extra nvcc flags on a `// nvcc-flags: ...` line), or a
//! directory `NAME/` whose `build.txt` lists the build commands (`nvcc ARGS` or `ar ARGS`, with
//! `$SRC` for the directory and `$OUT` for the build directory; the program is `$OUT/prog`).
//! `CUPRITE_GUIDE_ONLY=a,b` runs only the named programs.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The architecture every program is built for.
const ARCH: &str = "-arch=sm_90";

fn guide_dir() -> PathBuf {
    common::repo().join("crates/nvcc/tests/guide")
}

/// The programs: single-file names (`x` for `x.cu`) and directories with a `build.txt`.
fn programs() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(guide_dir())
        .expect("read tests/guide")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            let single = p.extension().is_some_and(|x| x == "cu");
            let multi = p.is_dir() && p.join("build.txt").is_file();
            (single || multi).then_some(stem)
        })
        .collect();
    names.sort();
    names
}

/// The extra flags a single-file program names on its `// nvcc-flags:` line.
fn flags_of(src: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(src).unwrap_or_default();
    text.lines()
        .find_map(|l| l.strip_prefix("// nvcc-flags:"))
        .map(|f| f.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

fn nvcc(args: &[String]) -> Result<(), String> {
    let mut all = vec![ARCH];
    all.extend(args.iter().map(String::as_str));
    common::nvcc(&all).map_err(|e| format!("build failed: cuprite nvcc {}: {e}", args.join(" ")))
}

/// Builds a program; returns the executable.
fn build(name: &str) -> Result<PathBuf, String> {
    let dir = guide_dir();
    let out = common::work_dir().join("guide").join(name);
    std::fs::create_dir_all(&out).map_err(|e| format!("create {}: {e}", out.display()))?;
    let single = dir.join(format!("{name}.cu"));
    if single.is_file() {
        let exe = out.join("prog");
        let mut args = flags_of(&single);
        args.extend([single.to_string_lossy().into_owned(), "-o".into(), exe.to_string_lossy().into_owned()]);
        nvcc(&args)?;
        return Ok(exe);
    }
    let src = dir.join(name);
    let script = std::fs::read_to_string(src.join("build.txt")).map_err(|e| format!("read build.txt: {e}"))?;
    for line in script.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let words: Vec<String> = line
            .split_whitespace()
            .map(|w| w.replace("$SRC", &src.to_string_lossy()).replace("$OUT", &out.to_string_lossy()))
            .collect();
        match words.split_first() {
            Some((tool, args)) if tool == "nvcc" => nvcc(args)?,
            Some((tool, args)) if tool == "ar" => {
                let status = Command::new("ar").args(args).status().map_err(|e| format!("run ar: {e}"))?;
                if !status.success() {
                    return Err(format!("build failed: ar {}", args.join(" ")));
                }
            }
            _ => return Err(format!("build.txt: unknown command '{line}'")),
        }
    }
    Ok(out.join("prog"))
}

/// Builds and runs one program: Ok, or why not.
fn check(name: &str) -> Result<(), String> {
    let exe = build(name)?;
    let o = common::run(&exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    if o.status.code() == Some(0) && stdout.contains("PASS") && !stdout.contains("FAIL") {
        Ok(())
    } else {
        let fails: Vec<&str> = stdout.lines().filter(|l| l.contains("FAIL")).take(5).collect();
        let err: String = String::from_utf8_lossy(&o.stderr).lines().take(3).collect::<Vec<_>>().join(" | ");
        Err(format!("run failed: status {:?}; {}; stderr: {err}", o.status.code(), fails.join(" | ")))
    }
}

#[test]
fn every_guide_program_builds_with_cuprite_nvcc_and_passes() {
    let names = programs();
    assert!(names.len() >= 60, "expected at least 60 guide programs, found {}", names.len());
    common::check_programs(
        "guide programs",
        names,
        |_| true,
        "CUPRITE_GUIDE_ONLY",
        &guide_dir().join("known_failures.txt"),
        check,
    );
}
