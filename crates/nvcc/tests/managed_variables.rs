//! `__managed__` variables built by `cuprite nvcc` (tests/programs/managed_main.cu): initial
//! values visible to the host before any CUDA call, the host's writes seen by kernels and the
//! kernels' by the host after synchronizing, `&var` the same in kernels and on the host, the
//! symbol and pointer APIs — in one file, and with a variable of a second file under -rdc=true.

mod common;

fn programs_dir() -> std::path::PathBuf {
    common::repo().join("crates/nvcc/tests/programs")
}

fn run_passes(exe: &std::path::Path) {
    let o = common::run(exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn managed_variables_in_one_file() {
    let src = programs_dir().join("managed_main.cu");
    let exe = common::work_dir().join("managed_one_file");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    run_passes(&exe);
}

#[test]
fn managed_variables_across_files_with_rdc() {
    let main = programs_dir().join("managed_main.cu");
    let other = programs_dir().join("managed_other.cu");
    let exe = common::work_dir().join("managed_rdc");
    common::nvcc(&[
        "-arch=sm_90",
        "-rdc=true",
        "-DWITH_OTHER_FILE",
        main.to_str().unwrap(),
        other.to_str().unwrap(),
        "-o",
        exe.to_str().unwrap(),
    ])
    .expect("build");
    run_passes(&exe);
}

/// Under a CUDA runtime that is not Cuprite's (here a libcudart.so.13 with no symbols, standing
/// for NVIDIA's, which lacks Cuprite's binding of managed variables), a program with `__managed__`
/// variables stops at start with an error naming the limitation, instead of letting host code
/// read a copy the kernels never see; compiling it warns of that.
#[test]
fn managed_variables_under_another_runtime_stop_the_program_with_an_error() {
    let tc = nvcc::toolchain::Toolchain::locate(None).expect("toolchain");
    let dir = common::work_dir().join("managed_other_runtime");
    std::fs::create_dir_all(&dir).unwrap();
    let stub_source = dir.join("stub.c");
    std::fs::write(&stub_source, "/* no CUDA runtime entry points */\n").unwrap();
    let stub = dir.join("libcudart.so.13");
    let built = std::process::Command::new(&tc.clang)
        .args(["-shared", "-fPIC"])
        .arg(&stub_source)
        .arg("-o")
        .arg(&stub)
        .status()
        .expect("run clang");
    assert!(built.success(), "building the stub runtime failed");
    let src = programs_dir().join("managed_main.cu");
    let exe = dir.join("managed_main");
    let object = dir.join("managed_main.o");
    // The warning names the file (compiled to an object, then linked).
    let options = nvcc::Options::parse(&["-arch=sm_90", "-c", src.to_str().unwrap(), "-o", object.to_str().unwrap()])
        .expect("options");
    nvcc::driver::build(&options, Some(common::work_dir().join("lib"))).expect("compile");
    let bytes = std::fs::read(&object).unwrap();
    assert!(nvcc::managed::defines_managed_variables(&bytes), "the object defines managed variables");
    assert!(nvcc::managed::warning(&src).contains("managed_main.cu: warning: __managed__ variables"));
    common::nvcc(&["-arch=sm_90", object.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("link");
    run_passes(&exe);
    let o = std::process::Command::new(&exe).env("LD_LIBRARY_PATH", &dir).output().expect("run");
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{stderr}");
    assert!(o.stdout.is_empty(), "{}", String::from_utf8_lossy(&o.stdout));
    assert!(stderr.contains("has __managed__ variables") && stderr.contains("cudaMallocManaged"), "{stderr}");
}
