//! The CUDA C++ differential fuzzer (`scripts/cufuzz/`, its README) on a few seeds: each random
//! program built by NVIDIA's nvcc and by `cuprite nvcc`, run on every engine. The nvcc build must
//! print the same on every engine, the `cuprite nvcc` build too, and the two builds the same
//! except where the CUDA Math API leaves a function's last bits open. Needs nvcc (`source
//! scripts/nvcc-env.sh /tmp/nvtool`) and python3.

use std::path::Path;
use std::process::Command;

/// A seed whose program covers 3D and 1D blocks (3x3x3, 33 and 100 threads: partial warps) on
/// 2D and 1D grids, shuffles under partial masks, block reductions, scans and transposes in
/// static and dynamic shared memory, `__syncthreads_count/and/or`, `__syncwarp` exchanges, CAS-loop,
/// bfloat16 and `cuda::atomic_ref` atomics, recursion, device function pointers, structs by value,
/// an early return, kernels on two streams, every engine (761 threads; 17 s of CPU here for two
/// builds and eight runs, the block tier's C compiles included).
const SEEDS: &str = "126";

#[test]
fn generated_programs_agree_across_compilers_and_engines() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cufuzz");
    let o = Command::new("python3")
        .arg(repo.join("scripts/cufuzz/run.py"))
        .arg(SEEDS)
        .arg("--work")
        .arg(&work)
        .env("CUFUZZ_CUPRITE", env!("CARGO_BIN_EXE_cuprite"))
        .env("CUPRITE_TOOLKIT", &repo)
        .output()
        .expect("run python3 scripts/cufuzz/run.py");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "cufuzz seeds {SEEDS}:\n{out}{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(out.matches(" agree: ").count(), SEEDS.split(',').count(), "{out}");
}
