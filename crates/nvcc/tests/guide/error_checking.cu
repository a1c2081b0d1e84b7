// Error checking: the guide's pattern of cudaPeekAtLastError/cudaGetLastError after a launch.
// Launch-configuration errors are not sticky: cudaGetLastError returns and resets them, and the
// next launch works. (The guide names cudaErrorInvalidConfiguration; CUDA 13.0 on an H100 returns
// cudaErrorInvalidValue for every bad configuration, tests/gpu-programs/probe_launch_errors.txt.) Also cudaGetErrorName/String and errors returned by API calls directly.
#include "guide.h"
static bool bad_config(cudaError_t e) { return e == cudaErrorInvalidValue || e == cudaErrorInvalidConfiguration; }
__global__ void k(int* p) { p[threadIdx.x + blockIdx.x * blockDim.x] = 1; }
__global__ void big_shared(int* p) {
  extern __shared__ int s[];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  p[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}
int main() {
  int* d;
  CK(cudaMalloc(&d, 4096 * sizeof(int)));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  check(cudaGetLastError() == cudaSuccess, "no error at start");
  k<<<1, prop.maxThreadsPerBlock + 1>>>(d);
  cudaError_t first = cudaPeekAtLastError();
  check(bad_config(first), "too many threads: a configuration error (peek)");
  check(cudaPeekAtLastError() == first, "peek does not reset");
  check(cudaGetLastError() == first, "get returns it");
  check(cudaGetLastError() == cudaSuccess, "get resets it");
  k<<<dim3(1, prop.maxGridSize[1] + 1), 1>>>(d);
  check(bad_config(cudaGetLastError()), "grid y beyond maxGridSize[1]");
  k<<<1, dim3(1, 1, prop.maxThreadsDim[2] + 1)>>>(d);
  check(bad_config(cudaGetLastError()), "block z beyond maxThreadsDim[2]");
  k<<<0, 32>>>(d);
  check(bad_config(cudaGetLastError()), "zero-sized grid");
  big_shared<<<1, 32, prop.sharedMemPerBlockOptin + 1024>>>(d);
  cudaError_t e = cudaGetLastError();
  check(bad_config(e), "dynamic shared memory beyond the opt-in limit fails");
  // Errors are not sticky: the context still works.
  k<<<4, 256>>>(d);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  int h[1024];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 1024; i++) ok &= h[i] == 1;
  check(ok, "launch after configuration errors works");
  big_shared<<<1, 64, 64 * sizeof(int)>>>(d);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h, d, 64 * sizeof(int), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 64; i++) ok &= h[i] == 63 - i;
  check(ok, "dynamic shared memory launch");
  // API errors returned directly.
  CK_ERR(cudaMemcpy(d, h, 16, (cudaMemcpyKind)99), cudaErrorInvalidMemcpyDirection);
  CK_ERR(cudaSetDevice(1000), cudaErrorInvalidDevice);
  CK_ERR(cudaFree((void*)0x1234), cudaErrorInvalidValue);
  void* huge;
  CK_ERR(cudaMalloc(&huge, (size_t)1 << 62), cudaErrorMemoryAllocation);
  check(cudaGetLastError() == cudaErrorMemoryAllocation, "API errors also set the last error");
  check(strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration), "cudaErrorInvalidConfiguration") == 0, "cudaGetErrorName");
  check(strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory") == 0, "cudaGetErrorString");
  check(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0, "cudaGetErrorString(cudaSuccess)");
  CK(cudaFree(d));
  return finish();
}
