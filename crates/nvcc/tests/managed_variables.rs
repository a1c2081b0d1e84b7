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
