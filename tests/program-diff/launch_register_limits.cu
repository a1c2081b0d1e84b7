// flags: -lineinfo
// What cudaFuncGetAttributes and the occupancy calculator say of kernels with few and many
// registers (no __launch_bounds__), and which launch sizes each accepts: numRegs,
// maxThreadsPerBlock, localSizeBytes, blocks per SM at 128/256/1024 threads, and the launch
// error at 256, 512 and 1024 threads.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void light(int *p) { p[threadIdx.x] = threadIdx.x; }
__global__ void medium(const float *in, float *out) {
  float a[16];
#pragma unroll
  for (int k = 0; k < 16; ++k) a[k] = in[(threadIdx.x + k * 7) & 1023];
  float s = 0;
#pragma unroll
  for (int k = 0; k < 16; ++k)
#pragma unroll
    for (int j = k + 1; j < 16; ++j) s += a[k] * a[j];
  out[threadIdx.x] = s;
}
__global__ void heavy(const double *in, double *out, int n) {
  double a[40];
#pragma unroll
  for (int k = 0; k < 40; ++k) a[k] = in[(threadIdx.x + k * 37) % n];
  double s = 0;
#pragma unroll
  for (int k = 0; k < 40; ++k)
#pragma unroll
    for (int j = k + 1; j < 40; ++j) s += a[k] * a[j] / (a[j] + 1.0);
  out[threadIdx.x] = s;
}

template <typename K> static void probe(const char *name, K k, void (*launch)(int)) {
  cudaFuncAttributes a; cudaFuncGetAttributes(&a, k);
  printf("%s numRegs %d maxThreadsPerBlock %d localSizeBytes %zu\n", name, a.numRegs, a.maxThreadsPerBlock, a.localSizeBytes);
  for (int t : {128, 256, 1024}) { int b = -1; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, k, t, 0); printf("  blocks/SM at %d: %d\n", t, b); }
  for (int t : {256, 512, 1024}) { launch(t); cudaError_t e = cudaGetLastError(); printf("  launch %d: %s\n", t, cudaGetErrorName(e)); cudaDeviceSynchronize(); }
}
static int *ip; static float *fp; static double *dp;
int main() {
  cudaMalloc(&ip, 1 << 16); cudaMalloc(&fp, 1 << 16); cudaMalloc(&dp, 1 << 16); cudaMemset(dp, 0, 1 << 16); cudaMemset(fp, 0, 1 << 16);
  probe("light", light, [](int t) { light<<<1, t>>>(ip); });
  probe("medium", medium, [](int t) { medium<<<1, t>>>(fp, fp + 2048); });
  probe("heavy", heavy, [](int t) { heavy<<<1, t>>>(dp, dp + 4096, 1024); });
  return 0;
}
