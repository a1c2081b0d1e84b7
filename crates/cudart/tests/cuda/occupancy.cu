// The occupancy calculator (Programming Guide, "Occupancy Calculator"): block size chosen by
// cudaOccupancyMaxPotentialBlockSize, resident blocks consistent with the device properties,
// the dynamic shared memory that still fits, and a launch sized from them.
#include "common.h"

__global__ void square(int* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = a[i] * a[i];
}

__global__ void staged(float* out, int n) {
  extern __shared__ float buf[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[threadIdx.x] = (float)i;
  __syncthreads();
  if (i < n) out[i] = buf[blockDim.x - 1 - threadIdx.x];
}

int main() {
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  int min_grid = 0, block = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, square, 0, 0));
  EXPECT(block > 0 && block <= prop.maxThreadsPerBlock && block % prop.warpSize == 0);
  EXPECT(min_grid > 0);
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, square, block, 0));
  EXPECT(per_sm > 0 && per_sm <= prop.maxBlocksPerMultiProcessor);
  EXPECT(per_sm * block <= prop.maxThreadsPerMultiProcessor);
  EXPECT(min_grid == per_sm * prop.multiProcessorCount);
  double occupancy = (double)(per_sm * block) / prop.maxThreadsPerMultiProcessor;
  EXPECT(occupancy > 0.0 && occupancy <= 1.0);

  // Smaller blocks: more of them, never more threads than the multiprocessor holds.
  for (int bs = 32; bs <= 1024; bs *= 2) {
    int nb = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, square, bs, 0));
    EXPECT(nb >= 1 && nb * bs <= prop.maxThreadsPerMultiProcessor && nb <= prop.maxBlocksPerMultiProcessor);
  }
  // Shared memory limits residency.
  int with_smem = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&with_smem, staged, 128, 40 * 1024));
  EXPECT(with_smem >= 1 && (size_t)with_smem * 40 * 1024 <= prop.sharedMemPerMultiprocessor);
  size_t avail = 0;
  CK(cudaOccupancyAvailableDynamicSMemPerBlock(&avail, staged, 2, 128));
  EXPECT(avail > 0 && 2 * avail <= prop.sharedMemPerMultiprocessor);
  int check = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&check, staged, 128, avail));
  EXPECT(check >= 2);
  EXPECT_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&check, square, 0, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  // The flags are cudaOccupancyDefault or cudaOccupancyDisableCachingOverride (an H200 refuses others).
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&check, square, 128, 0, cudaOccupancyDisableCachingOverride));
  EXPECT_ERR(cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&check, square, 128, 0, 7), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);

  // Variable shared memory per block size.
  int vgrid = 0, vblock = 0;
  CK(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&vgrid, &vblock, staged,
        [](int bs) { return (size_t)bs * sizeof(float); }));
  EXPECT(vblock > 0 && vblock <= 1024);

  // Launch with the suggested configuration.
  const int n = 100000;
  int* a;
  CK(cudaMallocManaged(&a, n * sizeof(int)));
  for (int i = 0; i < n; i++) a[i] = i % 1000;
  int grid = (n + block - 1) / block;
  square<<<grid, block>>>(a, n);
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(a[i] == (i % 1000) * (i % 1000));
  float* out;
  CK(cudaMalloc(&out, n * sizeof(float)));
  staged<<<(n + vblock - 1) / vblock, vblock, vblock * sizeof(float)>>>(out, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  float last;
  CK(cudaMemcpy(&last, out, sizeof last, cudaMemcpyDeviceToHost));
  EXPECT(last == (float)(vblock - 1));
  CK(cudaFree(a)); CK(cudaFree(out));
  printf("PASS\n");
  return 0;
}
