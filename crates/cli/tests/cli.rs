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
