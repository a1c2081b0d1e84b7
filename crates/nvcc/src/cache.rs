//! Content-keyed caches: the math library's bitcode (built lazily, once per content and
//! architecture) and `cuprite run`'s executables (keyed by Cuprite's version, the clang used,
//! the options, and the content of the inputs and of every header they included).

use std::path::{Path, PathBuf};

/// 64-bit FNV-1a of `bytes` (cache keys only: not a security boundary).
pub fn hash_bytes(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// A 128-bit key accumulated from parts (two FNV-1a lanes with different seeds; each part is
/// length-prefixed so that part boundaries count).
#[derive(Debug, Clone)]
pub struct Key {
    lanes: [u64; 2],
}

impl Default for Key {
    fn default() -> Self {
        Key { lanes: [0xcbf2_9ce4_8422_2325, 0x6c62_272e_07bb_0142] }
    }
}

impl Key {
    /// Adds a part.
    pub fn add(&mut self, part: &[u8]) -> &mut Self {
        for lane in &mut self.lanes {
            for b in (part.len() as u64).to_le_bytes().iter().chain(part) {
                *lane ^= u64::from(*b);
                *lane = lane.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        self
    }

    /// The key as 32 hex digits.
    pub fn hex(&self) -> String {
        format!("{:016x}{:016x}", self.lanes[0], self.lanes[1])
    }
}

/// The cache root: `$CUPRITE_CACHE_DIR`, else `$XDG_CACHE_HOME/cuprite`, else
/// `$HOME/.cache/cuprite`, else a directory under the system's temporary directory.
pub fn cache_root() -> PathBuf {
    if let Some(d) = std::env::var_os("CUPRITE_CACHE_DIR") {
        return d.into();
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        return Path::new(&d).join("cuprite");
    }
    if let Some(h) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return Path::new(&h).join(".cache/cuprite");
    }
    std::env::temp_dir().join("cuprite-cache")
}

/// A temporary name beside `path`, unique per process and per call in it: two threads of one
/// process may build one cache entry at once (the test harnesses build on several threads), and
/// a name shared between them would let one rename or remove the other's file.
pub fn unique_temporary(path: &Path) -> PathBuf {
    static CALLS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    path.with_extension(format!("tmp{}-{n}", std::process::id()))
}

/// Writes `bytes` to `path` atomically (a temporary file renamed into place), so that parallel
/// builds sharing a cache never see a partial file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = unique_temporary(path);
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

/// Writes `bytes` to `path` unless a file is there already, atomically (a temporary file linked
/// into place): for a file whose content its path's key decides, which a PCH built from it
/// names. Rewritten, its new modification time would make clang refuse every PCH built on the
/// old one ("has been modified since the precompiled header was built"), a parallel build's
/// included.
pub fn write_once(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if path.exists() {
        return Ok(());
    }
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = unique_temporary(path);
    std::fs::write(&tmp, bytes)?;
    match std::fs::hard_link(&tmp, path) {
        Ok(()) => std::fs::remove_file(&tmp),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => std::fs::remove_file(&tmp),
        // A file system without hard links: renamed into place, as `write_atomic` does.
        Err(_) => std::fs::rename(&tmp, path),
    }
}

/// The most a cache of precompiled headers (`pch/`, `includes/`) keeps: 2 GiB each. A Thrust
/// program's entry takes ~30 MB and every set of front-end flags makes another, so without a
/// bound a test suite leaves gigabytes behind.
pub const MAX_PCH_CACHE_BYTES: u64 = 2 << 30;

/// An entry used less than this long ago is never removed: a build in flight may be reading it.
const IN_USE_GRACE: std::time::Duration = std::time::Duration::from_secs(600);

/// Marks a cache entry (a directory) as just used, for `prune`'s least-recently-used order.
pub fn touch(entry: &Path) {
    if let Ok(f) = std::fs::File::open(entry) {
        let _ = f.set_modified(std::time::SystemTime::now());
    }
}

/// Removes the least recently used entries (subdirectories, by modification time, which
/// `touch` refreshes on every use) of the cache `dir` until it holds at most `max_bytes`,
/// sparing entries used within the last ten minutes. Best effort: errors leave entries be.
pub fn prune(dir: &Path, max_bytes: u64) {
    let Ok(list) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<(std::time::SystemTime, u64, PathBuf)> = list
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .filter_map(|e| {
            let used = e.metadata().ok()?.modified().ok()?;
            Some((used, dir_bytes(&e.path()), e.path()))
        })
        .collect();
    let mut total: u64 = entries.iter().map(|e| e.1).sum();
    entries.sort();
    let now = std::time::SystemTime::now();
    for (used, bytes, path) in entries {
        if total <= max_bytes {
            break;
        }
        if now.duration_since(used).is_ok_and(|idle| idle >= IN_USE_GRACE) && std::fs::remove_dir_all(&path).is_ok() {
            total = total.saturating_sub(bytes);
        }
    }
}

/// The bytes of the files directly in `dir` (cache entries are flat).
fn dir_bytes(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|l| l.flatten().filter_map(|e| e.metadata().ok()).filter(|m| m.is_file()).map(|m| m.len()).sum())
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_once_leaves_a_file_that_is_there_as_it_was() {
        let dir = std::env::temp_dir().join(format!("cuprite-write-once-{}", std::process::id()));
        let path = dir.join("includes.h");
        write_once(&path, b"#include <a.h>\n").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"#include <a.h>\n");
        let before = std::fs::metadata(&path).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write_once(&path, b"#include <a.h>\n").unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().modified().unwrap(), before, "not rewritten");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(left, ["includes.h"], "no temporary left behind");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn fnv1a_known_values() {
        // FNV-1a 64 test vectors (offset basis for the empty input; "a").
        assert_eq!(hash_bytes(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash_bytes(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn prune_removes_the_least_recently_used_idle_entries_first() {
        let dir = crate::test_dir("prune");
        let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
        // Three idle entries of 100 bytes, used 3, 2 and 1 hours ago, and one in use.
        for (name, hours) in [("oldest", 3), ("older", 2), ("old", 1), ("busy", 0)] {
            let e = dir.join(name);
            std::fs::create_dir_all(&e).unwrap();
            std::fs::write(e.join("x.pch"), [0u8; 100]).unwrap();
            let when = hour_ago + std::time::Duration::from_secs(3600) - std::time::Duration::from_secs(3600 * hours);
            std::fs::File::open(&e).unwrap().set_modified(when).unwrap();
        }
        prune(&dir, 250);
        let left: Vec<bool> = ["oldest", "older", "old", "busy"].iter().map(|n| dir.join(n).exists()).collect();
        assert_eq!(left, [false, false, true, true]);
        // The one in use survives even when over the bound.
        prune(&dir, 0);
        assert!(!dir.join("old").exists() && dir.join("busy").exists());
        // A touched entry counts as used now.
        touch(&dir.join("busy"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn keys_depend_on_part_boundaries() {
        let ab = Key::default().add(b"ab").add(b"c").hex();
        let a_bc = Key::default().add(b"a").add(b"bc").hex();
        assert_ne!(ab, a_bc);
        assert_eq!(ab, Key::default().add(b"ab").add(b"c").hex());
        assert_eq!(ab.len(), 32);
    }
}
