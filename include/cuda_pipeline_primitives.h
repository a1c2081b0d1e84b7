/* Cuprite's CUDA toolkit headers: the pipeline primitives (Programming Guide, "Pipeline
 * Primitives Interface"; cuda_pipeline_primitives.h): asynchronous global-to-shared copies of 4,
 * 8 or 16 bytes (cp.async, sm_80; on 7.x copied when issued, as with nvcc), committed in batches
 * and waited for by count, or tracked by an arrive-wait barrier (cuda_awbarrier_primitives.h's
 * __mbarrier_t). */
#ifndef _CUDA_PIPELINE_PRIMITIVES_H_
#define _CUDA_PIPELINE_PRIMITIVES_H_
#include "cuda_pipeline_helpers.h"
#if defined(__cplusplus) && defined(__CUDACC__)

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
/* Compute capability 7.x has no cp.async: as with nvcc, each copy is done when issued (so every
 * batch is complete, and a barrier tracking them has nothing to wait for). */
static __device__ __forceinline__ void __pipeline_memcpy_async(void *dst, const void *src, size_t size_and_align,
                                                               size_t zfill = 0) {
    if (size_and_align != 4 && size_and_align != 8 && size_and_align != 16) __trap();
    char *d = (char *)dst;
    const char *s = (const char *)src;
    for (size_t i = 0; i < size_and_align; i++) d[i] = i + zfill < size_and_align ? s[i] : 0;
}
static __device__ __forceinline__ void __pipeline_commit() {}
static __device__ __forceinline__ void __pipeline_wait_prior(size_t) {}
static __device__ __forceinline__ void __pipeline_arrive_on(__mbarrier_t *) {}
#else
/* Copies `size_and_align` (4, 8 or 16) bytes from global `src` to shared `dst` asynchronously;
 * `zfill` trailing bytes are zero-filled instead of read. */
static __device__ __forceinline__ void __pipeline_memcpy_async(void *dst, const void *src, size_t size_and_align,
                                                               size_t zfill = 0) {
    unsigned int s = (unsigned int)__cvta_generic_to_shared(dst);
    unsigned int copied = (unsigned int)(size_and_align - zfill);
    switch (size_and_align) {
    case 4: asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(s), "l"(src), "r"(copied) : "memory"); break;
    case 8: asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"r"(s), "l"(src), "r"(copied) : "memory"); break;
    case 16: asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(s), "l"(src), "r"(copied) : "memory"); break;
    default: __trap();
    }
}
/* Ends the current batch of copies. */
static __device__ __forceinline__ void __pipeline_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
/* Waits until at most `prior` of the committed batches are still in flight. */
static __device__ __forceinline__ void __pipeline_wait_prior(size_t prior) {
    switch (prior) {
    case 0: asm volatile("cp.async.wait_group 0;" ::: "memory"); break;
    case 1: asm volatile("cp.async.wait_group 1;" ::: "memory"); break;
    case 2: asm volatile("cp.async.wait_group 2;" ::: "memory"); break;
    case 3: asm volatile("cp.async.wait_group 3;" ::: "memory"); break;
    case 4: asm volatile("cp.async.wait_group 4;" ::: "memory"); break;
    case 5: asm volatile("cp.async.wait_group 5;" ::: "memory"); break;
    case 6: asm volatile("cp.async.wait_group 6;" ::: "memory"); break;
    case 7: asm volatile("cp.async.wait_group 7;" ::: "memory"); break;
    default: asm volatile("cp.async.wait_all;" ::: "memory"); break;
    }
}
/* Makes the calling thread's mbarrier at `bar` track completion of its prior copies. */
static __device__ __forceinline__ void __pipeline_arrive_on(__mbarrier_t *bar) {
    unsigned int b = (unsigned int)__cvta_generic_to_shared(bar);
    asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"r"(b) : "memory");
}
#endif /* cp.async or copies when issued */
#endif /* __cplusplus && __CUDACC__ */
#endif /* _CUDA_PIPELINE_PRIMITIVES_H_ */
