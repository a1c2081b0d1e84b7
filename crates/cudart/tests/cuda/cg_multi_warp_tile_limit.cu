// Cuprite-only (CUDA runs this): Cuprite synchronizes each multi-warp tile of a block on its own
// named barrier (1-15), so a block with a 16th tile (64-thread tiles of 1024 threads) cannot
// sync it. That must end the kernel with a clear error (a device assert naming the limit),
// never hang or give a wrong answer; 15 such tiles still work.
#include "common.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void tiles_sync(int *out) {
  __shared__ int staged[1024];
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<64> tile = cg::tiled_partition<64>(block);
  staged[block.thread_rank()] = (int)block.thread_rank();
  tile.sync();
  out[block.thread_rank()] = staged[block.thread_rank() ^ 63];
}
int main() {
  int *out;
  CK(cudaMallocManaged(&out, 1024 * sizeof(int)));
  tiles_sync<<<1, 960>>>(out);  // 15 tiles
  CK(cudaDeviceSynchronize());
  for (int t = 0; t < 960; t++) EXPECT(out[t] == (t ^ 63));
  tiles_sync<<<1, 1024>>>(out);  // 16 tiles
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorAssert);
  printf("PASS\n");
  return 0;
}
