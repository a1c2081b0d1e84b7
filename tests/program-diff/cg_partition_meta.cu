// Cooperative groups: meta_group_rank/meta_group_size of labeled_partition and binary_partition
// (of a tile of 32 and of a coalesced group in divergent code), labels seen in any lane order,
// predicates that split the warp, that hold everywhere and that hold nowhere.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void k(int *out) {
  int t = threadIdx.x, o = 0;
  auto W = [&](int v) { out[(o++) * 64 + t] = v; };
  auto warp = cg::tiled_partition<32>(cg::this_thread_block());
  // Labels whose first lanes are not in label order.
  int label = (7 - t % 4) * 3;
  auto lp = cg::labeled_partition(warp, label);
  W(lp.size()); W(lp.thread_rank()); W(lp.meta_group_rank()); W(lp.meta_group_size());
  auto same = cg::labeled_partition(warp, 5);
  W(same.meta_group_rank()); W(same.meta_group_size());
  auto bp = cg::binary_partition(warp, t % 3 == 1);
  W(bp.size()); W(bp.meta_group_rank()); W(bp.meta_group_size());
  auto all = cg::binary_partition(warp, true);
  W(all.size()); W(all.meta_group_rank()); W(all.meta_group_size());
  auto none = cg::binary_partition(warp, false);
  W(none.size()); W(none.meta_group_rank()); W(none.meta_group_size());
  if (t % 4 != 2) {
    cg::coalesced_group g = cg::coalesced_threads();
    auto lg = cg::labeled_partition(g, t / 5);
    W(lg.size()); W(lg.thread_rank()); W(lg.meta_group_rank()); W(lg.meta_group_size());
    auto bg = cg::binary_partition(g, (t & 8) != 0);
    W(bg.size()); W(bg.thread_rank()); W(bg.meta_group_rank()); W(bg.meta_group_size());
  } else {
    for (int i = 0; i < 8; i++) W(-1);
  }
}

int main() {
  const int rows = 23, n = 64;
  int *d;
  cudaMalloc(&d, rows * n * sizeof(int));
  cudaMemset(d, 0xff, rows * n * sizeof(int));
  k<<<1, n>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int h[rows * n];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int r = 0; r < rows; r++) {
    printf("%2d:", r);
    for (int i = 0; i < n; i++) printf(" %d", h[r * n + i]);
    printf("\n");
  }
  cudaFree(d);
  return 0;
}
