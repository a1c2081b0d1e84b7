// The NaNs of the math library as an H200 running NVIDIA's libdevice returns them: every
// single-precision function gives the canonical NaN 0x7fffffff for a NaN argument of any sign or
// payload and for a domain error; a double function's domain error gives 0xfff8000000000000 (the
// GPU's double default NaN, printed "-nan"), except asin's and atanh's, which have x's sign; a
// double function of a NaN gives that NaN quieted (sign and payload kept; hypot, rhypot and
// norm3d, j0, j1, y0, y1, frexp, ldexp, scalbn, modf too), except erf (the float NaN widened, x's sign); copysign of a NaN
// is copysign.f64 (with a constant sign source
// abs.f64/neg.f64, which quiet the NaN and keep its sign); nan(tag)/nanf(tag) put the tag's
// number in the significand; remquo's quotient is the sign and the three low bits the guide promises;
// __double2bfloat16 of a NaN keeps its sign (cvt.rn.bf16.f64 on sm_90: 0x7fc0 | sign);
// copysignf changes a NaN's sign and keeps its payload (copysign.f32), except with a constant
// sign source, which nvcc compiles to abs.f32 (the canonical NaN).
#include "guide.h"
#include <cuda_bf16.h>

#define FLOAT_FUNCS(X) X(sinf(x)) X(cosf(x)) X(tanf(x)) X(expf(x)) X(exp2f(x)) X(exp10f(x)) X(expm1f(x)) \
  X(logf(x)) X(log2f(x)) X(log10f(x)) X(log1pf(x)) X(cbrtf(x)) X(rsqrtf(x)) X(sinhf(x)) X(tanhf(x)) X(asinf(x)) \
  X(acosf(x)) X(atanf(x)) X(acoshf(x)) X(erff(x)) X(erfcf(x)) X(lgammaf(x)) X(tgammaf(x)) X(roundf(x)) X(logbf(x)) \
  X(sinpif(x)) X(erfinvf(x)) X(normcdfinvf(x)) X(j0f(x)) X(powf(x, 1.5f)) X(powf(2.0f, x)) X(atan2f(x, 1.0f)) \
  X(fmodf(x, 1.5f)) X(fmodf(2.0f, x)) X(remainderf(x, 1.5f)) X(hypotf(x, 1.5f)) X(fdimf(x, 1.5f)) X(ldexpf(x, 3)) \
  X(modf_frac(x))
// modff's fractional part (its integral part, cvt.rzi, is canonical too).
__device__ float modf_frac(float x) {
  float ip;
  return modff(x, &ip);
}
// frexp's mantissa and modf's parts of a double NaN are that NaN quieted too (a signaling NaN
// came back unchanged from Cuprite's libdevice).
__device__ double frexp_m(double x) {
  int e;
  return frexp(x, &e);
}
__device__ double modf_frac_d(double x) {
  double ip;
  return modf(x, &ip);
}
__device__ double modf_int_d(double x) {
  double ip;
  modf(x, &ip);
  return ip;
}
#define COUNT(e) +1
const int NF = 0 FLOAT_FUNCS(COUNT);

__global__ void float_nans(float x, unsigned* out) {
  int i = 0;
#define EVAL(e) out[i++] = __float_as_uint(e);
  FLOAT_FUNCS(EVAL)
}
#define EVAL_D(e) out[i++] = __double_as_longlong(e);

// copysignf next to a classification of the same value (the shape in which LLVM turned the
// library's mask-and-or into abs.f32, whose NaN is the canonical one).
__global__ void copysign_nan(float x, float y, unsigned* out) {
  out[0] = __float_as_uint(copysignf(x, y));
  out[1] = isinf(x) || isnan(y);
  out[2] = __float_as_uint(copysignf(x, 1.5f));
}

__global__ void domain_errors(unsigned long long* d, unsigned* f, int* q, float zero) {
  f[5] = __bfloat16_as_ushort(__double2bfloat16(log(-1.0 + zero))) | (unsigned)__bfloat16_as_ushort(__double2bfloat16(nan("") + zero)) << 16;
  d[0] = __double_as_longlong(log(-1.0 + zero));
  d[1] = __double_as_longlong(acos(2.0 + zero));
  d[2] = __double_as_longlong(fmod(1.0 / zero, 2.0));
  d[3] = __double_as_longlong(pow(-2.0, 0.5 + zero));
  d[4] = __double_as_longlong(remainder(1.0, (double)zero));
  d[5] = __double_as_longlong(nan("0x123"));
  f[0] = __float_as_uint(logf(-1.0f + zero));
  f[1] = __float_as_uint(acosf(2.0f + zero));
  f[2] = __float_as_uint(fmodf(1.0f / zero, 2.0f));
  f[3] = __float_as_uint(nanf("7"));
  f[4] = __float_as_uint(nanf(""));
  remquo(-7.25, 0.5 + zero, &q[0]);        // quotient -14.5 rounds to -14
  remquo(100.0, -3.0 + zero, &q[1]);       // -33
  remquo(1.5e308, -1.2e300 + zero, &q[2]); // -125000000
  remquof(10.0f, 3.0f + zero, &q[3]);      // 3
}

#define DOUBLE_QUIETING(X) X(asin(x)) X(acos(x)) X(atan(x)) X(atanh(x)) X(acosh(x)) X(asinh(x)) X(sinh(x)) \
  X(cosh(x)) X(tanh(x)) X(exp(x)) X(expm1(x)) X(log(x)) X(log1p(x)) X(cbrt(x)) X(rsqrt(x)) X(erfc(x)) X(erfinv(x)) \
  X(erfcinv(x)) X(lgamma(x)) X(tgamma(x)) X(round(x)) X(logb(x)) X(normcdf(x)) X(cyl_bessel_i0(x)) X(sin(x)) \
  X(pow(x, 0.5)) X(hypot(x, 1.5)) X(hypot(1.5, x)) X(rhypot(x, 2.0)) X(norm3d(1.0, x, 2.0)) X(j0(x)) X(j1(x)) \
  X(y0(x)) X(y1(x)) X(frexp_m(x)) X(ldexp(x, 5)) X(scalbn(x, -3)) X(modf_frac_d(x)) X(modf_int_d(x))
const int ND = 0 DOUBLE_QUIETING(COUNT);

// [0, ND): functions that give x quieted; then erf; asin, atanh of 2 and -2; copysign(x, y) and
// copysign(x, 1.5).
__global__ void double_nans(double x, double y, unsigned long long* out) {
  int i = 0;
  DOUBLE_QUIETING(EVAL_D)
  out[i++] = __double_as_longlong(erf(x));
  out[i++] = __double_as_longlong(asin(2.0 + y * 0.0));
  out[i++] = __double_as_longlong(asin(-2.0 + y * 0.0));
  out[i++] = __double_as_longlong(atanh(2.0 + y * 0.0));
  out[i++] = __double_as_longlong(atanh(-2.0 + y * 0.0));
  out[i++] = __double_as_longlong(copysign(x, y));
  out[i++] = __double_as_longlong(copysign(x, 1.5));
}

int main() {
  unsigned *out, *f;
  unsigned long long* d;
  int* q;
  CK(cudaMallocManaged(&out, NF * sizeof(unsigned)));
  CK(cudaMallocManaged(&d, 6 * sizeof(unsigned long long)));
  CK(cudaMallocManaged(&f, 6 * sizeof(unsigned)));
  CK(cudaMallocManaged(&q, 4 * sizeof(int)));
  const unsigned nan_args[] = {0x7fc00000u, 0x7fc00001u, 0xffc00000u, 0xff812345u};
  for (unsigned bits : nan_args) {
    float x;
    memcpy(&x, &bits, 4);
    float_nans<<<1, 1>>>(x, out);
    CK(cudaDeviceSynchronize());
    int bad = 0;
    for (int i = 0; i < NF; i++)
      if (out[i] != 0x7fffffffu && bad++ == 0) printf("FAIL function %d of NaN %08x: %08x\n", i, bits, out[i]);
    char name[64];
    snprintf(name, sizeof name, "float functions of NaN %08x give 7fffffff", bits);
    check(bad == 0, name);
  }
  domain_errors<<<1, 1>>>(d, f, q, 0.0f);
  CK(cudaDeviceSynchronize());
  bool dneg = true;
  for (int i = 0; i < 5; i++) dneg &= d[i] == 0xfff8000000000000ull;
  check(dneg, "double domain errors give fff8000000000000");
  check(d[5] == 0x7ff8000000000123ull, "nan(\"0x123\") keeps its payload");
  check(f[0] == 0x7fffffffu && f[1] == 0x7fffffffu && f[2] == 0x7fffffffu, "float domain errors give 7fffffff");
  check(f[3] == 0x7fc00007u && f[4] == 0x7fc00000u, "nanf(tag) puts the tag in the significand");
  check(q[0] == -6 && q[1] == -1 && q[2] == 0 && q[3] == 3, "remquo's quotient: sign and three low bits");
  check(f[5] == (0xffc0u | 0x7fc0u << 16), "__double2bfloat16 of a NaN keeps its sign");
  unsigned* cs;
  CK(cudaMallocManaged(&cs, 8 * sizeof(unsigned)));
  const unsigned nan_bits[2] = {0x7fc00123u, 0xffc00045u};
  float x[2];
  memcpy(x, nan_bits, sizeof x);
  copysign_nan<<<1, 1>>>(x[0], -1.0f, cs);
  copysign_nan<<<1, 1>>>(x[1], 2.0f, cs + 4);
  CK(cudaDeviceSynchronize());
  check(cs[0] == 0xffc00123u && cs[4] == 0x7fc00045u, "copysignf keeps a NaN's payload");
  check(cs[2] == 0x7fffffffu && cs[6] == 0x7fffffffu, "copysignf with a constant sign is abs.f32");
  unsigned long long* dn;
  CK(cudaMallocManaged(&dn, (ND + 7) * sizeof(unsigned long long)));
  const unsigned long long dnan_args[2] = {0x7ff0000000000456ull, 0xfff8000000000123ull};
  for (unsigned long long bits : dnan_args) {
    double xd;
    memcpy(&xd, &bits, 8);
    double_nans<<<1, 1>>>(xd, 2.0, dn);
    CK(cudaDeviceSynchronize());
    const unsigned long long quiet = bits | 0x0008000000000000ull, sign = bits & 0x8000000000000000ull;
    int bad = 0;
    for (int i = 0; i < ND; i++)
      if (dn[i] != quiet && bad++ == 0) printf("FAIL double function %d of NaN %016llx: %016llx\n", i, bits, dn[i]);
    char name[96];
    snprintf(name, sizeof name, "double functions of NaN %016llx give it quieted", bits);
    check(bad == 0, name);
    check(dn[ND] == (0x7fffffffe0000000ull | sign), "erf of a NaN: the float NaN widened, with its sign");
    check(dn[ND + 1] == 0x7ff8000000000000ull && dn[ND + 2] == 0xfff8000000000000ull &&
              dn[ND + 3] == 0x7ff8000000000000ull && dn[ND + 4] == 0xfff8000000000000ull,
          "asin and atanh domain errors have x's sign");
    check(dn[ND + 5] == (bits & 0x7fffffffffffffffull), "copysign(NaN, 2.0) is the positive NaN (copysign.f64)");
    check(dn[ND + 6] == quiet, "copysign(NaN, 1.5) is abs.f64: the NaN quieted, its sign kept");
  }
  return finish();
}
