// cudaFuncGetAttributes reports the PTX's virtual architecture as ptxVersion (WANT_PTX: 80 for
// -arch=sm_80, 75 for compute_75 PTX) and the device's architecture (9.0) as binaryVersion, as
// a GPU reports kernels it JIT-compiled from PTX (tests/gpu-programs/probe_func_versions.txt).
#include "common.h"
__global__ void k(int* p) {
#ifdef __CUDA_ARCH__
  *p = __CUDA_ARCH__;
#endif
}
int main() {
  cudaFuncAttributes a;
  CK(cudaFuncGetAttributes(&a, k));
  if (a.ptxVersion != WANT_PTX || a.binaryVersion != 90) {
    printf("FAIL ptxVersion %d (want %d) binaryVersion %d (want 90)\n", a.ptxVersion, WANT_PTX, a.binaryVersion);
    return 1;
  }
  int* d;
  CK(cudaMalloc(&d, sizeof(int)));
  k<<<1, 1>>>(d);
  int arch = 0;
  CK(cudaMemcpy(&arch, d, sizeof arch, cudaMemcpyDeviceToHost));
  EXPECT(arch == WANT_PTX * 10);  // the code that runs is the PTX's
  printf("PASS\n");
  return 0;
}
