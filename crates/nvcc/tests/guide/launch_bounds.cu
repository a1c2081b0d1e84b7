// Launch bounds: __launch_bounds__(maxThreadsPerBlock, minBlocksPerMultiprocessor) limits the block
// size the kernel accepts (cudaFuncGetAttributes reports it; a bigger launch fails), and
// __maxnreg__-free kernels still compute correctly. Also a kernel with only the first parameter.
#include "guide.h"
#define MAX_THREADS_PER_BLOCK 256
#define MIN_BLOCKS_PER_MP 2
__global__ void __launch_bounds__(MAX_THREADS_PER_BLOCK, MIN_BLOCKS_PER_MP) MyKernel(float* p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i] = sqrtf((float)i) + 1.f;
}
__global__ void __launch_bounds__(64) Small(int* p) { p[threadIdx.x] = blockDim.x; }
__global__ void Plain(int* p) { p[threadIdx.x] = 1; }
int main() {
  cudaFuncAttributes a;
  CK(cudaFuncGetAttributes(&a, MyKernel));
  check(a.maxThreadsPerBlock == MAX_THREADS_PER_BLOCK, "cudaFuncGetAttributes maxThreadsPerBlock is the launch bound (256)");
  CK(cudaFuncGetAttributes(&a, Small));
  check(a.maxThreadsPerBlock == 64, "__launch_bounds__(64)");
  CK(cudaFuncGetAttributes(&a, Plain));
  check(a.maxThreadsPerBlock == 1024, "no launch bounds: 1024");
  float* d;
  CK(cudaMalloc(&d, 1024 * sizeof(float)));
  MyKernel<<<4, 256>>>(d);
  CK(cudaGetLastError());
  float h[1024];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 1024; i++) ok &= h[i] == sqrtf((float)i) + 1.f;
  check(ok, "launch within the bound");
  MyKernel<<<1, 512>>>(d);
  cudaError_t e = cudaGetLastError();
  check(e != cudaSuccess, "a block larger than __launch_bounds__ fails to launch");
  int* di;
  CK(cudaMalloc(&di, 128 * 4));
  Small<<<1, 128>>>(di);
  check(cudaGetLastError() != cudaSuccess, "Small with 128 threads fails");
  Small<<<1, 64>>>(di);
  CK(cudaGetLastError());
  int hi[64];
  CK(cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 64; i++) ok &= hi[i] == 64;
  check(ok, "Small with 64 threads works after the failed launch");
  int blocks = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, MyKernel, 256, 0));
  check(blocks >= MIN_BLOCKS_PER_MP, "occupancy honours minBlocksPerMultiprocessor");
  return finish();
}
