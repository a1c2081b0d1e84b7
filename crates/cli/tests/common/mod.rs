//! What the `cuprite` command's test files share: the binary, the repository, scratch
//! directories and a readable account of a finished command.

#![allow(dead_code)] // each test file uses its own part

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

#[path = "../../../../tests/support/scratch.rs"]
mod scratch;

/// The `cuprite` binary this test run built.
pub fn cuprite() -> Command {
    Command::new(env!("CARGO_BIN_EXE_cuprite"))
}

/// The repository root.
pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().expect("repo root")
}

/// A fresh (emptied) scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    scratch::fresh(env!("CARGO_TARGET_TMPDIR"), "cuprite-cli", name)
}

/// A finished command's status, stdout and stderr, for failure messages.
pub fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
