//! What programs written against NVIDIA's toolkit headers expect of ours, beyond the API
//! reference's declarations: the include guards they test to learn what is included (the CUDA
//! samples' `helper_cuda.h` defines `checkCudaErrors` only `#ifdef __DRIVER_TYPES_H__`), and
//! the C++ overloads `cuda_runtime.h` keeps for the graph API's older signatures.

mod common;

use std::path::Path;

/// Builds `file` (written with `source` in a scratch directory) for sm_90, runs it, and
/// requires its output to end with PASS.
fn build_and_pass(file: &str, source: &str) {
    let stem = Path::new(file).file_stem().unwrap().to_string_lossy().into_owned();
    let dir = common::work_dir().join(&stem);
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join(file);
    std::fs::write(&src, source).unwrap();
    let exe = dir.join(&stem);
    common::nvcc(&["-arch=sm_90", src.to_str().unwrap(), "-o", exe.to_str().unwrap()]).expect("build");
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
