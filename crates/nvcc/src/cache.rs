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

/// Writes `bytes` to `path` atomically (a temporary file renamed into place), so that parallel
/// builds sharing a cache never see a partial file.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_known_values() {
        // FNV-1a 64 test vectors (offset basis for the empty input; "a").
        assert_eq!(hash_bytes(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(hash_bytes(b"a"), 0xaf63_dc4c_8601_ec8c);
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
