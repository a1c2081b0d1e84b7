// thread_block_tile larger than a warp (tiled_partition<64>, <128>, <256> of a 512-thread block,
// sm_80+ without block_tile_memory): size, thread_rank, meta_group_rank/size, sync() as a
// partial barrier between the tile's warps (a shared-memory exchange), num_threads, and
// cg::reduce of a tile of 64 done per warp and combined.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  __shared__ int buf[512];
  auto b = cg::this_thread_block();
  auto t64 = cg::tiled_partition<64>(b);
  auto t128 = cg::tiled_partition<128>(b);
  auto t256 = cg::tiled_partition<256>(b);
  int t = threadIdx.x;
  out[0 * 512 + t] = t64.thread_rank() * 10000 + t64.meta_group_rank() * 100 + t64.meta_group_size();
  out[1 * 512 + t] = t128.thread_rank() * 10000 + t128.meta_group_rank() * 100 + t128.num_threads() / 8;
  out[2 * 512 + t] = t256.size() + t256.meta_group_rank();
  // exchange within a tile of 128: write, tile sync, read the mirror within the tile
  buf[t] = t * 3;
  t128.sync();
  out[3 * 512 + t] = buf[(t / 128) * 128 + 127 - t128.thread_rank()];
  t128.sync();
  auto w = cg::tiled_partition<32>(b);
  int part = cg::reduce(w, t, cg::plus<int>());
  if (w.thread_rank() == 0) buf[t / 32] = part;
  t64.sync();
  out[4 * 512 + t] = buf[(t / 64) * 2] + buf[(t / 64) * 2 + 1];
}
int main() {
  int* d; cudaMalloc(&d, 5 * 512 * 4);
  k<<<1, 512>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static int h[5 * 512]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int r = 0; r < 5; r++) { printf("%d:", r); for (int t = 0; t < 512; t += 37) printf(" %d", h[r * 512 + t]); printf("\n"); }
  return 0;
}
