// Cooperative groups: tiled_partition (static and dynamic), reduce, exclusive_scan, coalesced_threads, labeled_partition.
#include "common.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void k(const int* in, int* out, int* cnt, int* scan) {
  cg::thread_block b = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(b);
  int v = in[b.thread_rank()];
  int s = cg::reduce(t16, v, cg::plus<int>());
  if (t16.thread_rank() == 0) out[b.thread_rank() / 16] = s;
  scan[b.thread_rank()] = cg::exclusive_scan(t16, v);
  if (v % 3 == 0) {
    cg::coalesced_group g = cg::coalesced_threads();
    int m = cg::reduce(g, v, cg::greater<int>());
    if (g.thread_rank() == 0) atomicAdd(cnt, g.size());
    if (g.thread_rank() == 0) atomicMax(cnt + 1, m);
  }
  auto lp = cg::labeled_partition(cg::tiled_partition<32>(b), v & 3);
  int lsum = cg::reduce(lp, 1, cg::plus<int>());
  atomicAdd(cnt + 2 + (v & 3), lp.thread_rank() == 0 ? lsum : 0);
  b.sync();
  auto t4 = cg::tiled_partition(b, 4);
  if (t4.thread_rank() == 0) atomicAdd(cnt + 6, 1);
}
int main() {
  const int n = 256; int h[n]; for (int i = 0; i < n; i++) h[i] = (i * 31) % 97;
  int *din, *dout, *dcnt, *dscan; CK(cudaMalloc(&din, n*4)); CK(cudaMalloc(&dout, n*4)); CK(cudaMalloc(&dcnt, 64)); CK(cudaMalloc(&dscan, n*4));
  CK(cudaMemset(dcnt, 0, 64));
  CK(cudaMemcpy(din, h, n*4, cudaMemcpyHostToDevice));
  k<<<1, n>>>(din, dout, dcnt, dscan); CK(cudaDeviceSynchronize());
  int out[n/16], cnt[16], scan[n];
  CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(cnt, dcnt, 64, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(scan, dscan, sizeof scan, cudaMemcpyDeviceToHost));
  for (int t = 0; t < n/16; t++) { int s = 0; for (int i = 0; i < 16; i++) { EXPECT(scan[t*16+i] == s); s += h[t*16+i]; } EXPECT(out[t] == s); }
  int c3 = 0, m3 = 0, lab[4] = {0,0,0,0}; for (int i = 0; i < n; i++) { if (h[i] % 3 == 0) { c3++; if (h[i] > m3) m3 = h[i]; } lab[h[i]&3]++; }
  EXPECT(cnt[0] == c3); EXPECT(cnt[1] == m3);
  for (int i = 0; i < 4; i++) EXPECT(cnt[2+i] == lab[i]);
  EXPECT(cnt[6] == n/4);
  printf("PASS\n");
}
