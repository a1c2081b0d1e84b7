/* Exponentials, logarithms and powers in double precision.
 *
 * exp: x = (64 k + j) ln2/64 + r with |r| <= ln2/128; e^x = 2^k 2^(j/64) e^r, 2^(j/64) from a
 * table as double-double, e^r - 1 by its Taylor polynomial (degree 7 leaves < 2^-68). The
 * result is carried as a double-double and rounded once, so exp, exp2, exp10 and expm1 are
 * within 0.5 ulp plus ~2^-60 relative.
 * log: x = 2^e m, m in [1,2); an 8-bit reciprocal c of m from a table makes r = m c - 1 exact,
 * log x = e ln2 - log c + log1p(r), log1p(r) by its Taylor polynomial (|r| < 2^-7). Carried in
 * double-double (relative error < 2^-66), which pow needs: pow = exp(y log x). */

#define EXP_OVERFLOW 0x1.62e42fefa39fp+9   /* above: e^x > DBL_MAX */
#define EXP_UNDERFLOW -0x1.74910d52d3052p+9 /* below: e^x < 2^-1075 */

/* e^(xh + xl) = 2^k * (returned double-double), the double-double in [0.7, 1.5). Requires
 * |xh| < 750. */
static dd exp_reduced(double xh, double xl, int *k) {
  double n = rint_d(mul(xh, 0x1.71547652b82fep+6)); /* 64 / ln2 */
  int ni = (int)n;
  *k = ni >> 6;
  int j = ni & 63;
  /* ln2/64 as a 33-bit head (n * head is exact for |n| < 2^17) and a double-double tail. */
  const double head = 0x1.62e42fef00000p-7;
  dd tail = mk_dd(0x1.473de6af278edp-40, -0x1.9ff0342542fc3p-96); /* ln2/64 - head */
  double r0 = fma_rn(-n, head, xh);                                /* exact */
  dd r = two_sum(r0, xl);
  r = dd_add(r, dd_neg(dd_mul_d(tail, n)));
  /* p = e^r - 1 as a double-double */
  double z = mul(r.hi, r.hi);
  double q = mul(z, fma_rn(r.hi, horner(EXPM1_TAYLOR, 7, r.hi), 0.5));
  dd p = fast_two_sum(r.hi, add(r.lo, fma_rn(r.hi, r.lo, q)));
  dd t = mk_dd(EXP2_TABLE[j][0], EXP2_TABLE[j][1]);
  return dd_add(t, dd_mul(t, p));
}

/* e^x for a double-double argument, rounded once; handles overflow and underflow. */
static double exp_dd_round(double xh, double xl) {
  if (xh > EXP_OVERFLOW + 1.0) return D_INF;
  if (xh < EXP_UNDERFLOW - 1.0) return 0.0;
  int k;
  dd e = exp_reduced(xh, xl, &k);
  if (k > -1000) return scale2(dd_to_d(e), k);
  /* Subnormal result: scale the head exactly into range first, so the tail still counts in
   * the one final rounding. */
  double hi = mul(e.hi, pow2i(k + 600));
  double lo = mul(e.lo, pow2i(k + 600));
  return mul(add(hi, lo), pow2i(-600));
}

/* e^x as a double-double, exact scaling; for |x| < 709 (results in the normal range). */
static dd exp_dd(double xh, double xl) {
  int k;
  dd e = exp_reduced(xh, xl, &k);
  return mk_dd(scale2(e.hi, k), scale2(e.lo, k));
}

double __nv_exp(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  return exp_dd_round(x, 0.0);
}

double __nv_exp2(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x > 1100.0) return D_INF;
  if (x < -1100.0) return 0.0;
  dd a = dd_mul_d(mk_dd(C_LN2_HI, C_LN2_LO), x);
  return exp_dd_round(a.hi, a.lo);
}

double __nv_exp10(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x > 400.0) return D_INF;
  if (x < -400.0) return 0.0;
  dd a = dd_mul_d(mk_dd(C_LN10_HI, C_LN10_LO), x);
  return exp_dd_round(a.hi, a.lo);
}

/* e^x - 1 as a double-double, for -40 < x < 709. */
static dd expm1_dd(double x) {
  if (fabs_d(x) < 0x1.6p-8) {
    /* no reduction: x + x^2/2 + x^3 P(x) directly, relative error < 2^-68 */
    double z = mul(x, x);
    double q = mul(z, fma_rn(x, horner(EXPM1_TAYLOR, 7, x), 0.5));
    return fast_two_sum(x, q);
  }
  int k;
  dd e = exp_reduced(x, 0.0, &k);
  e = mk_dd(scale2(e.hi, k), scale2(e.lo, k));
  return dd_add_d(e, -1.0);
}

double __nv_expm1(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (fabs_d(x) < 0x1p-54) return x;
  if (x >= EXP_OVERFLOW) return D_INF; /* EXP_OVERFLOW itself overflows: inf - 1 */
  if (x < -40.0) return -1.0;
  return dd_to_d(expm1_dd(x));
}

/* log x as a double-double, for finite x > 0 (subnormals included). */
static dd log_dd(double x) {
  int e = 0;
  u64 b = bits_d(x);
  if (b < 0x0010000000000000ull) { /* subnormal */
    b = bits_d(mul(x, 0x1p54));
    e = -54;
  }
  e += (int)(b >> 52) - 1023;
  double m = from_bits_d((b & 0x000fffffffffffffull) | 0x3ff0000000000000ull);
  int i = (int)((b >> 45) & 127);
  double r = fma_rn(m, LOG_TABLE[i][0], -1.0); /* exact: the reciprocal has 8 bits */
  double z = mul(r, r);
  /* q = log1p(r) - r */
  double q = mul(z, fma_rn(r, horner(LOG1P_TAYLOR, 8, r), -0.5));
  double de = (double)e;
  dd a = two_prod(de, C_LN2_HI);
  double lo = fma_rn(de, C_LN2_LO, a.lo);
  dd s = two_sum(a.hi, LOG_TABLE[i][1]);
  dd t = two_sum(s.hi, r);
  lo = add(add(add(lo, LOG_TABLE[i][2]), add(s.lo, t.lo)), q);
  return fast_two_sum(t.hi, lo);
}

/* log(h + l) for a positive double-double with |l| <= ulp(h). */
static dd log_of_dd(dd a) {
  dd l = log_dd(a.hi);
  return dd_add_d(l, dvd(a.lo, a.hi));
}

/* Special values shared by the log family; returns 1 and sets *out when x is one. */
static int log_special(double x, double *out) {
  if (is_nan_d(x)) { *out = nan_arg_d(x); return 1; }
  if (x == 0.0) { *out = -D_INF; return 1; }
  if (sign_d(x)) { *out = D_NAN; return 1; }
  if (is_inf_d(x)) { *out = x; return 1; }
  return 0;
}

double __nv_log(double x) {
  double s;
  if (log_special(x, &s)) return s;
  return dd_to_d(log_dd(x));
}

double __nv_log2(double x) {
  double s;
  if (log_special(x, &s)) return s;
  return dd_to_d(dd_mul(log_dd(x), mk_dd(C_LOG2E_HI, C_LOG2E_LO)));
}

double __nv_log10(double x) {
  double s;
  if (log_special(x, &s)) return s;
  return dd_to_d(dd_mul(log_dd(x), mk_dd(C_LOG10E_HI, C_LOG10E_LO)));
}

double __nv_log1p(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x == -1.0) return -D_INF;
  if (x < -1.0) return D_NAN;
  if (is_inf_d(x)) return x;
  if (fabs_d(x) < 0x1p-54) return x;
  if (fabs_d(x) < 0x1p-7) {
    /* log1p(x) = x - x^2/2 + x^3 P(x) with x exact */
    double q = mul(mul(x, x), fma_rn(x, horner(LOG1P_TAYLOR, 8, x), -0.5));
    return add(x, q);
  }
  return dd_to_d(log_of_dd(two_sum(1.0, x)));
}

/* ---- pow ---- */

/* 0: not an integer, 1: odd integer, 2: even integer. */
static int integer_kind(double y) {
  if (!is_finite_d(y) || floor_d(y) != y) return 0;
  if (fabs_d(y) >= 0x1p53) return 2;
  return ((i64)y & 1) ? 1 : 2;
}

double __nv_pow(double x, double y) {
  if (y == 0.0 || x == 1.0) return 1.0;
  if (is_nan_d(x) || is_nan_d(y)) return add(x, y);
  int yk = integer_kind(y);
  double ax = fabs_d(x);
  if (is_inf_d(y)) {
    if (ax == 1.0) return 1.0;
    return (ax < 1.0) == (y < 0.0) ? D_INF : 0.0;
  }
  if (x == 0.0 || is_inf_d(x)) {
    /* |x|^y is 0 or inf; an odd integer y keeps the sign of x */
    int big = (x == 0.0) == (y < 0.0);
    double r = big ? D_INF : 0.0;
    return yk == 1 ? copysign_d(r, x) : r;
  }
  double sign = 1.0;
  if (x < 0.0) {
    if (yk == 0) return D_NAN;
    if (yk == 1) sign = -1.0;
  }
  dd lx = log_dd(ax);
  double estimate = mul(lx.hi, y);
  double r;
  if (estimate > EXP_OVERFLOW + 1.0) r = D_INF;
  else if (estimate < EXP_UNDERFLOW - 1.0) r = 0.0;
  else {
    dd l = dd_mul_d(lx, y);
    r = exp_dd_round(l.hi, l.lo);
  }
  return sign < 0.0 ? -r : r;
}

double __nv_powi(double x, int n) { return __nv_pow(x, (double)n); }
