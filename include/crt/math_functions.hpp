/* The host versions of the CUDA Math API's functions that C lacks (rsqrt, rcbrt, sinpi, cospi,
 * sincospi, erfinv, erfcinv, normcdf, normcdfinv, erfcx and their float forms), which NVIDIA's
 * math_functions.hpp defines for host code too; clang's headers define only their device
 * versions. Included by cuprite/cuda_wrapper.h (cuprite nvcc) and by clang's runtime wrapper
 * (`clang++ --cuda-path=PREFIX`, which then defines host overloads such as rsqrt(float) over
 * them). No __host__ attribute (clang's wrapper forbids the macro here): a function without one
 * is a host function, an overload beside the device one of the same name. Accurate to a few ulps;
 * NVIDIA's host code uses other approximations, so the last bits may differ from its. */
#pragma once
#if defined(__CUDA__) && defined(__cplusplus)
/* As NVIDIA's crt/math_functions.h includes it: libstdc++'s <math.h> also brings std::isnan,
 * std::signbit, ... into the global namespace, so host code calls them unqualified as with nvcc. */
#include <math.h>

/* x - 2 round(x / 2): sinpi/cospi's argument in [-1, 1], exactly. */
static inline double __cuprite_host_pi_reduce(double x) { return x - 2.0 * nearbyint(x * 0.5); }
/* sin(pi r) for |r| <= 1, folded to |r| <= 1/2 first (1 - |r| is exact there), so that pi's
 * rounding error stays relative to the result near the zeros at +-1. */
static inline double __cuprite_host_sinpi_reduced(double r) {
    double a = fabs(r);
    if (a > 0.5) a = 1.0 - a;
    return copysign(sin(M_PI * a), r);
}

/* The CUDA Math API's functions that C lacks, in host code (NVIDIA's math_functions.hpp defines
 * them for the host too; clang's headers define only their device versions). */
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline double rcbrt(double x) { return 1.0 / cbrt(x); }
static inline double sinpi(double x) {
    if (isnan(x) || isinf(x)) return sin(x);
    double r = __cuprite_host_pi_reduce(x);
    /* Integers give zeros with the sign of x (as CUDA's sinpi), not sin(k pi)'s rounding error. */
    if (r == nearbyint(r)) return copysign(0.0, x);
    return __cuprite_host_sinpi_reduced(r);
}
static inline double cospi(double x) {
    if (isnan(x) || isinf(x)) return cos(x);
    double a = fabs(__cuprite_host_pi_reduce(x));
    if (a == 0.5) return 0.0;
    /* cos(pi a) = sin(pi (1/2 - a)); 1/2 - a is exact for a >= 1/4 and tiny beside 1 otherwise */
    return __cuprite_host_sinpi_reduced(0.5 - a);
}
static inline void sincospi(double x, double *s, double *c) {
    *s = sinpi(x);
    *c = cospi(x);
}
static inline float sinpif(float x) { return (float)sinpi(x); }
static inline float cospif(float x) { return (float)cospi(x); }
static inline void sincospif(float x, float *s, float *c) {
    *s = sinpif(x);
    *c = cospif(x);
}
static inline float rsqrtf(float x) { return (float)(1.0 / sqrt((double)x)); }
static inline float rcbrtf(float x) { return (float)(1.0 / cbrt((double)x)); }

/* Solves f(t) = y by Newton's method from t, where f' = sign 2/sqrt(pi) e^(-t^2): f is erf
 * (sign 1) or erfc (sign -1), each on a side where it is convex or concave toward the root, so
 * the iteration converges monotonically; it stops once a step no longer changes t. */
static inline double __cuprite_host_erf_newton(double y, double t, int erfc_side) {
    for (int i = 0; i < 100; i++) {
        double f = erfc_side ? erfc(t) : erf(t);
        double d = (erfc_side ? -M_2_SQRTPI : M_2_SQRTPI) * exp(-t * t);
        if (d == 0.0) break;
        double next = t - (f - y) / d;
        if (next == t || isnan(next)) break;
        t = next;
    }
    return t;
}
static inline double erfinv(double x);
/* A domain error's NaN, as NVIDIA's host code returns it: the x86 default NaN, sign set. */
#define __CUPRITE_HOST_DOMAIN_NAN (-__builtin_nan(""))
/* erfc(t) = y: for y < 1/2 by Newton on erfc from the tail asymptote; near 1 as erfinv(1 - y)
 * (exact), where erfc's absolute error would swamp a small root. */
static inline double erfcinv(double y) {
    if (isnan(y)) return y + y;
    if (y < 0.0 || y > 2.0) return __CUPRITE_HOST_DOMAIN_NAN;
    if (y == 0.0) return INFINITY;
    if (y == 2.0) return -INFINITY;
    if (y > 1.5) return -erfcinv(2.0 - y);
    if (y >= 0.5) return erfinv(1.0 - y);
    return __cuprite_host_erf_newton(y, sqrt(-log(y)), 1);
}
/* erf(t) = x: for |x| <= 1/2 by Newton on erf from x sqrt(pi)/2 (which erf keeps accurate
 * relative to a small root); beyond, erfcinv(1 - |x|) (exact) with x's sign. */
static inline double erfinv(double x) {
    if (isnan(x)) return x + x;
    if (fabs(x) > 1.0) return __CUPRITE_HOST_DOMAIN_NAN;
    if (fabs(x) == 1.0) return copysign(INFINITY, x);
    if (x == 0.0) return x;
    if (fabs(x) > 0.5) return copysign(erfcinv(1.0 - fabs(x)), x);
    return __cuprite_host_erf_newton(x, x / M_2_SQRTPI, 0);
}
/* + 0.0: normcdfinv(1/2) is +0, as the device function's. */
static inline double normcdfinv(double p) { return -M_SQRT2 * erfcinv(2.0 * p) + 0.0; }
/* erfc(-x/sqrt(2)) / 2, where erfc's argument t carries the rounding error d of -x/sqrt(2)
 * (of the product and of the constant) into erfc(t + d) = erfc(t) - d 2/sqrt(pi) e^(-t^2): in the
 * lower tail the error of t alone would cost many ulps. */
static inline double normcdf(double x) {
    if (isnan(x)) return x + x;
    if (isinf(x)) return x > 0.0 ? 1.0 : 0.0;
    double t = -x * M_SQRT1_2;
    double d = fma(-x, M_SQRT1_2, -t) + -x * -4.8336466567264567e-17; /* sqrt(1/2) - M_SQRT1_2 */
    return 0.5 * (erfc(t) - d * M_2_SQRTPI * exp(-t * t));
}
/* exp(x^2) erfc(x), with x^2 split exactly (fma) so that exp's argument carries no rounding
 * error; past x = 26 (e^(x^2) overflows) the asymptotic series 1/(x sqrt(pi)) sum (-1)^k
 * (2k-1)!!/(2x^2)^k, summed while its terms shrink. */
static inline double erfcx(double x) {
    if (isnan(x)) return x + x;
    if (x < -27.0) return INFINITY; /* 2 e^(x^2) > DBL_MAX (and x^2 would not split) */
    if (x < 26.0) {
        double h = x * x, l = fma(x, x, -h);
        return exp(h) * (1.0 + l) * erfc(x);
    }
    if (isinf(x)) return 0.0;
    double inv2 = 1.0 / (2.0 * x * x), term = 1.0, sum = 1.0;
    for (int k = 1; k < 40; k++) {
        double next = -term * (2 * k - 1) * inv2;
        if (fabs(next) >= fabs(term)) break;
        term = next;
        sum += term;
    }
    return sum / (x * sqrt(M_PI));
}
static inline float erfinvf(float y) { return (float)erfinv(y); }
static inline float erfcinvf(float y) { return (float)erfcinv(y); }
static inline float normcdfinvf(float p) { return (float)normcdfinv(p); }
static inline float normcdff(float x) { return (float)normcdf(x); }
static inline float erfcxf(float x) { return (float)erfcx(x); }
#endif
