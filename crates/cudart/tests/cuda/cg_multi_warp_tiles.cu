// Cooperative-groups tiles of several warps (CUDA 11+: thread_block_tile<64|128|256|512>, with
// block_tile_memory scratch): ranks and meta groups, sync ordering shared-memory writes across
// the tile's warps, shfl from a lane of another warp, any/all, and cg::reduce.
#include "common.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
constexpr unsigned kBlock = 512;
template <unsigned Size> __device__ void check_tile(const cg::thread_block &block, int *out) {
  __shared__ int staged[kBlock];
  cg::thread_block_tile<Size> tile = cg::tiled_partition<Size>(block);
  const unsigned t = block.thread_rank();
  int *r = out + t * 8;
  r[0] = tile.thread_rank();
  r[1] = tile.meta_group_rank() * 1000 + tile.meta_group_size();
  r[2] = tile.num_threads();
  // Each thread stages a value, the tile syncs, then reads the value of the thread mirrored in
  // the tile (another warp's).
  staged[t] = (int)(t * 7 + 1);
  tile.sync();
  r[3] = staged[(t & ~(Size - 1)) + (Size - 1 - tile.thread_rank())];
  r[4] = tile.shfl((int)(t * 3), Size - 5);
  r[5] = tile.any(tile.thread_rank() == Size - 1) * 10 + tile.all(tile.thread_rank() < Size - 1);
  r[6] = cg::reduce(tile, (int)t, cg::plus<int>());
  r[7] = cg::reduce(tile, (int)((t * 37) % 101), cg::greater<int>());
}
template <unsigned Size> __global__ void k(int *out) {
  __shared__ cg::block_tile_memory<kBlock> scratch;
  check_tile<Size>(cg::this_thread_block(scratch), out);
}
template <unsigned Size> static void run(int *out) {
  k<Size><<<1, kBlock>>>(out);
  CK(cudaDeviceSynchronize());
  for (unsigned t = 0; t < kBlock; t++) {
    const unsigned first = t & ~(Size - 1), rank = t - first;
    const int *r = out + t * 8;
    EXPECT(r[0] == (int)rank);
    EXPECT(r[1] == (int)((t / Size) * 1000 + kBlock / Size));
    EXPECT(r[2] == (int)Size);
    EXPECT(r[3] == (int)((first + Size - 1 - rank) * 7 + 1));
    EXPECT(r[4] == (int)((first + Size - 5) * 3));
    EXPECT(r[5] == 10);
    int sum = 0, max = 0;
    for (unsigned u = first; u < first + Size; u++) {
      sum += (int)u;
      max = max > (int)((u * 37) % 101) ? max : (int)((u * 37) % 101);
    }
    EXPECT(r[6] == sum);
    EXPECT(r[7] == max);
  }
}
int main() {
  int *out;
  CK(cudaMallocManaged(&out, kBlock * 8 * sizeof(int)));
  run<64>(out);
  run<128>(out);
  run<256>(out);
  run<512>(out);
  printf("PASS\n");
  return 0;
}
