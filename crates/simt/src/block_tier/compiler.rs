//! The C compiler the block tier uses, and its on-disk cache of shared objects.
//!
//! The compiler is found once per process: `CUPRITE_CC` when set, else `gcc`, `cc` or
//! `clang` on the `PATH` (gcc first: the spike in `benchmarks/spikes/block-tier` measured it
//! ahead on the tiled matmul). No compiler: the tier is off (said once under
//! `CUPRITE_TIER_TRACE`). A shared object is cached under
//! `$XDG_CACHE_HOME/cuprite/block-tier/` (else `~/.cache/...`, else the temporary directory),
//! named by a hash of the source, the compiler's version line and the flags (the source kept
//! beside it), so a kernel compiles once per machine, not once per process.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// Flags that keep IEEE semantics (no contraction into fma, no fast-math) and PTX's wrapping
/// integer arithmetic; the optimization level comes first ([`optimization`]).
const FLAGS: [&str; 9] = [
    "-march=native",
    "-fwrapv",
    "-fno-strict-aliasing",
    "-ffp-contract=off",
    "-fno-math-errno",
    "-fPIC",
    "-shared",
    "-w",
    "-std=gnu11",
];

/// Sources above this size compile at `-O1 -ftree-vectorize`, not `-O3`: gcc's time grows
/// faster than the size of one huge function (a 500 KiB unit, the fully unrolled loops of
/// a -G or half-emulating kernel: 47 s of CPU at -O3, 14 s at -O1 with the vectorizer, on the
/// development VM; 1.7 MiB: many minutes), and the code of such kernels is dominated by its
/// size, not by what -O3 adds.
const LARGE_SOURCE: usize = 256 * 1024;

/// The optimization flags for a translation unit of `len` bytes.
fn optimization(len: usize) -> &'static [&'static str] {
    if len > LARGE_SOURCE { &["-O1", "-ftree-vectorize"] } else { &["-O3"] }
}

/// A C compiler that works.
#[derive(Debug)]
pub(crate) struct Compiler {
    path: String,
    /// The first line of `--version`, part of the cache key.
    version: String,
}

/// The compiler, found on first use; `None` when there is none.
pub(crate) fn compiler() -> Option<&'static Compiler> {
    static CC: OnceLock<Option<Compiler>> = OnceLock::new();
    CC.get_or_init(|| {
        let wanted = std::env::var(crate::env::CC).ok().filter(|s| !s.is_empty());
        let candidates: Vec<String> = match wanted {
            Some(c) => vec![c],
            None => ["gcc", "cc", "clang"].iter().map(|s| s.to_string()).collect(),
        };
        let found = candidates.into_iter().find_map(|path| {
            let out = Command::new(&path).arg("--version").output().ok()?;
            if !out.status.success() {
                return None;
            }
            let version = String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or("").to_string();
            Some(Compiler { path, version })
        });
        if found.is_none() && super::trace() {
            eprintln!("tier: the block tier is off: no C compiler (gcc, cc or clang on the PATH, or CUPRITE_CC)");
        }
        found
    })
    .as_ref()
}

/// FNV-1a over `bytes` from `seed`.
fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(seed, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// The cache directory, created if need be.
fn cache_dir() -> PathBuf {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|s| !s.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").filter(|s| !s.is_empty()).map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    let dir = base.join("cuprite").join("block-tier");
    if std::fs::create_dir_all(&dir).is_ok() {
        dir
    } else {
        let tmp = std::env::temp_dir().join("cuprite-block-tier");
        let _ = std::fs::create_dir_all(&tmp);
        tmp
    }
}

impl Compiler {
    /// The shared object built from `source`: from the cache, else compiled now.
    pub(crate) fn shared_object(&self, source: &str) -> Result<PathBuf, String> {
        let mut key = Vec::with_capacity(source.len() + 256);
        key.extend_from_slice(source.as_bytes());
        key.extend_from_slice(self.version.as_bytes());
        let level = optimization(source.len());
        for f in level.iter().chain(&FLAGS) {
            key.extend_from_slice(f.as_bytes());
        }
        let (h1, h2) = (fnv(0xcbf2_9ce4_8422_2325, &key), fnv(0x6c62_272e_07bb_0142, &key));
        let dir = cache_dir();
        let so = dir.join(format!("{h1:016x}{h2:016x}.so"));
        if so.is_file() {
            return Ok(so);
        }
        // Written under names of this process's own, then renamed into place: processes
        // compiling the same kernel at once each produce a whole file.
        let tag = format!("{}-{:?}", std::process::id(), std::thread::current().id()).replace(['(', ')'], "");
        let c = dir.join(format!("{h1:016x}{h2:016x}.{tag}.c"));
        let tmp = dir.join(format!("{h1:016x}{h2:016x}.{tag}.so"));
        std::fs::write(&c, source).map_err(|e| format!("cannot write {}: {e}", c.display()))?;
        let r = self.run(&c, &tmp, &so, level);
        if r.is_err() {
            let _ = std::fs::remove_file(&c);
            return r.map(|()| so);
        }
        if so.is_file() { Ok(so) } else { Err(format!("{} was not written", so.display())) }
    }

    /// Compiles `c` into `tmp`, then renames `tmp` to `so` and `c` beside it (the source
    /// stays, for `perf annotate` and the curious). A shell does the renames after the
    /// compiler, so that a compile outlives a process that exits before it ends (a short
    /// program's background build) and fills the cache for the next run.
    fn run(&self, c: &Path, tmp: &Path, so: &Path, level: &[&str]) -> Result<(), String> {
        const SCRIPT: &str = r#"cc=$1 c=$2 tmp=$3 so=$4 src=$5; shift 5
"$cc" "$@" -o "$tmp" "$c" -lm && mv -f "$c" "$src" && mv -f "$tmp" "$so""#;
        let src = so.with_extension("c");
        let out = Command::new("sh")
            .args(["-c", SCRIPT, "sh"])
            .arg(&self.path)
            .args([c, tmp, so, src.as_path()])
            .args(level)
            .args(FLAGS)
            .output()
            .map_err(|e| format!("cannot run sh for {}: {e}", self.path))?;
        if out.status.success() {
            return Ok(());
        }
        let _ = std::fs::remove_file(tmp);
        let err = String::from_utf8_lossy(&out.stderr);
        let first: Vec<&str> = err.lines().take(8).collect();
        Err(format!("{} failed: {}", self.path, first.join("\n")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_units_compile_at_a_cheaper_level_with_the_vectorizer_on() {
        assert_eq!(optimization(48 * 1024), ["-O3"]);
        assert_eq!(optimization(LARGE_SOURCE), ["-O3"]);
        assert_eq!(optimization(LARGE_SOURCE + 1), ["-O1", "-ftree-vectorize"]);
        // The level is part of every command line and never repeated in the fixed flags.
        assert!(FLAGS.iter().all(|f| !f.starts_with("-O")));
    }
}
