/* Cuprite's CUDA toolkit headers: cuda_pipeline.h, the pipeline primitives (Programming Guide,
 * "Pipeline Primitives Interface"), which cuda_pipeline_primitives.h defines. */
#pragma once
/* NVIDIA's include guard: programs test it to learn what is included (helper_cuda.h). */
#define _CUDA_PIPELINE_H_
#include "cuda_pipeline_primitives.h"

#if defined(__cplusplus) && defined(__CUDACC__)
#include "cuda_awbarrier.h"

/* The C++ pipeline of CUDA's cuda_pipeline.h (nvcuda::experimental): batches of asynchronous
   copies committed and waited for by index, over the primitives above. A copy of an object
   that is not trivially copyable is its assignment, as CUDA's is. */
namespace nvcuda {
namespace experimental {

template <size_t N, typename T> __device__ __forceinline__ auto segment(T *ptr) -> T (*)[N] { return (T(*)[N])ptr; }

class pipeline {
  public:
    pipeline(const pipeline &) = delete;
    pipeline(pipeline &&) = delete;
    pipeline &operator=(const pipeline &) = delete;
    pipeline &operator=(pipeline &&) = delete;
    __device__ __forceinline__ pipeline() : current_batch(0) {}
    /* Commits the copies issued since the last commit; returns their batch's index. */
    __device__ __forceinline__ size_t commit() {
        __pipeline_commit();
        return current_batch++;
    }
    __device__ __forceinline__ void commit_and_wait() {
        (void)commit();
        __pipeline_wait_prior(0);
    }
    /* Waits for batch `batch` (and those before it): at most 8 newer batches stay in flight. */
    __device__ __forceinline__ void wait(size_t batch) {
        const size_t prior = current_batch > batch ? current_batch - batch : 0;
        __pipeline_wait_prior(prior < 8 ? prior : 8);
    }
    template <unsigned N> __device__ __forceinline__ void wait_prior() { __pipeline_wait_prior(N); }
    __device__ __forceinline__ void arrive_on(awbarrier &barrier) {
        __pipeline_arrive_on(&barrier.barrier);
    }

  private:
    size_t current_batch;
};

namespace __pipeline_detail {
/* Copies `n` bytes in the widest pieces (4, 8 or 16 bytes) that `align` allows, else byte by
   byte (which completes at once). */
template <size_t Size, size_t Align> __device__ __forceinline__ void copy(void *dst, const void *src) {
    constexpr size_t piece = Align >= 16 ? 16 : Align >= 8 ? 8 : Align >= 4 ? 4 : 1;
    if (piece == 1 || Size % piece != 0) {
        __builtin_memcpy(dst, src, Size);
        return;
    }
    for (size_t i = 0; i < Size; i += piece) {
        __pipeline_memcpy_async(static_cast<char *>(dst) + i, static_cast<const char *>(src) + i, piece);
    }
}
} // namespace __pipeline_detail

template <class T> __device__ __forceinline__ void memcpy_async(T &dst, const T &src, pipeline &) {
    if (__is_trivially_copyable(T)) {
        __pipeline_detail::copy<sizeof(T), alignof(T)>(&dst, &src);
    } else {
        dst = src;
    }
}

/* An array of SrcN elements into one of DstN (4, 8 or 16 bytes), the rest zero-filled. */
template <class T, size_t DstN, size_t SrcN>
__device__ __forceinline__ void memcpy_async(T (*dst)[DstN], const T (*src)[SrcN], pipeline &) {
    constexpr size_t dst_size = sizeof(*dst);
    constexpr size_t src_size = sizeof(*src);
    static_assert(dst_size == 4 || dst_size == 8 || dst_size == 16, "Unsupported copy size.");
    static_assert(src_size <= dst_size, "Source size must be less than or equal to destination size.");
    if (__is_trivially_copyable(T)) {
        __pipeline_memcpy_async(*dst, *src, dst_size, dst_size - src_size);
    } else {
        for (size_t i = 0; i < DstN; ++i) {
            (*dst)[i] = (i < SrcN) ? (*src)[i] : T();
        }
    }
}

} // namespace experimental
} // namespace nvcuda
#endif
