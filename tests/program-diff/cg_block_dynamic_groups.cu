// cooperative_groups on a 3-D block: thread_block group_index/thread_index/dim_threads/
// num_threads/thread_rank, dynamic tiled_partition(block, n) (a thread_group) of 32, 16 and 4
// with its thread_rank/size/sync, tiled_partition of a tile, cg::sync(group), thread_block_tile
// meta_group_rank/size of nested tiles, this_thread(), and group_index in a 2-D grid.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* o) {
  auto b = cg::this_thread_block();
  int t = b.thread_rank();
  int base = (blockIdx.y * gridDim.x + blockIdx.x) * 8 * 96;
  dim3 gi = b.group_index(), ti = b.thread_index(), dt = b.dim_threads();
  o[base + t] = gi.x + 10 * gi.y + 100 * ti.x + 1000 * ti.y + 10000 * ti.z;
  o[base + 96 + t] = dt.x + 10 * dt.y + 100 * dt.z + 1000 * (int)b.num_threads();
  cg::thread_group g32 = cg::tiled_partition(b, 32);
  cg::thread_group g16 = cg::tiled_partition(b, 16);
  cg::thread_group g4 = cg::tiled_partition(g16, 4);
  o[base + 192 + t] = g32.thread_rank() + 100 * g32.size();
  o[base + 288 + t] = g16.thread_rank() + 100 * g16.size();
  o[base + 384 + t] = g4.thread_rank() + 100 * g4.size();
  cg::sync(g4);
  g16.sync();
  auto t32 = cg::tiled_partition<32>(b);
  auto t8 = cg::tiled_partition<8>(t32);
  auto t2 = cg::tiled_partition<2>(t8);
  o[base + 480 + t] = t8.meta_group_rank() + 10 * t8.meta_group_size() + 1000 * t2.meta_group_rank() + 100000 * t2.meta_group_size();
  auto me = cg::this_thread();
  o[base + 576 + t] = me.thread_rank() + 10 * me.size() + 100 * t32.meta_group_rank() + 1000 * t32.meta_group_size();
  cg::sync(b);
  o[base + 672 + t] = cg::tiled_partition<4>(b).shfl(t, 3);
}
int main() {
  int* o; cudaMalloc(&o, 4 * 8 * 96 * 4);
  k<<<dim3(2, 2), dim3(4, 6, 4)>>>(o);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  static int h[4 * 8 * 96]; cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  for (int blk = 0; blk < 4; blk += 3)
    for (int r = 0; r < 8; r++) {
      printf("b%d r%d:", blk, r);
      for (int i = 0; i < 96; i++) printf(" %d", h[blk * 768 + r * 96 + i]);
      printf("\n");
    }
}
