//! What the driver's integration tests share: a scratch directory whose `lib/` holds this test
//! run's libcudart (also as `libcuda.so`) and libcurand (cargo builds the cdylibs of the `cuprite-cudart` and
//! `cuprite-curand` dev-dependencies into `target/<profile>/deps/`) under their link and
//! SONAME names, a build helper, and the
//! runner of a set of self-checking programs.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, OnceLock};

#[path = "../../../../tests/support/scratch.rs"]
mod scratch;

/// The repository root.
#[allow(dead_code)] // not every test file sharing these helpers reads the repository
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// A fresh-or-reused directory `name` under [`work_dir`], created.
#[allow(dead_code)] // not every test file sharing these helpers writes sources
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = work_dir().join(name);
    std::fs::create_dir_all(&dir).expect("create a test's scratch directory");
    dir
}

/// Scratch directory with `lib/libcudart.so{,.13}` → this run's library.
pub fn work_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("current_exe");
        let lib = exe.parent().expect("deps dir").join("libcudart.so");
        assert!(lib.is_file(), "{} missing: cargo builds it as a dev-dependency", lib.display());
        let dir = scratch::process_root(env!("CARGO_TARGET_TMPDIR"), "cuprite-nvcc-tests");
        std::fs::create_dir_all(dir.join("lib")).expect("create scratch dir");
        let curand = lib.with_file_name("libcurand.so");
        for (name, target) in
            // libcuda.so too, as `cuprite nvcc`'s library directory has it (crates/cli/src/nvcc_cmd.rs).
            [
                ("libcudart.so", &lib),
                ("libcudart.so.13", &lib),
                ("libcuda.so", &lib),
                ("libcurand.so", &curand),
                ("libcurand.so.10", &curand),
            ]
        {
            let link = dir.join("lib").join(name);
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(target, &link).expect("symlink the libraries");
        }
        dir
    })
}

/// Runs the driver in-process on `args` (as `cuprite nvcc` would), linking this run's library.
pub fn nvcc(args: &[&str]) -> Result<(), String> {
    let options = nvcc::Options::parse(args).map_err(|e| e.to_string())?;
    nvcc::driver::build(&options, Some(work_dir().join("lib"))).map_err(|f| format!("{}{}", f.message, f.diagnostics))
}

/// Runs a built program with our library first on the library path.
#[allow(dead_code)] // not every test file sharing these helpers runs programs
pub fn run(exe: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(exe);
    cmd.args(args).current_dir(work_dir()).env("LD_LIBRARY_PATH", work_dir().join("lib"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run test program")
}

/// Builds and runs every program of `names` that `in_scope` takes through `check` (two at a
/// time: the machine's cores), then holds the results against the known-failures list
/// `known_failures` (`NAME reason` lines, `#` comments): panics listing each unlisted failure,
/// each listed program that passes (so the list only shrinks; a reason starting `flaky:`, a
/// nondeterministic engine bug, may pass or fail) and each listed name that is not a program.
/// The environment variable `only_var` (`a,b`) runs only the named programs, in scope or not.
/// `what` names the set in the summary line.
#[allow(dead_code)] // only the program-suite test files run program sets
pub fn check_programs(
    what: &str,
    all: Vec<String>,
    in_scope: impl Fn(&str) -> bool,
    only_var: &str,
    known_failures: &Path,
    check: impl Fn(&str) -> Result<(), String> + Sync,
) {
    let only = std::env::var(only_var).ok();
    let mut names = all.clone();
    match &only {
        Some(only) => names.retain(|n| only.split(',').any(|o| o == n)),
        None => names.retain(|n| in_scope(n)),
    }
    let results = Mutex::new(BTreeMap::new());
    let queue = Mutex::new(names);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while let Some(name) = queue.lock().unwrap().pop() {
                    let r = check(&name);
                    results.lock().unwrap().insert(name, r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap();
    let list = known_failures.display();
    let known = read_known_failures(known_failures);
    let mut problems = Vec::new();
    let mut passing = 0;
    for (name, r) in &results {
        match (r, known.get(name)) {
            (Ok(()), None) => passing += 1,
            (Ok(()), Some(reason)) if reason.starts_with("flaky:") => {
                eprintln!("flaky program {name} passed this time ({reason})");
                passing += 1;
            }
            (Ok(()), Some(_)) => problems.push(format!("{name}: passes now: remove it from {list}")),
            (Err(e), None) => problems.push(format!("{name}: {e}")),
            (Err(e), Some(reason)) => eprintln!("known failure {name} ({reason}): {e}"),
        }
    }
    for name in known.keys() {
        if !all.contains(name) {
            problems.push(format!("{name}: listed in {list} but no such program"));
        }
    }
    eprintln!("{what}: {passing} of {} programs pass with cuprite nvcc", results.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The `name reason...` lines of a known-failures list.
fn read_known_failures(path: &Path) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (name, reason) = l.split_once(' ').unwrap_or((l, ""));
            (name.to_string(), reason.trim().to_string())
        })
        .collect()
}
