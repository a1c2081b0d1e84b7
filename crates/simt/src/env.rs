//! Cuprite's environment variables: the one place they are parsed. Every reader goes through
//! here, so each has one meaning, one list of accepted values, and one message for a bad
//! value (naming the variable, the value and what is accepted; printed once per process, the
//! default then applies). [`VARS`] lists them all (`cuprite --help` prints it) and [`problems`]
//! checks them up front (`cuprite exec` refuses to start with a bad one).

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

/// One environment variable Cuprite reads.
#[derive(Debug, Clone, Copy)]
pub struct Var {
    /// Its name.
    pub name: &'static str,
    /// The values it accepts, in words.
    pub accepted: &'static str,
    /// What it does, in one line.
    pub meaning: &'static str,
    /// Whether a value is accepted.
    valid: fn(&str) -> bool,
}

/// The engine selector.
pub const ENGINE: &str = "CUPRITE_ENGINE";
/// The number of worker threads.
pub const SIMT_WORKERS: &str = "CUPRITE_SIMT_WORKERS";
/// Cranelift's IR verifier on JIT output.
pub const JIT_VERIFY: &str = "CUPRITE_JIT_VERIFY";
/// Print JIT machine code.
pub const JIT_DUMP: &str = "CUPRITE_JIT_DUMP";
/// Write perf maps of JIT code.
pub const PERF_MAP: &str = "CUPRITE_PERF_MAP";
/// Trace the warp tier's compile decisions.
pub const WARP_TRACE: &str = "CUPRITE_WTRACE";
/// Trace tier changes.
pub const TIER_TRACE: &str = "CUPRITE_TIER_TRACE";
/// Turn off FMA contraction.
pub const NO_CONTRACT: &str = "SIMT_NO_CONTRACT";
/// Print a profile summary at exit.
pub const PROFILE: &str = "CUPRITE_PROFILE";
/// Write a Chrome/Perfetto trace.
pub const TRACE: &str = "CUPRITE_TRACE";

/// The C compiler of the block tier.
pub const CC: &str = "CUPRITE_CC";
/// The block tier's optimization level.
pub const CC_OPT: &str = "CUPRITE_CC_OPT";
/// The warp tier's register allocation.
pub const WARP_REGALLOC: &str = "CUPRITE_WARP_REGALLOC";
/// A watchdog on each launch's run time.
pub const LAUNCH_TIMEOUT: &str = "CUPRITE_LAUNCH_TIMEOUT";

/// The values [`WARP_REGALLOC`] accepts.
const WARP_REGALLOCS: [&str; 3] = ["tiered", "backtracking", "single_pass"];

/// The optimization levels [`CC_OPT`] accepts.
const CC_OPT_LEVELS: [&str; 5] = ["-O0", "-O1", "-O2", "-O3", "-Os"];

/// The engines [`ENGINE`] accepts.
pub const ENGINES: [&str; 5] = ["interp", "jit", "jit-all", "warp", "block"];

fn is_engine(v: &str) -> bool {
    ENGINES.contains(&v)
}

fn is_worker_count(v: &str) -> bool {
    v.parse::<u32>().is_ok_and(|n| n >= 1)
}

fn is_path(v: &str) -> bool {
    !v.is_empty()
}

fn is_cc_opt(v: &str) -> bool {
    CC_OPT_LEVELS.contains(&v)
}

fn is_warp_regalloc(v: &str) -> bool {
    WARP_REGALLOCS.contains(&v)
}

fn is_seconds(v: &str) -> bool {
    parse_seconds(v).is_some()
}

/// A positive, finite number of seconds no longer than a year (`Duration` holds it).
fn parse_seconds(v: &str) -> Option<std::time::Duration> {
    let s = v.trim().parse::<f64>().ok().filter(|s| s.is_finite() && *s > 0.0 && *s <= 3.2e7)?;
    Some(std::time::Duration::from_secs_f64(s))
}

fn is_flag(v: &str) -> bool {
    parse_flag(v).is_some()
}

fn parse_flag(v: &str) -> Option<bool> {
    match v.to_ascii_lowercase().as_str() {
        "" | "0" | "false" | "no" | "off" => Some(false),
        "1" | "true" | "yes" | "on" => Some(true),
        _ => None,
    }
}

const FLAG_VALUES: &str = "1 or 0 (also true/false, yes/no, on/off)";

/// Every environment variable Cuprite reads, CUDA's own that it honours included.
pub const VARS: [Var; 20] = [
    Var {
        name: ENGINE,
        accepted: "interp, jit, jit-all, warp, block",
        meaning: "which engine runs kernels (default jit: the JIT tiers, interpreter fallback)",
        valid: is_engine,
    },
    Var {
        name: SIMT_WORKERS,
        accepted: "a whole number >= 1",
        meaning: "worker threads that run blocks (default: the CPU's cores)",
        valid: is_worker_count,
    },
    Var {
        name: JIT_VERIFY,
        accepted: FLAG_VALUES,
        meaning: "check the JIT's output with Cranelift's IR verifier (slower first launches)",
        valid: is_flag,
    },
    Var { name: JIT_DUMP, accepted: FLAG_VALUES, meaning: "print the JIT's machine code on stderr", valid: is_flag },
    Var {
        name: PERF_MAP,
        accepted: FLAG_VALUES,
        meaning: "write /tmp/perf-PID.map so `perf report` names JIT code by PTX instruction",
        valid: is_flag,
    },
    Var {
        name: WARP_TRACE,
        accepted: FLAG_VALUES,
        meaning: "print on stderr what the warp tier leaves to the interpreter",
        valid: is_flag,
    },
    Var {
        name: TIER_TRACE,
        accepted: FLAG_VALUES,
        meaning: "print each launch's tier and the averages on stderr",
        valid: is_flag,
    },
    Var {
        name: NO_CONTRACT,
        accepted: FLAG_VALUES,
        meaning: "do not contract mul+add into fma (ptxas does by default)",
        valid: is_flag,
    },
    Var {
        name: PROFILE,
        accepted: FLAG_VALUES,
        meaning: "print on stderr at exit where the time went: kernels, copies, API calls (as nsys's summary)",
        valid: is_flag,
    },
    Var {
        name: TRACE,
        accepted: "a file path",
        meaning: "write a Chrome/Perfetto trace (JSON) of kernels, copies and API calls per stream to this file at exit",
        valid: is_path,
    },
    Var {
        name: "CUPRITE_CLANG",
        accepted: "the path of a clang++ (19 or newer)",
        meaning: "the clang++ that cuprite nvcc runs (default: the newest clang++-NN on PATH)",
        valid: is_path,
    },
    Var {
        name: "CUPRITE_TOOLKIT",
        accepted: "a directory holding include/ and libdevice/",
        meaning: "where cuprite nvcc finds Cuprite's headers and math library (default: its install prefix or source tree)",
        valid: is_path,
    },
    Var {
        name: "CUPRITE_CCCL",
        accepted: "a directory holding thrust/, cub/ and cuda/",
        meaning: "CCCL's headers for cuprite nvcc (default: where scripts/install-cccl.sh puts them)",
        valid: is_path,
    },
    Var {
        name: "CUPRITE_CACHE_DIR",
        accepted: "a directory",
        meaning: "cuprite nvcc's and cuprite run's cache (default: $XDG_CACHE_HOME/cuprite, else ~/.cache/cuprite)",
        valid: is_path,
    },
    Var {
        name: "CUDA_LAUNCH_BLOCKING",
        accepted: "1 (anything else: off)",
        meaning: "CUDA's: every asynchronous operation completes before its call returns",
        valid: |_| true,
    },
    Var {
        name: "CUDA_VISIBLE_DEVICES",
        accepted: "a comma-separated device list",
        meaning: "CUDA's: the device is visible only if the list starts with 0",
        valid: |_| true,
    },
    Var {
        name: CC,
        accepted: "a C compiler (command or path)",
        meaning: "the block tier's C compiler (default: gcc, cc or clang on the PATH)",
        valid: is_path,
    },
    Var {
        name: CC_OPT,
        accepted: "-O0, -O1, -O2, -O3 or -Os",
        meaning: "the block tier's optimization level for every kernel (default: -O3; -O1 -ftree-vectorize above 256 KiB of C)",
        valid: is_cc_opt,
    },
    Var {
        name: WARP_REGALLOC,
        accepted: "tiered, backtracking or single_pass",
        meaning: "the warp tier's register allocator (default tiered: long kernels get single-pass code first, backtracking code later)",
        valid: is_warp_regalloc,
    },
    Var {
        name: LAUNCH_TIMEOUT,
        accepted: "a number of seconds > 0 (fractions allowed)",
        meaning: "a kernel still running after this long stops with cudaErrorLaunchTimeout, naming where a thread was \
                  (a display GPU's watchdog; default: none, as on a compute GPU, where a kernel that never ends hangs)",
        valid: is_seconds,
    },
];

fn var(name: &str) -> Option<&'static Var> {
    VARS.iter().find(|v| v.name == name)
}

/// The message for a bad value of `var`.
fn complaint(var: &Var, value: &str) -> String {
    format!("{}='{}' is not valid; accepted: {}", var.name, value.escape_debug(), var.accepted)
}

/// Every set variable whose value is not accepted, as messages naming the variable, the value
/// and the accepted values.
pub fn problems() -> Vec<String> {
    VARS.iter()
        .filter_map(|v| {
            let value = std::env::var_os(v.name)?;
            match value.to_str() {
                Some(s) if (v.valid)(s) => None,
                _ => Some(complaint(v, &value.to_string_lossy())),
            }
        })
        .collect()
}

/// The value of `name` if it is set and accepted; a bad value is reported on stderr (once
/// per variable) and reads as unset, so the default applies.
fn accepted(name: &'static str) -> Option<String> {
    let value = std::env::var_os(name)?;
    let v = var(name)?;
    match value.to_str() {
        Some(s) if (v.valid)(s) => Some(s.to_string()),
        _ => {
            static WARNED: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
            let mut warned = WARNED.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
            if warned.insert(name) {
                eprintln!("cuprite: {} (using the default)", complaint(v, &value.to_string_lossy()));
            }
            None
        }
    }
}

/// Whether the flag `name` is on (unset, empty or a bad value: off).
pub fn flag(name: &'static str) -> bool {
    accepted(name).and_then(|v| parse_flag(&v)).unwrap_or(false)
}

/// [`ENGINE`]'s value, if set and valid (one of [`ENGINES`]).
pub fn engine() -> Option<String> {
    accepted(ENGINE)
}

/// [`SIMT_WORKERS`]'s value, if set and valid.
pub fn workers() -> Option<u32> {
    accepted(SIMT_WORKERS).and_then(|v| v.parse().ok())
}

/// Whether [`PROFILE`] is set on.
pub fn profile() -> bool {
    flag(PROFILE)
}

/// [`TRACE`]'s value (the trace file), if set.
pub fn trace() -> Option<String> {
    accepted(TRACE)
}

/// [`CC_OPT`]'s value, if set and valid (one of `-O0`, `-O1`, `-O2`, `-O3`, `-Os`).
pub fn cc_opt() -> Option<&'static str> {
    let v = accepted(CC_OPT)?;
    CC_OPT_LEVELS.iter().copied().find(|l| *l == v)
}

/// [`WARP_REGALLOC`]'s value, if set and valid (one of `tiered`, `backtracking`, `single_pass`).
pub fn warp_regalloc() -> Option<&'static str> {
    let v = accepted(WARP_REGALLOC)?;
    WARP_REGALLOCS.iter().copied().find(|a| *a == v)
}

/// [`LAUNCH_TIMEOUT`]'s value, if set and valid: read once (every engine asks at its yield
/// points, thousands of times a second).
pub fn launch_timeout() -> Option<std::time::Duration> {
    static TIMEOUT: OnceLock<Option<std::time::Duration>> = OnceLock::new();
    *TIMEOUT.get_or_init(|| accepted(LAUNCH_TIMEOUT).and_then(|v| parse_seconds(&v)))
}

/// The variables and their meanings, one per line, for `--help`.
pub fn help() -> String {
    VARS.iter().map(|v| format!("  {:<22} {}\n  {:<22} values: {}\n", v.name, v.meaning, "", v.accepted)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked_per_variable() {
        assert!(is_engine("jit-all") && is_engine("block") && !is_engine("fast") && !is_engine("JIT"));
        assert!(is_worker_count("8") && !is_worker_count("0") && !is_worker_count("-1") && !is_worker_count("x"));
        assert_eq!(parse_flag("1"), Some(true));
        assert_eq!(parse_flag("0"), Some(false));
        assert_eq!(parse_flag("maybe"), None);
        assert!(is_warp_regalloc("single_pass") && !is_warp_regalloc("fast") && !is_warp_regalloc(""));
        assert!(is_cc_opt("-O1") && is_cc_opt("-Os") && !is_cc_opt("-O4") && !is_cc_opt("O1") && !is_cc_opt(""));
        assert!(is_seconds("2") && is_seconds("0.25") && is_seconds(" 60 "));
        assert!(
            !is_seconds("0") && !is_seconds("-1") && !is_seconds("inf") && !is_seconds("NaN") && !is_seconds("1e9")
        );
        assert_eq!(parse_seconds("0.25"), Some(std::time::Duration::from_millis(250)));
        let v = var(ENGINE).map(|v| complaint(v, "fast")).unwrap_or_default();
        assert_eq!(v, "CUPRITE_ENGINE='fast' is not valid; accepted: interp, jit, jit-all, warp, block");
    }
}
