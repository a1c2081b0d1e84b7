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

/// A dozen small corpus files, the seeds of the mutation tests.
pub fn mutation_seeds() -> Vec<String> {
    corpus_files()
        .iter()
        .filter(|p| std::fs::metadata(p).map(|m| m.len() < 40_000).unwrap_or(false))
        .step_by(7)
        .take(12)
        .map(|p| std::fs::read_to_string(p).expect("read fixture"))
        .collect()
}

/// Pieces of PTX syntax the mutations insert.
const PIECES: [&str; 34] = [
    "{",
    "}",
    ";",
    ",",
    "[",
    "]",
    "(",
    ")",
    "@",
    "!",
    "%r1",
    ".reg",
    ".b32",
    ".u64",
    "-",
    "+",
    "0f3F800000",
    "$L__BB0_1:",
    ".entry",
    ".func",
    "_",
    "|",
    "<",
    ">",
    "\"",
    "/*",
    "//",
    "\n",
    ".loc 1 2 3",
    "call.uni",
    ".param",
    "0x",
    "generic(",
    "=",
];

/// One to four byte- and token-level mutations of `seed`: a random byte, a deletion, an
/// inserted piece of syntax, a truncation, a duplicated chunk.
pub fn mutate(seed: &str, rng: &mut Rng) -> Vec<u8> {
    let mut s: Vec<u8> = seed.as_bytes().to_vec();
    for _ in 0..1 + rng.below(4) {
        if s.is_empty() {
            break;
        }
        let at = rng.below(s.len());
        match rng.below(5) {
            0 => s[at] = rng.next() as u8,
            1 => {
                let end = (at + rng.below(40)).min(s.len());
                s.drain(at..end);
            }
            2 => {
                let p = PIECES[rng.below(PIECES.len())].as_bytes();
                s.splice(at..at, p.iter().copied());
            }
            3 => s.truncate(at),
            _ => {
                let end = (at + rng.below(60)).min(s.len());
                let chunk = s[at..end].to_vec();
                let to = rng.below(s.len());
                s.splice(to..to, chunk);
            }
        }
    }
    s
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
