// Sticky errors: an out-of-bounds access in a kernel is an asynchronous error reported by a later
// synchronizing call (cudaErrorIllegalAddress); the context is then corrupt and every later call
// returns the same error (cudaGetLastError reports it once per call that recorded it).
#include "guide.h"
__global__ void bad(int* p) { p[threadIdx.x] = 1; }
__global__ void good(int* p) { p[threadIdx.x] = 2; }
int main() {
  int* d;
  CK(cudaMalloc(&d, 64));
  good<<<1, 16>>>(d);
  CK(cudaDeviceSynchronize());
  bad<<<1, 32>>>((int*)0x10);  // an address no allocation covers
  // The launch itself is valid; whether the call right after it already sees the fault depends on
  // timing (an asynchronous error is reported by any call made after it happened).
  cudaError_t first = cudaGetLastError();
  check(first == cudaSuccess || first == cudaErrorIllegalAddress, "the faulting launch is not a launch error");
  cudaError_t e = cudaDeviceSynchronize();
  check(e == cudaErrorIllegalAddress, "cudaDeviceSynchronize reports cudaErrorIllegalAddress");
  check(cudaGetLastError() == cudaErrorIllegalAddress, "cudaGetLastError returns it");
  int h[16];
  check(cudaMemcpy(h, d, 64, cudaMemcpyDeviceToHost) == cudaErrorIllegalAddress, "later calls fail: the error is sticky");
  good<<<1, 16>>>(d);
  check(cudaGetLastError() == cudaErrorIllegalAddress, "later launches fail too");
  void* p;
  check(cudaMalloc(&p, 16) == cudaErrorIllegalAddress, "cudaMalloc fails after a sticky error");
  return finish();
}
