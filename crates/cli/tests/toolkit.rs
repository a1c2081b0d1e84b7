//! The installed toolkit (`scripts/install-toolkit.sh PREFIX`) as other tools use it:
//! - a CMake project (`project(... LANGUAGES CXX CUDA)`, `find_package(CUDAToolkit)`, a `.cu`
//!   target linking `CUDA::cudart`, a separable-compilation target with a static library, and a
//!   project shaped like real ones: crates/nvcc/tests/projects/shapes) builds
//!   with the one option `-DCMAKE_CUDA_COMPILER=PREFIX/bin/nvcc` (docs/cmake.md), and its
//!   programs pass on the CPU; skipped, saying so, where cmake is not installed (scripts/test.sh
//!   installs it);
//! - a Makefile's build as Rodinia's are written: `$(CUDA_DIR)/bin/nvcc -c` for the `.cu` file,
//!   then `gcc` links the objects with `-L$(CUDA_DIR)/lib64 -lcuda -lcudart -lm` (NVIDIA's
//!   driver library, which the program never calls, linked beside the runtime);
//! - clang's own CUDA mode, `clang++ --cuda-path=PREFIX -x cuda --cuda-gpu-arch=sm_80 app.cu
//!   -L PREFIX/lib64 -lcudart`, builds programs (vector add; warp shuffles with device printf;
//!   `<cmath>` in device code) that pass on the CPU.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

mod common;

use common::{repo, text};

fn run(cmd: &mut Command) -> Output {
    let o = cmd.output().unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    assert!(o.status.success(), "{cmd:?} failed:\n{}", text(&o));
    o
}

/// A scratch directory holding `toolkit/`, the toolkit installed from this test run's cuprite
/// and libcudart.
fn install_toolkit(name: &str) -> (PathBuf, PathBuf) {
    let dir = common::scratch(&format!("toolkit-test-{name}"));
    let prefix = dir.join("toolkit");
    let built = Path::new(env!("CARGO_BIN_EXE_cuprite")).parent().unwrap();
    run(Command::new(repo().join("scripts/install-toolkit.sh")).arg(&prefix).env("CUPRITE_BUILT", built));
    (dir, prefix)
}

#[test]
fn cmake_project_builds_with_cuprite_as_its_cuda_toolkit() {
    if Command::new("cmake").arg("--version").output().is_err() {
        eprintln!("SKIPPED cmake_project_builds_with_cuprite_as_its_cuda_toolkit: cmake is not installed");
        return;
    }
    let (dir, prefix) = install_toolkit("cmake");
    let build = dir.join("build");
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
    assert!(log.contains("The CUDA compiler identification is NVIDIA 13.0.88"), "{}", text(&configure));
    assert!(log.contains(&format!("Found CUDAToolkit: {}", prefix.join("include").display())), "{}", text(&configure));
    // The toolkit's lib64 on the library path, as docs/cmake.md says: the linker finds the
    // runtime that the shared library of kernels needs when `cc` links the C program to it.
    run(Command::new("cmake").arg("--build").arg(&build).arg("--verbose").env("LD_LIBRARY_PATH", prefix.join("lib64")));
    for program in ["vadd", "rdc", "shapes", "capp", "resolved_host", "resolved_device"] {
        let o = run(Command::new(build.join(program)).env("LD_LIBRARY_PATH", prefix.join("lib64")));
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(stdout.ends_with("PASS\n") && !stdout.contains("FAIL"), "{program}: {}", text(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn clang_cuda_mode_builds_with_cuda_path_set_to_the_toolkit() {
    let (dir, prefix) = install_toolkit("clang");
    let clang = nvcc::toolchain::Toolchain::locate(None).expect("clang (cuprite nvcc's)").clangxx;
    let sources = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clang_cuda");
    for program in ["vector_add", "shuffle_printf", "cmath"] {
        let exe = dir.join(program);
        run(Command::new(&clang)
            .arg(format!("--cuda-path={}", prefix.display()))
            // clang knows CUDA up to 12.x and warns about the toolkit's 13.0.
            .args(["-Wno-unknown-cuda-version", "-x", "cuda", "--cuda-gpu-arch=sm_80"])
            .arg(sources.join(format!("{program}.cu")))
            .arg("-L")
            .arg(prefix.join("lib64"))
            .args(["-lcudart", "-o"])
            .arg(&exe));
        let o = run(Command::new(&exe).env("LD_LIBRARY_PATH", prefix.join("lib64")));
        let stdout = String::from_utf8_lossy(&o.stdout);
        assert!(stdout.ends_with("PASS\n"), "{program}: {}", text(&o));
        if program == "shuffle_printf" {
            assert!(stdout.contains("warp 0 sum 496\n") && stdout.contains("warp 1 sum 1520\n"), "{}", text(&o));
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn makefile_links_cuda_and_cudart_with_gcc() {
    let (dir, prefix) = install_toolkit("make");
    std::fs::write(
        dir.join("k.cu"),
        "__global__ void twice(int *p) { p[threadIdx.x] *= 2; }\n\
         extern \"C\" int run_twice(void) { int h[32], *d; for (int i = 0; i < 32; i++) h[i] = i;\n\
         cudaMalloc(&d, sizeof h); cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice); twice<<<1, 32>>>(d);\n\
         cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost); cudaFree(d);\n\
         for (int i = 0; i < 32; i++) if (h[i] != 2 * i) return 1; return 0; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("main.c"),
        "#include <stdio.h>\nint run_twice(void);\nint main(void) { puts(run_twice() ? \"FAIL\" : \"PASS\"); return 0; }\n",
    )
    .unwrap();
    run(Command::new(prefix.join("bin/nvcc")).current_dir(&dir).args(["-O2", "-c", "k.cu"]));
    run(Command::new("gcc")
        .current_dir(&dir)
        .args(["-O2", "main.c", "k.o", "-o", "app"])
        .arg(format!("-L{}", prefix.join("lib64").display()))
        .args(["-lcuda", "-lcudart", "-lm"]));
    let o = run(Command::new(dir.join("app")).env("LD_LIBRARY_PATH", prefix.join("lib64")));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "PASS\n", "{}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
