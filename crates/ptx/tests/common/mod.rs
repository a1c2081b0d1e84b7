//! Helpers shared by the PTX front end's integration tests.
#![allow(dead_code)]

pub mod differential;

use std::path::{Path, PathBuf};

/// The repository root.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// Every fixture of the PTX corpus (nvcc's in `tests/corpus/ptx`, clang's in
/// `tests/corpus/ptx-clang`), sorted.
pub fn corpus_files() -> Vec<PathBuf> {
    let mut v = Vec::new();
    for sub in ["tests/corpus/ptx", "tests/corpus/ptx-clang"] {
        let dir = repo_root().join(sub);
        v.extend(
            std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|e| e.expect("dir entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "ptx")),
        );
    }
    v.sort();
    v
}

/// A small deterministic PRNG (xorshift64*), so fuzz-style tests are reproducible.
#[derive(Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Finds `ptxas`: on PATH or under `$CUDA_HOME/bin`. The tests need it; they never skip.
pub fn ptxas() -> PathBuf {
    if let Ok(home) = std::env::var("CUDA_HOME") {
        let p = Path::new(&home).join("bin/ptxas");
        if p.exists() {
            return p;
        }
    }
    if let Some(paths) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&paths) {
            let p = dir.join("ptxas");
            if p.exists() {
                return p;
            }
        }
    }
    panic!("ptxas not found: run the tests with scripts/test.sh, which installs NVIDIA's nvcc/ptxas from PyPI")
}
