// atomicAdd on __half, __half2, __nv_bfloat16, __nv_bfloat162 (exact sums: order-free), atomicCAS
// loops over halves, and every __shfl_*_sync form on half and bfloat16 scalars and pairs, with widths.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void atom(__half *h, __half2 *h2, __nv_bfloat16 *b, __nv_bfloat162 *b2, __half *ret) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;  // 1024 threads
  __half one = __float2half(0.25f * (t & 3));
  ret[t] = atomicAdd(&h[t & 7], one);  // returns differ by order; only collected as a sum below
  atomicAdd(&h2[t & 3], __halves2half2(__float2half(0.5f), __float2half(-0.125f * (t & 1))));
  atomicAdd(&b[t & 1], __float2bfloat16(t & 1 ? 1.0f : -0.5f));
  atomicAdd(&b2[0], __floats2bfloat162_rn(0.125f, 2.0f));
  // a saturating counter by CAS: __hmax to 300 then stop
  unsigned short *u = (unsigned short *)&h[8];
  unsigned short old = *u, assumed;
  do {
    assumed = old;
    __half v = __hmin(__hadd(__ushort_as_half(assumed), __float2half(1.0f)), __float2half(300.0f));
    old = atomicCAS(u, assumed, __half_as_ushort(v));
  } while (old != assumed);
}
__global__ void shfl(const unsigned *in, unsigned *out) {
  int l = threadIdx.x;
  __half h = __ushort_as_half((unsigned short)in[l]);
  __half2 h2 = *(const __half2 *)&in[l];
  __nv_bfloat16 b = __ushort_as_bfloat16((unsigned short)(in[l] >> 16));
  __nv_bfloat162 b2 = *(const __nv_bfloat162 *)&in[31 - l];
  unsigned *o = out + l * 16;
  o[0] = __half_as_ushort(__shfl_sync(0xffffffff, h, (l * 7) & 31));
  o[1] = __half_as_ushort(__shfl_up_sync(0xffffffff, h, 3));
  o[2] = __half_as_ushort(__shfl_down_sync(0xffffffff, h, 5, 16));
  o[3] = __half_as_ushort(__shfl_xor_sync(0xffffffff, h, 9, 8));
  __half2 r = __shfl_sync(0xffffffff, h2, l + 3, 8); memcpy(&o[4], &r, 4);
  r = __shfl_up_sync(0xffffffff, h2, 1, 4); memcpy(&o[5], &r, 4);
  r = __shfl_down_sync(0xffffffff, h2, 2); memcpy(&o[6], &r, 4);
  r = __shfl_xor_sync(0xffffffff, h2, 16); memcpy(&o[7], &r, 4);
  o[8] = __bfloat16_as_ushort(__shfl_sync(0xffffffff, b, 31 - l));
  o[9] = __bfloat16_as_ushort(__shfl_up_sync(0xffffffff, b, 7, 16));
  o[10] = __bfloat16_as_ushort(__shfl_down_sync(0xffffffff, b, 1, 2));
  o[11] = __bfloat16_as_ushort(__shfl_xor_sync(0xffffffff, b, 3));
  __nv_bfloat162 s = __shfl_sync(0xffffffff, b2, -1 - l); memcpy(&o[12], &s, 4);
  s = __shfl_up_sync(0xffffffff, b2, 2, 32); memcpy(&o[13], &s, 4);
  s = __shfl_down_sync(0xffffffff, b2, 31); memcpy(&o[14], &s, 4);
  s = __shfl_xor_sync(0xffffffff, b2, 1, 4); memcpy(&o[15], &s, 4);
}
int main() {
  __half *h, *ret; __half2 *h2; __nv_bfloat16 *b; __nv_bfloat162 *b2;
  cudaMallocManaged(&h, 9 * 2); cudaMallocManaged(&h2, 16); cudaMallocManaged(&b, 4); cudaMallocManaged(&b2, 4); cudaMallocManaged(&ret, 2048);
  cudaMemset(h, 0, 18); cudaMemset(h2, 0, 16); cudaMemset(b, 0, 4); cudaMemset(b2, 0, 4);
  atom<<<4, 256>>>(h, h2, b, b2, ret);
  printf("atom: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 9; i++) printf("h[%d] = %04x %g\n", i, __half_as_ushort(h[i]), __half2float(h[i]));
  for (int i = 0; i < 4; i++) printf("h2[%d] = %08x\n", i, *(unsigned *)&h2[i]);
  printf("b = %04x %04x b2 = %08x\n", __bfloat16_as_ushort(b[0]), __bfloat16_as_ushort(b[1]), *(unsigned *)b2);
  float rs = 0; for (int i = 0; i < 1024; i++) rs += __half2float(ret[i]);
  printf("sum of returns is %s\n", rs >= 0 ? "non-negative" : "negative");
  unsigned *in, *out; cudaMallocManaged(&in, 128); cudaMallocManaged(&out, 32 * 16 * 4);
  for (int i = 0; i < 32; i++) in[i] = 0x3c00u + i * 0x0101u + ((0xbf80u + i * 37u) << 16);
  shfl<<<1, 32>>>(in, out);
  printf("shfl: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int k = 0; k < 16; k++) {
    printf("f%02d", k);
    for (int l = 0; l < 32; l++) printf(k < 4 || (k >= 8 && k < 12) ? " %04x" : " %08x", out[l * 16 + k]);
    printf("\n");
  }
  return 0;
}
