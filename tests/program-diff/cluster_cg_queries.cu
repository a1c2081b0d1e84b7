// Thread-block clusters: __cluster_dims__ and cudaLaunchKernelEx cluster shapes (1D/2D/3D), the
// cluster group's queries, map_shared_rank reads and writes of other blocks' shared memory, split
// barrier_arrive/barrier_wait, cluster occupancy queries and invalid cluster shapes.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 2, 1) fixed(int *out) {
  __shared__ int sm[64];
  cg::cluster_group cl = cg::this_cluster();
  unsigned r = cl.block_rank();
  sm[threadIdx.x] = r * 1000 + threadIdx.x;
  cl.sync();
  int *peer = cl.map_shared_rank(sm, (r + 1) % cl.num_blocks());
  int v = peer[63 - threadIdx.x];
  cl.sync();
  peer[threadIdx.x] += 1;  // each block's memory gets +1 from exactly one other block
  cl.sync();
  int b = blockIdx.x + gridDim.x * blockIdx.y;
  out[b * 64 + threadIdx.x] = v * 10 + sm[threadIdx.x] % 10;
  if (threadIdx.x == 0) {
    dim3 bi = cl.block_index(), di = cl.dim_blocks();
    out[1024 + b * 8 + 0] = r; out[1024 + b * 8 + 1] = cl.num_blocks(); out[1024 + b * 8 + 2] = cl.num_threads();
    out[1024 + b * 8 + 3] = bi.x | bi.y << 8 | bi.z << 16; out[1024 + b * 8 + 4] = di.x | di.y << 8 | di.z << 16;
    out[1024 + b * 8 + 5] = cl.thread_rank(); out[1024 + b * 8 + 6] = cl.query_shared_rank(peer);
    out[1024 + b * 8 + 7] = cl.dim_threads().x;
  }
}
__global__ void dynamic(int *out) {
  extern __shared__ int dsm[];
  cg::cluster_group cl = cg::this_cluster();
  unsigned r = cl.block_rank(), n = cl.num_blocks();
  dsm[threadIdx.x] = (int)(r + 1) * (threadIdx.x + 1);
  auto tok = cl.barrier_arrive();
  int local = threadIdx.x * 2;  // work between arrive and wait
  cl.barrier_wait(std::move(tok));
  int s = 0;
  for (unsigned k = 0; k < n; k++) s += cl.map_shared_rank(dsm, k)[(threadIdx.x + k) % blockDim.x];
  cl.sync();
  int b = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  cg::grid_group g = cg::this_grid();
  dim3 ti = cl.thread_index(), dt = cl.dim_threads(), dc = g.dim_clusters(), ci = g.cluster_index();
  out[b * blockDim.x + threadIdx.x] = s + local + (int)(ti.x * 3 + ti.y * 5 + ti.z * 7 + dt.x * dt.y * dt.z * 11) +
      (int)(g.cluster_rank() * 13 + g.num_clusters() * 17 + (dc.x + dc.y * 2 + dc.z * 4) * 19 + (ci.x + ci.y * 3 + ci.z * 5) * 23) +
      (int)(cg::cluster_group::block_rank() * 29 + cl.thread_rank() * 31);
}
int main() {
  int *out; cudaMallocManaged(&out, 8192 * 4);
  fixed<<<dim3(4, 2), 64>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("fixed: %s\n", cudaGetErrorString(e));
  for (int b = 0; b < 8; b++) {
    printf(" b%d:", b);
    for (int i = 0; i < 64; i += 9) printf(" %d", out[b * 64 + i]);
    printf(" |");
    for (int k = 0; k < 8; k++) printf(" %x", out[1024 + b * 8 + k]);
    printf("\n");
  }
  const dim3 shapes[][2] = {{dim3(8), dim3(4)}, {dim3(4, 4), dim3(2, 2)}, {dim3(2, 2, 4), dim3(1, 2, 2)}, {dim3(16), dim3(8)},
                            {dim3(16), dim3(16)}, {dim3(6), dim3(4)}, {dim3(6), dim3(3)}};
  for (auto &s : shapes) {
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = s[0]; cfg.blockDim = dim3(32); cfg.dynamicSmemBytes = 32 * 4;
    cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = s[1].x; at[0].val.clusterDim.y = s[1].y; at[0].val.clusterDim.z = s[1].z;
    cfg.attrs = at; cfg.numAttrs = 1;
    if (s[1].x == 16) cudaFuncSetAttribute(dynamic, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    int nc = -1;
    cudaError_t oe = cudaOccupancyMaxActiveClusters(&nc, dynamic, &cfg);
    int mcs = -1;
    cudaError_t me = cudaOccupancyMaxPotentialClusterSize(&mcs, dynamic, &cfg);
    e = cudaLaunchKernelEx(&cfg, dynamic, out);
    cudaError_t se = cudaDeviceSynchronize();
    printf("grid %d,%d,%d cluster %d,%d,%d: launch %s sync %s occ %s %s maxsize %s %d\n", s[0].x, s[0].y, s[0].z, s[1].x, s[1].y, s[1].z,
           cudaGetErrorName(e), cudaGetErrorName(se), cudaGetErrorName(oe), nc > 0 ? "positive" : "none", cudaGetErrorName(me), mcs);
    if (!e && !se) {
      int nb = s[0].x * s[0].y * s[0].z;
      unsigned h = 2166136261u;
      for (int i = 0; i < nb * 32; i++) h = (h ^ out[i]) * 16777619u;
      printf("  %08x %d %d %d\n", h, out[0], out[33], out[nb * 32 - 1]);
    }
    cudaGetLastError();
  }
  return 0;
}
