//! The C compiler the block tier uses, and its on-disk cache of shared objects.
//!
//! The compiler is found once per process: `CUPRITE_CC` when set, else `gcc`, `cc` or
//! `clang` on the `PATH` (gcc first: the spike in `benchmarks/spikes/block-tier` measured it
//! ahead on the tiled matmul). No compiler: the tier is off (said once under
//! `CUPRITE_TIER_TRACE`). A shared object is cached under
//! `$XDG_CACHE_HOME/cuprite/block-tier/` (else `~/.cache/...`, else the temporary directory),
//! named by a hash of the source, the compiler's version line and the flags (the source kept
//! beside it), so a kernel compiles once per machine, not once per process. While one process
//! compiles a unit, the others that want it wait for its shared object instead of compiling it
//! again (a claim file, [`Claim`]).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::{Duration, Instant, SystemTime};

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

/// The optimization flags for a translation unit of `len` bytes: `level` (`CUPRITE_CC_OPT`,
/// which the test script sets to `-O1`: gcc's time at -O3 was most of the tests' CPU) when set.
fn optimization(len: usize, level: Option<&'static str>) -> Vec<&'static str> {
    match level {
        Some(l) => vec![l],
        None if len > LARGE_SOURCE => vec!["-O1", "-ftree-vectorize"],
        None => vec!["-O3"],
    }
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
        let dir = cache_dir();
        static SWEPT: OnceLock<()> = OnceLock::new();
        SWEPT.get_or_init(|| sweep_leftovers(&dir));
        self.shared_object_in(&dir, source)
    }

    /// [`Compiler::shared_object`] with its cache in `dir`.
    fn shared_object_in(&self, dir: &Path, source: &str) -> Result<PathBuf, String> {
        let mut key = Vec::with_capacity(source.len() + 256);
        key.extend_from_slice(source.as_bytes());
        key.extend_from_slice(self.version.as_bytes());
        let level = optimization(source.len(), crate::env::cc_opt());
        for f in level.iter().chain(&FLAGS) {
            key.extend_from_slice(f.as_bytes());
        }
        let (h1, h2) = (fnv(0xcbf2_9ce4_8422_2325, &key), fnv(0x6c62_272e_07bb_0142, &key));
        let so = dir.join(format!("{h1:016x}{h2:016x}.so"));
        if so.is_file() {
            return Ok(so);
        }
        // Written under names of this process's own, then renamed into place: processes
        // compiling the same kernel at once each produce a whole file.
        let tag = format!("{}-{:?}", std::process::id(), std::thread::current().id()).replace(['(', ')'], "");
        let c = dir.join(format!("{h1:016x}{h2:016x}.{tag}.c"));
        let tmp = dir.join(format!("{h1:016x}{h2:016x}.{tag}.so"));
        let claim = Claim(dir.join(format!("{h1:016x}{h2:016x}.building")));
        std::fs::write(&c, source).map_err(|e| format!("cannot write {}: {e}", c.display()))?;
        let deadline = Instant::now() + CLAIM_PATIENCE;
        let r = loop {
            match self.run(&c, &tmp, &so, &claim, &level) {
                Err(Run::Claimed) => {
                    // Another process compiles this unit: wait for its shared object, or for
                    // its claim to end without one (its compile failed: try ours).
                    if claim.wait_for(&so, deadline) {
                        break Ok(());
                    }
                    if Instant::now() >= deadline {
                        break Err(format!("{} has been compiled by another process for too long", so.display()));
                    }
                }
                Err(Run::Failed(e)) => break Err(e),
                Ok(()) => break Ok(()),
            }
        };
        // Gone already when this process compiled it (renamed beside the shared object).
        let _ = std::fs::remove_file(&c);
        r?;
        if so.is_file() { Ok(so) } else { Err(format!("{} was not written", so.display())) }
    }

    /// Compiles `c` into `tmp`, then renames `tmp` to `so` and `c` beside it (the source
    /// stays, for `perf annotate` and the curious), under `claim`. A shell does the renames
    /// after the compiler and ends the claim, so that a compile outlives a process that exits
    /// before it ends (a short program's background build) and fills the cache for the next run.
    fn run(&self, c: &Path, tmp: &Path, so: &Path, claim: &Claim, level: &[&str]) -> Result<(), Run> {
        // `set -C` makes the claim's creation fail when it exists: one shell wins. Status 75
        // (EX_TEMPFAIL) says another holds it.
        const SCRIPT: &str = r#"cc=$1 c=$2 tmp=$3 so=$4 src=$5 claim=$6; shift 6
(set -C; echo $$ > "$claim") 2>/dev/null || exit 75
"$cc" "$@" -o "$tmp" "$c" -lm && mv -f "$c" "$src" && mv -f "$tmp" "$so"
rc=$?; rm -f "$claim"; exit $rc"#;
        let src = so.with_extension("c");
        let out = Command::new("sh")
            .args(["-c", SCRIPT, "sh"])
            .arg(&self.path)
            .args([c, tmp, so, src.as_path(), claim.0.as_path()])
            .args(level)
            .args(FLAGS)
            .output()
            .map_err(|e| Run::Failed(format!("cannot run sh for {}: {e}", self.path)))?;
        if out.status.success() {
            return Ok(());
        }
        if out.status.code() == Some(75) {
            return Err(Run::Claimed);
        }
        let _ = std::fs::remove_file(tmp);
        let err = String::from_utf8_lossy(&out.stderr);
        let first: Vec<&str> = err.lines().take(8).collect();
        Err(Run::Failed(format!("{} failed: {}", self.path, first.join("\n"))))
    }
}

/// How one compile ended when it did not succeed.
enum Run {
    /// Another process holds the unit's claim.
    Claimed,
    /// The compiler (or the shell) failed, with what it said.
    Failed(String),
}

/// How long a process waits for another's compile of the same unit (gcc at `-O3` on a loaded
/// machine: minutes at most); a claim older than this is stale too.
const CLAIM_PATIENCE: Duration = Duration::from_secs(30 * 60);

/// The claim of one compile of a unit: a file holding the process id of the shell that
/// compiles it, created exclusively and removed by that shell when its compile ends.
struct Claim(PathBuf);

impl Claim {
    /// Waits until `so` exists (`true`) or the claim ends without it, is stale, or the
    /// deadline passes (`false`: the caller compiles, or gives up). A stale claim (its shell
    /// gone, or older than [`CLAIM_PATIENCE`]) is removed.
    fn wait_for(&self, so: &Path, deadline: Instant) -> bool {
        loop {
            if so.is_file() {
                return true;
            }
            if !self.0.exists() || Instant::now() >= deadline {
                return so.is_file();
            }
            if self.stale() {
                let _ = std::fs::remove_file(&self.0);
                return so.is_file();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Whether the claim's shell is gone (Linux: no `/proc/PID`) or the claim is too old.
    fn stale(&self) -> bool {
        let old = std::fs::metadata(&self.0)
            .and_then(|m| m.modified())
            .is_ok_and(|t| SystemTime::now().duration_since(t).unwrap_or_default() > CLAIM_PATIENCE);
        let gone = std::fs::read_to_string(&self.0)
            .ok()
            .and_then(|s| s.trim().parse::<u32>().ok())
            .is_some_and(|pid| Path::new("/proc/self").exists() && !Path::new("/proc").join(pid.to_string()).exists());
        old || gone
    }
}

/// Removes what compiles of older versions left in the cache: per-process sources and objects
/// (`HASH.PID-ThreadIdN.c`/`.so`) a day old or more, and claims whose shell is gone.
fn sweep_leftovers(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let name = e.file_name();
        let name = name.to_string_lossy();
        let age = e.metadata().and_then(|m| m.modified()).ok().and_then(|t| SystemTime::now().duration_since(t).ok());
        let old = age.is_some_and(|a| a > Duration::from_secs(24 * 3600));
        if (name.contains("-ThreadId") && old) || (name.ends_with(".building") && Claim(e.path()).stale()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn huge_units_compile_at_a_cheaper_level_with_the_vectorizer_on() {
        assert_eq!(optimization(48 * 1024, None), ["-O3"]);
        assert_eq!(optimization(LARGE_SOURCE, None), ["-O3"]);
        assert_eq!(optimization(LARGE_SOURCE + 1, None), ["-O1", "-ftree-vectorize"]);
        // `CUPRITE_CC_OPT` sets every unit's level, small or large.
        assert_eq!(optimization(48 * 1024, Some("-O1")), ["-O1"]);
        assert_eq!(optimization(LARGE_SOURCE + 1, Some("-O0")), ["-O0"]);
        // The level is part of every command line and never repeated in the fixed flags.
        assert!(FLAGS.iter().all(|f| !f.starts_with("-O")));
    }

    /// A fresh cache directory under the target directory.
    fn scratch(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("cuprite-cc-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    const UNIT: &str = "int cuprite_claim_test(int x) { return x + 1; }\n";

    #[test]
    fn a_unit_another_process_compiles_is_awaited_not_compiled_again() {
        let Some(cc) = compiler() else { return eprintln!("skipped: no C compiler") };
        let dir = scratch("await");
        // Find the unit's names by compiling it once, then take it back out of the cache.
        let so = cc.shared_object_in(&dir, UNIT).unwrap();
        std::fs::remove_file(&so).unwrap();
        // A live claim (this process's id) on the unit: the next request waits for it.
        let claim = so.with_extension("building");
        std::fs::write(&claim, std::process::id().to_string()).unwrap();
        let (dir2, so2) = (dir.clone(), so.clone());
        let waiter = std::thread::spawn(move || compiler().unwrap().shared_object_in(&dir2, UNIT));
        std::thread::sleep(Duration::from_millis(300));
        assert!(!so2.exists(), "the unit was compiled again while another process held its claim");
        // The other process finishes: its object appears, its claim goes.
        std::fs::write(&so2, b"placeholder object").unwrap();
        std::fs::remove_file(&claim).unwrap();
        assert_eq!(waiter.join().unwrap().unwrap(), so);
        assert_eq!(std::fs::read(&so).unwrap(), b"placeholder object");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_claim_whose_compiler_is_gone_or_failed_is_taken_over() {
        let Some(cc) = compiler() else { return eprintln!("skipped: no C compiler") };
        let dir = scratch("stale");
        let so = cc.shared_object_in(&dir, UNIT).unwrap();
        std::fs::remove_file(&so).unwrap();
        // A claim of a process that no longer exists (pid beyond the kernel's maximum).
        std::fs::write(so.with_extension("building"), "4194305").unwrap();
        assert_eq!(cc.shared_object_in(&dir, UNIT).unwrap(), so);
        assert!(so.is_file() && !so.with_extension("building").exists());
        // Leftovers of older versions go at the first request of a process (here: by hand).
        let old = dir.join("0123.77-ThreadId3.c");
        std::fs::write(&old, "x").unwrap();
        let f = std::fs::File::options().write(true).open(&old).unwrap();
        f.set_modified(SystemTime::now() - Duration::from_secs(2 * 24 * 3600)).unwrap();
        sweep_leftovers(&dir);
        assert!(!old.exists() && so.is_file());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
