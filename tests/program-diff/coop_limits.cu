// Cooperative launch limits: cudaLaunchCooperativeKernel with exactly the co-resident maximum
// (blocks per SM from cudaOccupancyMaxActiveBlocksPerMultiprocessor times the SMs) and one more,
// the same with dynamic shared memory lowering the maximum, 2D and 3D grids, 1024-thread blocks,
// a block larger than the kernel's __launch_bounds__, zero-sized grids and blocks, a null args
// array for a kernel with parameters, a non-default stream; the cooperative attribute through
// cudaLaunchKernelEx with too many blocks and combined with a cluster dimension; each launch's
// error, the synchronize's, and a grid-wide sum computed after grid.sync().
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void coop_sum(int *acc, int *out) {
  extern __shared__ int sm[];
  cg::grid_group g = cg::this_grid();
  if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) atomicAdd(acc, 1);
  g.sync();
  if (g.thread_rank() == 0) *out = *acc;
}
__global__ void __launch_bounds__(256) bounded(int *acc, int *out) {
  cg::grid_group g = cg::this_grid();
  if (threadIdx.x == 0) atomicAdd(acc, 1);
  g.sync();
  if (g.thread_rank() == 0) *out = *acc;
}

static int *acc, *out;
static void launch(const char *label, const void *f, dim3 grid, dim3 block, size_t smem,
                   cudaStream_t s = 0, bool nullArgs = false) {
  cudaMemset(acc, 0, 4);
  cudaMemset(out, 0, 4);
  void *args[] = {&acc, &out};
  cudaError_t e = cudaLaunchCooperativeKernel(f, grid, block, nullArgs ? nullptr : args, smem, s);
  cudaError_t l = cudaGetLastError();
  cudaError_t y = cudaDeviceSynchronize();
  int h = -1;
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("%-44s launch=%s last=%s sync=%s all_blocks_seen=%d\n", label, cudaGetErrorName(e),
         cudaGetErrorName(l), cudaGetErrorName(y), h == (int)(grid.x * grid.y * grid.z));
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaMalloc(&acc, 4);
  cudaMalloc(&out, 4);
  int sms = 0, coop = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
  printf("cooperative launch supported %d\n", coop);
  int per = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, coop_sum, 128, 0);
  int max = per * sms;
  printf("blocks per SM at 128 threads: %d\n", per);
  char l[96];
  launch("max blocks", (void *)coop_sum, dim3(max), dim3(128), 0);
  launch("max+1 blocks", (void *)coop_sum, dim3(max + 1), dim3(128), 0);
  int perS = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perS, coop_sum, 128, 40000);
  printf("blocks per SM at 128 threads, 40000 B smem: %d\n", perS);
  launch("max blocks with 40000 B smem", (void *)coop_sum, dim3(perS * sms), dim3(128), 40000);
  launch("max+1 blocks with 40000 B smem", (void *)coop_sum, dim3(perS * sms + 1), dim3(128), 40000);
  launch("smem 48K+1 without opt-in", (void *)coop_sum, dim3(1), dim3(128), 49153);
  int per1024 = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per1024, coop_sum, 1024, 0);
  printf("blocks per SM at 1024 threads: %d\n", per1024);
  launch("1024 threads, max", (void *)coop_sum, dim3(per1024 * sms), dim3(1024), 0);
  launch("1024 threads, max+1", (void *)coop_sum, dim3(per1024 * sms + 1), dim3(1024), 0);
  launch("2D grid = max", (void *)coop_sum, dim3(sms, per), dim3(128), 0);
  launch("2D grid > max", (void *)coop_sum, dim3(sms, per + 1), dim3(128), 0);
  launch("3D grid 1x1x2, 3D block 4x4x4", (void *)coop_sum, dim3(1, 1, 2), dim3(4, 4, 4), 0);
  launch("bounded(256) with 512 threads", (void *)bounded, dim3(1), dim3(512), 0);
  launch("grid 0", (void *)coop_sum, dim3(0), dim3(128), 0);
  launch("block 0", (void *)coop_sum, dim3(1), dim3(0), 0);
  launch("block 1025", (void *)coop_sum, dim3(1), dim3(1025), 0);
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  launch("non-blocking stream", (void *)coop_sum, dim3(sms), dim3(128), 0, s);
  snprintf(l, sizeof l, "null args");
  launch(l, (void *)coop_sum, dim3(1), dim3(32), 0, 0, true);
  launch("host function pointer", (void *)&main, dim3(1), dim3(32), 0);

  cudaLaunchAttribute at[2] = {};
  at[0].id = cudaLaunchAttributeCooperative;
  at[0].val.cooperative = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.blockDim = dim3(128);
  cfg.attrs = at;
  cfg.numAttrs = 1;
  int *a2 = acc, *o2 = out;
  cfg.gridDim = dim3(max);
  cudaMemset(acc, 0, 4);
  cudaError_t e = cudaLaunchKernelEx(&cfg, coop_sum, a2, o2);
  printf("Ex cooperative max: %s sync %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  cfg.gridDim = dim3(max + 1);
  e = cudaLaunchKernelEx(&cfg, coop_sum, a2, o2);
  printf("Ex cooperative max+1: %s last %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
  at[0].val.cooperative = 1;
  at[1].id = cudaLaunchAttributeClusterDimension;
  at[1].val.clusterDim.x = 2;
  at[1].val.clusterDim.y = 1;
  at[1].val.clusterDim.z = 1;
  cfg.numAttrs = 2;
  cfg.gridDim = dim3(8);
  cudaMemset(acc, 0, 4);
  e = cudaLaunchKernelEx(&cfg, coop_sum, a2, o2);
  cudaError_t y = cudaDeviceSynchronize();
  int h = -1;
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("Ex cooperative + cluster 2: %s sync %s blocks_seen %d\n", cudaGetErrorName(e), cudaGetErrorName(y), h);
  printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
  return 0;
}
