// Which failing calls set the error cudaGetLastError reports (output in probe_last_error.txt).
#include <cstdio>
__global__ void k(float* p) { if (p) p[0] = 1; }
#define SHOW(label, call) do { cudaError_t r_ = (call); cudaError_t p_ = cudaPeekAtLastError(); cudaError_t g_ = cudaGetLastError(); \
  printf("%-44s returns %3d peek %3d last %3d then %d\n", label, (int)r_, (int)p_, (int)g_, (int)cudaGetLastError()); } while (0)
int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  cudaFree(0);
  k<<<1, 2048>>>(nullptr); { cudaError_t g = cudaGetLastError(); printf("%-44s last %3d then %d\n", "<<<1,2048>>>", (int)g, (int)cudaGetLastError()); }
  k<<<0, 32>>>(nullptr); { cudaError_t g = cudaGetLastError(); printf("%-44s last %3d\n", "<<<0,32>>>", (int)g); }
  k<<<1, 32, 1 << 20>>>(nullptr); { cudaError_t g = cudaGetLastError(); printf("%-44s last %3d\n", "<<<1,32,1MiB>>>", (int)g); }
  void* args[] = {nullptr}; float* np = nullptr; args[0] = &np;
  SHOW("cudaLaunchKernel block 2048", cudaLaunchKernel((void*)k, 1, 2048, args, 0, 0));
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = 1; cfg.blockDim = 2048;
  SHOW("cudaLaunchKernelEx block 2048", cudaLaunchKernelEx(&cfg, k, np));
  cfg.blockDim = 32; cfg.dynamicSmemBytes = 1 << 20;
  SHOW("cudaLaunchKernelEx smem 1MiB", cudaLaunchKernelEx(&cfg, k, np));
  void* p; SHOW("cudaMalloc huge", cudaMalloc(&p, (size_t)1 << 60));
  SHOW("cudaSetDevice(7)", cudaSetDevice(7));
  SHOW("cudaMemcpy null", cudaMemcpy(nullptr, &p, 8, cudaMemcpyHostToDevice));
  SHOW("cudaFuncSetAttribute non-kernel", cudaFuncSetAttribute((void*)&printf, cudaFuncAttributeMaxDynamicSharedMemorySize, 1));
  SHOW("cudaEventQuery unrecorded", [] { cudaEvent_t e; cudaEventCreate(&e); return cudaEventQuery(e); }());
  { cudaMalloc(&p, (size_t)1 << 60); cudaMalloc(&p, 16); cudaError_t g = cudaGetLastError(); printf("%-44s last %3d\n", "failed malloc then good malloc", (int)g); }
  { cudaSetDevice(7); k<<<1, 2048>>>(nullptr); cudaError_t g = cudaGetLastError(); printf("%-44s last %3d\n", "bad setdevice then bad launch", (int)g); }
  cudaStream_t s; cudaStreamCreate(&s);
  cfg.stream = s; cfg.dynamicSmemBytes = 1 << 20;
  { cudaLaunchKernelEx(&cfg, k, np); cudaFuncSetAttribute((void*)k, cudaFuncAttributeMaxDynamicSharedMemorySize, 1024); printf("%-44s last %3d\n", "bad launchEx, good FuncSetAttribute", (int)cudaGetLastError()); }
  { cudaLaunchKernelEx(&cfg, k, np); cfg.dynamicSmemBytes = 0; cudaLaunchKernelEx(&cfg, k, np); printf("%-44s last %3d\n", "bad launchEx, good launchEx", (int)cudaGetLastError()); cfg.dynamicSmemBytes = 1 << 20; }
  { cudaLaunchKernelEx(&cfg, k, np); cudaStreamSynchronize(s); printf("%-44s last %3d\n", "bad launchEx, stream sync", (int)cudaGetLastError()); }
  { cudaLaunchKernelEx(&cfg, k, np); cudaDeviceSynchronize(); printf("%-44s last %3d\n", "bad launchEx, device sync", (int)cudaGetLastError()); }
  { k<<<1, 2048>>>(nullptr); k<<<1, 32>>>(nullptr); printf("%-44s last %3d\n", "bad <<<>>>, good <<<>>>", (int)cudaGetLastError()); }
  { cudaMalloc(&p, (size_t)1 << 60); cudaDeviceSynchronize(); printf("%-44s last %3d\n", "failed malloc, device sync", (int)cudaGetLastError()); }
  return 0;
}
