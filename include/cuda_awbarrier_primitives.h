/* Cuprite's CUDA toolkit headers: the arrive-wait barrier primitives (cuda_awbarrier_primitives.h):
 * a 64-bit barrier object in shared memory (__mbarrier_t) that expects a count of arrivals per
 * phase; each arrival returns a token of its phase, and a wait on the token (or on the phase's
 * parity) completes once the phase has all its arrivals. Each primitive is one PTX mbarrier
 * instruction (PTX ISA, "Parallel Synchronization and Communication Instructions: mbarrier"),
 * which needs compute capability 8.0 (try_wait: 9.0; before, a test_wait loop). On 7.x, as with
 * nvcc, the barrier is emulated with atomics on the same 64-bit object (see below). */
#ifndef _CUDA_AWBARRIER_PRIMITIVES_H_
#define _CUDA_AWBARRIER_PRIMITIVES_H_

#include "cuda_awbarrier_helpers.h"

#if defined(__cplusplus) && defined(__CUDACC__)

/* The largest expected count a barrier takes. */
static inline __host__ __device__ uint32_t __mbarrier_maximum_count() { return _CUDA_AWBARRIER_MAX_COUNT; }

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
/*
 * Compute capability 7.x has no mbarrier: the object holds the state itself, changed by
 * atomicCAS: bits 0-20 the arrivals the current phase still expects, 21-41 the expected count,
 * bit 63 the phase's parity. The arrival that completes a phase flips the parity and restores
 * the pending count; a token is the state before its arrival. Fences order the arriving
 * thread's writes before its arrival and the waiting thread's reads after the completion.
 */
#define __CUPRITE_MBAR_COUNT_MASK 0x1fffffull
#define __CUPRITE_MBAR_EXPECTED_SHIFT 21
#define __CUPRITE_MBAR_PHASE (1ull << 63)

static inline __device__ unsigned long long __cuprite_mbarrier_state(__mbarrier_t *barrier) {
    return atomicAdd((unsigned long long *)barrier, 0ull);
}

/* One arrival; `drop` also lowers the expected count of the following phases. */
static inline __device__ __mbarrier_token_t __cuprite_mbarrier_arrive(__mbarrier_t *barrier, bool drop) {
    __threadfence_block();
    unsigned long long *word = (unsigned long long *)barrier;
    unsigned long long old = __cuprite_mbarrier_state(barrier), seen;
    do {
        seen = old;
        const unsigned long long pending = seen & __CUPRITE_MBAR_COUNT_MASK;
        unsigned long long expected = (seen >> __CUPRITE_MBAR_EXPECTED_SHIFT) & __CUPRITE_MBAR_COUNT_MASK;
        expected -= drop ? 1 : 0;
        const unsigned long long phase = seen & __CUPRITE_MBAR_PHASE;
        const unsigned long long next = pending > 1 ? pending - 1 : expected;
        const unsigned long long next_phase = pending > 1 ? phase : phase ^ __CUPRITE_MBAR_PHASE;
        old = atomicCAS(word, seen, next_phase | expected << __CUPRITE_MBAR_EXPECTED_SHIFT | next);
    } while (old != seen);
    return seen;
}

static inline __device__ void __mbarrier_init(__mbarrier_t *barrier, uint32_t expected_count) {
    *(volatile unsigned long long *)barrier =
        (unsigned long long)expected_count << __CUPRITE_MBAR_EXPECTED_SHIFT | expected_count;
}

static inline __device__ void __mbarrier_inval(__mbarrier_t *barrier) { *(volatile unsigned long long *)barrier = 0; }

static inline __device__ __mbarrier_token_t __mbarrier_arrive(__mbarrier_t *barrier) {
    return __cuprite_mbarrier_arrive(barrier, false);
}

static inline __device__ __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t *barrier) {
    return __cuprite_mbarrier_arrive(barrier, true);
}

static inline __device__ bool __mbarrier_test_wait(__mbarrier_t *barrier, __mbarrier_token_t token) {
    const bool done = ((__cuprite_mbarrier_state(barrier) ^ token) & __CUPRITE_MBAR_PHASE) != 0;
    __threadfence_block();
    return done;
}

static inline __device__ uint32_t __mbarrier_token_pending_count(__mbarrier_token_t token) {
    return (uint32_t)(token & __CUPRITE_MBAR_COUNT_MASK);
}

static inline __device__ bool __mbarrier_test_wait_parity(__mbarrier_t *barrier, bool phase_parity) {
    const bool odd = (__cuprite_mbarrier_state(barrier) & __CUPRITE_MBAR_PHASE) != 0;
    __threadfence_block();
    return odd != phase_parity;
}

#else
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

#endif /* mbarrier or its emulation */

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
