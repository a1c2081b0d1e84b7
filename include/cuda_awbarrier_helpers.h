/* Cuprite's CUDA toolkit headers: what cuda_awbarrier_primitives.h and cuda_awbarrier.h share:
 * the barrier and token types, the largest expected count, the namespace of the C++ barrier,
 * and the check that the device can have one (compute capability 7.0). */
#ifndef _CUDA_AWBARRIER_HELPERS_H_
#define _CUDA_AWBARRIER_HELPERS_H_

#include <stdint.h>
#include "cuda_runtime.h"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 700
#error "cuda_awbarrier: the arrive-wait barrier needs compute capability 7.0 or later (as with nvcc): build with -arch=sm_70 or newer"
#endif
/* The compute capability the barrier is built for (NVIDIA's name; programs test it): PTX's
 * mbarrier from 8.0, an emulation with atomics on 7.x. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define _CUDA_AWBARRIER_SM_TARGET 700
#else
#define _CUDA_AWBARRIER_SM_TARGET 800
#endif

#define _CUDA_AWBARRIER_NAMESPACE nvcuda::experimental
#define _CUDA_AWBARRIER_BEGIN_NAMESPACE namespace nvcuda { namespace experimental {
#define _CUDA_AWBARRIER_END_NAMESPACE } }

/* The largest expected count (the same as nvcc's header). */
#define _CUDA_AWBARRIER_MAX_COUNT ((1 << 14) - 1)

/* A barrier object (8 bytes of shared memory) and an arrival's token. */
typedef uint64_t __mbarrier_t;
typedef uint64_t __mbarrier_token_t;

#if defined(__cplusplus) && defined(__CUDACC__)
/* The shared-memory address of a barrier given by its generic address. */
static inline __device__ uint32_t __cuprite_mbarrier_address(const __mbarrier_t *barrier) {
    return (uint32_t)__cvta_generic_to_shared(barrier);
}

/* try_wait before compute capability 9.0: `test` (a completion test, re-evaluated) polled with
 * sleeps for about `max_sleep_nanosec`. */
#define __cuprite_mbarrier_poll(test, max_sleep_nanosec)                                                \
    ([&]() -> bool {                                                                                    \
        for (uint32_t __slept = 0;; __slept += 32) {                                                    \
            if (test) return true;                                                                      \
            if (__slept >= (max_sleep_nanosec)) return false;                                           \
            __nanosleep(32);                                                                            \
        }                                                                                               \
    }())
#endif

#endif /* _CUDA_AWBARRIER_HELPERS_H_ */
