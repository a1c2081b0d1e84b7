/*
 * Cuprite: what cuda_fp8.h, cuda_fp6.h and cuda_fp4.h share: the conversions between the
 * narrow floating-point formats and the wide ones, in software (host and device compute the
 * same bits; cuda_fp8.h runs PTX's cvt instead where the device has it), and the macros that
 * define each format's C++ types.
 *
 * The formats (OCP microscaling formats, as the PTX ISA names them; bias 2^(E-1) - 1):
 *   e4m3  4 exponent, 3 fraction bits; no infinities; NaN is S.1111.111; largest 448.
 *   e5m2  5 and 2; IEEE-like: infinities S.11111.00, NaNs S.11111.xx; largest 57344.
 *   e2m3, e3m2 (fp6), e2m1 (fp4): no infinities, no NaN; largest 7.5, 28 and 6.
 *   e8m0  an unsigned power of two 2^(code - 127); 0xff is NaN.
 * A conversion to a narrow format rounds once (from double: float, half and bfloat16 values
 * are exact in double). Beyond the largest finite value it saturates to it (fp8 with
 * __NV_SATFINITE; fp6 and fp4 always) or, fp8 with __NV_NOSAT, gives NaN (e4m3) or infinity
 * (e5m2). NaN gives the format's NaN 0x7f (fp8) or positive MAXNORM (fp6, fp4).
 */
#ifndef __CUPRITE_SMALL_FLOAT_H__
#define __CUPRITE_SMALL_FLOAT_H__

#include "../cuda_fp16.h"
#include "../cuda_bf16.h"
#include "../device_types.h"

#if defined(__cplusplus)
#include <assert.h>

/* A narrow format's layout: `mbits` fraction bits, the smallest normal exponent `emin`, the
 * largest finite magnitude `max_code`, and the sign bit `sign`. */
struct __cuprite_narrow_format {
    int mbits;
    int emin;
    unsigned int max_code;
    unsigned int sign;
};

#define __CUPRITE_E4M3 (__cuprite_narrow_format{3, -6, 0x7eu, 0x80u})
#define __CUPRITE_E5M2 (__cuprite_narrow_format{2, -14, 0x7bu, 0x80u})
#define __CUPRITE_E2M3 (__cuprite_narrow_format{3, 0, 0x1fu, 0x20u})
#define __CUPRITE_E3M2 (__cuprite_narrow_format{2, -2, 0x1fu, 0x20u})
#define __CUPRITE_E2M1 (__cuprite_narrow_format{1, 0, 0x7u, 0x8u})

/*
 * `x` in format `f`, rounded in `mode`: a magnitude beyond the largest finite value and an
 * infinity give `overflow` (with x's sign), NaN gives `nan`.
 */
__CUPRITE_HD__ unsigned int __cuprite_double_to_narrow(double x, __cuprite_narrow_format f, __cuprite_rounding mode,
                                                       unsigned int overflow, unsigned int nan) {
    const unsigned long long b = __builtin_bit_cast(unsigned long long, x);
    const bool negative = b >> 63;
    const unsigned int sign = negative ? f.sign : 0u;
    const int exp = (int)((b >> 52) & 0x7ff);
    const unsigned long long frac = b & ((1ull << 52) - 1);
    if (exp == 0x7ff) {
        return frac ? nan : sign | overflow;
    }
    if (exp == 0 && frac == 0) {
        return sign;
    }
    const unsigned long long bits =
        exp == 0 ? __cuprite_round_bits(negative, frac, -1074, f.emin, f.mbits, mode)
                 : __cuprite_round_bits(negative, frac | (1ull << 52), exp - 1075, f.emin, f.mbits, mode);
    return sign | (bits > f.max_code ? overflow : (unsigned int)bits);
}

/* The value of finite code `c` of format `f` (exact in float). */
__CUPRITE_HD__ float __cuprite_narrow_to_float(unsigned int c, __cuprite_narrow_format f) {
    const unsigned int magnitude = c & (f.sign - 1);
    const int field = (int)(magnitude >> f.mbits);
    const unsigned int fraction = magnitude & ((1u << f.mbits) - 1);
    /* significand x 2^(exponent - mbits), the significand with its hidden bit when normal */
    const unsigned int significand = field == 0 ? fraction : fraction | (1u << f.mbits);
    const int exponent = (field == 0 ? f.emin : f.emin + field - 1) - f.mbits;
    const float scale = __builtin_bit_cast(float, (unsigned int)(127 + exponent) << 23);
    const float v = (float)significand * scale;
    return c & f.sign ? -v : v;
}

/* The IEEE half bits of finite code `c` of format `f` (exact: every narrow value is a half). */
__CUPRITE_HD__ unsigned short __cuprite_narrow_to_half_bits(unsigned int c, __cuprite_narrow_format f) {
    return __cuprite_double_to_small((double)__cuprite_narrow_to_float(c, f), 5, 10, __cuprite_rn);
}

/* fp8 code `c` as half bits: NaN codes give the canonical half NaN 0x7fff, e5m2's
 * infinities the half infinities. */
__CUPRITE_HD__ unsigned short __cuprite_fp8_to_half_bits(unsigned int c, bool e5m2) {
    if (e5m2) {
        /* e5m2 is half with its 8 low fraction bits cut off. */
        return (c & 0x7f) > 0x7c ? (unsigned short)0x7fff : (unsigned short)(c << 8);
    }
    return (c & 0x7f) == 0x7f ? (unsigned short)0x7fff : __cuprite_narrow_to_half_bits(c, __CUPRITE_E4M3);
}

/* The e8m0 code of `x`: |x| rounded to a power of two toward zero or up (the two modes the
 * format has), clipped to 2^-127 below; above 2^127 2^127 with `satfinite`, else NaN, except
 * that a finite value rounded toward zero stays 2^127 (as nvcc's header has it); infinities
 * give 2^127 with `satfinite`, else NaN; NaN gives NaN 0xff. */
__CUPRITE_HD__ unsigned int __cuprite_double_to_e8m0(double x, bool satfinite, bool round_up) {
    const unsigned long long b = __builtin_bit_cast(unsigned long long, x);
    const int exp = (int)((b >> 52) & 0x7ff);
    const unsigned long long frac = b & ((1ull << 52) - 1);
    if (exp == 0x7ff) {
        return frac || !satfinite ? 0xffu : 0xfeu;
    }
    if (exp == 0) {
        return 0; /* zero and double subnormals lie below 2^-127 */
    }
    const int e = exp - 1023 + (round_up && frac != 0 ? 1 : 0);
    if (e < -127) {
        return 0;
    }
    if (e > 127) {
        return satfinite || !round_up ? 0xfeu : 0xffu;
    }
    return (unsigned int)(e + 127);
}

/* The bfloat16 bits of e8m0 code `c` (2^-127 is a bfloat16 subnormal; NaN gives 0x7fff). */
__CUPRITE_HD__ unsigned short __cuprite_e8m0_to_bf16_bits(unsigned int c) {
    c &= 0xff;
    return c == 0xff ? (unsigned short)0x7fff : c == 0 ? (unsigned short)0x0040 : (unsigned short)(c << 7);
}

/* The float of e8m0 code `c`. */
__CUPRITE_HD__ float __cuprite_e8m0_to_float(unsigned int c) {
    return __builtin_bit_cast(float, (unsigned int)__cuprite_e8m0_to_bf16_bits(c) << 16);
}

/* A narrow value converted to an integer type as nvcc's headers do: the char types from its
 * float, the others through the wide type `Wide` whose conversions are named `prefix`2int_rz
 * etc. (half for fp8/fp6/fp4, bfloat16 for e8m0); rounding toward zero, NaN giving 0,
 * out-of-range values saturating. */
#define __CUPRITE_NARROW_INTEGER_OPERATORS(Wide, prefix)                                               \
    explicit __host__ __device__ operator unsigned char() const {                                      \
        return (unsigned char)__cuprite_float_to_uint(float(*this), __cuprite_rz, 0xff);               \
    }                                                                                                   \
    explicit __host__ __device__ operator signed char() const {                                        \
        return (signed char)__cuprite_float_to_int(float(*this), __cuprite_rz, -128, 127);             \
    }                                                                                                   \
    explicit __host__ __device__ operator char() const {                                               \
        return (char)-1 < (char)0 ? (char)(signed char)*this : (char)(unsigned char)*this;            \
    }                                                                                                   \
    explicit __host__ __device__ operator unsigned short() const { return prefix##2ushort_rz(Wide(*this)); } \
    explicit __host__ __device__ operator unsigned int() const { return prefix##2uint_rz(Wide(*this)); } \
    explicit __host__ __device__ operator unsigned long() const {                                      \
        return (unsigned long)prefix##2ull_rz(Wide(*this));                                            \
    }                                                                                                   \
    explicit __host__ __device__ operator unsigned long long() const { return prefix##2ull_rz(Wide(*this)); } \
    explicit __host__ __device__ operator short() const { return prefix##2short_rz(Wide(*this)); }     \
    explicit __host__ __device__ operator int() const { return prefix##2int_rz(Wide(*this)); }         \
    explicit __host__ __device__ operator long() const { return (long)prefix##2ll_rz(Wide(*this)); }  \
    explicit __host__ __device__ operator long long() const { return prefix##2ll_rz(Wide(*this)); }

/* Constructors from the integer types: through float (`convert` takes a float). */
#define __CUPRITE_NARROW_INTEGER_CONSTRUCTORS(T, convert)                                              \
    explicit __host__ __device__ T(unsigned short v) { __x = convert((float)v); }                      \
    explicit __host__ __device__ T(unsigned int v) { __x = convert((float)v); }                        \
    explicit __host__ __device__ T(unsigned long v) { __x = convert((float)v); }                       \
    explicit __host__ __device__ T(unsigned long long v) { __x = convert((float)v); }                  \
    explicit __host__ __device__ T(short v) { __x = convert((float)v); }                               \
    explicit __host__ __device__ T(int v) { __x = convert((float)v); }                                 \
    explicit __host__ __device__ T(long v) { __x = convert((float)v); }                                \
    explicit __host__ __device__ T(long long v) { __x = convert((float)v); }

/*
 * A narrow format's three C++ types (one value, two, four), as nvcc's headers have them: the
 * code(s) in public `__x`, explicit conversions from and to the wide types. `fmt` is the
 * __nv_fpN_interpretation_t value, `from_half`/`from_bf16`/`from_float`/`from_double`
 * convert one value to a code in the constructors' mode, `to_half` a code to __half_raw;
 * `bits` is the width of one code in the packed types (8, or 4 for fp4), `Storage1/2/4` the
 * storage types. `bool_mask` selects the magnitude bits (zero or not).
 */
#define __CUPRITE_NARROW_TYPES(T1, T2, T4, Storage1, Storage2, Storage4, bits, bool_mask, from_half, from_bf16,   \
                               from_float, from_double, to_half)                                                  \
    struct __align__(sizeof(Storage1)) T1 {                                                                       \
        Storage1 __x;                                                                                             \
        T1() = default;                                                                                           \
        explicit __host__ __device__ T1(const __half f) { __x = from_half(__half_raw(f)); }                       \
        explicit __host__ __device__ T1(const __nv_bfloat16 f) { __x = from_bf16(__nv_bfloat16_raw(f)); }         \
        explicit __host__ __device__ T1(const float f) { __x = from_float(f); }                                   \
        explicit __host__ __device__ T1(const double f) { __x = from_double(f); }                                 \
        __CUPRITE_NARROW_INTEGER_CONSTRUCTORS(T1, from_float)                                                     \
        explicit __host__ __device__ operator __half() const { return __half(to_half(__x)); }                     \
        explicit __host__ __device__ operator float() const { return __half2float(__half(to_half(__x))); }       \
        explicit __host__ __device__ operator __nv_bfloat16() const { return __float2bfloat16_rz(float(*this)); } \
        explicit __host__ __device__ operator double() const { return (double)float(*this); }                    \
        explicit __host__ __device__ operator bool() const { return (__x & (bool_mask)) != 0; }                  \
        __CUPRITE_NARROW_INTEGER_OPERATORS(__half, __half)                                                        \
    };                                                                                                            \
    struct __align__(sizeof(Storage2)) T2 {                                                                       \
        Storage2 __x;                                                                                             \
        T2() = default;                                                                                           \
        explicit __host__ __device__ T2(const __half2 f) { __x = pack(from_half(__half_raw(f.x)), from_half(__half_raw(f.y))); }          \
        explicit __host__ __device__ T2(const __nv_bfloat162 f) { __x = pack(from_bf16(__nv_bfloat16_raw(f.x)), from_bf16(__nv_bfloat16_raw(f.y))); }   \
        explicit __host__ __device__ T2(const float2 f) { __x = pack(from_float(f.x), from_float(f.y)); }         \
        explicit __host__ __device__ T2(const double2 f) { __x = pack(from_double(f.x), from_double(f.y)); }      \
        explicit __host__ __device__ operator __half2() const {                                                   \
            return __half2(__half(to_half(__x & ((1u << (bits)) - 1))), __half(to_half(__x >> (bits))));          \
        }                                                                                                         \
        explicit __host__ __device__ operator float2() const {                                                    \
            const __half2 h = __half2(*this);                                                                     \
            return float2{__half2float(h.x), __half2float(h.y)};                                                  \
        }                                                                                                         \
                                                                                                                  \
      private:                                                                                                    \
        static __host__ __device__ Storage2 pack(unsigned int lo, unsigned int hi) {                              \
            return (Storage2)(lo | hi << (bits));                                                                 \
        }                                                                                                         \
    };                                                                                                            \
    struct __align__(sizeof(Storage4)) T4 {                                                                       \
        Storage4 __x;                                                                                             \
        T4() = default;                                                                                           \
        explicit __host__ __device__ T4(const __half2 lo, const __half2 hi) {                                     \
            __x = pack(from_half(__half_raw(lo.x)), from_half(__half_raw(lo.y)), from_half(__half_raw(hi.x)),        \
                       from_half(__half_raw(hi.y)));                       \
        }                                                                                                         \
        explicit __host__ __device__ T4(const __nv_bfloat162 lo, const __nv_bfloat162 hi) {                       \
            __x = pack(from_bf16(__nv_bfloat16_raw(lo.x)), from_bf16(__nv_bfloat16_raw(lo.y)),                       \
                       from_bf16(__nv_bfloat16_raw(hi.x)), from_bf16(__nv_bfloat16_raw(hi.y)));                       \
        }                                                                                                         \
        explicit __host__ __device__ T4(const float4 f) {                                                         \
            __x = pack(from_float(f.x), from_float(f.y), from_float(f.z), from_float(f.w));                       \
        }                                                                                                         \
        explicit __host__ __device__ T4(const double4 f) {                                                        \
            __x = pack(from_double(f.x), from_double(f.y), from_double(f.z), from_double(f.w));                   \
        }                                                                                                         \
        explicit __host__ __device__ T4(const double4_16a f) {                                                    \
            __x = pack(from_double(f.x), from_double(f.y), from_double(f.z), from_double(f.w));                   \
        }                                                                                                         \
        explicit __host__ __device__ T4(const double4_32a f) {                                                    \
            __x = pack(from_double(f.x), from_double(f.y), from_double(f.z), from_double(f.w));                   \
        }                                                                                                         \
        explicit __host__ __device__ operator float4() const {                                                    \
            const unsigned int m = (1u << (bits)) - 1;                                                            \
            float4 r;                                                                                             \
            r.x = __half2float(__half(to_half(__x & m)));                                                         \
            r.y = __half2float(__half(to_half((__x >> (bits)) & m)));                                             \
            r.z = __half2float(__half(to_half((__x >> (2 * (bits))) & m)));                                       \
            r.w = __half2float(__half(to_half((__x >> (3 * (bits))) & m)));                                       \
            return r;                                                                                             \
        }                                                                                                         \
                                                                                                                  \
      private:                                                                                                    \
        static __host__ __device__ Storage4 pack(unsigned int a, unsigned int b, unsigned int c, unsigned int d) { \
            return (Storage4)(a | b << (bits) | c << (2 * (bits)) | d << (3 * (bits)));                           \
        }                                                                                                         \
    };

#endif /* __cplusplus */
#endif /* __CUPRITE_SMALL_FLOAT_H__ */
