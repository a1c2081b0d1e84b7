// Thread block clusters (sm_90) as the Hopper guide's examples use them: a distributed-shared-
// memory histogram where each block of a cluster owns a slice of the bins and the others add into
// it through cluster.map_shared_rank, with cluster.sync() around it; compile-time
// __cluster_dims__(2,1,1) and a runtime cluster of 4 via cudaLaunchKernelEx; the cluster's
// queries (block_rank, num_blocks, dim_blocks, block_index) and a ring exchange of values
// between neighbouring blocks; checked against the host.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
#define NBINS 512

__global__ void cluster_hist(const int* data, int n, int* bins) {
  extern __shared__ int smem[];
  cg::cluster_group cluster = cg::this_cluster();
  int csize = (int)cluster.num_blocks(), rank = (int)cluster.block_rank();
  int per = NBINS / csize;
  for (int i = threadIdx.x; i < per; i += blockDim.x) smem[i] = 0;
  cluster.sync();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int b = data[i] % NBINS;
    int* dst = cluster.map_shared_rank(smem, b / per);
    atomicAdd(dst + b % per, 1);
  }
  cluster.sync();
  for (int i = threadIdx.x; i < per; i += blockDim.x) atomicAdd(&bins[rank * per + i], smem[i]);
}

__global__ void __cluster_dims__(2, 1, 1) ring(int* out) {
  __shared__ int mine[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned r = cluster.block_rank(), nb = cluster.num_blocks();
  mine[threadIdx.x] = (int)(blockIdx.x * 1000 + threadIdx.x);
  cluster.sync();
  int* next = cluster.map_shared_rank(mine, (r + 1) % nb);
  int v = next[(threadIdx.x + 1) % blockDim.x];
  cluster.sync();  // nobody leaves while a neighbour may still read its shared memory
  out[blockIdx.x * blockDim.x + threadIdx.x] = v;
  if (threadIdx.x == 0) {
    dim3 db = cluster.dim_blocks(), bi = cluster.block_index();
    out[4096 + blockIdx.x * 4 + 0] = (int)nb;
    out[4096 + blockIdx.x * 4 + 1] = (int)(db.x * 100 + db.y * 10 + db.z);
    out[4096 + blockIdx.x * 4 + 2] = (int)(bi.x * 100 + bi.y * 10 + bi.z);
    out[4096 + blockIdx.x * 4 + 3] = (int)cluster.thread_rank() + (int)cluster.num_threads() * 1000;
  }
}

int main() {
  const int n = 200003;
  int* h = new int[n];
  for (int i = 0; i < n; ++i) h[i] = (int)((i * 2654435761u) >> 7);
  int *d, *bins; CK(cudaMalloc(&d, n * 4)); CK(cudaMalloc(&bins, NBINS * 4));
  CK(cudaMemcpy(d, h, n * 4, cudaMemcpyHostToDevice));
  int ref[NBINS] = {}; for (int i = 0; i < n; ++i) ref[h[i] % NBINS]++;
  const int csizes[] = {1, 2, 4, 8};
  for (int cs : csizes) {
    CK(cudaMemset(bins, 0, NBINS * 4));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(cs * 6); cfg.blockDim = dim3(160); cfg.dynamicSmemBytes = NBINS / cs * 4;
    cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = cs; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
    cfg.attrs = at; cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, cluster_hist, (const int*)d, n, bins));
    CK(cudaDeviceSynchronize());
    int got[NBINS]; CK(cudaMemcpy(got, bins, sizeof got, cudaMemcpyDeviceToHost));
    int bad = 0; for (int i = 0; i < NBINS; ++i) bad += got[i] != ref[i];
    printf("cluster size %d: bad bins %d bin0 %d bin511 %d\n", cs, bad, got[0], got[511]);
  }
  int* o; CK(cudaMalloc(&o, 8192 * 4));
  ring<<<6, 64>>>(o);
  CK(cudaDeviceSynchronize());
  int ho[8192]; CK(cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int b = 0; b < 6; ++b) for (int t = 0; t < 64; ++t) { int nb = (b / 2) * 2 + (b % 2 + 1) % 2; bad += ho[b * 64 + t] != nb * 1000 + (t + 1) % 64; }
  printf("ring exchange: bad %d\n", bad);
  for (int b = 0; b < 6; ++b) printf("block %d: num_blocks %d dim_blocks %d block_index %03d thread_rank/num_threads %d\n", b, ho[4096 + b * 4], ho[4096 + b * 4 + 1], ho[4096 + b * 4 + 2], ho[4096 + b * 4 + 3]);
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(7); cfg.blockDim = dim3(64);
  cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = 2; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
  cfg.attrs = at; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, cluster_hist, (const int*)d, n, bins);
  printf("grid 7 with cluster 2: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  at[0].val.clusterDim.x = 16;
  cfg.gridDim = dim3(16);
  e = cudaLaunchKernelEx(&cfg, cluster_hist, (const int*)d, n, bins);
  printf("cluster 16 without the non-portable opt-in: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  return 0;
}
