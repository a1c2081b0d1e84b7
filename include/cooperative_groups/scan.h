/*
 * Cuprite: cooperative_groups::inclusive_scan / exclusive_scan (CUDA 13's
 * cooperative_groups/scan.h): Hillis-Steele over shfl_up, on tiles and coalesced groups.
 */
#ifndef __CUPRITE_CG_SCAN_H__
#define __CUPRITE_CG_SCAN_H__

#include "../cooperative_groups.h"
#include "reduce.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace cooperative_groups {

/* Rank r gets v0, ..., vr combined in CUDA's order (details::hillis_steele_scan). */
template <class Group, class T, class Op> __CUPRITE_D__ T inclusive_scan(const Group &g, T val, Op op) {
    return details::hillis_steele_scan(g, val, op);
}
template <class Group, class T> __CUPRITE_D__ T inclusive_scan(const Group &g, T val) {
    return inclusive_scan(g, val, plus<T>());
}

/* Rank r gets op(v0, ..., v(r-1)); rank 0 gets `init`. */
template <class Group, class T, class Op> __CUPRITE_D__ T exclusive_scan(const Group &g, T val, Op op, T init) {
    const T inclusive = inclusive_scan(g, val, op);
    const T before = g.shfl_up(inclusive, 1);
    return g.thread_rank() == 0 ? init : before;
}
/* Rank 0 gets a value-initialized T. */
template <class Group, class T, class Op> __CUPRITE_D__ T exclusive_scan(const Group &g, T val, Op op) {
    return exclusive_scan(g, val, op, T());
}
template <class Group, class T> __CUPRITE_D__ T exclusive_scan(const Group &g, T val) {
    return exclusive_scan(g, val, plus<T>(), T());
}

} // namespace cooperative_groups
#endif
#endif
