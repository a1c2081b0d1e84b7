// Integer <-> half / bfloat16 conversions of every width in every rounding mode, at edge values.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define H(x) __half_as_ushort(x)
#define B(x) __bfloat16_as_ushort(x)
__global__ void to_half(const long long *v, int n, unsigned short *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  long long x = v[i];
  unsigned short *p = o + i * 48;
  int k = 0;
  p[k++] = H(__int2half_rn((int)x)); p[k++] = H(__int2half_rz((int)x)); p[k++] = H(__int2half_rd((int)x)); p[k++] = H(__int2half_ru((int)x));
  p[k++] = H(__uint2half_rn((unsigned)x)); p[k++] = H(__uint2half_rz((unsigned)x)); p[k++] = H(__uint2half_rd((unsigned)x)); p[k++] = H(__uint2half_ru((unsigned)x));
  p[k++] = H(__short2half_rn((short)x)); p[k++] = H(__short2half_rz((short)x)); p[k++] = H(__short2half_rd((short)x)); p[k++] = H(__short2half_ru((short)x));
  p[k++] = H(__ushort2half_rn((unsigned short)x)); p[k++] = H(__ushort2half_rz((unsigned short)x)); p[k++] = H(__ushort2half_rd((unsigned short)x)); p[k++] = H(__ushort2half_ru((unsigned short)x));
  p[k++] = H(__ll2half_rn(x)); p[k++] = H(__ll2half_rz(x)); p[k++] = H(__ll2half_rd(x)); p[k++] = H(__ll2half_ru(x));
  p[k++] = H(__ull2half_rn((unsigned long long)x)); p[k++] = H(__ull2half_rz((unsigned long long)x)); p[k++] = H(__ull2half_rd((unsigned long long)x)); p[k++] = H(__ull2half_ru((unsigned long long)x));
  p[k++] = B(__int2bfloat16_rn((int)x)); p[k++] = B(__int2bfloat16_rz((int)x)); p[k++] = B(__int2bfloat16_rd((int)x)); p[k++] = B(__int2bfloat16_ru((int)x));
  p[k++] = B(__uint2bfloat16_rn((unsigned)x)); p[k++] = B(__uint2bfloat16_rz((unsigned)x)); p[k++] = B(__uint2bfloat16_rd((unsigned)x)); p[k++] = B(__uint2bfloat16_ru((unsigned)x));
  p[k++] = B(__short2bfloat16_rn((short)x)); p[k++] = B(__short2bfloat16_rz((short)x)); p[k++] = B(__short2bfloat16_rd((short)x)); p[k++] = B(__short2bfloat16_ru((short)x));
  p[k++] = B(__ushort2bfloat16_rn((unsigned short)x)); p[k++] = B(__ushort2bfloat16_rz((unsigned short)x)); p[k++] = B(__ushort2bfloat16_rd((unsigned short)x)); p[k++] = B(__ushort2bfloat16_ru((unsigned short)x));
  p[k++] = B(__ll2bfloat16_rn(x)); p[k++] = B(__ll2bfloat16_rz(x)); p[k++] = B(__ll2bfloat16_rd(x)); p[k++] = B(__ll2bfloat16_ru(x));
  p[k++] = B(__ull2bfloat16_rn((unsigned long long)x)); p[k++] = B(__ull2bfloat16_rz((unsigned long long)x)); p[k++] = B(__ull2bfloat16_rd((unsigned long long)x)); p[k++] = B(__ull2bfloat16_ru((unsigned long long)x));
}
__global__ void from_half(const unsigned short *v, int n, long long *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  __half h = __ushort_as_half(v[i]);
  __nv_bfloat16 b = __ushort_as_bfloat16(v[i]);
  long long *p = o + i * 48;
  int k = 0;
#define R4(F, x, T) p[k++] = (long long)(T)F##_rn(x); p[k++] = (long long)(T)F##_rz(x); p[k++] = (long long)(T)F##_rd(x); p[k++] = (long long)(T)F##_ru(x);
  R4(__half2int, h, int) R4(__half2uint, h, unsigned) R4(__half2short, h, short) R4(__half2ushort, h, unsigned short)
  R4(__half2ll, h, long long) R4(__half2ull, h, unsigned long long)
  R4(__bfloat162int, b, int) R4(__bfloat162uint, b, unsigned) R4(__bfloat162short, b, short) R4(__bfloat162ushort, b, unsigned short)
  R4(__bfloat162ll, b, long long) R4(__bfloat162ull, b, unsigned long long)
}
__global__ void char_conv(const unsigned short *v, int n, int *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  __half h = __ushort_as_half(v[i]);
  __nv_bfloat16 b = __ushort_as_bfloat16(v[i]);
  o[i * 4 + 0] = __half2char_rz(h); o[i * 4 + 1] = __half2uchar_rz(h);
  o[i * 4 + 2] = __bfloat162char_rz(b); o[i * 4 + 3] = __bfloat162uchar_rz(b);
}
int main() {
  const long long vals[] = {0, 1, -1, 2047, 2049, 2051, 4097, -4097, 65504, 65519, 65520, 65536, -65520, 32767, -32768,
                            0x7fffffff, (long long)0xffffffff80000000ll, 0xffffffffll, 0x1000001, 0x1000003, -0x1000003,
                            0x7fffffffffffffffll, (long long)0x8000000000000000ull, (long long)0xffffffffffffffffull,
                            0x123456789abll, -0x123456789abll, 255, 257, 259, 511, 513, 12345, -12345, 40000, 50000,
                            0x8001, 0xfff0, 0x40000001ll, 0x4000000000000001ll};
  const int n = sizeof(vals) / sizeof(vals[0]);
  long long *dv; unsigned short *dh; long long *dl; int *dc;
  cudaMalloc(&dv, sizeof(vals)); cudaMemcpy(dv, vals, sizeof(vals), cudaMemcpyHostToDevice);
  cudaMalloc(&dh, n * 48 * 2);
  to_half<<<1, 64>>>(dv, n, dh);
  unsigned short hh[64 * 48]; cudaMemcpy(hh, dh, n * 48 * 2, cudaMemcpyDeviceToHost);
  const char *w[] = {"int", "uint", "short", "ushort", "ll", "ull"};
  for (int i = 0; i < n; i++) {
    printf("%llx ->", (unsigned long long)vals[i]);
    for (int j = 0; j < 48; j++) printf("%s%04x", j % 4 ? "," : (j == 24 ? " | " : " "), hh[i * 48 + j]);
    printf("\n");
  }
  const unsigned short hv[] = {0x0000, 0x8000, 0x0001, 0x3800, 0xb800, 0x3c00, 0x3e00, 0xbe00, 0x4100, 0xc100, 0x4500, 0xc500,
                               0x57ff, 0x5800, 0x7800, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x3f80, 0xbf80,
                               0x4f00, 0x4f80, 0xcf00, 0xcf80, 0x5f00, 0xdf00, 0x7f00, 0xff00, 0x7f7f, 0xff7f, 0x4380, 0x4780,
                               0x3bff, 0xbbff, 0x3c01, 0x4e00, 0xc300};
  const int m = sizeof(hv) / 2;
  unsigned short *dhv; cudaMalloc(&dhv, sizeof(hv)); cudaMemcpy(dhv, hv, sizeof(hv), cudaMemcpyHostToDevice);
  cudaMalloc(&dl, m * 48 * 8);
  from_half<<<1, 64>>>(dhv, m, dl);
  static long long ll[64 * 48]; cudaMemcpy(ll, dl, m * 48 * 8, cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++) {
    printf("%04x:", hv[i]);
    for (int j = 0; j < 48; j++) printf("%s%llx", j % 4 ? "," : (j == 24 ? " | " : " "), (unsigned long long)ll[i * 48 + j]);
    printf("\n");
  }
  cudaMalloc(&dc, m * 16);
  char_conv<<<1, 64>>>(dhv, m, dc);
  int cc[64 * 4]; cudaMemcpy(cc, dc, m * 16, cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++) printf("%04x char %d %d %d %d\n", hv[i], cc[i * 4], cc[i * 4 + 1], cc[i * 4 + 2], cc[i * 4 + 3]);
  cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(e));
  (void)w;
  return 0;
}
