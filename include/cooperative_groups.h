/*
 * Cuprite: cooperative groups (CUDA 13's cooperative_groups.h) for clang's CUDA mode.
 *
 * Groups read the PTX special registers through clang's __nvvm builtins and synchronize with
 * bar.sync (block), bar.warp.sync (tiles and coalesced groups), barrier.cluster (sm_90
 * clusters) and, for the grid, the barrier nvcc's runtime implements: a word in the
 * cooperative launch's workspace (address in %envreg1:%envreg2, the word at offset 4) that
 * every block's first thread adds to, block 0 adding 0x80000000 - (blocks - 1), so that the
 * top bit flips when the last block arrives.
 */
#ifndef __CUPRITE_COOPERATIVE_GROUPS_H__
#define __CUPRITE_COOPERATIVE_GROUPS_H__
/* NVIDIA's include guard (see cuda_runtime.h). */
#define _COOPERATIVE_GROUPS_H_

#include "__cuprite/half_common.h"

#if __has_include(<vector_types.h>)
#include <vector_types.h>
#elif !defined(__CUPRITE_DIM3_DEFINED__)
#define __CUPRITE_DIM3_DEFINED__
struct uint3 {
    unsigned int x, y, z;
};
struct dim3 {
    unsigned int x, y, z;
    __host__ __device__ constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz) {}
    __host__ __device__ constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    __host__ __device__ constexpr operator uint3() const { return uint3{x, y, z}; }
};
#endif

#if defined(__cplusplus) && defined(__CUDA__)

/* Device assert's entry point (as CUDA's headers declare it). */
extern "C" __device__ void __assertfail(const char *message, const char *file, unsigned int line, const char *function,
                                        __SIZE_TYPE__ charSize);

namespace cooperative_groups {
namespace details {

__CUPRITE_D__ unsigned int laneid() { return __nvvm_read_ptx_sreg_laneid(); }
__CUPRITE_D__ unsigned int lanemask_lt() { return __nvvm_read_ptx_sreg_lanemask_lt(); }
__CUPRITE_D__ unsigned int lanemask_eq() { return __nvvm_read_ptx_sreg_lanemask_eq(); }
__CUPRITE_D__ dim3 tid() {
    return dim3(__nvvm_read_ptx_sreg_tid_x(), __nvvm_read_ptx_sreg_tid_y(), __nvvm_read_ptx_sreg_tid_z());
}
__CUPRITE_D__ dim3 ntid() {
    return dim3(__nvvm_read_ptx_sreg_ntid_x(), __nvvm_read_ptx_sreg_ntid_y(), __nvvm_read_ptx_sreg_ntid_z());
}
__CUPRITE_D__ dim3 ctaid() {
    return dim3(__nvvm_read_ptx_sreg_ctaid_x(), __nvvm_read_ptx_sreg_ctaid_y(), __nvvm_read_ptx_sreg_ctaid_z());
}
__CUPRITE_D__ dim3 nctaid() {
    return dim3(__nvvm_read_ptx_sreg_nctaid_x(), __nvvm_read_ptx_sreg_nctaid_y(), __nvvm_read_ptx_sreg_nctaid_z());
}
__CUPRITE_D__ unsigned int block_thread_rank() {
    const dim3 t = tid(), n = ntid();
    return (t.z * n.y + t.y) * n.x + t.x;
}
__CUPRITE_D__ unsigned int block_num_threads() {
    const dim3 n = ntid();
    return n.x * n.y * n.z;
}
__CUPRITE_D__ void bar_sync() { asm volatile("bar.sync 0;" ::: "memory"); }
__CUPRITE_D__ void warp_sync(unsigned int mask) { asm volatile("bar.warp.sync %0;" ::"r"(mask) : "memory"); }
__CUPRITE_D__ unsigned int activemask() {
    unsigned int m;
    asm volatile("activemask.b32 %0;" : "=r"(m));
    return m;
}
__CUPRITE_D__ unsigned int popc(unsigned int m) { return (unsigned int)__builtin_popcount(m); }
/* The lane of the `rank`-th set bit of `mask` (rank < popc(mask)). */
__CUPRITE_D__ unsigned int nth_lane(unsigned int mask, unsigned int rank) {
    for (unsigned int i = 0; i < rank; ++i) {
        mask &= mask - 1;
    }
    return mask ? (unsigned int)__builtin_ctz(mask) : 32u;
}
/* The bits of `lanes` that are in `mask`, packed in the order of mask's set bits (the rank
   space of a coalesced group). */
__CUPRITE_D__ unsigned int pack_lanes(unsigned int lanes, unsigned int mask) {
    unsigned int out = 0, bit = 0;
    for (; mask; mask &= mask - 1, ++bit) {
        if (lanes & mask & (0u - mask)) {
            out |= 1u << bit;
        }
    }
    return out;
}
/* The members of `mask` whose ranks are first .. first + n - 1. */
__CUPRITE_D__ unsigned int ranks_of(unsigned int mask, unsigned int first, unsigned int n) {
    unsigned int out = 0, rank = 0;
    for (; mask; mask &= mask - 1, ++rank) {
        if (rank >= first && rank - first < n) {
            out |= mask & (0u - mask);
        }
    }
    return out;
}
/* Lanes 0 .. n - 1 (n <= 32). */
__CUPRITE_D__ unsigned int low_lanes(unsigned int n) { return n >= 32 ? 0xffffffffu : (1u << n) - 1; }
/* A dynamic tile's size must be a power of two up to 32: CUDA's header traps otherwise. */
__CUPRITE_D__ void check_tile_size(unsigned int n) {
    if (n == 0 || n > 32 || (n & (n - 1)) != 0) {
        __builtin_trap(); /* __trap, which this header cannot assume declared (-nocudainc) */
    }
}
/* Shuffles of any trivially copyable T of up to 32 bytes (CUDA's limit), word by word. */
#define __CUPRITE_CG_SHFL(name, mode)                                                                    \
    template <class T> __CUPRITE_D__ T name(unsigned int mask, T v, unsigned int arg, unsigned int c) {  \
        static_assert(sizeof(T) <= 32, "Cooperative groups collectives are limited to types smaller than 32B"); \
        unsigned int w[(sizeof(T) + 3) / 4] = {};                                                        \
        __builtin_memcpy(w, &v, sizeof(T));                                                              \
        for (unsigned int i = 0; i < (sizeof(T) + 3) / 4; ++i) {                                         \
            asm volatile("shfl.sync." mode ".b32 %0, %0, %1, %2, %3;" : "+r"(w[i]) : "r"(arg), "r"(c), "r"(mask)); \
        }                                                                                                \
        T r;                                                                                             \
        __builtin_memcpy(&r, w, sizeof(T));                                                              \
        return r;                                                                                        \
    }
__CUPRITE_CG_SHFL(shfl_idx, "idx")
__CUPRITE_CG_SHFL(shfl_up, "up")
__CUPRITE_CG_SHFL(shfl_down, "down")
__CUPRITE_CG_SHFL(shfl_bfly, "bfly")
#undef __CUPRITE_CG_SHFL
__CUPRITE_D__ unsigned int ballot(unsigned int mask, bool p) {
    unsigned int r;
    asm volatile("{ .reg .pred q;\n\tsetp.ne.u32 q, %1, 0;\n\tvote.sync.ballot.b32 %0, q, %2;\n\t}"
                 : "=r"(r)
                 : "r"((unsigned int)p), "r"(mask));
    return r;
}
/* match.{any,all}.sync of 32- and 64-bit values (T's bits as the integer of its size). */
template <unsigned int Bytes> struct match_word;
template <> struct match_word<4> {
    typedef unsigned int type;
};
template <> struct match_word<8> {
    typedef unsigned long long type;
};
__CUPRITE_D__ unsigned int match_any_bits(unsigned int mask, unsigned int v) {
    unsigned int r;
    asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(r) : "r"(v), "r"(mask));
    return r;
}
__CUPRITE_D__ unsigned int match_any_bits(unsigned int mask, unsigned long long v) {
    unsigned int r;
    asm volatile("match.any.sync.b64 %0, %1, %2;" : "=r"(r) : "l"(v), "r"(mask));
    return r;
}
__CUPRITE_D__ unsigned int match_all_bits(unsigned int mask, unsigned int v, int &pred) {
    unsigned int r, p;
    asm volatile("{ .reg .pred q;\n\tmatch.all.sync.b32 %0|q, %2, %3;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                 : "=r"(r), "=r"(p)
                 : "r"(v), "r"(mask));
    pred = (int)p;
    return r;
}
__CUPRITE_D__ unsigned int match_all_bits(unsigned int mask, unsigned long long v, int &pred) {
    unsigned int r, p;
    asm volatile("{ .reg .pred q;\n\tmatch.all.sync.b64 %0|q, %2, %3;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                 : "=r"(r), "=r"(p)
                 : "l"(v), "r"(mask));
    pred = (int)p;
    return r;
}
template <class T> __CUPRITE_D__ unsigned int match_any(unsigned int mask, T v) {
    return match_any_bits(mask, __builtin_bit_cast(typename match_word<sizeof(T)>::type, v));
}
template <class T> __CUPRITE_D__ unsigned int match_all(unsigned int mask, T v, int &pred) {
    return match_all_bits(mask, __builtin_bit_cast(typename match_word<sizeof(T)>::type, v), pred);
}

/* The cooperative launch's workspace: { unsigned int size; unsigned int barrier; }. */
__CUPRITE_D__ unsigned int *grid_workspace() {
    unsigned int hi, lo;
    asm volatile("mov.u32 %0, %%envreg1;" : "=r"(hi));
    asm volatile("mov.u32 %0, %%envreg2;" : "=r"(lo));
    return (unsigned int *)(((unsigned long long)hi << 32) | lo);
}
/* The grid barrier in two halves. Arrival: the block syncs, its thread 0 adds its count (block 0
   adds what flips the top bit once every block has arrived) and keeps the count it saw. */
__CUPRITE_D__ unsigned int grid_arrive(unsigned int *workspace, unsigned int blocks) {
    volatile unsigned int *arrived = workspace + 1;
    bar_sync();
    unsigned int old = 0;
    if (block_thread_rank() == 0) {
        const dim3 b = ctaid();
        const unsigned int add = (b.x | b.y | b.z) == 0 ? 0x80000000u - (blocks - 1) : 1u;
        asm volatile("fence.sc.gpu;" ::: "memory");
        asm volatile("atom.add.release.gpu.u32 %0, [%1], %2;" : "=r"(old) : "l"(arrived), "r"(add) : "memory");
    }
    return old;
}
/* The wait: thread 0 spins until the top bit differs from what it saw at arrival; the block syncs. */
__CUPRITE_D__ void grid_wait(unsigned int *workspace, unsigned int old) {
    volatile unsigned int *arrived = workspace + 1;
    if (block_thread_rank() == 0) {
        unsigned int now;
        do {
            asm volatile("ld.acquire.gpu.u32 %0, [%1];" : "=r"(now) : "l"(arrived) : "memory");
        } while (((old ^ now) & 0x80000000u) == 0);
        asm volatile("fence.sc.gpu;" ::: "memory");
    }
    bar_sync();
}

/* One 8-byte slot per warp of the block (32 warps at most): multi-warp tiles' collectives. */
__CUPRITE_D__ unsigned long long *warp_slots() {
    __shared__ unsigned long long slots[32];
    return slots;
}
/* A multi-warp tile's barrier: named barrier 1 + the tile's index in the block. A 16th tile
   (64-thread tiles of a 1024-thread block) has none left: the kernel stops with a device-assert
   error that says so. */
__CUPRITE_D__ void multi_warp_sync(unsigned int size) {
    const unsigned int tile = block_thread_rank() / size;
    if (tile >= 15) {
        __assertfail("cooperative_groups: at most 15 multi-warp tiles per block (Cuprite syncs each on a named barrier)",
                     __FILE__, __LINE__, "thread_block_tile::sync", sizeof(char));
    }
    asm volatile("bar.sync %0, %1;" ::"r"(tile + 1), "r"(size) : "memory");
}

} // namespace details

/* ---- the block ---------------------------------------------------------------------------- */

/* Members are static where CUDA's are, so `thread_block::thread_rank()` compiles as with nvcc. */
class thread_block {
  public:
    __CUPRITE_D__ static void sync() { details::bar_sync(); }
    __CUPRITE_D__ static unsigned int thread_rank() { return details::block_thread_rank(); }
    __CUPRITE_D__ static dim3 group_index() { return details::ctaid(); }
    __CUPRITE_D__ static dim3 thread_index() { return details::tid(); }
    __CUPRITE_D__ static dim3 dim_threads() { return details::ntid(); }
    __CUPRITE_D__ static dim3 group_dim() { return details::ntid(); }
    __CUPRITE_D__ static unsigned int num_threads() { return details::block_num_threads(); }
    __CUPRITE_D__ static unsigned int size() { return details::block_num_threads(); }
    static constexpr bool is_valid() { return true; }
    /* The split block barrier, as CUDA 13 has it: the arrival does nothing and the wait is the
       whole __syncthreads. */
    struct arrival_token {};
    __CUPRITE_D__ arrival_token barrier_arrive() const { return arrival_token(); }
    __CUPRITE_D__ void barrier_wait(arrival_token &&) const { details::bar_sync(); }
};
__CUPRITE_D__ thread_block this_thread_block() { return thread_block(); }

/* Scratch for multi-warp tiles that CUDA asks for below sm_80; Cuprite's tiles keep their own
   (as sm_80+ do in reserved shared memory), so it is empty there as here. */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {};
template <unsigned int MaxBlockSize> __CUPRITE_D__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
    return thread_block();
}

/* ---- the grid ----------------------------------------------------------------------------- */

/* Members are static where CUDA's are. */
class grid_group {
  public:
    /* What barrier_arrive hands barrier_wait: the arrival count block thread 0 saw. */
    struct arrival_token {
        unsigned int old;
    };
    __CUPRITE_D__ bool is_valid() const { return details::grid_workspace() != nullptr; }
    __CUPRITE_D__ void sync() const { barrier_wait(barrier_arrive()); }
    /* The split grid barrier: the block's arrival, then (after independent work) the wait. */
    __CUPRITE_D__ arrival_token barrier_arrive() const {
        return arrival_token{details::grid_arrive(details::grid_workspace(), (unsigned int)num_blocks())};
    }
    __CUPRITE_D__ void barrier_wait(arrival_token &&token) const {
        details::grid_wait(details::grid_workspace(), token.old);
    }
    __CUPRITE_D__ static unsigned long long num_blocks() {
        const dim3 n = details::nctaid();
        return (unsigned long long)n.x * n.y * n.z;
    }
    __CUPRITE_D__ static unsigned long long block_rank() {
        const dim3 b = details::ctaid(), n = details::nctaid();
        return ((unsigned long long)b.z * n.y + b.y) * n.x + b.x;
    }
    __CUPRITE_D__ static unsigned long long num_threads() { return num_blocks() * details::block_num_threads(); }
    __CUPRITE_D__ static unsigned long long size() { return num_threads(); }
    __CUPRITE_D__ static unsigned long long thread_rank() {
        return block_rank() * details::block_num_threads() + details::block_thread_rank();
    }
    __CUPRITE_D__ static dim3 block_index() { return details::ctaid(); }
    __CUPRITE_D__ static dim3 dim_blocks() { return details::nctaid(); }
    /* The deprecated group_dim() is the grid in blocks, as CUDA's (details::grid::grid_dim). */
    __CUPRITE_D__ static dim3 group_dim() { return details::nctaid(); }
    __CUPRITE_D__ static dim3 dim_threads() {
        const dim3 n = details::nctaid(), t = details::ntid();
        return dim3(n.x * t.x, n.y * t.y, n.z * t.z);
    }
    __CUPRITE_D__ static dim3 thread_index() {
        const dim3 b = details::ctaid(), n = details::ntid(), t = details::tid();
        return dim3(b.x * n.x + t.x, b.y * n.y + t.y, b.z * n.z + t.z);
    }
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
    /* The grid in clusters (a launch without clusters is one block per cluster). */
    __CUPRITE_D__ static dim3 dim_clusters() {
        unsigned int x, y, z;
        asm("mov.u32 %0, %%nclusterid.x;" : "=r"(x));
        asm("mov.u32 %0, %%nclusterid.y;" : "=r"(y));
        asm("mov.u32 %0, %%nclusterid.z;" : "=r"(z));
        return dim3(x, y, z);
    }
    __CUPRITE_D__ static unsigned long long num_clusters() {
        const dim3 n = dim_clusters();
        return (unsigned long long)n.x * n.y * n.z;
    }
    __CUPRITE_D__ static dim3 cluster_index() {
        unsigned int x, y, z;
        asm("mov.u32 %0, %%clusterid.x;" : "=r"(x));
        asm("mov.u32 %0, %%clusterid.y;" : "=r"(y));
        asm("mov.u32 %0, %%clusterid.z;" : "=r"(z));
        return dim3(x, y, z);
    }
    __CUPRITE_D__ static unsigned long long cluster_rank() {
        const dim3 c = cluster_index(), n = dim_clusters();
        return ((unsigned long long)c.z * n.y + c.y) * n.x + c.x;
    }
#endif
};
__CUPRITE_D__ grid_group this_grid() { return grid_group(); }

/* ---- warp-level groups ---------------------------------------------------------------------- */

/* What tiles and coalesced groups share: a lane mask, the member's rank and the group size;
   `packed`: ranks are positions among the mask's set bits (coalesced groups), else the lane
   minus the mask's first lane (tiles, contiguous). */
class __warp_group {
  protected:
    unsigned int mask_;
    unsigned int size_;
    unsigned int meta_rank_;
    unsigned int meta_size_;
    bool packed_;
    __CUPRITE_D__ __warp_group(unsigned int mask, unsigned int size, unsigned int meta_rank, unsigned int meta_size,
                               bool packed)
        : mask_(mask), size_(size), meta_rank_(meta_rank), meta_size_(meta_size), packed_(packed) {}
    __CUPRITE_D__ unsigned int base_lane() const { return (unsigned int)__builtin_ctz(mask_); }
    __CUPRITE_D__ unsigned int lane_of(unsigned int rank) const {
        return packed_ ? details::nth_lane(mask_, rank) : base_lane() + rank;
    }
    /* Lane bits to rank bits. */
    __CUPRITE_D__ unsigned int to_ranks(unsigned int lanes) const {
        return packed_ ? details::pack_lanes(lanes, mask_) : (lanes & mask_) >> base_lane();
    }

  public:
    __CUPRITE_D__ void sync() const { details::warp_sync(mask_); }
    __CUPRITE_D__ unsigned int thread_rank() const {
        return packed_ ? details::popc(mask_ & details::lanemask_lt()) : details::laneid() - base_lane();
    }
    __CUPRITE_D__ unsigned int size() const { return size_; }
    __CUPRITE_D__ unsigned int num_threads() const { return size_; }
    __CUPRITE_D__ unsigned int meta_group_rank() const { return meta_rank_; }
    __CUPRITE_D__ unsigned int meta_group_size() const { return meta_size_; }
    __CUPRITE_D__ unsigned int get_mask() const { return mask_; }
    /* Whether the group's ranks count its members (a coalesced group), not lanes from its first. */
    __CUPRITE_D__ bool is_packed() const { return packed_; }

    /* Shuffles by rank: a source outside the group returns the caller's own value, as the
       segmented shuffles of a tile do. */
    template <class T> __CUPRITE_D__ T shfl(T var, int src_rank) const {
        const unsigned int src = lane_of((unsigned int)src_rank % size_);
        return details::shfl_idx(mask_, var, src, 0x1f);
    }
    template <class T> __CUPRITE_D__ T shfl_down(T var, unsigned int delta) const {
        const unsigned int rank = thread_rank() + delta;
        const unsigned int src = rank < size_ ? lane_of(rank) : details::laneid();
        return details::shfl_idx(mask_, var, src, 0x1f);
    }
    template <class T> __CUPRITE_D__ T shfl_up(T var, unsigned int delta) const {
        const unsigned int me = thread_rank();
        const unsigned int src = me >= delta ? lane_of(me - delta) : details::laneid();
        return details::shfl_idx(mask_, var, src, 0x1f);
    }
    template <class T> __CUPRITE_D__ T shfl_xor(T var, unsigned int lane_mask) const {
        const unsigned int rank = thread_rank() ^ lane_mask;
        const unsigned int src = rank < size_ ? lane_of(rank) : details::laneid();
        return details::shfl_idx(mask_, var, src, 0x1f);
    }
    /* (A lane outside the member mask contributes 0 to vote.sync; masked again here so that
       engines that let concurrent groups' lanes through still answer right.) */
    __CUPRITE_D__ int any(int p) const { return (details::ballot(mask_, p != 0) & mask_) != 0; }
    __CUPRITE_D__ int all(int p) const { return (details::ballot(mask_, p != 0) & mask_) == mask_; }
    __CUPRITE_D__ unsigned int ballot(int p) const { return to_ranks(details::ballot(mask_, p != 0)); }
    template <class T> __CUPRITE_D__ unsigned int match_any(T v) const {
        return to_ranks(details::match_any(mask_, v));
    }
    template <class T> __CUPRITE_D__ unsigned int match_all(T v, int &pred) const {
        return to_ranks(details::match_all(mask_, v, pred));
    }
};

/* A group of threads of one warp that were active together (coalesced_threads()), or a
   partition of such a group. */
class coalesced_group : public __warp_group {
  public:
    __CUPRITE_D__ explicit coalesced_group(unsigned int mask, unsigned int meta_rank = 0, unsigned int meta_size = 1)
        : __warp_group(mask, details::popc(mask), meta_rank, meta_size, true) {}
};
__CUPRITE_D__ coalesced_group coalesced_threads() { return coalesced_group(details::activemask()); }

/* A tile of Size consecutive threads of the block: a power of two up to 32 (threads of one
   warp) or 64, 128, 256 or 512 (whole warps). ParentT names the group it was partitioned from
   (void: any). */
template <unsigned int Size, class ParentT = void> class thread_block_tile;

/* Tiles of 64, 128, 256 or 512 threads (CUDA 11's multi-warp tiles): sync, ranks, shfl, any,
   all and cg::reduce. A tile synchronizes on the named barrier 1 + its index in the block (a
   block has 15 besides __syncthreads' barrier 0); collectives go through one shared 8-byte slot
   per warp (CUDA's limit for multi-warp collectives is 8 bytes too). */
template <unsigned int Size> class __multi_warp_tile {
    static_assert(Size == 64 || Size == 128 || Size == 256 || Size == 512, "Size must be one of 64/128/256/512");
    static constexpr unsigned int warps = Size / 32;
    unsigned int meta_rank_;
    unsigned int meta_size_;
    /* The slot of the tile's first warp. */
    __CUPRITE_D__ static unsigned long long *tile_slots() {
        return details::warp_slots() + (details::block_thread_rank() & ~(Size - 1)) / 32;
    }
    __CUPRITE_D__ static unsigned int warp_in_tile() { return (details::block_thread_rank() & (Size - 1)) / 32; }

  public:
    __CUPRITE_D__ __multi_warp_tile(unsigned int meta_rank, unsigned int meta_size)
        : meta_rank_(meta_rank), meta_size_(meta_size) {}
    static constexpr unsigned int num_threads() { return Size; }
    static constexpr unsigned int size() { return Size; }
    __CUPRITE_D__ unsigned int thread_rank() const { return details::block_thread_rank() & (Size - 1); }
    __CUPRITE_D__ unsigned int meta_group_rank() const { return meta_rank_; }
    __CUPRITE_D__ unsigned int meta_group_size() const { return meta_size_; }
    __CUPRITE_D__ void sync() const { details::multi_warp_sync(Size); }

    /* Every warp's lane 0 stores `per_warp` (a value of this warp) in the warp's slot; after the
       tile's barrier, fold(slots) runs on every thread; a second barrier frees the slots. */
    template <class T, class Fold> __CUPRITE_D__ T exchange(T per_warp, Fold fold) const {
        static_assert(sizeof(T) <= 8, "multi-warp tile collectives are limited to 8-byte types");
        unsigned long long *slots = tile_slots();
        if (details::laneid() == 0) {
            __builtin_memcpy(&slots[warp_in_tile()], &per_warp, sizeof(T));
        }
        sync();
        const T r = fold(slots);
        sync();
        return r;
    }
    template <class T> __CUPRITE_D__ T shfl(T var, unsigned int src_rank) const {
        src_rank &= Size - 1;
        const T mine = details::shfl_idx(0xffffffffu, var, src_rank % 32, 0x1f);
        return exchange(mine, [src_rank](const unsigned long long *slots) {
            T r;
            __builtin_memcpy(&r, &slots[src_rank / 32], sizeof(T));
            return r;
        });
    }
    __CUPRITE_D__ int any(int p) const {
        const unsigned int votes = details::ballot(0xffffffffu, p != 0);
        return exchange(votes, [](const unsigned long long *slots) {
            int r = 0;
            for (unsigned int w = 0; w < warps; ++w) {
                r |= (unsigned int)slots[w] != 0;
            }
            return r;
        });
    }
    __CUPRITE_D__ int all(int p) const {
        const unsigned int votes = details::ballot(0xffffffffu, p != 0);
        return exchange(votes, [](const unsigned long long *slots) {
            int r = 1;
            for (unsigned int w = 0; w < warps; ++w) {
                r &= (unsigned int)slots[w] == 0xffffffffu;
            }
            return r;
        });
    }
    /* cg::reduce over the tile in CUDA's order: a butterfly in each warp, then a butterfly over
       the warps' results, whose lane w is what warp w's threads get. */
    template <class T, class Op> __CUPRITE_D__ T reduce(T val, Op op) const {
        for (unsigned int m = 16; m > 0; m >>= 1) {
            val = op(val, details::shfl_bfly(0xffffffffu, val, m, 0x1f));
        }
        const unsigned int me = warp_in_tile();
        return exchange(val, [op, me](const unsigned long long *slots) {
            T w[warps];
            for (unsigned int i = 0; i < warps; ++i) {
                __builtin_memcpy(&w[i], &slots[i], sizeof(T));
            }
            for (unsigned int m = warps >> 1; m > 0; m >>= 1) {
                T next[warps];
                for (unsigned int i = 0; i < warps; ++i) {
                    next[i] = op(w[i], w[i ^ m]);
                }
                for (unsigned int i = 0; i < warps; ++i) {
                    w[i] = next[i];
                }
            }
            return w[me];
        });
    }
};

template <unsigned int Size, bool MultiWarp = (Size > 32)> class __tile_base;

template <unsigned int Size> class __tile_base<Size, true> : public __multi_warp_tile<Size> {
  public:
    __CUPRITE_D__ __tile_base(unsigned int meta_rank, unsigned int meta_size) : __multi_warp_tile<Size>(meta_rank, meta_size) {}
};

template <unsigned int Size> class __tile_base<Size, false> : public __warp_group {
    static_assert(Size > 0 && (Size & (Size - 1)) == 0, "tiles of 1, 2, 4, 8, 16 or 32 threads, or 64, 128, 256 or 512");

  public:
    static constexpr unsigned int num_threads() { return Size; }
    static constexpr unsigned int size() { return Size; }
    __CUPRITE_D__ __tile_base(unsigned int meta_rank, unsigned int meta_size)
        : __warp_group(Size == 32 ? 0xffffffffu : (unsigned int)((1ull << Size) - 1) << (details::laneid() & ~(Size - 1)), Size,
                       meta_rank, meta_size, false) {}
    __CUPRITE_D__ unsigned int thread_rank() const { return details::laneid() & (Size - 1); }
    /* Tiles shuffle with the segmented forms (width = Size). */
    template <class T> __CUPRITE_D__ T shfl(T var, int src_rank) const {
        return details::shfl_idx(mask_, var, (unsigned int)src_rank, __CUPRITE_SHFL_C(Size));
    }
    template <class T> __CUPRITE_D__ T shfl_down(T var, unsigned int delta) const {
        return details::shfl_down(mask_, var, delta, __CUPRITE_SHFL_C(Size));
    }
    template <class T> __CUPRITE_D__ T shfl_up(T var, unsigned int delta) const {
        return details::shfl_up(mask_, var, delta, __CUPRITE_SHFL_UP_C(Size));
    }
    template <class T> __CUPRITE_D__ T shfl_xor(T var, unsigned int lane_mask) const {
        return details::shfl_bfly(mask_, var, lane_mask, __CUPRITE_SHFL_C(Size));
    }
};

template <unsigned int Size> class thread_block_tile<Size, void> : public __tile_base<Size> {
  public:
    __CUPRITE_D__ thread_block_tile(unsigned int meta_rank, unsigned int meta_size) : __tile_base<Size>(meta_rank, meta_size) {}
};

template <unsigned int Size, class ParentT> class thread_block_tile : public thread_block_tile<Size, void> {
  public:
    __CUPRITE_D__ thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
        : thread_block_tile<Size, void>(meta_rank, meta_size) {}
};

/* Tiles of a block (meta group: the tiles of the block) or of a bigger tile. */
template <unsigned int Size, class ParentT> __CUPRITE_D__ thread_block_tile<Size, ParentT> tiled_partition(const ParentT &g) {
    return thread_block_tile<Size, ParentT>(g.thread_rank() / Size, (g.num_threads() + Size - 1) / Size);
}

/* The calling thread as a group of one. */
__CUPRITE_D__ thread_block_tile<1> this_thread() {
    return thread_block_tile<1>(details::block_thread_rank(), details::block_num_threads());
}

/* A type-erased group (what the dynamic tiled_partition returns). */
class thread_group {
    enum class kind { block, warp };
    kind kind_;
    __warp_group warp_;
    struct open_warp_group : __warp_group {
        __CUPRITE_D__ open_warp_group(unsigned int mask, unsigned int size, unsigned int r, unsigned int s, bool packed)
            : __warp_group(mask, size, r, s, packed) {}
    };

  public:
    __CUPRITE_D__ thread_group(const thread_block &) : kind_(kind::block), warp_(open_warp_group(0, 0, 0, 1, false)) {}
    __CUPRITE_D__ thread_group(const __warp_group &g) : kind_(kind::warp), warp_(g) {}
    __CUPRITE_D__ void sync() const {
        if (kind_ == kind::block) {
            details::bar_sync();
        } else {
            warp_.sync();
        }
    }
    __CUPRITE_D__ unsigned long long thread_rank() const {
        return kind_ == kind::block ? details::block_thread_rank() : warp_.thread_rank();
    }
    __CUPRITE_D__ unsigned long long num_threads() const {
        return kind_ == kind::block ? details::block_num_threads() : warp_.num_threads();
    }
    __CUPRITE_D__ unsigned long long size() const { return num_threads(); }
    __CUPRITE_D__ unsigned int meta_group_rank() const { return warp_.meta_group_rank(); }
    __CUPRITE_D__ unsigned int meta_group_size() const { return warp_.meta_group_size(); }
    __CUPRITE_D__ bool is_valid() const { return true; }
    /* The dynamic tiled_partition, as CUDA's header computes it. A block's tiles take
       consecutive lanes (the block's last tile may be short); so do a tile's, whose meta group
       size rounds down; a coalesced group's take consecutive ranks of its members, and a group
       no bigger than the tile is the tile. */
    __CUPRITE_D__ thread_group tiled(unsigned int n) const {
        details::check_tile_size(n);
        if (kind_ == kind::block) {
            const unsigned int rank = details::block_thread_rank(), size = details::block_num_threads();
            const unsigned int base = rank & ~(n - 1), len = size - base < n ? size - base : n;
            const unsigned int mask = details::low_lanes(len) << (details::laneid() & ~(n - 1));
            return thread_group(open_warp_group(mask, details::popc(mask), rank / n, (size + n - 1) / n, false));
        }
        const unsigned int rank = warp_.thread_rank(), size = warp_.size();
        if (size <= n) {
            return *this;
        }
        if (warp_.is_packed()) {
            const unsigned int mask = details::ranks_of(warp_.get_mask(), rank & ~(n - 1), n);
            return thread_group(open_warp_group(mask, details::popc(mask), rank / n, (size + n - 1) / n, true));
        }
        const unsigned int base = rank & ~(n - 1), len = size - base < n ? size - base : n;
        const unsigned int mask = details::low_lanes(len) << (details::laneid() & ~(n - 1));
        return thread_group(open_warp_group(mask, details::popc(mask), rank / n, size / n, false));
    }
};

/* Dynamic tiles (tile_size a power of two up to 32; another size traps, as CUDA's abort()). */
__CUPRITE_D__ thread_group tiled_partition(const thread_group &parent, unsigned int tile_size) {
    return parent.tiled(tile_size);
}
__CUPRITE_D__ thread_group tiled_partition(const thread_block &parent, unsigned int tile_size) {
    return tiled_partition(thread_group(parent), tile_size);
}
/* A coalesced group's tiles stay coalesced groups: consecutive ranks of its members. */
__CUPRITE_D__ coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tile_size) {
    details::check_tile_size(tile_size);
    const unsigned int rank = parent.thread_rank(), size = parent.size();
    if (size <= tile_size) {
        return parent;
    }
    return coalesced_group(details::ranks_of(parent.get_mask(), rank & ~(tile_size - 1), tile_size), rank / tile_size,
                           (size + tile_size - 1) / tile_size);
}

/* Threads of a warp group with equal labels form a group; the groups are ranked by their
   first lane (meta_group_rank), and meta_group_size counts them, as CUDA's do. */
template <class Label> __CUPRITE_D__ coalesced_group labeled_partition(const __warp_group &g, Label label) {
    const unsigned int mask = details::match_any(g.get_mask(), label) & g.get_mask();
    const unsigned int first = mask & (0u - mask);
    const unsigned int leaders = details::ballot(g.get_mask(), (details::lanemask_eq() & first) != 0) & g.get_mask();
    return coalesced_group(mask, details::popc(leaders & (first - 1)), details::popc(leaders));
}
/* The threads whose predicate is true form group 1 of 2, the others group 0; when all agree,
   the one group is 0 of 1. */
__CUPRITE_D__ coalesced_group binary_partition(const __warp_group &g, bool pred) {
    const unsigned int yes = details::ballot(g.get_mask(), pred) & g.get_mask();
    if (yes == 0 || yes == g.get_mask()) {
        return coalesced_group(g.get_mask());
    }
    return coalesced_group(pred ? yes : g.get_mask() & ~yes, pred ? 1 : 0, 2);
}

/* ---- clusters (sm_90) --------------------------------------------------------------------- */

/* Declared for the host pass too: kernels that use clusters are parsed there as well. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
/* Members are static, as CUDA's are. */
class cluster_group {
    __CUPRITE_D__ static unsigned int sreg(unsigned int which) {
        unsigned int r;
        switch (which) {
        case 0:
            asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
            break;
        default:
            asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(r));
            break;
        }
        return r;
    }

  public:
    /* barrier_arrive's result, for barrier_wait (empty, as CUDA's). */
    struct arrival_token {};
    __CUPRITE_D__ static void sync() {
        asm volatile("barrier.cluster.arrive;\n\tbarrier.cluster.wait;" ::: "memory");
    }
    __CUPRITE_D__ static arrival_token barrier_arrive() {
        asm volatile("barrier.cluster.arrive;" ::: "memory");
        return arrival_token();
    }
    __CUPRITE_D__ static void barrier_wait() { asm volatile("barrier.cluster.wait;" ::: "memory"); }
    __CUPRITE_D__ static void barrier_wait(arrival_token &&) { barrier_wait(); }
    __CUPRITE_D__ static unsigned int block_rank() { return sreg(0); }
    __CUPRITE_D__ static unsigned int num_blocks() { return sreg(1); }
    __CUPRITE_D__ static dim3 block_index() {
        unsigned int x, y, z;
        asm("mov.u32 %0, %%cluster_ctaid.x;" : "=r"(x));
        asm("mov.u32 %0, %%cluster_ctaid.y;" : "=r"(y));
        asm("mov.u32 %0, %%cluster_ctaid.z;" : "=r"(z));
        return dim3(x, y, z);
    }
    __CUPRITE_D__ static dim3 dim_blocks() {
        unsigned int x, y, z;
        asm("mov.u32 %0, %%cluster_nctaid.x;" : "=r"(x));
        asm("mov.u32 %0, %%cluster_nctaid.y;" : "=r"(y));
        asm("mov.u32 %0, %%cluster_nctaid.z;" : "=r"(z));
        return dim3(x, y, z);
    }
    /* The thread's index in the cluster, and the cluster's extent, in threads per dimension. */
    __CUPRITE_D__ static dim3 thread_index() {
        const dim3 b = block_index(), n = details::ntid(), t = details::tid();
        return dim3(b.x * n.x + t.x, b.y * n.y + t.y, b.z * n.z + t.z);
    }
    __CUPRITE_D__ static dim3 dim_threads() {
        const dim3 b = dim_blocks(), n = details::ntid();
        return dim3(b.x * n.x, b.y * n.y, b.z * n.z);
    }
    __CUPRITE_D__ static unsigned int num_threads() { return num_blocks() * details::block_num_threads(); }
    __CUPRITE_D__ static unsigned int size() { return num_threads(); }
    __CUPRITE_D__ static unsigned int thread_rank() {
        return block_rank() * details::block_num_threads() + details::block_thread_rank();
    }
    /* The address of `addr` (a shared variable) in block `rank` of the cluster. */
    template <class T> __CUPRITE_D__ static T *map_shared_rank(T *addr, int rank) {
        unsigned long long r;
        asm volatile("mapa.u64 %0, %1, %2;" : "=l"(r) : "l"(addr), "r"(rank));
        return (T *)r;
    }
    /* The rank of the block whose shared memory holds `addr` (a generic address, as nvcc's
       getctarank.u64: ptxas rejects a 64-bit address under .shared::cluster.u32, which made a
       cuprite nvcc build's module invalid PTX on an H200). */
    __CUPRITE_D__ static unsigned int query_shared_rank(const void *addr) {
        unsigned int r;
        asm volatile("getctarank.u64 %0, %1;" : "=r"(r) : "l"(addr));
        return r;
    }
    static constexpr bool is_valid() { return true; }
};
__CUPRITE_D__ cluster_group this_cluster() { return cluster_group(); }
#endif

/* ---- free functions ----------------------------------------------------------------------- */

template <class Group> __CUPRITE_D__ void sync(const Group &g) { g.sync(); }
template <class Group> __CUPRITE_D__ unsigned long long thread_rank(const Group &g) { return g.thread_rank(); }
template <class Group> __CUPRITE_D__ unsigned long long group_size(const Group &g) { return g.num_threads(); }

/* Runs fn(args...) on one thread of the group (rank 0). */
template <class Group, class Fn, class... Args> __CUPRITE_D__ void invoke_one(const Group &g, Fn &&fn, Args &&...args) {
    if (g.thread_rank() == 0) {
        fn(static_cast<Args &&>(args)...);
    }
}
/* invoke_one, its result given to every thread of the (warp-level) group. */
template <class Group, class Fn, class... Args>
__CUPRITE_D__ auto invoke_one_broadcast(const Group &g, Fn &&fn, Args &&...args) -> decltype(fn(static_cast<Args &&>(args)...)) {
    decltype(fn(static_cast<Args &&>(args)...)) r{};
    if (g.thread_rank() == 0) {
        r = fn(static_cast<Args &&>(args)...);
    }
    return g.shfl(r, 0);
}

} // namespace cooperative_groups

#include "cooperative_groups/reduce.h"
#include "cooperative_groups/scan.h"
#include "cooperative_groups/memcpy_async.h"

#endif /* __cplusplus && __CUDA__ */
#endif /* __CUPRITE_COOPERATIVE_GROUPS_H__ */
