//! A CMake project (`project(... LANGUAGES CXX CUDA)`, `find_package(CUDAToolkit)`, a `.cu`
//! target linking `CUDA::cudart`, a separable-compilation target with a static library) builds
//! with Cuprite as its CUDA toolkit — `scripts/install-toolkit.sh PREFIX`, then the one option
//! `-DCMAKE_CUDA_COMPILER=PREFIX/bin/nvcc` (docs/cmake.md) — and its programs pass on the CPU.
//! Skipped, saying so, where cmake is not installed (scripts/test.sh installs it).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn run(cmd: &mut Command) -> Output {
    let o = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(o.status.success(), "{cmd:?} failed:\n{}", text(&o));
    o
}

#[test]
fn cmake_project_builds_with_cuprite_as_its_cuda_toolkit() {
    if Command::new("cmake").arg("--version").output().is_err() {
        eprintln!("SKIPPED cmake_project_builds_with_cuprite_as_its_cuda_toolkit: cmake is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("cuprite-cmake-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let prefix = dir.join("toolkit");
    let build = dir.join("build");
    // The toolkit from this test run's cuprite and libcudart.
    let built = Path::new(env!("CARGO_BIN_EXE_cuprite")).parent().unwrap();
    run(Command::new(repo().join("scripts/install-toolkit.sh")).arg(&prefix).env("CUPRITE_BUILT", built));
    let project = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cmake_project");
    let nvcc = prefix.join("bin/nvcc");
    let configure = run(Command::new("cmake")
        .arg("-S")
        .arg(&project)
        .arg("-B")
        .arg(&build)
        .arg(format!("-DCMAKE_CUDA_COMPILER={}", nvcc.display()))
        // Only the toolkit given here: none found elsewhere on the machine.
        .env_remove("CUDACXX")
        .env_remove("CUDA_PATH")
        .env_remove("CUDAToolkit_ROOT"));
    let log = String::from_utf8_lossy(&configure.stdout);
    assert!(log.contains("The CUDA compiler identification is NVIDIA 13.0.0"), "{}", text(&configure));
    assert!(log.contains(&format!("Found CUDAToolkit: {}", prefix.join("include").display())), "{}", text(&configure));
    run(Command::new("cmake").arg("--build").arg(&build).arg("--verbose"));
    for program in ["vadd", "rdc"] {
        let o = run(Command::new(build.join(program)).env("LD_LIBRARY_PATH", prefix.join("lib64")));
        assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{program}: {}", text(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
