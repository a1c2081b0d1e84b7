/* Cuprite's CUDA toolkit headers: device_double_functions.h, which CUDA programs include by name.
 * Besides the double-precision intrinsics (__dadd_rn, __fma_rz, __double2int_rd, ...), which
 * cuda_runtime.h declares in CUDA compilations, it has the CUDA Math API's functions that take
 * the rounding mode as an argument (device_types.h's cudaRoundMode): each calls the intrinsic
 * of that mode. */
#ifndef __DEVICE_DOUBLE_FUNCTIONS_H__
#define __DEVICE_DOUBLE_FUNCTIONS_H__
#include "cuda_runtime.h"

#if defined(__cplusplus) && defined(__CUDACC__)

/* The intrinsic `prefix`_<rn|rz|ru|rd>(args) of `mode`. */
#define __CUPRITE_BY_MODE(prefix, mode, ...)                                                             \
    ((mode) == cudaRoundZero     ? prefix##_rz(__VA_ARGS__)                                                \
     : (mode) == cudaRoundPosInf ? prefix##_ru(__VA_ARGS__)                                                \
     : (mode) == cudaRoundMinInf ? prefix##_rd(__VA_ARGS__)                                                \
                                 : prefix##_rn(__VA_ARGS__))

static __inline__ __device__ double fma(double a, double b, double c, enum cudaRoundMode mode) {
    return __CUPRITE_BY_MODE(__fma, mode, a, b, c);
}
static __inline__ __device__ double dmul(double a, double b, enum cudaRoundMode mode = cudaRoundNearest) {
    return __CUPRITE_BY_MODE(__dmul, mode, a, b);
}
static __inline__ __device__ double dadd(double a, double b, enum cudaRoundMode mode = cudaRoundNearest) {
    return __CUPRITE_BY_MODE(__dadd, mode, a, b);
}
static __inline__ __device__ double dsub(double a, double b, enum cudaRoundMode mode = cudaRoundNearest) {
    return __CUPRITE_BY_MODE(__dsub, mode, a, b);
}
static __inline__ __device__ int double2int(double a, enum cudaRoundMode mode = cudaRoundZero) {
    return __CUPRITE_BY_MODE(__double2int, mode, a);
}
static __inline__ __device__ unsigned int double2uint(double a, enum cudaRoundMode mode = cudaRoundZero) {
    return __CUPRITE_BY_MODE(__double2uint, mode, a);
}
static __inline__ __device__ long long int double2ll(double a, enum cudaRoundMode mode = cudaRoundZero) {
    return __CUPRITE_BY_MODE(__double2ll, mode, a);
}
static __inline__ __device__ unsigned long long int double2ull(double a, enum cudaRoundMode mode = cudaRoundZero) {
    return __CUPRITE_BY_MODE(__double2ull, mode, a);
}
static __inline__ __device__ double ll2double(long long int a, enum cudaRoundMode mode = cudaRoundNearest) {
    return __CUPRITE_BY_MODE(__ll2double, mode, a);
}
static __inline__ __device__ double ull2double(unsigned long long int a, enum cudaRoundMode mode = cudaRoundNearest) {
    return __CUPRITE_BY_MODE(__ull2double, mode, a);
}
/* Exact conversions: the mode has no effect. */
static __inline__ __device__ double int2double(int a, enum cudaRoundMode = cudaRoundNearest) { return (double)a; }
static __inline__ __device__ double uint2double(unsigned int a, enum cudaRoundMode = cudaRoundNearest) {
    return (double)a;
}
static __inline__ __device__ double float2double(float a, enum cudaRoundMode = cudaRoundNearest) { return (double)a; }

#undef __CUPRITE_BY_MODE
#endif /* __cplusplus && __CUDACC__ */
#endif /* __DEVICE_DOUBLE_FUNCTIONS_H__ */
