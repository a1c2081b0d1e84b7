/* References for the inverse error functions and the modified Bessel functions, which MPFR
 * lacks: Newton's iteration on MPFR's erf/erfc (started from a double-precision guess found by
 * bisection, so it does not depend on the library under test), and the power series. */

/* The references' working precision and Newton steps. By default Newton runs at NEWTON_PREC
 * bits and stops once a step moves y by less than 2^-(NEWTON_PREC - 8) of it: the start (a
 * double found by bisection) is good to about 2^-50, Newton's error squares each step (times
 * |y| <= 27.3, the second derivative's ratio -2y), so two steps leave an error far below
 * 2^-110, and every erf/erfc is MPFR's, correctly rounded at NEWTON_PREC bits; the condition
 * number of y against the target (at most about 2 on either branch: erfc for y >= 0.47, erf
 * for |y| <= 0.48) keeps y within about 2^-120 of exact, where measuring an error to 10^-3
 * ulp of a double needs 2^-63. --slow-references restores the former evaluation (PREC bits,
 * five fixed steps) to check that on a sample (--check-references). */
#define NEWTON_PREC 128
static int slow_references = 0;

/* Solves erfc(y) = target (complement) or erf(y) = target (0 < erfc target < 2,
 * |erf target| <= 1/2) for y, from a start found by bisection on the C library's function in
 * [lo, hi] (so that it does not depend on the library under test). */
static void newton_solve(mpfr_ptr y, mpfr_srcptr target, int complement, double lo, double hi) {
  double td = mpfr_get_d(target, MPFR_RNDN);
  for (int i = 0; i < 2000; i++) {
    double mid = 0.5 * (lo + hi);
    if (mid == lo || mid == hi) break;
    /* erfc decreases, erf increases: keep the root between lo and hi */
    if (complement ? erfc(mid) > td : erf(mid) < td) lo = mid; else hi = mid;
  }
  mpfr_prec_t prec = slow_references ? PREC : NEWTON_PREC;
  mpfr_t t, f, d, w;
  mpfr_inits2(prec, t, f, d, w, (mpfr_ptr)0);
  mpfr_set_d(w, 0.5 * (lo + hi), MPFR_RNDN);
  mpfr_const_pi(t, MPFR_RNDN);
  mpfr_sqrt(t, t, MPFR_RNDN);
  for (int i = 0; i < 5; i++) {
    /* w -= (F(w) - target) / F'(w), F' = -+2/sqrt(pi) e^{-w^2} */
    if (complement) mpfr_erfc(f, w, MPFR_RNDN); else mpfr_erf(f, w, MPFR_RNDN);
    mpfr_sub(f, f, target, MPFR_RNDN);
    mpfr_sqr(d, w, MPFR_RNDN);
    mpfr_neg(d, d, MPFR_RNDN);
    mpfr_exp(d, d, MPFR_RNDN);
    mpfr_div(d, d, t, MPFR_RNDN);
    mpfr_mul_2ui(d, d, 1, MPFR_RNDN);
    mpfr_div(f, f, d, MPFR_RNDN);
    if (complement) mpfr_add(w, w, f, MPFR_RNDN); else mpfr_sub(w, w, f, MPFR_RNDN);
    if (!slow_references && i > 0 &&
        (mpfr_zero_p(f) || mpfr_get_exp(f) < mpfr_get_exp(w) - (mpfr_exp_t)(NEWTON_PREC - 8)))
      break;
  }
  mpfr_set(y, w, MPFR_RNDN);
  mpfr_clears(t, f, d, w, (mpfr_ptr)0);
}

/* Solves erfc(y) = z for y (0 < z < 2). */
static void mpfr_erfc_solve(mpfr_ptr y, mpfr_srcptr z) { newton_solve(y, z, 1, -30.0, 30.0); }

/* Solves erf(y) = x for |x| <= 1/2. */
static void mpfr_erf_solve(mpfr_ptr y, mpfr_srcptr x) { newton_solve(y, x, 0, -1.0, 1.0); }

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
    if (mpfr_zero_p(term) || (mpfr_get_exp(term) < mpfr_get_exp(sum) - PREC - 10 && mpfr_cmpabs(term, sum) < 0 && k > mpfr_get_d(h, MPFR_RNDN))) break;
    /* Every term has the sign of x^nu, so |sum| only grows towards |I_nu(x)|: past 2^1100 the
     * exact value rounds to an infinity in float and double alike, which is all ulp_error
     * reads of it (arguments beyond about 713 would otherwise sum until k passes x/2). */
    if (!slow_references && mpfr_get_exp(sum) > 1100) break;
  }
  mpfr_set(r, sum, MPFR_RNDN);
  mpfr_clears(h, q, term, sum, (mpfr_ptr)0);
}
static int ref_i0(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; bessel_i(r, x, 0); return 0; }
static int ref_i1(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; bessel_i(r, x, 1); return 0; }
