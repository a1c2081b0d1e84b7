/*
 * Cuprite: the 4-bit floating-point API of CUDA 13 (cuda_fp4.h): the e2m1 format, its storage
 * types (a code in the low 4 bits of a byte; two codes in a byte, x in the low nibble), the C
 * conversion functions and (cuda_fp4.hpp) the C++ types __nv_fp4_e2m1, __nv_fp4x2_e2m1 and
 * __nv_fp4x4_e2m1. e2m1 has no infinities or NaN: conversions saturate to the largest finite
 * value (6), NaN gives +6 (__cuprite/small_float.h). They round to nearest even
 * (cudaRoundNearest) or toward zero (cudaRoundZero); the other modes are a run-time assertion
 * naming them, as in nvcc's header.
 */
#ifndef __CUDA_FP4_H__
#define __CUDA_FP4_H__

#include "cuda_fp8.h"

typedef __nv_fp8_storage_t __nv_fp4_storage_t;
typedef __nv_fp8_storage_t __nv_fp4x2_storage_t;
typedef __nv_fp8x2_storage_t __nv_fp4x4_storage_t;

typedef enum __nv_fp4_interpretation_t {
    __NV_E2M1,
} __nv_fp4_interpretation_t;

#if defined(__cplusplus)

/* x as e2m1 (every conversion of this header). */
__CUPRITE_HD__ __nv_fp4_storage_t __cuprite_to_fp4(double x, cudaRoundMode rounding) {
    assert((rounding == cudaRoundNearest || rounding == cudaRoundZero) &&
           "fp4 conversions round to nearest (cudaRoundNearest) or toward zero (cudaRoundZero) only");
    const __cuprite_rounding mode = rounding == cudaRoundZero ? __cuprite_rz : __cuprite_rn;
    return (__nv_fp4_storage_t)__cuprite_double_to_narrow(x, __CUPRITE_E2M1, mode, 0x7u, 0x7u);
}

__CUPRITE_HD__ __nv_fp4_storage_t __nv_cvt_double_to_fp4(const double x, const __nv_fp4_interpretation_t,
                                                          const enum cudaRoundMode rounding) {
    return __cuprite_to_fp4(x, rounding);
}

__CUPRITE_HD__ __nv_fp4x2_storage_t __nv_cvt_double2_to_fp4x2(const double2 x, const __nv_fp4_interpretation_t,
                                                               const enum cudaRoundMode rounding) {
    return (__nv_fp4x2_storage_t)(__cuprite_to_fp4(x.x, rounding) | __cuprite_to_fp4(x.y, rounding) << 4);
}

__CUPRITE_HD__ __nv_fp4_storage_t __nv_cvt_float_to_fp4(const float x, const __nv_fp4_interpretation_t,
                                                         const enum cudaRoundMode rounding) {
    return __cuprite_to_fp4(x, rounding);
}

__CUPRITE_HD__ __nv_fp4x2_storage_t __nv_cvt_float2_to_fp4x2(const float2 x, const __nv_fp4_interpretation_t,
                                                              const enum cudaRoundMode rounding) {
    return (__nv_fp4x2_storage_t)(__cuprite_to_fp4(x.x, rounding) | __cuprite_to_fp4(x.y, rounding) << 4);
}

__CUPRITE_HD__ __nv_fp4_storage_t __nv_cvt_halfraw_to_fp4(const __half_raw x, const __nv_fp4_interpretation_t,
                                                           const enum cudaRoundMode rounding) {
    return __cuprite_to_fp4(__half2float(__half(__half_raw{x.x})), rounding);
}

__CUPRITE_HD__ __nv_fp4x2_storage_t __nv_cvt_halfraw2_to_fp4x2(const __half2_raw x, const __nv_fp4_interpretation_t,
                                                                const enum cudaRoundMode rounding) {
    return (__nv_fp4x2_storage_t)(__cuprite_to_fp4(__half2float(__half(__half_raw{x.x})), rounding) |
                                  __cuprite_to_fp4(__half2float(__half(__half_raw{x.y})), rounding) << 4);
}

__CUPRITE_HD__ __nv_fp4_storage_t __nv_cvt_bfloat16raw_to_fp4(const __nv_bfloat16_raw x,
                                                               const __nv_fp4_interpretation_t,
                                                               const enum cudaRoundMode rounding) {
    return __cuprite_to_fp4(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), rounding);
}

__CUPRITE_HD__ __nv_fp4x2_storage_t __nv_cvt_bfloat16raw2_to_fp4x2(const __nv_bfloat162_raw x,
                                                                    const __nv_fp4_interpretation_t,
                                                                    const enum cudaRoundMode rounding) {
    return (__nv_fp4x2_storage_t)(__cuprite_to_fp4(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.x})), rounding) |
                                  __cuprite_to_fp4(__bfloat162float(__nv_bfloat16(__nv_bfloat16_raw{x.y})), rounding) << 4);
}

/* A code's low 4 bits to half (exact). */
__CUPRITE_HD__ __half_raw __nv_cvt_fp4_to_halfraw(const __nv_fp4_storage_t x, const __nv_fp4_interpretation_t) {
    return __half_raw{__cuprite_narrow_to_half_bits(x & 0xfu, __CUPRITE_E2M1)};
}

__CUPRITE_HD__ __half2_raw __nv_cvt_fp4x2_to_halfraw2(const __nv_fp4x2_storage_t x, const __nv_fp4_interpretation_t) {
    return __half2_raw{__cuprite_narrow_to_half_bits(x & 0xfu, __CUPRITE_E2M1),
                       __cuprite_narrow_to_half_bits(x >> 4, __CUPRITE_E2M1)};
}

#define __CUDA_FP4_TYPES_EXIST__

#include "cuda_fp4.hpp"

#endif /* __cplusplus */
#endif /* __CUDA_FP4_H__ */
