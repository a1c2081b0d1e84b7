// Cooperative groups' dynamic tiled_partition(group, n), as CUDA's header defines it: a block's
// tiles are consecutive threads (the last one short when the block is not a multiple of n); a
// tile of a tile no smaller than the tile is the tile itself; a coalesced group's tiles are
// consecutive ranks of its members and stay coalesced groups (meta_group_rank = rank / n,
// meta_group_size = members / n rounded up; a group no bigger than n is itself); a size that
// is not a power of two up to 32 traps (the launch fails). Block of 90 threads; threads with
// t % 3 == 1 stay out of the coalesced groups.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
enum { T = 90, ROWS = 14 };
__global__ void tiles(int* out) {
  int t = threadIdx.x, o = 0;
  auto W = [&](int v) { out[(o++) * T + t] = v; };
  cg::thread_group a = cg::tiled_partition(cg::this_thread_block(), 8); W(a.size()); W(a.thread_rank());
  cg::thread_group a4 = cg::tiled_partition(a, 4); W(a4.size()); W(a4.thread_rank());
  cg::thread_group a16 = cg::tiled_partition(a, 16); W(a16.size());
  cg::thread_group w8 = cg::tiled_partition(cg::tiled_partition<32>(cg::this_thread_block()), 8); W(w8.size()); W(w8.thread_rank());
  if (t % 3 != 1) {
    cg::coalesced_group g = cg::coalesced_threads();
    cg::coalesced_group c4 = cg::tiled_partition(g, 4);
    W(c4.size()); W(c4.thread_rank()); W(c4.meta_group_rank()); W(c4.meta_group_size()); W(c4.shfl(t, 0));
    cg::thread_group c8 = cg::tiled_partition(cg::thread_group(g), 8); W(c8.size()); W(c8.thread_rank());
  } else {
    for (int i = 0; i < 7; i++) W(-1);
  }
}
__global__ void bad_size(int n, int* out) { out[threadIdx.x] = (int)cg::tiled_partition(cg::this_thread_block(), n).size(); }
int main() {
  int* d;
  CK(cudaMalloc(&d, ROWS * T * sizeof(int)));
  tiles<<<1, T>>>(d);
  CK(cudaDeviceSynchronize());
  static int got[ROWS * T], want[ROWS * T];
  CK(cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost));
  for (int t = 0; t < T; t++) {
    int o = 0;
    auto E = [&](int v) { want[(o++) * T + t] = v; };
    int a_size = T - (t & ~7) < 8 ? T - (t & ~7) : 8, a_rank = t & 7;
    E(a_size); E(a_rank);
    if (a_size <= 4) { E(a_size); E(a_rank); }  // no bigger than the tile: the group itself
    else { E(4); E(t & 3); }
    E(a_size);
    E(8); E(t & 7);
    if (t % 3 != 1) {
      // members of t's warp and t's rank among them
      int base = t & ~31, members[32], n = 0, rank = 0;
      for (int u = base; u < base + 32 && u < T; u++) if (u % 3 != 1) { if (u == t) rank = n; members[n++] = u; }
      for (int tile : {4, 8}) {
        int first = rank & ~(tile - 1), len = n - first < tile ? n - first : tile;
        if (n <= tile) { E(n); E(rank); if (tile == 4) { E(0); E(1); E(members[0]); } continue; }
        E(len); E(rank - first);
        if (tile == 4) { E(rank / 4); E((n + 3) / 4); E(members[first]); }
      }
    } else {
      for (int i = 0; i < 7; i++) E(-1);
    }
  }
  const char* names[ROWS] = {"block tile of 8: size", "block tile of 8: thread_rank", "tile of a tile: size", "tile of a tile: thread_rank",
                             "a tile no bigger than n is itself", "tile of a warp tile: size", "tile of a warp tile: thread_rank",
                             "coalesced tile: size", "coalesced tile: thread_rank", "coalesced tile: meta_group_rank",
                             "coalesced tile: meta_group_size", "coalesced tile: shfl from rank 0", "coalesced as thread_group: size",
                             "coalesced as thread_group: thread_rank"};
  for (int r = 0; r < ROWS; r++) check_eq(got + r * T, want + r * T, T, names[r]);
  bad_size<<<1, 32>>>(64, d);
  CK_ERR(cudaDeviceSynchronize(), cudaErrorLaunchFailure);
  return finish();
}
