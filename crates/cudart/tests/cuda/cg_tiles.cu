// Cooperative groups below the grid (Programming Guide, "Cooperative Groups"): thread block
// tiles of 32, 16 and 4 threads with shuffles, ballots and cg::reduce; coalesced groups of
// the active threads of a divergent branch.
#include "common.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void tiles(const int* in, int* sum32, int* sum16, int* max4, int* odd_count) {
  cg::thread_block block = cg::this_thread_block();
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
  int s = v;
  for (int o = w.size() / 2; o > 0; o /= 2) s += w.shfl_down(s, o);
  if (w.thread_rank() == 0) atomicAdd(sum32, s);
  cg::thread_block_tile<16> h = cg::tiled_partition<16>(block);
  int s16 = cg::reduce(h, v, cg::plus<int>());
  if (h.thread_rank() == 0) atomicAdd(sum16, s16);
  cg::thread_block_tile<4> q = cg::tiled_partition<4>(block);
  int m = cg::reduce(q, v, cg::greater<int>());
  if (q.thread_rank() == 0) atomicMax(max4, m);
  if (v & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    if (active.thread_rank() == 0) atomicAdd(odd_count, (int)active.size());
  }
  block.sync();
}

__global__ void ballot(const int* in, unsigned* masks) {
  cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
  int v = in[threadIdx.x];
  unsigned m = w.ballot(v > 50);
  bool any = w.any(v > 90), all = w.all(v >= 0);
  if (w.thread_rank() == 0) { masks[threadIdx.x / 32] = m; masks[8 + threadIdx.x / 32] = any | (all << 1); }
}

int main() {
  const int blocks = 8, bs = 128, n = blocks * bs;
  int *in, *r;
  CK(cudaMallocManaged(&in, n * sizeof(int)));
  CK(cudaMallocManaged(&r, 4 * sizeof(int)));
  long long want = 0; int wmax = 0, odd = 0;
  for (int i = 0; i < n; i++) { in[i] = (i * 37) % 101; want += in[i]; wmax = in[i] > wmax ? in[i] : wmax; odd += in[i] & 1; }
  for (int i = 0; i < 4; i++) r[i] = 0;
  tiles<<<blocks, bs>>>(in, r, r + 1, r + 2, r + 3);
  CK(cudaDeviceSynchronize());
  EXPECT(r[0] == want && r[1] == want && r[2] == wmax && r[3] == odd);
  unsigned* masks;
  CK(cudaMallocManaged(&masks, 16 * sizeof(unsigned)));
  ballot<<<1, 128>>>(in, masks);
  CK(cudaDeviceSynchronize());
  for (int w = 0; w < 4; w++) {
    unsigned m = 0; bool any = false;
    for (int l = 0; l < 32; l++) { m |= (unsigned)(in[w * 32 + l] > 50) << l; any |= in[w * 32 + l] > 90; }
    EXPECT(masks[w] == m && masks[8 + w] == (unsigned)(any | 2));
  }
  CK(cudaFree(in)); CK(cudaFree(r)); CK(cudaFree(masks));
  printf("PASS\n");
  return 0;
}
