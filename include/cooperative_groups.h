/* Cuprite's CUDA toolkit headers: Cooperative Groups (Programming Guide, "Cooperative Groups"):
 * thread blocks, tiles, coalesced groups, the grid and clusters, their collectives, and
 * reduce/scan (cooperative_groups/reduce.h, scan.h) and memcpy_async
 * (cooperative_groups/memcpy_async.h), all in this one header. Written for Cuprite. */
#pragma once
#if defined(__cplusplus) && defined(__CUDACC__)

namespace cooperative_groups {

namespace __cuprite {
__device__ __forceinline__ unsigned int lane_id() { return __nvvm_read_ptx_sreg_laneid(); }
__device__ __forceinline__ unsigned int block_thread_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
__device__ __forceinline__ unsigned int block_size() { return blockDim.x * blockDim.y * blockDim.z; }
__device__ __forceinline__ unsigned long long block_rank_in_grid() {
    return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}
__device__ __forceinline__ unsigned long long grid_blocks() {
    return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
}
/* The cooperative launch's grid barrier word (%envreg1:%envreg2, zeroed by the runtime). */
__device__ __forceinline__ unsigned int *grid_workspace() {
    unsigned int hi, lo;
    asm volatile("mov.u32 %0, %%envreg1;" : "=r"(hi));
    asm volatile("mov.u32 %0, %%envreg2;" : "=r"(lo));
    return (unsigned int *)(((unsigned long long)hi << 32) | lo);
}
/* A sense-reversing grid barrier: every block's first thread adds 1 (block 0 adds
 * 0x80000000 - (blocks - 1)), so the word's top bit flips once all blocks arrived. */
__device__ __forceinline__ void grid_sync() {
    unsigned int *word = grid_workspace();
    __syncthreads();
    if (block_thread_rank() == 0) {
        unsigned int blocks = (unsigned int)grid_blocks();
        unsigned int add = block_rank_in_grid() == 0 ? 0x80000000u - (blocks - 1) : 1u;
        __threadfence();
        unsigned int old = atomicAdd(word, add);
        while (((old ^ *(volatile unsigned int *)word) & 0x80000000u) == 0) {
        }
        __threadfence();
    }
    __syncthreads();
}
} // namespace __cuprite

/* A group of threads known at run time: its lanes within a warp (mask), or a whole block. */
class thread_group {
  protected:
    unsigned int mask_;      /* member lanes, for a group within one warp */
    unsigned int size_;      /* number of threads */
    unsigned int rank_;      /* this thread's rank */
    bool block_;             /* the whole thread block */
  public:
    __device__ thread_group(unsigned int mask, unsigned int size, unsigned int rank, bool block)
        : mask_(mask), size_(size), rank_(rank), block_(block) {}
    __device__ void sync() const {
        if (block_) __syncthreads();
        else __syncwarp(mask_);
    }
    __device__ unsigned long long size() const { return size_; }
    __device__ unsigned long long num_threads() const { return size_; }
    __device__ unsigned long long thread_rank() const { return rank_; }
    __device__ unsigned int get_mask() const { return mask_; }
};

class thread_block : public thread_group {
  public:
    __device__ thread_block()
        : thread_group(0xffffffffu, __cuprite::block_size(), __cuprite::block_thread_rank(), true) {}
    __device__ static void sync() { __syncthreads(); }
    __device__ static unsigned int size() { return __cuprite::block_size(); }
    __device__ static unsigned int num_threads() { return __cuprite::block_size(); }
    __device__ static unsigned int thread_rank() { return __cuprite::block_thread_rank(); }
    __device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __device__ static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ static dim3 group_dim() { return dim_threads(); }
};
__device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

class grid_group {
  public:
    __device__ static void sync() { __cuprite::grid_sync(); }
    __device__ static bool is_valid() { return __cuprite::grid_workspace() != nullptr; }
    __device__ static unsigned long long size() { return __cuprite::grid_blocks() * __cuprite::block_size(); }
    __device__ static unsigned long long num_threads() { return size(); }
    __device__ static unsigned long long thread_rank() {
        return __cuprite::block_rank_in_grid() * __cuprite::block_size() + __cuprite::block_thread_rank();
    }
    __device__ static unsigned long long block_rank() { return __cuprite::block_rank_in_grid(); }
    __device__ static unsigned long long num_blocks() { return __cuprite::grid_blocks(); }
    __device__ static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ static dim3 group_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    __device__ static dim3 dim_blocks() { return group_dim(); }
};
__device__ __forceinline__ grid_group this_grid() { return grid_group(); }

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
class cluster_group {
  public:
    __device__ static void sync() {
        asm volatile("barrier.cluster.arrive;\n\tbarrier.cluster.wait;" ::: "memory");
    }
    __device__ static void barrier_arrive() { asm volatile("barrier.cluster.arrive;" ::: "memory"); }
    __device__ static void barrier_wait() { asm volatile("barrier.cluster.wait;" ::: "memory"); }
    __device__ static unsigned int block_rank() { return __nvvm_read_ptx_sreg_cluster_ctarank(); }
    __device__ static unsigned int num_blocks() { return __nvvm_read_ptx_sreg_cluster_nctarank(); }
    __device__ static unsigned int size() { return num_blocks() * __cuprite::block_size(); }
    __device__ static unsigned int num_threads() { return size(); }
    __device__ static unsigned int thread_rank() { return block_rank() * __cuprite::block_size() + __cuprite::block_thread_rank(); }
    __device__ static dim3 block_index() {
        return dim3(__nvvm_read_ptx_sreg_cluster_ctaid_x(), __nvvm_read_ptx_sreg_cluster_ctaid_y(),
                    __nvvm_read_ptx_sreg_cluster_ctaid_z());
    }
    __device__ static dim3 dim_blocks() {
        return dim3(__nvvm_read_ptx_sreg_cluster_nctaid_x(), __nvvm_read_ptx_sreg_cluster_nctaid_y(),
                    __nvvm_read_ptx_sreg_cluster_nctaid_z());
    }
    template <class T> __device__ static T *map_shared_rank(T *addr, int rank) {
        return (T *)__nvvm_mapa((void *)addr, rank);
    }
    __device__ static unsigned int query_shared_rank(const void *addr) { return __nvvm_getctarank((void *)addr); }
};
__device__ __forceinline__ cluster_group this_cluster() { return cluster_group(); }
#endif

/* The active threads of a warp (or a subset of them), ranked by lane. */
class coalesced_group : public thread_group {
  public:
    __device__ explicit coalesced_group(unsigned int mask)
        : thread_group(mask, __builtin_popcount(mask), __builtin_popcount(mask & __lanemask_lt()), false) {}
    __device__ unsigned int meta_group_rank() const { return 0; }
    __device__ unsigned int meta_group_size() const { return 1; }
    /* The lane of the member with rank r (the r-th set bit of the mask). */
    __device__ unsigned int lane_of(unsigned int r) const { return __fns(mask_, 0, (int)r + 1); }
    template <class T> __device__ T shfl(T v, unsigned int src_rank) const {
        return __shfl_sync(mask_, v, (int)lane_of(src_rank), 32);
    }
    template <class T> __device__ T shfl_down(T v, unsigned int delta) const {
        unsigned int r = rank_ + delta;
        T got = __shfl_sync(mask_, v, (int)lane_of(r < size_ ? r : rank_), 32);
        return r < size_ ? got : v;
    }
    template <class T> __device__ T shfl_up(T v, unsigned int delta) const {
        T got = __shfl_sync(mask_, v, (int)lane_of(rank_ >= delta ? rank_ - delta : rank_), 32);
        return rank_ >= delta ? got : v;
    }
    __device__ unsigned int ballot(int pred) const {
        unsigned int lanes = __ballot_sync(mask_, pred);
        unsigned int out = 0, r = 0;
        for (unsigned int m = mask_; m; m &= m - 1, ++r)
            if (lanes & (m & -m)) out |= 1u << r;
        return out;
    }
    __device__ int any(int pred) const { return __ballot_sync(mask_, pred) != 0; }
    __device__ int all(int pred) const { return __ballot_sync(mask_, pred) == mask_; }
};
__device__ __forceinline__ coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

/* A tile of Size threads (a power of two up to 32), partitioning its parent block or tile. */
template <unsigned int Size, class Parent = void> class thread_block_tile : public thread_group {
    static_assert(Size > 0 && Size <= 32 && (Size & (Size - 1)) == 0, "tile sizes are powers of two up to 32");
    static __device__ unsigned int tile_mask() {
        unsigned int base = (__cuprite::block_thread_rank() % 32) / Size * Size;
        return (Size == 32 ? 0xffffffffu : ((1u << Size) - 1)) << base;
    }
  public:
    __device__ thread_block_tile()
        : thread_group(tile_mask(), Size, __cuprite::block_thread_rank() % Size, false) {}
    template <class P> __device__ thread_block_tile(const thread_block_tile<Size, P> &) : thread_block_tile() {}
    __device__ static constexpr unsigned int size() { return Size; }
    __device__ static constexpr unsigned int num_threads() { return Size; }
    __device__ static unsigned int thread_rank() { return __cuprite::block_thread_rank() % Size; }
    __device__ static unsigned int meta_group_rank() { return __cuprite::block_thread_rank() / Size; }
    __device__ static unsigned int meta_group_size() { return (__cuprite::block_size() + Size - 1) / Size; }
    __device__ void sync() const { __syncwarp(mask_); }
    template <class T> __device__ T shfl(T v, int src) const { return __shfl_sync(mask_, v, src, Size); }
    template <class T> __device__ T shfl_down(T v, unsigned int d) const { return __shfl_down_sync(mask_, v, d, Size); }
    template <class T> __device__ T shfl_up(T v, unsigned int d) const { return __shfl_up_sync(mask_, v, d, Size); }
    template <class T> __device__ T shfl_xor(T v, unsigned int m) const { return __shfl_xor_sync(mask_, v, m, Size); }
    __device__ unsigned int ballot(int pred) const {
        unsigned int base = (__cuprite::block_thread_rank() % 32) / Size * Size;
        return (__ballot_sync(mask_, pred) & mask_) >> base;
    }
    __device__ int any(int pred) const { return (__ballot_sync(mask_, pred) & mask_) != 0; }
    __device__ int all(int pred) const { return (__ballot_sync(mask_, pred) & mask_) == mask_; }
    template <class T> __device__ unsigned int match_any(T v) const {
        unsigned int base = (__cuprite::block_thread_rank() % 32) / Size * Size;
        return (__match_any_sync(mask_, v) & mask_) >> base;
    }
    template <class T> __device__ unsigned int match_all(T v, int &pred) const {
        unsigned int base = (__cuprite::block_thread_rank() % 32) / Size * Size;
        return (__match_all_sync(mask_, v, &pred) & mask_) >> base;
    }
};

template <unsigned int Size, class Parent> __device__ thread_block_tile<Size, Parent> tiled_partition(const Parent &) {
    return thread_block_tile<Size, Parent>();
}
/* A run-time tile size: a thread_group of `size` consecutive threads (a power of two up to 32). */
__device__ __forceinline__ thread_group tiled_partition(const thread_group &parent, unsigned int size) {
    unsigned int rank = (unsigned int)parent.thread_rank();
    unsigned int lane = __cuprite::lane_id();
    unsigned int base = lane / size * size;
    unsigned int mask = (size >= 32 ? 0xffffffffu : ((1u << size) - 1)) << base;
    return thread_group(mask, size, rank % size, false);
}

/* Partitions by label: the members of `g` with the same label. */
template <class Group> __device__ coalesced_group labeled_partition(const Group &g, int label) {
    return coalesced_group(__match_any_sync(g.get_mask(), label) & g.get_mask());
}
template <class Group> __device__ coalesced_group binary_partition(const Group &g, bool pred) {
    unsigned int yes = __ballot_sync(g.get_mask(), pred) & g.get_mask();
    return coalesced_group(pred ? yes : (g.get_mask() & ~yes));
}

template <class Group> __device__ void sync(const Group &g) { g.sync(); }
template <class Group> __device__ unsigned long long thread_rank(const Group &g) { return g.thread_rank(); }
template <class Group> __device__ unsigned long long group_size(const Group &g) { return g.num_threads(); }

/* Reductions and scans over a tile or coalesced group (cooperative_groups/reduce.h, scan.h). */
template <class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };

/* Every member gets op over all members' values (a butterfly on the group's shuffles). */
template <class Group, class T, class Op> __device__ T reduce(const Group &g, T value, Op op) {
    unsigned int n = (unsigned int)g.num_threads();
    unsigned int r = (unsigned int)g.thread_rank();
    T acc = value;
    /* Inclusive scan, then broadcast the last member's total: works for any group size. */
    for (unsigned int d = 1; d < n; d <<= 1) {
        T other = g.shfl_up(acc, d);
        if (r >= d) acc = op(other, acc);
    }
    return g.shfl(acc, n - 1);
}
template <class Group, class T, class Op> __device__ T inclusive_scan(const Group &g, T value, Op op) {
    unsigned int n = (unsigned int)g.num_threads();
    unsigned int r = (unsigned int)g.thread_rank();
    T acc = value;
    for (unsigned int d = 1; d < n; d <<= 1) {
        T other = g.shfl_up(acc, d);
        if (r >= d) acc = op(other, acc);
    }
    return acc;
}
template <class Group, class T> __device__ T inclusive_scan(const Group &g, T value) {
    return inclusive_scan(g, value, plus<T>());
}
/* Member r gets op over members 0..r-1 (member 0: a value-initialized T). */
template <class Group, class T, class Op> __device__ T exclusive_scan(const Group &g, T value, Op op) {
    T inc = inclusive_scan(g, value, op);
    T prev = g.shfl_up(inc, 1);
    return g.thread_rank() == 0 ? T() : prev;
}
template <class Group, class T> __device__ T exclusive_scan(const Group &g, T value) {
    return exclusive_scan(g, value, plus<T>());
}

/* memcpy_async: the group's threads copy together; the copy is complete when wait() returns
 * (here it completes before memcpy_async returns, which the API allows). */
template <class Group> __device__ void memcpy_async(const Group &g, void *dst, const void *src, size_t bytes) {
    unsigned long long n = g.num_threads(), r = g.thread_rank();
    for (size_t i = r; i < bytes; i += n) ((char *)dst)[i] = ((const char *)src)[i];
}
template <class Group, class T> __device__ void memcpy_async(const Group &g, T *dst, const T *src, size_t bytes) {
    memcpy_async(g, (void *)dst, (const void *)src, bytes);
}
template <class Group> __device__ void wait(const Group &g) { g.sync(); }
template <class Group> __device__ void wait_prior(const Group &g) { g.sync(); }

} // namespace cooperative_groups
#endif
