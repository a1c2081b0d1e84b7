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

/* CUDA 12's scans that also update an atomic: the group's last rank combines the group's total
   into `dst` and every rank gets op(old, its scan), old being what `dst` held before. */
template <class Group, class Atomic, class T, class Op>
__CUPRITE_D__ T inclusive_scan_update(const Group &g, Atomic &&dst, T val, Op op) {
    const T scan = inclusive_scan(g, val, op);
    const unsigned int last = (unsigned int)g.num_threads() - 1;
    T old = T();
    if (g.thread_rank() == last) {
        old = details::atomic_update(dst, scan, op);
    }
    old = g.shfl(old, (int)last);
    return op(old, scan);
}
template <class Group, class Atomic, class T> __CUPRITE_D__ T inclusive_scan_update(const Group &g, Atomic &&dst, T val) {
    return inclusive_scan_update(g, dst, val, plus<T>());
}
template <class Group, class Atomic, class T, class Op>
__CUPRITE_D__ T exclusive_scan_update(const Group &g, Atomic &&dst, T val, Op op) {
    const T scan = inclusive_scan(g, val, op);
    const unsigned int last = (unsigned int)g.num_threads() - 1;
    T old = T();
    if (g.thread_rank() == last) {
        old = details::atomic_update(dst, scan, op);
    }
    old = g.shfl(old, (int)last);
    const T before = g.shfl_up(scan, 1);
    return op(old, g.thread_rank() == 0 ? T() : before);
}
template <class Group, class Atomic, class T> __CUPRITE_D__ T exclusive_scan_update(const Group &g, Atomic &&dst, T val) {
    return exclusive_scan_update(g, dst, val, plus<T>());
}

} // namespace cooperative_groups
#endif
#endif
