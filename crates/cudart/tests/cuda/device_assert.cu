// A failing device assert: the launch succeeds, the next synchronization returns
// cudaErrorAssert (710), CUDA's message is on stderr, and the error is sticky.
#include <cassert>
#include "common.h"
__global__ void check(const int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) assert(v[i] != 13);
}
int main() {
  const int n = 64;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i == 35 ? 13 : i % 7;
  int *d;
  CK(cudaMalloc(&d, sizeof h));
  CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  check<<<2, 32>>>(d, 30);  // the bad element is not checked: no fault
  CK(cudaDeviceSynchronize());
  check<<<2, 32>>>(d, n);
  cudaError_t e = cudaGetLastError();
  EXPECT(e == cudaSuccess || e == cudaErrorAssert);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
  EXPECT_ERR(cudaGetLastError(), cudaErrorAssert);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorAssert);  // sticky
  int *q = nullptr;
  EXPECT_ERR(cudaMalloc(&q, 16), cudaErrorAssert);
  EXPECT(strcmp(cudaGetErrorName(cudaErrorAssert), "cudaErrorAssert") == 0);
  printf("PASS\n");
  return 0;
}
