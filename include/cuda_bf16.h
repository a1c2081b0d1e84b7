/*
 * Cuprite: the bfloat16 API of CUDA 13 (cuda_bf16.h), for clang's CUDA mode.
 *
 * `__nv_bfloat16` is the top half of an IEEE binary32 (1 sign, 8 exponent, 7 fraction bits),
 * `__nv_bfloat162` a pair in one 32-bit word (x in the low half); trivially copyable, 2- and
 * 4-byte sized and aligned. Device code runs what nvcc's headers run: sm_90's bf16 arithmetic
 * (add.bf16, ...) and atomics, and on sm_80 the fma.rn.bf16 forms (a + b as fma(a, 1, b)) and
 * cvt.rn.bf16.f32; what PTX has no instruction for (and everything below sm_80, which has
 * no bfloat16 instructions) is computed in float and rounded once (exact: float has more
 * than 2 x 8 + 2 bits), by the same code on host and device.
 */
#ifndef __CUDA_BF16_H__
#define __CUDA_BF16_H__

#include "__cuprite/half_common.h"

/* What CCCL (libcu++, CUB) tests for before it uses __nv_bfloat16. */
#define __CUDA_BF16_TYPES_EXIST__

#if defined(__cplusplus)

struct __nv_bfloat16_raw {
    unsigned short x;
};

struct __nv_bfloat162_raw {
    unsigned short x;
    unsigned short y;
};

struct __nv_bfloat16;
__CUPRITE_HD__ __nv_bfloat16 __float2bfloat16(float a);
__CUPRITE_HD__ __nv_bfloat16 __double2bfloat16(double a);
__CUPRITE_HD__ float __bfloat162float(__nv_bfloat16 a);
__CUPRITE_HD__ __nv_bfloat16 __short2bfloat16_rn(short i);
__CUPRITE_HD__ __nv_bfloat16 __ushort2bfloat16_rn(unsigned short i);
__CUPRITE_HD__ __nv_bfloat16 __int2bfloat16_rn(int i);
__CUPRITE_HD__ __nv_bfloat16 __uint2bfloat16_rn(unsigned int i);
__CUPRITE_HD__ __nv_bfloat16 __ll2bfloat16_rn(long long i);
__CUPRITE_HD__ __nv_bfloat16 __ull2bfloat16_rn(unsigned long long i);
__CUPRITE_HD__ short __bfloat162short_rz(__nv_bfloat16 h);
__CUPRITE_HD__ unsigned short __bfloat162ushort_rz(__nv_bfloat16 h);
__CUPRITE_HD__ int __bfloat162int_rz(__nv_bfloat16 h);
__CUPRITE_HD__ unsigned int __bfloat162uint_rz(__nv_bfloat16 h);
__CUPRITE_HD__ long long __bfloat162ll_rz(__nv_bfloat16 h);
__CUPRITE_HD__ unsigned long long __bfloat162ull_rz(__nv_bfloat16 h);
__CUPRITE_HD__ signed char __bfloat162char_rz(__nv_bfloat16 h);
__CUPRITE_HD__ unsigned char __bfloat162uchar_rz(__nv_bfloat16 h);

struct __align__(2) __nv_bfloat16 {
  protected:
    unsigned short __x;

  public:
    __nv_bfloat16() = default;
    __host__ __device__ constexpr __nv_bfloat16(const __nv_bfloat16_raw &hr) : __x(hr.x) {}
    __host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) {
        __x = hr.x;
        return *this;
    }
    __host__ __device__ volatile __nv_bfloat16 &operator=(const __nv_bfloat16_raw &hr) volatile {
        __x = hr.x;
        return *this;
    }
    __host__ __device__ constexpr operator __nv_bfloat16_raw() const { return __nv_bfloat16_raw{__x}; }
    __host__ __device__ operator __nv_bfloat16_raw() const volatile { return __nv_bfloat16_raw{__x}; }

#if !defined(__CUDA_NO_BFLOAT16_CONVERSIONS__)
    __host__ __device__ __nv_bfloat16(float f) { __x = __nv_bfloat16_raw(__float2bfloat16(f)).x; }
    __host__ __device__ __nv_bfloat16(double f) { __x = __nv_bfloat16_raw(__double2bfloat16(f)).x; }
    __host__ __device__ __nv_bfloat16(short v) { __x = __nv_bfloat16_raw(__short2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(unsigned short v) { __x = __nv_bfloat16_raw(__ushort2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(int v) { __x = __nv_bfloat16_raw(__int2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(unsigned int v) { __x = __nv_bfloat16_raw(__uint2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(long v) { __x = __nv_bfloat16_raw(__ll2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(unsigned long v) { __x = __nv_bfloat16_raw(__ull2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(long long v) { __x = __nv_bfloat16_raw(__ll2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16(unsigned long long v) { __x = __nv_bfloat16_raw(__ull2bfloat16_rn(v)).x; }
    __host__ __device__ __nv_bfloat16 &operator=(float f) { return *this = __float2bfloat16(f); }
    __host__ __device__ __nv_bfloat16 &operator=(double f) { return *this = __double2bfloat16(f); }
    __host__ __device__ operator float() const { return __bfloat162float(*this); }
    __host__ __device__ operator signed char() const { return __bfloat162char_rz(*this); }
    __host__ __device__ operator unsigned char() const { return __bfloat162uchar_rz(*this); }
    __host__ __device__ operator char() const { return (char)__bfloat162char_rz(*this); }
    __host__ __device__ operator short() const { return __bfloat162short_rz(*this); }
    __host__ __device__ operator unsigned short() const { return __bfloat162ushort_rz(*this); }
    __host__ __device__ operator int() const { return __bfloat162int_rz(*this); }
    __host__ __device__ operator unsigned int() const { return __bfloat162uint_rz(*this); }
    __host__ __device__ operator long() const { return (long)__bfloat162ll_rz(*this); }
    __host__ __device__ operator unsigned long() const { return (unsigned long)__bfloat162ull_rz(*this); }
    __host__ __device__ operator long long() const { return __bfloat162ll_rz(*this); }
    __host__ __device__ operator unsigned long long() const { return __bfloat162ull_rz(*this); }
    __host__ __device__ operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
};

struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x;
    __nv_bfloat16 y;

    __nv_bfloat162() = default;
    __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
    __host__ __device__ constexpr __nv_bfloat162(const __nv_bfloat162_raw &r)
        : x(__nv_bfloat16_raw{r.x}), y(__nv_bfloat16_raw{r.y}) {}
    __host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &r) {
        x = __nv_bfloat16_raw{r.x};
        y = __nv_bfloat16_raw{r.y};
        return *this;
    }
    __host__ __device__ operator __nv_bfloat162_raw() const {
        return __nv_bfloat162_raw{__nv_bfloat16_raw(x).x, __nv_bfloat16_raw(y).x};
    }
};

typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;

static_assert(sizeof(__nv_bfloat16) == 2 && alignof(__nv_bfloat16) == 2, "__nv_bfloat16 is 2 bytes");
static_assert(sizeof(__nv_bfloat162) == 4 && alignof(__nv_bfloat162) == 4, "__nv_bfloat162 is 4 bytes");
static_assert(__is_trivially_copyable(__nv_bfloat16) && __is_trivially_copyable(__nv_bfloat162),
              "CUB copies bfloat16 values as bytes");

/* ---- bits ---------------------------------------------------------------------------- */

__CUPRITE_HD__ unsigned short __cuprite_bbits(__nv_bfloat16 h) { return __nv_bfloat16_raw(h).x; }
__CUPRITE_HD__ __nv_bfloat16 __cuprite_bmake(unsigned short b) { return __nv_bfloat16(__nv_bfloat16_raw{b}); }
__CUPRITE_HD__ unsigned int __cuprite_b2bits(__nv_bfloat162 h) { return __builtin_bit_cast(unsigned int, h); }
__CUPRITE_HD__ __nv_bfloat162 __cuprite_b2make(unsigned int b) { return __builtin_bit_cast(__nv_bfloat162, b); }

__CUPRITE_HD__ short __bfloat16_as_short(__nv_bfloat16 h) { return (short)__cuprite_bbits(h); }
__CUPRITE_HD__ unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return __cuprite_bbits(h); }
__CUPRITE_HD__ __nv_bfloat16 __short_as_bfloat16(short i) { return __cuprite_bmake((unsigned short)i); }
__CUPRITE_HD__ __nv_bfloat16 __ushort_as_bfloat16(unsigned short i) { return __cuprite_bmake(i); }

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7F80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7FFFU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7F7FU)
#define CUDART_NEG_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x8000U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3F80U)

/* ---- conversions ---------------------------------------------------------------------- */

/* The exact widening: the bits are the top half of the float's. */
__CUPRITE_HD__ float __bfloat162float(__nv_bfloat16 a) {
    return __builtin_bit_cast(float, (unsigned int)__cuprite_bbits(a) << 16);
}

/* cvt.rn/rz.bf16.f32 on the device (sm_80); the directed roundings, which PTX gives only from
   sm_90 on, in software there too. */
#define __CUPRITE_F2B_SOFT(name, mode)                                                                   \
    __CUPRITE_HD__ __nv_bfloat16 name(float a) {                                                         \
        return __cuprite_bmake(__cuprite_double_to_small((double)a, 8, 7, mode));                        \
    }
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define __CUPRITE_F2B(name, rnd, mode)                                                                   \
    __CUPRITE_HD__ __nv_bfloat16 name(float a) {                                                         \
        unsigned short r;                                                                                \
        asm("cvt." rnd ".bf16.f32 %0, %1;" : "=h"(r) : "f"(a));                                          \
        return __cuprite_bmake(r);                                                                       \
    }
#else
#define __CUPRITE_F2B(name, rnd, mode) __CUPRITE_F2B_SOFT(name, mode)
#endif
__CUPRITE_F2B(__float2bfloat16, "rn", __cuprite_rn)
__CUPRITE_F2B(__float2bfloat16_rn, "rn", __cuprite_rn)
__CUPRITE_F2B(__float2bfloat16_rz, "rz", __cuprite_rz)
/* cvt.rm/rp.bf16.f32 from sm_90 on: the software rounding widens through a double, which
   -ftz=true (-use_fast_math) flushes when the float is subnormal (nvcc's builds keep it). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__CUPRITE_F2B(__float2bfloat16_rd, "rm", __cuprite_rd)
__CUPRITE_F2B(__float2bfloat16_ru, "rp", __cuprite_ru)
#else
__CUPRITE_F2B_SOFT(__float2bfloat16_rd, __cuprite_rd)
__CUPRITE_F2B_SOFT(__float2bfloat16_ru, __cuprite_ru)
#endif
#undef __CUPRITE_F2B
#undef __CUPRITE_F2B_SOFT

/* cvt.rn.bf16.f64 from sm_90 on, as NVIDIA's header: a NaN keeps its sign (0x7fc0 | sign on an
   H200, where the software rounding gives 0x7fff). */
__CUPRITE_HD__ __nv_bfloat16 __double2bfloat16(double a) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    unsigned short r;
    asm("cvt.rn.bf16.f64 %0, %1;" : "=h"(r) : "d"(a));
    return __cuprite_bmake(r);
#else
    return __cuprite_bmake(__cuprite_double_to_small(a, 8, 7, __cuprite_rn));
#endif
}

/* bfloat16 to integer: the float's conversion (out of range saturates; NaN gives 0, or 1 << 63 into
   a 64-bit integer). */
#define __CUPRITE_B2I(name, T, mode, lo, hi)                                                             \
    __CUPRITE_HD__ T name(__nv_bfloat16 h) {                                                             \
        return (lo) == 0 ? (T)__cuprite_float_to_uint(__bfloat162float(h), mode, (unsigned long long)(hi)) \
                         : (T)__cuprite_float_to_int(__bfloat162float(h), mode, (long long)(lo), (long long)(hi)); \
    }
#define __CUPRITE_B2I_ALL(stem, T, lo, hi)                                                               \
    __CUPRITE_B2I(stem##_rn, T, __cuprite_rn, lo, hi)                                                    \
    __CUPRITE_B2I(stem##_rz, T, __cuprite_rz, lo, hi)                                                    \
    __CUPRITE_B2I(stem##_rd, T, __cuprite_rd, lo, hi)                                                    \
    __CUPRITE_B2I(stem##_ru, T, __cuprite_ru, lo, hi)
__CUPRITE_B2I_ALL(__bfloat162short, short, -32768, 32767)
__CUPRITE_B2I_ALL(__bfloat162ushort, unsigned short, 0, 65535)
__CUPRITE_B2I_ALL(__bfloat162int, int, -2147483647 - 1, 2147483647)
__CUPRITE_B2I_ALL(__bfloat162uint, unsigned int, 0, 4294967295u)
__CUPRITE_B2I_ALL(__bfloat162ll, long long, -9223372036854775807LL - 1, 9223372036854775807LL)
__CUPRITE_B2I_ALL(__bfloat162ull, unsigned long long, 0, 18446744073709551615ull)
__CUPRITE_B2I(__bfloat162char_rz, signed char, __cuprite_rz, -128, 127)
__CUPRITE_B2I(__bfloat162uchar_rz, unsigned char, __cuprite_rz, 0, 255)
#undef __CUPRITE_B2I_ALL
#undef __CUPRITE_B2I

/* Integer to bfloat16, rounded once from the exact integer. */
#define __CUPRITE_I2B(name, T, mode)                                                                     \
    __CUPRITE_HD__ __nv_bfloat16 name(T i) {                                                             \
        const bool negative = (T)-1 < (T)0 && i < (T)0;                                           \
        const unsigned long long m = negative ? 0ull - (unsigned long long)(long long)i : (unsigned long long)i; \
        return __cuprite_bmake(__cuprite_int_to_small(negative, m, 8, 7, mode));                         \
    }
#define __CUPRITE_I2B_ALL(stem, T)                                                                       \
    __CUPRITE_I2B(stem##_rn, T, __cuprite_rn)                                                            \
    __CUPRITE_I2B(stem##_rz, T, __cuprite_rz)                                                            \
    __CUPRITE_I2B(stem##_rd, T, __cuprite_rd)                                                            \
    __CUPRITE_I2B(stem##_ru, T, __cuprite_ru)
__CUPRITE_I2B_ALL(__short2bfloat16, short)
__CUPRITE_I2B_ALL(__ushort2bfloat16, unsigned short)
__CUPRITE_I2B_ALL(__int2bfloat16, int)
__CUPRITE_I2B_ALL(__uint2bfloat16, unsigned int)
__CUPRITE_I2B_ALL(__ll2bfloat16, long long)
__CUPRITE_I2B_ALL(__ull2bfloat16, unsigned long long)
#undef __CUPRITE_I2B_ALL
#undef __CUPRITE_I2B

/* ---- pairs ----------------------------------------------------------------------------- */

__CUPRITE_HD__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
__CUPRITE_HD__ __nv_bfloat162 make_bfloat162(__nv_bfloat16 x, __nv_bfloat16 y) { return __nv_bfloat162(x, y); }
__CUPRITE_HD__ __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
__CUPRITE_HD__ __nv_bfloat16 __low2bfloat16(__nv_bfloat162 a) { return a.x; }
__CUPRITE_HD__ __nv_bfloat16 __high2bfloat16(__nv_bfloat162 a) { return a.y; }
__CUPRITE_HD__ __nv_bfloat162 __low2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.x, a.x); }
__CUPRITE_HD__ __nv_bfloat162 __high2bfloat162(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.y); }
__CUPRITE_HD__ __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) {
    return __nv_bfloat162(a.x, b.x);
}
__CUPRITE_HD__ __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) {
    return __nv_bfloat162(a.y, b.y);
}
__CUPRITE_HD__ __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 a) { return __nv_bfloat162(a.y, a.x); }
__CUPRITE_HD__ float __low2float(__nv_bfloat162 a) { return __bfloat162float(a.x); }
__CUPRITE_HD__ float __high2float(__nv_bfloat162 a) { return __bfloat162float(a.y); }
__CUPRITE_HD__ float2 __bfloat1622float2(__nv_bfloat162 a) {
    float2 r;
    r.x = __bfloat162float(a.x);
    r.y = __bfloat162float(a.y);
    return r;
}
__CUPRITE_HD__ __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned int r;
    asm("cvt.rn.bf16x2.f32 %0, %2, %1;" : "=r"(r) : "f"(a), "f"(b));
    return __cuprite_b2make(r);
#else
    return __nv_bfloat162(__float2bfloat16_rn(a), __float2bfloat16_rn(b));
#endif
}
__CUPRITE_HD__ __nv_bfloat162 __float2bfloat162_rn(float a) { return __floats2bfloat162_rn(a, a); }
__CUPRITE_HD__ __nv_bfloat162 __float22bfloat162_rn(float2 a) { return __floats2bfloat162_rn(a.x, a.y); }

/* ---- arithmetic ------------------------------------------------------------------------- */

/* fma.rn.bf16 (sm_80); sm_80's add, sub and mul are fused forms of it (one rounding each):
   a + b = fma(a, 1, b), a - b = fma(b, -1, a), a * b = fma(a, b, -0). sm_90 has them natively. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define __CUPRITE_B_FMA(name, name2, ptx, relu)                                                                \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {               \
        unsigned short r;                                                                                \
        asm(ptx ".bf16 %0, %1, %2, %3;"                                                                  \
            : "=h"(r)                                                                                    \
            : "h"(__cuprite_bbits(a)), "h"(__cuprite_bbits(b)), "h"(__cuprite_bbits(c)));                \
        return __cuprite_bmake(r);                                                                       \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) {          \
        unsigned int r;                                                                                  \
        asm(ptx ".bf16x2 %0, %1, %2, %3;"                                                                \
            : "=r"(r)                                                                                    \
            : "r"(__cuprite_b2bits(a)), "r"(__cuprite_b2bits(b)), "r"(__cuprite_b2bits(c)));             \
        return __cuprite_b2make(r);                                                                      \
    }
#else
/* Host and before sm_80: the exact product and sum rounded to odd in double, then to bfloat16
   (one correct rounding, as for half). */
#define __CUPRITE_B_FMA(name, name2, ptx, relu)                                                                \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {               \
        const double f = __cuprite_fma_round_to_odd((double)__bfloat162float(a), (double)__bfloat162float(b), \
                                                    (double)__bfloat162float(c));                        \
        return __double2bfloat16(relu && f < 0.0 ? 0.0 : f);                                             \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) {          \
        return __CUPRITE_H2_MAP3(__nv_bfloat162, name, a, b, c);                                         \
    }
#endif
__CUPRITE_B_FMA(__hfma, __hfma2, "fma.rn", false)
__CUPRITE_B_FMA(__hfma_relu, __hfma2_relu, "fma.rn.relu", true)
#undef __CUPRITE_B_FMA

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define __CUPRITE_B_BIN(name, name2, ptx, fused)                                                         \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b) {                                \
        unsigned short r;                                                                                \
        asm(ptx ".bf16 %0, %1, %2;" : "=h"(r) : "h"(__cuprite_bbits(a)), "h"(__cuprite_bbits(b)));      \
        return __cuprite_bmake(r);                                                                       \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a, __nv_bfloat162 b) {                            \
        unsigned int r;                                                                                  \
        asm(ptx ".bf16x2 %0, %1, %2;" : "=r"(r) : "r"(__cuprite_b2bits(a)), "r"(__cuprite_b2bits(b)));  \
        return __cuprite_b2make(r);                                                                      \
    }
#else
#define __CUPRITE_B_BIN(name, name2, ptx, fused)                                                         \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b) {                                \
        const __nv_bfloat16 one = CUDART_ONE_BF16, minus_one = __ushort_as_bfloat16(0xbf80),             \
                            minus_zero = CUDART_NEG_ZERO_BF16;                                           \
        (void)one;                                                                                       \
        (void)minus_one;                                                                                 \
        (void)minus_zero;                                                                                \
        return fused;                                                                                    \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a, __nv_bfloat162 b) {                            \
        return __CUPRITE_H2_MAP2(__nv_bfloat162, name, a, b);                                            \
    }
#endif
__CUPRITE_B_BIN(__hadd, __hadd2, "add", __hfma(a, one, b))
__CUPRITE_B_BIN(__hsub, __hsub2, "sub", __hfma(b, minus_one, a))
__CUPRITE_B_BIN(__hmul, __hmul2, "mul", __hfma(a, b, minus_zero))
__CUPRITE_B_BIN(__hadd_rn, __hadd2_rn, "add.rn", __hfma(a, one, b))
__CUPRITE_B_BIN(__hsub_rn, __hsub2_rn, "sub.rn", __hfma(b, minus_one, a))
__CUPRITE_B_BIN(__hmul_rn, __hmul2_rn, "mul.rn", __hfma(a, b, minus_zero))
#undef __CUPRITE_B_BIN

/* PTX has no .sat for bfloat16: clamp the rounded result to [0, 1] (NaN: +0). */
__CUPRITE_HD__ __nv_bfloat16 __cuprite_bsat(__nv_bfloat16 r) {
    return __float2bfloat16_rn(__cuprite_saturate(__bfloat162float(r)));
}
__CUPRITE_HD__ __nv_bfloat16 __hadd_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return __cuprite_bsat(__hadd(a, b)); }
__CUPRITE_HD__ __nv_bfloat16 __hsub_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return __cuprite_bsat(__hsub(a, b)); }
__CUPRITE_HD__ __nv_bfloat16 __hmul_sat(__nv_bfloat16 a, __nv_bfloat16 b) { return __cuprite_bsat(__hmul(a, b)); }
__CUPRITE_HD__ __nv_bfloat16 __hfma_sat(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) {
    return __cuprite_bsat(__hfma(a, b, c));
}
__CUPRITE_HD__ __nv_bfloat162 __hadd2_sat(__nv_bfloat162 a, __nv_bfloat162 b) {
    return __CUPRITE_H2_MAP2(__nv_bfloat162, __hadd_sat, a, b);
}
__CUPRITE_HD__ __nv_bfloat162 __hsub2_sat(__nv_bfloat162 a, __nv_bfloat162 b) {
    return __CUPRITE_H2_MAP2(__nv_bfloat162, __hsub_sat, a, b);
}
__CUPRITE_HD__ __nv_bfloat162 __hmul2_sat(__nv_bfloat162 a, __nv_bfloat162 b) {
    return __CUPRITE_H2_MAP2(__nv_bfloat162, __hmul_sat, a, b);
}
__CUPRITE_HD__ __nv_bfloat162 __hfma2_sat(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) {
    return __CUPRITE_H2_MAP3(__nv_bfloat162, __hfma_sat, a, b, c);
}

/* Division: the float quotient rounded once (exact: 24 >= 2 x 8 + 2). */
__CUPRITE_HD__ __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    float q;
    asm("div.rn.f32 %0, %1, %2;" : "=f"(q) : "f"(__bfloat162float(a)), "f"(__bfloat162float(b)));
    return __float2bfloat16_rn(q);
#else
    return __float2bfloat16_rn(__bfloat162float(a) / __bfloat162float(b));
#endif
}
__CUPRITE_HD__ __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b) {
    return __CUPRITE_H2_MAP2(__nv_bfloat162, __hdiv, a, b);
}

/* neg/abs/min/max(.NaN) .bf16 and .bf16x2 (sm_80). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define __CUPRITE_B_UNARY(name, name2, ptx, host)                                                        \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a) {                                                 \
        unsigned short r;                                                                                \
        asm(ptx ".bf16 %0, %1;" : "=h"(r) : "h"(__cuprite_bbits(a)));                                    \
        return __cuprite_bmake(r);                                                                       \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a) {                                              \
        unsigned int r;                                                                                  \
        asm(ptx ".bf16x2 %0, %1;" : "=r"(r) : "r"(__cuprite_b2bits(a)));                                 \
        return __cuprite_b2make(r);                                                                      \
    }
#define __CUPRITE_B_MINMAX(name, name2, ptx, is_max, nan_wins)                                           \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b) {                                \
        unsigned short r;                                                                                \
        asm(ptx ".bf16 %0, %1, %2;" : "=h"(r) : "h"(__cuprite_bbits(a)), "h"(__cuprite_bbits(b)));      \
        return __cuprite_bmake(r);                                                                       \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a, __nv_bfloat162 b) {                            \
        unsigned int r;                                                                                  \
        asm(ptx ".bf16x2 %0, %1, %2;" : "=r"(r) : "r"(__cuprite_b2bits(a)), "r"(__cuprite_b2bits(b)));  \
        return __cuprite_b2make(r);                                                                      \
    }
#else
/* Without the instructions, a NaN gives the canonical NaN, as the instructions and NVIDIA's
   header's emulation give it. */
#define __CUPRITE_B_UNARY(name, name2, ptx, host)                                                        \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a) {                                                 \
        const unsigned short b = __cuprite_bbits(a);                                                     \
        return __cuprite_bmake((b & 0x7fffu) > 0x7f80u ? 0x7fffu : (unsigned short)(b host));            \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a) { return __CUPRITE_H2_MAP1(__nv_bfloat162, name, a); }
#define __CUPRITE_B_MINMAX(name, name2, ptx, is_max, nan_wins)                                           \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a, __nv_bfloat16 b) {                                \
        const bool a_nan = (__cuprite_bbits(a) & 0x7fffu) > 0x7f80u;                                     \
        const bool b_nan = (__cuprite_bbits(b) & 0x7fffu) > 0x7f80u;                                     \
        if (a_nan || b_nan) {                                                                            \
            return (nan_wins || (a_nan && b_nan)) ? CUDART_NAN_BF16 : (a_nan ? b : a);                   \
        }                                                                                                \
        const float x = __bfloat162float(a), y = __bfloat162float(b);                                   \
        bool take_a = is_max ? x > y : x < y;                                                            \
        if (x == y) {                                                                                    \
            const bool a_neg = __cuprite_bbits(a) >> 15; /* -0 is the smaller zero */                    \
            take_a = is_max ? !a_neg : a_neg;                                                            \
        }                                                                                                \
        return take_a ? a : b;                                                                           \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a, __nv_bfloat162 b) {                            \
        return __CUPRITE_H2_MAP2(__nv_bfloat162, name, a, b);                                            \
    }
#endif
__CUPRITE_B_UNARY(__hneg, __hneg2, "neg", ^ 0x8000u)
__CUPRITE_B_UNARY(__habs, __habs2, "abs", & 0x7fffu)
__CUPRITE_B_MINMAX(__hmax, __hmax2, "max", true, false)
__CUPRITE_B_MINMAX(__hmin, __hmin2, "min", false, false)
__CUPRITE_B_MINMAX(__hmax_nan, __hmax2_nan, "max.NaN", true, true)
__CUPRITE_B_MINMAX(__hmin_nan, __hmin2_nan, "min.NaN", false, true)
#undef __CUPRITE_B_UNARY
#undef __CUPRITE_B_MINMAX

__CUPRITE_HD__ __nv_bfloat162 __hcmadd(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) {
    __nv_bfloat162 acc = __hfma2(__bfloat162bfloat162(a.x), b, c);
    return __hfma2(__bfloat162bfloat162(a.y), __nv_bfloat162(__hneg(b.y), b.x), acc);
}

/* ---- comparisons (exact in float, as nvcc's headers do below sm_90) ---------------------- */

#define __CUPRITE_B_CMP(suffix, expr)                                                                    \
    __CUPRITE_HD__ bool __h##suffix(__nv_bfloat16 a, __nv_bfloat16 b) {                                  \
        const float x = __bfloat162float(a), y = __bfloat162float(b);                                   \
        return expr;                                                                                     \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 __h##suffix##2(__nv_bfloat162 a, __nv_bfloat162 b) {                   \
        return __nv_bfloat162(__cuprite_bmake(__h##suffix(a.x, b.x) ? 0x3f80 : 0),                       \
                              __cuprite_bmake(__h##suffix(a.y, b.y) ? 0x3f80 : 0));                      \
    }                                                                                                    \
    __CUPRITE_HD__ bool __hb##suffix##2(__nv_bfloat162 a, __nv_bfloat162 b) {                            \
        return __h##suffix(a.x, b.x) && __h##suffix(a.y, b.y);                                           \
    }                                                                                                    \
    __CUPRITE_HD__ unsigned int __h##suffix##2_mask(__nv_bfloat162 a, __nv_bfloat162 b) {                \
        return (__h##suffix(a.x, b.x) ? 0xffffu : 0u) | (__h##suffix(a.y, b.y) ? 0xffff0000u : 0u);      \
    }
__CUPRITE_B_CMP(eq, x == y)
__CUPRITE_B_CMP(ne, x < y || x > y)
__CUPRITE_B_CMP(lt, x < y)
__CUPRITE_B_CMP(le, x <= y)
__CUPRITE_B_CMP(gt, x > y)
__CUPRITE_B_CMP(ge, x >= y)
__CUPRITE_B_CMP(equ, !(x < y || x > y))
__CUPRITE_B_CMP(neu, !(x == y))
__CUPRITE_B_CMP(ltu, !(x >= y))
__CUPRITE_B_CMP(leu, !(x > y))
__CUPRITE_B_CMP(gtu, !(x <= y))
__CUPRITE_B_CMP(geu, !(x < y))
#undef __CUPRITE_B_CMP

__CUPRITE_HD__ bool __hisnan(__nv_bfloat16 a) { return (__cuprite_bbits(a) & 0x7fffu) > 0x7f80u; }
__CUPRITE_HD__ __nv_bfloat162 __hisnan2(__nv_bfloat162 a) {
    return __nv_bfloat162(__cuprite_bmake(__hisnan(a.x) ? 0x3f80 : 0), __cuprite_bmake(__hisnan(a.y) ? 0x3f80 : 0));
}
__CUPRITE_HD__ int __hisinf(__nv_bfloat16 a) {
    const unsigned short b = __cuprite_bbits(a);
    return b == 0x7f80u ? 1 : (b == 0xff80u ? -1 : 0);
}

/* ---- math ------------------------------------------------------------------------------- */

/* Without .ftz: bfloat16 subnormals are float subnormals (sqrt of the smallest is normal). */
#define __CUPRITE_B_MATH(name, name2, pre, ptx, post, hostexpr)                                          \
    __CUPRITE_APPROX_MATH(__nv_bfloat16, __bfloat162float, __float2bfloat16_rn, name, pre, ptx, post, hostexpr) \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a) { return __CUPRITE_H2_MAP1(__nv_bfloat162, name, a); }
__CUPRITE_B_MATH(hsqrt, h2sqrt, , "sqrt.approx.f32", , __builtin_sqrtf(x))
__CUPRITE_B_MATH(hrsqrt, h2rsqrt, , "rsqrt.approx.f32", , 1.0f / __builtin_sqrtf(x))
__CUPRITE_B_MATH(hrcp, h2rcp, , "rcp.approx.f32", , 1.0f / x)
__CUPRITE_B_MATH(htanh, h2tanh, , "tanh.approx.f32", , __builtin_tanhf(x))
#undef __CUPRITE_B_MATH

/* Correctly rounded, as NVIDIA's (half_common.h). */
#define __CUPRITE_B_ROUNDED(name, name2, fn)                                                             \
    __CUPRITE_ROUNDED_MATH(__nv_bfloat16, __bfloat162float, __double2bfloat16, __cuprite_bmake, name, fn) \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a) { return __CUPRITE_H2_MAP1(__nv_bfloat162, name, a); }
__CUPRITE_B_ROUNDED(hexp, h2exp, exp)
__CUPRITE_B_ROUNDED(hexp2, h2exp2, exp2)
__CUPRITE_B_ROUNDED(hexp10, h2exp10, exp10)
__CUPRITE_B_ROUNDED(hlog, h2log, log)
__CUPRITE_B_ROUNDED(hlog2, h2log2, log2)
__CUPRITE_B_ROUNDED(hlog10, h2log10, log10)
__CUPRITE_B_ROUNDED(hsin, h2sin, sin)
__CUPRITE_B_ROUNDED(hcos, h2cos, cos)
#undef __CUPRITE_B_ROUNDED

/* tanh.approx.bf16 from sm_90 on, as NVIDIA's header uses it (its result is not always the
   float approximation's rounded); before, the float instruction rounded. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
__CUPRITE_HD__ __nv_bfloat16 htanh_approx(__nv_bfloat16 a) {
    unsigned short r;
    asm("tanh.approx.bf16 %0, %1;" : "=h"(r) : "h"(__cuprite_bbits(a)));
    return __cuprite_bmake(r);
}
__CUPRITE_HD__ __nv_bfloat162 h2tanh_approx(__nv_bfloat162 a) {
    unsigned int r;
    asm("tanh.approx.bf16x2 %0, %1;" : "=r"(r) : "r"(__cuprite_b2bits(a)));
    return __cuprite_b2make(r);
}
#else
__CUPRITE_APPROX_MATH(__nv_bfloat16, __bfloat162float, __float2bfloat16_rn, htanh_approx, , "tanh.approx.f32", , __builtin_tanhf(x))
__CUPRITE_HD__ __nv_bfloat162 h2tanh_approx(__nv_bfloat162 a) { return __CUPRITE_H2_MAP1(__nv_bfloat162, htanh_approx, a); }
#endif

/* Rounding to integral values, exact in float (a bfloat16 with a fraction is below 2^7). */
#define __CUPRITE_B_RINT(name, name2, mode)                                                              \
    __CUPRITE_HD__ __nv_bfloat16 name(__nv_bfloat16 a) {                                                 \
        return __float2bfloat16_rn(__cuprite_round_integral(__bfloat162float(a), mode));                 \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_bfloat162 name2(__nv_bfloat162 a) { return __CUPRITE_H2_MAP1(__nv_bfloat162, name, a); }
__CUPRITE_B_RINT(hceil, h2ceil, __cuprite_ru)
__CUPRITE_B_RINT(hfloor, h2floor, __cuprite_rd)
__CUPRITE_B_RINT(htrunc, h2trunc, __cuprite_rz)
__CUPRITE_B_RINT(hrint, h2rint, __cuprite_rn)
#undef __CUPRITE_B_RINT

/* ---- operators ------------------------------------------------------------------------- */

#if !defined(__CUDA_NO_BFLOAT16_OPERATORS__)
__CUPRITE_H_OPERATORS(__nv_bfloat16, __hadd, __hsub, __hmul, __hdiv, __hneg, __heq, __hneu, __hlt, __hle, __hgt,
                      __hge)
__CUPRITE_H_INCREMENTS(__nv_bfloat16, CUDART_ONE_BF16)
#endif
#if !defined(__CUDA_NO_BFLOAT162_OPERATORS__)
__CUPRITE_H_OPERATORS(__nv_bfloat162, __hadd2, __hsub2, __hmul2, __h2div, __hneg2, __hbeq2, __hbneu2, __hblt2,
                      __hble2, __hbgt2, __hbge2)
__CUPRITE_H_INCREMENTS(__nv_bfloat162, __bfloat162bfloat162(CUDART_ONE_BF16))
#endif

/* ---- device-only: shuffles, cache-hinted loads and stores, atomics ----------------------- */

#if defined(__CUDA__)
#define __CUPRITE_BF16_WORD(h) __cuprite_bbits(h)
#define __CUPRITE_WORD_BF16(w) __cuprite_bmake((unsigned short)(w))
__CUPRITE_SHUFFLES(__nv_bfloat16, __CUPRITE_BF16_WORD, __CUPRITE_WORD_BF16)
__CUPRITE_SHUFFLES(__nv_bfloat162, __cuprite_b2bits, __cuprite_b2make)
#undef __CUPRITE_BF16_WORD
#undef __CUPRITE_WORD_BF16
__CUPRITE_LOADS_STORES(__nv_bfloat16, 16, "h", unsigned short, __cuprite_bbits, __cuprite_bmake)
__CUPRITE_LOADS_STORES(__nv_bfloat162, 32, "r", unsigned int, __cuprite_b2bits, __cuprite_b2make)

/* atom.add.noftz.bf16/.bf16x2 on sm_90; below, a compare-and-swap loop on the aligned word
   (each half of a pair added with one rounding, as the instruction does). */
__CUPRITE_D__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val) {
#if __CUDA_ARCH__ >= 900
    unsigned int r;
    asm volatile("atom.add.noftz.bf16x2 %0, [%1], %2;" : "=r"(r) : "l"(address), "r"(__cuprite_b2bits(val)) : "memory");
    return __cuprite_b2make(r);
#else
    unsigned int *word = (unsigned int *)address;
    unsigned int old = *(volatile unsigned int *)word, seen;
    do {
        seen = old;
        old = __nvvm_atom_cas_gen_i((int *)word, (int)seen,
                                    (int)__cuprite_b2bits(__hadd2(__cuprite_b2make(seen), val)));
    } while (old != seen);
    return __cuprite_b2make(old);
#endif
}
__CUPRITE_D__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val) {
#if __CUDA_ARCH__ >= 900
    unsigned short r;
    asm volatile("atom.add.noftz.bf16 %0, [%1], %2;" : "=h"(r) : "l"(address), "h"(__cuprite_bbits(val)) : "memory");
    return __cuprite_bmake(r);
#else
    /* The 32-bit word holding the value; `shift` selects its half. */
    unsigned int *word = (unsigned int *)((unsigned long long)address & ~3ull);
    const unsigned int shift = ((unsigned long long)address & 2) ? 16 : 0;
    unsigned int old = *(volatile unsigned int *)word, seen;
    do {
        seen = old;
        const unsigned short sum = __cuprite_bbits(__hadd(__cuprite_bmake((unsigned short)(seen >> shift)), val));
        const unsigned int next = (seen & ~(0xffffu << shift)) | ((unsigned int)sum << shift);
        old = (unsigned int)__nvvm_atom_cas_gen_i((int *)word, (int)seen, (int)next);
    } while (old != seen);
    return __cuprite_bmake((unsigned short)(old >> shift));
#endif
}
#endif /* __CUDA__ */

#endif /* __cplusplus */
#endif /* __CUDA_BF16_H__ */
