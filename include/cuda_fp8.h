/*
 * Cuprite: the 8-bit floating-point API of CUDA 13 (cuda_fp8.h): the e4m3 and e5m2 formats and
 * the e8m0 scale format, their storage types, the C conversion functions and (cuda_fp8.hpp)
 * the C++ types __nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3 and the same for e5m2 and
 * e8m0. Formats and rounding: __cuprite/small_float.h. On devices of compute capability 8.9
 * and later, the saturating conversions from float and half and those back to half run PTX's
 * `cvt.rn.satfinite.{e4m3x2,e5m2x2}.{f32,f16x2}` and `cvt.rn.f16x2.{e4m3x2,e5m2x2}`, as
 * nvcc's header does; the others, and the host, compute the same bits in software.
 */
#ifndef __CUDA_FP8_H__
#define __CUDA_FP8_H__

#include "__cuprite/small_float.h"

/* One fp8 code, two, four. */
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

/* What a conversion to fp8 does beyond the largest finite value. */
typedef enum __nv_saturation_t {
    __NV_NOSAT,     /* e4m3: NaN; e5m2: infinity */
    __NV_SATFINITE, /* the largest finite value of the input's sign */
} __nv_saturation_t;

/* Which fp8 format a code is in. */
typedef enum __nv_fp8_interpretation_t {
    __NV_E4M3,
    __NV_E5M2,
} __nv_fp8_interpretation_t;

#if defined(__cplusplus)

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
/* The device has cvt for fp8 (compute capability 8.9 and later). */
#define __CUPRITE_FP8_CVT 1
#endif

/* x as fp8 (the software conversion every other one falls back on). */
__CUPRITE_HD__ __nv_fp8_storage_t __cuprite_to_fp8(double x, __nv_saturation_t saturate, __nv_fp8_interpretation_t fmt) {
    const bool e5m2 = fmt == __NV_E5M2;
    const __cuprite_narrow_format f = e5m2 ? __CUPRITE_E5M2 : __CUPRITE_E4M3;
    const unsigned int overflow = saturate == __NV_SATFINITE ? f.max_code : e5m2 ? 0x7cu : 0x7fu;
    return (__nv_fp8_storage_t)__cuprite_double_to_narrow(x, f, __cuprite_rn, overflow, 0x7fu);
}

#ifdef __CUPRITE_FP8_CVT
/* cvt.rn.satfinite.<fmt>x2.f32 of (hi, lo): hi in the upper byte. */
__CUPRITE_D__ __nv_fp8x2_storage_t __cuprite_cvt_fp8x2_f32(float hi, float lo, __nv_fp8_interpretation_t fmt) {
    unsigned short r;
    if (fmt == __NV_E5M2) {
        asm("cvt.rn.satfinite.e5m2x2.f32 %0, %1, %2;" : "=h"(r) : "f"(hi), "f"(lo));
    } else {
        asm("cvt.rn.satfinite.e4m3x2.f32 %0, %1, %2;" : "=h"(r) : "f"(hi), "f"(lo));
    }
    return r;
}
/* cvt.rn.satfinite.<fmt>x2.f16x2 of a half pair (the upper half into the upper byte). */
__CUPRITE_D__ __nv_fp8x2_storage_t __cuprite_cvt_fp8x2_f16x2(unsigned int halves, __nv_fp8_interpretation_t fmt) {
    unsigned short r;
    if (fmt == __NV_E5M2) {
        asm("cvt.rn.satfinite.e5m2x2.f16x2 %0, %1;" : "=h"(r) : "r"(halves));
    } else {
        asm("cvt.rn.satfinite.e4m3x2.f16x2 %0, %1;" : "=h"(r) : "r"(halves));
    }
    return r;
}
/* cvt.rn.f16x2.<fmt>x2: two codes to a half pair (the upper byte into the upper half). */
__CUPRITE_D__ unsigned int __cuprite_cvt_f16x2_fp8x2(__nv_fp8x2_storage_t codes, __nv_fp8_interpretation_t fmt) {
    unsigned int r;
    if (fmt == __NV_E5M2) {
        asm("cvt.rn.f16x2.e5m2x2 %0, %1;" : "=r"(r) : "h"(codes));
    } else {
        asm("cvt.rn.f16x2.e4m3x2 %0, %1;" : "=r"(r) : "h"(codes));
    }
    return r;
}
#endif

/* From double, a NaN keeps its sign, and e5m2's NaN is S.11111.xx with the NaN's top two fraction bits (what nvcc's header gives;
 * from float and half, as cvt does, it is 0x7f). */
__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                                                          const __nv_fp8_interpretation_t fp8_interpretation) {
    if (x != x) {
        /* e5m2 keeps the top two fraction bits of the NaN: 0x7e | those (NVIDIA's software
           conversion; an H200 gives 0x7f for a float NaN 0x7fe00000 widened to double). */
        const unsigned long long b = __builtin_bit_cast(unsigned long long, x);
        const unsigned int sign = b >> 63 ? 0x80u : 0u;
        return (__nv_fp8_storage_t)(sign | (fp8_interpretation == __NV_E5M2 ? 0x7eu | (unsigned int)(b >> 50 & 3u) : 0x7fu));
    }
    return __cuprite_to_fp8(x, saturate, fp8_interpretation);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                                                               const __nv_fp8_interpretation_t fp8_interpretation) {
    return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation) |
                                  __nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation) << 8);
}

__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                                                         const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __CUPRITE_FP8_CVT
    if (saturate == __NV_SATFINITE) {
        return (__nv_fp8_storage_t)__cuprite_cvt_fp8x2_f32(0.0f, x, fp8_interpretation);
    }
#endif
    return __cuprite_to_fp8(x, saturate, fp8_interpretation);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                                                              const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __CUPRITE_FP8_CVT
    if (saturate == __NV_SATFINITE) {
        return __cuprite_cvt_fp8x2_f32(x.y, x.x, fp8_interpretation);
    }
#endif
    return (__nv_fp8x2_storage_t)(__cuprite_to_fp8(x.x, saturate, fp8_interpretation) |
                                  __cuprite_to_fp8(x.y, saturate, fp8_interpretation) << 8);
}

__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                                                           const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __CUPRITE_FP8_CVT
    if (saturate == __NV_SATFINITE) {
        return (__nv_fp8_storage_t)__cuprite_cvt_fp8x2_f16x2(x.x, fp8_interpretation);
    }
#endif
    return __cuprite_to_fp8(__half2float(__half(__half_raw{x.x})), saturate, fp8_interpretation);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                                                                const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __CUPRITE_FP8_CVT
    if (saturate == __NV_SATFINITE) {
        return __cuprite_cvt_fp8x2_f16x2((unsigned int)x.y << 16 | x.x, fp8_interpretation);
    }
#endif
    return (__nv_fp8x2_storage_t)(__cuprite_to_fp8(__half2float(__half(__half_raw{x.x})), saturate, fp8_interpretation) |
                                  __cuprite_to_fp8(__half2float(__half(__half_raw{x.y})), saturate, fp8_interpretation)
                                      << 8);
}

/* bfloat16 is exact in float: its conversions are the float ones. */
__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x,
                                                               const __nv_saturation_t saturate,
                                                               const __nv_fp8_interpretation_t fp8_interpretation) {
    return __nv_cvt_float_to_fp8(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), saturate, fp8_interpretation);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x,
                                                                    const __nv_saturation_t saturate,
                                                                    const __nv_fp8_interpretation_t fp8_interpretation) {
    const float2 f = {__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), __bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.y}))};
    return __nv_cvt_float2_to_fp8x2(f, saturate, fp8_interpretation);
}

__CUPRITE_HD__ __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
                                                  const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __CUPRITE_FP8_CVT
    return __half_raw{(unsigned short)__cuprite_cvt_f16x2_fp8x2(x, fp8_interpretation)};
#else
    return __half_raw{__cuprite_fp8_to_half_bits(x, fp8_interpretation == __NV_E5M2)};
#endif
}

__CUPRITE_HD__ __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
                                                      const __nv_fp8_interpretation_t fp8_interpretation) {
#ifdef __CUPRITE_FP8_CVT
    const unsigned int h = __cuprite_cvt_f16x2_fp8x2(x, fp8_interpretation);
    return __half2_raw{(unsigned short)h, (unsigned short)(h >> 16)};
#else
    const bool e5m2 = fp8_interpretation == __NV_E5M2;
    return __half2_raw{__cuprite_fp8_to_half_bits(x & 0xff, e5m2), __cuprite_fp8_to_half_bits(x >> 8, e5m2)};
#endif
}

/* ---- e8m0: scale factors (powers of two) ---------------------------------------------- */

/* x as e8m0: `rounding` must be cudaRoundZero or cudaRoundPosInf (the modes the format has;
 * nvcc's header asserts the same). */
__CUPRITE_HD__ __nv_fp8_storage_t __cuprite_to_e8m0(double x, __nv_saturation_t saturate, cudaRoundMode rounding) {
    assert((rounding == cudaRoundZero || rounding == cudaRoundPosInf) &&
           "e8m0 conversions round toward zero (cudaRoundZero) or up (cudaRoundPosInf) only");
    return (__nv_fp8_storage_t)__cuprite_double_to_e8m0(x, saturate == __NV_SATFINITE, rounding == cudaRoundPosInf);
}

__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_double_to_e8m0(const double x, const __nv_saturation_t saturate,
                                                           const enum cudaRoundMode rounding) {
    return __cuprite_to_e8m0(x, saturate, rounding);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_double2_to_e8m0x2(const double2 x, const __nv_saturation_t saturate,
                                                                const enum cudaRoundMode rounding) {
    return (__nv_fp8x2_storage_t)(__cuprite_to_e8m0(x.x, saturate, rounding) |
                                  __cuprite_to_e8m0(x.y, saturate, rounding) << 8);
}

__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_float_to_e8m0(const float x, const __nv_saturation_t saturate,
                                                          const enum cudaRoundMode rounding) {
    return __cuprite_to_e8m0(x, saturate, rounding);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_float2_to_e8m0x2(const float2 x, const __nv_saturation_t saturate,
                                                               const enum cudaRoundMode rounding) {
    return (__nv_fp8x2_storage_t)(__cuprite_to_e8m0(x.x, saturate, rounding) |
                                  __cuprite_to_e8m0(x.y, saturate, rounding) << 8);
}

__CUPRITE_HD__ __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_e8m0(const __nv_bfloat16_raw x,
                                                                const __nv_saturation_t saturate,
                                                                const enum cudaRoundMode rounding) {
    return __cuprite_to_e8m0(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), saturate, rounding);
}

__CUPRITE_HD__ __nv_fp8x2_storage_t __nv_cvt_bfloat162raw_to_e8m0x2(const __nv_bfloat162_raw x,
                                                                     const __nv_saturation_t saturate,
                                                                     const enum cudaRoundMode rounding) {
    return (__nv_fp8x2_storage_t)(__cuprite_to_e8m0(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), saturate, rounding) |
                                  __cuprite_to_e8m0(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.y})), saturate, rounding) << 8);
}

__CUPRITE_HD__ __nv_bfloat16_raw __nv_cvt_e8m0_to_bf16raw(const __nv_fp8_storage_t x) {
    return __nv_bfloat16_raw{__cuprite_e8m0_to_bf16_bits(x)};
}

__CUPRITE_HD__ __nv_bfloat162_raw __nv_cvt_e8m0x2_to_bf162raw(const __nv_fp8x2_storage_t x) {
    return __nv_bfloat162_raw{__cuprite_e8m0_to_bf16_bits(x & 0xff), __cuprite_e8m0_to_bf16_bits(x >> 8)};
}

/* What CCCL and libraries test for before they use the fp8 types. */
#define __CUDA_FP8_TYPES_EXIST__

#include "cuda_fp8.hpp"

#endif /* __cplusplus */
#endif /* __CUDA_FP8_H__ */
