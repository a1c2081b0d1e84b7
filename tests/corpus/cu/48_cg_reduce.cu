// min-arch: sm_75
// archs-opts: sm_75.O3 sm_80.O3 sm_90.O3 sm_90.G
// (library-heavy: its -G PTX is large, so the -G fixture is generated for sm_90 only)
// Cooperative groups algorithms (cooperative_groups/reduce.h, scan.h): cg::reduce with cg::plus/cg::less/
// cg::greater/cg::bit_and/bit_or/bit_xor on tiles of 32/16/8, cg::inclusive_scan/exclusive_scan,
// block-level sum built from warp tiles and shared memory; cg::reduce on coalesced groups.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

extern "C" __global__ void cg_reduce_ops(const int *in, int *out) {
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    auto t16 = cg::tiled_partition<16>(block);
    auto t8 = cg::tiled_partition<8>(block);
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int sum = cg::reduce(warp, v, cg::plus<int>());
    int mn = cg::reduce(t16, v, cg::less<int>());
    int mx = cg::reduce(t8, v, cg::greater<int>());
    unsigned a = cg::reduce(warp, (unsigned)v, cg::bit_and<unsigned>());
    unsigned o = cg::reduce(warp, (unsigned)v, cg::bit_or<unsigned>());
    unsigned x = cg::reduce(t16, (unsigned)v, cg::bit_xor<unsigned>());
    int *p = out + 6 * (blockIdx.x * blockDim.x + threadIdx.x);
    p[0] = sum; p[1] = mn; p[2] = mx; p[3] = (int)a; p[4] = (int)o; p[5] = (int)x;
}

extern "C" __global__ void cg_reduce_float(const float *in, float *out, int n) {
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    __shared__ float partial[32];
    float v = 0.f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) v += in[i];
    float ws = cg::reduce(warp, v, cg::plus<float>());
    if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = ws;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        float t = warp.thread_rank() < warp.meta_group_size() ? partial[warp.thread_rank()] : 0.f;
        t = cg::reduce(warp, t, cg::plus<float>());
        if (warp.thread_rank() == 0) atomicAdd(out, t);
    }
}

extern "C" __global__ void cg_scan(const int *in, int *incl, int *excl, double *dincl) {
    auto block = cg::this_thread_block();
    auto warp = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    incl[i] = cg::inclusive_scan(warp, v);
    excl[i] = cg::exclusive_scan(warp, v, cg::plus<int>());
    dincl[i] = cg::inclusive_scan(cg::tiled_partition<16>(block), (double)v * 0.5);
}

// Reduction across a coalesced group (divergent)
extern "C" __global__ void cg_reduce_coalesced(const int *in, int *out) {
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (v > 0) {
        auto g = cg::coalesced_threads();
        int s = cg::reduce(g, v, cg::plus<int>());
        if (g.thread_rank() == 0) atomicAdd(out, s);
    }
}

// Tile shfl_down based reduction (manual, tile of 16)
extern "C" __global__ void tile_shfl_reduce(const float *in, float *out) {
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0) out[(blockIdx.x * blockDim.x + threadIdx.x) / 16] = v;
}
