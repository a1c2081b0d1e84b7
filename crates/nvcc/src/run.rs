//! `cuprite run FILE.cu [nvcc options] [-- ARGS]`: compiles into a cache, then runs.
//!
//! The cache key covers Cuprite's version, the clang used, the options and the inputs' content;
//! each entry also records the content hash of every header the compilation included (from
//! clang's dependency output), and is rebuilt when one changed.

use std::path::Path;

use crate::cache::{self, Key};
use crate::driver::{self, Failure};
use crate::options::{InputKind, Options, Phase};
use crate::toolchain::Toolchain;

/// The name of the cached executable inside its entry directory.
const EXE: &str = "app";
/// The file listing `<hash> <path>` for every dependency of the build.
const DEPS: &str = "deps";

/// Splits `cuprite run`'s arguments at the first `--`: (compiler arguments, program arguments).
pub fn split_args(args: &[String]) -> (&[String], &[String]) {
    match args.iter().position(|a| a == "--") {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &[]),
    }
}

fn file_hash(path: &Path) -> Option<String> {
    std::fs::read(path).ok().map(|b| Key::default().add(&b).hex())
}

/// True if every dependency listed in `deps` still has the recorded content.
fn deps_current(deps: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(deps) else { return false };
    text.lines().all(|l| match l.split_once(' ') {
        Some((hash, path)) => file_hash(Path::new(path)).as_deref() == Some(hash),
        None => false,
    })
}

/// Compiles (unless cached) and runs. Returns the program's exit status; on success on Unix
/// this does not return (the program replaces this process).
pub fn run(args: &[String], cudart_dir: &Path) -> Result<i32, Failure> {
    let (compile_args, program_args) = split_args(args);
    let mut o = Options::parse(compile_args).map_err(|e| Failure {
        message: e.to_string(),
        status: 2,
        diagnostics: String::new(),
    })?;
    for warning in &o.warnings {
        eprintln!("{warning}");
    }
    if o.phase != Phase::Link || o.output.is_some() {
        return Err(Failure {
            message: "cuprite run builds and runs an executable: leave out -o and phase options (-c, --ptx, ...)"
                .into(),
            status: 2,
            diagnostics: String::new(),
        });
    }
    if !o.inputs.iter().any(|i| i.kind == InputKind::Cuda) {
        return Err(Failure { message: "cuprite run needs a .cu file".into(), status: 2, diagnostics: String::new() });
    }
    let tc = Toolchain::locate(Some(cudart_dir.to_path_buf())).map_err(Failure::new)?;
    let mut key = Key::default();
    key.add(env!("CARGO_PKG_VERSION").as_bytes()).add(tc.clangxx.as_os_str().as_encoded_bytes());
    for a in compile_args {
        key.add(a.as_bytes());
    }
    for i in &o.inputs {
        let bytes =
            std::fs::read(&i.path).map_err(|e| Failure::new(format!("cannot read {}: {e}", i.path.display())))?;
        key.add(&bytes);
    }
    let entry = cache::cache_root().join("run").join(key.hex());
    let exe = entry.join(EXE);
    if !(exe.is_file() && deps_current(&entry.join(DEPS))) {
        let staging = cache::unique_temporary(&entry);
        let _ = std::fs::remove_dir_all(&staging);
        std::fs::create_dir_all(&staging)
            .map_err(|e| Failure::new(format!("cannot create {}: {e}", staging.display())))?;
        o.output = Some(staging.join(EXE));
        // Every source's headers decide whether the entry is current. One CUDA source lists
        // them while it compiles (`-MD`); with several sources, or C/C++ ones, one `-MF` file
        // would keep only the last source's list (nvcc's too), so each is listed with `-M`.
        let sources: Vec<_> =
            o.inputs.iter().filter(|i| matches!(i.kind, InputKind::Cuda | InputKind::Cxx | InputKind::C)).collect();
        let depfiles: Vec<_> = (0..sources.len()).map(|n| staging.join(format!("deps-{n}.d"))).collect();
        let single_cuda = sources.len() == 1 && sources[0].kind == InputKind::Cuda;
        if single_cuda {
            o.dependencies_with_compile = true;
            o.dependency_file = Some(depfiles[0].clone());
        }
        driver::build(&o, Some(cudart_dir.to_path_buf()))?;
        if !single_cuda {
            for (input, depfile) in sources.iter().zip(&depfiles) {
                let mut listing = o.clone();
                listing.inputs = vec![(*input).clone()];
                listing.phase = Phase::Dependencies;
                listing.output = Some(depfile.clone());
                driver::build(&listing, Some(cudart_dir.to_path_buf()))?;
            }
        }
        let mut listed = String::new();
        for depfile in &depfiles {
            let Ok(text) = std::fs::read_to_string(depfile) else { continue };
            for dep in crate::depfile::parse(&text) {
                if let Some(h) = file_hash(&dep) {
                    listed.push_str(&format!("{h} {}\n", dep.display()));
                }
            }
        }
        std::fs::write(staging.join(DEPS), listed).map_err(|e| Failure::new(format!("cannot write the cache: {e}")))?;
        let _ = std::fs::remove_dir_all(&entry);
        if std::fs::rename(&staging, &entry).is_err() {
            // Another process filled the entry first; use its result.
            let _ = std::fs::remove_dir_all(&staging);
        }
    }
    exec(&exe, program_args, cudart_dir)
}

/// Replaces this process with the program, Cuprite's library first on the library path.
fn exec(exe: &Path, args: &[String], cudart_dir: &Path) -> Result<i32, Failure> {
    use std::os::unix::process::CommandExt;
    let err =
        std::process::Command::new(exe).args(args).env("LD_LIBRARY_PATH", driver::library_path(cudart_dir)).exec();
    Err(Failure::new(format!("cannot run {}: {err}", exe.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_the_first_double_dash() {
        let v: Vec<String> = ["a.cu", "-O2", "--", "x", "--", "y"].iter().map(|s| s.to_string()).collect();
        let (c, p) = split_args(&v);
        assert_eq!(c, &v[..2]);
        assert_eq!(p, &v[3..]);
        let (c, p) = split_args(&v[..2]);
        assert_eq!((c.len(), p.len()), (2, 0));
    }
}
