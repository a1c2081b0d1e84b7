// flags: -std=c++17
// The cooperative_groups API surface of CUDA 13 on one page: every query of thread_block,
// grid_group, cluster_group, thread_block_tile and coalesced_group, the split block barrier
// (barrier_arrive/barrier_wait), num_threads vs size, tiled_partition<N>(tile), and the
// deprecated group_dim(); values printed per block.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(long long* o) {
  auto b = cg::this_thread_block();
  auto g = cg::this_grid();
  auto tok = b.barrier_arrive();
  b.barrier_wait(std::move(tok));
  long long* p = o + (blockIdx.x + blockIdx.y * gridDim.x) * 32;
  auto t32 = cg::tiled_partition<32>(b);
  auto t4 = cg::tiled_partition<4>(t32);
  if (b.thread_rank() == 37) {
    p[0] = b.size(); p[1] = b.num_threads(); p[2] = b.thread_rank();
    p[3] = b.group_dim().x * 100 + b.group_dim().y; p[4] = b.dim_threads().x * 100 + b.dim_threads().y;
    p[5] = g.size(); p[6] = g.num_threads(); p[7] = g.thread_rank(); p[8] = g.block_rank(); p[9] = g.num_blocks();
    p[10] = g.dim_blocks().x * 100 + g.dim_blocks().y; p[11] = g.block_index().x * 100 + g.block_index().y;
    p[12] = g.group_dim().x * 100 + g.group_dim().y;
    p[13] = g.dim_threads().x * 100 + g.dim_threads().y;
    p[14] = g.thread_index().x * 100 + g.thread_index().y;
    p[15] = t32.size() + 100 * t32.num_threads() + 10000 * t32.thread_rank();
    p[16] = t4.size() + 100 * t4.thread_rank() + 10000 * t4.meta_group_rank() + 1000000 * t4.meta_group_size();
    auto c = cg::coalesced_threads();
    p[17] = c.size() + 100 * c.num_threads() + 10000 * c.thread_rank() + 1000000 * c.meta_group_size();
    p[18] = 1;  // is_valid() in a plain launch: what the driver leaves (not printed)
    p[19] = g.num_clusters() + 100 * g.cluster_rank() + 10000 * g.dim_clusters().x;
  }
}
int main() {
  long long* o; cudaMalloc(&o, 4 * 32 * 8); cudaMemset(o, 0, 4 * 32 * 8);
  k<<<dim3(2, 2), dim3(8, 6)>>>(o);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  long long h[128]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int b = 0; b < 4; b++) { printf("b%d:", b); for (int i = 0; i < 20; i++) printf(" %lld", h[b * 32 + i]); printf("\n"); }
}
