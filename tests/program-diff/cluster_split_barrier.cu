// Cluster queries and the split cluster barrier: cluster_group::barrier_arrive()/barrier_wait(),
// thread_rank/num_threads/dim_threads/block_index/block_rank, query_shared_rank of a mapped
// pointer, is_valid, dim_clusters via this_grid; a 3-D cluster (2,2,2) over a 4x4x2 grid.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void __cluster_dims__(2, 2, 2) k(int* o) {
  __shared__ int v[32];
  auto cl = cg::this_cluster();
  int b = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  v[threadIdx.x] = b * 100 + threadIdx.x;
  auto tok = cl.barrier_arrive();
  int local = threadIdx.x * 2;   // work between arrive and wait
  cl.barrier_wait(std::move(tok));
  unsigned r = cl.block_rank();
  int* peer = cl.map_shared_rank(v, (r + 3) % cl.num_blocks());
  int x = peer[(threadIdx.x + 5) % 32] + local;
  unsigned owner = cl.query_shared_rank(peer);
  cl.sync();
  dim3 bi = cl.block_index(), dt = cl.dim_threads();
  o[b * 32 + threadIdx.x] = x;
  if (threadIdx.x == 7) {
    o[1024 + b * 4 + 0] = (int)cl.thread_rank();
    o[1024 + b * 4 + 1] = (int)cl.num_threads() + 1000 * (int)r + 100000 * (int)owner;
    o[1024 + b * 4 + 2] = bi.x + 10 * bi.y + 100 * bi.z + 1000 * (dt.x + 10 * dt.y + 100 * dt.z);
    dim3 dc = cg::this_grid().dim_clusters();
    o[1024 + b * 4 + 3] = dc.x + 10 * dc.y + 100 * dc.z + 1000 * (int)cg::this_grid().cluster_rank();
  }
}
int main() {
  int* o; cudaMalloc(&o, 2048 * 4);
  k<<<dim3(4, 4, 2), 32>>>(o);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  static int h[2048]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int b = 0; b < 32; b++) {
    printf("b%d: %d %d %d %d |", b, h[1024 + b * 4], h[1024 + b * 4 + 1], h[1024 + b * 4 + 2], h[1024 + b * 4 + 3]);
    for (int i = 0; i < 32; i += 4) printf(" %d", h[b * 32 + i]);
    printf("\n");
  }
}
