// Mathematical functions, single precision: each function on >= 4096 inputs over its domain (plus
// ±0, ±inf, NaN, subnormals, huge arguments), compared with a double-precision host reference; the
// maximum error must be within the guide's "Single-Precision Floating-Point Functions" table
// (0 ulp means correctly rounded: at most 0.5 ulp).
#include "guide.h"
#include "math_ulp.h"
#define FUNCS(X) \
  X(sinf, sinf(a), sin(a), 2, -100, 100, 0) X(cosf, cosf(a), cos(a), 2, -100, 100, 0) X(tanf, tanf(a), tan(a), 4, -100, 100, 0) \
  X(sinf_huge, sinf(a), sin(a), 2, 1e4, 1e38, 2) X(cosf_huge, cosf(a), cos(a), 2, 1e4, 1e38, 2) \
  X(sinpif, sinpif(a), sinpi_ref(a), 1, -1000, 1000, 0) X(cospif, cospif(a), cospi_ref(a), 1, -1000, 1000, 0) \
  X(expf, expf(a), exp(a), 2, -104, 89, 0) X(exp2f, exp2f(a), exp2(a), 2, -150, 128, 0) X(exp10f, exp10f(a), pow(10.0, (double)a), 2, -46, 39, 0) \
  X(expm1f, expm1f(a), expm1(a), 1, -20, 89, 0) X(logf, logf(a), log(a), 1, 1e-44, 3e38, 1) X(log2f, log2f(a), log2(a), 1, 1e-44, 3e38, 1) \
  X(log10f, log10f(a), log10(a), 2, 1e-44, 3e38, 1) X(log1pf, log1pf(a), log1p(a), 1, -0.999, 1e30, 0) \
  X(sqrtf, sqrtf(a), sqrt(a), 0, 1e-44, 3e38, 1) X(rsqrtf, rsqrtf(a), 1 / sqrt((double)a), 2, 1e-44, 3e38, 1) \
  X(cbrtf, cbrtf(a), cbrt(a), 1, 1e-40, 3e38, 2) X(rcbrtf, rcbrtf(a), 1 / cbrt((double)a), 1, 1e-40, 3e38, 2) \
  X(asinf, asinf(a), asin(a), 2, -1, 1, 0) X(acosf, acosf(a), acos(a), 2, -1, 1, 0) X(atanf, atanf(a), atan(a), 2, 1e-30, 1e30, 2) \
  X(sinhf, sinhf(a), sinh(a), 3, -89, 89, 0) X(coshf, coshf(a), cosh(a), 2, -89, 89, 0) X(tanhf, tanhf(a), tanh(a), 2, -20, 20, 0) \
  X(asinhf, asinhf(a), asinh(a), 3, 1e-30, 1e30, 2) X(acoshf, acoshf(a), acosh(a), 4, 1, 1e30, 1) X(atanhf, atanhf(a), atanh(a), 3, -0.9999, 0.9999, 0) \
  X(erff, erff(a), erf(a), 2, -6, 6, 0) X(erfcf, erfcf(a), erfc(a), 4, -6, 10.5, 0) X(erfcxf, erfcxf(a), erfcx_ref(a), 4, -9, 1e4, 0) \
  X(erfinvf, erfinvf(a), erfinv_ref(a), 2, -0.99999, 0.99999, 0) X(erfcinvf, erfcinvf(a), erfcinv_ref(a), 4, 1e-30, 1.99999, 0) \
  X(normcdff, normcdff(a), 0.5 * erfc(-(double)a / M_SQRT2), 5, -14, 8, 0) X(normcdfinvf, normcdfinvf(a), -M_SQRT2 * erfcinv_ref(2 * (double)a), 5, 1e-30, 0.99999, 0) \
  X(lgammaf, lgammaf(a), lgamma(a), 6, 0.01, 1e30, 1) X(tgammaf, tgammaf(a), tgamma(a), 5, 0.01, 35, 0) \
  X(tgammaf_neg, tgammaf(a), tgamma(a), 5, -10.4, -0.1, 3) \
  X(atan2f, atan2f(a, b), atan2(a, b), 3, -100, 100, 0) X(hypotf, hypotf(a, b), hypot(a, b), 3, -1e20, 1e20, 0) \
  X(powf, powf(a, b), pow(a, b), 4, 0.001, 100, 4) X(fmodf, fmodf(a, b), fmod(a, b), 0, -1e6, 1e6, 0) \
  X(remainderf, remainderf(a, b), remainder(a, b), 0, -1e6, 1e6, 0) X(fdividef_rn, a / b, (double)a / b, 0, -1e30, 1e30, 0) \
  X(rcp, 1.0f / a, 1.0 / a, 0, -1e30, 1e30, 0) X(fmaf, fmaf(a, b, a * 0.5f), fma_ref(a, b, a * 0.5f), 0, -1e10, 1e10, 0) \
  X(rhypotf, rhypotf(a, b), 1 / hypot((double)a, b), 2, -1e10, 1e10, 0) X(norm3df, norm3df(a, b, a - b), norm3_ref(a, b, a - b), 3, -1e10, 1e10, 0) \
  X(ldexpf, ldexpf(a, 20), ldexp((double)a, 20), 0, -1e30, 1e30, 0) X(roundf, roundf(a), round(a), 0, -1e7, 1e7, 0) \
  X(rintf, rintf(a), nearbyint(a), 0, -1e7, 1e7, 0) X(truncf, truncf(a), trunc(a), 0, -1e7, 1e7, 0) \
  X(floorf, floorf(a), floor(a), 0, -1e7, 1e7, 0) X(ceilf, ceilf(a), ceil(a), 0, -1e7, 1e7, 0) \
  X(logbf, logbf(a), logb(a), 0, 1e-44, 3e38, 2) X(fdimf, fdimf(a, b), fdim(a, b), 0, -100, 100, 0) \
  X(copysignf, copysignf(a, b), copysign(a, b), 0, -100, 100, 0) X(fminf, fminf(a, b), fmin(a, b), 0, -100, 100, 0)
static double fma_ref(float a, float b, float c) { return (double)fmal(a, b, c); }
#define ENUM(name, dev, ref, bound, lo, hi, mode) F_##name,
enum { FUNCS(ENUM) NFUNCS };
__global__ void eval(int fn, const float* xa, const float* xb, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float a = xa[i], b = xb[i], r = 0;
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
  float *da, *db, *dout;
  CK(cudaMalloc(&da, n * 4)); CK(cudaMalloc(&db, n * 4)); CK(cudaMalloc(&dout, n * 4));
  float a[n], b[n], out[n];
  const float specials[] = {0.f, -0.f, INFINITY, -INFINITY, NAN, 1e-45f, -1e-45f, 1.17549435e-38f, 3.4028235e38f, -3.4028235e38f, 1.f, -1.f, 0.5f, 2.f};
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
      a[i] = (float)x;
      b[i] = fs[f].mode == 4 ? (float)rng.uniform(-20, 20) : (float)rng.uniform(fs[f].lo, fs[f].hi);
      if (i < ns * ns && fs[f].mode != 2 && f != F_sinf_huge) { a[i] = specials[i % ns]; b[i] = specials[i / ns]; }
    }
    CK(cudaMemcpy(da, a, sizeof(a), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b, sizeof(b), cudaMemcpyHostToDevice));
    eval<<<n / 128, 128>>>(f, da, db, dout, n);
    CK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
    long double worst = 0;
    int wi = 0;
    for (int i = 0; i < n; i++) {
      float a_ = a[i], b_ = b[i];
      long double ref = 0;
      {
        float a = a_, b = b_;
        (void)b;
        switch (f) {
#define REF(name, dev, ref_, bound, lo, hi, mode) case F_##name: ref = (long double)(ref_); break;
          FUNCS(REF)
        }
      }
      long double e = ulp_error<float>(out[i], ref);
      if (e > worst || std::isnan(e)) { worst = e; wi = i; }
    }
    double limit = fs[f].bound == 0 ? 0.5 + 1e-6 : fs[f].bound + 1e-6;
    bool ok = worst <= limit;
    if (!ok) printf("  %s: %Lg ulp at x=%.9g y=%.9g: got %.9g\n", fs[f].name, worst, a[wi], b[wi], out[wi]);
    char label[96];
    snprintf(label, sizeof label, "%s within %d ulp (max %.3Lf)", fs[f].name, fs[f].bound, worst);
    check(ok, label);
  }
  return finish();
}
