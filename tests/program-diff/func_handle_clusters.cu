// The cluster occupancy calls and cudaFuncGetAttributes/launch of cluster kernels given a host
// function or a null pointer instead of a kernel, each followed by cudaGetLastError.
#include <cstdio>
__global__ void __cluster_dims__(2, 1, 1) kern(int* p) { if (p) *p = 1; }
void host_fn() {}
int main() {
  cudaFree(0);
  const void* fns[3] = {(const void*)kern, (const void*)host_fn, nullptr};
  const char* names[3] = {"kernel", "host", "null"};
  for (int i = 0; i < 3; i++) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(4);
    cfg.blockDim = dim3(128);
    int v = -1;
    cudaError_t e = cudaOccupancyMaxPotentialClusterSize(&v, fns[i], &cfg);
    printf("%-6s MaxPotentialClusterSize %s %d last %s\n", names[i], cudaGetErrorName(e), v, cudaGetErrorName(cudaGetLastError()));
    v = -1;
    e = cudaOccupancyMaxActiveClusters(&v, fns[i], &cfg);
    printf("%-6s MaxActiveClusters %s %d last %s\n", names[i], cudaGetErrorName(e), i == 0 ? (v > 0) : v, cudaGetErrorName(cudaGetLastError()));
    int nb = -1, bs = -1;
    e = cudaOccupancyMaxPotentialBlockSize(&nb, &bs, fns[i], 0, 0);
    printf("%-6s MaxPotentialBlockSize %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    e = cudaFuncSetSharedMemConfig(fns[i], cudaSharedMemBankSizeFourByte);
    printf("%-6s SetSharedMemConfig %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
  }
  return 0;
}
