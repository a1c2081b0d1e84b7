// Error handling as the Programming Guide describes it: launch-configuration errors are
// reported at once and are not sticky; cudaGetLastError resets, cudaPeekAtLastError does not;
// a kernel fault is sticky (every later call fails) until cudaDeviceReset, after which the
// device works again.
#include "common.h"
#include <cstring>

__global__ void ok_kernel(int* p) { p[threadIdx.x] = threadIdx.x; }
__global__ void oob_kernel(int* p) { p[threadIdx.x + (1 << 28)] = 1; }

int main() {
  int* d;
  CK(cudaMalloc(&d, 64 * sizeof(int)));
  // Non-sticky configuration errors.
  ok_kernel<<<1, 2048>>>(d);
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);
  ok_kernel<<<dim3(1, 70000), 32>>>(d);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  ok_kernel<<<1, 32, 1 << 20>>>(d);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemcpy(d, nullptr, 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaSetDevice(5), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidDevice);
  // The device still works.
  ok_kernel<<<1, 64>>>(d);
  CK(cudaDeviceSynchronize());
  int h[64];
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  EXPECT(h[63] == 63);
  EXPECT(strcmp(cudaGetErrorName(cudaErrorIllegalAddress), "cudaErrorIllegalAddress") == 0);
  EXPECT(strcmp(cudaGetErrorString(cudaErrorIllegalAddress), "an illegal memory access was encountered") == 0);

  // A fault: the launch itself succeeds, the error arrives at synchronization, and sticks.
  oob_kernel<<<1, 32>>>(d);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  EXPECT_ERR(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost), cudaErrorIllegalAddress);
  int* e;
  EXPECT_ERR(cudaMalloc(&e, 16), cudaErrorIllegalAddress);
  EXPECT_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);  // reset, sticky or not (as on an H200)
  EXPECT_ERR(cudaMalloc(&e, 16), cudaErrorIllegalAddress);  // still failing
  // Reset recovers.
  CK(cudaDeviceReset());
  // The last error outlives the reset (an H200's answer: tests/program-diff/runtime18_graph_fault_branches.cu).
  EXPECT_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
  CK(cudaGetLastError());
  CK(cudaMalloc(&d, 64 * sizeof(int)));
  ok_kernel<<<1, 64>>>(d);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  EXPECT(h[10] == 10);
  CK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
