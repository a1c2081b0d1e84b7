// Half precision (cuda_fp16.h): every one of the 65536 __half values through __half2float; float to
// half in the four rounding modes (__float2half_rn/_rz/_rd/_ru, __float2half); the arithmetic
// intrinsics __hadd/__hsub/__hmul/__hdiv/__hfma/__hneg/__habs (correctly rounded), the __half2
// versions __hadd2/__hmul2/__hfma2/__hsub2, __hfma2_relu, comparisons (__heq/__hlt/__hgeu/__hbeq2,
// __hisnan/__hisinf), __hmax/__hmin, integer conversions (__half2int_rz/_rd, __int2half_rn,
// __short2half_rz), pack/unpack helpers and the C++ operators. Bit-exact against the host model.
#include "guide.h"
#include <cuda_fp16.h>
#include "small_float.h"
__global__ void all_to_float(float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __half2float(__ushort_as_half((unsigned short)i));
}
__global__ void from_float(const float* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  out[i * 5 + 0] = __half_as_ushort(__float2half_rn(x));
  out[i * 5 + 1] = __half_as_ushort(__float2half_rz(x));
  out[i * 5 + 2] = __half_as_ushort(__float2half_ru(x));
  out[i * 5 + 3] = __half_as_ushort(__float2half_rd(x));
  out[i * 5 + 4] = __half_as_ushort(__float2half(x));
}
const int NOP = 20;
__global__ void arith(const unsigned short* a, const unsigned short* b, const unsigned short* c, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half x = __ushort_as_half(a[i]), y = __ushort_as_half(b[i]), z = __ushort_as_half(c[i]);
  unsigned short* o = out + i * NOP;
  o[0] = __half_as_ushort(__hadd(x, y));
  o[1] = __half_as_ushort(__hsub(x, y));
  o[2] = __half_as_ushort(__hmul(x, y));
  o[3] = __half_as_ushort(__hdiv(x, y));
  o[4] = __half_as_ushort(__hfma(x, y, z));
  o[5] = __half_as_ushort(__hneg(x));
  o[6] = __half_as_ushort(__habs(x));
  __half2 p = __halves2half2(x, y), q = __halves2half2(z, x);
  __half2 s = __hadd2(p, q), m = __hmul2(p, q), f = __hfma2(p, q, p), d = __hsub2(p, q);
  o[7] = __half_as_ushort(__low2half(s)); o[8] = __half_as_ushort(__high2half(s));
  o[9] = __half_as_ushort(__low2half(m)); o[10] = __half_as_ushort(__high2half(m));
  o[11] = __half_as_ushort(__low2half(f)); o[12] = __half_as_ushort(__high2half(d));
  o[13] = (__heq(x, y) ? 1 : 0) | (__hlt(x, y) ? 2 : 0) | (__hgeu(x, y) ? 4 : 0) | (__hisnan(x) ? 8 : 0) |
          (__hisinf(x) ? 16 : 0) | (__hbeq2(p, p) ? 32 : 0) | (__hne(x, y) ? 64 : 0) | (__hgtu(x, y) ? 128 : 0);
  o[14] = __half_as_ushort(__hmax(x, y));
  o[15] = __half_as_ushort(__hmin(x, y));
  o[16] = __half_as_ushort(x + y * z);  // operators: y*z rounded, then the sum rounded
  __half2 r = __hfma2_relu(p, q, q);
  o[17] = __half_as_ushort(__low2half(r));
  o[18] = __half_as_ushort(__high2half(__lowhigh2highlow(p)));
  o[19] = (unsigned short)(x > y) | (unsigned short)(x <= y) << 1 | (unsigned short)(x != y) << 2;
}
__global__ void ints(const float* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __half h = __float2half_rn(in[i]);
  out[i * 5 + 0] = __half2int_rz(h);
  out[i * 5 + 1] = __half2int_rd(h);
  out[i * 5 + 2] = __half_as_ushort(__int2half_rn((int)(in[i] * 37.f)));
  out[i * 5 + 3] = __half_as_ushort(__short2half_rz((short)(in[i] * 3.f)));
  out[i * 5 + 4] = __half2int_rn(h);
}
static float f32(long double v) { return (float)v; }
int main() {
  // 1. Every half value to float.
  float* dall;
  CK(cudaMalloc(&dall, 65536 * 4));
  all_to_float<<<256, 256>>>(dall);
  static float hall[65536];
  CK(cudaMemcpy(hall, dall, sizeof(hall), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 65536 && ok; i++) {
    long double w = decode(HALF, (uint16_t)i);
    ok = std::isnan(w) ? std::isnan(hall[i]) : (hall[i] == (float)w && std::signbit(hall[i]) == std::signbit(w));
    if (!ok) printf("  half %04x -> %a, want %La\n", i, hall[i], w);
  }
  check(ok, "__half2float of all 65536 values");
  // 2. float -> half in each mode.
  const int n = 8192;
  static float fin[n];
  uint32_t s = 7;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    uint32_t bits = (s & 0x807fffffu) | ((uint32_t)(100 + (s >> 8) % 50) << 23);  // around half's range
    memcpy(&fin[i], &bits, 4);
    if (i % 64 == 0) fin[i] = 65520.f * (i % 128 ? 1 : -1);  // rounds to inf in rn
    if (i % 64 == 1) fin[i] = 5.9604645e-8f * (1 + (i % 5) * 0.25f);  // subnormal halves, ties
    if (i % 64 == 2) fin[i] = NAN;
    if (i % 64 == 3) fin[i] = 1.f + ldexpf(1.f, -11) * (i % 3);  // exact ties to even
  }
  float* dfin; unsigned short* dh;
  CK(cudaMalloc(&dfin, sizeof(fin))); CK(cudaMalloc(&dh, n * 5 * 2));
  CK(cudaMemcpy(dfin, fin, sizeof(fin), cudaMemcpyHostToDevice));
  from_float<<<n / 128, 128>>>(dfin, dh, n);
  static unsigned short hh[n * 5];
  CK(cudaMemcpy(hh, dh, sizeof(hh), cudaMemcpyDeviceToHost));
  const char* mnames[5] = {"__float2half_rn", "__float2half_rz", "__float2half_ru", "__float2half_rd", "__float2half"};
  for (int m = 0; m < 5; m++) {
    ok = true;
    for (int i = 0; i < n && ok; i++) {
      uint16_t w = encode(HALF, fin[i], (Mode)(m == 4 ? 0 : m));
      uint16_t g = hh[i * 5 + m];
      ok = std::isnan(fin[i]) ? is_nan(HALF, g) : g == w;
      if (!ok) printf("  %s(%a) = %04x, want %04x\n", mnames[m], fin[i], g, w);
    }
    check(ok, mnames[m]);
  }
  // 3. Arithmetic on random halves (finite, mixed magnitudes, a few specials).
  static unsigned short ha[n], hb[n], hc[n], hout[n * NOP];
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u; ha[i] = (unsigned short)(s >> 16);
    s = s * 1103515245u + 12345u; hb[i] = (unsigned short)(s >> 16);
    s = s * 1103515245u + 12345u; hc[i] = (unsigned short)(s >> 16);
    if (i % 3 == 0) hb[i] = (hb[i] & 0x83ff) | (ha[i] & 0x7c00);  // similar exponents: cancellation
    if (i % 97 == 0) ha[i] = 0x7c00;  // inf
  }
  unsigned short *da, *db, *dc, *dout;
  CK(cudaMalloc(&da, sizeof(ha))); CK(cudaMalloc(&db, sizeof(hb))); CK(cudaMalloc(&dc, sizeof(hc))); CK(cudaMalloc(&dout, sizeof(hout)));
  CK(cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice));
  arith<<<n / 128, 128>>>(da, db, dc, dout, n);
  CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
  const char* names[NOP] = {"__hadd", "__hsub", "__hmul", "__hdiv", "__hfma", "__hneg", "__habs", "__hadd2.lo", "__hadd2.hi",
                            "__hmul2.lo", "__hmul2.hi", "__hfma2.lo", "__hsub2.hi", "comparisons", "__hmax", "__hmin",
                            "operators x + y * z", "__hfma2_relu.lo", "__lowhigh2highlow", "operators > <= !="};
  for (int k = 0; k < NOP; k++) {
    ok = true;
    for (int i = 0; i < n && ok; i++) {
      long double x = decode(HALF, ha[i]), y = decode(HALF, hb[i]), z = decode(HALF, hc[i]);
      bool xn = std::isnan(x), yn = std::isnan(y);
      uint16_t w = 0;
      bool nanOk = false;  // whether any NaN is accepted
      auto R = [&](long double v) { nanOk = std::isnan(v); return encode(HALF, v, RN); };
      switch (k) {
        case 0: w = R(x + y); break;
        case 1: w = R(x - y); break;
        case 2: w = R(x * y); break;
        case 3: w = R(x / y); break;
        case 4: w = R(sum_for_rounding(x * y, z)); break;
        case 5: w = ha[i] ^ 0x8000; nanOk = xn; break;
        case 6: w = ha[i] & 0x7fff; nanOk = xn; break;
        case 7: w = R(x + z); break;
        case 8: w = R(y + x); break;
        case 9: w = R(x * z); break;
        case 10: w = R(y * x); break;
        case 11: w = R(sum_for_rounding(x * z, x)); break;
        case 12: w = R(y - x); break;
        case 13: w = (x == y) | (x < y) << 1 | (!(x < y)) << 2 | xn << 3 | std::isinf(x) << 4 |
                     (!xn && !yn) << 5 | (x != y && !xn && !yn) << 6 | !(x <= y) << 7; break;
        case 14: w = xn ? hb[i] : yn ? ha[i] : (x > y ? ha[i] : y > x ? hb[i] : (std::signbit(x) ? hb[i] : ha[i])); nanOk = xn && yn; break;
        case 15: w = xn ? hb[i] : yn ? ha[i] : (x < y ? ha[i] : y < x ? hb[i] : (std::signbit(x) ? ha[i] : hb[i])); nanOk = xn && yn; break;
        case 16: w = R(x + decode(HALF, encode(HALF, y * z, RN))); break;  // (or fused: see below)
        case 17: { long double v = x * z + z; w = std::isnan(v) ? 0 : (v < 0 ? 0 : R(v)); nanOk = false; if (std::isnan(v)) w = 0x7fff, nanOk = true; break; }
        case 18: w = ha[i]; nanOk = false; break;
        case 19: w = (x > y) | (x <= y) << 1 | (x != y) << 2; break;
      }
      uint16_t g = hout[i * NOP + k];
      if (k == 13 || k == 19) ok = g == w;
      // __hmul/__hadd (the operators) use mul.f16/add.f16 without .rn, which the compiler may
      // contract into one fma (cuda_fp16.h's __hmul_rn/__hadd_rn exist to forbid that).
      else if (k == 16) {
        long double fused = x + y * z;
        ok = (nanOk ? is_nan(HALF, g) : g == w) || (std::isnan(fused) ? is_nan(HALF, g) : g == encode(HALF, fused, RN));
      }
      else if (k == 14 || k == 15) ok = nanOk ? is_nan(HALF, g) : (g == w || (x == 0 && y == 0 && (g & 0x7fff) == 0));
      else ok = nanOk ? is_nan(HALF, g) : g == w;
      if (!ok) printf("  %s(%04x, %04x, %04x) = %04x, want %04x\n", names[k], ha[i], hb[i], hc[i], g, w);
    }
    check(ok, names[k]);
  }
  // 4. Integer conversions.
  int* di;
  CK(cudaMalloc(&di, n * 5 * 4));
  static float iin[n];
  for (int i = 0; i < n; i++) iin[i] = ((int)(i * 7919 % 20001) - 10000) / 8.f;
  CK(cudaMemcpy(dfin, iin, sizeof(iin), cudaMemcpyHostToDevice));
  ints<<<n / 128, 128>>>(dfin, di, n);
  static int hi[n * 5];
  CK(cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n && ok; i++) {
    long double h = decode(HALF, encode(HALF, iin[i], RN));
    int w[5] = {(int)truncl(h), (int)floorl(h), encode(HALF, (int)(iin[i] * 37.f), RN), encode(HALF, (short)(iin[i] * 3.f), RZ), (int)nearbyintl(h)};
    for (int k = 0; k < 5; k++)
      if (hi[i * 5 + k] != w[k]) { printf("  int conversion %d of %a: %d, want %d\n", k, iin[i], hi[i * 5 + k], w[k]); ok = false; }
  }
  check(ok, "__half2int_rz/_rd/_rn, __int2half_rn, __short2half_rz");
  (void)f32;
  return finish();
}
