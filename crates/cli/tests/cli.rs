//! End-to-end tests of the `cuprite` binary: `ptx check`, `ptx fmt`, and `exec` of a program
//! built by NVIDIA's nvcc (needs nvcc: `scripts/test.sh` installs it; the test never skips).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

use common::{repo, scratch};

fn cuprite(args: &[&str]) -> Output {
    common::cuprite().args(args).output().expect("run cuprite")
}

const VALID: &str = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [p];\n\tret;\n}\n";

#[test]
fn ptx_check_accepts_valid_and_reports_invalid_with_location() {
    let dir = scratch("check");
    let good = dir.join("good.ptx");
    let bad = dir.join("bad.ptx");
    std::fs::write(&good, VALID).expect("write");
    std::fs::write(&bad, VALID.replace("ld.param.u64 %rd1, [p];", "ld.param.u64 %rd1, [q];")).expect("write");

    let ok = cuprite(&["ptx", "check", good.to_str().expect("utf-8 path")]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(ok.stderr.is_empty());

    let fail = cuprite(&["ptx", "check", good.to_str().expect("path"), bad.to_str().expect("path")]);
    assert_eq!(fail.status.code(), Some(1));
    let err = String::from_utf8_lossy(&fail.stderr);
    let want =
        format!("{}:7:2: error: use of undeclared identifier `q`\n\tld.param.u64 %rd1, [q];\n\t^", bad.display());
    assert!(err.contains(&want), "stderr:\n{err}\nwanted:\n{want}");

    let missing = cuprite(&["ptx", "check", dir.join("nope.ptx").to_str().expect("path")]);
    assert_eq!(missing.status.code(), Some(2));
    let usage = cuprite(&["ptx"]);
    assert_eq!(usage.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Bad input to `ptx check`/`ptx fmt`: a 5 MB line of `}` gets the first diagnostics, each
/// with a window of the line, and a count of the rest (within 1 GiB of address space: it
/// used to echo the whole line per error); devices, FIFOs and directories are refused
/// without being opened, and the files after them are still checked.
#[test]
fn ptx_check_bounds_its_output_and_refuses_odd_files() {
    let dir = scratch("odd");
    let braces = dir.join("braces.ptx");
    std::fs::write(&braces, "}".repeat(5 << 20)).expect("write");
    let limited = Command::new("sh")
        .arg("-c")
        .arg("ulimit -v 1048576 && exec \"$0\" ptx check \"$1\"")
        .arg(env!("CARGO_BIN_EXE_cuprite"))
        .arg(&braces)
        .output()
        .expect("run cuprite under ulimit");
    let err = String::from_utf8_lossy(&limited.stderr);
    assert_eq!(limited.status.code(), Some(1), "{}", &err[..err.len().min(2000)]);
    assert_eq!(err.matches(": error: expected a directive").count(), 50, "{}", &err[..err.len().min(2000)]);
    assert!(err.contains("more errors\n") && err.len() < 50 * 600, "{} bytes:\n{}", err.len(), &err[..2000]);
    assert!(err.lines().all(|l| l.chars().count() < 300), "a line of the output is longer than a window");

    let fifo = dir.join("pipe.ptx");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let bad = dir.join("bad.ptx");
    std::fs::write(&bad, VALID.replace("[p]", "[q]")).expect("write");
    let good = dir.join("good.ptx");
    std::fs::write(&good, VALID).expect("write");
    let path = |p: &Path| p.to_str().expect("utf-8 path").to_string();
    let (fifo, bad, good, dir_s) = (path(&fifo), path(&bad), path(&good), path(&dir));
    let o = cuprite(&["ptx", "check", "/dev/zero", &fifo, &dir_s, &good, &bad]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for want in [
        "/dev/zero: error: not a regular file: it is a character device".to_string(),
        format!("{fifo}: error: not a regular file: it is a FIFO (named pipe)"),
        format!("{dir_s}: error: not a regular file: it is a directory"),
        format!("{bad}:7:2: error: use of undeclared identifier `q`"),
    ] {
        assert!(err.contains(&want), "stderr:\n{err}\nwanted: {want}");
    }
    assert!(!err.contains(&format!("{good}:")), "{err}");
    let fmt = cuprite(&["ptx", "fmt", &dir_s]);
    assert_eq!(fmt.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&fmt.stderr).contains("it is a directory"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn ptx_fmt_prints_a_module_that_checks_again() {
    let dir = scratch("fmt");
    let src = dir.join("in.ptx");
    std::fs::write(&src, VALID.replace('\t', "    ")).expect("write");
    let out = cuprite(&["ptx", "fmt", src.to_str().expect("path")]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).expect("utf-8");
    assert!(printed.contains(".visible .entry k(") && printed.contains("ld.param.u64 %rd1, [p];"), "{printed}");
    let again = dir.join("again.ptx");
    std::fs::write(&again, &printed).expect("write");
    assert!(cuprite(&["ptx", "check", again.to_str().expect("path")]).status.success());
    let _ = std::fs::remove_dir_all(&dir);
}

fn nvcc() -> PathBuf {
    if let Ok(home) = std::env::var("CUDA_HOME") {
        let p = Path::new(&home).join("bin/nvcc");
        if p.exists() {
            return p;
        }
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join("nvcc")).find(|p| p.exists()))
        .expect("nvcc not found: run the tests with scripts/test.sh, which installs it from PyPI")
}

#[test]
fn exec_runs_an_nvcc_built_sample_on_the_cpu() {
    let dir = scratch("exec");
    let exe = dir.join("vectorAdd");
    let built = Command::new(nvcc())
        .args(["-arch=sm_90", "-cudart", "shared", "-o"])
        .arg(&exe)
        .arg(repo().join("samples/vectorAdd.cu"))
        .output()
        .expect("run nvcc");
    assert!(built.status.success(), "nvcc failed: {}", String::from_utf8_lossy(&built.stderr));
    let run = cuprite(&["exec", exe.to_str().expect("path")]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "stdout:\n{stdout}\nstderr:\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(stdout.contains("Device: Cuprite CPU") && stdout.contains("Test PASSED"), "{stdout}");

    // --profile and --trace: the summary on stderr, the trace in the file.
    let trace = dir.join("trace.json");
    let run = cuprite(&["exec", "--profile", "--trace", trace.to_str().expect("path"), exe.to_str().expect("path")]);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success() && String::from_utf8_lossy(&run.stdout).contains("Test PASSED"), "{stderr}");
    assert!(stderr.contains("cuprite profile:") && stderr.contains("Kernels: 1 launches"), "{stderr}");
    assert!(stderr.lines().any(|l| l.contains("vectorAdd(") && !l.contains("memcpy")), "{stderr}");
    let text = std::fs::read_to_string(&trace).expect("trace written");
    assert!(
        text.starts_with("{\"displayTimeUnit\":\"ms\",\"traceEvents\":[") && text.contains("\"cat\":\"kernel\""),
        "{text}"
    );

    let usage = cuprite(&["exec"]);
    assert_eq!(usage.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `cuprite exec` refuses what it cannot run, before running it, saying why: a program built
/// with nvcc's default static runtime (it would talk to NVIDIA's driver), a file that is not
/// a program (which used to go to /bin/sh), a 32-bit or foreign-machine ELF, a file without
/// the x bit, a directory, a missing file; and a bad CUPRITE_* value.
#[test]
fn exec_refuses_what_it_cannot_run_with_a_reason() {
    let dir = scratch("refuse");
    let path = |name: &str| dir.join(name).to_str().expect("utf-8 path").to_string();
    let executable = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes).expect("write");
        std::fs::set_permissions(dir.join(name), std::os::unix::fs::PermissionsExt::from_mode(0o755)).expect("chmod");
        path(name)
    };
    let static_runtime = path("vector_add_static");
    let built = Command::new(nvcc())
        .arg("-arch=sm_90")
        .arg(repo().join("crates/cudart/tests/cuda/vector_add.cu"))
        .arg("-o")
        .arg(&static_runtime)
        .output()
        .expect("run nvcc");
    assert!(built.status.success(), "{}", String::from_utf8_lossy(&built.stderr));
    let true_elf = std::fs::read("/bin/true").expect("read /bin/true");
    let mut elf32 = true_elf.clone();
    elf32[4] = 1; // ELFCLASS32
    let mut arm = true_elf.clone();
    arm[18..20].copy_from_slice(&183u16.to_le_bytes()); // EM_AARCH64
    let text = executable("notes.txt", b"hello\n");
    let elf32 = executable("elf32", &elf32);
    let arm = executable("arm64", &arm);
    std::fs::write(dir.join("data"), b"data").expect("write");
    let cases: [(&str, i32, String); 7] = [
        (&static_runtime, 126, "static runtime".to_string()),
        (&text, 126, "neither an ELF executable nor a `#!` script".to_string()),
        (&elf32, 126, "a 32-bit ELF program".to_string()),
        (&arm, 126, "a 64-bit ELF program for AArch64; Cuprite runs 64-bit x86-64 programs".to_string()),
        (&path("data"), 126, "not executable".to_string()),
        (dir.to_str().expect("path"), 126, "it is a directory".to_string()),
        (&path("missing"), 127, "no such file".to_string()),
    ];
    for (program, status, why) in &cases {
        let o = cuprite(&["exec", program]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(*status), "{program}: {err}");
        assert!(
            err.starts_with(&format!("cuprite exec: {program}: ")) && err.contains(why.as_str()),
            "{program}: {err}"
        );
    }
    let o = cuprite(&["exec", &static_runtime]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("-cudart shared"));

    let o = Command::new(env!("CARGO_BIN_EXE_cuprite"))
        .args(["exec", "/bin/true"])
        .env("CUPRITE_ENGINE", "fast")
        .output()
        .expect("run cuprite");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "cuprite exec: CUPRITE_ENGINE='fast' is not valid; accepted: interp, jit, jit-all, warp, block\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Usage errors name what was wrong; `--help` lists every environment variable the sources
/// read (each `CUPRITE_*` name in crates/*/src) with its meaning.
#[test]
fn usage_messages_and_help_list_every_variable() {
    let o = cuprite(&["frobnicate"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("cuprite: unknown command 'frobnicate'\n") && err.contains("usage: cuprite"), "{err}");
    let o = cuprite(&["exec", "--help"]);
    let usage = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && usage.contains("usage: cuprite exec [--profile] [--trace FILE] PROGRAM"), "{usage}");
    assert!(usage.contains("CUPRITE_PROFILE=1") && usage.contains("CUPRITE_TRACE=FILE"), "{usage}");
    for help in ["--help", "-h"] {
        let o = cuprite(&["run", help]);
        let usage = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success() && usage.starts_with("usage: cuprite run FILE.cu"), "{usage}");
    }
    let o = cuprite(&["run"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("usage: cuprite run FILE.cu"));
    let o = cuprite(&["exec", "--frob"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).starts_with("cuprite exec: unknown option '--frob'"));

    let help = String::from_utf8(cuprite(&["--help"]).stdout).expect("utf-8");
    let mut read = std::collections::BTreeSet::new();
    let mut stack = vec![repo().join("crates")];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("read dir").map(|e| e.expect("entry").path()) {
            if entry.is_dir() && !entry.ends_with("tests") {
                stack.push(entry);
            } else if entry.extension().is_some_and(|x| x == "rs") {
                let src = std::fs::read_to_string(&entry).expect("read source");
                for (at, _) in src.match_indices("CUPRITE_") {
                    // `__CUPRITE_MANAGED(x)` and the like are header macros, not variables.
                    if src[..at].ends_with(|c: char| c == '_' || c.is_ascii_alphanumeric()) {
                        continue;
                    }
                    let name: String = src[at..]
                        .chars()
                        .take_while(|c| c.is_ascii_uppercase() || *c == '_' || c.is_ascii_digit())
                        .collect();
                    if name.len() > "CUPRITE_".len() && !name.ends_with('_') {
                        read.insert(name);
                    }
                }
            }
        }
    }
    assert!(read.len() >= 7, "{read:?}");
    for name in read.iter().map(String::as_str).chain(["SIMT_NO_CONTRACT", "CUDA_LAUNCH_BLOCKING"]) {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{help}"));
        assert!(line.len() > name.len() + 20, "{name} has no meaning: {line}");
    }
}

/// A program built by NVIDIA's nvcc against cuRAND's host API (`-lcurand`, here linked with
/// Cuprite's `curand.h` and libcurand, which carry NVIDIA's names) runs under `cuprite exec`
/// with Cuprite's libcurand: `tests/gpu-programs/curand_host.cu` prints what NVIDIA's libcurand
/// printed on an H200 (`curand_host.txt`), every line exactly but those of normal and
/// log-normal values (through transcendental functions, checked to 1e-5 by the nvcc crate's
/// `host_api_matches_nvidia_on_a_gpu`).
#[test]
fn exec_runs_an_nvcc_built_curand_program_with_cuprites_libcurand() {
    let dir = scratch("exec-curand");
    let headers = dir.join("include");
    std::fs::create_dir_all(&headers).expect("mkdir");
    std::fs::copy(repo().join("include/curand.h"), headers.join("curand.h")).expect("copy curand.h");
    let libs = Path::new(env!("CARGO_BIN_EXE_cuprite")).parent().expect("target dir").join("deps");
    assert!(libs.join("libcurand.so").is_file(), "libcurand.so is built as the cli's dependency");
    let exe = dir.join("curand_host");
    let built = Command::new(nvcc())
        .args(["-arch=sm_90", "-cudart", "shared", "-I"])
        .arg(&headers)
        .arg("-L")
        .arg(&libs)
        .args(["-lcurand", "-o"])
        .arg(&exe)
        .arg(repo().join("tests/gpu-programs/curand_host.cu"))
        .output()
        .expect("run nvcc");
    assert!(built.status.success(), "nvcc failed: {}", String::from_utf8_lossy(&built.stderr));
    let run = cuprite(&["exec", exe.to_str().expect("path")]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "stdout:\n{stdout}\nstderr:\n{}", String::from_utf8_lossy(&run.stderr));
    let gpu = std::fs::read_to_string(repo().join("tests/gpu-programs/curand_host.txt")).expect("recorded");
    assert_eq!(stdout.lines().count(), gpu.lines().count(), "{stdout}");
    for (ours, theirs) in stdout.lines().zip(gpu.lines()) {
        let approximate = theirs.contains("normal") && !theirs.contains("bits") && !theirs.contains("odd");
        assert!(approximate || ours == theirs, "\nours {ours}\ngpu  {theirs}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
