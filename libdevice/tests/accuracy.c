/* Accuracy harness for Cuprite's libdevice: the library's own C source compiled for the host
 * (ops.h maps every device primitive to its exact IEEE equivalent), each function measured
 * against MPFR at 256 bits, the error in ulps of the correctly rounded result. The references
 * MPFR lacks (ref_inverse.h: erfinv, erfcinv, normcdfinv by Newton's iteration, at 128 bits
 * with a bound that argues it enough; the Bessel I0/I1 series) take 0.2 ms an input or less;
 * --check-references compares them with their former, slower evaluation on a sample.
 *
 *   accuracy [--quick] [--n N] [--only NAME] [--shard K] [--slow-references]
 *   accuracy --check-references [--n N] [--only NAME]
 *
 * Prints: function, the CUDA Programming Guide's bound (ulps from the correctly rounded
 * result), the measured maximum distance from the exact value in ulps (a correctly rounded
 * function measures 0.5), inputs tried, worst input. Exits 1 if any function exceeds its
 * bound. --quick runs 1000 random inputs per function plus the edge cases (the test); the
 * default is 10^6. */
#include "../libdevice.c"

#include <math.h>
#include <mpfr.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PREC 256

typedef int (*ref1_t)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
typedef int (*ref2_t)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t);

/* Reference functions MPFR lacks, evaluated at PREC bits. */
static int ref_rcbrt(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { mpfr_cbrt(r, x, m); return mpfr_ui_div(r, 1, r, m); }
static int ref_sinpi(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { return mpfr_sinu(r, x, 2, m); }
static int ref_cospi(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { return mpfr_cosu(r, x, 2, m); }
static int ref_exp10m(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { return mpfr_exp10(r, x, m); }
static int ref_lgamma(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { int s; return mpfr_lgamma(r, &s, x, m); }
static int ref_rhypot(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t m) { mpfr_hypot(r, x, y, m); return mpfr_ui_div(r, 1, r, m); }
static int ref_fdim(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t m) { return mpfr_dim(r, x, y, m); }
static int ref_erfcx(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) {
  if (mpfr_inf_p(x)) { if (mpfr_sgn(x) > 0) mpfr_set_zero(r, 1); else mpfr_set_inf(r, 1); return 0; }
  if (mpfr_cmp_d(x, 1e8) > 0) {
    /* 1/(x sqrt(pi)) (1 - 1/(2x^2)): the next term, 3/(4x^4), is below 2^-106 relative
     * (e^(x^2) itself would leave MPFR's exponent range) */
    mpfr_t t, u; mpfr_inits2(PREC, t, u, (mpfr_ptr)0);
    mpfr_const_pi(t, m); mpfr_sqrt(t, t, m); mpfr_mul(t, t, x, m); mpfr_ui_div(r, 1, t, m);
    mpfr_sqr(u, x, m); mpfr_mul_2ui(u, u, 1, m); mpfr_ui_div(u, 1, u, m); mpfr_ui_sub(u, 1, u, m);
    mpfr_mul(r, r, u, m);
    mpfr_clears(t, u, (mpfr_ptr)0); return 0;
  }
  mpfr_t t; mpfr_init2(t, PREC * 2);
  mpfr_sqr(t, x, m); mpfr_exp(t, t, m); mpfr_erfc(r, x, m); mpfr_mul(r, r, t, m);
  mpfr_clear(t); return 0;
}
static int ref_normcdf(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) {
  mpfr_t t; mpfr_init2(t, PREC);
  mpfr_sqrt_ui(t, 2, m); mpfr_div(t, x, t, m); mpfr_neg(t, t, m); mpfr_erfc(r, t, m); mpfr_div_2ui(r, r, 1, m);
  mpfr_clear(t); return 0;
}
static int ref_fmin(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t m) { return mpfr_min(r, x, y, m); }
static int ref_fmax(mpfr_ptr r, mpfr_srcptr x, mpfr_srcptr y, mpfr_rnd_t m) { return mpfr_max(r, x, y, m); }
static int ref_floor(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_floor(r, x); }
static int ref_ceil(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_ceil(r, x); }
static int ref_trunc(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_trunc(r, x); }
static int ref_round(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_round(r, x); }
static int ref_rint(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { (void)m; return mpfr_roundeven(r, x); }
/* rsqrt(-0) = -inf (IEEE 754 rSqrt, CUDA); MPFR's rec_sqrt gives +inf */
static int ref_rsqrt(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) {
  if (mpfr_zero_p(x)) { mpfr_set_inf(r, mpfr_signbit(x) ? -1 : 1); return 0; }
  return mpfr_rec_sqrt(r, x, m);
}
static int ref_fabs(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m) { return mpfr_abs(r, x, m); }
static int ref_i0(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m);
static int ref_i1(mpfr_ptr r, mpfr_srcptr x, mpfr_rnd_t m);
#include "ref_inverse.h"

/* How inputs are drawn: a mix of random bit patterns (the whole domain), log-uniform
 * magnitudes in [2^lo_exp, 2^hi_exp], and uniform values in [ulo, uhi]. */
typedef struct {
  int lo_exp, hi_exp;
  double ulo, uhi;
  int positive_only;
} domain_t;

typedef struct {
  const char *name;
  int is_float;
  int arity;
  double bound;
  void *fn;
  void *ref;
  domain_t dom;
  /* absolute error bound beyond which the ulp bound does not apply (Bessel: |x| >= 8) */
  double abs_bound;
  double abs_from;
} case_t;

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_u64(void) {
  rng_state ^= rng_state << 13; rng_state ^= rng_state >> 7; rng_state ^= rng_state << 17;
  return rng_state;
}
static double uniform01(void) { return (double)(next_u64() >> 11) * 0x1p-53; }

static double draw(const domain_t *d, int is_float) {
  int pick = (int)(next_u64() % 10);
  double x;
  if (pick < 3) {
    if (is_float) { u32 b = (u32)next_u64(); x = (double)from_bits_f(b); }
    else x = from_bits_d(next_u64());
    if (d->positive_only) x = fabs_d(x);
  } else if (pick < 7) {
    double e = d->lo_exp + (d->hi_exp - d->lo_exp) * uniform01();
    x = scale2(1.0 + uniform01(), (int)e);
    if (!d->positive_only && (next_u64() & 1)) x = -x;
  } else {
    x = d->ulo + (d->uhi - d->ulo) * uniform01();
  }
  if (is_float) x = (double)(float)x;
  return x;
}

/* Edge cases every function sees. */
static const double EDGES[] = {
    0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, 3.0, 0x1p-1074, -0x1p-1074, 0x1p-1022, 0x1p-149,
    0x1p-126, 0x1.fffffffffffffp+1023, -0x1.fffffffffffffp+1023, 0x1.fffffep+127, 1e300, -1e300,
    1e-300, 1e22, 1e10, 3.14159265358979311600, 1.57079632679489655800, 0.785398163397448,
    6.283185307179586, 10.0, 100.0, 700.0, 709.78, -708.4, -745.1, 88.7, -87.3, -103.9, 1e6,
    0x1p52, 0x1p53, 0x1.8p52, 2.5, -2.5, 0.1, 8.0, 2.404825557695773, 3.8317, 0.8936, 0.99999,
    1.00001, 4503599627370495.5, -3.5, -4.0, 170.6, 171.7, 35.0, 40.0, 27.0, 5.0, 1e-8,
    __builtin_inf(), -__builtin_inf(), __builtin_nan(""),
};
#define N_EDGES (sizeof(EDGES) / sizeof(EDGES[0]))

/* Error of y against the exact value ex, in ulps of the format (p bits, emin). */
static double ulp_error(mpfr_srcptr ex, double y, int p, int emin, double max_finite) {
  if (mpfr_nan_p(ex)) return is_nan_d(y) ? 0.0 : 1e99;
  if (is_nan_d(y)) return 1e99;
  /* the correctly rounded value decides infinities */
  double cr = p == 53 ? mpfr_get_d(ex, MPFR_RNDN) : (double)mpfr_get_flt(ex, MPFR_RNDN);
  if (is_inf_d(cr) || is_inf_d(y)) {
    if (cr == y) return 0.0;
    if (is_inf_d(y)) return 1e99;
    /* y finite, exact beyond the largest finite value: measure against max_finite */
    return fabs_d(y) == max_finite ? 1.0 : 1e99;
  }
  mpfr_t d;
  mpfr_init2(d, PREC);
  mpfr_set_d(d, y, MPFR_RNDN);
  mpfr_sub(d, d, ex, MPFR_RNDN);
  mpfr_abs(d, d, MPFR_RNDN);
  long e = mpfr_zero_p(ex) ? emin : mpfr_get_exp(ex);
  if (e < emin) e = emin;
  mpfr_mul_2si(d, d, p - e, MPFR_RNDN);
  double r = mpfr_get_d(d, MPFR_RNDU);
  mpfr_clear(d);
  return r;
}

static double call(const case_t *c, double a, double b) {
  if (c->is_float) {
    float fa = (float)a, fb = (float)b;
    if (c->arity == 1) return ((float (*)(float))c->fn)(fa);
    return ((float (*)(float, float))c->fn)(fa, fb);
  }
  if (c->arity == 1) return ((double (*)(double))c->fn)(a);
  return ((double (*)(double, double))c->fn)(a, b);
}

static void reference(const case_t *c, mpfr_ptr out, double a, double b) {
  mpfr_t x, y;
  mpfr_inits2(PREC, x, y, (mpfr_ptr)0);
  mpfr_set_d(x, a, MPFR_RNDN);
  mpfr_set_d(y, b, MPFR_RNDN);
  if (c->arity == 1) ((ref1_t)c->ref)(out, x, MPFR_RNDN);
  else ((ref2_t)c->ref)(out, x, y, MPFR_RNDN);
  mpfr_clears(x, y, (mpfr_ptr)0);
}

#include "cases.h"
#define N_CASES (sizeof(CASES) / sizeof(CASES[0]))

/* --check-references: the references' fast evaluation (ref_inverse.h) against the former one
 * (--slow-references) on the edge cases and n random inputs of each function (of `only`, if
 * given): the largest relative difference, as a power of two, and the number of inputs whose
 * ulp error differs by 10^-6 or more. */
static int compare_references(const char *only, long n) {
  int failures = 0;
  printf("%-16s %9s %14s %10s\n", "function", "inputs", "max rel diff", "ulp diffs");
  for (size_t ci = 0; ci < N_CASES; ci++) {
    const case_t *c = &CASES[ci];
    if (only && strcmp(only, c->name)) continue;
    int p = c->is_float ? 24 : 53;
    int emin = c->is_float ? -125 : -1021;
    double max_finite = c->is_float ? 0x1.fffffep+127 : 0x1.fffffffffffffp+1023;
    mpfr_t fast, slow, d;
    mpfr_inits2(PREC, fast, slow, d, (mpfr_ptr)0);
    double worst = 0.0;
    long tried = 0, differ = 0;
    for (long i = 0; i < (long)N_EDGES + n; i++) {
      double a = i < (long)N_EDGES ? EDGES[i] : draw(&c->dom, c->is_float), b = a;
      if (c->is_float) a = (double)(float)a;
      slow_references = 0;
      reference(c, fast, a, b);
      slow_references = 1;
      reference(c, slow, a, b);
      slow_references = 0;
      double y = call(c, a, b);
      double e1 = ulp_error(fast, y, p, emin, max_finite), e2 = ulp_error(slow, y, p, emin, max_finite);
      if (fabs_d(e1 - e2) >= 1e-6 && !(e1 >= 1e99 && e2 >= 1e99)) differ++;
      /* (values beyond the format's range, which round to an infinity, only count through
       * their ulp error) */
      double rounded = c->is_float ? (double)mpfr_get_flt(slow, MPFR_RNDN) : mpfr_get_d(slow, MPFR_RNDN);
      if (!is_inf_d(rounded) && mpfr_number_p(slow) && !mpfr_zero_p(slow) && mpfr_number_p(fast)) {
        mpfr_sub(d, fast, slow, MPFR_RNDN);
        mpfr_div(d, d, slow, MPFR_RNDN);
        double rel = fabs_d(mpfr_get_d(d, MPFR_RNDU));
        if (rel > worst) worst = rel;
      }
      tried++;
    }
    mpfr_clears(fast, slow, d, (mpfr_ptr)0);
    failures += differ > 0;
    if (worst == 0.0) printf("%-16s %9ld %14s %10ld\n", c->name, tried, "0", differ);
    else printf("%-16s %9ld %11s%-3d %10ld\n", c->name, tried, "2^", (int)__builtin_floor(__builtin_log2(worst)), differ);
    fflush(stdout);
  }
  return failures ? 1 : 0;
}

int main(int argc, char **argv) {
  long n = 1000000;
  int quick = 0;
  int check_references = 0;
  const char *only = NULL;
  /* --shard K (K > 0): another stream of random inputs and no edge cases, so that shards of
   * one function run on several cores add up to one larger sample (tests/full-parallel.sh) */
  long shard = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--list")) {
      for (size_t ci = 0; ci < N_CASES; ci++) printf("%s\n", CASES[ci].name);
      return 0;
    }
    if (!strcmp(argv[i], "--shard") && i + 1 < argc) shard = atol(argv[++i]);
    else if (!strcmp(argv[i], "--slow-references")) slow_references = 1;
    else if (!strcmp(argv[i], "--check-references")) check_references = 1;
    else if (!strcmp(argv[i], "--quick")) { n = 1000; quick = 1; }
    else if (!strcmp(argv[i], "--n") && i + 1 < argc) n = atol(argv[++i]);
    else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
  }
  if (shard > 0) {
    rng_state ^= (uint64_t)shard * 0xd1b54a32d192ed03ull;
    for (int i = 0; i < 16; i++) (void)next_u64();
  }
  mpfr_set_emin(mpfr_get_emin_min());
  mpfr_set_emax(mpfr_get_emax_max());
  if (check_references) return compare_references(only, n);
  int failures = 0;
  printf("%-16s %8s %12s %9s  %s\n", "function", "bound", "max ulp", "inputs", "worst input");
  for (size_t ci = 0; ci < N_CASES; ci++) {
    const case_t *c = &CASES[ci];
    if (only && strcmp(only, c->name)) continue;
    int p = c->is_float ? 24 : 53;
    int emin = c->is_float ? -125 : -1021;
    double max_finite = c->is_float ? 0x1.fffffep+127 : 0x1.fffffffffffffp+1023;
    mpfr_t ex;
    mpfr_init2(ex, PREC);
    double worst = 0.0, wa = 0.0, wb = 0.0, worst_abs = 0.0;
    long tried = 0;
    /* binary functions see every pair of edge cases (of the first 24 in quick mode) */
    long pair_edges = quick ? 24 : (long)N_EDGES;
    long edges = shard > 0 ? 0 : c->arity == 2 ? pair_edges * pair_edges : (long)N_EDGES;
    for (long i = 0; i < edges + n; i++) {
      double a, b;
      if (i < edges) {
        long stride = c->arity == 2 ? pair_edges : (long)N_EDGES;
        a = EDGES[i % stride];
        b = EDGES[i / stride];
        if (c->is_float) { a = (double)(float)a; b = (double)(float)b; }
      } else {
        a = draw(&c->dom, c->is_float);
        b = draw(&c->dom, c->is_float);
      }
      double y = call(c, a, b);
      reference(c, ex, a, b);
      double err;
      if (c->abs_bound > 0 && fabs_d(a) >= c->abs_from) {
        /* absolute error regime: report it scaled so that 1.0 means the bound */
        double ad;
        if (mpfr_nan_p(ex) || mpfr_inf_p(ex)) {
          ad = ulp_error(ex, y, p, emin, max_finite) == 0.0 ? 0.0 : 1e99;
        } else {
          mpfr_t d; mpfr_init2(d, PREC);
          mpfr_set_d(d, y, MPFR_RNDN); mpfr_sub(d, d, ex, MPFR_RNDN);
          ad = fabs_d(mpfr_get_d(d, MPFR_RNDN));
          mpfr_clear(d);
        }
        if (is_nan_d(ad)) ad = 1e99;
        if (ad > worst_abs || is_nan_d(ad)) worst_abs = is_nan_d(ad) ? 1e99 : ad;
        tried++;
        continue;
      }
      err = ulp_error(ex, y, p, emin, max_finite);
      if (err > worst) { worst = err; wa = a; wb = b; }
      tried++;
    }
    mpfr_clear(ex);
    /* The guide counts ulps from the correctly rounded result; this harness measures the
     * distance to the exact value, which is at most bound + 0.5 exactly when the guide's bound
     * holds. */
    int bad = worst > c->bound + 0.5 || (c->abs_bound > 0 && worst_abs > c->abs_bound);
    failures += bad;
    char where[96];
    if (c->arity == 1) snprintf(where, sizeof where, "%a", wa);
    else snprintf(where, sizeof where, "%a, %a", wa, wb);
    printf("%-16s %8g %12.3f %9ld  %s%s", c->name, c->bound, worst, tried, where, bad ? "  EXCEEDS" : "");
    if (c->abs_bound > 0) printf("  [abs err %.3g for |x|>=%g, bound %g]", worst_abs, c->abs_from, c->abs_bound);
    printf("\n");
    fflush(stdout);
  }
  return failures ? 1 : 0;
}
