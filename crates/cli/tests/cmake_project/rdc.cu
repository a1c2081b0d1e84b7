// A kernel calling scale() from another compilation unit (the device link resolves it).
#include <cuda_runtime.h>
extern __device__ float scale(float x);
__global__ void apply(float *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = scale(v[i]);
}
int run_scale(float *host, int n) {
  float *d;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess) return 1;
  cudaMemcpy(d, host, n * sizeof(float), cudaMemcpyHostToDevice);
  apply<<<(n + 127) / 128, 128>>>(d, n);
  cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d);
  return cudaGetLastError() != cudaSuccess;
}
