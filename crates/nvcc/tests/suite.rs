//! Builds every self-checking program of the runtime's test suite (`crates/cudart/tests/cuda/*.cu`)
//! with `cuprite nvcc -arch=sm_90` and the flags `crates/cudart/tests/programs.rs` gives nvcc for
//! it, runs it on Cuprite's libcudart, and requires PASS — except for the programs listed in
//! `tests/known_failures.txt` with a reason. A listed program that passes fails the test (so the
//! list only shrinks), and so does any unlisted failure.

mod common;

use std::path::PathBuf;

/// Per-program nvcc flags, program arguments and environment, as programs.rs runs them.
fn setup(name: &str) -> (&'static [&'static str], &'static [&'static str], &'static [(&'static str, &'static str)]) {
    match name {
        "per_thread_stream" | "batch_logs" => (&["--default-stream=per-thread"], &[], &[]),
        "dynamic_parallelism" | "dynamic_parallelism_api" => (&["-rdc=true"], &[], &[]),
        "classes_virtual" => (&["--extended-lambda"], &[], &[]),
        "cub_device_block" | "modern_cpp" | "guide_misc" => (&["-std=c++17"], &[], &[]),
        "env_config" => (&[], &["visible"], &[("CUDA_VISIBLE_DEVICES", "0,1")]),
        // Each case faults on purpose and checks the report (programs.rs runs every case).
        "fault_report" => (&["-lineinfo"], &["atomic"], &[]),
        "func_versions" => (&["-DWANT_PTX=90"], &[], &[]),
        _ => (&[], &[], &[]),
    }
}

/// Builds and runs one program: Ok, or why not.
fn check(name: &str) -> Result<(), String> {
    let src = common::repo().join(format!("crates/cudart/tests/cuda/{name}.cu"));
    let exe = common::work_dir().join(name);
    let (flags, args, env) = setup(name);
    let mut nvcc_args = vec!["-arch=sm_90"];
    nvcc_args.extend_from_slice(flags);
    let src = src.to_string_lossy().into_owned();
    let out = exe.to_string_lossy().into_owned();
    nvcc_args.extend([src.as_str(), "-o", out.as_str()]);
    common::nvcc(&nvcc_args).map_err(|e| format!("build failed: {e}"))?;
    let o = common::run(&exe, args, env);
    let stdout = String::from_utf8_lossy(&o.stdout);
    if o.status.code() == Some(0) && stdout.contains("PASS") && !stdout.contains("FAIL") {
        Ok(())
    } else {
        let tail: String = stdout.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
        let err: String = String::from_utf8_lossy(&o.stderr).lines().take(3).collect::<Vec<_>>().join(" | ");
        Err(format!("run failed: status {:?}; stdout tail: {tail}; stderr: {err}", o.status.code()))
    }
}

#[test]
fn every_suite_program_builds_with_cuprite_nvcc_and_passes() {
    let dir = common::repo().join("crates/cudart/tests/cuda");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("read tests/cuda")
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.extension()? == "cu").then_some(stem)
        })
        .collect();
    names.sort();
    let known_failures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/known_failures.txt");
    common::check_programs("cuprite nvcc suite", names, |_| true, "CUPRITE_SUITE_ONLY", &known_failures, check);
}

/// A fault in code clang inlined from a header (`__trap`, `atomicAdd`, `assert`) names the
/// user's line, as for nvcc's builds (crates/cudart/tests/programs.rs,
/// `fault_reports_name_the_kernel_and_the_users_line`): clang's `.loc` there is the header's, with
/// no `inlined_at` to point back, so the line is the last of the user's the function reached.
#[test]
fn fault_reports_name_the_users_line() {
    // (case, the statement's line in fault_report.cu)
    let cases = [("oob", 7), ("atomic", 10), ("trap", 13), ("assert", 17)];
    let src = common::repo().join("crates/cudart/tests/cuda/fault_report.cu").to_string_lossy().into_owned();
    for flag in ["-lineinfo", "-G"] {
        let exe = common::work_dir().join(format!("fault_report_lines{}", flag.replace('-', "_")));
        let out = exe.to_string_lossy().into_owned();
        common::nvcc(&["-arch=sm_90", flag, src.as_str(), "-o", out.as_str()]).expect("build fault_report");
        for engine in ["jit", "interp"] {
            for (case, line) in cases {
                let o = common::run(&exe, &[case], &[("CUPRITE_ENGINE", engine)]);
                let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
                let what = format!("{case} {flag} {engine}");
                assert!(o.status.success() && stdout.contains("PASS"), "{what}: {stdout}\n{stderr}");
                let report = stderr.lines().find(|l| l.starts_with("cuprite: cudaError")).unwrap_or_default();
                assert!(report.ends_with(&format!("fault_report.cu:{line})")), "{what}: {report}");
            }
        }
    }
}
