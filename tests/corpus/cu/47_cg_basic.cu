// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G
// (library-heavy: its -G PTX is large, so the -G fixture is generated for sm_90 only)
// Cooperative groups basics: this_thread_block (sync, thread_rank, size, group_index, thread_index, dim_threads),
// tiled_partition<32>/<16>/<4> (static tiles: shfl, shfl_down, shfl_xor, shfl_up, any, all, ballot, match_any,
// meta_group_rank), dynamic tiled_partition(block, 8), coalesced_threads() in divergent code, this_thread().
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

extern "C" __global__ void block_info(int *out) {
    cg::thread_block block = cg::this_thread_block();
    dim3 gi = block.group_index();
    dim3 ti = block.thread_index();
    dim3 dt = block.dim_threads();
    int r = (int)block.thread_rank();
    out[blockIdx.x * blockDim.x + r] = (int)block.size() * 1000 + (int)(gi.x + ti.x + dt.x) + r;
    block.sync();
    cg::sync(block);
    cg::thread_group tg = cg::this_thread();
    out[blockIdx.x * blockDim.x + r] += (int)tg.size();
}

template <unsigned TILE, typename P> __device__ int tile_sum(cg::thread_block_tile<TILE, P> t, int v) {
    for (unsigned o = TILE / 2; o > 0; o >>= 1) v += t.shfl_down(v, o);
    return t.shfl(v, 0);
}

extern "C" __global__ void static_tiles(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    auto t32 = cg::tiled_partition<32>(block);
    auto t16 = cg::tiled_partition<16>(block);
    auto t4 = cg::tiled_partition<4>(block);
    int s32 = tile_sum(t32, v);
    int s16 = tile_sum(t16, v);
    int s4 = tile_sum(t4, v);
    int x = t16.shfl_xor(v, 1) + t4.shfl_up(v, 1);
    bool any = t32.any(v < 0);
    bool all = t16.all(v > 0);
    unsigned ballot = t32.ballot(v & 1);
    unsigned match = t32.match_any(v & 7);
    out[blockIdx.x * blockDim.x + threadIdx.x] =
        s32 + s16 + s4 + x + (any ? 1 : 0) + (all ? 2 : 0) + (int)ballot + (int)match + (int)t4.meta_group_rank() +
        (int)t16.meta_group_size() + (int)t32.thread_rank();
}

extern "C" __global__ void dynamic_tiles(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_group t8 = cg::tiled_partition(block, 8);
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    t8.sync();
    out[blockIdx.x * blockDim.x + threadIdx.x] = v + (int)t8.thread_rank() * 100 + (int)t8.size();
}

// coalesced_threads in divergent code: aggregated atomic increment
__device__ int atomicAggInc(int *ctr) {
    cg::coalesced_group g = cg::coalesced_threads();
    int prev;
    if (g.thread_rank() == 0) prev = atomicAdd(ctr, (int)g.num_threads());
    prev = g.thread_rank() + g.shfl(prev, 0);
    return prev;
}
extern "C" __global__ void filter_coalesced(const int *in, int *out, int *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && in[i] > 0) out[atomicAggInc(count)] = in[i];
}

// coalesced group partitioning and ballot in divergent branch
extern "C" __global__ void coalesced_ops(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int r = 0;
    if (v & 1) {
        cg::coalesced_group active = cg::coalesced_threads();
        r = (int)active.size() + (int)active.ballot(v > 10) + (active.any(v > 100) ? 1000 : 0);
        auto sub = cg::tiled_partition(active, 4);
        r += (int)sub.thread_rank();
        active.sync();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
