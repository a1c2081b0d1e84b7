// The errors of the function-handle APIs given a host function or a null pointer instead of a
// kernel, each followed by cudaGetLastError (whether the error was recorded).
#include <cstdio>
__global__ void kern(int* p) { if (p) *p = 1; }
void host_fn() {}
int main() {
  cudaFree(0);
  const void* fns[3] = {(const void*)kern, (const void*)host_fn, nullptr};
  const char* names[3] = {"kernel", "host", "null"};
  for (int i = 0; i < 3; i++) {
    const void* f = fns[i];
    cudaFuncAttributes a;
    cudaError_t e = cudaFuncGetAttributes(&a, f);
    printf("%-6s GetAttributes %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    e = cudaFuncSetCacheConfig(f, cudaFuncCachePreferL1);
    printf("%-6s SetCacheConfig %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    e = cudaFuncSetAttribute(f, cudaFuncAttributePreferredSharedMemoryCarveout, 50);
    printf("%-6s SetAttribute %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    int nb = -1;
    e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, f, 128, 0);
    printf("%-6s OccupancyMaxActiveBlocks %s %d last %s\n", names[i], cudaGetErrorName(e), i == 0 ? nb : -1, cudaGetErrorName(cudaGetLastError()));
    size_t dyn = 0;
    e = cudaOccupancyAvailableDynamicSMemPerBlock(&dyn, f, 1, 128);
    printf("%-6s AvailableDynamicSMem %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    const char* nm = nullptr;
    e = cudaFuncGetName(&nm, f);
    printf("%-6s GetName %s %s last %s\n", names[i], cudaGetErrorName(e), e == cudaSuccess ? nm : "-", cudaGetErrorName(cudaGetLastError()));
    size_t off = 0, sz = 0;
    e = cudaFuncGetParamInfo(f, 0, &off, &sz);
    printf("%-6s GetParamInfo %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    cudaKernel_t k = nullptr;
    e = cudaGetKernel(&k, f);
    printf("%-6s GetKernel %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
    void* args[] = {&nb};
    int* np = nullptr;
    args[0] = &np;
    e = cudaLaunchKernel(f, dim3(1), dim3(1), args, 0, 0);
    printf("%-6s LaunchKernel %s last %s\n", names[i], cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
  }
  printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
