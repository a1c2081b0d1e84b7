/* References for the inverse error functions and the modified Bessel functions, which MPFR
 * lacks: Newton's iteration on MPFR's erf/erfc (started from a double-precision guess found by
 * bisection, so it does not depend on the library under test), and the power series. */

/* Solves erfc(y) = z for y at PREC bits (0 < z < 2). */
static void mpfr_erfc_solve(mpfr_ptr y, mpfr_srcptr z) {
  /* bisection on the C library's erfc for a start independent of the library under test,
   * then Newton at PREC bits (quadratic: 4 steps from 1e-15) */
  double zd = mpfr_get_d(z, MPFR_RNDN);
  double lo = -30.0, hi = 30.0;
  mpfr_t t, f, d;
  mpfr_inits2(PREC, t, f, d, (mpfr_ptr)0);
  for (int i = 0; i < 100; i++) {
    double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    if (erfc(mid) > zd) lo = mid; else hi = mid;
  }
  mpfr_set_d(y, 0.5 * (lo + hi), MPFR_RNDN);
  for (int i = 0; i < 5; i++) {
    /* y -= (erfc(y) - z) / (-2/sqrt(pi) e^{-y^2}) */
    mpfr_erfc(f, y, MPFR_RNDN);
    mpfr_sub(f, f, z, MPFR_RNDN);
    mpfr_sqr(d, y, MPFR_RNDN);
    mpfr_neg(d, d, MPFR_RNDN);
    mpfr_exp(d, d, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_sqrt(t, t, MPFR_RNDN);
    mpfr_div(d, d, t, MPFR_RNDN);
    mpfr_mul_2ui(d, d, 1, MPFR_RNDN);
    mpfr_div(f, f, d, MPFR_RNDN);
    mpfr_add(y, y, f, MPFR_RNDN);
  }
  mpfr_clears(t, f, d, (mpfr_ptr)0);
}

/* Solves erf(y) = x for |x| <= 1/2 (bisection on the C library's erf, then Newton). */
static void mpfr_erf_solve(mpfr_ptr y, mpfr_srcptr x) {
  double xd = mpfr_get_d(x, MPFR_RNDN);
  double lo = -1.0, hi = 1.0;
  for (int i = 0; i < 2000; i++) {
    double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    if (erf(mid) < xd) lo = mid; else hi = mid;
  }
  mpfr_t t, f, d;
  mpfr_inits2(PREC, t, f, d, (mpfr_ptr)0);
  mpfr_set_d(y, 0.5 * (lo + hi), MPFR_RNDN);
  for (int i = 0; i < 5; i++) {
    mpfr_erf(f, y, MPFR_RNDN);
    mpfr_sub(f, f, x, MPFR_RNDN);
    mpfr_sqr(d, y, MPFR_RNDN);
    mpfr_neg(d, d, MPFR_RNDN);
    mpfr_exp(d, d, MPFR_RNDN);
    mpfr_const_pi(t, MPFR_RNDN);
    mpfr_sqrt(t, t, MPFR_RNDN);
    mpfr_div(d, d, t, MPFR_RNDN);
    mpfr_mul_2ui(d, d, 1, MPFR_RNDN);
    mpfr_div(f, f, d, MPFR_RNDN);
    mpfr_sub(y, y, f, MPFR_RNDN);
  }
  mpfr_clears(t, f, d, (mpfr_ptr)0);
}

static int ref_erfcinv(mpfr_ptr r, mpfr_srcptr z, mpfr_rnd_t m) {
  (void)m;
  if (mpfr_nan_p(z) || mpfr_cmp_ui(z, 0) < 0 || mpfr_cmp_ui(z, 2) > 0) { mpfr_set_nan(r); return 0; }
  if (mpfr_zero_p(z)) { mpfr_set_inf(r, 1); return 0; }
  if (mpfr_cmp_ui(z, 2) == 0) { mpfr_set_inf(r, -1); return 0; }
  if (mpfr_cmp_ui(z, 1) == 0) { mpfr_set_zero(r, 1); return 0; }
  if (mpfr_cmp_d(z, 0.5) >= 0 && mpfr_cmp_d(z, 1.5) <= 0) {
    mpfr_t x; mpfr_init2(x, PREC * 2);
    mpfr_ui_sub(x, 1, z, MPFR_RNDN);
    mpfr_erf_solve(r, x);
    mpfr_clear(x);
    return 0;
  }
  mpfr_erfc_solve(r, z);
  return 0;
}

static int ref_erfinv(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) {
  if (!mpfr_nan_p(x) && mpfr_cmp_d(x, 0.5) <= 0 && mpfr_cmp_d(x, -0.5) >= 0) {
    if (mpfr_zero_p(x)) { mpfr_set(r, x, m); return 0; }
    mpfr_erf_solve(r, x);
    return 0;
  }
  /* erfinv(x) = erfcinv(1 - x), exact at 2 PREC bits for |x| > 1/2 */
  mpfr_t z;
  mpfr_init2(z, PREC * 2);
  mpfr_ui_sub(z, 1, x, MPFR_RNDN);
  if (mpfr_zero_p(x)) { mpfr_set(r, x, m); mpfr_clear(z); return 0; }
  ref_erfcinv(r, z, m);
  mpfr_clear(z);
  return 0;
}

static int ref_normcdfinv(mpfr_ptr r, mpfr_srcptr p, mpfr_rnd_t m) {
  mpfr_t z;
  mpfr_init2(z, PREC);
  mpfr_mul_2ui(z, p, 1, MPFR_RNDN);
  ref_erfcinv(r, z, m);
  mpfr_sqrt_ui(z, 2, MPFR_RNDN);
  mpfr_mul(r, r, z, MPFR_RNDN);
  mpfr_neg(r, r, MPFR_RNDN);
  mpfr_clear(z);
  return 0;
}

/* I_nu(x) = sum (x/2)^(2k+nu) / (k! (k+nu)!), nu = 0 or 1. */
static void bessel_i(mpfr_ptr r, mpfr_srcptr x, int nu) {
  if (mpfr_nan_p(x)) { mpfr_set_nan(r); return; }
  if (mpfr_inf_p(x)) { if (nu == 0) mpfr_set_inf(r, 1); else mpfr_set(r, x, MPFR_RNDN); return; }
  mpfr_t h, q, term, sum;
  mpfr_inits2(PREC + 64, h, q, term, sum, (mpfr_ptr)0);
  mpfr_div_2ui(h, x, 1, MPFR_RNDN);
  mpfr_sqr(q, h, MPFR_RNDN);
  if (nu == 0) mpfr_set_ui(term, 1, MPFR_RNDN); else mpfr_set(term, h, MPFR_RNDN);
  mpfr_set(sum, term, MPFR_RNDN);
  for (long k = 1; k < 100000; k++) {
    mpfr_mul(term, term, q, MPFR_RNDN);
    mpfr_div_ui(term, term, (unsigned long)(k * (k + nu)), MPFR_RNDN);
    mpfr_add(sum, sum, term, MPFR_RNDN);
    if (mpfr_zero_p(term) || (mpfr_get_exp(term) < mpfr_get_exp(sum) - PREC - 10 && mpfr_cmp(term, sum) < 0 && k > mpfr_get_d(h, MPFR_RNDN))) break;
  }
  mpfr_set(r, sum, MPFR_RNDN);
  mpfr_clears(h, q, term, sum, (mpfr_ptr)0);
}
static int ref_i0(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; bessel_i(r, x, 0); return 0; }
static int ref_i1(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; bessel_i(r, x, 1); return 0; }
