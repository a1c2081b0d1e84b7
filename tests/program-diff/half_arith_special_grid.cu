// half and bfloat16 arithmetic, comparisons and min/max over a grid of special operands:
// each row is one operand a against every b, the results' bits in hex.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define NOPS 30
template <class T> __device__ unsigned short bits(T x);
template <> __device__ unsigned short bits(__half x) { return __half_as_ushort(x); }
template <> __device__ unsigned short bits(__nv_bfloat16 x) { return __bfloat16_as_ushort(x); }
template <class T, class T2>
__device__ void ops(T a, T b, T c, unsigned short *o) {
  int k = 0;
  o[k++] = bits(__hadd(a, b)); o[k++] = bits(__hsub(a, b)); o[k++] = bits(__hmul(a, b));
  o[k++] = bits(__hadd_rn(a, b)); o[k++] = bits(__hsub_rn(a, b)); o[k++] = bits(__hmul_rn(a, b));
  o[k++] = bits(__hdiv(a, b)); o[k++] = bits(__hfma(a, b, c)); o[k++] = bits(__hfma_sat(a, b, c));
  o[k++] = bits(__hfma_relu(a, b, c)); o[k++] = bits(__hadd_sat(a, b)); o[k++] = bits(__hmul_sat(a, b));
  o[k++] = bits(__hmax(a, b)); o[k++] = bits(__hmin(a, b)); o[k++] = bits(__hmax_nan(a, b)); o[k++] = bits(__hmin_nan(a, b));
  o[k++] = __heq(a, b) | __hne(a, b) << 1 | __hlt(a, b) << 2 | __hle(a, b) << 3 | __hgt(a, b) << 4 | __hge(a, b) << 5 |
           __hequ(a, b) << 6 | __hneu(a, b) << 7 | __hltu(a, b) << 8 | __hleu(a, b) << 9 | __hgtu(a, b) << 10 | __hgeu(a, b) << 11 |
           __hisnan(a) << 12 | (__hisinf(a) & 3) << 13;
  T2 a2 = {a, b}, b2 = {b, c};
  T2 r = __hcmadd(a2, b2, T2{c, a});
  o[k++] = bits(r.x); o[k++] = bits(r.y);
  r = __h2div(a2, b2); o[k++] = bits(r.x); o[k++] = bits(r.y);
  r = __hfma2_relu(a2, b2, T2{c, c}); o[k++] = bits(r.x); o[k++] = bits(r.y);
  r = __hmax2_nan(a2, b2); o[k++] = bits(r.x); o[k++] = bits(r.y);
  o[k++] = __hbeq2(a2, b2) | __hbne2(a2, b2) << 1 | __hblt2(a2, b2) << 2 | __hbgeu2(a2, b2) << 3 | __hbneu2(a2, b2) << 4 | __hbltu2(a2, b2) << 5;
  r = __heq2(a2, b2); o[k++] = bits(r.x) ^ bits(r.y) << 1;
  o[k++] = __heq2_mask(a2, b2); o[k++] = __hltu2_mask(a2, b2) >> 16; o[k++] = bits(__habs(a)) ;
}
template <class T, class T2>
__global__ void grid(const unsigned short *v, int n, unsigned short *o, unsigned short cbits) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i >= n || j >= n) return;
  T a, b, c;
  unsigned short ab = v[i], bb = v[j];
  memcpy(&a, &ab, 2); memcpy(&b, &bb, 2); memcpy(&c, &cbits, 2);
  ops<T, T2>(a, b, c, o + (i * n + j) * NOPS);
}
template <class T, class T2>
void run(const char *name, const unsigned short *v, int n, unsigned short cbits) {
  unsigned short *dv, *d;
  cudaMalloc(&dv, n * 2); cudaMemcpy(dv, v, n * 2, cudaMemcpyHostToDevice);
  cudaMalloc(&d, n * n * NOPS * 2);
  grid<T, T2><<<n, n>>>(dv, n, d, cbits);
  unsigned short *h = new unsigned short[n * n * NOPS];
  cudaError_t e = cudaMemcpy(h, d, n * n * NOPS * 2, cudaMemcpyDeviceToHost);
  printf("%s c=%04x: %s\n", name, cbits, cudaGetErrorString(e));
  for (int k = 0; k < NOPS; k++) {
    printf("op%02d", k);
    for (int i = 0; i < n; i++) {
      printf(" ");
      for (int j = 0; j < n; j++) printf("%04x", h[(i * n + j) * NOPS + k]);
    }
    printf("\n");
  }
  cudaFree(d); cudaFree(dv); delete[] h;
}
int main() {
  const unsigned short hv[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x0400, 0x3c00, 0xbc00, 0x3c01, 0x3bff, 0x7bff, 0xfbff,
                               0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7d55, 0x5bff, 0x1000, 0x4248};
  const unsigned short bv[] = {0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x0080, 0x3f80, 0xbf80, 0x3f81, 0x3f7f, 0x7f7f, 0xff7f,
                               0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7fa5, 0x4b7f, 0x0100, 0x4049};
  run<__half, __half2>("half", hv, 20, 0x3c00);
  run<__half, __half2>("half", hv, 20, 0xfbff);
  run<__half, __half2>("half", hv, 20, 0x7e00);
  run<__nv_bfloat16, __nv_bfloat162>("bf16", bv, 20, 0x3f80);
  run<__nv_bfloat16, __nv_bfloat162>("bf16", bv, 20, 0xff7f);
  run<__nv_bfloat16, __nv_bfloat162>("bf16", bv, 20, 0x7fc0);
  return 0;
}
