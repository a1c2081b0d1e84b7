// Cooperative groups: thread_block (thread_rank, size, group_index, thread_index, sync),
// tiled_partition<32/16/4> (static, thread_block_tile with shfl_down, any, all, ballot,
// meta_group_rank/size), tiled_partition(block, 8) (dynamic thread_group), tiles of tiles, and the
// guide's sum reduction over a thread_group written with g.sync() and g.thread_rank().
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int reduce_sum(cg::thread_group g, int* temp, int val) {
  int lane = g.thread_rank();
  for (int i = g.size() / 2; i > 0; i /= 2) {
    temp[lane] = val;
    g.sync();
    if (lane < i) val += temp[lane + i];
    g.sync();
  }
  return val;  // only thread 0 has the full sum
}
__device__ int thread_sum(const int* input, int n) {
  int sum = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += blockDim.x * gridDim.x) {
    int4 in = ((const int4*)input)[i];
    sum += in.x + in.y + in.z + in.w;
  }
  return sum;
}
__global__ void sum_kernel_block(int* sum, const int* input, int n) {
  int my_sum = thread_sum(input, n);
  extern __shared__ int temp[];
  auto g = cg::this_thread_block();
  int block_sum = reduce_sum(g, temp, my_sum);
  if (g.thread_rank() == 0) atomicAdd(sum, block_sum);
}
template <unsigned tile_sz> __device__ int tile_reduce(cg::thread_block_tile<tile_sz> g, int val) {
  for (int i = g.size() / 2; i > 0; i /= 2) val += g.shfl_down(val, i);
  return val;
}
struct TileInfo { int rank32, meta32, metaSize32, sum32, sum16, sum4, any, all, ballot, dyn_rank, dyn_size, dyn_sum, sub_rank, bdim, tidx, gidx; };
__global__ void tiles(TileInfo* out) {
  auto block = cg::this_thread_block();
  int v = block.thread_rank();
  // As in the guide: the partitions are held as thread_block_tile<N> (the parent type erased).
  cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(block);
  cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(block);
  cg::thread_block_tile<4> t4 = cg::tiled_partition<4>(t32);  // a tile of a tile
  TileInfo r;
  r.rank32 = t32.thread_rank();
  r.meta32 = t32.meta_group_rank();
  r.metaSize32 = t32.meta_group_size();
  r.sum32 = tile_reduce(t32, v);
  r.sum16 = tile_reduce(t16, v);
  r.sum4 = tile_reduce(t4, v);
  r.any = t16.any(v % 16 == 5);
  r.all = t16.all(v < 64);
  r.ballot = t32.ballot(v & 1);
  cg::thread_group d8 = cg::tiled_partition(block, 8);
  __shared__ int temp[128];
  r.dyn_rank = d8.thread_rank();
  r.dyn_size = d8.size();
  r.dyn_sum = reduce_sum(d8, temp + (block.thread_rank() / 8) * 8, v);
  r.sub_rank = t4.thread_rank();
  r.bdim = block.dim_threads().x * block.size();
  r.tidx = block.thread_index().x;
  r.gidx = block.group_index().x;
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
int main() {
  const int n = 1 << 14;
  int* h = new int[n];
  long long want = 0;
  for (int i = 0; i < n; i++) { h[i] = i % 101 - 50; want += h[i]; }
  int *in, *sum;
  CK(cudaMalloc(&in, n * 4)); CK(cudaMalloc(&sum, 4));
  CK(cudaMemcpy(in, h, n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(sum, 0, 4));
  int blockSize = 256, nBlocks = (n + blockSize - 1) / blockSize / 4;
  sum_kernel_block<<<nBlocks, blockSize, blockSize * sizeof(int)>>>(sum, in, n);
  int hs = 0;
  CK(cudaMemcpy(&hs, sum, 4, cudaMemcpyDeviceToHost));
  check(hs == want, "the guide's reduce_sum over this_thread_block");
  const int B = 2, T = 128;
  TileInfo* d;
  CK(cudaMalloc(&d, B * T * sizeof(TileInfo)));
  tiles<<<B, T>>>(d);
  TileInfo* r = new TileInfo[B * T];
  CK(cudaMemcpy(r, d, B * T * sizeof(TileInfo), cudaMemcpyDeviceToHost));
  bool ranks = true, sums = true, votes = true, dyn = true, blk = true;
  for (int b = 0; b < B; b++)
    for (int t = 0; t < T; t++) {
      const TileInfo& x = r[b * T + t];
      ranks &= x.rank32 == t % 32 && x.meta32 == t / 32 && x.metaSize32 == T / 32 && x.sub_rank == t % 4;
      auto seg = [&](int w) { int s = 0; for (int k = t / w * w; k < t / w * w + w; k++) s += k; return s; };
      // shfl_down leaves lane 0 with the whole sum; other lanes hold partial sums.
      if (t % 32 == 0) sums &= x.sum32 == seg(32);
      if (t % 16 == 0) sums &= x.sum16 == seg(16);
      if (t % 4 == 0) sums &= x.sum4 == seg(4);
      votes &= x.any == 1 && x.all == (t < 64 ? 1 : (t / 16 * 16 >= 64 ? 0 : 0)) && (unsigned)x.ballot == 0xaaaaaaaau;
      dyn &= x.dyn_rank == t % 8 && x.dyn_size == 8 && (t % 8 != 0 || x.dyn_sum == seg(8));
      blk &= x.bdim == T * T && x.tidx == t && x.gidx == b;
    }
  check(ranks, "thread_block_tile thread_rank, meta_group_rank/size, tile of a tile");
  check(sums, "tile shfl_down reductions on 32, 16 and 4-thread tiles");
  check(votes, "tile any / all / ballot");
  check(dyn, "dynamic tiled_partition(block, 8) with reduce_sum");
  check(blk, "thread_block dim_threads, thread_index, group_index");
  return finish();
}
