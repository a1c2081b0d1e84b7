// Test kernels for include/cooperative_groups.h (tests/clang_headers.rs).
#include "prelude.h"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

// Per thread (by block rank): rank, size, index, dims, group index, grid rank, this_thread().
extern "C" __global__ void block_info(unsigned int *out) {
    cg::thread_block b = cg::this_thread_block();
    const unsigned int r = b.thread_rank();
    unsigned int *o = out + (blockIdx.x * b.size() + r) * 8;
    o[0] = r;
    o[1] = b.num_threads();
    o[2] = b.thread_index().x | (b.thread_index().y << 10);
    o[3] = b.dim_threads().x | (b.dim_threads().y << 10);
    o[4] = b.group_index().x;
    o[5] = b.size();
    b.sync();
    o[6] = cg::this_grid().thread_rank();
    o[7] = cg::this_thread().thread_rank() | (cg::this_thread().size() << 8);
}

// Tiles of N: per thread 10 results (value v = 3 * block rank + 1).
template <unsigned int N> __device__ void tile_ops(unsigned int *out) {
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
    const unsigned int r = b.thread_rank();
    const int v = 3 * (int)r + 1;
    unsigned int *o = out + r * 12;
    o[0] = t.thread_rank() | (t.meta_group_rank() << 8) | (t.meta_group_size() << 16);
    o[1] = cg::reduce(t, v, cg::plus<int>());
    o[2] = cg::reduce(t, v, cg::greater<int>());
    o[3] = cg::reduce(t, v, cg::less<int>());
    o[4] = cg::reduce(t, (unsigned int)v, cg::bit_xor<unsigned int>());
    o[5] = cg::inclusive_scan(t, v);
    o[6] = cg::exclusive_scan(t, v);
    o[7] = t.shfl_xor(v, 1);
    o[8] = t.shfl(v, N - 1);
    o[9] = t.ballot(v % 4 == 1);
    o[10] = t.any(r == 5) | (t.all(v > 0) << 1);
    o[11] = t.shfl_down(v, 2);
    t.sync();
}
extern "C" __global__ void tile4(unsigned int *out) { tile_ops<4>(out); }
extern "C" __global__ void tile8(unsigned int *out) { tile_ops<8>(out); }
extern "C" __global__ void tile16(unsigned int *out) { tile_ops<16>(out); }
extern "C" __global__ void tile32(unsigned int *out) { tile_ops<32>(out); }

// The dynamic partition, coalesced groups and the labeled/binary partitions (4 per thread).
extern "C" __global__ void partitions(unsigned int *out) {
    cg::thread_block b = cg::this_thread_block();
    const unsigned int r = b.thread_rank();
    unsigned int *o = out + r * 4;
    cg::thread_group d = cg::tiled_partition(b, 8);
    d.sync();
    o[0] = (unsigned int)d.thread_rank() | ((unsigned int)d.num_threads() << 8);
    if (r % 3 == 0) {
        cg::coalesced_group c = cg::coalesced_threads();
        o[1] = c.thread_rank() | (c.size() << 8) | ((unsigned int)cg::reduce(c, (int)r, cg::plus<int>()) << 16);
    } else {
        o[1] = 0xffffffffu;
    }
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(b);
    cg::coalesced_group l = cg::labeled_partition(w, (int)(r % 5));
    o[2] = l.thread_rank() | (l.size() << 8);
    cg::coalesced_group bp = cg::binary_partition(w, r % 4 == 0);
    o[3] = bp.thread_rank() | (bp.size() << 8) | ((unsigned int)cg::inclusive_scan(bp, 1) << 16);
}

// A grid barrier, three times: each block writes its value, syncs, and reads its neighbours'.
extern "C" __global__ void grid_sync(unsigned int *slots, unsigned int *out) {
    cg::grid_group g = cg::this_grid();
    const unsigned int blk = (unsigned int)g.block_rank(), n = (unsigned int)g.num_blocks();
    for (unsigned int round = 0; round < 3; ++round) {
        if (threadIdx.x == 0) {
            slots[round * n + blk] = blk * 10 + round;
        }
        g.sync();
        if (threadIdx.x == 0) {
            out[round * n + blk] = slots[round * n + (blk + 1) % n];
        }
    }
    out[3 * n + blk] = g.is_valid();
}

// memcpy_async (the cp.async path: 4-byte words into shared memory; the byte path), match_any,
// invoke_one(_broadcast) and the dynamic tiles' meta group: 6 words per thread.
extern "C" __global__ void extras(const unsigned int *src, unsigned int *out) {
    __shared__ unsigned int words[128];
    __shared__ unsigned char bytes[13];
    __shared__ unsigned int flag;
    cg::thread_block b = cg::this_thread_block();
    cg::memcpy_async(b, words, src, 128 * sizeof(unsigned int));
    cg::memcpy_async(b, bytes, (const unsigned char *)src + 1, 13);
    cg::wait(b);
    const unsigned int r = b.thread_rank();
    unsigned int *o = out + r * 6;
    o[0] = words[(r * 5) % 128];
    o[1] = bytes[r % 13];
    cg::thread_block_tile<16> t = cg::tiled_partition<16>(b);
    o[2] = t.match_any(r / 3);
    cg::invoke_one(b, [&] { flag = 77; });
    b.sync();
    o[3] = flag;
    o[4] = cg::invoke_one_broadcast(t, [&] { return r * 2 + 1; });
    cg::thread_group d = cg::tiled_partition(b, 4);
    o[5] = (unsigned int)d.thread_rank() | ((unsigned int)d.num_threads() << 8) | (d.meta_group_rank() << 16);
}
