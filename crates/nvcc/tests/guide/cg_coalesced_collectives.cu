// Cooperative groups: coalesced_threads() in divergent code (the guide's atomicAggInc example),
// labeled_partition and binary_partition, and the collectives cg::reduce (plus, less, greater,
// bit_and, bit_xor) and cg::inclusive_scan / exclusive_scan over tiles and coalesced groups.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__device__ int atomicAggInc(int* ptr) {
  cg::coalesced_group g = cg::coalesced_threads();
  int prev;
  if (g.thread_rank() == 0) prev = atomicAdd(ptr, g.num_threads());
  prev = g.thread_rank() + g.shfl(prev, 0);
  return prev;
}
__global__ void agg(int* counter, int* slots, int* sizes) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t % 3 != 0) {
    int idx = atomicAggInc(counter);
    slots[idx] = t;
    cg::coalesced_group g = cg::coalesced_threads();
    sizes[t] = g.size() * 100 + g.thread_rank();
  } else {
    sizes[t] = -1;
  }
}
struct Out { int red_plus, red_min, red_max, red_and, red_xor, inc, exc, lab_size, lab_rank, lab_sum, bin_size, co_scan; };
__global__ void collectives(const int* in, Out* out) {
  auto block = cg::this_thread_block();
  auto tile = cg::tiled_partition<32>(block);
  int v = in[block.thread_rank()];
  Out o;
  o.red_plus = cg::reduce(tile, v, cg::plus<int>());
  o.red_min = cg::reduce(tile, v, cg::less<int>());
  o.red_max = cg::reduce(tile, v, cg::greater<int>());
  o.red_and = cg::reduce(tile, (unsigned)v | 0xf0, cg::bit_and<unsigned>());
  o.red_xor = cg::reduce(tile, (unsigned)v, cg::bit_xor<unsigned>());
  o.inc = cg::inclusive_scan(tile, v);
  o.exc = cg::exclusive_scan(tile, v);
  int label = v % 3;
  cg::coalesced_group part = cg::labeled_partition(tile, label);
  o.lab_size = part.size();
  o.lab_rank = part.thread_rank();
  o.lab_sum = cg::reduce(part, v, cg::plus<int>());
  cg::coalesced_group bin = cg::binary_partition(tile, v > 50);
  o.bin_size = bin.size();
  o.co_scan = 0;
  if (tile.thread_rank() % 2 == 0) {
    cg::coalesced_group even = cg::coalesced_threads();
    o.co_scan = cg::inclusive_scan(even, 1);  // 1-based rank among the even lanes
  }
  out[block.thread_rank()] = o;
}
int main() {
  const int B = 4, T = 96;
  int *counter, *slots, *sizes;
  CK(cudaMalloc(&counter, 4)); CK(cudaMalloc(&slots, B * T * 4)); CK(cudaMalloc(&sizes, B * T * 4));
  CK(cudaMemset(counter, 0, 4)); CK(cudaMemset(slots, 0xff, B * T * 4));
  agg<<<B, T>>>(counter, slots, sizes);
  int hc, hsl[B * T], hsz[B * T];
  CK(cudaMemcpy(&hc, counter, 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hsl, slots, sizeof(hsl), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hsz, sizes, sizeof(hsz), cudaMemcpyDeviceToHost));
  int active = 0;
  for (int t = 0; t < B * T; t++) active += t % 3 != 0;
  bool ok = hc == active;
  bool seen[B * T] = {};
  for (int k = 0; k < active; k++) { int t = hsl[k]; ok &= t >= 0 && t < B * T && t % 3 != 0 && !seen[t]; if (t >= 0 && t < B * T) seen[t] = true; }
  check(ok, "atomicAggInc with coalesced_threads: every active thread gets one distinct slot");
  ok = true;
  for (int t = 0; t < B * T; t++) {
    if (t % 3 == 0) { ok &= hsz[t] == -1; continue; }
    int warp0 = t / 32 * 32, rank = 0, size = 0;
    for (int k = warp0; k < warp0 + 32; k++) if (k % 3 != 0) { if (k < t) rank++; size++; }
    ok &= hsz[t] == size * 100 + rank;
  }
  check(ok, "coalesced_group size and thread_rank in a divergent branch");
  int hin[T];
  for (int i = 0; i < T; i++) hin[i] = (i * 37) % 101;
  int* din; Out* dout;
  CK(cudaMalloc(&din, sizeof(hin))); CK(cudaMalloc(&dout, T * sizeof(Out)));
  CK(cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice));
  collectives<<<1, T>>>(din, dout);
  Out ho[T];
  CK(cudaMemcpy(ho, dout, sizeof(ho), cudaMemcpyDeviceToHost));
  bool red = true, scan = true, lab = true, bin = true, co = true;
  for (int t = 0; t < T; t++) {
    int w = t / 32 * 32, s = 0, mn = 1 << 30, mx = -1, inc = 0, exc = 0, ls = 0, lsum = 0, lrank = 0, bs = 0;
    unsigned a = ~0u, x = 0;
    for (int k = w; k < w + 32; k++) {
      int v = hin[k];
      s += v; mn = v < mn ? v : mn; mx = v > mx ? v : mx; a &= (unsigned)v | 0xf0; x ^= v;
      if (k <= t) inc += v;
      if (k < t) exc += v;
      if (v % 3 == hin[t] % 3) { ls++; lsum += v; if (k < t) lrank++; }
      if ((v > 50) == (hin[t] > 50)) bs++;
    }
    red &= ho[t].red_plus == s && ho[t].red_min == mn && ho[t].red_max == mx && (unsigned)ho[t].red_and == a && (unsigned)ho[t].red_xor == x;
    scan &= ho[t].inc == inc && ho[t].exc == exc;
    lab &= ho[t].lab_size == ls && ho[t].lab_rank == lrank && ho[t].lab_sum == lsum;
    bin &= ho[t].bin_size == bs;
    co &= (t % 2 == 0) ? ho[t].co_scan == (t % 32) / 2 + 1 : ho[t].co_scan == 0;
  }
  check(red, "cg::reduce with plus/less/greater/bit_and/bit_xor");
  check(scan, "cg::inclusive_scan / exclusive_scan on a 32-thread tile");
  check(lab, "labeled_partition: size, rank and reduce per label");
  check(bin, "binary_partition");
  check(co, "inclusive_scan over a coalesced group");
  return finish();
}
