// Mathematical functions, double precision: each function on >= 4096 inputs over its domain (plus
// ±0, ±inf, NaN, subnormals, huge arguments), compared with a long double (64-bit mantissa) host
// reference; the maximum error must be within the guide's "Double-Precision Floating-Point Functions" table
// (0 ulp means correctly rounded: at most 0.5 ulp).
#include "guide.h"
#include "math_ulp.h"
#define FUNCS(X) \
  X(sin, sin(a), sinl(a), 2, -100, 100, 0) X(cos, cos(a), cosl(a), 2, -100, 100, 0) X(tan, tan(a), tanl(a), 2, -100, 100, 0) \
  X(sin_huge, sin(a), sinl(a), 2, 1e4, 1e300, 2) X(cos_huge, cos(a), cosl(a), 2, 1e4, 1e300, 2) \
  X(sinpi, sinpi(a), pi_ref(a, 0), 2, -1000, 1000, 0) X(cospi, cospi(a), pi_ref(a, 1), 2, -1000, 1000, 0) \
  X(exp, exp(a), expl(a), 1, -746, 710, 0) X(exp2, exp2(a), exp2l(a), 1, -1075, 1024, 0) X(exp10, exp10(a), powl(10.0L, a), 1, -324, 309, 0) \
  X(expm1, expm1(a), expm1l(a), 1, -40, 710, 0) X(log, log(a), logl(a), 1, 1e-320, 1e308, 1) X(log2, log2(a), log2l(a), 1, 1e-320, 1e308, 1) \
  X(log10, log10(a), log10l(a), 1, 1e-320, 1e308, 1) X(log1p, log1p(a), log1pl(a), 1, -0.999, 1e300, 0) \
  X(sqrt, sqrt(a), sqrtl(a), 0, 1e-320, 1e308, 1) X(rsqrt, rsqrt(a), 1 / sqrtl(a), 1, 1e-320, 1e308, 1) \
  X(cbrt, cbrt(a), cbrtl(a), 1, 1e-300, 1e300, 2) X(rcbrt, rcbrt(a), 1 / cbrtl(a), 1, 1e-300, 1e300, 2) \
  X(asin, asin(a), asinl(a), 2, -1, 1, 0) X(acos, acos(a), acosl(a), 2, -1, 1, 0) X(atan, atan(a), atanl(a), 2, 1e-300, 1e300, 2) \
  X(sinh, sinh(a), sinhl(a), 2, -710, 710, 0) X(cosh, cosh(a), coshl(a), 1, -710, 710, 0) X(tanh, tanh(a), tanhl(a), 1, -40, 40, 0) \
  X(asinh, asinh(a), asinhl(a), 3, 1e-300, 1e300, 2) X(acosh, acosh(a), acoshl(a), 3, 1, 1e300, 1) X(atanh, atanh(a), atanhl(a), 2, -0.9999, 0.9999, 0) \
  X(erf, erf(a), erfl(a), 2, -6, 6, 0) X(erfc, erfc(a), erfcl(a), 5, -6, 27, 0) X(erfcx, erfcx(a), erfcx_ref(a), 4, -26, 1e10, 0) \
  X(erfinv, erfinv(a), erfinv_ref(a), 5, -0.99999, 0.99999, 0) X(erfcinv, erfcinv(a), erfcinv_ref(a), 6, 1e-300, 1.99999, 0) \
  X(normcdf, normcdf(a), 0.5L * erfcl(-(long double)a / sqrtl(2.0L)), 5, -38, 9, 0) X(normcdfinv, normcdfinv(a), -sqrtl(2.0L) * erfcinv_ref(2 * (long double)a), 8, 1e-300, 0.99999, 0) \
  X(lgamma, lgamma(a), lgammal(a), 4, 0.01, 1e300, 1) X(tgamma, tgamma(a), tgammal(a), 10, 0.01, 171, 0) \
  X(tgamma_neg, tgamma(a), tgammal(a), 10, -20.4, -0.1, 3) \
  X(atan2, atan2(a, b), atan2l(a, b), 2, -100, 100, 0) X(hypot, hypot(a, b), hypotl(a, b), 2, -1e200, 1e200, 0) \
  X(pow, pow(a, b), powl(a, b), 2, 0.001, 100, 4) X(fmod, fmod(a, b), fmodl(a, b), 0, -1e6, 1e6, 0) \
  X(remainder, remainder(a, b), remainderl(a, b), 0, -1e6, 1e6, 0) X(div_rn, a / b, (long double)a / b, 0, -1e300, 1e300, 0) \
  X(rcp, 1.0 / a, 1.0L / a, 0, -1e300, 1e300, 0) X(fma, fma(a, b, a * 0.5), fma_ref(a, b, a * 0.5), 0, -1e100, 1e100, 0) \
  X(rhypot, rhypot(a, b), 1 / hypotl(a, b), 1, -1e100, 1e100, 0) X(norm3d, norm3d(a, b, a - b), norm3_ref(a, b, a - b), 2, -1e100, 1e100, 0) \
  X(ldexp, ldexp(a, 20), ldexpl(a, 20), 0, -1e300, 1e300, 0) X(round, round(a), roundl(a), 0, -1e15, 1e15, 0) \
  X(rint, rint(a), nearbyintl(a), 0, -1e15, 1e15, 0) X(trunc, trunc(a), truncl(a), 0, -1e15, 1e15, 0) \
  X(floor, floor(a), floorl(a), 0, -1e15, 1e15, 0) X(ceil, ceil(a), ceill(a), 0, -1e15, 1e15, 0) \
  X(logb, logb(a), logbl(a), 0, 1e-320, 1e308, 2) X(fdim, fdim(a, b), fdiml(a, b), 0, -100, 100, 0) \
  X(copysign, copysign(a, b), copysignl(a, b), 0, -100, 100, 0) X(fmin, fmin(a, b), fminl(a, b), 0, -100, 100, 0)
// fma of three doubles: exact product and sum in __float128-free long double is not enough, so the
// reference rounds a*b exactly via the error-free transformation and adds c in long double.
static long double fma_ref(double a, double b, double c) {
  // a*b exactly as hi + lo (Dekker, via fma on the host), then hi + lo + c in long double.
  double hi = a * b, lo = fma(a, b, -hi);
  return std::isfinite(hi) ? (long double)hi + lo + c : (long double)fma(a, b, c);
}
#define ENUM(name, dev, ref, bound, lo, hi, mode) F_##name,
enum { FUNCS(ENUM) NFUNCS };
__global__ void eval(int fn, const double* xa, const double* xb, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double a = xa[i], b = xb[i], r = 0;
  switch (fn) {
#define DEV(name, dev, ref, bound, lo, hi, mode) case F_##name: r = dev; break;
    FUNCS(DEV)
  }
  out[i] = r;
}
// mode 0: uniform on [lo, hi]; 1: log-uniform positive; 2: log-uniform signed; 3: uniform with
// negative integers avoided; 4 (powf): x log-uniform in [lo, hi], y uniform in [-20, 20].
int main() {
  const int n = 4096;
  double *da, *db, *dout;
  CK(cudaMalloc(&da, n * 8)); CK(cudaMalloc(&db, n * 8)); CK(cudaMalloc(&dout, n * 8));
  static double a[n], b[n], out[n];
  const double specials[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 4.9e-324, -4.9e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1.0, -1.0, 0.5, 2.0};
  const int ns = sizeof(specials) / sizeof(specials[0]);
  Rng rng;
  struct F { const char* name; int bound; double lo, hi; int mode; };
#define TABLE(name, dev, ref, bound, lo, hi, mode) {#name, bound, lo, hi, mode},
  F fs[] = {FUNCS(TABLE)};
  for (int f = 0; f < NFUNCS; f++) {
    for (int i = 0; i < n; i++) {
      double x;
      switch (fs[f].mode) {
        case 1: x = rng.logu(fs[f].lo, fs[f].hi, false); break;
        case 2: x = rng.logu(fs[f].lo, fs[f].hi, true); break;
        case 3: x = rng.uniform(fs[f].lo, fs[f].hi); if (fabs(x - nearbyint(x)) < 0.01) x += 0.3; break;
        case 4: x = rng.logu(fs[f].lo, fs[f].hi, false); break;
        default: x = rng.uniform(fs[f].lo, fs[f].hi);
      }
      a[i] = x;
      b[i] = fs[f].mode == 4 ? rng.uniform(-20, 20) : rng.uniform(fs[f].lo, fs[f].hi);
      if (i < ns * ns && fs[f].mode != 2 && f != F_sin_huge) { a[i] = specials[i % ns]; b[i] = specials[i / ns]; }
    }
    CK(cudaMemcpy(da, a, sizeof(a), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, sizeof(b), cudaMemcpyHostToDevice));
    eval<<<n / 128, 128>>>(f, da, db, dout, n);
    CK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
    long double worst = 0;
    int wi = 0;
    for (int i = 0; i < n; i++) {
      double a_ = a[i], b_ = b[i];
      long double ref = 0;
      {
        double a = a_, b = b_;
        (void)b;
        switch (f) {
#define REF(name, dev, ref_, bound, lo, hi, mode) case F_##name: ref = (long double)(ref_); break;
          FUNCS(REF)
        }
      }
      long double e = ulp_error<double>(out[i], ref);
      if (e > worst || std::isnan(e)) { worst = e; wi = i; }
    }
    double limit = fs[f].bound == 0 ? 0.5 + 1e-6 : fs[f].bound + 1e-6;
    bool ok = worst <= limit;
    if (!ok) printf("  %s: %Lg ulp at x=%.17g y=%.17g: got %.17g\n", fs[f].name, worst, a[wi], b[wi], out[wi]);
    char label[96];
    snprintf(label, sizeof label, "%s within %d ulp (max %.3Lf)", fs[f].name, fs[f].bound, worst);
    check(ok, label);
  }
  return finish();
}
