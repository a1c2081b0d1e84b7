/* Cuprite's CUDA toolkit headers: the C++ arrive-wait barrier of cuda_awbarrier.h,
 * nvcuda::experimental::awbarrier (a shared-memory object, initialized by init() with the
 * number of arrivals each phase expects), over cuda_awbarrier_primitives.h. */
#ifndef _CUDA_AWBARRIER_H_
#define _CUDA_AWBARRIER_H_

#include "cuda_awbarrier_primitives.h"

#if defined(__cplusplus) && defined(__CUDACC__)

_CUDA_AWBARRIER_BEGIN_NAMESPACE

class awbarrier {
  public:
    /* The phase an arrival belongs to. */
    class arrival_token {
      public:
        arrival_token() = default;
        ~arrival_token() = default;
        /* The arrivals its phase still expected when it was taken. */
        inline __device__ uint32_t pending_count() const { return __mbarrier_token_pending_count(token); }

      private:
        inline __device__ arrival_token(uint64_t t) : token(t) {}
        uint64_t token;
        friend awbarrier;
    };

    awbarrier() = default;
    awbarrier(const awbarrier &) = delete;
    awbarrier &operator=(const awbarrier &) = delete;
    ~awbarrier() = default;

    inline __device__ arrival_token arrive() { return arrival_token(__mbarrier_arrive(&barrier)); }
    inline __device__ arrival_token arrive_and_drop() { return arrival_token(__mbarrier_arrive_and_drop(&barrier)); }
    /* Waits about `hint_cycles` clock cycles at most for the token's phase; whether it completed. */
    inline __device__ bool timed_wait(arrival_token token, uint32_t hint_cycles) {
        const long long start = clock64();
        while (!__mbarrier_test_wait(&barrier, token.token)) {
            if (clock64() - start >= (long long)hint_cycles) return false;
            __nanosleep(32);
        }
        return true;
    }
    inline __device__ bool timed_wait_parity(bool phase, uint32_t hint_cycles) {
        const long long start = clock64();
        while (!__mbarrier_test_wait_parity(&barrier, phase)) {
            if (clock64() - start >= (long long)hint_cycles) return false;
            __nanosleep(32);
        }
        return true;
    }
    inline __device__ void wait(arrival_token token) {
        while (!__mbarrier_try_wait(&barrier, token.token, 1u << 20)) {
        }
    }
    inline __device__ void arrive_and_wait() { wait(arrive()); }
    inline __device__ bool try_wait(arrival_token token, uint32_t maxSleepNanosec) {
        return __mbarrier_try_wait(&barrier, token.token, maxSleepNanosec);
    }
    inline __device__ bool try_wait_parity(bool phase, uint32_t maxSleepNanosec) {
        return __mbarrier_try_wait_parity(&barrier, phase, maxSleepNanosec);
    }
    static inline __host__ __device__ constexpr uint32_t max() { return _CUDA_AWBARRIER_MAX_COUNT; }

  private:
    uint64_t barrier;
    friend inline __device__ void init(awbarrier *barrier, uint32_t expected_count);
    friend inline __device__ void inval(awbarrier *barrier);
    friend class pipeline;
};

/* Initializes a barrier (in shared memory) whose phases expect `expected_count` arrivals. */
inline __device__ void init(awbarrier *barrier, uint32_t expected_count) {
    __mbarrier_init(&barrier->barrier, expected_count);
}

/* Invalidates a barrier, so that its memory may be used for something else. */
inline __device__ void inval(awbarrier *barrier) { __mbarrier_inval(&barrier->barrier); }

_CUDA_AWBARRIER_END_NAMESPACE

#endif /* __cplusplus && __CUDACC__ */
#endif /* _CUDA_AWBARRIER_H_ */
