// Thread block clusters (compute capability 9.0; the guide's cluster section): a kernel launched with
// cudaLaunchKernelEx and the cluster-dimension attribute; cooperative_groups::this_cluster()
// (num_blocks, block_rank, sync) and distributed shared memory through map_shared_rank, as in the
// guide's cluster histogram example; cudaOccupancyMaxPotentialClusterSize.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void cluster_hist(int* bins, int nbins, const int* input, size_t array_size) {
  extern __shared__ int smem[];
  namespace cg = cooperative_groups;
  int tid = cg::this_grid().thread_rank();
  cg::cluster_group cluster = cg::this_cluster();
  unsigned int clusterBlockRank = cluster.block_rank();
  int cluster_size = cluster.dim_blocks().x;
  int bins_per_block = nbins / cluster_size;
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) smem[i] = 0;
  cluster.sync();
  for (int i = tid; i < (int)array_size; i += blockDim.x * gridDim.x) {
    int ldata = input[i];
    int binid = ldata < 0 ? 0 : ldata >= nbins ? nbins - 1 : ldata;
    int dst_block_rank = binid / bins_per_block;
    int dst_offset = binid % bins_per_block;
    int* dst_smem = cluster.map_shared_rank(smem, dst_block_rank);
    atomicAdd(dst_smem + dst_offset, 1);
  }
  cluster.sync();
  int* lbins = bins + (blockIdx.x / cluster_size) * nbins + clusterBlockRank * bins_per_block;
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) lbins[i] = smem[i];
}
__global__ void ranks(int* out) {
  cg::cluster_group c = cg::this_cluster();
  if (threadIdx.x == 0) out[blockIdx.x] = c.block_rank() * 100 + c.num_blocks();
}
int main() {
  int major = 0;
  CK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, 0));
  if (major < 9) { check(true, "clusters need compute capability 9.0 (skipped on this device)"); return finish(); }
  const int clusterSize = 2, nbins = 64, blocks = 8, threads = 128, n = 20000;
  int* h = new int[n];
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 70 - 3;
  int *in, *bins;
  CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&bins, (blocks / clusterSize) * nbins * 4));
  CK(cudaMemcpy(in, h, n * 4, cudaMemcpyHostToDevice));
  cudaLaunchConfig_t config = {};
  config.gridDim = blocks; config.blockDim = threads;
  config.dynamicSmemBytes = nbins / clusterSize * sizeof(int);
  cudaLaunchAttribute attribute[1];
  attribute[0].id = cudaLaunchAttributeClusterDimension;
  attribute[0].val.clusterDim.x = clusterSize; attribute[0].val.clusterDim.y = 1; attribute[0].val.clusterDim.z = 1;
  config.attrs = attribute; config.numAttrs = 1;
  int maxCluster = 0;
  CK(cudaOccupancyMaxPotentialClusterSize(&maxCluster, (void*)cluster_hist, &config));
  check(maxCluster >= clusterSize, "cudaOccupancyMaxPotentialClusterSize allows clusters of 2");
  size_t array_size = n;
  int nb = nbins;
  CK(cudaLaunchKernelEx(&config, cluster_hist, bins, nb, (const int*)in, array_size));
  int* hb = new int[(blocks / clusterSize) * nbins];
  CK(cudaMemcpy(hb, bins, (blocks / clusterSize) * nbins * 4, cudaMemcpyDeviceToHost));
  // Every cluster's histogram covers the elements its threads visited; their sum is the whole input.
  int want[nbins] = {};
  for (int i = 0; i < n; i++) { int b = h[i] < 0 ? 0 : h[i] >= nbins ? nbins - 1 : h[i]; want[b]++; }
  bool ok = true;
  for (int b = 0; b < nbins; b++) {
    int s = 0;
    for (int c = 0; c < blocks / clusterSize; c++) s += hb[c * nbins + b];
    ok &= s == want[b];
  }
  check(ok, "the guide's distributed-shared-memory histogram over clusters of 2");
  int* dr;
  CK(cudaMalloc(&dr, blocks * 4));
  config.dynamicSmemBytes = 0;
  CK(cudaLaunchKernelEx(&config, ranks, dr));
  int hr[blocks];
  CK(cudaMemcpy(hr, dr, sizeof(hr), cudaMemcpyDeviceToHost));
  ok = true;
  for (int b = 0; b < blocks; b++) ok &= hr[b] == (b % clusterSize) * 100 + clusterSize;
  check(ok, "cluster block_rank and num_blocks");
  return finish();
}
