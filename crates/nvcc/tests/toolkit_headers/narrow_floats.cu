// cuda_fp8.h, cuda_fp6.h, cuda_fp4.h against the formats' definitions (PTX ISA, "Alternate
// Floating Point Data Formats"; OCP microscaling formats): every code of each format decodes to
// its value; every value, every midpoint between neighbours with its float and double
// neighbours, overflow, underflow, infinities and NaN convert to the code a brute-force search of
// the nearest value gives (ties to the even code; toward zero: the largest not above), with the
// saturation rules of the CUDA Math API; on the device (sm_90: cvt.rn.satfinite for fp8) and on
// the host; e8m0 to powers of two; the C++ types' constructors, operators and packing.
#include <cuda_fp8.h>
#include <cuda_fp6.h>
#include <cuda_fp4.h>
#include <cmath>
#include <cstdio>
#include <vector>

struct Format {
  const char *name;
  int ebits, mbits;
  unsigned max_code;  // the largest finite magnitude
  int kind;           // 0 fp8, 1 fp6, 2 fp4
  int interp;         // the __nv_fpN_interpretation_t value
  bool e5m2;
};
static const Format FORMATS[] = {
    {"e4m3", 4, 3, 0x7e, 0, __NV_E4M3, false}, {"e5m2", 5, 2, 0x7b, 0, __NV_E5M2, true},
    {"e2m3", 2, 3, 0x1f, 1, __NV_E2M3, false}, {"e3m2", 3, 2, 0x1f, 1, __NV_E3M2, false},
    {"e2m1", 2, 1, 0x7, 2, __NV_E2M1, false},
};

// The value of a magnitude code from the definition: bias 2^(E-1) - 1, subnormals at field 0.
static double value_of(const Format &f, unsigned magnitude) {
  int bias = (1 << (f.ebits - 1)) - 1, field = magnitude >> f.mbits, frac = magnitude & ((1 << f.mbits) - 1);
  if (field == 0) return std::ldexp((double)frac, 1 - bias - f.mbits);
  return std::ldexp(1.0 + (double)frac / (1 << f.mbits), field - bias);
}
static unsigned sign_bit(const Format &f) { return f.kind == 0 ? 0x80 : f.kind == 1 ? 0x20 : 0x8; }

// What a conversion of x must give. mode: fp8 0 = __NV_NOSAT, 1 = __NV_SATFINITE (to nearest);
// fp6/fp4 0 = cudaRoundNearest, 1 = cudaRoundZero (saturating). from_double: nvcc's double
// conversions keep a NaN's sign and give e5m2 the NaN 0x7e.
static unsigned expected(const Format &f, int mode, double x, bool from_double) {
  unsigned s = std::signbit(x) ? sign_bit(f) : 0;
  if (std::isnan(x)) {
    if (f.kind != 0) return f.max_code;  // NaN: positive MAXNORM
    return from_double ? s | (f.e5m2 ? 0x7e : 0x7f) : 0x7f;
  }
  bool nearest = f.kind == 0 || mode == 0, saturate = f.kind != 0 || mode == 1;
  unsigned overflow = saturate ? f.max_code : f.e5m2 ? 0x7c : 0x7f;
  double a = std::fabs(x);
  if (std::isinf(a)) return s | overflow;
  // Candidates: every finite magnitude and the one past the largest (its value one ulp above).
  double top = value_of(f, f.max_code), beyond = 2 * top - value_of(f, f.max_code - 1);
  unsigned best = 0;
  for (unsigned c = 0; c <= f.max_code + 1; c++) {
    double v = c <= f.max_code ? value_of(f, c) : beyond;
    if (nearest) {
      double vb = best <= f.max_code ? value_of(f, best) : beyond;
      double d = std::fabs(a - v), db = std::fabs(a - vb);
      if (d < db || (d == db && (c & 1) == 0)) best = c;
    } else if (v <= a) {
      best = c;
    }
  }
  // Beyond the largest value: e5m2's past-the-end code is infinity (even: ties reach it).
  if (best > f.max_code || a > beyond) return s | overflow;
  return s | best;
}

// Inputs: each value, each midpoint and its neighbours in float and double, past the top,
// below the smallest subnormal, specials, and their negatives.
static std::vector<double> inputs(const Format &f) {
  std::vector<double> v;
  for (unsigned c = 0; c <= f.max_code; c++) {
    double a = value_of(f, c), b = c < f.max_code ? value_of(f, c + 1) : 2 * a - value_of(f, c - 1);
    double m = (a + b) / 2;
    v.insert(v.end(), {a, m, std::nextafter(m, 0.0), std::nextafter(m, 1e300), (double)std::nextafterf((float)m, 0.0f),
                       (double)std::nextafterf((float)m, 1e30f)});
  }
  double top = value_of(f, f.max_code);
  v.insert(v.end(), {2 * top, 1e30, 1e300, value_of(f, 1) / 4, 1e-45, 5e-324, 0.0, INFINITY, NAN});
  size_t n = v.size();
  for (size_t i = 0; i < n; i++) v.push_back(-v[i]);
  return v;
}

__host__ __device__ unsigned convert(const Format &f, int mode, double x, bool as_double) {
  if (f.kind == 0) {
    __nv_saturation_t s = mode ? __NV_SATFINITE : __NV_NOSAT;
    __nv_fp8_interpretation_t i = (__nv_fp8_interpretation_t)f.interp;
    return as_double ? __nv_cvt_double_to_fp8(x, s, i) : __nv_cvt_float_to_fp8((float)x, s, i);
  }
  cudaRoundMode r = mode ? cudaRoundZero : cudaRoundNearest;
  if (f.kind == 1) {
    __nv_fp6_interpretation_t i = (__nv_fp6_interpretation_t)f.interp;
    return as_double ? __nv_cvt_double_to_fp6(x, i, r) : __nv_cvt_float_to_fp6((float)x, i, r);
  }
  return as_double ? __nv_cvt_double_to_fp4(x, __NV_E2M1, r) : __nv_cvt_float_to_fp4((float)x, __NV_E2M1, r);
}
__host__ __device__ unsigned convert_half(const Format &f, int mode, unsigned short h) {
  __half_raw r;
  r.x = h;
  if (f.kind == 0) return __nv_cvt_halfraw_to_fp8(r, mode ? __NV_SATFINITE : __NV_NOSAT, (__nv_fp8_interpretation_t)f.interp);
  cudaRoundMode m = mode ? cudaRoundZero : cudaRoundNearest;
  if (f.kind == 1) return __nv_cvt_halfraw_to_fp6(r, (__nv_fp6_interpretation_t)f.interp, m);
  return __nv_cvt_halfraw_to_fp4(r, __NV_E2M1, m);
}
__host__ __device__ unsigned short to_half(const Format &f, unsigned c) {
  if (f.kind == 0) return __nv_cvt_fp8_to_halfraw(c, (__nv_fp8_interpretation_t)f.interp).x;
  if (f.kind == 1) return __nv_cvt_fp6_to_halfraw(c, (__nv_fp6_interpretation_t)f.interp).x;
  return __nv_cvt_fp4_to_halfraw(c, __NV_E2M1).x;
}

// op 0: from float, 1: from double, 2: from half (input i's bits), 3: code i to half.
__global__ void device_convert(Format f, int op, int mode, const double *in, unsigned *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  if (op <= 1) out[i] = convert(f, mode, in[i], op == 1);
  else if (op == 2) out[i] = convert_half(f, mode, (unsigned short)i);
  else out[i] = to_half(f, i);
}

static int failures = 0;
static void fail(const char *what, const Format &f, int mode, double x, unsigned got, unsigned want) {
  if (++failures <= 20) printf("FAIL %s %s mode %d x=%a: got %#x want %#x\n", what, f.name, mode, x, got, want);
}
static std::vector<unsigned> on_device(const Format &f, int op, int mode, const std::vector<double> &in, int n) {
  double *d_in = nullptr;
  unsigned *d_out;
  cudaMalloc(&d_in, (in.size() + 1) * sizeof(double));
  cudaMalloc(&d_out, n * sizeof(unsigned));
  cudaMemcpy(d_in, in.data(), in.size() * sizeof(double), cudaMemcpyHostToDevice);
  device_convert<<<(n + 127) / 128, 128>>>(f, op, mode, d_in, d_out, n);
  std::vector<unsigned> out(n);
  if (cudaMemcpy(out.data(), d_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost) != cudaSuccess) failures++;
  cudaFree(d_in);
  cudaFree(d_out);
  return out;
}
static double half_value(unsigned short h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 31 ? (m ? NAN : INFINITY) : e == 0 ? std::ldexp(m, -24) : std::ldexp(1024 + m, e - 25);
  return h >> 15 ? -v : v;
}

int main() {
  for (const Format &f : FORMATS) {
    std::vector<double> in = inputs(f);
    int n = (int)in.size();
    for (int mode = 0; mode < 2; mode++) {
      for (int op = 0; op < 2; op++) {
        std::vector<unsigned> dev = on_device(f, op, mode, in, n);
        for (int i = 0; i < n; i++) {
          double x = op == 0 ? (double)(float)in[i] : in[i];
          unsigned want = expected(f, mode, x, op == 1);
          if (dev[i] != want) fail(op ? "device double" : "device float", f, mode, x, dev[i], want);
          unsigned host = convert(f, mode, in[i], op == 1);
          if (host != want) fail(op ? "host double" : "host float", f, mode, x, host, want);
        }
      }
      std::vector<unsigned> dev = on_device(f, 2, mode, in, 65536);
      for (int h = 0; h < 65536; h++) {
        unsigned want = expected(f, mode, half_value(h), false);
        if (dev[h] != want) fail("device half", f, mode, half_value(h), dev[h], want);
        if (convert_half(f, mode, h) != want) fail("host half", f, mode, half_value(h), convert_half(f, mode, h), want);
      }
    }
    // Every code back to half: its value; fp8 NaNs give the half NaN 0x7fff.
    int codes = f.kind == 0 ? 256 : f.kind == 1 ? 64 : 16;
    std::vector<unsigned> dev = on_device(f, 3, 0, in, codes);
    for (int c = 0; c < codes; c++) {
      unsigned magnitude = c & (sign_bit(f) - 1);
      bool nan = f.kind == 0 && (f.e5m2 ? magnitude > 0x7c : magnitude == 0x7f);
      double v = f.e5m2 && magnitude == 0x7c ? INFINITY : value_of(f, magnitude);
      if (c & sign_bit(f)) v = -v;
      for (unsigned got : {dev[c], (unsigned)to_half(f, c)}) {
        bool ok = nan ? got == 0x7fff : half_value(got) == v && std::signbit(half_value(got)) == std::signbit(v);
        if (!ok) fail("to half", f, 0, c, got, 0);
      }
    }
  }
  // e8m0: 2^(code - 127), rounded toward zero or up, clipped to 2^-127; above 2^127 saturating
  // or NaN (rounded up; toward zero, nvcc's header clips a finite value to 2^127).
  for (int e = -130; e <= 130; e++)
    for (double m : {1.0, 1.25, 1.75}) {
      double x = std::ldexp(m, e);
      for (int sat = 0; sat < 2; sat++)
        for (cudaRoundMode r : {cudaRoundZero, cudaRoundPosInf}) {
          int k = e + (r == cudaRoundPosInf && m != 1.0);
          unsigned want = k < -127 ? 0 : k > 127 ? (sat || r == cudaRoundZero ? 0xfe : 0xff) : k + 127;
          unsigned got = __nv_cvt_double_to_e8m0(-x, (__nv_saturation_t)sat, r);
          if (got != want) fail("e8m0", FORMATS[0], sat, -x, got, want);
        }
    }
  for (int c = 0; c < 256; c++) {
    float v = float(__nv_fp8_e8m0(std::ldexp(1.0f, c - 127)));
    if (c < 255 && v != std::ldexp(1.0f, c - 127)) fail("e8m0 value", FORMATS[0], 0, c, 0, 0);
  }
  if (__nv_cvt_float_to_e8m0(NAN, __NV_SATFINITE, cudaRoundZero) != 0xff || __nv_cvt_e8m0_to_bf16raw(0xff).x != 0x7fff)
    fail("e8m0 NaN", FORMATS[0], 0, 0, 0, 0);

  // The C++ types: saturating constructors, conversions, packing (x in the low byte / nibble).
  bool ok = __nv_fp8_e4m3(1000.0f).__x == 0x7e && __nv_fp8_e5m2(-1e6).__x == 0xfb && float(__nv_fp8_e4m3(0.3f)) == 0.3125f;
  ok &= __nv_fp8x2_e4m3(make_float2(1.0f, -2.0f)).__x == 0xc038;
  ok &= __nv_fp8x4_e5m2(make_float4(1.0f, 2.0f, 4.0f, -1.0f)).__x == 0xbc44403cu;
  ok &= __nv_fp4x2_e2m1(make_float2(1.0f, -2.0f)).__x == 0xc2 && __nv_fp6x2_e3m2(make_float2(1.0f, -2.0f)).__x == 0x300c;
  float4 back = float4(__nv_fp4x4_e2m1(make_float4(0.5f, 1.5f, 3.0f, -6.0f)));
  ok &= back.x == 0.5f && back.y == 1.5f && back.z == 3.0f && back.w == -6.0f;
  ok &= int(__nv_fp8_e4m3(-7.5f)) == -7 && (unsigned char)__nv_fp8_e5m2(300.0f) == 255 && int(__nv_fp6_e2m3(100)) == 7;
  __nv_fp8_e4m3 nan;
  nan.__x = 0x7f;
  ok &= int(nan) == 0 && bool(nan) && !bool(__nv_fp8_e4m3(0.0f)) && float(__half(__nv_fp8_e5m2(__half(2.0f)))) == 2.0f;
  if (!ok) fail("C++ types", FORMATS[0], 0, 0, 0, 0);

  printf("%d failures\n%s\n", failures, failures ? "FAIL" : "PASS");
  return failures != 0;
}
