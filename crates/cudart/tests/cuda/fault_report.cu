// Faults whose reports the test reads (programs.rs fault_reports_*): the case is argv[1]. Each
// faults once; the program then exits 0 after checking the sticky error. Line numbers matter:
// the test names them (keep the lines of the marked statements).
#include <cassert>
#include "common.h"
template <typename T> __global__ void scale(T *x, int n) {
  x[threadIdx.x + (1 << 24)] = x[0] * n;  // line 7: out of bounds
}
__global__ void atomic_oob(int *p) {
  atomicAdd(p + (1 << 24), 1);  // line 10: out of bounds atomic
}
__device__ void give_up(int v) {
  if (v == 5) __trap();  // line 13: trap in a device function
}
__global__ void traps(const int *v) { give_up(v[threadIdx.x]); }
__device__ void check_value(int v) {
  assert(v != 5);  // line 17: failing assert in a device function
}
__global__ void asserts(const int *v) { check_value(v[threadIdx.x]); }
int main(int argc, char **argv) {
  if (argc < 2) { printf("FAIL usage: fault_report oob|atomic|trap|assert\n"); return 1; }
  int h[32];
  for (int i = 0; i < 32; ++i) h[i] = i;
  int *d;
  CK(cudaMalloc(&d, sizeof h));
  CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  cudaError_t want = cudaErrorIllegalAddress;
  if (!strcmp(argv[1], "oob")) scale<float><<<1, 32>>>((float *)d, 3);
  else if (!strcmp(argv[1], "atomic")) atomic_oob<<<1, 1>>>(d);
  else if (!strcmp(argv[1], "trap")) { traps<<<1, 32>>>(d); want = cudaErrorLaunchFailure; }
  else if (!strcmp(argv[1], "assert")) { asserts<<<1, 32>>>(d); want = cudaErrorAssert; }
  EXPECT_ERR(cudaDeviceSynchronize(), want);
  printf("PASS\n");
  return 0;
}
