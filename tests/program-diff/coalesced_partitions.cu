// coalesced_threads() in divergent code (thread_rank, num_threads, meta_group_rank, shfl, ballot,
// any/all), labeled_partition and binary_partition of a tile and of a coalesced group, cg::reduce
// over them; prints per-thread results.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(int* o) {
  int i = threadIdx.x;
  int lane = i & 31;
  o[i] = -1; o[64 + i] = -1; o[128 + i] = -1; o[192 + i] = -1;
  if (lane % 3 != 1) {
    auto c = cg::coalesced_threads();
    int v = c.shfl(i * 10, c.num_threads() - 1);
    o[i] = c.thread_rank() + 100 * c.num_threads() + 10000 * (int)c.meta_group_rank() + 100000 * (v % 1000);
    if (lane > 12) {
      auto c2 = cg::coalesced_threads();
      o[64 + i] = c2.thread_rank() + 100 * c2.num_threads() + 10000 * (c2.ballot(lane & 4) != 0) + 100000 * c2.any(lane == 29) + 1000000 * c2.all(lane > 13);
      auto lp = cg::labeled_partition(c2, lane % 4);
      o[128 + i] = lp.thread_rank() + 100 * lp.num_threads() + 10000 * cg::reduce(lp, lane, cg::plus<int>());
    }
  }
  auto w = cg::tiled_partition<32>(cg::this_thread_block());
  auto bp = cg::binary_partition(w, (i * 7) % 5 < 2);
  o[192 + i] = bp.thread_rank() + 100 * bp.num_threads() + 10000 * cg::reduce(bp, i, cg::greater<int>());
  auto lp2 = cg::labeled_partition(w, i % 7);
  o[256 + i] = lp2.thread_rank() + 100 * lp2.num_threads() + 10000 * cg::reduce(lp2, i + 1, cg::less<int>());
}
int main() {
  int* o; cudaMalloc(&o, 320 * 4);
  k<<<1, 64>>>(o);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int r[320]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int j = 0; j < 5; j++) {
    printf("row %d:", j);
    for (int i = 0; i < 64; i++) printf(" %d", r[j * 64 + i]);
    printf("\n");
  }
}
