/* Cuprite's CUDA toolkit headers, for clang's CUDA mode (`clang++ --cuda-path=PREFIX`): clang's
 * runtime wrapper includes this toolkit-internal header and then defines host overloads
 * (rsqrt(float), sinpi(float), ...) that call the host versions of the CUDA Math API's single
 * precision extensions. clang's own headers define their device versions; their host versions
 * are here, computed in double precision (no __host__ attribute: the wrapper forbids the macro
 * here, and a function without one is a host function). */
#pragma once
#if defined(__CLANG_CUDA_RUNTIME_WRAPPER_H__) && defined(__cplusplus)
#include <math.h>

/* x - 2 round(x / 2): sinpi/cospi's argument in [-1, 1], exactly (x is a float). */
static inline double __cuprite_host_pi_reduce(double x) { return x - 2.0 * nearbyint(x * 0.5); }

static inline float rsqrtf(float x) { return (float)(1.0 / sqrt((double)x)); }
static inline float rcbrtf(float x) { return (float)(1.0 / cbrt((double)x)); }
static inline float sinpif(float x) {
    double r = __cuprite_host_pi_reduce(x);
    /* Integers give zeros with the sign of x (as CUDA's sinpi), not sin(k pi)'s rounding error. */
    if (r == nearbyint(r)) return copysignf(0.0f, x);
    return (float)sin(M_PI * r);
}
static inline float cospif(float x) {
    double r = fabs(__cuprite_host_pi_reduce(x));
    if (r == 0.5) return 0.0f;
    return (float)cos(M_PI * r);
}
static inline void sincospif(float x, float *s, float *c) {
    *s = sinpif(x);
    *c = cospif(x);
}
/* erfc(x) = y by Newton's method from the tail asymptote (erfc is convex on either side of 0,
 * so the iteration converges monotonically from this side). */
static inline double __cuprite_host_erfcinv(double y) {
    if (isnan(y) || y < 0.0 || y > 2.0) return NAN;
    if (y == 0.0) return INFINITY;
    if (y == 2.0) return -INFINITY;
    if (y > 1.0) return -__cuprite_host_erfcinv(2.0 - y);
    double x = y < 0.5 ? sqrt(-log(y)) : 0.0;
    for (int i = 0; i < 100; i++) {
        double step = (erfc(x) - y) / (-M_2_SQRTPI * exp(-x * x));
        x -= step;
        if (fabs(step) <= 1e-15 * fabs(x)) break;
    }
    return x;
}
static inline float erfcinvf(float y) { return (float)__cuprite_host_erfcinv(y); }
static inline float normcdfinvf(float p) { return (float)(-M_SQRT2 * __cuprite_host_erfcinv(2.0 * p)); }
static inline float normcdff(float x) { return (float)(0.5 * erfc(-x * M_SQRT1_2)); }
/* exp(x^2) erfc(x); past x = 26 (exp overflows) the asymptotic series, exact to double there. */
static inline float erfcxf(float x) {
    double d = x;
    if (d < 26.0) return (float)(exp(d * d) * erfc(d));
    double inv2 = 1.0 / (2.0 * d * d);
    return (float)((1.0 - inv2 * (1.0 - 3.0 * inv2)) / (d * sqrt(M_PI)));
}
#endif
