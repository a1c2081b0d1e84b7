/* Cuprite's CUDA toolkit headers: half precision (Programming Guide / CUDA Math API "Half
 * Precision Intrinsics"): __half and __half2, conversions, arithmetic, comparisons, math, atomics
 * and warp shuffles. Arithmetic is clang's _Float16, which compiles to the f16 PTX instructions
 * on the device and rounds correctly on the host. Written for Cuprite. */
#pragma once
#include "cuda_runtime.h"

#define __CUDA_FP16_DECL__ static __host__ __device__ __forceinline__

typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;

struct __align__(2) __half {
    unsigned short __x;
#if defined(__cplusplus)
    __half() = default;
    __host__ __device__ __half(_Float16 f) : __x(__builtin_bit_cast(unsigned short, f)) {}
    __host__ __device__ __half(float f) : __half((_Float16)f) {}
    __host__ __device__ __half(double f) : __half((_Float16)f) {}
    __host__ __device__ __half(int i) : __half((_Float16)i) {}
    __host__ __device__ __half(unsigned int i) : __half((_Float16)i) {}
    __host__ __device__ __half(short i) : __half((_Float16)i) {}
    __host__ __device__ __half(unsigned short i) : __half((_Float16)i) {}
    __host__ __device__ __half(long long i) : __half((_Float16)i) {}
    __host__ __device__ __half(unsigned long long i) : __half((_Float16)i) {}
    __host__ __device__ __half(__half_raw r) : __x(r.x) {}
    __host__ __device__ _Float16 __f() const { return __builtin_bit_cast(_Float16, __x); }
    __host__ __device__ operator float() const { return (float)__f(); }
    __host__ __device__ operator __half_raw() const { return __half_raw{__x}; }
    __host__ __device__ explicit operator bool() const { return __f() != 0; }
    __host__ __device__ explicit operator int() const { return (int)__f(); }
    __host__ __device__ explicit operator unsigned int() const { return (unsigned int)__f(); }
    __host__ __device__ explicit operator short() const { return (short)__f(); }
    __host__ __device__ explicit operator unsigned short() const { return (unsigned short)__f(); }
    __host__ __device__ explicit operator long long() const { return (long long)__f(); }
    __host__ __device__ explicit operator unsigned long long() const { return (unsigned long long)__f(); }
#endif
};
typedef struct __half half;

struct __align__(4) __half2 {
    __half x, y;
#if defined(__cplusplus)
    __half2() = default;
    __host__ __device__ __half2(__half a, __half b) : x(a), y(b) {}
    __host__ __device__ __half2(__half2_raw r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
    __host__ __device__ operator __half2_raw() const { return __half2_raw{x.__x, y.__x}; }
#endif
};
typedef struct __half2 half2;

#if defined(__cplusplus)
/* Conversions. */
__CUDA_FP16_DECL__ __half __float2half(float f) { return __half(f); }
__CUDA_FP16_DECL__ __half __float2half_rn(float f) { return __half(f); }
__CUDA_FP16_DECL__ __half __double2half(double d) { return __half(d); }
__CUDA_FP16_DECL__ float __half2float(__half h) { return (float)h.__f(); }
__CUDA_FP16_DECL__ __half __int2half_rn(int i) { return __half(i); }
__CUDA_FP16_DECL__ __half __uint2half_rn(unsigned int i) { return __half(i); }
__CUDA_FP16_DECL__ __half __short2half_rn(short i) { return __half(i); }
__CUDA_FP16_DECL__ __half __ll2half_rn(long long i) { return __half(i); }
__CUDA_FP16_DECL__ int __half2int_rz(__half h) { return (int)h.__f(); }
__CUDA_FP16_DECL__ unsigned int __half2uint_rz(__half h) { return (unsigned int)h.__f(); }
__CUDA_FP16_DECL__ short __half2short_rz(__half h) { return (short)h.__f(); }
__CUDA_FP16_DECL__ long long __half2ll_rz(__half h) { return (long long)h.__f(); }
__CUDA_FP16_DECL__ unsigned short __half_as_ushort(__half h) { return h.__x; }
__CUDA_FP16_DECL__ short __half_as_short(__half h) { return (short)h.__x; }
__CUDA_FP16_DECL__ __half __ushort_as_half(unsigned short u) { return __half(__half_raw{u}); }
__CUDA_FP16_DECL__ __half __short_as_half(short s) { return __half(__half_raw{(unsigned short)s}); }
__CUDA_FP16_DECL__ __half2 __floats2half2_rn(float a, float b) { return __half2(__half(a), __half(b)); }
__CUDA_FP16_DECL__ __half2 __float2half2_rn(float a) { return __half2(__half(a), __half(a)); }
__CUDA_FP16_DECL__ __half2 __float22half2_rn(float2 f) { return __half2(__half(f.x), __half(f.y)); }
__CUDA_FP16_DECL__ float2 __half22float2(__half2 h) { return make_float2((float)h.x, (float)h.y); }
__CUDA_FP16_DECL__ __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__CUDA_FP16_DECL__ __half2 __half2half2(__half a) { return __half2(a, a); }
__CUDA_FP16_DECL__ __half2 make_half2(__half a, __half b) { return __half2(a, b); }
__CUDA_FP16_DECL__ __half __low2half(__half2 h) { return h.x; }
__CUDA_FP16_DECL__ __half __high2half(__half2 h) { return h.y; }
__CUDA_FP16_DECL__ float __low2float(__half2 h) { return (float)h.x; }
__CUDA_FP16_DECL__ float __high2float(__half2 h) { return (float)h.y; }
__CUDA_FP16_DECL__ __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__CUDA_FP16_DECL__ __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__CUDA_FP16_DECL__ __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }

/* Arithmetic (round to nearest even, as the f16 instructions do). */
__CUDA_FP16_DECL__ __half __hadd(__half a, __half b) { return __half((_Float16)(a.__f() + b.__f())); }
__CUDA_FP16_DECL__ __half __hsub(__half a, __half b) { return __half((_Float16)(a.__f() - b.__f())); }
__CUDA_FP16_DECL__ __half __hmul(__half a, __half b) { return __half((_Float16)(a.__f() * b.__f())); }
__CUDA_FP16_DECL__ __half __hdiv(__half a, __half b) { return __half((float)a / (float)b); }
__CUDA_FP16_DECL__ __half __hfma(__half a, __half b, __half c) { return __half(__builtin_fmaf((float)a, (float)b, (float)c)); }
__CUDA_FP16_DECL__ __half __hneg(__half a) { return __half(-a.__f()); }
__CUDA_FP16_DECL__ __half __habs(__half a) { return __half(__half_raw{(unsigned short)(a.__x & 0x7fff)}); }
__CUDA_FP16_DECL__ __half __hmax(__half a, __half b) { return __half(__builtin_fmaxf((float)a, (float)b)); }
__CUDA_FP16_DECL__ __half __hmin(__half a, __half b) { return __half(__builtin_fminf((float)a, (float)b)); }
__CUDA_FP16_DECL__ __half __hadd_sat(__half a, __half b) { float r = (float)__hadd(a, b); return __half(r < 0 ? 0.f : r > 1 ? 1.f : r); }
__CUDA_FP16_DECL__ __half __hmul_sat(__half a, __half b) { float r = (float)__hmul(a, b); return __half(r < 0 ? 0.f : r > 1 ? 1.f : r); }
#define __CUPRITE_H2(NAME, OP)                                                                     \
    __CUDA_FP16_DECL__ __half2 NAME(__half2 a, __half2 b) { return __half2(OP(a.x, b.x), OP(a.y, b.y)); }
__CUPRITE_H2(__hadd2, __hadd)
__CUPRITE_H2(__hsub2, __hsub)
__CUPRITE_H2(__hmul2, __hmul)
__CUPRITE_H2(__h2div, __hdiv)
__CUPRITE_H2(__hmax2, __hmax)
__CUPRITE_H2(__hmin2, __hmin)
#undef __CUPRITE_H2
__CUDA_FP16_DECL__ __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __half2(__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)); }
__CUDA_FP16_DECL__ __half2 __hneg2(__half2 a) { return __half2(__hneg(a.x), __hneg(a.y)); }
__CUDA_FP16_DECL__ __half2 __habs2(__half2 a) { return __half2(__habs(a.x), __habs(a.y)); }

/* Comparisons. */
__CUDA_FP16_DECL__ bool __heq(__half a, __half b) { return a.__f() == b.__f(); }
__CUDA_FP16_DECL__ bool __hne(__half a, __half b) { return a.__f() != b.__f() && a.__f() == a.__f() && b.__f() == b.__f(); }
__CUDA_FP16_DECL__ bool __hlt(__half a, __half b) { return a.__f() < b.__f(); }
__CUDA_FP16_DECL__ bool __hle(__half a, __half b) { return a.__f() <= b.__f(); }
__CUDA_FP16_DECL__ bool __hgt(__half a, __half b) { return a.__f() > b.__f(); }
__CUDA_FP16_DECL__ bool __hge(__half a, __half b) { return a.__f() >= b.__f(); }
__CUDA_FP16_DECL__ bool __hisnan(__half a) { return a.__f() != a.__f(); }
__CUDA_FP16_DECL__ int __hisinf(__half a) { return (a.__x & 0x7fff) == 0x7c00 ? (a.__x >> 15 ? -1 : 1) : 0; }

/* Math, evaluated in single precision and rounded once to half. */
__CUDA_FP16_DECL__ __half hsqrt(__half a) { return __half(__builtin_sqrtf((float)a)); }
__CUDA_FP16_DECL__ __half hrsqrt(__half a) { return __half(1.0f / __builtin_sqrtf((float)a)); }
__CUDA_FP16_DECL__ __half hrcp(__half a) { return __half(1.0f / (float)a); }
__CUDA_FP16_DECL__ __half hfloor(__half a) { return __half(__builtin_floorf((float)a)); }
__CUDA_FP16_DECL__ __half hceil(__half a) { return __half(__builtin_ceilf((float)a)); }
__CUDA_FP16_DECL__ __half htrunc(__half a) { return __half(__builtin_truncf((float)a)); }
__CUDA_FP16_DECL__ __half hrint(__half a) { return __half(__builtin_rintf((float)a)); }
__CUDA_FP16_DECL__ __half2 h2sqrt(__half2 a) { return __half2(hsqrt(a.x), hsqrt(a.y)); }

/* Operators. */
__CUDA_FP16_DECL__ __half operator+(__half a, __half b) { return __hadd(a, b); }
__CUDA_FP16_DECL__ __half operator-(__half a, __half b) { return __hsub(a, b); }
__CUDA_FP16_DECL__ __half operator*(__half a, __half b) { return __hmul(a, b); }
__CUDA_FP16_DECL__ __half operator/(__half a, __half b) { return __hdiv(a, b); }
__CUDA_FP16_DECL__ __half operator-(__half a) { return __hneg(a); }
__CUDA_FP16_DECL__ __half operator+(__half a) { return a; }
__CUDA_FP16_DECL__ __half &operator+=(__half &a, __half b) { return a = __hadd(a, b); }
__CUDA_FP16_DECL__ __half &operator-=(__half &a, __half b) { return a = __hsub(a, b); }
__CUDA_FP16_DECL__ __half &operator*=(__half &a, __half b) { return a = __hmul(a, b); }
__CUDA_FP16_DECL__ __half &operator/=(__half &a, __half b) { return a = __hdiv(a, b); }
__CUDA_FP16_DECL__ bool operator==(__half a, __half b) { return __heq(a, b); }
__CUDA_FP16_DECL__ bool operator!=(__half a, __half b) { return !__heq(a, b); }
__CUDA_FP16_DECL__ bool operator<(__half a, __half b) { return __hlt(a, b); }
__CUDA_FP16_DECL__ bool operator<=(__half a, __half b) { return __hle(a, b); }
__CUDA_FP16_DECL__ bool operator>(__half a, __half b) { return __hgt(a, b); }
__CUDA_FP16_DECL__ bool operator>=(__half a, __half b) { return __hge(a, b); }
__CUDA_FP16_DECL__ __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__CUDA_FP16_DECL__ __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__CUDA_FP16_DECL__ __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__CUDA_FP16_DECL__ __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__CUDA_FP16_DECL__ __half2 &operator+=(__half2 &a, __half2 b) { return a = __hadd2(a, b); }
__CUDA_FP16_DECL__ __half2 &operator*=(__half2 &a, __half2 b) { return a = __hmul2(a, b); }

/* Channel descriptors of half textures. */
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf(void) {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf1(void) {
    return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf2(void) {
    return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat);
}
static __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDescHalf4(void) {
    return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}
template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<__half>(void) { return cudaCreateChannelDescHalf(); }
template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<__half2>(void) { return cudaCreateChannelDescHalf2(); }

#if defined(__CUDACC__)
/* Atomics (sm_70: f16 adds; f16x2 in one 32-bit word). */
static __device__ __forceinline__ __half atomicAdd(__half *p, __half v) {
    unsigned short r;
    asm volatile("atom.add.noftz.f16 %0, [%1], %2;" : "=h"(r) : "l"(p), "h"(v.__x) : "memory");
    return __ushort_as_half(r);
}
static __device__ __forceinline__ __half2 atomicAdd(__half2 *p, __half2 v) {
    unsigned int in = (unsigned int)v.x.__x | ((unsigned int)v.y.__x << 16), r;
    asm volatile("atom.add.noftz.f16x2 %0, [%1], %2;" : "=r"(r) : "l"(p), "r"(in) : "memory");
    return __half2(__ushort_as_half((unsigned short)r), __ushort_as_half((unsigned short)(r >> 16)));
}
/* Warp shuffles of halves, through their 16-bit patterns. */
static __device__ __forceinline__ __half __shfl_sync(unsigned m, __half v, int l, int w = 32) {
    return __ushort_as_half((unsigned short)__shfl_sync(m, (int)v.__x, l, w));
}
static __device__ __forceinline__ __half __shfl_xor_sync(unsigned m, __half v, int l, int w = 32) {
    return __ushort_as_half((unsigned short)__shfl_xor_sync(m, (int)v.__x, l, w));
}
static __device__ __forceinline__ __half __shfl_down_sync(unsigned m, __half v, unsigned d, int w = 32) {
    return __ushort_as_half((unsigned short)__shfl_down_sync(m, (int)v.__x, d, w));
}
static __device__ __forceinline__ __half __shfl_up_sync(unsigned m, __half v, unsigned d, int w = 32) {
    return __ushort_as_half((unsigned short)__shfl_up_sync(m, (int)v.__x, d, w));
}
static __device__ __forceinline__ __half __ldg(const __half *p) { return __ushort_as_half(__ldg((const unsigned short *)p)); }
#endif
#endif
