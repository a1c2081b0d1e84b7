//! What programs written for NVIDIA's toolkit expect of its headers beyond the declarations
//! (found by NVIDIA's CUDA samples, which Cuprite was not written against): the include-guard
//! macros they test, headers nvcc's include directory has, and host C++ that includes the
//! standard library after cuda_runtime.h.

mod common;

use std::path::Path;

/// Writes `files` (name, text) to a scratch directory, builds them together for sm_90, runs the
/// program and returns what it printed (after requiring exit status 0).
fn build_and_run(test: &str, files: &[(&str, &str)]) -> String {
    let dir = common::work_dir().join(test);
    std::fs::create_dir_all(&dir).unwrap();
    let mut args = vec!["-arch=sm_90".to_string()];
    for (name, text) in files {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        args.push(path.to_string_lossy().into_owned());
    }
    let exe = dir.join(test).to_string_lossy().into_owned();
    args.extend(["-o".to_string(), exe.clone()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    common::nvcc(&args).expect("build");
    let o = common::run(Path::new(&exe), &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
    assert_eq!(o.status.code(), Some(0), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
    stdout
}

/// cuda_runtime.h defines `__CUDA_RUNTIME_H__` and driver_types.h `__DRIVER_TYPES_H__` (their
/// include guards in NVIDIA's toolkit), in `.cu` files (where nvcc includes cuda_runtime.h
/// itself) and in host `.cpp` files that include it; the samples' helper_cuda.h declares
/// checkCudaErrors and findCudaDevice only under them.
#[test]
fn include_guard_macros_tell_that_the_runtime_headers_were_included() {
    let check = "#if !defined(__CUDA_RUNTIME_H__) || !defined(__CUDA_RUNTIME_API_H__) || \\\n\
    !defined(__DRIVER_TYPES_H__) || !defined(__VECTOR_TYPES_H__) || !defined(__DRIVER_FUNCTIONS_H__) || \\\n\
    !defined(__VECTOR_FUNCTIONS_H__)\n\
#error the runtime headers' include-guard macros are missing\n\
#endif\n";
    let cu = format!("{check}__global__ void k() {{}}\nvoid launch() {{ k<<<1, 1>>>(); }}\n");
    let cpp = format!(
        "#include <cuda_runtime.h>\n{check}#include <cstdio>\nvoid launch();\n\
int main() {{ launch(); std::printf(\"%s\\n\", cudaDeviceSynchronize() == cudaSuccess ? \"PASS\" : \"FAIL\"); }}\n"
    );
    let out = build_and_run("include_guards", &[("k.cu", &cu), ("main.cpp", &cpp)]);
    assert_eq!(out, "PASS\n");
}

/// Host C++ includes <memory> after cuda_runtime.h: libstdc++ writes
/// `__attribute__((__noinline__))`, which a `__noinline__` macro breaks (CUDA 13's headers do not
/// define one; nvcc's front end, like clang's CUDA mode, knows it as a keyword, which device
/// code here still uses).
#[test]
fn host_cpp_includes_the_standard_library_after_cuda_runtime() {
    let cu = "__noinline__ __device__ int twice(int x) { return 2 * x; }\n\
__global__ void k(int *p) { *p = twice(*p); }\n\
int run(int v) { int *d, h = v; cudaMalloc(&d, 4); cudaMemcpy(d, &h, 4, cudaMemcpyHostToDevice);\n\
  k<<<1, 1>>>(d); cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); cudaFree(d); return h; }\n";
    let cpp = "#include <cuda_runtime.h>\n#include <memory>\n#include <cstdio>\nint run(int);\n\
int main() { auto v = std::make_shared<int>(21); std::printf(\"%d\\n\", run(*v)); }\n";
    let out = build_and_run("noinline_cpp", &[("k.cu", cu), ("main.cpp", cpp)]);
    assert_eq!(out, "42\n");
}

/// cuda_profiler_api.h declares cudaProfilerStart and cudaProfilerStop, which return cudaSuccess
/// (Runtime API reference, "Profiler Control": without a profiling tool they have no effect).
#[test]
fn profiler_api_header_declares_start_and_stop() {
    let cu = "#include <cuda_profiler_api.h>\n#include <cstdio>\n\
int main() { cudaError_t a = cudaProfilerStart(), b = cudaProfilerStop();\n\
  std::printf(\"%d %d\\n\", (int)a, (int)b); }\n";
    let out = build_and_run("profiler_api", &[("p.cu", cu)]);
    assert_eq!(out, "0 0\n");
}

/// Headers nvcc's include directory has that programs include by name (`math_constants.h`,
/// `builtin_types.h`, `channel_descriptor.h`, ...), from `.cu` and host `.cpp` files; the
/// CUDART_* constants equal their definitions on host and device (pi, its double split, ln 2,
/// infinities, the smallest denormal).
#[test]
fn named_toolkit_headers_and_math_constants() {
    let includes = "#include <builtin_types.h>\n#include <channel_descriptor.h>\n#include <device_functions.h>\n\
#include <math_functions.h>\n#include <texture_types.h>\n#include <surface_types.h>\n\
#include <cuda_device_runtime_api.h>\n#include <math_constants.h>\n#include <cmath>\n#include <cstdio>\n";
    let checks = "__host__ __device__ int constant_errors() {\n\
    int bad = 0;\n\
    bad += CUDART_PI != 3.141592653589793 || CUDART_PI_F != 3.14159265f;\n\
    bad += CUDART_PI_HI + CUDART_PI_LO != CUDART_PI || CUDART_PI_LO <= 0 || CUDART_PI_LO > 1.3e-16;\n\
    bad += CUDART_LN2 != 0.6931471805599453 || CUDART_L2E_F != 1.44269504f;\n\
    bad += !(CUDART_INF_F > 3.4e38f) || CUDART_INF != CUDART_INF * 2 || CUDART_NAN == CUDART_NAN;\n\
    bad += CUDART_MIN_DENORM_F * 0.5f != 0.0f || !(CUDART_MIN_DENORM_F > 0.0f);\n\
    bad += CUDART_SQRT_HALF_HI_F * CUDART_SQRT_HALF_HI_F * 2 < 0.999999f || CUDART_TWO_TO_52 != 4503599627370496.0;\n\
    return bad;\n}\n";
    let cu = format!(
        "{includes}{checks}int host_check();\n\
__global__ void k(int *bad) {{ *bad = constant_errors(); }}\n\
int main() {{\n\
    int *d, device_bad = -1;\n\
    cudaMalloc(&d, sizeof(int));\n\
    k<<<1, 1>>>(d);\n\
    cudaMemcpy(&device_bad, d, sizeof(int), cudaMemcpyDeviceToHost);\n\
    cudaChannelFormatDesc c = cudaCreateChannelDesc<float4>();\n\
    int bad = device_bad + constant_errors() + host_check() + (c.x != 32 || c.w != 32);\n\
    printf(bad ? \"FAIL\\n\" : \"PASS\\n\");\n\
    return bad;\n}}\n"
    );
    let cpp = format!(
        "{includes}int host_check() {{ return CUDART_PI_F != 3.14159265f || CUDART_SQRT_TWO != std::sqrt(2.0); }}\n"
    );
    let out = build_and_run("named_headers", &[("main.cu", &cu), ("host.cpp", &cpp)]);
    assert!(out.ends_with("PASS\n"), "{out}");
}
