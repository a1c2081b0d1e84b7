// cuda_occupancy.h's calculator, given this device's properties and each kernel's attributes,
// answers what the runtime's occupancy functions answer: active blocks per multiprocessor over
// block sizes and dynamic shared memory sizes (none above 1024 threads), the dynamic shared
// memory available to n blocks, the best block size and its grid; and its limits say why
// (warps, registers, shared memory, the resident-block maximum). On an H200 the two agree on
// every case of notes/gpu-unseen/occupancy_edges.cu, and Cuprite's runtime answers as the
// H200's there.
#include <cuda_occupancy.h>
#include <cstdio>

__global__ void plain(float *o) { o[threadIdx.x] = 1; }
__global__ void with_static(float *o) {
  __shared__ float s[1000];
  s[threadIdx.x] = 1;
  __syncthreads();
  o[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
__global__ void with_dynamic(float *o) {
  extern __shared__ float d[];
  d[threadIdx.x] = 1;
  o[threadIdx.x] = d[0];
}

static int failures = 0;
// Dynamic shared memory of 16 bytes per thread.
struct PerThread {
  __host__ __device__ size_t operator()(int size) const { return (size_t)size * 16; }
};
template <typename F>
static void compare(const char *name, F f) {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  cudaFuncAttributes attr;
  cudaFuncGetAttributes(&attr, f);
  cudaOccDeviceProp p = prop;
  cudaOccFuncAttributes a = attr;
  cudaOccDeviceState s;
  const size_t dynamic[] = {0, 1, 100, 1000, 4096, 10000, 20000, 30000, 40000};
  for (int block = 1; block <= 1024; block += block < 64 ? 7 : 61) {
    for (size_t dyn : dynamic) {
      if (dyn > (size_t)attr.maxDynamicSharedSizeBytes) continue;
      int runtime = -1;
      cudaOccResult r;
      if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&runtime, f, block, dyn) != cudaSuccess ||
          cudaOccMaxActiveBlocksPerMultiprocessor(&r, &p, &a, &s, block, dyn) != CUDA_OCC_SUCCESS ||
          r.activeBlocksPerMultiprocessor != runtime) {
        if (++failures < 10) printf("FAIL %s block %d dynamic %zu: runtime %d calculator %d\n", name, block, dyn, runtime, r.activeBlocksPerMultiprocessor);
      }
      // The result is the smallest limit, and the limiting factors name the limits equal to it.
      int limits[] = {r.blockLimitWarps, r.blockLimitRegs, r.blockLimitSharedMem, r.blockLimitBlocks};
      unsigned bits[] = {OCC_LIMIT_WARPS, OCC_LIMIT_REGISTERS, OCC_LIMIT_SHARED_MEMORY, OCC_LIMIT_BLOCKS};
      for (int i = 0; i < 4; i++) {
        bool limiting = limits[i] == r.activeBlocksPerMultiprocessor;
        if (limits[i] < r.activeBlocksPerMultiprocessor || limiting != ((r.limitingFactors & bits[i]) != 0)) {
          if (++failures < 10) printf("FAIL %s block %d dynamic %zu: limit %d is %d, factors %#x\n", name, block, dyn, i, limits[i], r.limitingFactors);
        }
      }
      int warps = (block + 31) / 32;
      if (r.blockLimitWarps != prop.maxThreadsPerMultiProcessor / 32 / warps) failures++;
    }
  }
  // Above the device's 1024 threads nothing resides (an H200 answers 0 too).
  int too_big = -1;
  cudaOccResult big;
  if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&too_big, f, 2048, 0) != cudaSuccess || too_big != 0 ||
      cudaOccMaxActiveBlocksPerMultiprocessor(&big, &p, &a, &s, 2048, 0) != CUDA_OCC_SUCCESS || big.activeBlocksPerMultiprocessor != 0) {
    failures++;
    printf("FAIL %s: blocks of 2048 threads: runtime %d calculator %d\n", name, too_big, big.activeBlocksPerMultiprocessor);
  }
  // The dynamic shared memory available to n blocks: the same from both; an n the other limits
  // do not allow is an error from both.
  for (int n : {1, 2, 3, 5, 7, 16, 32, 33}) {
    size_t runtime = 0, calc = 0;
    cudaError_t e = cudaOccupancyAvailableDynamicSMemPerBlock(&runtime, f, n, 128);
    cudaGetLastError();
    cudaOccError ce = cudaOccAvailableDynamicSMemPerBlock(&calc, &p, &a, &s, n, 128);
    if ((e == cudaSuccess) != (ce == CUDA_OCC_SUCCESS) || (e == cudaSuccess && runtime != calc)) {
      failures++;
      printf("FAIL %s: available for %d blocks: runtime %zu (%s) calculator %zu (%d)\n", name, n, runtime, cudaGetErrorName(e), calc, (int)ce);
    }
  }
  int grid = 0, best = 0, calc_grid = 0, calc_best = 0;
  cudaOccupancyMaxPotentialBlockSize(&grid, &best, f, 2048, 0);
  cudaOccMaxPotentialOccupancyBlockSize(&calc_grid, &calc_best, &p, &a, &s, 2048);
  if (grid != calc_grid || best != calc_best) {
    failures++;
    printf("FAIL %s potential: runtime (%d, %d) calculator (%d, %d)\n", name, grid, best, calc_grid, calc_best);
  }
  PerThread per_thread;
  cudaOccupancyMaxPotentialBlockSizeVariableSMem(&grid, &best, f, per_thread);
  cudaOccMaxPotentialOccupancyBlockSizeVariableSMem(&calc_grid, &calc_best, &p, &a, &s, per_thread);
  if (grid != calc_grid || best != calc_best) {
    failures++;
    printf("FAIL %s variable: runtime (%d, %d) calculator (%d, %d)\n", name, grid, best, calc_grid, calc_best);
  }
}

int main() {
  compare("plain", plain);
  compare("with_static", with_static);
  compare("with_dynamic", with_dynamic);
  // What the calculator refuses (an error, not a result): an architecture it does not know, a null result.
  cudaOccDeviceProp old;
  old.computeMajor = 1;  // compute capability 1.0: no longer known
  old.warpSize = 32;
  old.maxThreadsPerMultiprocessor = 2048;
  old.regsPerMultiprocessor = 65536;
  cudaOccFuncAttributes a;
  cudaOccDeviceState s;
  cudaOccResult r;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(&r, &old, &a, &s, 32, 0) == CUDA_OCC_SUCCESS) failures++;
  if (cudaOccMaxActiveBlocksPerMultiprocessor(nullptr, &old, &a, &s, 32, 0) == CUDA_OCC_SUCCESS) failures++;
  printf("%d failures\n%s\n", failures, failures ? "FAIL" : "PASS");
  return failures != 0;
}
