/* The C++11 <cmath> overloads for float in device code (erf(float), fmax(float, float), round(float),
 * ...): clang's __clang_cuda_math_forward_declares.h declares a static __device__ overload of every
 * <cmath> function for float, but __clang_cuda_cmath.h defines only the C++98 ones and leaves these
 * to the toolkit's math_functions.hpp, as CUDA's defines them. Without a definition, erf(x) on a
 * float in device code compiles to a call of an undefined function and the module fails to load.
 * Each is its f-suffixed function, as in CUDA. Included by cuprite/cuda_wrapper.h after clang's
 * __clang_cuda_math.h, which defines the f-suffixed device functions. */
#pragma once
#if defined(__CUDA__) && defined(__cplusplus)
#define __CUPRITE_FLOAT_OVERLOAD static __attribute__((device)) __inline__ __attribute__((always_inline))
__CUPRITE_FLOAT_OVERLOAD float acosh(float x) { return acoshf(x); }
__CUPRITE_FLOAT_OVERLOAD float asinh(float x) { return asinhf(x); }
__CUPRITE_FLOAT_OVERLOAD float atanh(float x) { return atanhf(x); }
__CUPRITE_FLOAT_OVERLOAD float cbrt(float x) { return cbrtf(x); }
__CUPRITE_FLOAT_OVERLOAD float copysign(float x, float y) { return copysignf(x, y); }
__CUPRITE_FLOAT_OVERLOAD float erf(float x) { return erff(x); }
__CUPRITE_FLOAT_OVERLOAD float erfc(float x) { return erfcf(x); }
__CUPRITE_FLOAT_OVERLOAD float exp2(float x) { return exp2f(x); }
__CUPRITE_FLOAT_OVERLOAD float expm1(float x) { return expm1f(x); }
__CUPRITE_FLOAT_OVERLOAD float fdim(float x, float y) { return fdimf(x, y); }
__CUPRITE_FLOAT_OVERLOAD float fma(float x, float y, float z) { return fmaf(x, y, z); }
__CUPRITE_FLOAT_OVERLOAD float fmax(float x, float y) { return fmaxf(x, y); }
__CUPRITE_FLOAT_OVERLOAD float fmin(float x, float y) { return fminf(x, y); }
__CUPRITE_FLOAT_OVERLOAD float hypot(float x, float y) { return hypotf(x, y); }
__CUPRITE_FLOAT_OVERLOAD int ilogb(float x) { return ilogbf(x); }
__CUPRITE_FLOAT_OVERLOAD float lgamma(float x) { return lgammaf(x); }
__CUPRITE_FLOAT_OVERLOAD long long llrint(float x) { return llrintf(x); }
__CUPRITE_FLOAT_OVERLOAD long long llround(float x) { return llroundf(x); }
__CUPRITE_FLOAT_OVERLOAD float log1p(float x) { return log1pf(x); }
__CUPRITE_FLOAT_OVERLOAD float log2(float x) { return log2f(x); }
__CUPRITE_FLOAT_OVERLOAD float logb(float x) { return logbf(x); }
__CUPRITE_FLOAT_OVERLOAD long lrint(float x) { return lrintf(x); }
__CUPRITE_FLOAT_OVERLOAD long lround(float x) { return lroundf(x); }
__CUPRITE_FLOAT_OVERLOAD float nearbyint(float x) { return nearbyintf(x); }
__CUPRITE_FLOAT_OVERLOAD float nextafter(float x, float y) { return nextafterf(x, y); }
__CUPRITE_FLOAT_OVERLOAD float remainder(float x, float y) { return remainderf(x, y); }
__CUPRITE_FLOAT_OVERLOAD float remquo(float x, float y, int *q) { return remquof(x, y, q); }
__CUPRITE_FLOAT_OVERLOAD float rint(float x) { return rintf(x); }
__CUPRITE_FLOAT_OVERLOAD float round(float x) { return roundf(x); }
__CUPRITE_FLOAT_OVERLOAD float scalbln(float x, long n) { return scalblnf(x, n); }
__CUPRITE_FLOAT_OVERLOAD float scalbn(float x, int n) { return scalbnf(x, n); }
__CUPRITE_FLOAT_OVERLOAD float tgamma(float x) { return tgammaf(x); }
__CUPRITE_FLOAT_OVERLOAD float trunc(float x) { return truncf(x); }
#undef __CUPRITE_FLOAT_OVERLOAD
#endif
