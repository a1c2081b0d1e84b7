// cg::invoke_one and cg::invoke_one_broadcast (one thread of a group runs a function, its
// result broadcast), on a warp tile, a coalesced group in divergent code and a tile of 8;
// a warp-aggregated atomic increment (the blog's atomicAggInc) with coalesced_threads, and
// per-key aggregation with __match_any_sync + leader election by __ffs.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int counter, keyed[8];
__device__ int atomicAggInc(int* ctr) {
  auto g = cg::coalesced_threads();
  int prev;
  if (g.thread_rank() == 0) prev = atomicAdd(ctr, g.num_threads());
  prev = g.thread_rank() + g.shfl(prev, 0);
  return prev;
}
__global__ void k(int* out, int* slots) {
  int t = threadIdx.x;
  auto b = cg::this_thread_block();
  auto w = cg::tiled_partition<32>(b);
  int v = cg::invoke_one_broadcast(w, [&] { return atomicAdd(&counter, 1000); });
  out[0 * 64 + t] = v;
  if (t % 3 == 0) {
    auto c = cg::coalesced_threads();
    int r = cg::invoke_one_broadcast(c, [&] { return (int)c.thread_rank() + 7 * c.num_threads(); });
    out[1 * 64 + t] = r;
    cg::invoke_one(c, [&] { atomicAdd(&out[4 * 64], 1); });
  } else out[1 * 64 + t] = -1;
  auto t8 = cg::tiled_partition<8>(b);
  out[2 * 64 + t] = cg::invoke_one_broadcast(t8, [&] { return (int)t8.meta_group_rank() * 100 + t; });
  __syncthreads();
  if (t == 0) counter = 0;
  __syncthreads();
  if (t % 5 != 2) { int idx = atomicAggInc(&counter); slots[idx] = t; }
  // per-key aggregation
  int key = (t * 7) % 5;
  unsigned peers = __match_any_sync(0xffffffff, key);
  int leader = __ffs(peers) - 1;
  if ((t & 31) == leader) atomicAdd(&keyed[key], __popc(peers));
  out[3 * 64 + t] = peers;
}
int main() {
  int *o, *s; cudaMalloc(&o, 5 * 64 * 4); cudaMalloc(&s, 64 * 4);
  cudaMemset(o, 0, 5 * 64 * 4); cudaMemset(s, 0xff, 256);
  k<<<1, 64>>>(o, s);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int h[5 * 64], hs[64], c, kk[8];
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(hs, s, 256, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&c, counter, 4); cudaMemcpyFromSymbol(kk, keyed, 32);
  int w0 = h[0], w1 = h[32];
  printf("warp broadcasts: lanes agree %d %d, distinct %d\n", h[0] == h[31], h[32] == h[63], w0 != w1);
  for (int r = 1; r < 4; r++) { printf("%d:", r); for (int t = 0; t < 64; t++) printf(" %d", h[r * 64 + t]); printf("\n"); }
  printf("invoke_one count=%d counter=%d\n", h[4 * 64], c);
  int seen[64] = {0}, bad = 0; for (int i = 0; i < c; i++) if (hs[i] < 0 || hs[i] >= 64 || seen[hs[i]]++) bad++;
  printf("slots bad=%d keyed: %d %d %d %d %d\n", bad, kk[0], kk[1], kk[2], kk[3], kk[4]);
  return 0;
}
