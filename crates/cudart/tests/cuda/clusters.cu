// Thread block clusters (compute capability 9.0): the Programming Guide's distributed shared
// memory histogram, a kernel with __cluster_dims__, cudaLaunchKernelEx with a cluster
// dimension attribute, cluster rank queries, and CUDA's errors for bad cluster launches.
#include "common.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Distributed shared memory histogram (CUDA Programming Guide, "Distributed Shared Memory").
__global__ void clusterHist_kernel(int *bins, const int nbins, const int bins_per_block, const int *__restrict__ input,
                                   size_t array_size) {
  extern __shared__ int smem[];
  namespace cg = cooperative_groups;
  int tid = cg::this_grid().thread_rank();
  cg::cluster_group cluster = cg::this_cluster();
  unsigned int clusterBlockRank = cluster.block_rank();
  int cluster_size = cluster.dim_blocks().x;
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) smem[i] = 0;
  cluster.sync();
  for (int i = tid; i < array_size; i += blockDim.x * gridDim.x) {
    int ldata = input[i];
    int binid = ldata;
    if (ldata < 0) binid = 0;
    else if (ldata >= nbins) binid = nbins - 1;
    int dst_block_rank = (int)(binid / bins_per_block);
    int dst_offset = binid % bins_per_block;
    int *dst_smem = cluster.map_shared_rank(smem, dst_block_rank);
    atomicAdd(dst_smem + dst_offset, 1);
  }
  cluster.sync();
  int *lbins = bins + cluster.block_rank() * bins_per_block;
  for (int i = threadIdx.x; i < bins_per_block; i += blockDim.x) atomicAdd(&lbins[i], smem[i]);
}

struct Info {
  unsigned rank, nblocks, dimx, dimy, idxx, idxy, neighbour, explicit_dims;
};

// Each block publishes its rank in shared memory; after cluster.sync() every thread reads
// the next block's value through distributed shared memory.
__device__ void record(Info *out) {
  __shared__ unsigned mine;
  cg::cluster_group cluster = cg::this_cluster();
  if (threadIdx.x == 0) mine = cluster.block_rank() * 100 + 7;
  cluster.sync();
  unsigned n = cluster.num_blocks();
  unsigned *peer = cluster.map_shared_rank(&mine, (cluster.block_rank() + 1) % n);
  unsigned v = *peer;
  cluster.sync();  // keep the peer's shared memory alive until everyone read it
  unsigned b = blockIdx.x + blockIdx.y * gridDim.x;
  if (threadIdx.x == 0) {
    dim3 d = cluster.dim_blocks(), i = cluster.block_index();
    out[b] = Info{cluster.block_rank(), n, d.x, d.y, i.x, i.y, v, 0};
  } else if (v != ((cluster.block_rank() + 1) % n) * 100 + 7) {
    out[b].explicit_dims = 999;  // a thread saw the wrong value
  }
}

__global__ void __cluster_dims__(2, 1, 1) fixed_pairs(Info *out) { record(out); }
__global__ void runtime_clusters(Info *out) { record(out); }

static void check_infos(const Info *h, unsigned gx, unsigned gy, unsigned cx, unsigned cy) {
  for (unsigned by = 0; by < gy; by++)
    for (unsigned bx = 0; bx < gx; bx++) {
      const Info &x = h[bx + by * gx];
      unsigned ix = bx % cx, iy = by % cy, rank = ix + iy * cx, n = cx * cy;
      EXPECT(x.rank == rank);
      EXPECT(x.nblocks == n);
      EXPECT(x.dimx == cx && x.dimy == cy);
      EXPECT(x.idxx == ix && x.idxy == iy);
      EXPECT(x.neighbour == ((rank + 1) % n) * 100 + 7);
      EXPECT(x.explicit_dims == 0);
    }
}

int main() {
  int v = 0;
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrClusterLaunch, 0));
  EXPECT(v == 1);

  // Histogram with clusters of 2 blocks.
  {
    const int nbins = 64, cluster_size = 2, threads = 128, blocks = 8;
    const int bins_per_block = nbins / cluster_size;
    const size_t n = 10000;
    int *h_in = (int *)malloc(n * sizeof(int));
    int expect[nbins] = {0};
    for (size_t i = 0; i < n; i++) {
      h_in[i] = (int)((i * 7919u + 13u) % (nbins + 10)) - 5;
      int b = h_in[i] < 0 ? 0 : (h_in[i] >= nbins ? nbins - 1 : h_in[i]);
      expect[b]++;
    }
    int *d_in, *d_bins;
    CK(cudaMalloc(&d_in, n * sizeof(int)));
    CK(cudaMalloc(&d_bins, nbins * sizeof(int)));
    CK(cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice));
    CK(cudaMemset(d_bins, 0, nbins * sizeof(int)));
    cudaLaunchConfig_t config = {0};
    config.gridDim = blocks;
    config.blockDim = threads;
    config.dynamicSmemBytes = bins_per_block * sizeof(int);
    CK(cudaFuncSetAttribute((void *)clusterHist_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                            config.dynamicSmemBytes));
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;
    attribute[0].val.clusterDim.x = cluster_size;
    attribute[0].val.clusterDim.y = 1;
    attribute[0].val.clusterDim.z = 1;
    config.numAttrs = 1;
    config.attrs = attribute;
    int nclusters = 0;
    CK(cudaOccupancyMaxActiveClusters(&nclusters, (void *)clusterHist_kernel, &config));
    EXPECT(nclusters >= 1);
    CK(cudaLaunchKernelEx(&config, clusterHist_kernel, d_bins, nbins, bins_per_block, (const int *)d_in, n));
    CK(cudaDeviceSynchronize());
    int got[nbins];
    CK(cudaMemcpy(got, d_bins, sizeof(got), cudaMemcpyDeviceToHost));
    // The grid-stride loop splits the input over all clusters; each cluster adds its
    // partial histogram (spread over its blocks' shared memory) to the global one.
    for (int i = 0; i < nbins; i++) EXPECT(got[i] == expect[i]);
    CK(cudaFree(d_in));
    CK(cudaFree(d_bins));
    free(h_in);
  }

  Info *d_info, h_info[64];
  CK(cudaMalloc(&d_info, sizeof(h_info)));

  // __cluster_dims__(2,1,1), launched with the triple-chevron syntax.
  {
    cudaFuncAttributes fa;
    CK(cudaFuncGetAttributes(&fa, fixed_pairs));
    EXPECT(fa.requiredClusterWidth == 2 && fa.requiredClusterHeight == 1 && fa.requiredClusterDepth == 1);
    CK(cudaMemset(d_info, 0, sizeof(h_info)));
    fixed_pairs<<<dim3(8, 2), 64>>>(d_info);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h_info, d_info, sizeof(h_info), cudaMemcpyDeviceToHost));
    check_infos(h_info, 8, 2, 2, 1);
    // A grid that is not a multiple of the compile-time cluster width.
    fixed_pairs<<<3, 64>>>(d_info);
    EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidClusterSize);
  }

  // cudaLaunchKernelEx with clusters of 4 (2 x 2 blocks), and of 4 x 1.
  {
    unsigned shapes[2][2] = {{2, 2}, {4, 1}};
    for (auto &s : shapes) {
      cudaLaunchConfig_t c = {0};
      c.gridDim = dim3(8, 4);
      c.blockDim = 96;
      cudaLaunchAttribute a[1];
      a[0].id = cudaLaunchAttributeClusterDimension;
      a[0].val.clusterDim.x = s[0];
      a[0].val.clusterDim.y = s[1];
      a[0].val.clusterDim.z = 1;
      c.numAttrs = 1;
      c.attrs = a;
      CK(cudaMemset(d_info, 0, sizeof(h_info)));
      CK(cudaLaunchKernelEx(&c, runtime_clusters, d_info));
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(h_info, d_info, sizeof(h_info), cudaMemcpyDeviceToHost));
      check_infos(h_info, 8, 4, s[0], s[1]);
    }
  }

  // Without a cluster attribute, every block is a cluster of one.
  {
    CK(cudaMemset(d_info, 0, sizeof(h_info)));
    runtime_clusters<<<4, 32>>>(d_info);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h_info, d_info, sizeof(h_info), cudaMemcpyDeviceToHost));
    check_infos(h_info, 4, 1, 1, 1);
  }

  // Invalid cluster configurations.
  {
    cudaLaunchConfig_t c = {0};
    c.gridDim = 6;
    c.blockDim = 32;
    cudaLaunchAttribute a[1];
    a[0].id = cudaLaunchAttributeClusterDimension;
    a[0].val.clusterDim.x = 4;  // 6 blocks are not a multiple of 4
    a[0].val.clusterDim.y = 1;
    a[0].val.clusterDim.z = 1;
    c.numAttrs = 1;
    c.attrs = a;
    EXPECT_ERR(cudaLaunchKernelEx(&c, runtime_clusters, d_info), cudaErrorInvalidClusterSize);
    cudaGetLastError();
    // 16 blocks per cluster exceed the portable limit of 8 ...
    c.gridDim = 32;
    a[0].val.clusterDim.x = 16;
    EXPECT_ERR(cudaLaunchKernelEx(&c, runtime_clusters, d_info), cudaErrorInvalidClusterSize);
    cudaGetLastError();
    // ... unless the kernel allows non-portable cluster sizes.
    CK(cudaFuncSetAttribute((void *)runtime_clusters, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    CK(cudaMemset(d_info, 0, sizeof(h_info)));
    c.gridDim = 32;
    CK(cudaLaunchKernelEx(&c, runtime_clusters, d_info));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h_info, d_info, sizeof(h_info), cudaMemcpyDeviceToHost));
    check_infos(h_info, 32, 1, 16, 1);
    // 32 blocks per cluster are too many even then.
    a[0].val.clusterDim.x = 32;
    EXPECT_ERR(cudaLaunchKernelEx(&c, runtime_clusters, d_info), cudaErrorInvalidClusterSize);
    cudaGetLastError();
  }
  CK(cudaFree(d_info));
  printf("PASS\n");
  return 0;
}
