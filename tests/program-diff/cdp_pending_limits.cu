// flags: -rdc=true
// Device-runtime limits: cudaLimitDevRuntimePendingLaunchCount get/set, a parent that launches
// many children from many threads (each child adds to a counter), children that launch
// grandchildren, a child launched with dynamic shared memory and a struct argument, and
// cudaLimitDevRuntimeSyncDepth.
#include <cstdio>
struct Arg { int a; double b; char c[12]; };
__device__ unsigned long long total;
__global__ void child(int v, Arg s) {
  extern __shared__ int dyn[];
  dyn[threadIdx.x] = v + s.a + (int)s.b + s.c[3];
  __syncthreads();
  atomicAdd(&total, (unsigned long long)dyn[(threadIdx.x + 1) % blockDim.x]);
}
__global__ void grand(int depth) {
  atomicAdd(&total, 1000000ull);
  if (depth > 0 && threadIdx.x == 0) grand<<<2, 1>>>(depth - 1);
}
__global__ void parent(int* errs) {
  Arg s{3, 4.75, {1, 2, 3, 4, 5}};
  child<<<1, 16, 16 * sizeof(int)>>>(threadIdx.x, s);
  errs[threadIdx.x] = (int)cudaGetLastError();
  if (threadIdx.x == 0) grand<<<1, 1>>>(4);
}
int main() {
  size_t v;
  cudaError_t e = cudaDeviceGetLimit(&v, cudaLimitDevRuntimePendingLaunchCount);
  printf("pending default: %s %zu\n", cudaGetErrorName(e), v);
  e = cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4096);
  cudaDeviceGetLimit(&v, cudaLimitDevRuntimePendingLaunchCount);
  printf("pending set: %s %zu\n", cudaGetErrorName(e), v);
  e = cudaDeviceGetLimit(&v, cudaLimitDevRuntimeSyncDepth);
  printf("sync depth: %s %zu\n", cudaGetErrorName(e), v);
  int* errs; cudaMalloc(&errs, 256 * 4);
  unsigned long long z = 0; cudaMemcpyToSymbol(total, &z, 8);
  parent<<<1, 256>>>(errs);
  printf("parent: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int h[256]; cudaMemcpy(h, errs, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0; for (int i = 0; i < 256; i++) bad += h[i] != 0;
  cudaMemcpyFromSymbol(&z, total, 8);
  printf("child launch errors %d total %llu\n", bad, z);
}
