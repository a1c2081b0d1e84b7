// Grid synchronization: a kernel launched with cudaLaunchCooperativeKernel uses
// this_grid().sync() between phases (the guide's example pattern), sized with the occupancy
// calculator so all blocks are co-resident; grid.size/thread_rank/block_rank; and a launch larger
// than the device can hold fails with cudaErrorCooperativeLaunchTooLarge.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void phases(int* data, int* partial, long long* result, int n) {
  cg::grid_group grid = cg::this_grid();
  // Phase 1: every element doubled.
  for (int i = grid.thread_rank(); i < n; i += grid.size()) data[i] *= 2;
  grid.sync();
  // Phase 2: each element adds its right neighbour's doubled value (needs all of phase 1).
  int mine = 0;
  for (int i = grid.thread_rank(); i < n; i += grid.size()) mine += data[i] + data[(i + 1) % n];
  atomicAdd(&partial[grid.block_rank()], mine);
  grid.sync();
  // Phase 3: one thread sums the per-block partials.
  if (grid.thread_rank() == 0) {
    long long s = 0;
    for (unsigned b = 0; b < grid.num_blocks(); b++) s += partial[b];
    *result = s;
  }
}
int main() {
  int dev = 0, supports = 0;
  CK(cudaDeviceGetAttribute(&supports, cudaDevAttrCooperativeLaunch, dev));
  check(supports == 1, "cudaDevAttrCooperativeLaunch");
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, dev));
  int numBlocksPerSm = 0, numThreads = 128;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&numBlocksPerSm, phases, numThreads, 0));
  int blocks = prop.multiProcessorCount * numBlocksPerSm;
  if (blocks > 64) blocks = 64;
  const int n = 10000;
  int* h = new int[n];
  long long want = 0;
  for (int i = 0; i < n; i++) h[i] = i % 50;
  for (int i = 0; i < n; i++) want += 2 * h[i] + 2 * h[(i + 1) % n];
  int *data, *partial; long long* result;
  CK(cudaMalloc(&data, n * 4)); CK(cudaMalloc(&partial, blocks * 4)); CK(cudaMalloc(&result, 8));
  CK(cudaMemcpy(data, h, n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(partial, 0, blocks * 4));
  int nn = n;
  void* args[] = {&data, &partial, &result, &nn};
  CK(cudaLaunchCooperativeKernel((void*)phases, blocks, numThreads, args, 0, 0));
  long long r = 0;
  CK(cudaMemcpy(&r, result, 8, cudaMemcpyDeviceToHost));
  check(r == want, "three phases separated by grid.sync()");
  int tooMany = prop.multiProcessorCount * numBlocksPerSm + 1;
  cudaError_t e = cudaLaunchCooperativeKernel((void*)phases, tooMany * 2, numThreads, args, 0, 0);
  check(e == cudaErrorCooperativeLaunchTooLarge, "a grid beyond co-residency: cudaErrorCooperativeLaunchTooLarge");
  check(cudaGetLastError() == cudaErrorCooperativeLaunchTooLarge && cudaGetLastError() == cudaSuccess, "the error is not sticky");
  return finish();
}
