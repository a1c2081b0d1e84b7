/* Cuprite's CUDA toolkit headers: force-included (`-include`) into every CUDA compilation by
 * `cuprite nvcc`, as nvcc force-includes cuda_runtime.h. Assembles the CUDA environment from our
 * headers and the usable parts of clang's CUDA headers (built-in variables, the __nv_* math
 * declarations, device functions, math, intrinsics); replaces clang's
 * __clang_cuda_runtime_wrapper.h, which needs NVIDIA's headers. */
#pragma once
#if defined(__CUDA__) && defined(__clang__)

#include <__clang_cuda_math_forward_declares.h>
#define __CUDACC__
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#include <limits.h>

#include "cuda_runtime.h"
#include "cuda.h"
#include "__clang_cuda_builtin_vars.h"

#pragma push_macro("__THROW")
#include <__clang_cuda_libdevice_declares.h>
#include <__clang_cuda_device_functions.h>
#include <__clang_cuda_math.h>
#undef __THROW
#define __THROW

#include "cuprite/device_builtins.h"

__device__ inline __cuda_builtin_threadIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_threadIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockIdx_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockIdx_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_blockDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_blockDim_t::operator uint3() const { return {x, y, z}; }
__device__ inline __cuda_builtin_gridDim_t::operator dim3() const { return dim3(x, y, z); }
__device__ inline __cuda_builtin_gridDim_t::operator uint3() const { return {x, y, z}; }

#include <__clang_cuda_cmath.h>
#include <__clang_cuda_intrinsics.h>
#include <__clang_cuda_complex_builtins.h>
#pragma pop_macro("__THROW")

#endif
