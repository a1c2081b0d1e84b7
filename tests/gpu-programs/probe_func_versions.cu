// cudaFuncGetAttributes' ptxVersion and binaryVersion for programs built for other
// architectures than the device's (output in probe_func_versions.txt, one line per build).
#include <cstdio>
__global__ void k(int* p) { if (p) *p = 1; }
int main() {
  cudaFuncAttributes a;
  cudaError_t e = cudaFuncGetAttributes(&a, k);
  printf("%-40s ret %d ptxVersion %d binaryVersion %d\n", BUILD, e, a.ptxVersion, a.binaryVersion);
  k<<<1, 1>>>(nullptr);
  printf("%-40s launch %d\n", BUILD, cudaDeviceSynchronize());
  return 0;
}
