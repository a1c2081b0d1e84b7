//! What the driver's integration tests share: a scratch directory whose `lib/` holds this test
//! run's libcudart (cargo builds the cdylib of the `cuprite-cudart` dev-dependency into
//! `target/<profile>/deps/`) as `libcudart.so` and `libcudart.so.13`, and a build helper.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

/// The repository root.
#[allow(dead_code)] // not every test file sharing these helpers needs it
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// Scratch directory with `lib/libcudart.so{,.13}` → this run's library.
pub fn work_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let exe = std::env::current_exe().expect("current_exe");
        let lib = exe.parent().expect("deps dir").join("libcudart.so");
        assert!(lib.is_file(), "{} missing: cargo builds it as a dev-dependency", lib.display());
        let dir = std::env::temp_dir().join(format!("cuprite-nvcc-tests-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("lib")).expect("create scratch dir");
        for name in ["libcudart.so", "libcudart.so.13"] {
            let link = dir.join("lib").join(name);
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(&lib, &link).expect("symlink libcudart");
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
