/* Cuprite's CUDA toolkit headers: the min and max overloads of the CUDA Math API, callable from
 * host and device code: same-type and mixed signed/unsigned integers (the result has the
 * unsigned type; the comparison is done after converting, as CUDA's are) and floating point
 * (fminf/fmaxf semantics; float with double gives double). clang's headers define only the
 * device-side min(int, int) and max(int, int): their host-side twins are here. */
#pragma once
#if defined(__cplusplus)

#pragma push_macro("__CUPRITE_HD")
#define __CUPRITE_HD static __inline__ __host__ __device__ __attribute__((always_inline))

static __inline__ __host__ int min(int a, int b) { return a < b ? a : b; }
static __inline__ __host__ int max(int a, int b) { return a > b ? a : b; }

#define __CUPRITE_INT_MIN_MAX(R, A, B)                                                             \
    __CUPRITE_HD R min(A a, B b) { return (R)a < (R)b ? (R)a : (R)b; }                               \
    __CUPRITE_HD R max(A a, B b) { return (R)a > (R)b ? (R)a : (R)b; }
__CUPRITE_INT_MIN_MAX(unsigned int, unsigned int, unsigned int)
__CUPRITE_INT_MIN_MAX(unsigned int, int, unsigned int)
__CUPRITE_INT_MIN_MAX(unsigned int, unsigned int, int)
__CUPRITE_INT_MIN_MAX(long, long, long)
__CUPRITE_INT_MIN_MAX(unsigned long, unsigned long, unsigned long)
__CUPRITE_INT_MIN_MAX(unsigned long, long, unsigned long)
__CUPRITE_INT_MIN_MAX(unsigned long, unsigned long, long)
__CUPRITE_INT_MIN_MAX(long long, long long, long long)
__CUPRITE_INT_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
__CUPRITE_INT_MIN_MAX(unsigned long long, long long, unsigned long long)
__CUPRITE_INT_MIN_MAX(unsigned long long, unsigned long long, long long)
#undef __CUPRITE_INT_MIN_MAX

__CUPRITE_HD float min(float a, float b) { return __builtin_fminf(a, b); }
__CUPRITE_HD float max(float a, float b) { return __builtin_fmaxf(a, b); }
__CUPRITE_HD double min(double a, double b) { return __builtin_fmin(a, b); }
__CUPRITE_HD double max(double a, double b) { return __builtin_fmax(a, b); }
__CUPRITE_HD double min(float a, double b) { return __builtin_fmin(a, b); }
__CUPRITE_HD double max(float a, double b) { return __builtin_fmax(a, b); }
__CUPRITE_HD double min(double a, float b) { return __builtin_fmin(a, b); }
__CUPRITE_HD double max(double a, float b) { return __builtin_fmax(a, b); }

#pragma pop_macro("__CUPRITE_HD")
#endif
