/* e^a / 2 = e^(a - ln2) as a double-double, finite up to sinh's and cosh's overflow. */
static dd half_exp(double a) {
  dd t = two_sum(a, -C_LN2_HI);
  return exp_dd(t.hi, sub(t.lo, C_LN2_LO));
}

/* Hyperbolic functions and their inverses in double precision, from the double-double
 * exponential and logarithm (exp_log.c); Taylor polynomials near zero where the exponential
 * form would cancel. */

double __nv_sinh(double x) {
  if (!is_finite_d(x)) return nan_arg_d(x); /* +-inf as it is, a NaN quieted */
  double a = fabs_d(x);
  if (a < 0x1p-27) return x;
  double r;
  if (a < 1.0) {
    double z = mul(a, a);
    r = fma_rn(mul(z, a), horner(SINH_TAYLOR, 10, z), a);
  } else if (a > 710.5) {
    r = D_INF;
  } else {
    /* e^a / 2 - e^-a / 2 with e^a / 2 = e^(a - ln2), which stays finite up to the overflow */
    dd h = half_exp(a);
    r = is_inf_d(h.hi) ? h.hi : dd_to_d(dd_add_d(h, -dvd(0.25, h.hi)));
  }
  return copysign_d(r, x);
}

double __nv_cosh(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (is_inf_d(a)) return a;
  if (a < 0x1p-27) return 1.0;
  if (a < 1.0) {
    dd z = two_prod(a, a);
    /* 1 + z/2 + z^2 C(z) */
    double tail = fma_rn(mul(z.hi, z.hi), horner(COSH_TAYLOR, 10, z.hi), mul(0.5, z.lo));
    dd h = fast_two_sum(1.0, mul(0.5, z.hi));
    return add(h.hi, add(h.lo, tail));
  }
  if (a > 710.5) return D_INF;
  dd h = half_exp(a);
  return is_inf_d(h.hi) ? h.hi : dd_to_d(dd_add_d(h, dvd(0.25, h.hi)));
}

double __nv_tanh(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (a < 0x1p-27) return x;
  if (a > 22.0) return copysign_d(1.0, x);
  /* tanh a = -m / (2 + m), m = e^(-2a) - 1 */
  dd m = expm1_dd(mul(-2.0, a));
  dd r = dd_div(dd_neg(m), dd_add_d(m, 2.0));
  return copysign_d(dd_to_d(r), x);
}

double __nv_asinh(double x) {
  if (!is_finite_d(x)) return nan_arg_d(x); /* +-inf as it is, a NaN quieted */
  double a = fabs_d(x);
  if (a < 0x1p-27) return x;
  dd r;
  if (a > 0x1p28) {
    r = dd_add(log_dd(a), mk_dd(C_LN2_HI, C_LN2_LO));
  } else {
    /* log(a + sqrt(a^2 + 1)), the argument in double-double */
    dd s = dd_sqrt(dd_add_d(two_prod(a, a), 1.0));
    r = log_of_dd(dd_add_d(s, a));
  }
  return copysign_d(dd_to_d(r), x);
}

double __nv_acosh(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x < 1.0) return D_NAN;
  if (is_inf_d(x)) return x;
  if (x > 0x1p28) return dd_to_d(dd_add(log_dd(x), mk_dd(C_LN2_HI, C_LN2_LO)));
  /* log(x + sqrt(x^2 - 1)); near 1 the argument is 1 + sqrt(2(x-1)) + ..., exact in dd */
  dd s = dd_sqrt(dd_add_d(two_prod(x, x), -1.0));
  dd arg = dd_add_d(s, x);
  if (arg.hi < 1.5) {
    /* log1p of (arg - 1), which is exact here, keeps the relative accuracy near x = 1 */
    dd d = dd_add_d(arg, -1.0);
    double y = d.hi;
    if (fabs_d(y) < 0x1p-7) {
      double q = mul(mul(y, y), fma_rn(y, horner(LOG1P_TAYLOR, 8, y), -0.5));
      return add(y, add(d.lo, q));
    }
  }
  return dd_to_d(log_of_dd(arg));
}

double __nv_atanh(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (a > 1.0) return copysign_d(D_NAN, x); /* NVIDIA's: an odd function's NaN has x's sign */
  if (a == 1.0) return copysign_d(D_INF, x);
  if (a < 0x1p-27) return x;
  /* (1/2) log((1 + a) / (1 - a)) */
  dd q = dd_div(two_sum(1.0, a), two_sum(1.0, -a));
  dd l;
  if (q.hi < 1.0078125) {
    /* log1p(q - 1) with q - 1 exact: relative accuracy for small a */
    dd d = dd_add_d(q, -1.0);
    double y = d.hi;
    double p = mul(mul(y, y), fma_rn(y, horner(LOG1P_TAYLOR, 8, y), -0.5));
    l = fast_two_sum(y, add(d.lo, add(p, -mul(y, d.lo))));
  } else {
    l = log_of_dd(q);
  }
  return copysign_d(mul(0.5, dd_to_d(l)), x);
}
