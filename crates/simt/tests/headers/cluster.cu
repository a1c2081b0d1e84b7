// cooperative_groups::cluster_group (sm_90; tests/clang_headers.rs): every block reads the
// shared variable of the next block of its cluster through map_shared_rank.
#include "prelude.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void cluster_ranks(unsigned int *out) {
    __shared__ unsigned int v;
    cg::cluster_group c = cg::this_cluster();
    if (threadIdx.x == 0) {
        v = blockIdx.x * 100 + 7;
    }
    c.sync();
    const unsigned int peer = (c.block_rank() + 1) % c.num_blocks();
    const unsigned int *pv = c.map_shared_rank(&v, peer);
    if (threadIdx.x == 0) {
        out[blockIdx.x] = *pv | (c.block_rank() << 16) | (c.num_blocks() << 24);
        out[64 + blockIdx.x] = c.thread_rank() | (c.num_threads() << 16) | (c.dim_blocks().x << 28);
    }
    c.sync();
}
