// __half2 and __nv_bfloat162 arithmetic and comparisons on special operands (NaN, infinities,
// signed zeros, subnormals, values that round on overflow): __hadd2/__hsub2/__hmul2/__hfma2 and
// their _sat/_rn/relu forms, __hcmadd, __hmax2/__hmin2 and _nan variants, the equal/unordered
// comparisons returning masks (__heq2_mask, __hltu2_mask), bool forms (__hbeq2, __hbgtu2), and
// operators on __nv_bfloat162; printed as bits.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define NV 10
__global__ void k(unsigned* out) {
  const unsigned short hv[NV] = {0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x0001, 0x7bff, 0x3c00, 0xbc01, 0x3555};
  const unsigned short bv[NV] = {0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x0001, 0x7f7f, 0x3f80, 0xbf81, 0x3eab};
  int t = threadIdx.x;  // t = i*NV + j
  if (t >= NV * NV) return;
  int i = t / NV, j = t % NV;
  __half2 a = __halves2half2(__ushort_as_half(hv[i]), __ushort_as_half(hv[j]));
  __half2 b = __halves2half2(__ushort_as_half(hv[j]), __ushort_as_half(hv[(i + j) % NV]));
  __nv_bfloat162 x = __halves2bfloat162(__ushort_as_bfloat16(bv[i]), __ushort_as_bfloat16(bv[j]));
  __nv_bfloat162 y = __halves2bfloat162(__ushort_as_bfloat16(bv[j]), __ushort_as_bfloat16(bv[(i + j) % NV]));
  int o = 0;
  auto H = [&](__half2 v) { out[(o++) * 128 + t] = *(unsigned*)&v; };
  auto B = [&](__nv_bfloat162 v) { out[(o++) * 128 + t] = *(unsigned*)&v; };
  auto U = [&](unsigned v) { out[(o++) * 128 + t] = v; };
  H(__hadd2(a, b)); H(__hsub2_sat(a, b)); H(__hmul2_rn(a, b)); H(__hfma2(a, b, a)); H(__hfma2_relu(a, b, b));
  H(__hcmadd(a, b, a)); H(__hmax2(a, b)); H(__hmin2_nan(a, b)); H(__h2div(a, b)); H(__habs2(a)); H(__hneg2(b));
  U(__heq2_mask(a, b)); U(__hltu2_mask(a, b)); U(__hgeu2_mask(a, b)); U(__hne2_mask(a, b)); U(__hneu2_mask(a, b));
  U(__hbeq2(a, b) | __hbgtu2(a, b) << 1 | __hbneu2(a, b) << 2 | __hble2(a, b) << 3);
  H(__heq2(a, b)); H(__hisnan2(a));
  B(__hadd2(x, y)); B(x * y); B(x - y); B(__hfma2(x, y, x)); B(__hfma2_relu(x, y, y)); B(__hmax2_nan(x, y)); B(__hmin2(x, y));
  B(__h2div(x, y)); B(__hadd2_sat(x, y)); B(__hcmadd(x, y, x));
  U(__heq2_mask(x, y)); U(__hltu2_mask(x, y)); U(__hbgt2(x, y) | __hbequ2(x, y) << 1 | __hbleu2(x, y) << 2);
  U((x == y) | (x != y) << 1 | (x < y) << 2 | (x >= y) << 3);
  B(__heq2(x, y)); B(__hisnan2(x));
  if (t == 0) out[127] = o;
}
int main() {
  unsigned* d; cudaMalloc(&d, 64 * 128 * 4); cudaMemset(d, 0, 64 * 128 * 4);
  k<<<1, 128>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static unsigned h[64 * 128]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (unsigned r = 0; r < h[127]; r++) {
    printf("op %2u:", r);
    for (int t = 0; t < NV * NV; t++) printf(" %08x", h[r * 128 + t]);
    printf("\n");
  }
  return 0;
}
