// Deep recursion with a local array per frame: within a raised stack limit it runs; far past the
// default limit (1 KiB per thread) the launch fails. What error does the device report?
#include <cstdio>
__device__ int deep(volatile int* p, int n) {
  volatile int buf[32];
  for (int i = 0; i < 32; i++) buf[i] = n + i;
  if (n == 0) return buf[5];
  return deep(p, n - 1) + buf[n % 32] - (n + n % 32);
}
__global__ void k(int n, int* out) { out[threadIdx.x] = deep(out, n); }
int main() {
  int* d;
  cudaMalloc(&d, 32 * sizeof(int));
  size_t lim = 0;
  cudaDeviceGetLimit(&lim, cudaLimitStackSize);
  printf("default stack limit %zu\n", lim);
  k<<<1, 32>>>(4, d);
  cudaError_t e = cudaDeviceSynchronize();
  int h = -1;
  cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
  printf("depth 4: %s %d\n", cudaGetErrorName(e), h);
  cudaDeviceSetLimit(cudaLimitStackSize, 200 * 1024);
  cudaDeviceGetLimit(&lim, cudaLimitStackSize);
  printf("raised stack limit %zu\n", lim);
  k<<<1, 32>>>(1000, d);
  e = cudaDeviceSynchronize();
  cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
  printf("depth 1000: %s %d\n", cudaGetErrorName(e), h);
  cudaDeviceSetLimit(cudaLimitStackSize, 1024);
  k<<<1, 32>>>(100000, d);
  e = cudaDeviceSynchronize();
  printf("depth 100000 with 1 KiB: %s\n", cudaGetErrorName(e));
  e = cudaGetLastError();
  printf("last: %s\n", cudaGetErrorName(e));
  return 0;
}
