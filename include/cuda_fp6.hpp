/*
 * Cuprite: the C++ types of cuda_fp6.h (which includes this file): __nv_fp6_e2m3,
 * __nv_fp6x2_e2m3, __nv_fp6x4_e2m3 and the same for e3m2. Constructors round to nearest even
 * and saturate; the packed types hold one code per byte, x in the lowest.
 */
#ifndef __CUDA_FP6_HPP__
#define __CUDA_FP6_HPP__

#include "cuda_fp6.h"

#if defined(__cplusplus)

/* One format's one-value conversions in the constructors' mode (to nearest even). */
#define __CUPRITE_FP6_CONVERSIONS(fmt, FMT)                                                              \
    __CUPRITE_HD__ __nv_fp6_storage_t __cuprite_##fmt##_from_half(__half_raw x) {                        \
        return __nv_cvt_halfraw_to_fp6(x, FMT, cudaRoundNearest);                                        \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_fp6_storage_t __cuprite_##fmt##_from_bf16(__nv_bfloat16_raw x) {                 \
        return __nv_cvt_bfloat16raw_to_fp6(x, FMT, cudaRoundNearest);                                    \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_fp6_storage_t __cuprite_##fmt##_from_float(float x) {                            \
        return __nv_cvt_float_to_fp6(x, FMT, cudaRoundNearest);                                          \
    }                                                                                                    \
    __CUPRITE_HD__ __nv_fp6_storage_t __cuprite_##fmt##_from_double(double x) {                          \
        return __nv_cvt_double_to_fp6(x, FMT, cudaRoundNearest);                                         \
    }                                                                                                    \
    __CUPRITE_HD__ __half_raw __cuprite_##fmt##_to_half(unsigned int c) {                                \
        return __nv_cvt_fp6_to_halfraw((__nv_fp6_storage_t)c, FMT);                                      \
    }

__CUPRITE_FP6_CONVERSIONS(e2m3, __NV_E2M3)
__CUPRITE_FP6_CONVERSIONS(e3m2, __NV_E3M2)
#undef __CUPRITE_FP6_CONVERSIONS

__CUPRITE_NARROW_TYPES(__nv_fp6_e2m3, __nv_fp6x2_e2m3, __nv_fp6x4_e2m3, __nv_fp6_storage_t, __nv_fp6x2_storage_t,
                       __nv_fp6x4_storage_t, 8, 0x1fu, __cuprite_e2m3_from_half, __cuprite_e2m3_from_bf16,
                       __cuprite_e2m3_from_float, __cuprite_e2m3_from_double, __cuprite_e2m3_to_half)
__CUPRITE_NARROW_TYPES(__nv_fp6_e3m2, __nv_fp6x2_e3m2, __nv_fp6x4_e3m2, __nv_fp6_storage_t, __nv_fp6x2_storage_t,
                       __nv_fp6x4_storage_t, 8, 0x1fu, __cuprite_e3m2_from_half, __cuprite_e3m2_from_bf16,
                       __cuprite_e3m2_from_float, __cuprite_e3m2_from_double, __cuprite_e3m2_to_half)

#endif /* __cplusplus */
#endif /* __CUDA_FP6_HPP__ */
