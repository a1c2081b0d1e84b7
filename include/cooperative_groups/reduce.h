/*
 * Cuprite: cooperative_groups::reduce and its operators (CUDA 13's cooperative_groups/reduce.h).
 * A tree over shfl_down (ranks r and r + d combine for d = 1, 2, 4, ...), then rank 0's value
 * broadcast: every thread of the group gets the result. Works on tiles and coalesced groups;
 * multi-warp tiles (64-512 threads) combine their warps' results through shared memory.
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

template <class Group, class T, class Op>
__CUPRITE_D__ T details::group_reduce<false>::run(const Group &g, T val, Op op) {
    const unsigned int n = (unsigned int)g.num_threads(), rank = (unsigned int)g.thread_rank();
    for (unsigned int d = 1; d < n; d <<= 1) {
        const T other = g.shfl_down(val, d);
        if (rank + d < n && (rank & (2 * d - 1)) == 0) {
            val = op(val, other);
        }
    }
    return g.shfl(val, 0);
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
