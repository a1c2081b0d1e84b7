// Integer and floating-point edge cases: division and remainder signs and overflow, shifts by
// large amounts, float↔int conversions (rounding modes, saturation, NaN), min/max with NaN and
// signed zeros, fma, rsqrt/rcp of specials, double math at special arguments. Printed as bits.
#include <cstdio>
#include <cstdint>
#include <cmath>
#include <climits>
__global__ void ints(const int* a, const int* b, int n, int* o) {
  int i = threadIdx.x; if (i >= n) return;
  int x = a[i], y = b[i]; unsigned ux = x, uy = y; int* r = o + i * 10;
  r[0] = y ? x / y : 0; r[1] = y ? x % y : 0; r[2] = uy ? (int)(ux / uy) : 0; r[3] = uy ? (int)(ux % uy) : 0;
  r[4] = x << (y & 31); r[5] = x >> (y & 31); r[6] = (int)(ux >> (y & 31)); r[7] = __mul24(x, y); r[8] = abs(x); r[9] = __umul24(ux, uy);
}
__global__ void conv(const float* f, int n, unsigned* o) {
  int i = threadIdx.x; if (i >= n) return;
  float x = f[i]; unsigned* r = o + i * 16;
  r[0] = __float2int_rn(x); r[1] = __float2int_rz(x); r[2] = __float2int_rd(x); r[3] = __float2int_ru(x);
  r[4] = __float2uint_rn(x); r[5] = (unsigned)(long long)x; r[6] = (unsigned)__float2ll_rn(x); r[7] = (unsigned)(__float2ll_rn(x) >> 32);
  r[8] = __float_as_uint(rintf(x)); r[9] = __float_as_uint(truncf(x)); r[10] = __float_as_uint(roundf(x)); r[11] = __float_as_uint(fminf(x, -0.0f));
  r[12] = __float_as_uint(fmaxf(x, 0.0f)); r[13] = __float_as_uint(sqrtf(x));  // (rsqrtf is an approximation, not bit-exact) r[14] = __float_as_uint(1.0f / x); r[15] = __float_as_uint(__fsqrt_rn(x));
}
__global__ void dconv(const double* d, int n, unsigned long long* o) {
  int i = threadIdx.x; if (i >= n) return;
  double x = d[i]; unsigned long long* r = o + i * 12;
  r[0] = (unsigned long long)__double2ll_rn(x); r[1] = __double2ull_rz(x); r[2] = __float_as_uint(__double2float_rn(x)); r[3] = __float_as_uint(__double2float_rz(x));
  r[4] = __double_as_longlong(sin(x)); r[5] = __double_as_longlong(exp(x)); r[6] = __double_as_longlong(log(x)); r[7] = __double_as_longlong(sqrt(x));
  r[8] = __double_as_longlong(fma(x, x, -1.0)); r[9] = __double_as_longlong(fmod(x, 3.0)); r[10] = __double_as_longlong(remainder(x, 3.0)); r[11] = __double_as_longlong(pow(x, -2.5));
}
int main() {
  int ha[] = {7, -7, 7, -7, INT_MIN, INT_MIN, INT_MAX, 0, 1, -1, 123456789, -98765, 65536, 0x7fffff, -0x800000, 37};
  int hb[] = {2, 2, -2, -2, -1, 1, -1, 5, 33, 31, 1000, -3, 65536, 0x7fffff, 3, 0};
  const int n = 16; int *da, *db, *dout; cudaMalloc(&da, 64); cudaMalloc(&db, 64); cudaMalloc(&dout, n * 40);
  cudaMemcpy(da, ha, 64, cudaMemcpyHostToDevice); cudaMemcpy(db, hb, 64, cudaMemcpyHostToDevice);
  ints<<<1, n>>>(da, db, n, dout); int ho[n * 10]; cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) { printf("int %d %d:", ha[i], hb[i]); for (int j = 0; j < 10; j++) printf(" %d", ho[i * 10 + j]); printf("\n"); }
  float hf[] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, -2.5f, 1e10f, -1e10f, 3e9f, 4.3e9f, NAN, INFINITY, -INFINITY, -0.0f, 1e-45f, 2147483520.0f, -2147483648.0f, 0.49999997f, 8388609.0f, 1.17549435e-38f, 16777217.0f, -3.7f};
  const int m = sizeof hf / 4; float* df; unsigned* dco; cudaMalloc(&df, sizeof hf); cudaMalloc(&dco, m * 64);
  cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice); conv<<<1, m>>>(df, m, dco);
  unsigned hc[m * 16]; cudaMemcpy(hc, dco, sizeof hc, cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++) { printf("f %08x:", *(unsigned*)&hf[i]); for (int j = 0; j < 16; j++) printf(" %08x", hc[i * 16 + j]); printf("\n"); }
  double hd[] = {0.5, -2.5, 1e300, -1e300, 9.3e18, 1.8e19, -9.3e18, NAN, INFINITY, -0.0, 1e-310, 3.0, 7.5, 1e22, 0.1, M_PI * 1e6, 710.0, -745.5, 4.9e-324};
  const int k = sizeof hd / 8; double* dd; unsigned long long* ddo; cudaMalloc(&dd, sizeof hd); cudaMalloc(&ddo, k * 96);
  cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice); dconv<<<1, k>>>(dd, k, ddo);
  unsigned long long hdo[k * 12]; cudaMemcpy(hdo, ddo, sizeof hdo, cudaMemcpyDeviceToHost);
  for (int i = 0; i < k; i++) { printf("d %016llx:", *(unsigned long long*)&hd[i]); for (int j = 0; j < 12; j++) printf(" %016llx", hdo[i * 12 + j]); printf("\n"); }
  return 0;
}
