/*
 * Cuprite: cooperative_groups::reduce and its operators (CUDA 13's cooperative_groups/reduce.h).
 * The order of operations is CUDA's, so float sums and non-commutative operators give its bits:
 * a tile of up to 32 threads is a butterfly (val = op(val, shfl_xor(val, m)) for m = Size/2 .. 1,
 * each thread keeping its own result); a coalesced group of 32 threads the same, a smaller one an
 * inclusive scan whose last rank's value is broadcast; multi-warp tiles (64-512 threads) a
 * butterfly in each warp, then one over the warps' results through shared memory.
 */
#ifndef __CUPRITE_CG_REDUCE_H__
#define __CUPRITE_CG_REDUCE_H__

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace cooperative_groups {

template <class T> struct plus {
    __CUPRITE_HD__ T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less {
    __CUPRITE_HD__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T> struct greater {
    __CUPRITE_HD__ T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
    __CUPRITE_HD__ T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
    __CUPRITE_HD__ T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
    __CUPRITE_HD__ T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace details {
/* Multi-warp tiles reduce through shared memory (their own reduce); other groups by shuffles. */
template <class Group> struct reduces_across_warps {
    static constexpr bool value = false;
};
template <unsigned int Size, class ParentT> struct reduces_across_warps<thread_block_tile<Size, ParentT>> {
    static constexpr bool value = Size > 32;
};
template <bool AcrossWarps> struct group_reduce;
template <> struct group_reduce<true> {
    template <class Group, class T, class Op> __CUPRITE_D__ static T run(const Group &g, T val, Op op) {
        return g.reduce(val, op);
    }
};
template <> struct group_reduce<false> {
    template <class Group, class T, class Op> __CUPRITE_D__ static T run(const Group &g, T val, Op op);
};
} // namespace details

template <class Group, class T, class Op> __CUPRITE_D__ T reduce(const Group &g, T val, Op op) {
    return details::group_reduce<details::reduces_across_warps<Group>::value>::run(g, val, op);
}

namespace details {
/* CUDA's coalesced_reduce of a single-warp tile (cooperative_groups/details/coalesced_reduce.h). */
template <class Group, class T, class Op> __CUPRITE_D__ T butterfly_reduce(const Group &g, unsigned int size, T val, Op op) {
    for (unsigned int m = size >> 1; m > 0; m >>= 1) {
        val = op(val, g.shfl_xor(val, m));
    }
    return val;
}
/* Rank r combines its own partial result with rank r - d's, op(own, earlier), for d = 1, 2, 4,
   ...: CUDA's inclusive_scan_contiguous / inclusive_scan_non_contiguous. */
template <class Group, class T, class Op> __CUPRITE_D__ T hillis_steele_scan(const Group &g, T val, Op op) {
    const unsigned int n = (unsigned int)g.num_threads(), rank = (unsigned int)g.thread_rank();
    for (unsigned int d = 1; d < n; d <<= 1) {
        const T other = g.shfl_up(val, d);
        if (rank >= d) {
            val = op(val, other);
        }
    }
    return val;
}
template <unsigned int Size, class P, class T, class Op>
__CUPRITE_D__ T warp_reduce(const thread_block_tile<Size, P> &g, T val, Op op) {
    return butterfly_reduce(g, Size, val, op);
}
/* Coalesced groups (and partitions of them): a full warp as a tile of 32, else the last rank's
   inclusive scan. */
template <class Group, class T, class Op> __CUPRITE_D__ T warp_reduce(const Group &g, T val, Op op) {
    const unsigned int n = (unsigned int)g.num_threads();
    if (n == 32) {
        return butterfly_reduce(g, 32, val, op);
    }
    return g.shfl(hillis_steele_scan(g, val, op), (int)(n - 1));
}
} // namespace details

template <class Group, class T, class Op>
__CUPRITE_D__ T details::group_reduce<false>::run(const Group &g, T val, Op op) {
    return warp_reduce(g, val, op);
}

/* CUDA 12's asynchronous reductions into a destination (cuda::atomic, cuda::atomic_ref or a
   plain pointer): rank 0 stores the group's result, or combines it into the atomic with `op`.
   CUDA picks fetch_add/min/max/and/or/xor for integral operands and a compare-exchange loop
   otherwise; each leaves op(old, result) and returns old, as the loop here does for all. */
namespace details {
template <class T> struct is_ptr {
    static constexpr bool value = false;
};
template <class T> struct is_ptr<T *> {
    static constexpr bool value = true;
};
template <class T> struct is_ptr<T *&> {
    static constexpr bool value = true;
};
template <class T> struct is_ptr<T *const &> {
    static constexpr bool value = true;
};
template <bool Pointer> struct dst_access;
template <> struct dst_access<true> {
    template <class P, class T> __CUPRITE_D__ static void store(P p, const T &v) { *p = v; }
};
template <> struct dst_access<false> {
    template <class A, class T> __CUPRITE_D__ static void store(A &a, const T &v) { a.store(v); }
};
/* Combines `val` into the atomic `a` with `op`; returns the value it held before. */
template <class A, class T, class Op> __CUPRITE_D__ T atomic_update(A &a, T val, Op op) {
    T old = a.load();
    while (!a.compare_exchange_weak(old, op(old, val))) {
    }
    return old;
}
} // namespace details

template <class Group, class Atomic, class T, class Op>
__CUPRITE_D__ void reduce_update_async(const Group &g, Atomic &&dst, T val, Op op) {
    const T r = reduce(g, val, op);
    if (g.thread_rank() == 0) {
        details::atomic_update(dst, r, op);
    }
}
template <class Group, class Dst, class T, class Op>
__CUPRITE_D__ void reduce_store_async(const Group &g, Dst &&dst, T val, Op op) {
    const T r = reduce(g, val, op);
    if (g.thread_rank() == 0) {
        details::dst_access<details::is_ptr<Dst>::value>::store(dst, r);
    }
}

/* The reduction stored into *dst as well, by one atomic-free store of rank 0. */
template <class Group, class T, class Op> __CUPRITE_D__ void reduce_store(const Group &g, T *dst, T val, Op op) {
    const T r = reduce(g, val, op);
    if (g.thread_rank() == 0) {
        *dst = r;
    }
}

} // namespace cooperative_groups
#endif
#endif
