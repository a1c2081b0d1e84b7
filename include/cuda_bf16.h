/* Cuprite's CUDA toolkit headers: bfloat16 (CUDA Math API "Bfloat16 Precision Intrinsics"):
 * __nv_bfloat16 and __nv_bfloat162, conversions (round to nearest even), arithmetic (evaluated
 * in single precision, rounded once), comparisons and atomics. Written for Cuprite. */
#pragma once
#include "cuda_fp16.h"

#define __CUDA_BF16_DECL__ static __host__ __device__ __forceinline__

typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;

/* float -> bfloat16, round to nearest even (NaN stays a quiet NaN). */
__CUDA_BF16_DECL__ unsigned short __cuprite_f2bf(float f) {
    unsigned int u = __builtin_bit_cast(unsigned int, f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return (unsigned short)((u >> 16) | 0x40);
    u += 0x7fffu + ((u >> 16) & 1u);
    return (unsigned short)(u >> 16);
}

struct __align__(2) __nv_bfloat16 {
    unsigned short __x;
#if defined(__cplusplus)
    __nv_bfloat16() = default;
    __host__ __device__ __nv_bfloat16(float f) : __x(__cuprite_f2bf(f)) {}
    __host__ __device__ __nv_bfloat16(double f) : __x(__cuprite_f2bf((float)f)) {}
    __host__ __device__ __nv_bfloat16(int i) : __x(__cuprite_f2bf((float)i)) {}
    __host__ __device__ __nv_bfloat16(__nv_bfloat16_raw r) : __x(r.x) {}
    __host__ __device__ operator float() const { return __builtin_bit_cast(float, (unsigned int)__x << 16); }
    __host__ __device__ operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
#endif
};
typedef struct __nv_bfloat16 nv_bfloat16;

struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x, y;
#if defined(__cplusplus)
    __nv_bfloat162() = default;
    __host__ __device__ __nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {}
#endif
};
typedef struct __nv_bfloat162 nv_bfloat162;

#if defined(__cplusplus)
__CUDA_BF16_DECL__ __nv_bfloat16 __float2bfloat16(float f) { return __nv_bfloat16(f); }
__CUDA_BF16_DECL__ __nv_bfloat16 __float2bfloat16_rn(float f) { return __nv_bfloat16(f); }
__CUDA_BF16_DECL__ float __bfloat162float(__nv_bfloat16 b) { return (float)b; }
__CUDA_BF16_DECL__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b) { return __nv_bfloat162(a, b); }
__CUDA_BF16_DECL__ __nv_bfloat162 __float2bfloat162_rn(float a) { return __nv_bfloat162(a, a); }
__CUDA_BF16_DECL__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
__CUDA_BF16_DECL__ float __low2float(__nv_bfloat162 v) { return (float)v.x; }
__CUDA_BF16_DECL__ float __high2float(__nv_bfloat162 v) { return (float)v.y; }
__CUDA_BF16_DECL__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 b) { return b.__x; }
__CUDA_BF16_DECL__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short u) { return __nv_bfloat16(__nv_bfloat16_raw{u}); }
__CUDA_BF16_DECL__ __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16((float)a + (float)b); }
__CUDA_BF16_DECL__ __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16((float)a - (float)b); }
__CUDA_BF16_DECL__ __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16((float)a * (float)b); }
__CUDA_BF16_DECL__ __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat16((float)a / (float)b); }
__CUDA_BF16_DECL__ __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
    return __nv_bfloat16(__builtin_fmaf((float)a, (float)b, (float)c));
}
__CUDA_BF16_DECL__ __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __ushort_as_bfloat16((unsigned short)(a.__x ^ 0x8000)); }
__CUDA_BF16_DECL__ __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
__CUDA_BF16_DECL__ __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
__CUDA_BF16_DECL__ __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
__CUDA_BF16_DECL__ __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) { return __hdiv(a, b); }
__CUDA_BF16_DECL__ __nv_bfloat16 &operator+=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hadd(a, b); }
__CUDA_BF16_DECL__ __nv_bfloat16 &operator*=(__nv_bfloat16 &a, __nv_bfloat16 b) { return a = __hmul(a, b); }
__CUDA_BF16_DECL__ bool operator==(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a == (float)b; }
__CUDA_BF16_DECL__ bool operator<(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a < (float)b; }
__CUDA_BF16_DECL__ bool operator>(__nv_bfloat16 a, __nv_bfloat16 b) { return (float)a > (float)b; }

#if defined(__CUDACC__)
/* Atomics (sm_90: bf16 adds; bf16x2 in one 32-bit word). */
static __device__ __forceinline__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) {
    unsigned short r;
    asm volatile("atom.add.noftz.bf16 %0, [%1], %2;" : "=h"(r) : "l"(p), "h"(v.__x) : "memory");
    return __ushort_as_bfloat16(r);
}
static __device__ __forceinline__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *p, __nv_bfloat162 v) {
    unsigned int in = (unsigned int)v.x.__x | ((unsigned int)v.y.__x << 16), r;
    asm volatile("atom.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(r) : "l"(p), "r"(in) : "memory");
    return __nv_bfloat162(__ushort_as_bfloat16((unsigned short)r), __ushort_as_bfloat16((unsigned short)(r >> 16)));
}
#endif
#endif
