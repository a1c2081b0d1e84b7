/* Cuprite's CUDA toolkit headers: single and double precision complex numbers (cuComplex.h):
 * cuFloatComplex is a float2 and cuDoubleComplex a double2 (real part in x, imaginary in y).
 * Absolute values are compiler builtins; cuCabsf's square root is sqrtf, as NVIDIA's, so that
 * -prec-sqrt=false (and -use_fast_math) make it sqrt.approx in device code as nvcc does. */
#pragma once
/* NVIDIA's include guard (see cuda_runtime.h). */
#define CU_COMPLEX_H_
#include <math.h>
#include "vector_types.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define __CUPRITE_CPLX static __inline__ __host__ __device__

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__CUPRITE_CPLX float cuCrealf(cuFloatComplex x) { return x.x; }
__CUPRITE_CPLX float cuCimagf(cuFloatComplex x) { return x.y; }
__CUPRITE_CPLX cuFloatComplex make_cuFloatComplex(float r, float i) { cuFloatComplex z; z.x = r; z.y = i; return z; }
__CUPRITE_CPLX cuComplex make_cuComplex(float r, float i) { return make_cuFloatComplex(r, i); }
__CUPRITE_CPLX cuFloatComplex cuConjf(cuFloatComplex x) { return make_cuFloatComplex(x.x, -x.y); }
__CUPRITE_CPLX cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y) { return make_cuFloatComplex(x.x + y.x, x.y + y.y); }
__CUPRITE_CPLX cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y) { return make_cuFloatComplex(x.x - y.x, x.y - y.y); }
__CUPRITE_CPLX cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y) {
    return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
/* Division scaled by the divisor's larger component, so that it neither overflows nor
 * underflows for large or small divisors. */
__CUPRITE_CPLX cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y) {
    float s = __builtin_fabsf(y.x) + __builtin_fabsf(y.y);
    float oos = 1.0f / s;
    float ars = x.x * oos, ais = x.y * oos, brs = y.x * oos, bis = y.y * oos;
    float oos2 = 1.0f / (brs * brs + bis * bis);
    return make_cuFloatComplex((ars * brs + ais * bis) * oos2, (ais * brs - ars * bis) * oos2);
}
/* |x| without overflow for large components: the larger one times sqrt(1 + q^2). */
__CUPRITE_CPLX float cuCabsf(cuFloatComplex x) {
    float a = __builtin_fabsf(x.x), b = __builtin_fabsf(x.y);
    float v = a > b ? a : b, w = a > b ? b : a;
    if (v == 0.0f || v > 3.402823466e38f || w > 3.402823466e38f) return v + w;
    float q = w / v;
    return v * sqrtf(1.0f + q * q);
}
__CUPRITE_CPLX cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d) {
    return make_cuFloatComplex(x.x * y.x + d.x - x.y * y.y, x.x * y.y + x.y * y.x + d.y);
}

__CUPRITE_CPLX double cuCreal(cuDoubleComplex x) { return x.x; }
__CUPRITE_CPLX double cuCimag(cuDoubleComplex x) { return x.y; }
__CUPRITE_CPLX cuDoubleComplex make_cuDoubleComplex(double r, double i) { cuDoubleComplex z; z.x = r; z.y = i; return z; }
__CUPRITE_CPLX cuDoubleComplex cuConj(cuDoubleComplex x) { return make_cuDoubleComplex(x.x, -x.y); }
__CUPRITE_CPLX cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y) { return make_cuDoubleComplex(x.x + y.x, x.y + y.y); }
__CUPRITE_CPLX cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y) { return make_cuDoubleComplex(x.x - y.x, x.y - y.y); }
__CUPRITE_CPLX cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y) {
    return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
__CUPRITE_CPLX cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y) {
    double s = __builtin_fabs(y.x) + __builtin_fabs(y.y);
    double oos = 1.0 / s;
    double ars = x.x * oos, ais = x.y * oos, brs = y.x * oos, bis = y.y * oos;
    double oos2 = 1.0 / (brs * brs + bis * bis);
    return make_cuDoubleComplex((ars * brs + ais * bis) * oos2, (ais * brs - ars * bis) * oos2);
}
__CUPRITE_CPLX double cuCabs(cuDoubleComplex x) {
    double a = __builtin_fabs(x.x), b = __builtin_fabs(x.y);
    double v = a > b ? a : b, w = a > b ? b : a;
    if (v == 0.0 || v > 1.79769313486231570e308 || w > 1.79769313486231570e308) return v + w;
    double q = w / v;
    return v * __builtin_sqrt(1.0 + q * q);
}
__CUPRITE_CPLX cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
    return make_cuDoubleComplex(x.x * y.x + d.x - x.y * y.y, x.x * y.y + x.y * y.x + d.y);
}
__CUPRITE_CPLX cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c) { return make_cuDoubleComplex(c.x, c.y); }
__CUPRITE_CPLX cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c) { return make_cuFloatComplex((float)c.x, (float)c.y); }

#undef __CUPRITE_CPLX
#if defined(__cplusplus)
}
#endif
