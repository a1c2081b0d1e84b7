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
#define __CUDACC__ 1
#include <stddef.h>
/* Device-side printf, malloc, assert (the device runtime's C entry points). Before the C++
 * library: in C++20, <cmath> reaches <new> (std::construct_at), whose device operator new
 * calls the device malloc. */
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
#include <cmath>
#include <cstdlib>
#include <stdlib.h>
#include <string.h>
#include <limits.h>
/* nvcc's force-included headers bring these too (crt/common_functions.h <time.h>, crt/
 * host_defines.h <ctype.h>): sources calling time() or isalpha() without including them build. */
#include <time.h>
#include <ctype.h>
#include "cuprite/device_malloc.h"
/* The vtable slots of pure virtual and deleted virtual functions (clang keeps an abstract class's
 * vtable at -O0/-G): calling one traps, as the C++ runtime aborts on the host. Weak, so that every
 * file of a -rdc=true program may define them. */
#if defined(__CUDA_ARCH__)
extern "C" {
__device__ __attribute__((weak, noinline)) void __cxa_pure_virtual(void) { __builtin_trap(); }
__device__ __attribute__((weak, noinline)) void __cxa_deleted_virtual(void) { __builtin_trap(); }
}
#endif

/* Device operator new/delete (clang's <new> wrapper), as nvcc's headers provide them. */
#include <new>

#include "cuda_runtime.h"
#include "cuda.h"
#include "cuprite/device_runtime.h"
#include "__clang_cuda_builtin_vars.h"

#pragma push_macro("__THROW")
/* nvcc's floating-point options in device code (the driver's device pass defines the macros,
 * plan.rs): -prec-sqrt=false (implied by -use_fast_math) makes sqrtf sqrt.approx; under
 * -use_fast_math (clang's -fgpu-approx-transcendentals, which itself maps sinf, cosf, sincosf,
 * logf and log2f) the other single-precision functions nvcc replaces by their fast intrinsics
 * are too (expf is __expf, ...; tanhf is tanh.approx.f32). The libdevice names are renamed
 * before they are declared. */
#if defined(__CUDA_ARCH__) && defined(__CUPRITE_APPROX_SQRT__)
#define __nv_sqrtf __cuprite_fast_sqrtf
#endif
#if defined(__CUDA_ARCH__) && defined(__CLANG_GPU_APPROX_TRANSCENDENTALS__)
#define __nv_expf __nv_fast_expf
#define __nv_exp10f __nv_fast_exp10f
#define __nv_log10f __nv_fast_log10f
#define __nv_tanf __nv_fast_tanf
#define __nv_powf __nv_fast_powf
#define __nv_tanhf __cuprite_fast_tanhf
#endif
#if defined(__CUDA_ARCH__)
/* exp2f, rsqrtf and rsqrt are one approximate instruction each in nvcc's code, with or without
 * -use_fast_math (ex2.approx.f32, rsqrt.approx.f32, rsqrt.approx.f64): an H200 gives its special
 * function unit's results, so Cuprite's library does too (libdevice/intrinsics.c). */
#define __nv_exp2f __cuprite_approx_exp2f
#define __nv_rsqrtf __cuprite_approx_rsqrtf
#define __nv_rsqrt __cuprite_approx_rsqrt
#define __nv_copysignf __cuprite_copysignf
#define __nv_copysign __cuprite_copysign
#endif
#include <__clang_cuda_libdevice_declares.h>
#if defined(__CUDA_ARCH__)
/* copysignf as nvcc compiles it, which an H200 tells apart by a NaN's bits: with a constant y,
 * |x| or -|x| (abs.f32, neg.f32: the canonical NaN); else copysign.f32 (the payload kept). */
extern "C" __device__ inline float __cuprite_copysignf(float x, float y) {
    if (__builtin_constant_p(y)) {
        unsigned bits = (__builtin_bit_cast(unsigned, x) & 0x7fffffffu) | (__builtin_bit_cast(unsigned, y) & 0x80000000u);
        return __builtin_bit_cast(float, bits);
    }
    float r;
    asm("copysign.f32 %0, %1, %2;" : "=f"(r) : "f"(y), "f"(x));
    return r;
}
/* copysign likewise: with a constant y, abs.f64 or neg.f64 (which leave a NaN's sign as it is on
 * an H200); else copysign.f64 (copysign(-NaN, 2.0) is +NaN, its payload kept). */
extern "C" __device__ inline double __cuprite_copysign(double x, double y) {
    if (__builtin_constant_p(y)) {
        unsigned long long bits = (__builtin_bit_cast(unsigned long long, x) & 0x7fffffffffffffffull) |
                                  (__builtin_bit_cast(unsigned long long, y) & 0x8000000000000000ull);
        return __builtin_bit_cast(double, bits);
    }
    double r;
    asm("copysign.f64 %0, %1, %2;" : "=d"(r) : "d"(y), "d"(x));
    return r;
}
#endif
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
#include "cuprite/cmath_float_overloads.h"
#include "crt/math_functions.hpp"
#include "cuprite/hide_clang_builtins.h"
#include <__clang_cuda_intrinsics.h>
#include "cuprite/unhide_clang_builtins.h"
#include <__clang_cuda_complex_builtins.h>
#include <__clang_cuda_texture_intrinsics.h>
#include "cuprite/device_extras.h"
#include "cuprite/shared_object.h"
#pragma pop_macro("__THROW")

#include "cuprite/managed.h"

#endif
