// cudaFuncGetAttributes and the occupancy calculator for kernels with local arrays, a stack,
// launch bounds (registers capped, spills in the frame), __constant__ data and many registers:
// numRegs and localSizeBytes as the sm_90 cubin records them, constSizeBytes the module's
// constants, and the launches the registers allow (H200: the same for sm_80 PTX it compiles).
#include <cstdio>
#include <cuda_runtime.h>

__constant__ float table[256];
__global__ void light(int *p) { p[threadIdx.x] = threadIdx.x; }
__global__ void local_array(const int *idx, float *out) {
  float a[64];
  for (int k = 0; k < 64; ++k) a[k] = k * 0.5f + threadIdx.x;
  out[threadIdx.x] = a[idx[threadIdx.x] & 63] + a[idx[threadIdx.x + 1] & 63];
}
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__global__ void recursive(int *p) { p[threadIdx.x] = fib(p[threadIdx.x]); }
__global__ void uses_constant(float *out) { out[threadIdx.x] = table[threadIdx.x] * 2.0f; }
template <int N> __device__ double chain(const double *in, int n) {
  double a[N];
#pragma unroll
  for (int k = 0; k < N; ++k) a[k] = in[(threadIdx.x + k * 37) % n];
  double s = 0;
#pragma unroll
  for (int k = 0; k < N; ++k)
#pragma unroll
    for (int j = k + 1; j < N; ++j) s += a[k] * a[j] / (a[j] + 1.0);
  return s;
}
__global__ void heavy(const double *in, double *out, int n) { out[threadIdx.x] = chain<40>(in, n); }
__global__ void __launch_bounds__(256, 4) bounded(const double *in, double *out, int n) { out[threadIdx.x] = chain<40>(in, n); }
__global__ void __launch_bounds__(1024) bounded1024(const double *in, double *out, int n) { out[threadIdx.x] = chain<40>(in, n); }
__global__ void mid(const double *in, double *out, int n) { out[threadIdx.x] = chain<12>(in, n); }

template <typename K> static void show(const char *name, K k) {
  cudaFuncAttributes a;
  cudaError_t e = cudaFuncGetAttributes(&a, k);
  printf("%-12s %s numRegs %d localSizeBytes %zu constSizeBytes %zu sharedSizeBytes %zu maxThreadsPerBlock %d ptxVersion %d binaryVersion %d\n",
         name, cudaGetErrorName(e), a.numRegs, a.localSizeBytes, a.constSizeBytes, a.sharedSizeBytes, a.maxThreadsPerBlock,
         a.ptxVersion, a.binaryVersion);
  for (int t : {64, 256, 512, 1024}) {
    int b = -1;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, k, t, 0);
    printf("  blocks/SM at %d: %d\n", t, b);
  }
}
int main() {
  show("light", light);
  show("local_array", local_array);
  show("recursive", recursive);
  show("uses_constant", uses_constant);
  show("heavy", heavy);
  show("bounded", bounded);
  show("bounded1024", bounded1024);
  show("mid", mid);
  double *d; cudaMalloc(&d, 1 << 16); cudaMemset(d, 0, 1 << 16);
  for (int t : {256, 288, 320, 384, 512, 1024}) {
    heavy<<<1, t>>>(d, d + 4096, 1024);
    cudaError_t e = cudaGetLastError();
    cudaDeviceSynchronize();
    printf("heavy at %d threads: %s\n", t, cudaGetErrorName(e));
  }
  for (int t : {512, 1024}) {
    mid<<<1, t>>>(d, d + 4096, 1024);
    cudaError_t e = cudaGetLastError();
    cudaDeviceSynchronize();
    printf("mid at %d threads: %s\n", t, cudaGetErrorName(e));
  }
  return 0;
}
