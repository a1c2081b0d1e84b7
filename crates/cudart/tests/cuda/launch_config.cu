// Launch configuration errors are reported at launch and are not sticky.
#include "common.h"
__global__ void k(int* p) { p[threadIdx.x + blockIdx.x * blockDim.x] = 1; }
__global__ void __launch_bounds__(128) bounded(int* p) { p[threadIdx.x] = 2; }
int main() {
  int* p;
  CK(cudaMalloc(&p, 4096 * sizeof(int)));
  k<<<1, 1025>>>(p);
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);  // reset: not sticky
  k<<<1, dim3(1, 1, 65)>>>(p);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  k<<<0, 32>>>(p);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  k<<<dim3(1, 65536), 32>>>(p);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  bounded<<<1, 256>>>(p);  // above its __launch_bounds__(128): invalid, as on an H200
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  k<<<4, 1024>>>(p);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  int h[4096];
  CK(cudaMemcpy(h, p, sizeof(h), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4096; i++) EXPECT(h[i] == 1);
  EXPECT_ERR(cudaSetDevice(1), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaFree((void*)0x1234), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy(h, p, 16, (cudaMemcpyKind)9), cudaErrorInvalidMemcpyDirection);
  CK(cudaGetLastError() != cudaSuccess ? cudaSuccess : cudaErrorUnknown);
  CK(cudaFree(p));
  printf("PASS\n");
  return 0;
}
