// Cooperative groups partitions and their queries: coalesced_threads() in divergent code
// (size, thread_rank, shfl, ballot, any/all, num_threads), labeled_partition by a label and
// by a 64-bit label, binary_partition, tiled_partition<N> of the block and of a tile
// (meta_group_rank/size for N=1..32), a dynamic tiled_partition of a warp tile, and a tiled
// partition of a coalesced group (tiles of 4 and 2 of every-third-lane-missing groups).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int* out) {
  cg::thread_block b = cg::this_thread_block();
  int t = threadIdx.x, o = 0;
  auto W = [&](int v) { out[(o++) * 128 + t] = v; };
  if (t % 3 != 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    W(g.size()); W(g.thread_rank()); W(g.shfl(t * 2, g.size() - 1)); W(g.ballot(t & 4));
    W(g.any(t == 90)); W(g.all(t != 3)); W(g.num_threads()); W(g.meta_group_rank()); W(g.meta_group_size());
    cg::thread_group tg = cg::tiled_partition(g, 4);
    W(tg.size()); W(tg.thread_rank());
    cg::thread_group tg2 = cg::tiled_partition(cg::thread_group(g), 2); W(tg2.size()); W(tg2.thread_rank());
  } else { for (int i = 0; i < 13; i++) W(-1); }
  {
    cg::coalesced_group lp = cg::labeled_partition(cg::coalesced_threads(), t % 5);
    W(lp.size()); W(lp.thread_rank()); W(lp.meta_group_rank()); W(lp.meta_group_size());
    auto lp64 = cg::labeled_partition(cg::tiled_partition<32>(b), (unsigned long long)(t & 3) << 40);
    W(lp64.size()); W(lp64.thread_rank());
    auto bp = cg::binary_partition(cg::tiled_partition<32>(b), (t * 7) % 3 == 0);
    W(bp.size()); W(bp.thread_rank()); W(bp.shfl(t, 0));
  }
  auto t1 = cg::tiled_partition<1>(b); W(t1.meta_group_rank()); W(t1.meta_group_size());
  auto t2 = cg::tiled_partition<2>(b); W(t2.meta_group_rank()); W(t2.thread_rank());
  auto t8 = cg::tiled_partition<8>(b); W(t8.meta_group_rank()); W(t8.meta_group_size());
  auto t16 = cg::tiled_partition<16>(b); auto t16_4 = cg::tiled_partition<4>(t16);
  W(t16_4.meta_group_rank()); W(t16_4.meta_group_size()); W(t16_4.thread_rank());
  cg::thread_group d8 = cg::tiled_partition(cg::tiled_partition(b, 32), 8); W(d8.size()); W(d8.thread_rank());
  if (t == 0) out[127 * 128] = o;
}
int main() {
  int* d; cudaMalloc(&d, 128 * 128 * 4); cudaMemset(d, 0, 128 * 128 * 4);
  k<<<1, 96>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static int h[128 * 128]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int r = 0; r < h[127 * 128]; r++) { printf("%2d:", r); for (int t = 0; t < 96; t++) printf(" %d", h[r * 128 + t]); printf("\n"); }
  return 0;
}
