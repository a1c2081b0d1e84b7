/* Cuprite's CUDA toolkit headers: device-side aligned malloc (the device runtime's entry point,
 * as nvcc's headers reach it and as libcu++'s aligned_alloc declares it) and std::malloc/free
 * in device code. Needs the C declarations of malloc and free for the device first. */
#pragma once
#if defined(__CUDA__) && defined(__clang__)
#include <stddef.h>
extern "C" {
__device__ void *__cuda_syscall_aligned_malloc(size_t, size_t);
__device__ static inline void *__nv_aligned_device_malloc(size_t size, size_t align) {
    return __cuda_syscall_aligned_malloc(size, align);
}
}
/* clang's own runtime wrapper (clang's CUDA mode) defines these itself. */
#if !defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__)
namespace std {
__device__ static inline void free(void *p) { ::free(p); }
__device__ static inline void *malloc(size_t n) { return ::malloc(n); }
} // namespace std
#endif
#endif
