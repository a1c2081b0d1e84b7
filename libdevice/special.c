/* Error functions, their inverses, the normal distribution, and the gamma functions in double
 * precision. erfcx = e^(x^2) erfc(x) is the core: piecewise polynomial fits (gen/gen_fits.py)
 * for x in [0.5, 12], a polynomial in 1/x^2 beyond; erfc = e^(-x^2) erfcx with e^(-x^2) from
 * the double-double exponential of the exact square. The inverses refine by Newton's iteration
 * on these. lgamma: series around 1 and 2, recurrence, Stirling's series, reflection; all in
 * double-double, so tgamma = exp(lgamma) keeps its accuracy. */

/* erfcx(x) for x >= 0.5. */
static double erfcx_positive(double x) {
  if (x < 12.0) {
    int i = 0;
    while (x >= ERFCX_EDGES[i + 1]) i++;
    return horner(ERFCX_COEFFS[i], ERFCX_TERMS, sub(x, ERFCX_MID[i]));
  }
  if (x > 0x1p500) return dvd(0x1.20dd750429b6dp-1, x); /* 1 / (x sqrt(pi)) */
  double v = dvd(1.0, mul(x, x));
  return dvd(horner(ERFCX_TAIL, 9, sub(v, ERFCX_TAIL_MID)), x);
}

/* e^(-x^2) as 2^k times a double-double, x^2 exact. */
static dd exp_minus_square(double x, int *k) {
  dd s = two_prod(x, x);
  return exp_reduced(-s.hi, -s.lo, k);
}

/* erfc(x) for x >= 0.5, with tl a small tail of the argument (erfc(x + tl)). */
static double erfc_positive(double x, double tl) {
  if (x > 27.3) return 0.0;
  int k;
  dd e = exp_minus_square(x, &k);
  double g = erfcx_positive(x);
  if (tl != 0.0) {
    /* erfc(x + tl) = erfc(x) - tl 2/sqrt(pi) e^(-x^2) (1 - x tl): folded into g */
    g = sub(g, mul(mul(tl, C_TWO_OVER_SQRT_PI_HI), sub(1.0, mul(x, tl))));
  }
  dd r = dd_mul_d(e, g);
  if (k > -1000) return scale2(dd_to_d(r), k);
  return mul(add(mul(r.hi, pow2i(k + 600)), mul(r.lo, pow2i(k + 600))), pow2i(-600));
}

/* erf(x) for |x| <= 0.5. */
static double erf_small(double x) {
  double z = mul(x, x);
  double p = horner(ERF_TAYLOR + 1, 14, z);
  /* x (c0 + z p) with c0 = 2/sqrt(pi) as a double-double */
  dd c0 = mk_dd(C_TWO_OVER_SQRT_PI_HI, C_TWO_OVER_SQRT_PI_LO);
  dd s = dd_add_d(c0, mul(z, p));
  return dd_to_d(dd_mul_d(s, x));
}

double __nv_erf(double x) {
  /* NVIDIA's erf gives single precision's canonical NaN widened, with x's sign */
  if (is_nan_d(x)) return from_bits_d(0x7fffffffe0000000ull | (bits_d(x) & 0x8000000000000000ull));
  double a = fabs_d(x);
  if (a <= 0.5) {
    if (a < 0x1p-1000) return mul(mul(mul(x, 0x1p100), C_TWO_OVER_SQRT_PI_HI), 0x1p-100);
    return erf_small(x);
  }
  if (a > 6.0) return copysign_d(1.0, x);
  return copysign_d(sub(1.0, erfc_positive(a, 0.0)), x);
}

double __nv_erfc(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x < -6.0) return 2.0;
  if (x < 0.5) {
    if (x > -0.5) return sub(1.0, erf_small(x));
    return add(1.0, sub(1.0, erfc_positive(-x, 0.0)));
  }
  if (is_inf_d(x)) return 0.0;
  return erfc_positive(x, 0.0);
}

double __nv_erfcx(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x >= 0.5) return is_inf_d(x) ? 0.0 : erfcx_positive(x);
  /* e^(x^2) (erfc x): e^(x^2) in double-double from the exact square */
  dd s = two_prod(x, x);
  /* near the overflow 2 e^(x^2) alone decides (erfcx(-x) < 0.04) */
  if (s.hi > 700.0) return mul(2.0, exp_dd_round(s.hi, s.lo));
  dd e = exp_dd(s.hi, s.lo);
  if (x > -0.5) return dd_to_d(dd_mul_d(e, sub(1.0, erf_small(x))));
  /* x < -0.5: 2 e^(x^2) - erfcx(-x) */
  return dd_to_d(dd_add_d(dd_mul_d(e, 2.0), -erfcx_positive(-x)));
}

/* Solves erf(y) = x for |x| <= 0.5 or erfc(y) = z (0 < z <= 0.5), y >= 0, by Newton. */
static double erf_solve_small(double x) {
  /* first terms of the inverse series: y = (sqrt(pi)/2)(x + pi x^3 / 12) */
  double y = mul(mul(x, 0x1.c5bf891b4ef6bp-1), fma_rn(mul(x, x), 0x1.0c152382d7366p-2, 1.0));
  for (int i = 0; i < 6; i++) {
    double e = sub(erf_small(y), x);
    double d = mul(mul(e, 0x1.c5bf891b4ef6bp-1), exp_dd_round(mul(y, y), 0.0));
    y = sub(y, d);
    if (fabs_d(d) <= mul(fabs_d(y), 0x1p-60)) break;
  }
  return y;
}

static double erfc_solve(double z) {
  dd lz = log_dd(z);
  /* asymptotically erfc y ~ e^(-y^2) / (y sqrt(pi)) */
  double l = -lz.hi;
  double y = sqrt_rn(l);
  double g = sub(l, log_dd(mul(y, 0x1.c5bf891b4ef6bp+0)).hi);
  y = sqrt_rn(g > 0.05 ? g : 0.05);
  for (int i = 0; i < 12; i++) {
    /* erfc(y) - z = e^(-y^2) (erfcx(y) - z e^(y^2)); Newton step
     * (erfc(y) - z) / (2/sqrt(pi) e^(-y^2)) = (sqrt(pi)/2) (erfcx(y) - e^(y^2 + log z)) */
    double gx = y >= 0.5 ? erfcx_positive(y) : __nv_erfcx(y);
    dd s = two_prod(y, y);
    dd arg = dd_add(s, lz);
    double d = mul(0x1.c5bf891b4ef6bp-1, sub(gx, exp_dd_round(arg.hi, arg.lo)));
    y = add(y, d);
    if (fabs_d(d) <= mul(fabs_d(y), 0x1p-58)) break;
  }
  return y;
}

double __nv_erfinv(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  double a = fabs_d(x);
  if (a > 1.0) return D_NAN;
  if (a == 1.0) return copysign_d(D_INF, x);
  if (a < 0x1p-1000) return mul(mul(mul(x, 0x1p100), 0x1.c5bf891b4ef6bp-1), 0x1p-100);
  double y = a <= 0.5 ? erf_solve_small(a) : erfc_solve(sub(1.0, a)); /* 1 - a exact */
  return copysign_d(y, x);
}

double __nv_erfcinv(double z) {
  if (is_nan_d(z)) return nan_arg_d(z);
  if (z < 0.0 || z > 2.0) return D_NAN;
  if (z == 0.0) return D_INF;
  if (z == 2.0) return -D_INF;
  if (z <= 0.5) return erfc_solve(z);
  if (z >= 1.5) return -erfc_solve(sub(2.0, z)); /* exact */
  return erf_solve_small(sub(1.0, z));           /* |1 - z| <= 0.5, exact */
}

double __nv_normcdf(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (is_inf_d(x)) return x > 0.0 ? 1.0 : 0.0;
  /* (1/2) erfc(-x / sqrt 2), the argument as a double-double */
  dd t = dd_mul_d(mk_dd(C_INV_SQRT2_HI, C_INV_SQRT2_LO), -x);
  double r;
  if (t.hi >= 0.5) r = erfc_positive(t.hi, t.lo);
  else r = __nv_erfc(t.hi);
  if (x < -40.0) r = erfc_positive(t.hi, t.lo);
  return mul(r, 0.5);
}

double __nv_normcdfinv(double p) {
  if (is_nan_d(p)) return nan_arg_d(p);
  if (p < 0.0 || p > 1.0) return D_NAN;
  if (p == 0.0) return -D_INF;
  if (p == 1.0) return D_INF;
  /* -sqrt(2) erfcinv(2p); at p = 1/2 that is +0, as NVIDIA's libdevice returns it (not the
     -0 a plain negation of erfcinv(1) = +0 gives) */
  double y = __nv_erfcinv(mul(2.0, p));
  if (y == 0.0) return 0.0;
  return -dd_to_d(dd_mul_d(mk_dd(C_SQRT2_HI, C_SQRT2_LO), y));
}

/* ---- gamma ---- */

/* lgamma(2 + t) for |t| <= 1/2, double-double. */
static dd lgamma_near2(double t) {
  double p = mul(mul(t, t), horner(LGAMMA2_SERIES, 30, t));
  dd lin = dd_mul_d(mk_dd(C_ONE_MINUS_EULER_HI, C_ONE_MINUS_EULER_LO), t);
  return dd_add_d(lin, p);
}

/* log1p(t) as a double-double, t > -1. */
static dd log1p_dd(double t) {
  if (fabs_d(t) < 0x1p-7) {
    double q = mul(mul(t, t), fma_rn(t, horner(LOG1P_TAYLOR, 8, t), -0.5));
    return fast_two_sum(t, q);
  }
  return log_of_dd(two_sum(1.0, t));
}

/* lgamma(x) for x > 0 finite, double-double. */
static dd lgamma_positive(double x) {
  if (x < 0.5) {
    /* lgamma(x) = lgamma(2 + x) - log x - log1p x */
    dd r = dd_add(lgamma_near2(x), dd_neg(log_dd(x)));
    return dd_add(r, dd_neg(log1p_dd(x)));
  }
  if (x < 1.5) {
    /* lgamma(1 + t) = lgamma(2 + t) - log1p t, t = x - 1 exact */
    double t = sub(x, 1.0);
    return dd_add(lgamma_near2(t), dd_neg(log1p_dd(t)));
  }
  if (x <= 2.5) return lgamma_near2(sub(x, 2.0));
  if (x < 12.0) {
    /* lgamma(x) = lgamma(x - n) + log((x-1)(x-2)...(x-n)), x - n in [1.5, 2.5] */
    dd prod = mk_dd(1.0, 0.0);
    double y = x;
    while (y > 2.5) {
      y = sub(y, 1.0); /* exact */
      prod = dd_mul_d(prod, y);
    }
    return dd_add(lgamma_near2(sub(y, 2.0)), log_of_dd(prod));
  }
  /* Stirling: (x - 1/2) log x - x + log(2 pi)/2 + S(1/x) */
  dd lx = log_dd(x);
  /* x (log x - 1) dominates; in double-double x log x would overflow first */
  if (x > 0x1p1000) return mk_dd(mul(x, sub(lx.hi, 1.0)), 0.0);
  dd a = dd_mul(two_sum(x, -0.5), lx);
  a = dd_add_d(a, -x);
  a = dd_add(a, mk_dd(C_HALF_LN_2PI_HI, C_HALF_LN_2PI_LO));
  double r = dvd(1.0, x);
  double s = x > 1e9 ? mul(r, STIRLING[0]) : mul(r, horner(STIRLING, 11, mul(r, r)));
  return dd_add_d(a, s);
}

/* lgamma for negative non-integer x: log pi - log|sin(pi x)| - log(-x) - lgamma(-x). */
static dd lgamma_negative(double x) {
  dd s, c;
  sincospi_dd(x, &s, &c);
  if (s.hi < 0.0) s = dd_neg(s);
  dd r = dd_add(mk_dd(C_LN_PI_HI, C_LN_PI_LO), dd_neg(log_of_dd(s)));
  r = dd_add(r, dd_neg(log_dd(-x)));
  return dd_add(r, dd_neg(lgamma_positive(-x)));
}

double __nv_lgamma(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (is_inf_d(x)) return D_INF;
  if (x > 0.0) return dd_to_d(lgamma_positive(x));
  if (x == 0.0 || floor_d(x) == x) return D_INF;
  if (x > -0.5) {
    /* lgamma(x) = lgamma(2 + x) - log|x| - log1p(x) */
    dd r = dd_add(lgamma_near2(x), dd_neg(log_dd(-x)));
    return dd_to_d(dd_add(r, dd_neg(log1p_dd(x))));
  }
  return dd_to_d(lgamma_negative(x));
}

double __nv_tgamma(double x) {
  if (is_nan_d(x)) return nan_arg_d(x);
  if (x == 0.0) return copysign_d(D_INF, x);
  if (is_inf_d(x)) return x > 0.0 ? x : D_NAN;
  if (x > 171.7) return D_INF;
  if (x >= 0.5) {
    dd l = lgamma_positive(x);
    return exp_dd_round(l.hi, l.lo);
  }
  if (floor_d(x) == x) return D_NAN;
  if (x > -0.5) {
    /* Gamma(x) = Gamma(1 + x) / x, Gamma(1 + x) = exp(lgamma(2 + x) - log1p x) */
    if (fabs_d(x) < 0x1p-1000) return dvd(1.0, x);
    dd l = dd_add(lgamma_near2(x), dd_neg(log1p_dd(x)));
    int k;
    dd e = exp_reduced(l.hi, l.lo, &k);
    return scale2(dd_to_d(dd_div(e, mk_dd(x, 0.0))), k);
  }
  /* Gamma(x) = pi / (sin(pi x) (-x) Gamma(-x)), by logarithms (it can underflow) */
  dd s, c;
  sincospi_dd(x, &s, &c);
  dd l = lgamma_negative(x);
  double r = exp_dd_round(l.hi, l.lo);
  return s.hi < 0.0 ? -r : r;
}
