/* Single-precision functions evaluated through the double-precision algorithms: the double
 * result is within ~0.5 ulp + 2^-50 relative of the exact value, so after the one rounding to
 * float the error is at most 0.5 ulp + 2^-29 ulp (correctly rounded except in rare double-rounding
 * cases). */
#define FLOAT_OF_DOUBLE1(name) \
  float __nv_##name##f(float x) { return (float)__nv_##name((double)x); }
#define FLOAT_OF_DOUBLE2(name) \
  float __nv_##name##f(float x, float y) { return (float)__nv_##name((double)x, (double)y); }
FLOAT_OF_DOUBLE1(exp)
FLOAT_OF_DOUBLE1(exp2)
FLOAT_OF_DOUBLE1(exp10)
FLOAT_OF_DOUBLE1(expm1)
FLOAT_OF_DOUBLE1(log)
FLOAT_OF_DOUBLE1(log2)
FLOAT_OF_DOUBLE1(log10)
FLOAT_OF_DOUBLE1(log1p)
FLOAT_OF_DOUBLE2(pow)
float __nv_powif(float x, int n) { return (float)__nv_pow((double)x, (double)n); }
FLOAT_OF_DOUBLE1(sin)
FLOAT_OF_DOUBLE1(cos)
FLOAT_OF_DOUBLE1(tan)
FLOAT_OF_DOUBLE1(sinpi)
FLOAT_OF_DOUBLE1(cospi)
void __nv_sincosf(float x, float *s, float *c) {
  double sd, cd;
  __nv_sincos((double)x, &sd, &cd);
  *s = (float)sd;
  *c = (float)cd;
}
void __nv_sincospif(float x, float *s, float *c) {
  double sd, cd;
  __nv_sincospi((double)x, &sd, &cd);
  *s = (float)sd;
  *c = (float)cd;
}
