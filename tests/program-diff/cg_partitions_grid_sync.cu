// Cooperative groups beyond the basics: tiled_partition (static and dynamic) with reduce/scan,
// labeled/binary partitions, coalesced_threads in divergent code, meta_group_rank, invoke_one,
// and a grid-wide sync in a cooperative launch.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void tiles(const int *in, int *out) {
  cg::thread_block b = cg::this_thread_block();
  auto t16 = cg::tiled_partition<16>(b);
  int v = in[b.thread_rank()];
  int s = cg::reduce(t16, v, cg::plus<int>());
  int mx = cg::reduce(t16, v, cg::greater<int>());
  int inc = cg::inclusive_scan(t16, v);
  int exc = cg::exclusive_scan(t16, v, cg::bit_xor<int>());
  auto t4 = cg::tiled_partition<4>(t16);
  int s4 = cg::reduce(t4, v, cg::plus<int>());
  int r = b.thread_rank();
  out[r * 8 + 0] = s; out[r * 8 + 1] = mx; out[r * 8 + 2] = inc; out[r * 8 + 3] = exc;
  out[r * 8 + 4] = s4 * 100 + (int)t4.meta_group_rank() * 10 + (int)t4.meta_group_size();
  auto lp = cg::labeled_partition(cg::tiled_partition<32>(b), v % 3);
  out[r * 8 + 5] = (int)lp.size() * 100 + (int)lp.thread_rank();
  auto bp = cg::binary_partition(cg::tiled_partition<32>(b), v > 50);
  out[r * 8 + 6] = cg::reduce(bp, v, cg::plus<int>());
  out[r * 8 + 7] = 0;
  if (v & 1) {
    cg::coalesced_group odd = cg::coalesced_threads();
    int rank = odd.thread_rank();
    int total = cg::reduce(odd, 1, cg::plus<int>());
    out[r * 8 + 7] = rank * 1000 + total;
    cg::invoke_one(odd, [&] { atomicAdd(&out[64 * 8], 1); });
  }
}

__global__ void grid_phases(int *data, int *sums, int n) {
  cg::grid_group g = cg::this_grid();
  for (int i = g.thread_rank(); i < n; i += g.size()) data[i] = i % 13;
  g.sync();
  if (g.thread_rank() == 0) { int s = 0; for (int i = 0; i < n; i++) s += data[i]; sums[0] = s; }
  g.sync();
  for (int i = g.thread_rank(); i < n; i += g.size()) data[i] = sums[0] - data[i];
  g.sync();
  if (g.thread_rank() == 0) { int s = 0; for (int i = 0; i < n; i++) s += data[i]; sums[1] = s; sums[2] = (int)g.num_blocks(); sums[3] = (int)g.block_rank(); }
}

int main() {
  int *in, *out; cudaMallocManaged(&in, 64 * 4); cudaMallocManaged(&out, (64 * 8 + 1) * 4);
  for (int i = 0; i < 64; i++) in[i] = (i * 29 + 7) % 101;
  out[64 * 8] = 0;
  tiles<<<1, 64>>>(in, out);
  cudaDeviceSynchronize();
  for (int r = 0; r < 64; r += 7) { printf("r%2d:", r); for (int j = 0; j < 8; j++) printf(" %d", out[r * 8 + j]); printf("\n"); }
  printf("invoke_one count %d\n", out[64 * 8]);
  int *data, *sums; int n = 5000; cudaMalloc(&data, n * 4); cudaMallocManaged(&sums, 16);
  int nb = 0; cudaOccupancyMaxActiveBlocksPerMultiprocessor(&nb, grid_phases, 128, 0);
  void *args[] = {&data, &sums, &n};
  cudaError_t e = cudaLaunchCooperativeKernel((void *)grid_phases, dim3(4), dim3(128), args, 0, 0);
  cudaDeviceSynchronize();
  printf("coop %s nb>0 %d sums %d %d %d %d\n", cudaGetErrorName(e), nb > 0, sums[0], sums[1], sums[2], sums[3]);
}
