//! End-to-end tests of the `cuprite` binary: `ptx check`, `ptx fmt`, and `exec` of a program
//! built by NVIDIA's nvcc (needs nvcc: `scripts/test.sh` installs it; the test never skips).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn cuprite(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_cuprite")).args(args).output().expect("run cuprite")
}

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn temp_dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cuprite-cli-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

const VALID: &str = ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p)\n{\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [p];\n\tret;\n}\n";

#[test]
fn ptx_check_accepts_valid_and_reports_invalid_with_location() {
    let dir = temp_dir("check");
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
    let dir = temp_dir("odd");
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
    let dir = temp_dir("fmt");
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
    let dir = temp_dir("exec");
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

    let usage = cuprite(&["exec"]);
    assert_eq!(usage.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
