// The C++ operators of __half/__half2/__nv_bfloat16/__nv_bfloat162 (arithmetic, compound
// assignment, ++/--, unary, comparisons), constructors and conversion operators from and to
// built-in types, and the cache-hinted loads and stores of half types (__ldg, __ldcg, __ldca,
// __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs, __stwt).
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
template <class T, class T2>
__device__ void ops(T a, T b, unsigned short *o) {
  int k = 0;
  auto B = [](T x) { unsigned short u; memcpy(&u, &x, 2); return u; };
  o[k++] = B(a + b); o[k++] = B(a - b); o[k++] = B(a * b); o[k++] = B(a / b); o[k++] = B(-a); o[k++] = B(+b);
  T c = a; c += b; o[k++] = B(c); c -= a; o[k++] = B(c); c *= b; o[k++] = B(c); c /= a; o[k++] = B(c);
  c = a; o[k++] = B(c++); o[k++] = B(c); o[k++] = B(--c); o[k++] = B(c--); o[k++] = B(++c);
  o[k++] = (a == b) | (a != b) << 1 | (a < b) << 2 | (a <= b) << 3 | (a > b) << 4 | (a >= b) << 5;
  T2 p(a, b), q(b, a);
  T2 r = p + q; o[k++] = B(r.x); o[k++] = B(r.y);
  r = p * q - p; o[k++] = B(r.x); o[k++] = B(r.y);
  r = p / q; o[k++] = B(r.x); o[k++] = B(r.y);
  r = -p; r += q; r *= p; o[k++] = B(r.x); o[k++] = B(r.y);
  o[k++] = (p == q) | (p != q) << 1 | (p < q) << 2 | (p >= q) << 3;
  o[k++] = (unsigned short)(int)a; o[k++] = (unsigned short)(unsigned)b; o[k++] = (unsigned short)(short)a;
  o[k++] = (unsigned short)(long long)b; o[k++] = (unsigned short)(char)a; o[k++] = (unsigned short)(unsigned char)b;
  o[k++] = (bool)a; float f = a; o[k++] = (unsigned short)(__float_as_uint(f) >> 16);
  T fromi = (T)(int)-70000; o[k++] = B(fromi); T fromu = (T)77777u; o[k++] = B(fromu);
  T froms = (T)(short)-1234; o[k++] = B(froms); T fromll = (T)(long long)0x7fffffffffffffffll; o[k++] = B(fromll);
  T fromd = (T)1.000000001; o[k++] = B(fromd); T fromull = (T)18446744073709551615ull; o[k++] = B(fromull);
}
template <class T, class T2>
__global__ void run_ops(const unsigned short *v, int n, unsigned short *o) {
  int i = blockIdx.x, j = threadIdx.x;
  if (i >= n || j >= n) return;
  T a, b; memcpy(&a, &v[i], 2); memcpy(&b, &v[j], 2);
  ops<T, T2>(a, b, o + (i * n + j) * 48);
}
__global__ void cache(const __half *h, const __half2 *h2, const __nv_bfloat16 *b, const __nv_bfloat162 *b2, unsigned *o,
                      __half *sh, __half2 *sh2, __nv_bfloat16 *sb, __nv_bfloat162 *sb2) {
  int i = threadIdx.x;
  __half x = __hadd(__ldg(&h[i]), __ldcg(&h[i + 1]));
  x = __hadd(x, __hadd(__ldca(&h[i + 2]), __ldcs(&h[i + 3])));
  x = __hadd(x, __hadd(__ldlu(&h[i + 4]), __ldcv(&h[i + 5])));
  __half2 y = __hadd2(__ldg(&h2[i]), __ldcg(&h2[i + 1]));
  y = __hadd2(y, __hmul2(__ldca(&h2[i + 2]), __ldcs(&h2[i + 3])));
  y = __hadd2(y, __hsub2(__ldlu(&h2[i + 4]), __ldcv(&h2[i + 5])));
  __nv_bfloat16 z = __hadd(__ldg(&b[i]), __ldcg(&b[i + 1]));
  z = __hfma(__ldca(&b[i + 2]), __ldcs(&b[i + 3]), z);
  z = __hsub(z, __hadd(__ldlu(&b[i + 4]), __ldcv(&b[i + 5])));
  __nv_bfloat162 w = __hadd2(__ldg(&b2[i]), __ldcg(&b2[i + 1]));
  w = __hfma2(__ldca(&b2[i + 2]), __ldcs(&b2[i + 3]), w);
  w = __hmul2(w, __hadd2(__ldlu(&b2[i + 4]), __ldcv(&b2[i + 5])));
  o[i * 4] = __half_as_ushort(x); memcpy(&o[i * 4 + 1], &y, 4);
  o[i * 4 + 2] = __bfloat16_as_ushort(z); memcpy(&o[i * 4 + 3], &w, 4);
  __stwb(&sh[i], x); __stcg(&sh[i + 32], x); __stcs(&sh[i + 64], __hneg(x)); __stwt(&sh[i + 96], __habs(x));
  __stwb(&sh2[i], y); __stcg(&sh2[i + 32], __lowhigh2highlow(y)); __stcs(&sh2[i + 64], y); __stwt(&sh2[i + 96], __hneg2(y));
  __stwb(&sb[i], z); __stcg(&sb[i + 32], z); __stcs(&sb[i + 64], __hneg(z)); __stwt(&sb[i + 96], z);
  __stwb(&sb2[i], w); __stcg(&sb2[i + 32], w); __stcs(&sb2[i + 64], __lowhigh2highlow(w)); __stwt(&sb2[i + 96], w);
}
int main() {
  const unsigned short hv[] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x3555, 0x7bff, 0x7c00, 0x7e00, 0x0001, 0x4d2e, 0xc800, 0x5640};
  const unsigned short bv[] = {0x0000, 0x8000, 0x3f80, 0xbf80, 0x3eab, 0x7f7f, 0x7f80, 0x7fc0, 0x0001, 0x4699, 0xc100, 0x42ca};
  const int n = 12;
  unsigned short *dv, *o; cudaMalloc(&dv, 24); cudaMallocManaged(&o, n * n * 48 * 2);
  for (int t = 0; t < 2; t++) {
    cudaMemcpy(dv, t ? bv : hv, 24, cudaMemcpyHostToDevice);
    if (t) run_ops<__nv_bfloat16, __nv_bfloat162><<<n, n>>>(dv, n, o);
    else run_ops<__half, __half2><<<n, n>>>(dv, n, o);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %s\n", t ? "bf16" : "half", cudaGetErrorString(e));
    for (int k = 0; k < 40; k++) {
      printf("op%02d", k);
      for (int i = 0; i < n; i++) {
        printf(" ");
        for (int j = 0; j < n; j++) printf("%04x", o[(i * n + j) * 48 + k]);
      }
      printf("\n");
    }
  }
  __half *h; __half2 *h2; __nv_bfloat16 *b; __nv_bfloat162 *b2; unsigned *co;
  cudaMallocManaged(&h, 256); cudaMallocManaged(&h2, 256); cudaMallocManaged(&b, 256); cudaMallocManaged(&b2, 256); cudaMallocManaged(&co, 512);
  for (int i = 0; i < 64; i++) {
    h[i] = __float2half(i * 0.37f - 5.f); b[i] = __float2bfloat16(i * -1.13f + 9.f);
    h2[i] = __floats2half2_rn(i * 0.5f, 100.f / (i + 1)); b2[i] = __floats2bfloat162_rn(i * 3.3f, -1.f / (i + 2));
  }
  __half *sh; __half2 *sh2; __nv_bfloat16 *sb; __nv_bfloat162 *sb2;
  cudaMallocManaged(&sh, 512); cudaMallocManaged(&sh2, 1024); cudaMallocManaged(&sb, 512); cudaMallocManaged(&sb2, 1024);
  cache<<<1, 32>>>(h, h2, b, b2, co, sh, sh2, sb, sb2);
  cudaError_t e = cudaDeviceSynchronize();
  printf("cache: %s\n", cudaGetErrorString(e));
  for (int i = 0; i < 32; i++) printf(" %x/%x/%x/%x", co[i * 4], co[i * 4 + 1], co[i * 4 + 2], co[i * 4 + 3]);
  printf("\n");
  unsigned hs = 2166136261u;
  for (int i = 0; i < 128; i++) hs = (hs ^ __half_as_ushort(sh[i]) ^ *(unsigned *)&sh2[i] ^ __bfloat16_as_ushort(sb[i]) << 3 ^ *(unsigned *)&sb2[i] << 1) * 16777619u;
  printf("stores %08x\n", hs);
  return 0;
}
