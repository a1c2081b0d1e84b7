// Occupancy calculator: cudaOccupancyMaxActiveBlocksPerMultiprocessor (the guide's example),
// with dynamic shared memory, cudaOccupancyMaxPotentialBlockSize, and the limits it must respect.
#include "guide.h"
__global__ void MyKernel(int* d, int* a, int* b) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  d[idx] = a[idx] * b[idx];
}
__global__ void SharedKernel(float* out) {
  extern __shared__ float buf[];
  buf[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}
int main() {
  int device; cudaDeviceProp prop;
  CK(cudaGetDevice(&device));
  CK(cudaGetDeviceProperties(&prop, device));
  int numBlocks = 0, blockSize = 32;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, MyKernel, blockSize, 0));
  int activeWarps = numBlocks * blockSize / prop.warpSize;
  int maxWarps = prop.maxThreadsPerMultiProcessor / prop.warpSize;
  check(numBlocks >= 1 && activeWarps <= maxWarps && numBlocks <= prop.maxBlocksPerMultiProcessor,
        "active blocks of 32 threads within the SM's warp and block limits");
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, MyKernel, 1024, 0));
  check(numBlocks >= 1 && numBlocks * 1024 <= prop.maxThreadsPerMultiProcessor, "blocks of 1024 threads");
  size_t smem = prop.sharedMemPerMultiprocessor / 2 + 1;  // more than half: at most one block fits
  if (smem <= prop.sharedMemPerBlockOptin) {
    CK(cudaFuncSetAttribute(SharedKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)smem));
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, SharedKernel, 64, smem));
    check(numBlocks == 1, "a block using over half the SM's shared memory: one block per SM");
  }
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocks, SharedKernel, 64, 1024));
  check(numBlocks >= 2, "small shared memory: several blocks per SM");
  int minGridSize = 0, bestBlock = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &bestBlock, MyKernel, 0, 0));
  check(bestBlock > 0 && bestBlock <= prop.maxThreadsPerBlock && bestBlock % prop.warpSize == 0 &&
            minGridSize >= prop.multiProcessorCount,
        "cudaOccupancyMaxPotentialBlockSize gives a warp multiple and a grid covering the SMs");
  // Launch with the suggested configuration and check the result.
  int n = minGridSize * bestBlock;
  int *d, *a, *b;
  CK(cudaMalloc(&d, n * sizeof(int))); CK(cudaMalloc(&a, n * sizeof(int))); CK(cudaMalloc(&b, n * sizeof(int)));
  int* h = new int[n];
  for (int i = 0; i < n; i++) h[i] = i % 1000;
  CK(cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(b, h, n * sizeof(int), cudaMemcpyHostToDevice));
  MyKernel<<<minGridSize, bestBlock>>>(d, a, b);
  int* r = new int[n];
  CK(cudaMemcpy(r, d, n * sizeof(int), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= r[i] == h[i] * h[i];
  check(ok, "kernel launched with the suggested configuration");
  int maxBlock = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&minGridSize, &maxBlock, MyKernel, 0, 128));
  check(maxBlock > 0 && maxBlock <= 128, "blockSizeLimit caps the block size");
  size_t dynSmem = 0;
  CK(cudaOccupancyAvailableDynamicSMemPerBlock(&dynSmem, SharedKernel, 1, 64));
  check(dynSmem > 0 && dynSmem <= prop.sharedMemPerBlockOptin, "cudaOccupancyAvailableDynamicSMemPerBlock");
  return finish();
}
