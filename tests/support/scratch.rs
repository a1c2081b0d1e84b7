//! Scratch directories for integration tests, shared by the test crates that include this file
//! (`#[path = ...] mod scratch;`): one root per test process under cargo's per-target temporary
//! directory (`CARGO_TARGET_TMPDIR`), never under `/tmp`, and the roots of test processes that
//! have exited removed when the next one starts. Tests that build toolkits and programs leave tens
//! of megabytes each; left in `/tmp`, a day of test runs filled gigabytes.

#![allow(dead_code)] // each test crate uses its own part

use std::path::{Path, PathBuf};

/// This test process's scratch root, `CARGO_TARGET_TMPDIR/{prefix}-{pid}`, created on first
/// use; the roots named `{prefix}-{pid}` of processes no longer running are removed then.
pub fn process_root(tmpdir: &str, prefix: &str) -> PathBuf {
    let base = Path::new(tmpdir);
    remove_stale_roots(base, prefix);
    let root = base.join(format!("{prefix}-{}", std::process::id()));
    std::fs::create_dir_all(&root).unwrap_or_else(|e| panic!("cannot create {}: {e}", root.display()));
    root
}

/// Removes `base/{prefix}-{pid}` for each pid that names no running process (Linux's `/proc`;
/// elsewhere nothing is removed).
fn remove_stale_roots(base: &Path, prefix: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(base) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(|n| n.strip_prefix(prefix)?.strip_prefix('-')?.parse::<u32>().ok())
        else {
            continue;
        };
        if pid != std::process::id() && !Path::new(&format!("/proc/{pid}")).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// A fresh (emptied) directory `name` under this process's root.
pub fn fresh(tmpdir: &str, prefix: &str, name: &str) -> PathBuf {
    let dir = process_root(tmpdir, prefix).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("cannot create {}: {e}", dir.display()));
    dir
}
