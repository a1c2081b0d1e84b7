/* Single-precision functions evaluated through the double-precision algorithms: the double
 * result is within ~0.5 ulp + 2^-50 relative of the exact value, so after the one rounding to
 * float the error is at most 0.5 ulp + 2^-29 ulp (correctly rounded except in rare double-rounding
 * cases). Every double result becomes a float through to_float (a NaN as the GPU's). */
#define FLOAT_OF_DOUBLE1(name) \
  float __nv_##name##f(float x) { return to_float(__nv_##name((double)x)); }
#define FLOAT_OF_DOUBLE2(name) \
  float __nv_##name##f(float x, float y) { return to_float(__nv_##name((double)x, (double)y)); }
FLOAT_OF_DOUBLE1(expm1)
FLOAT_OF_DOUBLE1(log1p)
float __nv_powif(float x, int n) { return to_float(__nv_pow((double)x, (double)n)); }
FLOAT_OF_DOUBLE1(sinpi)
FLOAT_OF_DOUBLE1(cospi)
void __nv_sincospif(float x, float *s, float *c) {
  double sd, cd;
  __nv_sincospi((double)x, &sd, &cd);
  *s = to_float(sd);
  *c = to_float(cd);
}
FLOAT_OF_DOUBLE1(atan)
FLOAT_OF_DOUBLE2(atan2)
FLOAT_OF_DOUBLE1(asin)
FLOAT_OF_DOUBLE1(acos)
FLOAT_OF_DOUBLE1(sinh)
FLOAT_OF_DOUBLE1(cosh)
FLOAT_OF_DOUBLE1(tanh)
FLOAT_OF_DOUBLE1(asinh)
FLOAT_OF_DOUBLE1(acosh)
FLOAT_OF_DOUBLE1(atanh)
FLOAT_OF_DOUBLE1(cbrt)
FLOAT_OF_DOUBLE1(rcbrt)
FLOAT_OF_DOUBLE1(rsqrt)
FLOAT_OF_DOUBLE2(hypot)
FLOAT_OF_DOUBLE2(rhypot)
float __nv_norm3df(float a, float b, float c) { return to_float(__nv_norm3d(a, b, c)); }
float __nv_rnorm3df(float a, float b, float c) { return to_float(__nv_rnorm3d(a, b, c)); }
float __nv_norm4df(float a, float b, float c, float d) { return to_float(__nv_norm4d(a, b, c, d)); }
float __nv_rnorm4df(float a, float b, float c, float d) { return to_float(__nv_rnorm4d(a, b, c, d)); }
/* The float array norms accumulate in double-double like the double ones. */
static float float_norm(int n, const float *v, int reciprocal) {
  double maxv = 0.0;
  int has_nan = 0, has_inf = 0;
  for (int i = 0; i < n; i++) {
    double a = fabs_d((double)v[i]);
    if (is_nan_d(a)) has_nan = 1;
    else if (is_inf_d(a)) has_inf = 1;
    else if (a > maxv) maxv = a;
  }
  if (has_inf) return reciprocal ? 0.0f : F_INF;
  if (has_nan) return F_NAN;
  if (maxv == 0.0) return reciprocal ? F_INF : 0.0f;
  /* floats squared cannot overflow or underflow in double: no scaling needed */
  dd acc = mk_dd(0.0, 0.0);
  for (int i = 0; i < n; i++) acc = dd_add(acc, two_prod((double)v[i], (double)v[i]));
  return to_float(reciprocal ? rsqrt_dd(acc) : dd_to_d(dd_sqrt(acc)));
}
/* A dimension below 1 reads one element, as NVIDIA's does (an H200: normf(0, {4, 2}) and
 * normf(-1, {4, 2}) are 4, normf(0, {inf, 2}) inf). */
float __nv_normf(int n, const float *v) { return float_norm(n < 1 ? 1 : n, v, 0); }
float __nv_rnormf(int n, const float *v) { return float_norm(n < 1 ? 1 : n, v, 1); }

/* ---- exact float functions ---- */
float __nv_fabsf(float x) { return fabs_f(x); }
/* copysign.f32: a NaN keeps its payload (cuda_wrapper.h adds nvcc's abs/neg for a constant y). */
float __nv_copysignf(float x, float y) { return copysign_f(x, y); }
int __nv_isnanf(float x) { return is_nan_f(x); }
int __nv_isinff(float x) { return is_inf_f(x); }
int __nv_finitef(float x) { return is_finite_f(x); }
int __nv_signbitf(float x) { return (int)(bits_f(x) >> 31); }
float __nv_floorf(float x) { return __builtin_floorf(x); }
float __nv_ceilf(float x) { return __builtin_ceilf(x); }
float __nv_truncf(float x) { return __builtin_truncf(x); }
float __nv_rintf(float x) { return __builtin_rintf(x); }
float __nv_nearbyintf(float x) { return __builtin_rintf(x); }
float __nv_roundf(float x) { return to_float(__nv_round((double)x)); }
long long __nv_llrintf(float x) { return __nv_llrint((double)x); }
long long __nv_llroundf(float x) { return __nv_llround((double)x); }
float __nv_fminf(float x, float y) { return __builtin_fminf(x, y); }
float __nv_fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
FLOAT_OF_DOUBLE2(fdim)
FLOAT_OF_DOUBLE2(fmod)
FLOAT_OF_DOUBLE2(remainder)
float __nv_remquof(float x, float y, int *q) { return to_float(__nv_remquo((double)x, (double)y, q)); }
float __nv_ldexpf(float x, int n) {
  /* clamp so the double scaling is exact; the one rounding is the conversion to float */
  if (n > 400) n = 400;
  if (n < -400) n = -400;
  return to_float(__nv_ldexp((double)x, n));
}
float __nv_scalbnf(float x, int n) { return __nv_ldexpf(x, n); }
float __nv_frexpf(float x, int *e) { return to_float(__nv_frexp((double)x, e)); }
int __nv_ilogbf(float x) { return __nv_ilogb((double)x); }
float __nv_logbf(float x) { return to_float(__nv_logb((double)x)); }
float __nv_modff(float x, float *ip) {
  double i;
  /* A NaN x: the canonical NaN, as nvcc's x - truncf(x) (the conversion alone keeps the payload). */
  float r = to_float(__nv_modf((double)x, &i));
  *ip = to_float(i);
  return r;
}
/* A subnormal float as zero of its sign (flush-to-zero mode's view of operands and results). */
float __nv_nextafterf(float x, float y) {
  if (is_nan_f(x) || is_nan_f(y)) return addf(x, y);
  /* Under flush-to-zero (-ftz=true, -use_fast_math), as nvcc's: subnormal operands are zeros, the
   * step from zero is to the smallest normal, and a subnormal result is a zero of its sign. */
  int ftz = ftz_mode();
  if (ftz) {
    x = flush_f(x);
    y = flush_f(y);
  }
  if (x == y) return y;
  if (x == 0.0f) return from_bits_f((bits_f(y) & 0x80000000u) | (ftz ? 0x00800000u : 1u));
  u32 b = bits_f(x);
  if ((x < y) == (x > 0.0f)) b += 1; else b -= 1;
  return ftz ? flush_f(from_bits_f(b)) : from_bits_f(b);
}
/* The payload goes into the float's significand as it is (converting nan(tag) would drop its
 * low 29 bits). */
float __nv_nanf(const signed char *tag) { return from_bits_f(0x7fc00000u | (u32)(nan_payload(tag) & 0x3fffffu)); }
FLOAT_OF_DOUBLE1(erf)
FLOAT_OF_DOUBLE1(erfc)
FLOAT_OF_DOUBLE1(erfcx)
FLOAT_OF_DOUBLE1(erfinv)
FLOAT_OF_DOUBLE1(erfcinv)
FLOAT_OF_DOUBLE1(normcdf)
FLOAT_OF_DOUBLE1(normcdfinv)
FLOAT_OF_DOUBLE1(lgamma)
FLOAT_OF_DOUBLE1(tgamma)
FLOAT_OF_DOUBLE1(j0)
FLOAT_OF_DOUBLE1(j1)
FLOAT_OF_DOUBLE1(y0)
FLOAT_OF_DOUBLE1(y1)
FLOAT_OF_DOUBLE1(cyl_bessel_i0)
FLOAT_OF_DOUBLE1(cyl_bessel_i1)
float __nv_jnf(int n, float x) { return to_float(__nv_jn(n, (double)x)); }
float __nv_ynf(int n, float x) { return to_float(__nv_yn(n, (double)x)); }

/* 1/sqrt(x) correctly rounded (__frsqrt_rn): the double result rounded to float, then checked
 * against the two neighbouring midpoints m exactly (m has 25 bits, so m^2 is exact in double
 * and the sign of fma(m^2, x, -1) is the sign of m^2 x - 1). */
float __nv_frsqrt_rn(float x) {
  if (ftz_mode() && (bits_f(x) & 0x7f800000u) == 0) x = from_bits_f(bits_f(x) & 0x80000000u);
  double r = __nv_rsqrt((double)x);
  float y = to_float(r);
  if (!is_finite_f(y) || y == 0.0f || is_nan_f(x)) return y;
  double xd = (double)x;
  double yd = (double)y;
  double up = (double)from_bits_f(bits_f(y) + 1);
  double down = (double)from_bits_f(bits_f(y) - 1);
  double mid_up = mul(add(yd, up), 0.5), mid_down = mul(add(yd, down), 0.5);
  if (fma_rn(mul(mid_up, mid_up), xd, -1.0) < 0.0) return (float)up;     /* exact > mid_up */
  if (fma_rn(mul(mid_down, mid_down), xd, -1.0) > 0.0) return (float)down; /* exact < mid_down */
  return y;
}
