/* Cuprite's CUDA toolkit headers: force-included (`-include`) into every CUDA compilation by
 * `cuprite nvcc`, as nvcc force-includes cuda_runtime.h. Assembles the CUDA environment from our
 * headers and the usable parts of clang's CUDA headers (built-in variables, the __nv_* math
 * declarations, device functions, math, intrinsics); replaces clang's
 * __clang_cuda_runtime_wrapper.h, which needs NVIDIA's headers. */
#pragma once
#if defined(__CUDA__) && defined(__clang__)

/* The qualifiers first: clang's <new> wrapper declares device operator new only once
 * __device__ exists. */
#include "cuprite/host_defines.h"
#include <__clang_cuda_math_forward_declares.h>
#define __CUDACC__
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
/* Device-side printf, malloc, assert (the device runtime's C entry points). */
extern "C" {
__device__ int vprintf(const char *, const char *);
__device__ void free(void *) __attribute__((nothrow));
__device__ void *malloc(size_t) __attribute__((nothrow)) __attribute__((malloc));
__device__ void __assertfail(const char *message, const char *file, unsigned line, const char *function, size_t charSize);
__device__ static inline void __assert_fail(const char *message, const char *file, unsigned line, const char *function) {
    __assertfail(message, file, line, function, sizeof(char));
}
__device__ int printf(const char *, ...);
}
#include "cuprite/device_malloc.h"

/* Device operator new/delete (clang's <new> wrapper), as nvcc's headers provide them. */
#include <new>

#include "cuda_runtime.h"
#include "cuda.h"
#include "__clang_cuda_builtin_vars.h"

#pragma push_macro("__THROW")
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#include "cuprite/min_max.h"
#undef __THROW
#define __THROW

#include "cuprite/address_space.h"

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

#include <__clang_cuda_cmath.h>
#include "cuprite/hide_clang_builtins.h"
#include <__clang_cuda_intrinsics.h>
#include "cuprite/unhide_clang_builtins.h"
#include <__clang_cuda_complex_builtins.h>
#include <__clang_cuda_texture_intrinsics.h>
#include "cuprite/device_extras.h"
#pragma pop_macro("__THROW")

#endif
