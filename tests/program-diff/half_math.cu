// Half and bfloat16 arithmetic and math functions (cuda_fp16.h / cuda_bf16.h), printed bit-exactly.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__device__ __half2 h2r(__half2 v) { return __hmul2(v, v); }
__global__ void k(unsigned short* o, int n) {
  int i = threadIdx.x; if (i >= n) return;
  float x = (i - 32) * 0.173f;
  __half h = __float2half(x), g = __float2half(1.5f + i * 0.01f);
  __half2 h2 = __halves2half2(h, g);
  __nv_bfloat16 b = __float2bfloat16(x), c = __float2bfloat16(0.75f - i * 0.02f);
  unsigned short* r = o + i * 16;
  r[0] = __half_as_ushort(__hadd(h, g)); r[1] = __half_as_ushort(__hmul(h, g)); r[2] = __half_as_ushort(__hdiv(h, g));
  r[3] = __half_as_ushort(hsqrt(__habs(h))); r[4] = __half_as_ushort(hexp(__hmul(h, __float2half(0.3f)))); r[5] = __half_as_ushort(hsin(h));
  r[6] = __half_as_ushort(hlog(g)); r[7] = __half_as_ushort(__hfma(h, g, h)); r[8] = __half_as_ushort(__low2half(h2r(h2)));
  r[9] = __bfloat16_as_ushort(__hadd(b, c)); r[10] = __bfloat16_as_ushort(__hmul(b, c)); r[11] = __bfloat16_as_ushort(__hfma(b, c, b));
  r[12] = __bfloat16_as_ushort(hexp(__hmul(b, __float2bfloat16(0.3f)))); r[13] = __half_as_ushort(__float2half_rz(x * 1.001f));
  r[14] = __half_as_ushort(__int2half_rn(i * 1001)); r[15] = (unsigned short)__half2int_rz(__hmul(h, __float2half(100.f)));
}

int main() {
  const int n = 64; unsigned short* o; cudaMallocManaged(&o, n * 16 * 2);
  k<<<1, n>>>(o, n); cudaDeviceSynchronize();
  for (int i = 0; i < n; i++) { printf("%2d:", i); for (int j = 0; j < 16; j++) printf(" %04x", o[i * 16 + j]); printf("\n"); }
  return 0;
}
