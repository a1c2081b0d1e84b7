/* Roots and norms in double precision: cbrt/rcbrt by Newton's iteration on the significand
 * with a final double-double correction; rsqrt by sqrt.rn and one Newton correction; hypot and
 * the norms by a double-double sum of squares of scaled arguments and a double-double sqrt. */

/* cbrt(m) for m in [1, 8), as a double-double. */
static dd cbrt_unit(double m) {
  /* initial guess by a quadratic through (1,1),(8,2) that is within 3% on [1, 8) */
  double y = fma_rn(fma_rn(-0.0126, m, 0.2563), m, 0.76);
  for (int i = 0; i < 4; i++) {
    /* y = y - (y^3 - m) / (3 y^2) */
    double y2 = mul(y, y);
    y = sub(y, dvd(fma_rn(y2, y, -m), mul(3.0, y2)));
  }
  /* one more step with the residual m - y^3 in double-double */
  dd y2 = two_prod(y, y);
  dd y3 = dd_mul_d(y2, y);
  double res = add(sub(m, y3.hi), -y3.lo);
  return fast_two_sum(y, dvd(res, mul(3.0, y2.hi)));
}

/* |x| = m 2^(3k), m in [1, 8), for finite nonzero x. */
static double cbrt_split(double x, int *k) {
  u64 b = bits_d(x) & 0x7fffffffffffffffull;
  int adj = 0;
  if (b < 0x0010000000000000ull) {
    b = bits_d(mul(from_bits_d(b), 0x1p54));
    adj = -54;
  }
  int e = (int)(b >> 52) - 1023 + adj;
  int q = e >= 0 ? e / 3 : -((-e + 2) / 3);
  int r = e - 3 * q;
  *k = q;
  return from_bits_d((b & 0x000fffffffffffffull) | ((u64)(1023 + r) << 52));
}

double __nv_cbrt(double x) {
  if (!is_finite_d(x) || x == 0.0) return add(x, x);
  int k;
  double m = cbrt_split(x, &k);
  double r = scale2(dd_to_d(cbrt_unit(m)), k);
  return copysign_d(r, x);
}

double __nv_rcbrt(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x == 0.0) return copysign_d(D_INF, x);
  if (is_inf_d(x)) return copysign_d(0.0, x);
  int k;
  double m = cbrt_split(x, &k);
  dd c = cbrt_unit(m);
  double r = scale2(dd_to_d(dd_div(mk_dd(1.0, 0.0), c)), -k);
  return copysign_d(r, x);
}

/* 1/sqrt of a positive double-double, as a double. */
static double rsqrt_dd(dd s) {
  dd root = dd_sqrt(s);
  return dd_to_d(dd_div(mk_dd(1.0, 0.0), root));
}

double __nv_rsqrt(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x == 0.0) return copysign_d(D_INF, x);
  if (x < 0.0) return D_NAN;
  if (is_inf_d(x)) return 0.0;
  /* x = m 4^k with m in [1, 4) keeps everything in range */
  u64 b = bits_d(x);
  int adj = 0;
  if (b < 0x0010000000000000ull) { b = bits_d(mul(x, 0x1p54)); adj = -54; }
  int e = (int)(b >> 52) - 1023 + adj;
  int k = e >= 0 ? e / 2 : -((-e + 1) / 2);
  double m = from_bits_d((b & 0x000fffffffffffffull) | ((u64)(1023 + e - 2 * k) << 52));
  return scale2(rsqrt_dd(mk_dd(m, 0.0)), -k);
}

/* The sum of squares of n values scaled by 2^(-2s), 2^s the largest magnitude's binade, as a
 * double-double (two passes). Returns 0 with *special set for inf/NaN (inf wins over NaN) and
 * for all zeros. */
static int array_prepare(int n, const double *v, dd *sum, int *s, double *special) {
  int has_nan = 0, has_inf = 0;
  double maxv = 0.0, nan = 0.0;
  for (int i = 0; i < n; i++) {
    double a = fabs_d(v[i]);
    if (is_nan_d(a)) { if (!has_nan) nan = nan_arg_d(v[i]); has_nan = 1; }
    else if (is_inf_d(a)) has_inf = 1;
    else if (a > maxv) maxv = a;
  }
  if (has_inf) { *special = D_INF; return 0; }
  if (has_nan) { *special = nan; return 0; } /* the first NaN argument, quieted, as NVIDIA's */
  if (maxv == 0.0) { *special = 0.0; return 0; }
  int e = (int)((bits_d(maxv) >> 52) & 0x7ff);
  e = e == 0 ? 63 - __builtin_clzll(bits_d(maxv)) - 1074 : e - 1023;
  *s = e;
  dd acc = mk_dd(0.0, 0.0);
  for (int i = 0; i < n; i++) {
    double a = scale2(fabs_d(v[i]), -e);
    acc = dd_add(acc, two_prod(a, a));
  }
  *sum = acc;
  return 1;
}

/* A dimension below 1 reads one element, as NVIDIA's does (float.c, __nv_normf). */
double __nv_norm(int n, const double *v) {
  dd sum; int s; double special;
  if (n < 1) n = 1;
  if (!array_prepare(n, v, &sum, &s, &special)) return special;
  return scale2(dd_to_d(dd_sqrt(sum)), s);
}

double __nv_rnorm(int n, const double *v) {
  dd sum; int s; double special;
  if (n < 1) n = 1;
  if (!array_prepare(n, v, &sum, &s, &special)) return special == 0.0 ? D_INF : is_nan_d(special) ? special : 0.0;
  return scale2(rsqrt_dd(sum), -s);
}

double __nv_hypot(double x, double y) { double v[2] = {x, y}; return __nv_norm(2, v); }
double __nv_rhypot(double x, double y) { double v[2] = {x, y}; return __nv_rnorm(2, v); }
double __nv_norm3d(double a, double b, double c) { double v[3] = {a, b, c}; return __nv_norm(3, v); }
double __nv_rnorm3d(double a, double b, double c) { double v[3] = {a, b, c}; return __nv_rnorm(3, v); }
double __nv_norm4d(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return __nv_norm(4, v); }
double __nv_rnorm4d(double a, double b, double c, double d) { double v[4] = {a, b, c, d}; return __nv_rnorm(4, v); }
