// float/double <-> half/bfloat16 conversions: every half subnormal to float, float operands near
// the rounding boundaries in each rounding mode, NaN payloads, pair forms.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void sub(float *o) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;  // 0..2047: every subnormal and zero, both signs
  unsigned short b = (i & 1023) | (i >> 10) << 15;
  o[i] = __half2float(__ushort_as_half(b));
}
__global__ void down(const float *f, int n, unsigned short *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  float x = f[i];
  unsigned short *p = o + i * 16;
  p[0] = __half_as_ushort(__float2half(x)); p[1] = __half_as_ushort(__float2half_rn(x));
  p[2] = __half_as_ushort(__float2half_rz(x)); p[3] = __half_as_ushort(__float2half_rd(x));
  p[4] = __half_as_ushort(__float2half_ru(x)); p[5] = __half_as_ushort(__double2half((double)x * (1.0 + 0x1p-30)));
  p[6] = __bfloat16_as_ushort(__float2bfloat16(x)); p[7] = __bfloat16_as_ushort(__float2bfloat16_rz(x));
  p[8] = __bfloat16_as_ushort(__float2bfloat16_rd(x)); p[9] = __bfloat16_as_ushort(__float2bfloat16_ru(x));
  p[10] = __bfloat16_as_ushort(__double2bfloat16((double)x * (1.0 - 0x1p-40)));
  __half2 h2 = __floats2half2_rn(x, -x); p[11] = __half_as_ushort(h2.y);
  __nv_bfloat162 b2 = __float22bfloat162_rn(make_float2(-x, x)); p[12] = __bfloat16_as_ushort(b2.x);
  __half2 h22 = __float2half2_rn(x); p[13] = __half_as_ushort(h22.x) ^ __half_as_ushort(h22.y);
  float2 back = __half22float2(h2); unsigned u; memcpy(&u, &back.y, 4); p[14] = u >> 16; p[15] = u & 0xffff;
}
__global__ void nanpay(const unsigned short *v, int n, unsigned *o) {
  int i = threadIdx.x;
  if (i >= n) return;
  float a = __half2float(__ushort_as_half(v[i])), b = __bfloat162float(__ushort_as_bfloat16(v[i]));
  memcpy(&o[3 * i], &a, 4); memcpy(&o[3 * i + 1], &b, 4);
  double d = (double)__ushort_as_half(v[i]);
  unsigned long long dl; memcpy(&dl, &d, 8); o[3 * i + 2] = (unsigned)(dl >> 32);
}
int main() {
  float *d; cudaMallocManaged(&d, 2048 * 4);
  sub<<<2, 1024>>>(d);
  cudaDeviceSynchronize();
  for (int i = 0; i < 2048; i += 8) {
    printf("%04x:", (i & 1023) | (i >> 10) << 15);
    for (int j = 0; j < 8; j++) printf(" %a", d[i + j]);
    printf("\n");
  }
  const float fv[] = {0x1p-24f, 0x1p-25f, 0x1.000002p-25f, 0x1.8p-24f, 0x1.4p-24f, 0x1.cp-24f, 0x1p-14f, 0x1.ffcp-15f, 0x1.ffep-15f,
                      0x1.ffdp-15f, 65504.f, 65519.f, 65520.f, 65519.996f, 1e9f, -65520.f, 1.0f + 0x1p-11f, 1.0f + 0x1p-11f + 0x1p-20f,
                      1.0f + 3 * 0x1p-11f, -(1.0f + 0x1p-11f), 0x1.fffffep127f, 0x1p-126f, 0x1p-149f, 0x1.ff8p-127f, 1.00390625f,
                      1.01171875f, 1.0078125f, -1.0078125f, 0x1.fep127f, 0x1.ff000000p127f, 0x1.ffp127f, 3.14159265f, -2.71828182f,
                      0.1f, -0.0f, __builtin_inff(), -__builtin_inff(), __builtin_nanf(""), -__builtin_nanf("0x1fff"),
                      __builtin_nanf("0x3fffff"), 5.9604645e-8f, 2.9802322e-8f, 6.1035156e-5f, 0x1.002p-14f, 0x1.0p-15f};
  const int n = sizeof(fv) / 4;
  float *df; unsigned short *dh; cudaMalloc(&df, sizeof(fv)); cudaMalloc(&dh, n * 32);
  cudaMemcpy(df, fv, sizeof(fv), cudaMemcpyHostToDevice);
  down<<<1, 64>>>(df, n, dh);
  unsigned short h[64 * 16]; cudaMemcpy(h, dh, n * 32, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    printf("%a:", fv[i]);
    for (int j = 0; j < 16; j++) printf(" %04x", h[i * 16 + j]);
    printf("\n");
  }
  const unsigned short nv[] = {0x7c01, 0x7dff, 0x7e00, 0x7fff, 0xfc01, 0xfe01, 0x7f81, 0x7fc1, 0xff81, 0xffff, 0x0001, 0x8001, 0x7c00, 0x7f80};
  const int m = sizeof(nv) / 2;
  unsigned short *dn; unsigned *dp; cudaMalloc(&dn, sizeof(nv)); cudaMalloc(&dp, m * 12);
  cudaMemcpy(dn, nv, sizeof(nv), cudaMemcpyHostToDevice);
  nanpay<<<1, 32>>>(dn, m, dp);
  unsigned p[64 * 3]; cudaMemcpy(p, dp, m * 12, cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++) printf("%04x -> %08x %08x %08x\n", nv[i], p[3 * i], p[3 * i + 1], p[3 * i + 2]);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
