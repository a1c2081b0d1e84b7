#include "kshared.h"
__global__ void squares(long long *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd((unsigned long long *)out, (unsigned long long)((long long)i * i));
}
extern "C" int kshared_square_sum(int n, long long *result) {
  long long *d; if (cudaMalloc(&d, sizeof *d) != cudaSuccess) return 1;
  cudaMemset(d, 0, sizeof *d);
  squares<<<(n + 255) / 256, 256>>>(d, n);
  cudaError_t e = cudaMemcpy(result, d, sizeof *d, cudaMemcpyDeviceToHost);
  cudaFree(d);
  return e != cudaSuccess;
}
