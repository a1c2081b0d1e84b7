/* The exact functions (frexp, ldexp/scalbn, ilogb, logb, modf, nextafter, remquo's quotient,
 * llrint, llround, nan and their float forms) against the C library's, which C99 defines
 * exactly (glibc implements them exactly), on random bit patterns and edge cases. Host build
 * of the library, like accuracy.c. Exits 1 on any difference. */
#include "../libdevice.c"

#include <math.h>
#include <stdint.h>
#include <stdio.h>

static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint64_t next(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng; }
static long failures;

/* NaNs match any NaN: the library returns the GPU's NaNs, the C library the argument's. */
static int same_d(double a, double b) { return bits_d(a) == bits_d(b) || (is_nan_d(a) && is_nan_d(b)); }
static int same_f(float a, float b) { return bits_f(a) == bits_f(b) || (is_nan_f(a) && is_nan_f(b)); }
static void check(int ok, const char *what, double x, double y) {
  if (!ok && failures++ < 10) printf("FAIL %s x=%a y=%a\n", what, x, y);
}

int main(void) {
  static const double edges[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, -2.5, 3.5, 0x1p-1074,
                                 0x1p-1022, 0x1.fffffffffffffp+1023, 0x1p52, 0x1p63, -0x1p63,
                                 1e300, 4503599627370495.5, __builtin_inf(), -__builtin_inf(),
                                 __builtin_nan("")};
  const int n_edges = sizeof edges / sizeof edges[0];
  for (long i = 0; i < 2000000; i++) {
    double x = i < n_edges ? edges[i] : from_bits_d(next());
    double y = i < n_edges ? edges[(i * 7) % n_edges] : from_bits_d(next());
    if (i % 3 == 1) x = (double)(int64_t)(next() % 20001) / 8.0 - 1250.0;
    int e1, e2;
    double m1 = __nv_frexp(x, &e1), m2 = frexp(x, &e2);
    check(same_d(m1, m2) && (e1 == e2 || !is_finite_d(x)), "frexp", x, 0);
    int k = (int)(next() % 4400) - 2200;
    check(same_d(__nv_ldexp(x, k), ldexp(x, k)), "ldexp", x, k);
    if (!is_nan_d(x) && x != 0.0) check(__nv_ilogb(x) == ilogb(x), "ilogb", x, 0);
    check(same_d(__nv_logb(x), logb(x)), "logb", x, 0);
    double i1, i2;
    double f1 = __nv_modf(x, &i1), f2 = modf(x, &i2);
    check(same_d(f1, f2) && same_d(i1, i2), "modf", x, 0);
    check(same_d(__nv_nextafter(x, y), nextafter(x, y)), "nextafter", x, y);
    int q1, q2;
    double r1 = __nv_remquo(x, y, &q1), r2 = remquo(x, y, &q2);
    check(same_d(r1, r2) && (is_nan_d(r2) || (q1 & 7) == (q2 & 7)), "remquo", x, y);
    if (is_finite_d(x) && fabs_d(x) < 0x1p62) {
      check(__nv_llrint(x) == llrint(x), "llrint", x, 0);
      check(__nv_llround(x) == llround(x), "llround", x, 0);
    }
    float xf = (float)x, yf = (float)y;
    float g1 = __nv_frexpf(xf, &e1), g2 = frexpf(xf, &e2);
    check(same_f(g1, g2) && (e1 == e2 || !is_finite_f(xf)), "frexpf", xf, 0);
    check(same_f(__nv_ldexpf(xf, k), ldexpf(xf, k)), "ldexpf", xf, k);
    float n1 = __nv_nextafterf(xf, yf), n2 = nextafterf(xf, yf);
    check(bits_f(n1) == bits_f(n2) || (is_nan_f(n1) && is_nan_f(n2)), "nextafterf", xf, yf);
    float rf1 = __nv_remquof(xf, yf, &q1), rf2 = remquof(xf, yf, &q2);
    check((bits_f(rf1) == bits_f(rf2) || (is_nan_f(rf1) && is_nan_f(rf2))) &&
              (is_nan_f(rf2) || (q1 & 7) == (q2 & 7)), "remquof", xf, yf);
  }
  check(same_d(__nv_nan((const signed char *)"0x12"), nan("0x12")), "nan", 0, 0);
  check(bits_d(__nv_nan((const signed char *)"")) == bits_d(nan("")), "nan", 0, 0);
  printf("exact functions vs the C library: %ld differences\n", failures);
  return failures ? 1 : 0;
}
