/*
 * Cuprite: cooperative_groups::memcpy_async, wait and wait_prior (CUDA 13's
 * cooperative_groups/memcpy_async.h). The group's threads copy the bytes between them, 4 at a
 * time where both addresses allow, with cp.async into shared memory (sm_80) and plain loads
 * and stores otherwise; wait() completes this thread's copies and synchronizes the group, so
 * every thread sees all of them.
 */
#ifndef __CUPRITE_CG_MEMCPY_ASYNC_H__
#define __CUPRITE_CG_MEMCPY_ASYNC_H__

#include "../cooperative_groups.h"

#if defined(__cplusplus) && defined(__CUDA__)
namespace cooperative_groups {
namespace details {
__CUPRITE_D__ bool is_shared(const void *p) {
    unsigned int r;
    asm("{ .reg .pred q;\n\tisspacep.shared q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}" : "=r"(r) : "l"(p));
    return r != 0;
}
__CUPRITE_D__ bool is_global(const void *p) {
    unsigned int r;
    asm("{ .reg .pred q;\n\tisspacep.global q, %1;\n\tselp.u32 %0, 1, 0, q;\n\t}" : "=r"(r) : "l"(p));
    return r != 0;
}
} // namespace details

template <class Group>
__CUPRITE_D__ void memcpy_async(const Group &g, void *dst, const void *src, unsigned long long bytes) {
    const unsigned long long rank = g.thread_rank(), n = g.num_threads();
    char *d = (char *)dst;
    const char *s = (const char *)src;
    const bool words = (((unsigned long long)d | (unsigned long long)s | bytes) & 3) == 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    if (words && details::is_shared(d) && details::is_global(s)) {
        for (unsigned long long i = rank * 4; i < bytes; i += n * 4) {
            unsigned long long shared;
            asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(shared) : "l"(d + i));
            asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"((unsigned int)shared), "l"(s + i) : "memory");
        }
        asm volatile("cp.async.commit_group;" ::: "memory");
        return;
    }
#endif
    if (words) {
        for (unsigned long long i = rank * 4; i < bytes; i += n * 4) {
            *(unsigned int *)(d + i) = *(const unsigned int *)(s + i);
        }
    } else {
        for (unsigned long long i = rank; i < bytes; i += n) {
            d[i] = s[i];
        }
    }
}
template <class Group, class T>
__CUPRITE_D__ void memcpy_async(const Group &g, T *dst, unsigned long long dst_count, const T *src,
                                unsigned long long src_count) {
    memcpy_async(g, (void *)dst, (const void *)src, (dst_count < src_count ? dst_count : src_count) * sizeof(T));
}

/* Waits until at most N of this thread's latest copies are pending, then syncs the group. */
template <unsigned int N, class Group> __CUPRITE_D__ void wait_prior(const Group &g) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
#endif
    g.sync();
}
template <class Group> __CUPRITE_D__ void wait(const Group &g) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    asm volatile("cp.async.wait_all;" ::: "memory");
#endif
    g.sync();
}

} // namespace cooperative_groups
#endif
#endif
