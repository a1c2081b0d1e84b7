/*
 * Cuprite: the 6-bit floating-point API of CUDA 13 (cuda_fp6.h): the e2m3 and e3m2 formats,
 * their storage types (a code in the low 6 bits of a byte), the C conversion functions and
 * (cuda_fp6.hpp) the C++ types __nv_fp6_e2m3, __nv_fp6x2_e2m3, __nv_fp6x4_e2m3 and the same
 * for e3m2. Neither format has infinities or NaN: conversions saturate to the largest finite
 * value, NaN gives positive MAXNORM (__cuprite/small_float.h). They round to nearest even
 * (cudaRoundNearest) or toward zero (cudaRoundZero); the other modes are a run-time assertion
 * naming them, as in nvcc's header.
 */
#ifndef __CUDA_FP6_H__
#define __CUDA_FP6_H__

#include "cuda_fp8.h"

typedef __nv_fp8_storage_t __nv_fp6_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp6x2_storage_t;
typedef __nv_fp8x4_storage_t __nv_fp6x4_storage_t;

typedef enum __nv_fp6_interpretation_t {
    __NV_E2M3,
    __NV_E3M2,
} __nv_fp6_interpretation_t;

#if defined(__cplusplus)

/* x as fp6 (every conversion of this header). */
__CUPRITE_HD__ __nv_fp6_storage_t __cuprite_to_fp6(double x, __nv_fp6_interpretation_t fmt, cudaRoundMode rounding) {
    assert((rounding == cudaRoundNearest || rounding == cudaRoundZero) &&
           "fp6 conversions round to nearest (cudaRoundNearest) or toward zero (cudaRoundZero) only");
    const __cuprite_narrow_format f = fmt == __NV_E3M2 ? __CUPRITE_E3M2 : __CUPRITE_E2M3;
    const __cuprite_rounding mode = rounding == cudaRoundZero ? __cuprite_rz : __cuprite_rn;
    return (__nv_fp6_storage_t)__cuprite_double_to_narrow(x, f, mode, f.max_code, f.max_code);
}

__CUPRITE_HD__ __nv_fp6_storage_t __nv_cvt_double_to_fp6(const double x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                          const enum cudaRoundMode rounding) {
    return __cuprite_to_fp6(x, fp6_interpretation, rounding);
}

__CUPRITE_HD__ __nv_fp6x2_storage_t __nv_cvt_double2_to_fp6x2(const double2 x,
                                                               const __nv_fp6_interpretation_t fp6_interpretation,
                                                               const enum cudaRoundMode rounding) {
    return (__nv_fp6x2_storage_t)(__cuprite_to_fp6(x.x, fp6_interpretation, rounding) |
                                  __cuprite_to_fp6(x.y, fp6_interpretation, rounding) << 8);
}

__CUPRITE_HD__ __nv_fp6_storage_t __nv_cvt_float_to_fp6(const float x, const __nv_fp6_interpretation_t fp6_interpretation,
                                                         const enum cudaRoundMode rounding) {
    return __cuprite_to_fp6(x, fp6_interpretation, rounding);
}

__CUPRITE_HD__ __nv_fp6x2_storage_t __nv_cvt_float2_to_fp6x2(const float2 x,
                                                              const __nv_fp6_interpretation_t fp6_interpretation,
                                                              const enum cudaRoundMode rounding) {
    return (__nv_fp6x2_storage_t)(__cuprite_to_fp6(x.x, fp6_interpretation, rounding) |
                                  __cuprite_to_fp6(x.y, fp6_interpretation, rounding) << 8);
}

__CUPRITE_HD__ __nv_fp6_storage_t __nv_cvt_halfraw_to_fp6(const __half_raw x,
                                                           const __nv_fp6_interpretation_t fp6_interpretation,
                                                           const enum cudaRoundMode rounding) {
    return __cuprite_to_fp6(__half2float(__half(__half_raw{x.x})), fp6_interpretation, rounding);
}

__CUPRITE_HD__ __nv_fp6x2_storage_t __nv_cvt_halfraw2_to_fp6x2(const __half2_raw x,
                                                                const __nv_fp6_interpretation_t fp6_interpretation,
                                                                const enum cudaRoundMode rounding) {
    return (__nv_fp6x2_storage_t)(__cuprite_to_fp6(__half2float(__half(__half_raw{x.x})), fp6_interpretation, rounding) |
                                  __cuprite_to_fp6(__half2float(__half(__half_raw{x.y})), fp6_interpretation, rounding)
                                      << 8);
}

__CUPRITE_HD__ __nv_fp6_storage_t __nv_cvt_bfloat16raw_to_fp6(const __nv_bfloat16_raw x,
                                                               const __nv_fp6_interpretation_t fp6_interpretation,
                                                               const enum cudaRoundMode rounding) {
    return __cuprite_to_fp6(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), fp6_interpretation, rounding);
}

__CUPRITE_HD__ __nv_fp6x2_storage_t __nv_cvt_bfloat16raw2_to_fp6x2(const __nv_bfloat162_raw x,
                                                                    const __nv_fp6_interpretation_t fp6_interpretation,
                                                                    const enum cudaRoundMode rounding) {
    return (__nv_fp6x2_storage_t)(__cuprite_to_fp6(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), fp6_interpretation, rounding) |
                                  __cuprite_to_fp6(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.y})), fp6_interpretation, rounding)
                                      << 8);
}

/* A code's low 6 bits to half (exact). */
__CUPRITE_HD__ __half_raw __nv_cvt_fp6_to_halfraw(const __nv_fp6_storage_t x,
                                                  const __nv_fp6_interpretation_t fp6_interpretation) {
    return __half_raw{__cuprite_narrow_to_half_bits(x, fp6_interpretation == __NV_E3M2 ? __CUPRITE_E3M2 : __CUPRITE_E2M3)};
}

__CUPRITE_HD__ __half2_raw __nv_cvt_fp6x2_to_halfraw2(const __nv_fp6x2_storage_t x,
                                                      const __nv_fp6_interpretation_t fp6_interpretation) {
    return __half2_raw{__nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)x, fp6_interpretation).x,
                       __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)(x >> 8), fp6_interpretation).x};
}

#define __CUDA_FP6_TYPES_EXIST__

#include "cuda_fp6.hpp"

#endif /* __cplusplus */
#endif /* __CUDA_FP6_H__ */
