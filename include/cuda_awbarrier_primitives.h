/* Cuprite's CUDA toolkit headers: the arrive-wait barrier primitives (cuda_awbarrier_primitives.h):
 * a 64-bit barrier object in shared memory (__mbarrier_t) that expects a count of arrivals per
 * phase; each arrival returns a token of its phase, and a wait on the token (or on the phase's
 * parity) completes once the phase has all its arrivals. Each primitive is one PTX mbarrier
 * instruction (PTX ISA, "Parallel Synchronization and Communication Instructions: mbarrier"),
 * which needs compute capability 8.0 (try_wait: 9.0; before, a test_wait loop). */
#ifndef _CUDA_AWBARRIER_PRIMITIVES_H_
#define _CUDA_AWBARRIER_PRIMITIVES_H_

#include "cuda_awbarrier_helpers.h"

#if defined(__cplusplus) && defined(__CUDACC__)

/* The largest expected count a barrier takes. */
static inline __host__ __device__ uint32_t __mbarrier_maximum_count() { return _CUDA_AWBARRIER_MAX_COUNT; }

static inline __device__ void __mbarrier_init(__mbarrier_t *barrier, uint32_t expected_count) {
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(__cuprite_mbarrier_address(barrier)), "r"(expected_count)
                 : "memory");
}

static inline __device__ void __mbarrier_inval(__mbarrier_t *barrier) {
    asm volatile("mbarrier.inval.shared.b64 [%0];" ::"r"(__cuprite_mbarrier_address(barrier)) : "memory");
}

static inline __device__ __mbarrier_token_t __mbarrier_arrive(__mbarrier_t *barrier) {
    __mbarrier_token_t token;
    asm volatile("mbarrier.arrive.shared.b64 %0, [%1];"
                 : "=l"(token)
                 : "r"(__cuprite_mbarrier_address(barrier))
                 : "memory");
    return token;
}

/* Arrives and lowers the expected count of the following phases by one. */
static inline __device__ __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t *barrier) {
    __mbarrier_token_t token;
    asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];"
                 : "=l"(token)
                 : "r"(__cuprite_mbarrier_address(barrier))
                 : "memory");
    return token;
}

/* Whether the phase of `token` has completed (does not wait). */
static inline __device__ bool __mbarrier_test_wait(__mbarrier_t *barrier, __mbarrier_token_t token) {
    unsigned int done;
    asm volatile("{ .reg .pred p; mbarrier.test_wait.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(__cuprite_mbarrier_address(barrier)), "l"(token)
                 : "memory");
    return done != 0;
}

/* The arrivals the phase of `token` still expected when the token was taken. */
static inline __device__ uint32_t __mbarrier_token_pending_count(__mbarrier_token_t token) {
    uint32_t count;
    asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(count) : "l"(token));
    return count;
}

/* Whether the phase of parity `phase_parity` (0 even, 1 odd) has completed. */
static inline __device__ bool __mbarrier_test_wait_parity(__mbarrier_t *barrier, bool phase_parity) {
    unsigned int done;
    asm volatile("{ .reg .pred p; mbarrier.test_wait.parity.shared.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(__cuprite_mbarrier_address(barrier)), "r"((uint32_t)phase_parity)
                 : "memory");
    return done != 0;
}

/* Waits, for up to about `max_sleep_nanosec`, for the phase of `token`; whether it completed. */
static inline __device__ bool __mbarrier_try_wait(__mbarrier_t *barrier, __mbarrier_token_t token,
                                                  uint32_t max_sleep_nanosec) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    unsigned int done;
    asm volatile("{ .reg .pred p; mbarrier.try_wait.shared.b64 p, [%1], %2, %3; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(__cuprite_mbarrier_address(barrier)), "l"(token), "r"(max_sleep_nanosec)
                 : "memory");
    return done != 0;
#else
    return __cuprite_mbarrier_poll(__mbarrier_test_wait(barrier, token), max_sleep_nanosec);
#endif
}

static inline __device__ bool __mbarrier_try_wait_parity(__mbarrier_t *barrier, bool phase_parity,
                                                         uint32_t max_sleep_nanosec) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    unsigned int done;
    asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared.b64 p, [%1], %2, %3; selp.u32 %0, 1, 0, p; }"
                 : "=r"(done)
                 : "r"(__cuprite_mbarrier_address(barrier)), "r"((uint32_t)phase_parity), "r"(max_sleep_nanosec)
                 : "memory");
    return done != 0;
#else
    return __cuprite_mbarrier_poll(__mbarrier_test_wait_parity(barrier, phase_parity), max_sleep_nanosec);
#endif
}
#endif /* __cplusplus && __CUDACC__ */
#endif /* _CUDA_AWBARRIER_PRIMITIVES_H_ */
