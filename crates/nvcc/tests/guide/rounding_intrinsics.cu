// Intrinsic functions with explicit rounding (the guide's intrinsic-functions appendix): __fadd_r*,
// __fsub_r*, __fmul_r*, __fdiv_r*, __frcp_r*, __fsqrt_r*, __fmaf_r*, __dadd_r*, __dmul_r*, __ddiv_r*,
// __dsqrt_r*, __fma_r*, and the conversions __float2int_r*, __float2uint_r*, __float2ll_r*,
// __int2float_r*, __ll2float_r*, __double2float_r*, __double2int_r*, plus the bit casts
// __float_as_int, __int_as_float, __double_as_longlong, __double2hiint/__double2loint/__hiloint2double.
// The host reference performs the same IEEE operation under fesetround with the matching mode.
#include "guide.h"
#include <cfenv>
#include <cmath>
#include <cstdint>
#pragma STDC FENV_ACCESS ON
const int N = 2048, NF = 22;
__global__ void kf(const float* a, const float* b, const float* c, float* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i], y = b[i], z = c[i];
  float* o = out + i * NF;
  o[0] = __fadd_rn(x, y); o[1] = __fadd_rz(x, y); o[2] = __fadd_ru(x, y); o[3] = __fadd_rd(x, y);
  o[4] = __fmul_rn(x, y); o[5] = __fmul_rz(x, y); o[6] = __fmul_ru(x, y); o[7] = __fmul_rd(x, y);
  o[8] = __fdiv_rn(x, y); o[9] = __fdiv_rz(x, y); o[10] = __fdiv_ru(x, y); o[11] = __fdiv_rd(x, y);
  o[12] = __fmaf_rn(x, y, z); o[13] = __fmaf_rz(x, y, z); o[14] = __fmaf_ru(x, y, z); o[15] = __fmaf_rd(x, y, z);
  float ax = fabsf(x);
  o[16] = __fsqrt_rn(ax); o[17] = __fsqrt_rz(ax); o[18] = __fsqrt_ru(ax); o[19] = __fsqrt_rd(ax);
  o[20] = __frcp_ru(x); o[21] = __fsub_rd(x, y);
}
const int ND = 12;
__global__ void kd(const double* a, const double* b, const double* c, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double x = a[i], y = b[i], z = c[i];
  double* o = out + i * ND;
  o[0] = __dadd_rz(x, y); o[1] = __dadd_ru(x, y); o[2] = __dmul_rd(x, y); o[3] = __dmul_ru(x, y);
  o[4] = __ddiv_rz(x, y); o[5] = __ddiv_rd(x, y); o[6] = __dsqrt_ru(fabs(x)); o[7] = __dsqrt_rd(fabs(x));
  o[8] = __fma_rz(x, y, z); o[9] = __fma_ru(x, y, z); o[10] = __drcp_rd(x); o[11] = __dsub_ru(x, y);
}
const int NC = 28;
__global__ void kc(const float* a, const double* d, const long long* l, long long* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float x = a[i]; double y = d[i]; long long q = l[i];
  long long* o = out + i * NC;
  o[0] = __float2int_rn(x); o[1] = __float2int_rz(x); o[2] = __float2int_ru(x); o[3] = __float2int_rd(x);
  o[4] = __float2uint_rn(x); o[5] = __float2uint_rd(x);
  o[6] = __float2ll_rn(x); o[7] = __float2ll_ru(x);
  o[8] = __float_as_int(__int2float_rn((int)q)); o[9] = __float_as_int(__int2float_rz((int)q));
  o[10] = __float_as_int(__int2float_ru((int)q)); o[11] = __float_as_int(__int2float_rd((int)q));
  o[12] = __float_as_int(__ll2float_rn(q)); o[13] = __float_as_int(__ll2float_ru(q));
  o[14] = __float_as_int(__double2float_rn(y)); o[15] = __float_as_int(__double2float_rz(y));
  o[16] = __float_as_int(__double2float_ru(y)); o[17] = __float_as_int(__double2float_rd(y));
  o[18] = __double2int_rn(y / 1e290); o[19] = __double2int_rd(y / 1e290);
  o[20] = __double2hiint(y); o[21] = (unsigned)__double2loint(y);
  o[22] = __double_as_longlong(__hiloint2double(__double2hiint(y), __double2loint(y)));
  o[23] = __float_as_uint(__uint_as_float(0x7f800001u | (unsigned)i));
  o[24] = __float_as_uint(__uint2float_rz((unsigned)q)); o[25] = __float_as_uint(__ll2float_rz(q));
  o[26] = __double_as_longlong(__ll2double_rz(q)); o[27] = __double_as_longlong(__ull2double_rz((unsigned long long)q));
}
static const int modes[4] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD};
template <typename T, typename F> T in_mode(int m, F f) {
  fesetround(modes[m]);
  volatile T r = f();
  fesetround(FE_TONEAREST);
  return r;
}
// Float-to-integer conversion per CUDA: round per mode, saturate to the type's range, NaN -> 0
// (int: NaN -> 0x80000000 per cvt.rni.s32.f32 is not specified by the guide; NaN inputs are not used).
template <typename I> static long long to_int(long double v, int m) {
  long double r = m == 0 ? nearbyintl(v) : m == 1 ? truncl(v) : m == 2 ? ceill(v) : floorl(v);
  long double lo = (long double)std::numeric_limits<I>::min(), hi = (long double)std::numeric_limits<I>::max();
  return (long long)(r < lo ? lo : r > hi ? hi : r);
}
static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t dbits(double f) { uint64_t u; memcpy(&u, &f, 8); return u; }
static bool same(float a, float b) { return fbits(a) == fbits(b) || (std::isnan(a) && std::isnan(b)); }
static bool same(double a, double b) { return dbits(a) == dbits(b) || (std::isnan(a) && std::isnan(b)); }
int main() {
  static float fa[N], fb[N], fc[N], fo[N * NF];
  static double da[N], db[N], dc[N], dout[N * ND];
  static long long ll[N], co[N * NC];
  uint64_t s = 88172645463325252ULL;
  auto rnd = [&]() { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return s; };
  for (int i = 0; i < N; i++) {
    // Random bit patterns with limited exponents (so products/quotients stay mostly finite),
    // including subnormal results.
    auto rf = [&]() { uint32_t u = (uint32_t)rnd(); u = (u & 0x807fffffu) | ((uint32_t)(60 + rnd() % 136) << 23); float f; memcpy(&f, &u, 4); return f; };
    auto rd = [&]() { uint64_t u = rnd(); u = (u & 0x800fffffffffffffULL) | ((uint64_t)(500 + rnd() % 1048) << 52); double d; memcpy(&d, &u, 8); return d; };
    fa[i] = rf(); fb[i] = rf(); fc[i] = rf();
    if (i % 4 == 1) fc[i] = -fa[i] * fb[i];  // cancellation in fma
    if (i % 16 == 3) { fa[i] = 1e-38f * (i % 7); fb[i] = 0.37f; }
    da[i] = rd(); db[i] = rd(); dc[i] = rd();
    if (i % 4 == 1) dc[i] = -da[i] * db[i];
    ll[i] = (long long)rnd() >> (rnd() % 64);
  }
  // Conversion inputs: halves, large values beyond int range, negatives.
  static float ca[N]; static double cd[N];
  for (int i = 0; i < N; i++) {
    ca[i] = (float)((int64_t)(rnd() % 2000001) - 1000000) / 4.f;
    if (i % 8 == 0) ca[i] = (float)((double)(int64_t)rnd() / (1 << (rnd() % 40)));
    if (i % 8 == 1) ca[i] = (float)(int)(rnd() % 100) + 0.5f;
    cd[i] = (double)(int64_t)rnd() * 1e270 / (double)(1 + rnd() % 1000);
  }
  float *dfa, *dfb, *dfc, *dfo; double *dda, *ddb, *ddc, *ddo, *dcd; long long *dll, *dco; float* dca;
  CK(cudaMalloc(&dfa, sizeof(fa))); CK(cudaMalloc(&dfb, sizeof(fb))); CK(cudaMalloc(&dfc, sizeof(fc))); CK(cudaMalloc(&dfo, sizeof(fo)));
  CK(cudaMalloc(&dda, sizeof(da))); CK(cudaMalloc(&ddb, sizeof(db))); CK(cudaMalloc(&ddc, sizeof(dc))); CK(cudaMalloc(&ddo, sizeof(dout)));
  CK(cudaMalloc(&dll, sizeof(ll))); CK(cudaMalloc(&dco, sizeof(co))); CK(cudaMalloc(&dca, sizeof(ca))); CK(cudaMalloc(&dcd, sizeof(cd)));
  CK(cudaMemcpy(dfa, fa, sizeof(fa), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dfb, fb, sizeof(fb), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dfc, fc, sizeof(fc), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dda, da, sizeof(da), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(ddb, db, sizeof(db), cudaMemcpyHostToDevice)); CK(cudaMemcpy(ddc, dc, sizeof(dc), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dll, ll, sizeof(ll), cudaMemcpyHostToDevice)); CK(cudaMemcpy(dca, ca, sizeof(ca), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dcd, cd, sizeof(cd), cudaMemcpyHostToDevice));
  kf<<<N / 128, 128>>>(dfa, dfb, dfc, dfo);
  kd<<<N / 128, 128>>>(dda, ddb, ddc, ddo);
  kc<<<N / 128, 128>>>(dca, dcd, dll, dco);
  CK(cudaMemcpy(fo, dfo, sizeof(fo), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(dout, ddo, sizeof(dout), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(co, dco, sizeof(co), cudaMemcpyDeviceToHost));
  const char* fnames[NF] = {"__fadd_rn", "__fadd_rz", "__fadd_ru", "__fadd_rd", "__fmul_rn", "__fmul_rz", "__fmul_ru", "__fmul_rd",
                            "__fdiv_rn", "__fdiv_rz", "__fdiv_ru", "__fdiv_rd", "__fmaf_rn", "__fmaf_rz", "__fmaf_ru", "__fmaf_rd",
                            "__fsqrt_rn", "__fsqrt_rz", "__fsqrt_ru", "__fsqrt_rd", "__frcp_ru", "__fsub_rd"};
  for (int k = 0; k < NF; k++) {
    bool ok = true;
    for (int i = 0; i < N && ok; i++) {
      volatile float x = fa[i], y = fb[i], z = fc[i];
      int m = k < 20 ? k % 4 : k == 20 ? 2 : 3;
      float w = in_mode<float>(m, [&]() -> float {
        switch (k / 4) {
          case 0: return x + y;
          case 1: return x * y;
          case 2: return x / y;
          case 3: return fmaf(x, y, z);
          case 4: return sqrtf(fabsf(x));
        }
        return k == 20 ? 1.0f / x : x - y;
      });
      if (!same(fo[i * NF + k], w)) {
        printf("  %s(%a, %a, %a) = %a, want %a\n", fnames[k], fa[i], fb[i], fc[i], fo[i * NF + k], w);
        ok = false;
      }
    }
    check(ok, fnames[k]);
  }
  const char* dnames[ND] = {"__dadd_rz", "__dadd_ru", "__dmul_rd", "__dmul_ru", "__ddiv_rz", "__ddiv_rd", "__dsqrt_ru", "__dsqrt_rd",
                            "__fma_rz", "__fma_ru", "__drcp_rd", "__dsub_ru"};
  const int dmode[ND] = {1, 2, 3, 2, 1, 3, 2, 3, 1, 2, 3, 2};
  for (int k = 0; k < ND; k++) {
    bool ok = true;
    for (int i = 0; i < N && ok; i++) {
      volatile double x = da[i], y = db[i], z = dc[i];
      double w = in_mode<double>(dmode[k], [&]() -> double {
        switch (k / 2) {
          case 0: return x + y;
          case 1: return x * y;
          case 2: return x / y;
          case 3: return sqrt(fabs(x));
          case 4: return fma(x, y, z);
        }
        return k == 10 ? 1.0 / x : x - y;
      });
      if (!same(dout[i * ND + k], w)) {
        printf("  %s(%a, %a, %a) = %a, want %a\n", dnames[k], da[i], db[i], dc[i], dout[i * ND + k], w);
        ok = false;
      }
    }
    check(ok, dnames[k]);
  }
  const char* cnames[NC] = {"__float2int_rn", "__float2int_rz", "__float2int_ru", "__float2int_rd", "__float2uint_rn", "__float2uint_rd",
                            "__float2ll_rn", "__float2ll_ru", "__int2float_rn", "__int2float_rz", "__int2float_ru", "__int2float_rd",
                            "__ll2float_rn", "__ll2float_ru", "__double2float_rn", "__double2float_rz", "__double2float_ru",
                            "__double2float_rd", "__double2int_rn", "__double2int_rd", "__double2hiint", "__double2loint",
                            "__hiloint2double", "__uint_as_float/__float_as_uint", "__uint2float_rz", "__ll2float_rz",
                            "__ll2double_rz", "__ull2double_rz"};
  for (int k = 0; k < NC; k++) {
    bool ok = true;
    for (int i = 0; i < N && ok; i++) {
      float x = ca[i]; double y = cd[i]; long long q = ll[i];
      long long w = 0;
      switch (k) {
        case 0: case 1: case 2: case 3: w = to_int<int>(x, k); break;
        case 4: w = to_int<unsigned>(x, 0); break;
        case 5: w = to_int<unsigned>(x, 3); break;
        case 6: w = to_int<long long>(x, 0); break;
        case 7: w = to_int<long long>(x, 2); break;
        case 8: case 9: case 10: case 11: { volatile int v = (int)q; w = (int)fbits(in_mode<float>(k - 8, [&]() -> float { return (float)v; })); break; }
        case 12: case 13: { volatile long long v = q; w = (int)fbits(in_mode<float>(k == 12 ? 0 : 2, [&]() -> float { return (float)v; })); break; }
        case 14: case 15: case 16: case 17: { volatile double v = y; w = (int)fbits(in_mode<float>(k - 14, [&]() -> float { return (float)v; })); break; }
        case 18: w = to_int<int>(y / 1e290, 0); break;
        case 19: w = to_int<int>(y / 1e290, 3); break;
        case 20: w = (int)(dbits(y) >> 32); break;
        case 21: w = (uint32_t)dbits(y); break;
        case 22: w = (long long)dbits(y); break;
        case 23: w = 0x7f800001u | (unsigned)i; break;
        case 24: { volatile unsigned v = (unsigned)q; w = fbits(in_mode<float>(1, [&]() -> float { return (float)v; })); break; }
        case 25: { volatile long long v = q; w = fbits(in_mode<float>(1, [&]() -> float { return (float)v; })); break; }
        case 26: { volatile long long v = q; w = (long long)dbits(in_mode<double>(1, [&]() -> double { return (double)v; })); break; }
        case 27: { volatile unsigned long long v = q; w = (long long)dbits(in_mode<double>(1, [&]() -> double { return (double)v; })); break; }
      }
      if (co[i * NC + k] != w) {
        printf("  %s(%a / %a / %lld) = %lld, want %lld\n", cnames[k], x, y, q, co[i * NC + k], w);
        ok = false;
      }
    }
    check(ok, cnames[k]);
  }
  return finish();
}
