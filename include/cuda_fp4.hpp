/*
 * Cuprite: the C++ types of cuda_fp4.h (which includes this file): __nv_fp4_e2m1,
 * __nv_fp4x2_e2m1 (two codes in a byte, x in the low nibble) and __nv_fp4x4_e2m1 (four in 16
 * bits). Constructors round to nearest even and saturate.
 */
#ifndef __CUDA_FP4_HPP__
#define __CUDA_FP4_HPP__

#include "cuda_fp4.h"

#if defined(__cplusplus)

__CUPRITE_HD__ __nv_fp4_storage_t __cuprite_e2m1_from_half(__half_raw x) {
    return __nv_cvt_halfraw_to_fp4(x, __NV_E2M1, cudaRoundNearest);
}
__CUPRITE_HD__ __nv_fp4_storage_t __cuprite_e2m1_from_bf16(__nv_bfloat16_raw x) {
    return __nv_cvt_bfloat16raw_to_fp4(x, __NV_E2M1, cudaRoundNearest);
}
__CUPRITE_HD__ __nv_fp4_storage_t __cuprite_e2m1_from_float(float x) {
    return __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest);
}
__CUPRITE_HD__ __nv_fp4_storage_t __cuprite_e2m1_from_double(double x) {
    return __nv_cvt_double_to_fp4(x, __NV_E2M1, cudaRoundNearest);
}
__CUPRITE_HD__ __half_raw __cuprite_e2m1_to_half(unsigned int c) {
    return __nv_cvt_fp4_to_halfraw((__nv_fp4_storage_t)c, __NV_E2M1);
}

__CUPRITE_NARROW_TYPES(__nv_fp4_e2m1, __nv_fp4x2_e2m1, __nv_fp4x4_e2m1, __nv_fp4_storage_t, __nv_fp4x2_storage_t,
                       __nv_fp4x4_storage_t, 4, 0x7u, __cuprite_e2m1_from_half, __cuprite_e2m1_from_bf16,
                       __cuprite_e2m1_from_float, __cuprite_e2m1_from_double, __cuprite_e2m1_to_half)

#endif /* __cplusplus */
#endif /* __CUDA_FP4_HPP__ */
