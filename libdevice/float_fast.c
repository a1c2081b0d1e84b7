/* The most used single-precision functions, evaluated in plain double arithmetic (no
 * double-double): for a float argument the double result is within ~2^-50 relative of the
 * exact value, far inside float's 2^-24, so the one rounding to float gives the correctly
 * rounded result except where the exact value lies within 2^-50 of a float midpoint (rare; the
 * error is then 0.5 ulp plus that). Arguments these paths do not cover go to the double
 * functions. */

/* e^x for |x| < 200 (a float-derived argument), in double. */
static double exp_fast(double x) {
  double n = rint_d(mul(x, 0x1.71547652b82fep+6)); /* 64 / ln2 */
  int ni = (int)n;
  double r = fma_rn(-n, 0x1.62e42fefa39efp-7, x);  /* ln2/64, head */
  r = fma_rn(-n, 0x1.abc9e3b39803fp-62, r);        /* ln2/64, tail */
  double z = mul(r, r);
  /* e^r - 1 = r + r^2 (1/2 + r (1/6 + r/24 + r^2/120 + r^3/720)) */
  double p = fma_rn(z, fma_rn(r, horner(EXPM1_TAYLOR, 4, r), 0.5), r);
  double t = EXP2_TABLE[ni & 63][0];
  return mul(fma_rn(t, p, t), pow2i(ni >> 6));
}

/* The float result of e^x from a double argument derived from a float. */
static float expf_of(double x) {
  if (is_nan_d(x)) return F_NAN;
  if (x > 89.0) return F_INF;
  if (x < -104.0) return 0.0f;
  return to_float(exp_fast(x));
}

float __nv_expf(float x) { return expf_of((double)x); }
float __nv_exp2f(float x) { return expf_of(mul((double)x, C_LN2_HI)); }
float __nv_exp10f(float x) { return expf_of(mul((double)x, C_LN10_HI)); }

/* log x for a positive finite double from a float (normal in double), in double. */
static double log_fast(double x) {
  u64 b = bits_d(x);
  int e = (int)(b >> 52) - 1023;
  double m = from_bits_d((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  int i = (int)((b >> 45) & 127);
  double r = fma_rn(m, LOG_TABLE[i][0], -1.0); /* exact */
  /* log1p(r) = r - r^2/2 + r^3 (1/3 - r/4 + ...) */
  double q = mul(mul(r, r), fma_rn(r, horner(LOG1P_TAYLOR, 5, r), -0.5));
  double head = fma_rn((double)e, C_LN2_HI, LOG_TABLE[i][1]); /* exact cancellation near 1 */
  return add(head, add(r, q));
}

/* Special values of the float logarithms; returns 1 and sets *out when x is one. */
static int logf_special(float x, float *out) {
  if (is_nan_f(x)) { *out = F_NAN; return 1; }
  if (x == 0.0f) { *out = -F_INF; return 1; }
  if (bits_f(x) >> 31) { *out = F_NAN; return 1; }
  if (is_inf_f(x)) { *out = x; return 1; }
  return 0;
}

float __nv_logf(float x) {
  float s;
  if (logf_special(x, &s)) return s;
  return to_float(log_fast((double)x));
}
float __nv_log2f(float x) {
  float s;
  if (logf_special(x, &s)) return s;
  return to_float(mul(log_fast((double)x), C_LOG2E_HI));
}
float __nv_log10f(float x) {
  float s;
  if (logf_special(x, &s)) return s;
  return to_float(mul(log_fast((double)x), C_LOG10E_HI));
}

/* sin and cos of a float argument with |x| < 2^19 pi/2, in double. */
static void sincos_fast(double x, double *s, double *c) {
  double k = rint_d(mul(x, C_TWO_OVER_PI_HI));
  double r = fma_rn(-k, C_PIO2_1, x); /* exact */
  r = fma_rn(-k, C_PIO2_2, r);
  r = fma_rn(-k, C_PIO2_3, r);
  double z = mul(r, r);
  double sr = fma_rn(mul(r, z), horner(SIN_TAYLOR, 8, z), r);
  double cr = fma_rn(mul(z, z), horner(COS_TAYLOR, 8, z), fma_rn(-0.5, z, 1.0));
  switch ((int)(i64)k & 3) {
  case 0: *s = sr; *c = cr; break;
  case 1: *s = cr; *c = -sr; break;
  case 2: *s = -sr; *c = -cr; break;
  default: *s = -cr; *c = sr; break;
  }
}

#define SINCOS_FAST_LIMIT 0x1.921fb54442d18p+19
void __nv_sincosf(float x, float *sp, float *cp) {
  /* sin keeps the sign of a zero, which the reduction's fma loses */
  if (fabs_f(x) < 0x1p-27f) { *sp = ftz_arg_f(x); *cp = 1.0f; return; }
  double s, c, xd = (double)x;
  if (fabs_d(xd) < SINCOS_FAST_LIMIT) sincos_fast(xd, &s, &c);
  else __nv_sincos(xd, &s, &c);
  *sp = to_float(s);
  *cp = to_float(c);
}
float __nv_sinf(float x) {
  float s, c;
  __nv_sincosf(x, &s, &c);
  return s;
}
float __nv_cosf(float x) {
  float s, c;
  __nv_sincosf(x, &s, &c);
  return c;
}
float __nv_tanf(float x) {
  if (fabs_f(x) < 0x1p-27f) return ftz_arg_f(x);
  double s, c, xd = (double)x;
  if (!(fabs_d(xd) < SINCOS_FAST_LIMIT)) return to_float(__nv_tan(xd));
  sincos_fast(xd, &s, &c);
  return to_float(dvd(s, c));
}

/* x^y = e^(y log x) in double for finite x > 0, x != 1, finite y; the rest by pow. */
float __nv_powf(float x, float y) {
  if (!(x > 0.0f) || is_inf_f(x) || !is_finite_f(y) || x == 1.0f || y == 0.0f)
    return to_float(__nv_pow((double)x, (double)y));
  return expf_of(mul((double)y, log_fast((double)x)));
}
