//! `cuprite exec PROGRAM [ARGS...]`: runs an nvcc-built program (built with
//! `-cudart shared`) on Cuprite's CPU device, by putting Cuprite's `libcudart.so.13` first on
//! `LD_LIBRARY_PATH` and exec()ing the program (so its exit status is the program's).
//!
//! The library is looked for beside the `cuprite` executable: `libcudart.so.13` if present,
//! else cargo's output of crate `cuprite-cudart` — `libcudart.so` (`cargo build -p
//! cuprite-cudart`) or `deps/libcudart.so` (built as a dependency of the cli), the newer —
//! for which a `cuprite-lib/libcudart.so.13` symlink is made there.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::exec_check;

const USAGE: &str = "\
usage: cuprite exec [--profile] [--trace FILE] PROGRAM [ARGS...]

Runs PROGRAM, built by nvcc with `-cudart shared`, on Cuprite's CPU device: Cuprite's
libcudart.so.13 is put first on LD_LIBRARY_PATH and PROGRAM is executed with ARGS; the exit
status is the program's. A program built with nvcc's default static runtime must be rebuilt
with `-cudart shared`. Environment variables: see `cuprite --help`.

  --profile     print on stderr at exit where the time went: kernels, copies and memsets,
                API calls (sets CUPRITE_PROFILE=1)
  --trace FILE  write a Chrome/Perfetto trace of kernels, copies and API calls per stream to
                FILE at exit (sets CUPRITE_TRACE=FILE)
";

/// Finds (or makes) the directory holding our `libcudart.so.13` (and `libcurand.so.10`, when
/// built: NVIDIA's name, so that programs linked with `-lcurand` load Cuprite's).
pub(crate) fn lib_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot locate the cuprite executable: {e}"))?;
    let dir = exe.parent().unwrap_or(Path::new(".")).to_path_buf();
    if dir.join("libcudart.so.13").is_file() {
        return Ok(dir);
    }
    let libdir = dir.join("cuprite-lib");
    let Some(built) = newest_built(&dir, "libcudart.so") else {
        return Err(format!(
            "Cuprite's libcudart.so.13 was not found next to {} (looked for libcudart.so.13, libcudart.so and \
             deps/libcudart.so in {}); build it with `cargo build -p cuprite-cudart` (same profile as cuprite)",
            exe.display(),
            dir.display()
        ));
    };
    link(&libdir, "libcudart.so.13", &built)?;
    if let Some(curand) = newest_built(&dir, "libcurand.so") {
        link(&libdir, "libcurand.so.10", &curand)?;
    }
    Ok(libdir)
}

/// cargo's output of the library `name` in `dir`: `dir/name` (from `cargo build -p CRATE`) or
/// `dir/deps/name` (built as the cli's dependency); the newer wins.
fn newest_built(dir: &Path, name: &str) -> Option<PathBuf> {
    let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    [dir.join(name), dir.join("deps").join(name)].into_iter().filter(|p| p.is_file()).max_by_key(|p| mtime(p))
}

/// Makes `libdir/name` a symbolic link to `target` (unless it is one already).
fn link(libdir: &Path, name: &str, target: &Path) -> Result<(), String> {
    let link = libdir.join(name);
    if std::fs::read_link(&link).ok().as_deref() != Some(target) {
        std::fs::create_dir_all(libdir).map_err(|e| format!("cannot create {}: {e}", libdir.display()))?;
        let _ = std::fs::remove_file(&link);
        if let Err(e) = std::os::unix::fs::symlink(target, &link)
            && std::fs::read_link(&link).ok().as_deref() != Some(target)
        {
            return Err(format!("cannot create {}: {e}", link.display()));
        }
    }
    Ok(())
}

/// Runs `cuprite exec`.
pub fn run(mut args: &[&str]) -> ExitCode {
    let mut env: Vec<(&str, &str)> = Vec::new();
    loop {
        match args {
            ["--profile", rest @ ..] => {
                env.push((simt::env::PROFILE, "1"));
                args = rest;
            }
            ["--trace", file, rest @ ..] => {
                env.push((simt::env::TRACE, file));
                args = rest;
            }
            _ => break,
        }
    }
    let (program, rest) = match args.split_first() {
        Some((&("--help" | "-h"), _)) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Some((program, rest)) if !program.starts_with('-') => (program, rest),
        Some((option, _)) => {
            eprint!("cuprite exec: unknown option '{option}'\n{USAGE}");
            return ExitCode::from(2);
        }
        None => {
            eprint!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let dir = match lib_dir() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("cuprite exec: {e}");
            return ExitCode::from(127);
        }
    };
    let mut path = dir.into_os_string();
    if let Some(old) = std::env::var_os("LD_LIBRARY_PATH")
        && !old.is_empty()
    {
        path.push(":");
        path.push(old);
    }
    let prog = exec_check::resolve(program);
    if let Err(refusal) = exec_check::check_environment().and_then(|()| exec_check::check_program(&prog, program)) {
        eprintln!("cuprite exec: {}", refusal.message);
        return ExitCode::from(refusal.status);
    }
    let err = Command::new(&prog).args(rest).env("LD_LIBRARY_PATH", path).envs(env).exec();
    eprintln!("cuprite exec: cannot run {program}: {err}");
    ExitCode::from(if err.kind() == std::io::ErrorKind::NotFound { 127 } else { 126 })
}
