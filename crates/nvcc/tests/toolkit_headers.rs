//! What programs written for NVIDIA's toolkit expect of its headers beyond the API reference's
//! declarations (found by NVIDIA's CUDA samples, which Cuprite was not written against): the
//! include-guard macros they test to learn what is included (the samples' `helper_cuda.h`
//! defines `checkCudaErrors` only `#ifdef __DRIVER_TYPES_H__`), headers nvcc's include directory
//! has, host C++ that includes the standard library after cuda_runtime.h, and the C++ overloads
//! `cuda_runtime.h` keeps for the graph API's older signatures.

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

/// Builds `file` (written with `source` in a scratch directory) for sm_90, runs it, and
/// requires its output to end with PASS.
fn build_and_pass(file: &str, source: &str) {
    build_for_and_pass("sm_90", file, source);
}

/// [`build_and_pass`] for architecture `arch`.
fn build_for_and_pass(arch: &str, file: &str, source: &str) {
    let stem = format!("{}_{arch}", Path::new(file).file_stem().unwrap().to_string_lossy());
    let dir = common::work_dir().join(&stem);
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(file);
    std::fs::write(&src, source).unwrap();
    let exe = dir.join(&stem);
    let arch = format!("-arch={arch}");
    common::nvcc(&[&arch, src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    let o = common::run(&exe, &[], &[]);
    let stdout = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && stdout.ends_with("PASS\n"), "{stdout}{}", String::from_utf8_lossy(&o.stderr));
}

/// The guard macros NVIDIA's headers define, each with the header that defines it.
const GUARDS: &[(&str, &str)] = &[
    ("cuda_runtime.h", "__CUDA_RUNTIME_H__"),
    ("cuda_runtime_api.h", "__CUDA_RUNTIME_API_H__"),
    ("driver_types.h", "__DRIVER_TYPES_H__"),
    ("driver_functions.h", "__DRIVER_FUNCTIONS_H__"),
    ("vector_types.h", "__VECTOR_TYPES_H__"),
    ("vector_functions.h", "__VECTOR_FUNCTIONS_H__"),
    ("device_launch_parameters.h", "__DEVICE_LAUNCH_PARAMETERS_H__"),
    ("cuda.h", "__cuda_cuda_h__"),
    ("cuComplex.h", "CU_COMPLEX_H_"),
    ("cooperative_groups.h", "_COOPERATIVE_GROUPS_H_"),
    ("cuda_pipeline.h", "_CUDA_PIPELINE_H_"),
    ("cuda_fp16.h", "__CUDA_FP16_H__"),
    ("cuda_bf16.h", "__CUDA_BF16_H__"),
];

/// A program that includes every header and fails to compile if a guard is missing.
fn guard_program(includes_runtime_first: bool) -> String {
    let mut s = String::new();
    if includes_runtime_first {
        s.push_str("#include <cuda_runtime.h>\n");
    }
    for (header, _) in GUARDS {
        s.push_str(&format!("#include <{header}>\n"));
    }
    for (header, guard) in GUARDS {
        s.push_str(&format!("#ifndef {guard}\n#error \"{header} does not define {guard}\"\n#endif\n"));
    }
    s.push_str("#include <cstdio>\nint main() { printf(\"PASS\\n\"); return 0; }\n");
    s
}

#[test]
fn nvidia_include_guards_are_defined_in_cuda_and_host_sources() {
    build_and_pass("guards_cuda.cu", &guard_program(false));
    // A .cpp is host code: nothing is force-included, the program includes what it uses.
    build_and_pass("guards_host.cpp", &guard_program(true));
}

/// `cudaGraphInstantiate(exec, graph, errorNode, log, size)` and `cudaGraphExecUpdate(exec,
/// graph, errorNode, result)` (CUDA 11's signatures), the symbol templates of the memcpy-node
/// functions and `cudaUserObjectCreate` wrapping a C++ object: each does what the C function it
/// forwards to does (Runtime API reference, "C++ API Routines").
#[test]
fn graph_api_cxx_overloads_forward_to_the_c_functions() {
    build_and_pass(
        "graph_overloads.cu",
        r#"#include <cstdio>
#include <chrono>
#include <thread>
__device__ int table[4];
__global__ void twice(int *out) { out[threadIdx.x] = 2 * table[threadIdx.x]; }
struct Flag {
  bool *destroyed;
  ~Flag() { *destroyed = true; }
};
static bool ok = true;
#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorName(e)); ok = false; } } while (0)
static void expect_twice(int *d, const int *src, const char *what) {
  int h[4];
  CHECK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4; i++)
    if (h[i] != 2 * src[i]) { printf("%s: out[%d] = %d, want %d\n", what, i, h[i], 2 * src[i]); ok = false; }
}
int main() {
  int *d;
  CHECK(cudaMalloc(&d, 4 * sizeof(int)));
  int src1[4] = {1, 2, 3, 4}, src2[4] = {5, 6, 7, 8}, src3[4] = {-1, -2, -3, -4}, back[4] = {};
  cudaGraph_t g;
  CHECK(cudaGraphCreate(&g, 0));
  cudaGraphNode_t toSym, kern, fromSym;
  CHECK(cudaGraphAddMemcpyNodeToSymbol(&toSym, g, nullptr, 0, table, src1, sizeof src1, 0, cudaMemcpyHostToDevice));
  cudaKernelNodeParams kp = {};
  void *args[] = {&d};
  kp.func = (void *)twice;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(4);
  kp.kernelParams = args;
  CHECK(cudaGraphAddKernelNode(&kern, g, &toSym, 1, &kp));
  CHECK(cudaGraphAddMemcpyNodeFromSymbol(&fromSym, g, &kern, 1, back, table, sizeof back, 0, cudaMemcpyDeviceToHost));

  cudaGraphExec_t x;
  cudaGraphNode_t errorNode = nullptr;
  char log[64] = "untouched";
  CHECK(cudaGraphInstantiate(&x, g, &errorNode, log, sizeof log));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaStreamSynchronize(0));
  expect_twice(d, src1, "instantiated");
  for (int i = 0; i < 4; i++) ok &= back[i] == src1[i];

  // The executable graph's copy reads src2 from now on; the graph's still reads src1.
  CHECK(cudaGraphExecMemcpyNodeSetParamsToSymbol(x, toSym, table, src2, sizeof src2, 0, cudaMemcpyHostToDevice));
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaStreamSynchronize(0));
  expect_twice(d, src2, "exec node set");

  // The graph's copy reads src3; an update brings it to the executable graph.
  CHECK(cudaGraphMemcpyNodeSetParamsToSymbol(toSym, table, src3, sizeof src3, 0, cudaMemcpyHostToDevice));
  CHECK(cudaGraphMemcpyNodeSetParamsFromSymbol(fromSym, back, table, sizeof back, 0, cudaMemcpyDeviceToHost));
  cudaGraphExecUpdateResult result = cudaGraphExecUpdateError;
  CHECK(cudaGraphExecUpdate(x, g, &errorNode, &result));
  ok &= result == cudaGraphExecUpdateSuccess;
  CHECK(cudaGraphLaunch(x, 0));
  CHECK(cudaStreamSynchronize(0));
  expect_twice(d, src3, "updated");
  for (int i = 0; i < 4; i++) ok &= back[i] == src3[i];

  // A different topology cannot be updated: the result says so and names no success.
  cudaGraph_t other;
  CHECK(cudaGraphCreate(&other, 0));
  cudaGraphNode_t empty;
  CHECK(cudaGraphAddEmptyNode(&empty, other, nullptr, 0));
  ok &= cudaGraphExecUpdate(x, other, &errorNode, &result) == cudaErrorGraphExecUpdateFailure;
  ok &= result != cudaGraphExecUpdateSuccess;

  // The user object deletes its C++ object when the last reference goes.
  bool destroyed = false;
  cudaUserObject_t object;
  CHECK(cudaUserObjectCreate(&object, new Flag{&destroyed}, 1, cudaUserObjectNoDestructorSync));
  CHECK(cudaGraphRetainUserObject(g, object, 1, cudaGraphUserObjectMove));
  ok &= !destroyed;
  CHECK(cudaGraphExecDestroy(x));
  CHECK(cudaGraphDestroy(g));
  CHECK(cudaGraphDestroy(other));
  CHECK(cudaDeviceSynchronize());
  for (int i = 0; i < 100 && !destroyed; i++) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ok &= destroyed;

  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
"#,
    );
}

/// cuda_fp8.h, cuda_fp6.h and cuda_fp4.h: every code of e4m3, e5m2, e2m3, e3m2 and e2m1 decodes
/// to its value, and values, midpoints and their neighbours, overflow, underflow, infinities and
/// NaN convert (from float, double and every half) to the code a search for the nearest value
/// gives, in each saturation and rounding mode, on the device (sm_90: PTX's cvt for fp8) and
/// the host; e8m0 powers of two; the C++ types' constructors, operators and packing.
#[test]
fn narrow_float_headers_convert_as_the_formats_define() {
    build_and_pass("narrow_floats.cu", include_str!("toolkit_headers/narrow_floats.cu"));
}

/// cuda_awbarrier.h and cuda_awbarrier_primitives.h: a barrier's phases complete when all their
/// arrivals are in (test_wait/try_wait false before, true after; arrive_and_drop lowers the
/// count of later phases; the parity of the phase in progress), a block's threads see each
/// other's writes of a phase after waiting, and asynchronous copies arrive on a barrier
/// (cuda_pipeline_primitives.h's __pipeline_arrive_on).
#[test]
fn arrive_wait_barrier_phases_complete_as_mbarrier_defines() {
    build_and_pass("awbarrier.cu", include_str!("toolkit_headers/awbarrier.cu"));
}

/// The same on compute capability 7.5 (nvcc 13.0's oldest), where (as with nvcc) the barrier is
/// emulated with atomics and the pipeline's copies are done when issued: no mbarrier or cp.async
/// reaches the PTX.
#[test]
fn arrive_wait_barrier_and_pipeline_before_sm_80_as_nvcc_emulates_them() {
    build_for_and_pass("sm_75", "awbarrier.cu", include_str!("toolkit_headers/awbarrier.cu"));
}

/// The sm_*, common_functions, vector_functions.hpp and other headers programs include by name
/// build; library_types.h's values; device_double_functions.h's functions of a cudaRoundMode
/// round in that mode; CCCL's <nv/target> tells device from host and sm_80 from older.
#[test]
fn named_headers_declare_what_nvidias_declare() {
    build_and_pass("named_headers.cu", include_str!("toolkit_headers/named_headers.cu"));
}

/// Headers of the driver API (which Cuprite does not provide) and of libNVVM fail the build
/// with an error naming the header and what it declares, not with unresolved symbols at link
/// time.
#[test]
fn driver_api_and_nvvm_headers_are_errors_naming_them() {
    for header in ["cudaGL.h", "cudaEGL.h", "cudaVDPAU.h", "cudaProfiler.h", "cudaTypedefs.h", "nvvm.h"] {
        let dir = common::work_dir().join("driver_api_headers");
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join(format!("{}.cu", header.replace('.', "_")));
        std::fs::write(&src, format!("#include <{header}>\nint main() {{ return 0; }}\n")).unwrap();
        let exe = dir.join("prog");
        let err = common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()])
            .expect_err("a driver API header must not build");
        assert!(err.contains(&format!("{header} declares")) && err.contains("does not provide"), "{header}: {err}");
    }
}

/// cuda.h declares the driver API as programs use it (handles, `CUDA_SUCCESS`, cuLaunchKernel's
/// `CU_LAUNCH_PARAM_END`, the functions of the reference), before or after cuda_runtime.h and in
/// C: such programs compile as with nvcc. Their link, with or without `-lcuda` (which links
/// Cuprite's runtime), fails naming the driver functions called and the missing libcuda.so.1.
#[test]
fn driver_api_programs_compile_and_their_link_names_what_is_missing() {
    let dir = common::work_dir().join("driver_api_calls");
    std::fs::create_dir_all(&dir).unwrap();
    let program = "#include <cuda.h>\n#include <cuda_runtime.h>\n#include <cstdio>\n\
int main() {\n  CUdevice dev; CUcontext ctx; CUmodule mod; CUfunction f; CUdeviceptr d; CUuuid u;\n\
  if (cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) || cuDeviceGetUuid(&u, dev)) return 1;\n\
  cuCtxGetCurrent(&ctx); cuModuleLoadData(&mod, \"\"); cuModuleGetFunction(&f, mod, \"k\");\n\
  cuMemAlloc(&d, 128); void *args[] = {&d}; void *extra[] = {CU_LAUNCH_PARAM_END};\n\
  cuLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, CU_STREAM_LEGACY, args, extra); cuMemFree(d);\n\
  std::printf(\"%d\\n\", CU_IPC_HANDLE_SIZE); return 0;\n}\n";
    let src = dir.join("driver.cu");
    std::fs::write(&src, program).unwrap();
    let c = dir.join("driver.c");
    std::fs::write(&c, "#include <cuda.h>\nint ready(void) { CUdevice d; return cuInit(0) == CUDA_SUCCESS && cuDeviceGet(&d, 0) == CUDA_SUCCESS; }\n")
        .unwrap();
    let object = dir.join("driver_c.o");
    let (src, c, object) = (src.to_str().unwrap(), c.to_str().unwrap(), object.to_str().unwrap());
    common::nvcc(&["-c", c, "-o", object]).expect("a C file including cuda.h compiles");
    let exe = dir.join("prog");
    let err = common::nvcc(&["-arch=sm_90", src, "-o", exe.to_str().unwrap(), "-lcuda"]).expect_err("no libcuda.so.1");
    assert!(err.contains("cuCtxGetCurrent, cuDeviceGet, cuDeviceGetUuid, cuInit, cuLaunchKernel"), "{err}");
    assert!(err.contains("libcuda.so.1"), "{err}");
}

/// cuda_occupancy.h's calculator, given this device's properties and a kernel's attributes,
/// answers what cudaOccupancyMaxActiveBlocksPerMultiprocessor and
/// cudaOccupancyMaxPotentialBlockSize(VariableSMem) answer, over block sizes and dynamic shared
/// memory sizes (shared memory allocated per block in 128-byte units); its limits say why.
#[test]
fn occupancy_calculator_header_agrees_with_the_runtime() {
    build_and_pass("occupancy_calculator.cu", include_str!("toolkit_headers/occupancy_calculator.cu"));
}

/// nvtx3/nvtx3.hpp (the NVTX C++ API, with CUB's ranges in the same program),
/// nvToolsExtCuda.h and nvToolsExtCudaRt.h build; with no tool attached, push and pop return
/// NVTX_NO_PUSH_POP_TRACKING.
#[test]
fn nvtx3_cxx_api_and_object_naming_headers() {
    build_and_pass("nvtx.cu", include_str!("toolkit_headers/nvtx.cu"));
}

/// cuda_gl_interop.h, cuda_vdpau_interop.h and cuda_egl_interop.h declare the runtime's
/// interoperability functions and types (cudaEglFrame: 280 bytes), which fail as CUDA 13's do
/// on a machine without a display (an H200 host: tests/program-diff/expected/interop_errors.txt).
#[test]
fn graphics_interop_headers_declare_what_fails_without_a_display() {
    build_and_pass(
        "interop.cu",
        r#"#include <cuda_gl_interop.h>
#include <cuda_vdpau_interop.h>
#include <cuda_egl_interop.h>
#include <cstdio>
int main() {
  cudaGraphicsResource *r = nullptr;
  unsigned count = 0;
  int devices[2], device;
  cudaEglFrame frame;
  bool ok = cudaGraphicsGLRegisterBuffer(&r, 1, cudaGraphicsRegisterFlagsNone) == cudaErrorOperatingSystem &&
            cudaGraphicsGLRegisterBuffer(&r, 0, cudaGraphicsRegisterFlagsNone) == cudaErrorInvalidValue &&
            cudaGLGetDevices(&count, devices, 2, cudaGLDeviceListAll) == cudaErrorOperatingSystem &&
            cudaGLMapBufferObject((void **)&r, 1) == cudaErrorInvalidValue &&
            cudaVDPAUGetDevice(&device, 1, nullptr) == cudaErrorInvalidValue &&
            cudaGraphicsEGLRegisterImage(&r, nullptr, 0) == cudaErrorUnknown &&
            cudaGraphicsResourceGetMappedEglFrame(&frame, r, 0, 0) == cudaErrorInvalidResourceHandle &&
            cudaGraphicsMapResources(1, &r, 0) == cudaErrorInvalidResourceHandle && sizeof(cudaEglFrame) == 280 &&
            cudaGLMapFlagsWriteDiscard == 2 && cudaGLDeviceListNextFrame == 3 && CUDA_EGL_MAX_PLANES == 3;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
"#,
    );
}

/// With CUPRITE_PROFILE set, the program's NVTX ranges (nvtxRangePushA/Pop, nvtx3's scoped
/// ranges, CUB's ranges of registered strings) appear in the profile summary, and push and pop
/// return the nesting level as with an NVTX tool attached; without it, they return
/// NVTX_NO_PUSH_POP_TRACKING.
#[test]
fn nvtx_ranges_reach_cuprites_profile() {
    let dir = common::work_dir().join("nvtx_profile");
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("ranges.cu");
    std::fs::write(
        &src,
        r#"#include <nvtx3/nvtx3.hpp>
#include <cub/cub.cuh>
#include <cstdio>
__global__ void k(int *p) { *p += 1; }
int main() {
  int *d;
  cudaMalloc(&d, 4);
  int outer = nvtxRangePushA("outer phase");
  int inner = -9, popped = -9;
  for (int i = 0; i < 3; i++) {
    inner = nvtxRangePushA("step");
    k<<<1, 1>>>(d);
    cudaDeviceSynchronize();
    popped = nvtxRangePop();
  }
  { nvtx3::scoped_range r{"scoped"}; }
  int *in, *out;
  void *tmp = nullptr;
  size_t bytes = 0;
  cudaMalloc(&in, 256); cudaMalloc(&out, 4); cudaMemset(in, 0, 256);
  cub::DeviceReduce::Sum(tmp, bytes, in, out, 64);
  cudaMalloc(&tmp, bytes);
  cub::DeviceReduce::Sum(tmp, bytes, in, out, 64);
  printf("%d %d %d %d\n", outer, inner, popped, nvtxRangePop());
}
"#,
    )
    .unwrap();
    let exe = dir.join("ranges");
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
    let o = common::run(&exe, &[], &[("CUPRITE_PROFILE", "1")]);
    let (stdout, stderr) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert_eq!(stdout, "0 1 1 0\n", "{stderr}");
    let table = stderr.split("NVTX ranges: ").nth(1).unwrap_or_else(|| panic!("no NVTX table: {stderr}"));
    let row = |name: &str| {
        table
            .lines()
            .find(|l| l.ends_with(&format!("  {name}")))
            .map(|l| l.split_whitespace().nth(2).map(str::to_string))
    };
    assert_eq!(row("step"), Some(Some("3".to_string())), "{table}");
    for name in ["outer phase", "scoped", "cub::DeviceReduce::Sum"] {
        assert!(row(name).is_some(), "{name} missing: {table}");
    }
    let o = common::run(&exe, &[], &[]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "-2 -2 -2 -2\n");
}
