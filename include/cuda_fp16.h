/*
 * Cuprite: the half-precision API of CUDA 13 (cuda_fp16.h), for clang's CUDA mode.
 *
 * `__half` is IEEE binary16 (1 sign, 5 exponent, 10 fraction bits), `__half2` a pair of them
 * in one 32-bit word (x in the low half). Both are trivially copyable, 2- and 4-byte sized and
 * aligned. Every function works on the host too: device code runs the PTX instructions nvcc's
 * headers use (cvt.rn.f16.f32, add.f16x2, fma.rn.f16, ex2.approx.f16, ...), host code
 * computes the same bits in software (float arithmetic rounded once: for + - * / and sqrt,
 * rounding the float result again to half is exact, as float has more than 2 x 11 + 2 bits).
 */
#ifndef __CUDA_FP16_H__
#define __CUDA_FP16_H__

#include "__cuprite/half_common.h"

/* What CCCL (libcu++, CUB) tests for before it uses __half. */
#define __CUDA_FP16_TYPES_EXIST__

#if defined(__cplusplus)

struct __half_raw {
    unsigned short x;
};

struct __half2_raw {
    unsigned short x;
    unsigned short y;
};

struct __half;
__CUPRITE_HD__ __half __float2half(float a);
__CUPRITE_HD__ __half __double2half(double a);
__CUPRITE_HD__ float __half2float(__half a);
__CUPRITE_HD__ __half __short2half_rn(short i);
__CUPRITE_HD__ __half __ushort2half_rn(unsigned short i);
__CUPRITE_HD__ __half __int2half_rn(int i);
__CUPRITE_HD__ __half __uint2half_rn(unsigned int i);
__CUPRITE_HD__ __half __ll2half_rn(long long i);
__CUPRITE_HD__ __half __ull2half_rn(unsigned long long i);
__CUPRITE_HD__ short __half2short_rz(__half h);
__CUPRITE_HD__ unsigned short __half2ushort_rz(__half h);
__CUPRITE_HD__ int __half2int_rz(__half h);
__CUPRITE_HD__ unsigned int __half2uint_rz(__half h);
__CUPRITE_HD__ long long __half2ll_rz(__half h);
__CUPRITE_HD__ unsigned long long __half2ull_rz(__half h);
__CUPRITE_HD__ signed char __half2char_rz(__half h);
__CUPRITE_HD__ unsigned char __half2uchar_rz(__half h);

struct __align__(2) __half {
  protected:
    unsigned short __x;

  public:
    __half() = default;
    __host__ __device__ constexpr __half(const __half_raw &hr) : __x(hr.x) {}
    __host__ __device__ __half &operator=(const __half_raw &hr) {
        __x = hr.x;
        return *this;
    }
    __host__ __device__ volatile __half &operator=(const __half_raw &hr) volatile {
        __x = hr.x;
        return *this;
    }
    __host__ __device__ constexpr operator __half_raw() const { return __half_raw{__x}; }
    __host__ __device__ operator __half_raw() const volatile { return __half_raw{__x}; }

#if !defined(__CUDA_NO_HALF_CONVERSIONS__)
    __host__ __device__ __half(float f) { __x = __half_raw(__float2half(f)).x; }
    __host__ __device__ __half(double f) { __x = __half_raw(__double2half(f)).x; }
    __host__ __device__ __half(short v) { __x = __half_raw(__short2half_rn(v)).x; }
    __host__ __device__ __half(unsigned short v) { __x = __half_raw(__ushort2half_rn(v)).x; }
    __host__ __device__ __half(int v) { __x = __half_raw(__int2half_rn(v)).x; }
    __host__ __device__ __half(unsigned int v) { __x = __half_raw(__uint2half_rn(v)).x; }
    __host__ __device__ __half(long v) { __x = __half_raw(__ll2half_rn(v)).x; }
    __host__ __device__ __half(unsigned long v) { __x = __half_raw(__ull2half_rn(v)).x; }
    __host__ __device__ __half(long long v) { __x = __half_raw(__ll2half_rn(v)).x; }
    __host__ __device__ __half(unsigned long long v) { __x = __half_raw(__ull2half_rn(v)).x; }
    __host__ __device__ __half &operator=(float f) { return *this = __float2half(f); }
    __host__ __device__ __half &operator=(double f) { return *this = __double2half(f); }
    __host__ __device__ operator float() const { return __half2float(*this); }
    __host__ __device__ operator signed char() const { return __half2char_rz(*this); }
    __host__ __device__ operator unsigned char() const { return __half2uchar_rz(*this); }
    __host__ __device__ operator char() const { return (char)__half2char_rz(*this); }
    __host__ __device__ operator short() const { return __half2short_rz(*this); }
    __host__ __device__ operator unsigned short() const { return __half2ushort_rz(*this); }
    __host__ __device__ operator int() const { return __half2int_rz(*this); }
    __host__ __device__ operator unsigned int() const { return __half2uint_rz(*this); }
    __host__ __device__ operator long() const { return (long)__half2ll_rz(*this); }
    __host__ __device__ operator unsigned long() const { return (unsigned long)__half2ull_rz(*this); }
    __host__ __device__ operator long long() const { return __half2ll_rz(*this); }
    __host__ __device__ operator unsigned long long() const { return __half2ull_rz(*this); }
    __host__ __device__ operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
};

struct __align__(4) __half2 {
    __half x;
    __half y;

    __half2() = default;
    __host__ __device__ constexpr __half2(const __half &a, const __half &b) : x(a), y(b) {}
    __host__ __device__ constexpr __half2(const __half2_raw &r) : x(__half_raw{r.x}), y(__half_raw{r.y}) {}
    __host__ __device__ __half2 &operator=(const __half2_raw &r) {
        x = __half_raw{r.x};
        y = __half_raw{r.y};
        return *this;
    }
    __host__ __device__ operator __half2_raw() const { return __half2_raw{__half_raw(x).x, __half_raw(y).x}; }
};

typedef __half half;
typedef __half2 half2;
typedef __half __nv_half;
typedef __half2 __nv_half2;
typedef __half_raw __nv_half_raw;
typedef __half2_raw __nv_half2_raw;
typedef __half nv_half;
typedef __half2 nv_half2;

static_assert(sizeof(__half) == 2 && alignof(__half) == 2, "__half is 2 bytes");
static_assert(sizeof(__half2) == 4 && alignof(__half2) == 4, "__half2 is 4 bytes");
static_assert(__is_trivially_copyable(__half) && __is_trivially_copyable(__half2), "CUB copies halves as bytes");

/* ---- bits ---------------------------------------------------------------------------- */

__CUPRITE_HD__ unsigned short __cuprite_hbits(__half h) { return __half_raw(h).x; }
__CUPRITE_HD__ __half __cuprite_hmake(unsigned short b) { return __half(__half_raw{b}); }
__CUPRITE_HD__ unsigned int __cuprite_h2bits(__half2 h) { return __builtin_bit_cast(unsigned int, h); }
__CUPRITE_HD__ __half2 __cuprite_h2make(unsigned int b) { return __builtin_bit_cast(__half2, b); }

__CUPRITE_HD__ short __half_as_short(__half h) { return (short)__cuprite_hbits(h); }
__CUPRITE_HD__ unsigned short __half_as_ushort(__half h) { return __cuprite_hbits(h); }
__CUPRITE_HD__ __half __short_as_half(short i) { return __cuprite_hmake((unsigned short)i); }
__CUPRITE_HD__ __half __ushort_as_half(unsigned short i) { return __cuprite_hmake(i); }

#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7C00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7BFFU)
#define CUDART_NEG_ZERO_FP16 __ushort_as_half((unsigned short)0x8000U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3C00U)

/* ---- conversions ---------------------------------------------------------------------- */

/* Device: one cvt with the rounding in `rnd`; host: the software rounding. */
#define __CUPRITE_F2H(name, rnd, mode)                                                                   \
    __CUPRITE_HD__ __half name(float a) {                                                                \
        unsigned short r;                                                                                \
        __CUPRITE_F2H_BODY(rnd, mode)                                                                    \
        return __cuprite_hmake(r);                                                                       \
    }
#ifdef __CUDA_ARCH__
#define __CUPRITE_F2H_BODY(rnd, mode) asm("cvt." rnd ".f16.f32 %0, %1;" : "=h"(r) : "f"(a));
#else
#define __CUPRITE_F2H_BODY(rnd, mode) r = __cuprite_double_to_small((double)a, 5, 10, mode);
#endif
__CUPRITE_F2H(__float2half, "rn", __cuprite_rn)
__CUPRITE_F2H(__float2half_rn, "rn", __cuprite_rn)
__CUPRITE_F2H(__float2half_rz, "rz", __cuprite_rz)
__CUPRITE_F2H(__float2half_rd, "rm", __cuprite_rd)
__CUPRITE_F2H(__float2half_ru, "rp", __cuprite_ru)
#undef __CUPRITE_F2H
#undef __CUPRITE_F2H_BODY

__CUPRITE_HD__ __half __double2half(double a) {
#ifdef __CUDA_ARCH__
    unsigned short r;
    asm("cvt.rn.f16.f64 %0, %1;" : "=h"(r) : "d"(a));
    return __cuprite_hmake(r);
#else
    return __cuprite_hmake(__cuprite_double_to_small(a, 5, 10, __cuprite_rn));
#endif
}

__CUPRITE_HD__ float __half2float(__half a) {
#ifdef __CUDA_ARCH__
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(__cuprite_hbits(a)));
    return f;
#else
    return __cuprite_small_to_float(__cuprite_hbits(a), 5, 10);
#endif
}

/* Half to integer (cvt.rni/rzi/rmi/rpi.<int>.f16: NaN gives 0, out of range saturates). */
#ifdef __CUDA_ARCH__
#define __CUPRITE_H2I(name, T, ptxty, reg, rnd, mode, lo, hi)                                            \
    __CUPRITE_HD__ T name(__half h) {                                                                    \
        T r;                                                                                             \
        asm("cvt." rnd "." ptxty ".f16 %0, %1;" : "=" reg(r) : "h"(__cuprite_hbits(h)));                 \
        return r;                                                                                        \
    }
#else
#define __CUPRITE_H2I(name, T, ptxty, reg, rnd, mode, lo, hi)                                            \
    __CUPRITE_HD__ T name(__half h) {                                                                    \
        return (lo) == 0 ? (T)__cuprite_float_to_uint(__half2float(h), mode, (unsigned long long)(hi))   \
                         : (T)__cuprite_float_to_int(__half2float(h), mode, (long long)(lo), (long long)(hi)); \
    }
#endif
#define __CUPRITE_H2I_ALL(stem, T, ptxty, reg, lo, hi)                                                   \
    __CUPRITE_H2I(stem##_rn, T, ptxty, reg, "rni", __cuprite_rn, lo, hi)                                 \
    __CUPRITE_H2I(stem##_rz, T, ptxty, reg, "rzi", __cuprite_rz, lo, hi)                                 \
    __CUPRITE_H2I(stem##_rd, T, ptxty, reg, "rmi", __cuprite_rd, lo, hi)                                 \
    __CUPRITE_H2I(stem##_ru, T, ptxty, reg, "rpi", __cuprite_ru, lo, hi)
__CUPRITE_H2I_ALL(__half2short, short, "s16", "h", -32768, 32767)
__CUPRITE_H2I_ALL(__half2ushort, unsigned short, "u16", "h", 0, 65535)
__CUPRITE_H2I_ALL(__half2int, int, "s32", "r", -2147483647 - 1, 2147483647)
__CUPRITE_H2I_ALL(__half2uint, unsigned int, "u32", "r", 0, 4294967295u)
__CUPRITE_H2I_ALL(__half2ll, long long, "s64", "l", -9223372036854775807LL - 1, 9223372036854775807LL)
__CUPRITE_H2I_ALL(__half2ull, unsigned long long, "u64", "l", 0, 18446744073709551615ull)
#undef __CUPRITE_H2I_ALL
#undef __CUPRITE_H2I

__CUPRITE_HD__ signed char __half2char_rz(__half h) {
    return (signed char)__cuprite_float_to_int(__half2float(h), __cuprite_rz, -128, 127);
}
__CUPRITE_HD__ unsigned char __half2uchar_rz(__half h) {
    return (unsigned char)__cuprite_float_to_uint(__half2float(h), __cuprite_rz, 255);
}

/* Integer to half (cvt.rn/rz/rm/rp.f16.<int>). */
#ifdef __CUDA_ARCH__
#define __CUPRITE_I2H(name, T, ptxty, reg, rnd, mode)                                                    \
    __CUPRITE_HD__ __half name(T i) {                                                                    \
        unsigned short r;                                                                                \
        asm("cvt." rnd ".f16." ptxty " %0, %1;" : "=h"(r) : reg(i));                                     \
        return __cuprite_hmake(r);                                                                       \
    }
#else
#define __CUPRITE_I2H(name, T, ptxty, reg, rnd, mode)                                                    \
    __CUPRITE_HD__ __half name(T i) {                                                                    \
        const bool negative = (T)-1 < (T)0 && i < (T)0;                                           \
        const unsigned long long m = negative ? 0ull - (unsigned long long)(long long)i : (unsigned long long)i; \
        return __cuprite_hmake(__cuprite_int_to_small(negative, m, 5, 10, mode));                        \
    }
#endif
#define __CUPRITE_I2H_ALL(stem, T, ptxty, reg)                                                           \
    __CUPRITE_I2H(stem##_rn, T, ptxty, reg, "rn", __cuprite_rn)                                          \
    __CUPRITE_I2H(stem##_rz, T, ptxty, reg, "rz", __cuprite_rz)                                          \
    __CUPRITE_I2H(stem##_rd, T, ptxty, reg, "rm", __cuprite_rd)                                          \
    __CUPRITE_I2H(stem##_ru, T, ptxty, reg, "rp", __cuprite_ru)
__CUPRITE_I2H_ALL(__short2half, short, "s16", "h")
__CUPRITE_I2H_ALL(__ushort2half, unsigned short, "u16", "h")
__CUPRITE_I2H_ALL(__int2half, int, "s32", "r")
__CUPRITE_I2H_ALL(__uint2half, unsigned int, "u32", "r")
__CUPRITE_I2H_ALL(__ll2half, long long, "s64", "l")
__CUPRITE_I2H_ALL(__ull2half, unsigned long long, "u64", "l")
#undef __CUPRITE_I2H_ALL
#undef __CUPRITE_I2H

/* ---- pairs ----------------------------------------------------------------------------- */

__CUPRITE_HD__ __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__CUPRITE_HD__ __half2 make_half2(__half x, __half y) { return __half2(x, y); }
__CUPRITE_HD__ __half2 __half2half2(__half a) { return __half2(a, a); }
__CUPRITE_HD__ __half __low2half(__half2 a) { return a.x; }
__CUPRITE_HD__ __half __high2half(__half2 a) { return a.y; }
__CUPRITE_HD__ __half2 __low2half2(__half2 a) { return __half2(a.x, a.x); }
__CUPRITE_HD__ __half2 __high2half2(__half2 a) { return __half2(a.y, a.y); }
__CUPRITE_HD__ __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__CUPRITE_HD__ __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__CUPRITE_HD__ __half2 __lowhigh2highlow(__half2 a) { return __half2(a.y, a.x); }
__CUPRITE_HD__ float __low2float(__half2 a) { return __half2float(a.x); }
__CUPRITE_HD__ float __high2float(__half2 a) { return __half2float(a.y); }
__CUPRITE_HD__ float2 __half22float2(__half2 a) {
    float2 r;
    r.x = __half2float(a.x);
    r.y = __half2float(a.y);
    return r;
}
__CUPRITE_HD__ __half2 __floats2half2_rn(float a, float b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned int r;
    asm("cvt.rn.f16x2.f32 %0, %2, %1;" : "=r"(r) : "f"(a), "f"(b));
    return __cuprite_h2make(r);
#else
    return __half2(__float2half_rn(a), __float2half_rn(b));
#endif
}
__CUPRITE_HD__ __half2 __float2half2_rn(float a) { return __floats2half2_rn(a, a); }
__CUPRITE_HD__ __half2 __float22half2_rn(float2 a) { return __floats2half2_rn(a.x, a.y); }


/* ---- arithmetic ------------------------------------------------------------------------- */


#ifdef __CUDA_ARCH__
#define __CUPRITE_H_BIN(name, ptx, host)                                                                 \
    __CUPRITE_HD__ __half name(__half a, __half b) {                                                     \
        unsigned short r;                                                                                \
        asm(ptx " %0, %1, %2;" : "=h"(r) : "h"(__cuprite_hbits(a)), "h"(__cuprite_hbits(b)));            \
        return __cuprite_hmake(r);                                                                       \
    }
#define __CUPRITE_H2_BIN(name, ptx, host)                                                                \
    __CUPRITE_HD__ __half2 name(__half2 a, __half2 b) {                                                  \
        unsigned int r;                                                                                  \
        asm(ptx " %0, %1, %2;" : "=r"(r) : "r"(__cuprite_h2bits(a)), "r"(__cuprite_h2bits(b)));          \
        return __cuprite_h2make(r);                                                                      \
    }
#define __CUPRITE_H_FMA(name, ptx, host)                                                                 \
    __CUPRITE_HD__ __half name(__half a, __half b, __half c) {                                           \
        unsigned short r;                                                                                \
        asm(ptx " %0, %1, %2, %3;"                                                                       \
            : "=h"(r)                                                                                    \
            : "h"(__cuprite_hbits(a)), "h"(__cuprite_hbits(b)), "h"(__cuprite_hbits(c)));                \
        return __cuprite_hmake(r);                                                                       \
    }
#define __CUPRITE_H2_FMA(name, ptx, host)                                                                \
    __CUPRITE_HD__ __half2 name(__half2 a, __half2 b, __half2 c) {                                       \
        unsigned int r;                                                                                  \
        asm(ptx " %0, %1, %2, %3;"                                                                       \
            : "=r"(r)                                                                                    \
            : "r"(__cuprite_h2bits(a)), "r"(__cuprite_h2bits(b)), "r"(__cuprite_h2bits(c)));             \
        return __cuprite_h2make(r);                                                                      \
    }
#else
/* Host: `host` computes in float (x, y) or double (fma: the exact product and sum rounded to odd
   in double, then to half: one correct rounding). */
#define __CUPRITE_H_BIN(name, ptx, host)                                                                 \
    __CUPRITE_HD__ __half name(__half a, __half b) {                                                     \
        const float x = __half2float(a), y = __half2float(b);                                           \
        return __float2half_rn(host);                                                                    \
    }
#define __CUPRITE_H2_BIN(name, ptx, host) __CUPRITE_HD__ __half2 name(__half2 a, __half2 b);
#define __CUPRITE_H_FMA(name, ptx, host)                                                                 \
    __CUPRITE_HD__ __half name(__half a, __half b, __half c) {                                           \
        const double x = __half2float(a), y = __half2float(b), z = __half2float(c);                     \
        const double f = __cuprite_fma_round_to_odd(x, y, z);                                            \
        return __double2half(host);                                                                      \
    }
#define __CUPRITE_H2_FMA(name, ptx, host) __CUPRITE_HD__ __half2 name(__half2 a, __half2 b, __half2 c);
#endif

__CUPRITE_H_BIN(__hadd, "add.f16", x + y)
__CUPRITE_H_BIN(__hsub, "sub.f16", x - y)
__CUPRITE_H_BIN(__hmul, "mul.f16", x * y)
__CUPRITE_H_BIN(__hadd_rn, "add.rn.f16", x + y)
__CUPRITE_H_BIN(__hsub_rn, "sub.rn.f16", x - y)
__CUPRITE_H_BIN(__hmul_rn, "mul.rn.f16", x * y)
__CUPRITE_H_BIN(__hadd_sat, "add.sat.f16", __cuprite_saturate(x + y))
__CUPRITE_H_BIN(__hsub_sat, "sub.sat.f16", __cuprite_saturate(x - y))
__CUPRITE_H_BIN(__hmul_sat, "mul.sat.f16", __cuprite_saturate(x * y))
__CUPRITE_H_FMA(__hfma, "fma.rn.f16", f)
__CUPRITE_H_FMA(__hfma_sat, "fma.rn.sat.f16", __cuprite_saturate((float)__half2float(__double2half(f))))
__CUPRITE_H2_BIN(__hadd2, "add.f16x2", 0)
__CUPRITE_H2_BIN(__hsub2, "sub.f16x2", 0)
__CUPRITE_H2_BIN(__hmul2, "mul.f16x2", 0)
__CUPRITE_H2_BIN(__hadd2_rn, "add.rn.f16x2", 0)
__CUPRITE_H2_BIN(__hsub2_rn, "sub.rn.f16x2", 0)
__CUPRITE_H2_BIN(__hmul2_rn, "mul.rn.f16x2", 0)
__CUPRITE_H2_BIN(__hadd2_sat, "add.sat.f16x2", 0)
__CUPRITE_H2_BIN(__hsub2_sat, "sub.sat.f16x2", 0)
__CUPRITE_H2_BIN(__hmul2_sat, "mul.sat.f16x2", 0)
__CUPRITE_H2_FMA(__hfma2, "fma.rn.f16x2", 0)
__CUPRITE_H2_FMA(__hfma2_sat, "fma.rn.sat.f16x2", 0)
#undef __CUPRITE_H_BIN
#undef __CUPRITE_H_FMA
#undef __CUPRITE_H2_BIN
#undef __CUPRITE_H2_FMA

#ifndef __CUDA_ARCH__
/* Host pairs: lane by lane. */
__CUPRITE_HD__ __half2 __hadd2(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hadd, a, b); }
__CUPRITE_HD__ __half2 __hsub2(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hsub, a, b); }
__CUPRITE_HD__ __half2 __hmul2(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hmul, a, b); }
__CUPRITE_HD__ __half2 __hadd2_rn(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hadd_rn, a, b); }
__CUPRITE_HD__ __half2 __hsub2_rn(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hsub_rn, a, b); }
__CUPRITE_HD__ __half2 __hmul2_rn(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hmul_rn, a, b); }
__CUPRITE_HD__ __half2 __hadd2_sat(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hadd_sat, a, b); }
__CUPRITE_HD__ __half2 __hsub2_sat(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hsub_sat, a, b); }
__CUPRITE_HD__ __half2 __hmul2_sat(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hmul_sat, a, b); }
__CUPRITE_HD__ __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __CUPRITE_H2_MAP3(__half2, __hfma, a, b, c); }
__CUPRITE_HD__ __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) {
    return __CUPRITE_H2_MAP3(__half2, __hfma_sat, a, b, c);
}
#endif

/* Division, correctly rounded: the float quotient rounded to half (no double-rounding error:
   float has 24 >= 2 x 11 + 2 bits). */
__CUPRITE_HD__ __half __hdiv(__half a, __half b) {
#ifdef __CUDA_ARCH__
    float q;
    asm("div.rn.f32 %0, %1, %2;" : "=f"(q) : "f"(__half2float(a)), "f"(__half2float(b)));
    return __float2half_rn(q);
#else
    return __float2half_rn(__half2float(a) / __half2float(b));
#endif
}
__CUPRITE_HD__ __half2 __h2div(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, __hdiv, a, b); }

__CUPRITE_HD__ __half __hneg(__half a) {
#ifdef __CUDA_ARCH__
    unsigned short r;
    asm("neg.f16 %0, %1;" : "=h"(r) : "h"(__cuprite_hbits(a)));
    return __cuprite_hmake(r);
#else
    return __cuprite_hmake(__cuprite_hbits(a) ^ 0x8000u);
#endif
}
__CUPRITE_HD__ __half __habs(__half a) {
#ifdef __CUDA_ARCH__
    unsigned short r;
    asm("abs.f16 %0, %1;" : "=h"(r) : "h"(__cuprite_hbits(a)));
    return __cuprite_hmake(r);
#else
    return __cuprite_hmake(__cuprite_hbits(a) & 0x7fffu);
#endif
}
__CUPRITE_HD__ __half2 __hneg2(__half2 a) {
#ifdef __CUDA_ARCH__
    unsigned int r;
    asm("neg.f16x2 %0, %1;" : "=r"(r) : "r"(__cuprite_h2bits(a)));
    return __cuprite_h2make(r);
#else
    return __CUPRITE_H2_MAP1(__half2, __hneg, a);
#endif
}
__CUPRITE_HD__ __half2 __habs2(__half2 a) {
#ifdef __CUDA_ARCH__
    unsigned int r;
    asm("abs.f16x2 %0, %1;" : "=r"(r) : "r"(__cuprite_h2bits(a)));
    return __cuprite_h2make(r);
#else
    return __CUPRITE_H2_MAP1(__half2, __habs, a);
#endif
}

/* Complex multiply-add (a, b, c as re + i im in x, y), as two fused steps. */
__CUPRITE_HD__ __half2 __hcmadd(__half2 a, __half2 b, __half2 c) {
    __half2 acc = __hfma2(__half2half2(a.x), b, c);
    return __hfma2(__half2half2(a.y), __half2(__hneg(b.y), b.x), acc);
}

/* ---- comparisons ------------------------------------------------------------------------ */

/* Host: the float comparison `op` (ordered ones false on NaN; the unordered ones are the
   negations of the opposite ordered comparisons). */
#ifdef __CUDA_ARCH__
#define __CUPRITE_H_CMP(suffix, ptx, hostexpr)                                                           \
    __CUPRITE_HD__ bool __h##suffix(__half a, __half b) {                                                \
        unsigned int r;                                                                                  \
        asm("{ .reg .pred p;\n\tsetp." ptx ".f16 p, %1, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"               \
            : "=r"(r)                                                                                    \
            : "h"(__cuprite_hbits(a)), "h"(__cuprite_hbits(b)));                                         \
        return r != 0;                                                                                   \
    }                                                                                                    \
    /* Per lane: bit 0 low, bit 1 high. */                                                               \
    __CUPRITE_HD__ unsigned int __cuprite_h2cmp_##suffix(__half2 a, __half2 b) {                         \
        unsigned int r;                                                                                  \
        asm("{ .reg .pred p, q;\n\tsetp." ptx ".f16x2 p|q, %1, %2;\n\t"                                  \
            "selp.u32 %0, 1, 0, p;\n\t@q or.b32 %0, %0, 2;\n\t}"                                          \
            : "=r"(r)                                                                                    \
            : "r"(__cuprite_h2bits(a)), "r"(__cuprite_h2bits(b)));                                       \
        return r;                                                                                        \
    }
#else
#define __CUPRITE_H_CMP(suffix, ptx, hostexpr)                                                           \
    __CUPRITE_HD__ bool __h##suffix(__half a, __half b) {                                                \
        const float x = __half2float(a), y = __half2float(b);                                           \
        return hostexpr;                                                                                 \
    }                                                                                                    \
    __CUPRITE_HD__ unsigned int __cuprite_h2cmp_##suffix(__half2 a, __half2 b) {                         \
        return (__h##suffix(a.x, b.x) ? 1u : 0u) | (__h##suffix(a.y, b.y) ? 2u : 0u);                    \
    }
#endif
/* The three pair forms: 1.0/0.0 per lane, an all-lanes bool, and a 0xffff/0 mask per lane. */
#define __CUPRITE_H2_CMP_FORMS(suffix)                                                                   \
    __CUPRITE_HD__ __half2 __h##suffix##2(__half2 a, __half2 b) {                                        \
        const unsigned int m = __cuprite_h2cmp_##suffix(a, b);                                           \
        return __half2(__cuprite_hmake(m & 1 ? 0x3c00 : 0), __cuprite_hmake(m & 2 ? 0x3c00 : 0));        \
    }                                                                                                    \
    __CUPRITE_HD__ bool __hb##suffix##2(__half2 a, __half2 b) { return __cuprite_h2cmp_##suffix(a, b) == 3; } \
    __CUPRITE_HD__ unsigned int __h##suffix##2_mask(__half2 a, __half2 b) {                              \
        const unsigned int m = __cuprite_h2cmp_##suffix(a, b);                                           \
        return (m & 1 ? 0xffffu : 0u) | (m & 2 ? 0xffff0000u : 0u);                                      \
    }
#define __CUPRITE_H_CMP_ALL(suffix, ptx, hostexpr)                                                       \
    __CUPRITE_H_CMP(suffix, ptx, hostexpr)                                                               \
    __CUPRITE_H2_CMP_FORMS(suffix)
__CUPRITE_H_CMP_ALL(eq, "eq", x == y)
__CUPRITE_H_CMP_ALL(ne, "ne", x < y || x > y)
__CUPRITE_H_CMP_ALL(lt, "lt", x < y)
__CUPRITE_H_CMP_ALL(le, "le", x <= y)
__CUPRITE_H_CMP_ALL(gt, "gt", x > y)
__CUPRITE_H_CMP_ALL(ge, "ge", x >= y)
__CUPRITE_H_CMP_ALL(equ, "equ", !(x < y || x > y))
__CUPRITE_H_CMP_ALL(neu, "neu", !(x == y))
__CUPRITE_H_CMP_ALL(ltu, "ltu", !(x >= y))
__CUPRITE_H_CMP_ALL(leu, "leu", !(x > y))
__CUPRITE_H_CMP_ALL(gtu, "gtu", !(x <= y))
__CUPRITE_H_CMP_ALL(geu, "geu", !(x < y))
#undef __CUPRITE_H_CMP_ALL
#undef __CUPRITE_H2_CMP_FORMS
#undef __CUPRITE_H_CMP

__CUPRITE_HD__ bool __hisnan(__half a) { return (__cuprite_hbits(a) & 0x7fffu) > 0x7c00u; }
__CUPRITE_HD__ __half2 __hisnan2(__half2 a) {
    return __half2(__cuprite_hmake(__hisnan(a.x) ? 0x3c00 : 0), __cuprite_hmake(__hisnan(a.y) ? 0x3c00 : 0));
}
__CUPRITE_HD__ int __hisinf(__half a) {
    const unsigned short b = __cuprite_hbits(a);
    return b == 0x7c00u ? 1 : (b == 0xfc00u ? -1 : 0);
}

/* fma then ReLU (negative results to +0, NaN to the canonical NaN): fma.rn.relu (sm_80). */
__CUPRITE_HD__ __half __hfma_relu(__half a, __half b, __half c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned short r;
    asm("fma.rn.relu.f16 %0, %1, %2, %3;"
        : "=h"(r)
        : "h"(__cuprite_hbits(a)), "h"(__cuprite_hbits(b)), "h"(__cuprite_hbits(c)));
    return __cuprite_hmake(r);
#else
    const __half r = __hfma(a, b, c);
    return __hisnan(r) ? CUDART_NAN_FP16 : (__half2float(r) < 0.0f ? CUDART_ZERO_FP16 : r);
#endif
}
__CUPRITE_HD__ __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned int r;
    asm("fma.rn.relu.f16x2 %0, %1, %2, %3;"
        : "=r"(r)
        : "r"(__cuprite_h2bits(a)), "r"(__cuprite_h2bits(b)), "r"(__cuprite_h2bits(c)));
    return __cuprite_h2make(r);
#else
    return __CUPRITE_H2_MAP3(__half2, __hfma_relu, a, b, c);
#endif
}

/* max/min: a NaN operand gives the other one (both NaN: canonical NaN); the _nan forms give
   NaN if either is. -0 < +0. */
/* (min/max.f16 are sm_80's: older targets compute in software.) */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define __CUPRITE_H_MINMAX(name, name2, ptx, is_max, nan_wins)                                                             \
    __CUPRITE_HD__ __half name(__half a, __half b) {                                                     \
        unsigned short r;                                                                                \
        asm(ptx ".f16 %0, %1, %2;" : "=h"(r) : "h"(__cuprite_hbits(a)), "h"(__cuprite_hbits(b)));       \
        return __cuprite_hmake(r);                                                                       \
    }                                                                                                    \
    __CUPRITE_HD__ __half2 name2(__half2 a, __half2 b) {                                                 \
        unsigned int r;                                                                                  \
        asm(ptx ".f16x2 %0, %1, %2;" : "=r"(r) : "r"(__cuprite_h2bits(a)), "r"(__cuprite_h2bits(b)));   \
        return __cuprite_h2make(r);                                                                      \
    }
#else
#define __CUPRITE_H_MINMAX(name, name2, ptx, is_max, nan_wins)                                                             \
    __CUPRITE_HD__ __half name(__half a, __half b) {                                                     \
        if (__hisnan(a) || __hisnan(b)) {                                                                \
            if (nan_wins || (__hisnan(a) && __hisnan(b))) {                                              \
                return CUDART_NAN_FP16;                                                                  \
            }                                                                                            \
            return __hisnan(a) ? b : a;                                                                  \
        }                                                                                                \
        const float x = __half2float(a), y = __half2float(b);                                           \
        bool take_a = is_max ? x > y : x < y;                                                            \
        if (x == y) {                                                                                    \
            /* Equal: -0 is the smaller of the zeros. */                                                 \
            const bool a_neg = __cuprite_hbits(a) >> 15;                                                 \
            take_a = is_max ? !a_neg : a_neg;                                                            \
        }                                                                                                \
        return take_a ? a : b;                                                                           \
    }                                                                                                    \
    __CUPRITE_HD__ __half2 name2(__half2 a, __half2 b) { return __CUPRITE_H2_MAP2(__half2, name, a, b); }
#endif
__CUPRITE_H_MINMAX(__hmax, __hmax2, "max", true, false)
__CUPRITE_H_MINMAX(__hmin, __hmin2, "min", false, false)
__CUPRITE_H_MINMAX(__hmax_nan, __hmax2_nan, "max.NaN", true, true)
__CUPRITE_H_MINMAX(__hmin_nan, __hmin2_nan, "min.NaN", false, true)
#undef __CUPRITE_H_MINMAX

/* ---- math ------------------------------------------------------------------------------- */

/* Functions computed in float by one approximate PTX instruction (half_common.h). Flushing
   float subnormals (.ftz) changes nothing here: no half is a float subnormal, and the results
   that round to half subnormals are normal floats. */
__CUPRITE_APPROX_MATH(__half, __half2float, __float2half_rn, hsqrt, , "sqrt.approx.ftz.f32", , __builtin_sqrtf(x))
__CUPRITE_APPROX_MATH(__half, __half2float, __float2half_rn, hrsqrt, , "rsqrt.approx.ftz.f32", , 1.0f / __builtin_sqrtf(x))
__CUPRITE_APPROX_MATH(__half, __half2float, __float2half_rn, hrcp, , "rcp.approx.ftz.f32", , 1.0f / x)
/* tanh: tanhf rounded to half, as NVIDIA's header computes it (not tanh.approx.f32, whose
   hardware result misrounds some halves: a cuprite nvcc build run on an H200 differed there). */
#ifdef __CUDA_ARCH__
extern "C" __device__ float __nv_tanhf(float);
#define __CUPRITE_TANHF __nv_tanhf
#else
#define __CUPRITE_TANHF __builtin_tanhf
#endif
__CUPRITE_HD__ __half htanh(__half a) { return __float2half_rn(__CUPRITE_TANHF(__half2float(a))); }
#undef __CUPRITE_TANHF

/* Correctly rounded, as NVIDIA's (half_common.h). */
#define __CUPRITE_H_ROUNDED(name, fn) __CUPRITE_ROUNDED_MATH(__half, __half2float, __double2half, __cuprite_hmake, name, fn)
__CUPRITE_H_ROUNDED(hexp, exp)
__CUPRITE_H_ROUNDED(hexp2, exp2)
__CUPRITE_H_ROUNDED(hexp10, exp10)
__CUPRITE_H_ROUNDED(hlog, log)
__CUPRITE_H_ROUNDED(hlog2, log2)
__CUPRITE_H_ROUNDED(hlog10, log10)
__CUPRITE_H_ROUNDED(hsin, sin)
__CUPRITE_H_ROUNDED(hcos, cos)
#undef __CUPRITE_H_ROUNDED

/* tanh has a half-precision PTX instruction (sm_75). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 750
#define __CUPRITE_H_NATIVE(name, name2, ptx, hostfn)                                                             \
    __CUPRITE_HD__ __half name(__half a) {                                                               \
        unsigned short r;                                                                                \
        asm(ptx ".f16 %0, %1;" : "=h"(r) : "h"(__cuprite_hbits(a)));                                     \
        return __cuprite_hmake(r);                                                                       \
    }                                                                                                    \
    __CUPRITE_HD__ __half2 name2(__half2 a) {                                                            \
        unsigned int r;                                                                                  \
        asm(ptx ".f16x2 %0, %1;" : "=r"(r) : "r"(__cuprite_h2bits(a)));                                  \
        return __cuprite_h2make(r);                                                                      \
    }
#else
#define __CUPRITE_H_NATIVE(name, name2, ptx, hostfn)                                                             \
    __CUPRITE_HD__ __half name(__half a) {                                                               \
        const float x = __half2float(a);                                                                 \
        return __float2half_rn(hostfn(x));                 \
    }                                                                                                    \
    __CUPRITE_HD__ __half2 name2(__half2 a) { return __CUPRITE_H2_MAP1(__half2, name, a); }
#endif
__CUPRITE_H_NATIVE(htanh_approx, h2tanh_approx, "tanh.approx", __builtin_tanhf)
#undef __CUPRITE_H_NATIVE

/* Rounding to an integral value (cvt.rpi/rmi/rzi/rni.f16.f16: exact). */
#ifdef __CUDA_ARCH__
#define __CUPRITE_H_RINT(name, rnd, mode)                                                                \
    __CUPRITE_HD__ __half name(__half a) {                                                               \
        unsigned short r;                                                                                \
        asm("cvt." rnd ".f16.f16 %0, %1;" : "=h"(r) : "h"(__cuprite_hbits(a)));                          \
        return __cuprite_hmake(r);                                                                       \
    }
#else
#define __CUPRITE_H_RINT(name, rnd, mode)                                                                \
    __CUPRITE_HD__ __half name(__half a) {                                                               \
        return __float2half_rn(__cuprite_round_integral(__half2float(a), mode));                         \
    }
#endif
__CUPRITE_H_RINT(hceil, "rpi", __cuprite_ru)
__CUPRITE_H_RINT(hfloor, "rmi", __cuprite_rd)
__CUPRITE_H_RINT(htrunc, "rzi", __cuprite_rz)
__CUPRITE_H_RINT(hrint, "rni", __cuprite_rn)
#undef __CUPRITE_H_RINT

#define __CUPRITE_H2_FROM_SCALAR(name2, name)                                                            \
    __CUPRITE_HD__ __half2 name2(__half2 a) { return __CUPRITE_H2_MAP1(__half2, name, a); }
__CUPRITE_H2_FROM_SCALAR(h2exp2, hexp2)
__CUPRITE_H2_FROM_SCALAR(h2sqrt, hsqrt)
__CUPRITE_H2_FROM_SCALAR(h2rsqrt, hrsqrt)
__CUPRITE_H2_FROM_SCALAR(h2rcp, hrcp)
__CUPRITE_H2_FROM_SCALAR(h2exp, hexp)
__CUPRITE_H2_FROM_SCALAR(h2exp10, hexp10)
__CUPRITE_H2_FROM_SCALAR(h2log, hlog)
__CUPRITE_H2_FROM_SCALAR(h2log2, hlog2)
__CUPRITE_H2_FROM_SCALAR(h2log10, hlog10)
__CUPRITE_H2_FROM_SCALAR(h2sin, hsin)
__CUPRITE_H2_FROM_SCALAR(h2cos, hcos)
__CUPRITE_H2_FROM_SCALAR(h2tanh, htanh)
__CUPRITE_H2_FROM_SCALAR(h2ceil, hceil)
__CUPRITE_H2_FROM_SCALAR(h2floor, hfloor)
__CUPRITE_H2_FROM_SCALAR(h2trunc, htrunc)
__CUPRITE_H2_FROM_SCALAR(h2rint, hrint)
#undef __CUPRITE_H2_FROM_SCALAR

/* ---- operators ------------------------------------------------------------------------- */

#if !defined(__CUDA_NO_HALF_OPERATORS__)
__CUPRITE_H_OPERATORS(__half, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu, __hlt, __hle, __hgt, __hge)
__CUPRITE_H_INCREMENTS(__half, CUDART_ONE_FP16)
#endif
#if !defined(__CUDA_NO_HALF2_OPERATORS__)
__CUPRITE_H_OPERATORS(__half2, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbneu2, __hblt2, __hble2,
                      __hbgt2, __hbge2)
__CUPRITE_H_INCREMENTS(__half2, __half2half2(CUDART_ONE_FP16))
#endif

/* ---- device-only: shuffles, cache-hinted loads and stores, atomics ----------------------- */

#if defined(__CUDA__)
#define __CUPRITE_HALF_WORD(h) __cuprite_hbits(h)
#define __CUPRITE_WORD_HALF(w) __cuprite_hmake((unsigned short)(w))
__CUPRITE_SHUFFLES(__half, __CUPRITE_HALF_WORD, __CUPRITE_WORD_HALF)
__CUPRITE_SHUFFLES(__half2, __cuprite_h2bits, __cuprite_h2make)
#undef __CUPRITE_HALF_WORD
#undef __CUPRITE_WORD_HALF

__CUPRITE_LOADS_STORES(__half, 16, "h", unsigned short, __cuprite_hbits, __cuprite_hmake)
__CUPRITE_LOADS_STORES(__half2, 32, "r", unsigned int, __cuprite_h2bits, __cuprite_h2make)

/* Atomic adds: atom.add.noftz.f16 (sm_70) and .f16x2 (sm_60); each half is one atomic add. */
__CUPRITE_D__ __half2 atomicAdd(__half2 *address, __half2 val) {
    unsigned int r;
    asm volatile("atom.add.noftz.f16x2 %0, [%1], %2;"
                 : "=r"(r)
                 : "l"(address), "r"(__cuprite_h2bits(val))
                 : "memory");
    return __cuprite_h2make(r);
}
__CUPRITE_D__ __half atomicAdd(__half *address, __half val) {
    unsigned short r;
    asm volatile("atom.add.noftz.f16 %0, [%1], %2;"
                 : "=h"(r)
                 : "l"(address), "h"(__cuprite_hbits(val))
                 : "memory");
    return __cuprite_hmake(r);
}
#endif /* __CUDA__ */

#if defined(__CUPRITE_RUNTIME_CXX_CHANNELS)
template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<__half>(void) {
    return cudaCreateChannelDescHalf();
}
template <> __inline__ __host__ cudaChannelFormatDesc cudaCreateChannelDesc<__half2>(void) {
    return cudaCreateChannelDescHalf2();
}
#endif
#endif /* __cplusplus */
#endif /* __CUDA_FP16_H__ */
