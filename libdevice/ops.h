/* Arithmetic primitives of the math library.
 *
 * Every floating-point operation the algorithms rely on goes through these functions. On the
 * device they are NVVM builtins that lower to exactly one PTX instruction with an explicit
 * rounding mode (add.rn, mul.rn, fma.rn, div.rn, sqrt.rn). The library is linked into user code
 * with -mlink-builtin-bitcode and therefore compiled under the user's flags (-ffp-contract=fast,
 * even -ffast-math): plain `a * b + c` would be fused there, `(a + b) - a` reassociated, and an
 * error-free transformation silently destroyed. PTX instructions with an explicit rounding
 * modifier are never contracted, neither by LLVM nor by ptxas. So the algorithms contain no
 * bare `*`, `/` or `+` on floating-point values that could meet a product; the only fused
 * operations are the explicit fma_rn() calls.
 *
 * On the host (the accuracy harness) the same names are plain C operations compiled with
 * -ffp-contract=off, which are the exact IEEE-754 round-to-nearest equivalents. */
#ifndef CUPRITE_LIBDEVICE_OPS_H
#define CUPRITE_LIBDEVICE_OPS_H

typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;

#define INLINE static inline __attribute__((always_inline))

#if defined(__NVPTX__)
INLINE double add(double a, double b) { return __nvvm_add_rn_d(a, b); }
INLINE double sub(double a, double b) { return __nvvm_add_rn_d(a, -b); }
INLINE double mul(double a, double b) { return __nvvm_mul_rn_d(a, b); }
INLINE double fma_rn(double a, double b, double c) { return __nvvm_fma_rn_d(a, b, c); }
INLINE double dvd(double a, double b) { return __nvvm_div_rn_d(a, b); }
INLINE double sqrt_rn(double a) { return __nvvm_sqrt_rn_d(a); }
INLINE float addf(float a, float b) { return __nvvm_add_rn_f(a, b); }
INLINE float mulf(float a, float b) { return __nvvm_mul_rn_f(a, b); }
INLINE float fmaf_rn(float a, float b, float c) { return __nvvm_fma_rn_f(a, b, c); }
INLINE float dvdf(float a, float b) { return __nvvm_div_rn_f(a, b); }
/* High 64 bits of the 128-bit product (mul.hi.u64). */
INLINE u64 mulhi64(u64 a, u64 b) { return __nvvm_mulhi_ull(a, b); }
/* Whether the user compiles with flush-to-zero (clang's -fgpu-flush-denormals-to-zero);
 * resolved by the NVVMReflect pass when the library is linked into user code. */
INLINE int ftz_mode(void) { return __nvvm_reflect("__CUDA_FTZ") != 0; }
/* |x| with the sign of y by copysign.f32 (d = b's magnitude, a's sign), which keeps a NaN's
 * payload as NVIDIA's copysignf does: LLVM lowers its copysign, and reads the mask-and-or form,
 * as abs/neg.f32, which give the canonical NaN. */
INLINE float copysign_f(float x, float y) {
  float r;
  __asm__("copysign.f32 %0, %1, %2;" : "=f"(r) : "f"(y), "f"(x));
  return r;
}
#else
#include "host_shim.h"
#endif

/* Rounding to integral values: single cvt.rXi instructions on the device. */
INLINE double rint_d(double x) { return __builtin_rint(x); }
INLINE double floor_d(double x) { return __builtin_floor(x); }
INLINE double ceil_d(double x) { return __builtin_ceil(x); }
INLINE double trunc_d(double x) { return __builtin_trunc(x); }
INLINE double fabs_d(double x) { return __builtin_fabs(x); }
INLINE float fabs_f(float x) { return __builtin_fabsf(x); }

INLINE u64 bits_d(double x) { u64 u; __builtin_memcpy(&u, &x, 8); return u; }
INLINE double from_bits_d(u64 u) { double x; __builtin_memcpy(&x, &u, 8); return x; }
INLINE u32 bits_f(float x) { u32 u; __builtin_memcpy(&u, &x, 4); return u; }
INLINE float from_bits_f(u32 u) { float x; __builtin_memcpy(&x, &u, 4); return x; }

/* Classification on the bits, immune to fast-math assumptions about NaN and infinity. */
INLINE int is_nan_d(double x) { return (bits_d(x) & 0x7fffffffffffffffull) > 0x7ff0000000000000ull; }
INLINE int is_inf_d(double x) { return (bits_d(x) & 0x7fffffffffffffffull) == 0x7ff0000000000000ull; }
INLINE int is_finite_d(double x) { return (bits_d(x) & 0x7ff0000000000000ull) != 0x7ff0000000000000ull; }
INLINE int sign_d(double x) { return (int)(bits_d(x) >> 63); }
INLINE int is_nan_f(float x) { return (bits_f(x) & 0x7fffffffu) > 0x7f800000u; }
INLINE int is_inf_f(float x) { return (bits_f(x) & 0x7fffffffu) == 0x7f800000u; }
INLINE int is_finite_f(float x) { return (bits_f(x) & 0x7f800000u) != 0x7f800000u; }
/* x with a subnormal flushed to a zero of its sign. */
INLINE float flush_f(float x) { return (bits_f(x) & 0x7f800000u) == 0 ? from_bits_f(bits_f(x) & 0x80000000u) : x; }
/* A float argument as an instruction sees it under the user's denormal mode: a function that
 * returns its argument itself (sin x = x for tiny x) flushes it under flush-to-zero, as the
 * .ftz arithmetic nvcc's code computes it with does. */
INLINE float ftz_arg_f(float x) { return ftz_mode() ? flush_f(x) : x; }

#define D_INF __builtin_inf()
#define F_INF __builtin_inff()
/* The NaNs NVIDIA's libdevice returns, which its arithmetic produces: 0xfff8000000000000 in double
 * (negative: printf prints "-nan"), the canonical 0x7fffffff in single precision, whatever NaN
 * the argument was. */
#define D_NAN (-__builtin_nan(""))
#define F_NAN __builtin_nanf("0x3fffff")
/* A double result rounded to float, a NaN becoming F_NAN: the conversion alone would keep the
 * NaN's sign and payload, which NVIDIA's single-precision functions never return. */
INLINE float to_float(double r) { return is_nan_d(r) ? F_NAN : (float)r; }
/* |x| with the sign of s. On the device copysign.f64, as NVIDIA's copysign: LLVM reads the
 * mask-and-or form as abs/neg.f64, which keep a NaN's own sign (copysign(-NaN, 1) was -NaN). */
INLINE double copysign_d(double x, double s) {
#if defined(__NVPTX__)
  double r;
  __asm__("copysign.f64 %0, %1, %2;" : "=d"(r) : "d"(s), "d"(x));
  return r;
#else
  return from_bits_d((bits_d(x) & 0x7fffffffffffffffull) | (bits_d(s) & 0x8000000000000000ull));
#endif
}
/* The NaN NVIDIA's double functions return for a NaN argument: the argument quieted (its sign
 * and payload kept), as its arithmetic on it gives (x + x is x itself for an infinity). */
INLINE double nan_arg_d(double x) { return add(x, x); }
/* 2^k for -1022 <= k <= 1023. */
INLINE double pow2i(int k) { return from_bits_d((u64)(k + 1023) << 52); }

/* x * 2^k for any int k, rounding once (the final multiplication) into the subnormal range. */
INLINE double scale2(double x, int k) {
  if (k > 1023) {
    x = mul(x, pow2i(1023));
    k -= 1023;
    if (k > 1023) { x = mul(x, pow2i(1023)); k -= 1023; if (k > 1023) k = 1023; }
  } else if (k < -1022) {
    x = mul(x, pow2i(-969)); /* 2^-1022 * 2^53: keeps 53 bits until the last step */
    k += 969;
    if (k < -1022) { x = mul(x, pow2i(-969)); k += 969; if (k < -1022) k = -1022; }
  }
  return mul(x, pow2i(k));
}

/* ---- Double-double arithmetic: a value hi + lo with |lo| <= ulp(hi)/2. ---- */
typedef struct { double hi, lo; } dd;

INLINE dd mk_dd(double hi, double lo) { dd r = {hi, lo}; return r; }
/* Exact sum of a and b (Knuth). */
INLINE dd two_sum(double a, double b) {
  double s = add(a, b);
  double bb = sub(s, a);
  double err = add(sub(a, sub(s, bb)), sub(b, bb));
  return mk_dd(s, err);
}
/* Exact sum when |a| >= |b| or a == 0 (Dekker). */
INLINE dd fast_two_sum(double a, double b) {
  double s = add(a, b);
  return mk_dd(s, sub(b, sub(s, a)));
}
/* Exact product. */
INLINE dd two_prod(double a, double b) {
  double p = mul(a, b);
  return mk_dd(p, fma_rn(a, b, -p));
}
INLINE dd dd_add(dd a, dd b) {
  dd s = two_sum(a.hi, b.hi);
  return fast_two_sum(s.hi, add(s.lo, add(a.lo, b.lo)));
}
INLINE dd dd_add_d(dd a, double b) {
  dd s = two_sum(a.hi, b);
  return fast_two_sum(s.hi, add(s.lo, a.lo));
}
INLINE dd dd_mul(dd a, dd b) {
  dd p = two_prod(a.hi, b.hi);
  double t = fma_rn(a.hi, b.lo, mul(a.lo, b.hi));
  return fast_two_sum(p.hi, add(p.lo, t));
}
INLINE dd dd_mul_d(dd a, double b) {
  dd p = two_prod(a.hi, b);
  return fast_two_sum(p.hi, fma_rn(a.lo, b, p.lo));
}
INLINE dd dd_div(dd a, dd b) {
  double q = dvd(a.hi, b.hi);
  /* remainder a - q*b, computed in double-double */
  dd qb = dd_mul_d(b, q);
  double r = add(sub(sub(a.hi, qb.hi), qb.lo), a.lo);
  return fast_two_sum(q, dvd(r, b.hi));
}
/* A zero tail adds nothing: the head is the value, a -0.0 head included (-0.0 + 0.0 would be
 * +0.0, the wrong sign for sinpi(-n), sin(-0) and the like). */
INLINE double dd_to_d(dd a) { return a.lo == 0.0 ? a.hi : add(a.hi, a.lo); }
INLINE dd dd_neg(dd a) { return mk_dd(-a.hi, -a.lo); }

/* Horner evaluation of c[0] + c[1] x + ... + c[n-1] x^(n-1). */
INLINE double horner(const double *c, int n, double x) {
  double r = c[n - 1];
  for (int i = n - 2; i >= 0; i--) r = fma_rn(r, x, c[i]);
  return r;
}

#endif
