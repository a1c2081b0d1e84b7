// bfloat16 (cuda_bf16.h): every __nv_bfloat16 value through __bfloat162float; float to bfloat16 in
// the four rounding modes (__float2bfloat16 = _rn, _rz, _ru, _rd); __hadd/__hsub/__hmul/__hfma on
// __nv_bfloat16 and __hadd2/__hmul2/__hfma2 on __nv_bfloat162; __hmax/__hmin, __habs, __hneg,
// comparisons; __float22bfloat162_rn, __bfloat1622float2; conversions to and from half's neighbour
// types (__bfloat162int_rz, __int2bfloat16_rn). Bit-exact against the host model.
#include "guide.h"
#include <cuda_bf16.h>
#include "small_float.h"
__global__ void all_to_float(float* out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __bfloat162float(__ushort_as_bfloat16((unsigned short)i));
}
__global__ void from_float(const float* in, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  out[i * 4 + 0] = __bfloat16_as_ushort(__float2bfloat16(x));
  out[i * 4 + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(x));
  out[i * 4 + 2] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
  out[i * 4 + 3] = __bfloat16_as_ushort(__float2bfloat16_rd(x));
}
const int NOP = 14;
__global__ void arith(const unsigned short* a, const unsigned short* b, const unsigned short* c, unsigned short* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 x = __ushort_as_bfloat16(a[i]), y = __ushort_as_bfloat16(b[i]), z = __ushort_as_bfloat16(c[i]);
  unsigned short* o = out + i * NOP;
  o[0] = __bfloat16_as_ushort(__hadd(x, y));
  o[1] = __bfloat16_as_ushort(__hsub(x, y));
  o[2] = __bfloat16_as_ushort(__hmul(x, y));
  o[3] = __bfloat16_as_ushort(__hfma(x, y, z));
  __nv_bfloat162 p = __halves2bfloat162(x, y), q = __halves2bfloat162(z, x);
  o[4] = __bfloat16_as_ushort(__low2bfloat16(__hadd2(p, q)));
  o[5] = __bfloat16_as_ushort(__high2bfloat16(__hmul2(p, q)));
  o[6] = __bfloat16_as_ushort(__low2bfloat16(__hfma2(p, q, p)));
  o[7] = __bfloat16_as_ushort(__hmax(x, y));
  o[8] = __bfloat16_as_ushort(__hmin(x, y));
  o[9] = __bfloat16_as_ushort(__habs(x));
  o[10] = __bfloat16_as_ushort(__hneg(x));
  o[11] = (__heq(x, y) ? 1 : 0) | (__hlt(x, y) ? 2 : 0) | (__hisnan(x) ? 4 : 0) | (__hge(x, y) ? 8 : 0);
  float2 f = __bfloat1622float2(p);
  __nv_bfloat162 back = __float22bfloat162_rn(make_float2(f.x * 3.f, f.y));
  o[12] = __bfloat16_as_ushort(__low2bfloat16(back));
  o[13] = __bfloat16_as_ushort(__high2bfloat16(back));
}
__global__ void ints(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  __nv_bfloat16 b = __int2bfloat16_rn(in[i]);
  out[i * 2] = __bfloat16_as_ushort(b);
  out[i * 2 + 1] = __bfloat162int_rz(__float2bfloat16(in[i] / 7.f));
}
int main() {
  float* dall;
  CK(cudaMalloc(&dall, 65536 * 4));
  all_to_float<<<256, 256>>>(dall);
  static float hall[65536];
  CK(cudaMemcpy(hall, dall, sizeof(hall), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 65536 && ok; i++) {
    long double w = decode(BF16, (uint16_t)i);
    ok = std::isnan(w) ? std::isnan(hall[i]) : (hall[i] == (float)w && std::signbit(hall[i]) == std::signbit(w));
    if (!ok) printf("  bf16 %04x -> %a, want %La\n", i, hall[i], w);
  }
  check(ok, "__bfloat162float of all 65536 values");
  const int n = 8192;
  static float fin[n];
  uint32_t s = 99;
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u;
    uint32_t bits = s ^ (s << 7);
    memcpy(&fin[i], &bits, 4);
    if (i % 32 == 0) fin[i] = ldexpf(1.f + (i % 3) * ldexpf(1.f, -8), (i % 200) - 100);  // ties
    if (i % 32 == 1) fin[i] = 3.3895314e38f;  // beyond bf16 max: overflow per mode
    if (i % 32 == 2) fin[i] = 1e-40f * (i % 5 + 1);  // subnormals
  }
  float* dfin; unsigned short* dh;
  CK(cudaMalloc(&dfin, sizeof(fin))); CK(cudaMalloc(&dh, n * 4 * 2));
  CK(cudaMemcpy(dfin, fin, sizeof(fin), cudaMemcpyHostToDevice));
  from_float<<<n / 128, 128>>>(dfin, dh, n);
  static unsigned short hh[n * 4];
  CK(cudaMemcpy(hh, dh, sizeof(hh), cudaMemcpyDeviceToHost));
  const char* mnames[4] = {"__float2bfloat16 (rn)", "__float2bfloat16_rz", "__float2bfloat16_ru", "__float2bfloat16_rd"};
  for (int m = 0; m < 4; m++) {
    ok = true;
    for (int i = 0; i < n && ok; i++) {
      uint16_t g = hh[i * 4 + m], w = encode(BF16, fin[i], (Mode)m);
      ok = std::isnan(fin[i]) ? is_nan(BF16, g) : g == w;
      if (!ok) printf("  %s(%a) = %04x, want %04x\n", mnames[m], fin[i], g, w);
    }
    check(ok, mnames[m]);
  }
  static unsigned short ha[n], hb[n], hc[n], hout[n * NOP];
  for (int i = 0; i < n; i++) {
    s = s * 1103515245u + 12345u; ha[i] = (unsigned short)((s >> 16) & 0xbfff) | 0x3000;  // moderate exponents
    s = s * 1103515245u + 12345u; hb[i] = (unsigned short)(s >> 16);
    s = s * 1103515245u + 12345u; hc[i] = (unsigned short)(s >> 16);
    if (i % 3 == 0) hb[i] = (hb[i] & 0x807f) | (ha[i] & 0x7f80);
  }
  unsigned short *da, *db, *dc, *dout;
  CK(cudaMalloc(&da, sizeof(ha))); CK(cudaMalloc(&db, sizeof(hb))); CK(cudaMalloc(&dc, sizeof(hc))); CK(cudaMalloc(&dout, sizeof(hout)));
  CK(cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice));
  arith<<<n / 128, 128>>>(da, db, dc, dout, n);
  CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
  const char* names[NOP] = {"__hadd", "__hsub", "__hmul", "__hfma", "__hadd2.lo", "__hmul2.hi", "__hfma2.lo", "__hmax", "__hmin",
                            "__habs", "__hneg", "comparisons", "__float22bfloat162_rn.lo", "__bfloat1622float2 round trip"};
  for (int k = 0; k < NOP; k++) {
    ok = true;
    for (int i = 0; i < n && ok; i++) {
      long double x = decode(BF16, ha[i]), y = decode(BF16, hb[i]), z = decode(BF16, hc[i]);
      bool xn = std::isnan(x), yn = std::isnan(y), nanOk = false;
      auto R = [&](long double v) { nanOk = std::isnan(v); return encode(BF16, v, RN); };
      uint16_t w = 0;
      switch (k) {
        case 0: w = R(x + y); break;
        case 1: w = R(x - y); break;
        case 2: w = R(x * y); break;
        case 3: w = R(sum_for_rounding(x * y, z)); break;
        case 4: w = R(x + z); break;
        case 5: w = R(y * x); break;
        case 6: w = R(sum_for_rounding(x * z, x)); break;
        case 7: w = xn ? hb[i] : yn ? ha[i] : (x > y ? ha[i] : y > x ? hb[i] : (std::signbit(x) ? hb[i] : ha[i])); nanOk = xn && yn; break;
        case 8: w = xn ? hb[i] : yn ? ha[i] : (x < y ? ha[i] : y < x ? hb[i] : (std::signbit(x) ? ha[i] : hb[i])); nanOk = xn && yn; break;
        case 9: w = ha[i] & 0x7fff; nanOk = xn; break;
        case 10: w = ha[i] ^ 0x8000; nanOk = xn; break;
        case 11: w = (x == y) | (x < y) << 1 | xn << 2 | (x >= y) << 3; break;
        case 12: w = R((long double)(float)(x * 3)); break;  // f.x * 3.f is rounded to float first
        case 13: w = hb[i]; nanOk = yn; break;
      }
      uint16_t g = hout[i * NOP + k];
      if (k == 11) ok = g == w;
      else if (k == 7 || k == 8) ok = nanOk ? is_nan(BF16, g) : (g == w || (x == 0 && y == 0 && (g & 0x7fff) == 0));
      else ok = nanOk ? is_nan(BF16, g) : g == w;
      if (!ok) printf("  %s(%04x, %04x, %04x) = %04x, want %04x\n", names[k], ha[i], hb[i], hc[i], g, w);
    }
    check(ok, names[k]);
  }
  static int iin[n], iout[n * 2];
  for (int i = 0; i < n; i++) iin[i] = (int)(i * 2654435761u) >> (i % 24);
  int *di, *dio;
  CK(cudaMalloc(&di, sizeof(iin))); CK(cudaMalloc(&dio, sizeof(iout)));
  CK(cudaMemcpy(di, iin, sizeof(iin), cudaMemcpyHostToDevice));
  ints<<<n / 128, 128>>>(di, dio, n);
  CK(cudaMemcpy(iout, dio, sizeof(iout), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n && ok; i++) {
    int w0 = encode(BF16, iin[i], RN);
    long double b = decode(BF16, encode(BF16, (long double)(iin[i] / 7.f), RN));
    int w1 = (int)truncl(b);
    ok = iout[i * 2] == w0 && iout[i * 2 + 1] == w1;
    if (!ok) printf("  %d: __int2bfloat16_rn %04x want %04x, __bfloat162int_rz %d want %d\n", iin[i], iout[i * 2], w0, iout[i * 2 + 1], w1);
  }
  check(ok, "__int2bfloat16_rn and __bfloat162int_rz");
  return finish();
}
