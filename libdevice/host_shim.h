/* Host models of the device primitives in ops.h, for the accuracy harness. Compiled for x86-64
 * with -ffp-contract=off: each operation below is one IEEE-754 round-to-nearest operation, the
 * exact equivalent of the PTX instruction the device build emits. */
#ifndef CUPRITE_LIBDEVICE_HOST_SHIM_H
#define CUPRITE_LIBDEVICE_HOST_SHIM_H

INLINE double add(double a, double b) { return a + b; }
INLINE double sub(double a, double b) { return a - b; }
INLINE double mul(double a, double b) { return a * b; }
INLINE double fma_rn(double a, double b, double c) { return __builtin_fma(a, b, c); }
INLINE double dvd(double a, double b) { return a / b; }
INLINE double sqrt_rn(double a) { return __builtin_sqrt(a); }
INLINE float addf(float a, float b) { return a + b; }
INLINE float mulf(float a, float b) { return a * b; }
INLINE float fmaf_rn(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
INLINE float dvdf(float a, float b) { return a / b; }
INLINE u64 mulhi64(u64 a, u64 b) { return (u64)(((unsigned __int128)a * b) >> 64); }
/* The harness measures the IEEE (non-flushing) build. */
INLINE int ftz_mode(void) { return 0; }
INLINE float copysign_f(float x, float y) { return __builtin_copysignf(x, y); }

#endif
