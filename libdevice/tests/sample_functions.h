/* The functions the engine comparison evaluates, shared by the device kernel
 * (sample_kernel.cu) and the host build (engine_compare.c): function number fn of x. */
#define SAMPLE_FUNCTIONS(X)                                                                       \
  X(sin) X(cos) X(tan) X(exp) X(exp2) X(exp10) X(expm1) X(log) X(log2) X(log10) X(log1p)        \
  X(atan) X(asin) X(acos) X(sinh) X(cosh) X(tanh) X(asinh) X(acosh) X(atanh) X(cbrt) X(rsqrt)   \
  X(erf) X(erfc) X(erfcx) X(erfinv) X(lgamma) X(tgamma) X(j0) X(y1) X(sinpi) X(cospi)          \
  X(normcdf) X(normcdfinv) X(cyl_bessel_i0)
#define SAMPLE_FUNCTIONS2(X) X(pow) X(atan2) X(hypot) X(fmod) X(remainder)

#define SAMPLE_COUNT_ONE(name) +1
enum { SAMPLE_UNARY = 0 SAMPLE_FUNCTIONS(SAMPLE_COUNT_ONE),
       SAMPLE_BINARY = 0 SAMPLE_FUNCTIONS2(SAMPLE_COUNT_ONE) };

/* fn < SAMPLE_UNARY: double f(x); then the float versions; then the binary ones (x, y) in
 * double and in float. */
SAMPLE_QUALIFIER static double sample_eval(int fn, double x, double y) {
  int i = 0;
#define SAMPLE_CASE_D(name) if (fn == i++) return __nv_##name(x);
#define SAMPLE_CASE_F(name) if (fn == i++) return (double)__nv_##name##f((float)x);
#define SAMPLE_CASE_D2(name) if (fn == i++) return __nv_##name(x, y);
#define SAMPLE_CASE_F2(name) if (fn == i++) return (double)__nv_##name##f((float)x, (float)y);
  SAMPLE_FUNCTIONS(SAMPLE_CASE_D)
  SAMPLE_FUNCTIONS(SAMPLE_CASE_F)
  SAMPLE_FUNCTIONS2(SAMPLE_CASE_D2)
  SAMPLE_FUNCTIONS2(SAMPLE_CASE_F2)
  (void)y;
  return 0.0;
}
#define SAMPLE_TOTAL (2 * SAMPLE_UNARY + 2 * SAMPLE_BINARY)
