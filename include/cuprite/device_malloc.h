/* Cuprite's CUDA toolkit headers: device-side aligned malloc (the device runtime's entry point,
 * as nvcc's headers reach it and as libcu++'s aligned_alloc declares it) and std::malloc/free
 * in device code. std::malloc and std::free reach the device ones through <cstdlib>'s using
 * declarations: cuda_wrapper.h declares them first (clang's runtime wrapper defines its own). */
#pragma once
#if defined(__CUDA__) && defined(__clang__)
#include <stddef.h>
extern "C" {
__device__ void *__cuda_syscall_aligned_malloc(size_t, size_t);
__device__ static inline void *__nv_aligned_device_malloc(size_t size, size_t align) {
    return __cuda_syscall_aligned_malloc(size, align);
}
}
#endif
