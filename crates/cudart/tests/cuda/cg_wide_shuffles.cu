// Cooperative-groups tile shuffles of values wider than 8 bytes (Programming Guide, "Cooperative
// Groups": thread_block_tile::shfl* move any trivially copyable type of up to 32 bytes): uint4
// (16 bytes) and a 32-byte struct through shfl, shfl_xor, shfl_up and shfl_down of 32- and
// 8-thread tiles.
#include "common.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
struct Wide { unsigned long long a, b, c, d; };
__device__ uint4 tag(unsigned t) { return make_uint4(t, t * 3u + 1u, ~t, t << 20); }
__device__ Wide wide(unsigned t) { return Wide{t * 1000003ull, ~(unsigned long long)t, (unsigned long long)t << 40, t ^ 0x5555u}; }
__global__ void k(uint4 *out4, Wide *outw) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
  const unsigned t = block.thread_rank();
  out4[t * 4 + 0] = warp.shfl(tag(t), 5);
  out4[t * 4 + 1] = warp.shfl_xor(tag(t), 3);
  out4[t * 4 + 2] = eight.shfl_up(tag(t), 2);
  out4[t * 4 + 3] = eight.shfl_down(tag(t), 1);
  outw[t * 2 + 0] = warp.shfl_xor(wide(t), 17);
  outw[t * 2 + 1] = eight.shfl(wide(t), 7);
}
static uint4 host_tag(unsigned t) { return make_uint4(t, t * 3u + 1u, ~t, t << 20); }
static bool same(uint4 a, uint4 b) { return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w; }
static bool same(Wide a, unsigned t) {
  return a.a == t * 1000003ull && a.b == ~(unsigned long long)t && a.c == (unsigned long long)t << 40 && a.d == (t ^ 0x5555u);
}
int main() {
  const unsigned n = 64;
  uint4 *out4; Wide *outw;
  CK(cudaMallocManaged(&out4, n * 4 * sizeof(uint4)));
  CK(cudaMallocManaged(&outw, n * 2 * sizeof(Wide)));
  k<<<1, n>>>(out4, outw);
  CK(cudaDeviceSynchronize());
  for (unsigned t = 0; t < n; t++) {
    const unsigned warp = t & ~31u, tile8 = t & ~7u, r8 = t & 7u;
    EXPECT(same(out4[t * 4 + 0], host_tag(warp + 5)));
    EXPECT(same(out4[t * 4 + 1], host_tag(t ^ 3)));
    // A source rank outside the tile leaves the caller's own value.
    EXPECT(same(out4[t * 4 + 2], host_tag(r8 >= 2 ? t - 2 : t)));
    EXPECT(same(out4[t * 4 + 3], host_tag(r8 + 1 < 8 ? t + 1 : t)));
    EXPECT(same(outw[t * 2 + 0], t ^ 17));
    EXPECT(same(outw[t * 2 + 1], tile8 + 7));
  }
  printf("PASS\n");
  return 0;
}
