/* Cuprite's CUDA toolkit headers: the CUDA Runtime API's C functions (prototypes generated from
 * the Runtime API reference, for every function libcudart.so.13 exports). */
#pragma once
/* NVIDIA's include guard, which programs test (see driver_types.h). */
#define __CUDA_RUNTIME_API_H__
#include "driver_types.h"

#if defined(__cplusplus)
extern "C" {
#endif
/* Declared before the per-thread-stream renames below: clang's host code generation looks this
 * declaration up by name (and calls cudaLaunchKernel_ptsz under --default-stream per-thread). */
extern __host__ cudaError_t CUDARTAPI cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim, void **args,
                                                       size_t sharedMem, cudaStream_t stream);
#if defined(__cplusplus)
}
#endif

#include "cuprite/generated/runtime_per_thread.h"

#if defined(__cplusplus)
extern "C" {
#endif
#include "cuprite/generated/runtime_functions.h"
/* The launch ABI clang's host code calls (CUDA >= 9.2), and the registration entry points. */
extern __host__ unsigned CUDARTAPI __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem __dv(0), struct CUstream_st *stream __dv(0));
extern __host__ cudaError_t CUDARTAPI __cudaPopCallConfiguration(dim3 *gridDim, dim3 *blockDim, size_t *sharedMem, void *stream);
#if defined(__cplusplus)
}
#endif
