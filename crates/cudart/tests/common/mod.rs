//! What the test binaries running nvcc-built programs on our library share: finding nvcc, and a
//! scratch directory whose `lib/libcudart.so.13` is the library cargo built for this test run.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

#[path = "../../../../tests/support/scratch.rs"]
mod scratch;

/// CUDA 13.0's nvcc: `$CUDA_HOME/bin/nvcc` or the first on `PATH`. The tests fail, never skip,
/// without it.
pub fn nvcc() -> PathBuf {
    if let Some(home) = std::env::var_os("CUDA_HOME") {
        let p = Path::new(&home).join("bin/nvcc");
        if p.is_file() {
            return p;
        }
    }
    if let Some(path) = std::env::var_os("PATH") {
        for d in std::env::split_paths(&path) {
            let p = d.join("nvcc");
            if p.is_file() {
                return p;
            }
        }
    }
    panic!(
        "nvcc not found (looked at $CUDA_HOME/bin/nvcc and PATH): these tests need CUDA 13.0's nvcc; \
         run `source scripts/nvcc-env.sh /tmp/nvtool` first (scripts/test.sh does)"
    );
}

/// Our library as built for this test run: `target/<profile>/deps/libcudart.so` (cargo builds
/// the lib target, `cdylib` + `rlib`, for the integration tests, into `deps/` next to the test
/// executable).
pub fn our_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("current_exe");
    exe.parent().expect("target/<profile>/deps/<test>").join("libcudart.so")
}

/// A scratch directory (made once per test process: the tests run in parallel) with
/// `lib/libcudart.so.13` → our library; run programs with `lib/` on `LD_LIBRARY_PATH`.
pub fn work_dir() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let lib = our_lib();
        assert!(lib.is_file(), "{} missing: cargo builds it with this package's tests", lib.display());
        let dir = scratch::process_root(env!("CARGO_TARGET_TMPDIR"), "cuprite-cudart-tests");
        std::fs::create_dir_all(dir.join("lib")).expect("create scratch dir");
        let link = dir.join("lib/libcudart.so.13");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&lib, &link).expect("symlink libcudart.so.13");
        dir
    })
}
