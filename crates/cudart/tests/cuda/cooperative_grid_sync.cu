// Cooperative launch with grid-wide synchronization (Programming Guide, cooperative groups):
// the grid is sized from the occupancy calculator so every block is resident, phases are
// separated by this_grid().sync(), and an oversized grid is refused.
#include "common.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Phase 1: every thread writes its value; phase 2: each block sums a slice written by other
// blocks; phase 3: block 0 folds the partial sums. Repeated `iters` times.
__global__ void multi_phase(int* data, int* partial, int* out, int n, int iters) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long rank = grid.thread_rank();
  unsigned long long size = grid.size();
  for (int it = 0; it < iters; it++) {
    for (unsigned long long i = rank; i < n; i += size) data[i] = (int)i + it;
    grid.sync();
    // Block b sums the elements written by the *next* block's threads.
    int b = blockIdx.x, nb = gridDim.x;
    if (threadIdx.x == 0) {
      int s = 0;
      for (int i = ((b + 1) % nb); i < n; i += nb) s += data[i];
      partial[b] = s;
    }
    grid.sync();
    if (rank == 0) {
      long long t = 0;
      for (int j = 0; j < nb; j++) t += partial[j];
      out[it] = (int)t;
    }
    grid.sync();
  }
}

__global__ void not_cooperative(int* p) {
  cg::this_grid().sync();  // not a cooperative launch, but its 2 blocks are co-resident
  p[0] = 1;
}

int main() {
  int dev = 0, coop = 0, sms = 0;
  CK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  EXPECT(coop == 1 && sms > 0);
  const int threads = 128;
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, multi_phase, threads, 0));
  EXPECT(per_sm > 0);
  int blocks = per_sm * sms;
  if (blocks > 16) blocks = 16;
  const int n = 3000, iters = 4;
  int *data, *partial, *out;
  CK(cudaMalloc(&data, n * sizeof(int)));
  CK(cudaMalloc(&partial, blocks * sizeof(int)));
  CK(cudaMalloc(&out, iters * sizeof(int)));
  int nn = n, it = iters;
  void* args[] = {&data, &partial, &out, &nn, &it};
  CK(cudaLaunchCooperativeKernel((void*)multi_phase, blocks, threads, args, 0, 0));
  CK(cudaDeviceSynchronize());
  int h[iters];
  CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < iters; i++) {
    long long want = (long long)n * (n - 1) / 2 + (long long)n * i;
    if (h[i] != (int)want) { printf("FAIL iter %d: %d != %lld\n", i, h[i], want); return 1; }
  }

  // The same through cudaLaunchKernelEx with the cooperative attribute.
  CK(cudaMemset(out, 0, iters * sizeof(int)));
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = blocks; cfg.blockDim = threads;
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeCooperative;
  attr[0].val.cooperative = 1;
  cfg.attrs = attr; cfg.numAttrs = 1;
  CK(cudaLaunchKernelEx(&cfg, multi_phase, data, partial, out, n, iters));
  CK(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
  EXPECT(h[iters - 1] == (int)((long long)n * (n - 1) / 2 + (long long)n * (iters - 1)));

  // More blocks than can be resident at once: refused, non-sticky.
  EXPECT_ERR(cudaLaunchCooperativeKernel((void*)multi_phase, per_sm * sms + 1, threads, args, 0, 0),
             cudaErrorCooperativeLaunchTooLarge);
  EXPECT_ERR(cudaGetLastError(), cudaErrorCooperativeLaunchTooLarge);
  EXPECT_ERR(cudaGetLastError(), cudaSuccess);

  // grid.sync() in a plain launch whose blocks are co-resident works, as on an H100.
  CK(cudaMemset(out, 0, sizeof(int)));
  not_cooperative<<<2, 32>>>(out);
  CK(cudaDeviceSynchronize());
  int flag = 0;
  CK(cudaMemcpy(&flag, out, sizeof flag, cudaMemcpyDeviceToHost));
  EXPECT(flag == 1);
  printf("PASS\n");
  return 0;
}
