// Assertion: assert() in device code. A passing assert has no effect; a failing one stops the
// kernel, prints its message, and the next synchronizing call returns cudaErrorAssert, which is
// sticky (later calls fail with it too). NDEBUG is not defined.
#include "guide.h"
#include <cassert>
__global__ void testAssert(int* p, int bad) {
  int is_one = threadIdx.x == bad ? 0 : 1;
  assert(is_one);
  p[threadIdx.x] = threadIdx.x;
}
int main() {
  int* d;
  CK(cudaMalloc(&d, 64 * sizeof(int)));
  testAssert<<<1, 64>>>(d, -1);
  CK(cudaDeviceSynchronize());
  int h[64];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 64; i++) ok &= h[i] == i;
  check(ok, "assert that holds has no effect");
  testAssert<<<1, 64>>>(d, 17);
  cudaError_t e = cudaDeviceSynchronize();
  check(e == cudaErrorAssert, "failing assert: cudaDeviceSynchronize returns cudaErrorAssert");
  check(cudaGetLastError() == cudaErrorAssert, "cudaGetLastError reports it");
  check(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost) == cudaErrorAssert, "cudaErrorAssert is sticky");
  return finish();
}
