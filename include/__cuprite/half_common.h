/*
 * Cuprite: what cuda_fp16.h and cuda_bf16.h share.
 *
 * - The CUDA attribute macros, defined only where the core headers have not defined them
 *   (these headers must work with or without cuda_runtime.h before them).
 * - The software rounding used on the host (and on the device where PTX has no instruction for
 *   the rounding mode): one routine rounds any value, given as sign x significand x 2^exp, to a
 *   small binary format (half: 5 exponent bits, 10 fraction bits; bfloat16: 8 and 7), in the four
 *   IEEE rounding modes, with subnormals, overflow to infinity (or to the largest finite value
 *   where the mode rounds toward zero) and NaN. Host and device compute the same bits.
 * - `float2`, where vector_types.h is not there to give it.
 */
#ifndef __CUPRITE_HALF_COMMON_H__
#define __CUPRITE_HALF_COMMON_H__

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
#endif

#if __has_include(<vector_types.h>)
#include <vector_types.h>
#elif !defined(__CUPRITE_FLOAT2_DEFINED__)
#define __CUPRITE_FLOAT2_DEFINED__
/* The layout vector_types.h gives float2 (8 bytes, 8-aligned). */
struct __align__(8) float2 {
    float x, y;
};
#endif

/* Every function of these headers: inline, callable on host and device. */
#define __CUPRITE_HD__ __host__ __device__ __forceinline__
/* Functions that exist on the device only (shuffles, atomics, cache-hinted loads). */
#define __CUPRITE_D__ __device__ __forceinline__

/* IEEE rounding modes, in the order of PTX's .rn/.rz/.rm/.rp. */
enum __cuprite_rounding { __cuprite_rn, __cuprite_rz, __cuprite_rd, __cuprite_ru };

/* Number of leading zeros of a nonzero 64-bit value (portable: the host may be any compiler). */
__CUPRITE_HD__ int __cuprite_clz64(unsigned long long v) {
    int n = 0;
    while (!(v & 0x8000000000000000ULL)) {
        v <<= 1;
        ++n;
    }
    return n;
}

/*
 * Rounds (-1)^negative x sig x 2^exp (sig nonzero) to a binary format with `mbits` fraction bits
 * whose smallest normal exponent is `emin`; returns the magnitude's bits (exponent field above
 * the fraction), unbounded: a value beyond the format's range gives bits beyond its largest
 * code, which the caller maps to infinity, NaN or saturation as its format does.
 */
__CUPRITE_HD__ unsigned long long __cuprite_round_bits(bool negative, unsigned long long sig, int exp, int emin,
                                                      int mbits, __cuprite_rounding mode) {
    /* Normalize: sig's top bit at 63; e is the exponent of that bit. */
    const int lead = __cuprite_clz64(sig);
    sig <<= lead;
    const int e = exp + 63 - lead;
    const int kept_exp = e > emin ? e : emin;
    /* The result's unit in the last place is 2^(kept_exp - mbits): drop `shift` bits of sig. */
    const int shift = 63 - mbits + (kept_exp - e);
    unsigned long long n, rest, half;
    if (shift >= 64) {
        n = 0;
        rest = sig;
        half = shift == 64 ? 0x8000000000000000ULL : 0; /* 0: the value is below half an ulp */
    } else {
        n = sig >> shift;
        rest = sig & ((1ull << shift) - 1);
        half = 1ull << (shift - 1);
    }
    bool up;
    switch (mode) {
    case __cuprite_rn:
        up = half != 0 && (rest > half || (rest == half && (n & 1)));
        break;
    case __cuprite_rz:
        up = false;
        break;
    case __cuprite_rd:
        up = negative && rest != 0;
        break;
    default:
        up = !negative && rest != 0;
        break;
    }
    n += up;
    /* A carry out of the fraction moves into the exponent field by itself. */
    return ((unsigned long long)(kept_exp - emin) << mbits) + n;
}

/*
 * Rounds (-1)^negative x sig x 2^exp (sig nonzero) to the IEEE format with `ebits` exponent and
 * `mbits` fraction bits; returns its bits (sign at bit ebits + mbits).
 */
__CUPRITE_HD__ unsigned short __cuprite_round_to_small(bool negative, unsigned long long sig, int exp, int ebits,
                                                       int mbits, __cuprite_rounding mode) {
    const unsigned int sign = negative ? 1u << (ebits + mbits) : 0u;
    const unsigned long long inf = ((1ull << ebits) - 1) << mbits;
    const int emin = 2 - (1 << (ebits - 1)); /* the smallest normal exponent */
    const unsigned long long bits = __cuprite_round_bits(negative, sig, exp, emin, mbits, mode);
    if (bits >= inf) {
        const bool to_inf = mode == __cuprite_rn || (mode == __cuprite_ru && !negative) ||
                            (mode == __cuprite_rd && negative);
        return (unsigned short)(sign | (to_inf ? inf : inf - 1));
    }
    return (unsigned short)(sign | bits);
}

/* `x` rounded to the small format (NaN: the canonical 0x7fff of both formats). */
__CUPRITE_HD__ unsigned short __cuprite_double_to_small(double x, int ebits, int mbits, __cuprite_rounding mode) {
    const unsigned long long b = __builtin_bit_cast(unsigned long long, x);
    const bool negative = b >> 63;
    const int exp = (int)((b >> 52) & 0x7ff);
    const unsigned long long frac = b & ((1ull << 52) - 1);
    const unsigned int sign = negative ? 1u << (ebits + mbits) : 0u;
    if (exp == 0x7ff) {
        return frac ? (unsigned short)0x7fff : (unsigned short)(sign | (((1u << ebits) - 1) << mbits));
    }
    if (exp == 0 && frac == 0) {
        return (unsigned short)sign;
    }
    return exp == 0 ? __cuprite_round_to_small(negative, frac, -1074, ebits, mbits, mode)
                    : __cuprite_round_to_small(negative, frac | (1ull << 52), exp - 1075, ebits, mbits, mode);
}

/* An integer rounded to the small format (exact, without a double rounding through double). */
__CUPRITE_HD__ unsigned short __cuprite_int_to_small(bool negative, unsigned long long magnitude, int ebits, int mbits,
                                                     __cuprite_rounding mode) {
    if (magnitude == 0) {
        return 0;
    }
    return __cuprite_round_to_small(negative, magnitude, 0, ebits, mbits, mode);
}

/* The float of a small-format value (exact: both formats are subsets of float), a NaN the
   canonical 0x7fffffff whatever its sign and payload, as cvt.f32.f16 gives it on the GPU and
   NVIDIA's host code too. */
__CUPRITE_HD__ float __cuprite_small_to_float(unsigned short bits, int ebits, int mbits) {
    const unsigned int sign = (unsigned int)(bits >> (ebits + mbits)) << 31;
    const unsigned int exp = (bits >> mbits) & ((1u << ebits) - 1);
    const unsigned int frac = bits & ((1u << mbits) - 1);
    const int bias = (1 << (ebits - 1)) - 1;
    unsigned int f;
    if (exp == (1u << ebits) - 1) {
        f = frac != 0 ? 0x7fffffffu : sign | 0x7f800000u;
    } else if (exp == 0) {
        /* frac x 2^(1 - bias - mbits), exact in float. */
        const float m = (float)frac * __builtin_bit_cast(float, (unsigned int)(127 + 1 - bias - mbits) << 23);
        f = sign | __builtin_bit_cast(unsigned int, m);
    } else {
        f = sign | ((exp - bias + 127) << 23) | (frac << (23 - mbits));
    }
    return __builtin_bit_cast(float, f);
}

/* A float rounded to an integer in `mode` (the value of a small format: no overflow of the
   intermediate float; NaN stays NaN). */
__CUPRITE_HD__ float __cuprite_round_integral(float f, __cuprite_rounding mode) {
    switch (mode) {
    case __cuprite_rn:
        return __builtin_rintf(f);
    case __cuprite_rz:
        return __builtin_truncf(f);
    case __cuprite_rd:
        return __builtin_floorf(f);
    default:
        return __builtin_ceilf(f);
    }
}

/* Float-to-integer conversion as PTX's cvt does it (and an H200): out-of-range values saturate;
   NaN gives 0, except into a 64-bit integer, where it gives 1 << 63 (cvt.rni.s64.f32 and
   cvt.rni.u64.f32 of a NaN are 0x8000000000000000). */
__CUPRITE_HD__ long long __cuprite_float_to_int(float f, __cuprite_rounding mode, long long lo, long long hi) {
    if (f != f) {
        return lo == -9223372036854775807LL - 1 ? lo : 0;
    }
    const float r = __cuprite_round_integral(f, mode);
    if (r <= (float)lo) {
        return lo;
    }
    if (r >= (float)hi) {
        return hi;
    }
    return (long long)r;
}

__CUPRITE_HD__ unsigned long long __cuprite_float_to_uint(float f, __cuprite_rounding mode, unsigned long long hi) {
    if (f != f) {
        return hi == 18446744073709551615ull ? 0x8000000000000000ull : 0;
    }
    const float r = __cuprite_round_integral(f, mode);
    if (r <= 0.0f) {
        return 0;
    }
    if (r >= (float)hi) {
        return hi;
    }
    return (unsigned long long)r;
}

/* Shuffle control words: clamp (low 5 bits) and segment mask (bits 8..12) for a width. */
#define __CUPRITE_SHFL_C(width) (((32 - (width)) << 8) | 0x1f)
#define __CUPRITE_SHFL_UP_C(width) ((32 - (width)) << 8)


/* ---- what both types' APIs are made of -------------------------------------------- */

/* Clamps to [0, 1] (NaN: +0), as the .sat modifier does. */
/* a * b + c for half or bfloat16 operands (the product is exact in double), rounded to odd in
 * double: the sum is rounded to nearest, then its last bit is set if that lost anything. One more
 * rounding of that to a format of 11 bits or fewer is then the correctly rounded fma (rounding to
 * double and again to half would not be: a tiny c lost in the first decides a tie in the second). */
__CUPRITE_HD__ double __cuprite_fma_round_to_odd(double a, double b, double c) {
    const double p = a * b;
    const double s = p + c;
    const double v = s - p;
    const double lost = (p - (s - v)) + (c - v); /* Knuth's TwoSum: s + lost == p + c exactly */
    unsigned long long bits = __builtin_bit_cast(unsigned long long, s);
    const bool finite = (bits & 0x7ff0000000000000ull) != 0x7ff0000000000000ull;
    if (lost != 0.0 && finite && (bits & 1) == 0) {
        /* Toward the exact value: a larger magnitude if lost has s's sign, else a smaller one. */
        bits += ((lost > 0.0) == (s > 0.0)) ? 1 : -1ll;
    }
    return __builtin_bit_cast(double, bits);
}

__CUPRITE_HD__ float __cuprite_saturate(float f) { return f > 0.0f ? (f < 1.0f ? f : 1.0f) : 0.0f; }

/* Applies a scalar function to both halves (what nvcc's headers do where PTX has no x2 form). */
#define __CUPRITE_H2_MAP1(T2, f, a) T2(f((a).x), f((a).y))
#define __CUPRITE_H2_MAP2(T2, f, a, b) T2(f((a).x, (b).x), f((a).y, (b).y))
#define __CUPRITE_H2_MAP3(T2, f, a, b, c) T2(f((a).x, (b).x, (c).x), f((a).y, (b).y, (c).y))

/* The C++ operators of type T, from its functions. */
#define __CUPRITE_H_OPERATORS(T, add, sub, mul, div, neg, eq, ne, lt, le, gt, ge)                        \
    __CUPRITE_HD__ T operator+(const T &a, const T &b) { return add(a, b); }                             \
    __CUPRITE_HD__ T operator-(const T &a, const T &b) { return sub(a, b); }                             \
    __CUPRITE_HD__ T operator*(const T &a, const T &b) { return mul(a, b); }                             \
    __CUPRITE_HD__ T operator/(const T &a, const T &b) { return div(a, b); }                             \
    __CUPRITE_HD__ T &operator+=(T &a, const T &b) { return a = add(a, b); }                             \
    __CUPRITE_HD__ T &operator-=(T &a, const T &b) { return a = sub(a, b); }                             \
    __CUPRITE_HD__ T &operator*=(T &a, const T &b) { return a = mul(a, b); }                             \
    __CUPRITE_HD__ T &operator/=(T &a, const T &b) { return a = div(a, b); }                             \
    __CUPRITE_HD__ T operator+(const T &a) { return a; }                                                 \
    __CUPRITE_HD__ T operator-(const T &a) { return neg(a); }                                            \
    __CUPRITE_HD__ bool operator==(const T &a, const T &b) { return eq(a, b); }                          \
    __CUPRITE_HD__ bool operator!=(const T &a, const T &b) { return ne(a, b); }                          \
    __CUPRITE_HD__ bool operator<(const T &a, const T &b) { return lt(a, b); }                           \
    __CUPRITE_HD__ bool operator<=(const T &a, const T &b) { return le(a, b); }                          \
    __CUPRITE_HD__ bool operator>(const T &a, const T &b) { return gt(a, b); }                           \
    __CUPRITE_HD__ bool operator>=(const T &a, const T &b) { return ge(a, b); }
/* The increments add and subtract one of the type (`one`). */
#define __CUPRITE_H_INCREMENTS(T, one)                                                                   \
    __CUPRITE_HD__ T &operator++(T &a) { return a += one; }                                              \
    __CUPRITE_HD__ T &operator--(T &a) { return a -= one; }                                              \
    __CUPRITE_HD__ T operator++(T &a, int) {                                                             \
        T old = a;                                                                                       \
        a += one;                                                                                        \
        return old;                                                                                      \
    }                                                                                                    \
    __CUPRITE_HD__ T operator--(T &a, int) {                                                             \
        T old = a;                                                                                       \
        a -= one;                                                                                        \
        return old;                                                                                      \
    }

/* Shuffles move the 16 (or 32) bits through the 32-bit shuffle. */
#define __CUPRITE_SHUFFLES(T, to_word, from_word)                                                        \
    __CUPRITE_SHUFFLE(T, __shfl_sync, "idx", int, lane, __CUPRITE_SHFL_C, to_word, from_word)            \
    __CUPRITE_SHUFFLE(T, __shfl_up_sync, "up", unsigned int, delta, __CUPRITE_SHFL_UP_C, to_word, from_word) \
    __CUPRITE_SHUFFLE(T, __shfl_down_sync, "down", unsigned int, delta, __CUPRITE_SHFL_C, to_word, from_word) \
    __CUPRITE_SHUFFLE(T, __shfl_xor_sync, "bfly", int, lane_mask, __CUPRITE_SHFL_C, to_word, from_word)
#define __CUPRITE_SHUFFLE(T, name, mode, Arg, arg, control, to_word, from_word)                          \
    __CUPRITE_D__ T name(unsigned int mask, T var, Arg arg, int width = 32) {                            \
        unsigned int r;                                                                                  \
        asm volatile("shfl.sync." mode ".b32 %0, %1, %2, %3, %4;"                                        \
                     : "=r"(r)                                                                           \
                     : "r"((unsigned int)to_word(var)), "r"((int)arg), "r"(control(width)), "r"(mask));  \
        return from_word(r);                                                                             \
    }

/* ld.global.{nc,cg,ca,cs,lu,cv} and st.global.{wb,cg,cs,wt} of 16 and 32 bits. */
#define __CUPRITE_LOADS_STORES(T, bits, reg, R, to_bits, from_bits)                                      \
    __CUPRITE_LOAD(__ldg, "ld.global.nc.b" #bits, T, reg, R, from_bits)                                  \
    __CUPRITE_LOAD(__ldcg, "ld.global.cg.b" #bits, T, reg, R, from_bits)                                 \
    __CUPRITE_LOAD(__ldca, "ld.global.ca.b" #bits, T, reg, R, from_bits)                                 \
    __CUPRITE_LOAD(__ldcs, "ld.global.cs.b" #bits, T, reg, R, from_bits)                                 \
    __CUPRITE_LOAD(__ldlu, "ld.global.lu.b" #bits, T, reg, R, from_bits)                                 \
    __CUPRITE_LOAD(__ldcv, "ld.global.cv.b" #bits, T, reg, R, from_bits)                                 \
    __CUPRITE_STORE(__stwb, "st.global.wb.b" #bits, T, reg, to_bits)                                     \
    __CUPRITE_STORE(__stcg, "st.global.cg.b" #bits, T, reg, to_bits)                                     \
    __CUPRITE_STORE(__stcs, "st.global.cs.b" #bits, T, reg, to_bits)                                     \
    __CUPRITE_STORE(__stwt, "st.global.wt.b" #bits, T, reg, to_bits)
#define __CUPRITE_LOAD(name, ptx, T, reg, R, from_bits)                                                  \
    __CUPRITE_D__ T name(const T *p) {                                                                   \
        R r;                                                                                             \
        asm(ptx " %0, [%1];" : "=" reg(r) : "l"(p));                                                     \
        return from_bits(r);                                                                             \
    }
#define __CUPRITE_STORE(name, ptx, T, reg, to_bits)                                                      \
    __CUPRITE_D__ void name(T *p, T v) { asm volatile(ptx " [%0], %1;" ::"l"(p), reg(to_bits(v)) : "memory"); }


/* Math functions computed in float by one approximate PTX instruction, then rounded to T. The
   host uses the accurate libm function (the device's approximations are within an ulp of the
   small format of it). `pre` and `post` scale the argument and result (ln x = log2 x * ln 2). */
#ifdef __CUDA_ARCH__
#define __CUPRITE_APPROX_MATH(T, to_float, from_float, name, pre, ptx, post, hostexpr)                   \
    __CUPRITE_HD__ T name(T a) {                                                                         \
        float f = to_float(a) pre;                                                                       \
        asm(ptx " %0, %0;" : "+f"(f));                                                                   \
        return from_float(f post);                                                                       \
    }
#else
#define __CUPRITE_APPROX_MATH(T, to_float, from_float, name, pre, ptx, post, hostexpr)                   \
    __CUPRITE_HD__ T name(T a) {                                                                         \
        const float x = to_float(a);                                                                     \
        return from_float(hostexpr);                                                                     \
    }
#endif

/* Math functions whose NVIDIA results are the correctly rounded ones for every input (their
   approximations carry fix-ups for the inputs they would misround; measured over all 65536
   inputs of half and of bfloat16 against a 120-bit reference, tests/program-diff/
   half_math_rounding.cu): the double function's value, rounded once to T. A value of a
   transcendental function at a half or bfloat16 input is never within a double's error of a
   rounding boundary of T unless it is exact, and the double functions are exact there. A NaN
   result is T's canonical NaN 0x7fff, as NVIDIA's. */
#ifdef __CUDA_ARCH__
extern "C" __device__ double __nv_exp(double);
extern "C" __device__ double __nv_exp2(double);
extern "C" __device__ double __nv_exp10(double);
extern "C" __device__ double __nv_log(double);
extern "C" __device__ double __nv_log2(double);
extern "C" __device__ double __nv_log10(double);
extern "C" __device__ double __nv_sin(double);
extern "C" __device__ double __nv_cos(double);
#define __CUPRITE_RMATH(fn) __nv_##fn
#else
#define __CUPRITE_RMATH(fn) __builtin_##fn
#endif
#define __CUPRITE_ROUNDED_MATH(T, to_float, from_double, make, name, fn)                                 \
    __CUPRITE_HD__ T name(T a) {                                                                         \
        const double r = __CUPRITE_RMATH(fn)((double)to_float(a));                                       \
        return r != r ? make(0x7fffu) : from_double(r);                                                  \
    }

#endif /* __CUPRITE_HALF_COMMON_H__ */
