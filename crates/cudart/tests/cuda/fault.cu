// An out-of-bounds write faults asynchronously: the launch succeeds, the next synchronization
// returns cudaErrorIllegalAddress, and the error is sticky.
#include "common.h"
__global__ void oob(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i + (1 << 24)] = n;  // far outside the allocation
}
int main() {
  int* p;
  CK(cudaMalloc(&p, 256 * sizeof(int)));
  oob<<<1, 32>>>(p, 1);
  // The launch itself is fine; the fault may already have been detected (as on a GPU).
  cudaError_t e = cudaGetLastError();
  EXPECT(e == cudaSuccess || e == cudaErrorIllegalAddress);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  EXPECT_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
  // cudaGetLastError resets the thread's error even when it is sticky (as on an H200); the
  // other calls keep failing.
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);
  int* q = nullptr;
  EXPECT_ERR(cudaMalloc(&q, 16), cudaErrorIllegalAddress);
  EXPECT_ERR(cudaMemset(p, 0, 16), cudaErrorIllegalAddress);
  EXPECT(strcmp(cudaGetErrorString(cudaErrorIllegalAddress), "an illegal memory access was encountered") == 0);
  printf("PASS\n");
  return 0;
}
