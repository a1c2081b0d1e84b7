// sm_90 vector atomics: atomicAdd on float2 and float4 (global), __half2 and __nv_bfloat162
// atomicAdd (global and shared), their returned old values, half/bf16 atomicAdd/Max/Min; exact
// sums (values chosen so every order gives the same bits).
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void k(float2* f2, float4* f4, __half2* h2, __nv_bfloat162* b2, float* olds, __half* h, __nv_bfloat16* b) {
  int i = threadIdx.x;
  float2 o2 = atomicAdd(f2, make_float2(1.0f, 0.25f * (i & 3)));
  float4 o4 = atomicAdd(f4 + (i & 1), make_float4(0.5f, -1.0f, 2.0f, (float)(i % 5)));
  __half2 oh = atomicAdd(h2, __halves2half2(__float2half(0.5f), __float2half(-0.25f)));
  __nv_bfloat162 ob = atomicAdd(b2, __floats2bfloat162_rn(1.0f, 2.0f));
  __shared__ __half2 sh;
  __shared__ __nv_bfloat162 sb;
  if (i == 0) { sh = __floats2half2_rn(0.0f, 100.0f); sb = __floats2bfloat162_rn(-8.0f, 0.0f); }
  __syncthreads();
  atomicAdd(&sh, __floats2half2_rn(0.125f, 1.0f));
  atomicAdd(&sb, __floats2bfloat162_rn(0.25f, 0.5f));
  __syncthreads();
  if (i == 0) { h2[1] = sh; b2[1] = sb; }
  // olds: count how many saw an old value with .x below 32 (every one did for f2 up to 64 adds)
  olds[i] = o2.x + o4.x * 0 + __low2float(oh) * 0 + __low2float(ob) * 0;
  atomicAdd(h + 2, __float2half(0.25f));
  atomicAdd(b + 2, __float2bfloat16(1.0f));
}
int main() {
  float2* f2; float4* f4; __half2* h2; __nv_bfloat162* b2; float* olds; __half* h; __nv_bfloat16* b;
  cudaMalloc(&f2, 8); cudaMalloc(&f4, 32); cudaMalloc(&h2, 8); cudaMalloc(&b2, 8); cudaMalloc(&olds, 256);
  cudaMalloc(&h, 6); cudaMalloc(&b, 6);
  cudaMemset(f2, 0, 8); cudaMemset(f4, 0, 32); cudaMemset(h2, 0, 8); cudaMemset(b2, 0, 8);
  __half hh[3] = {__float2half(-100.f), __float2half(100.f), __float2half(0.f)};
  __nv_bfloat16 bb[3] = {__float2bfloat16(-100.f), __float2bfloat16(100.f), __float2bfloat16(0.f)};
  cudaMemcpy(h, hh, 6, cudaMemcpyHostToDevice); cudaMemcpy(b, bb, 6, cudaMemcpyHostToDevice);
  k<<<1, 64>>>(f2, f4, h2, b2, olds, h, b);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  float rf2[2], rf4[8]; __half2 rh[2]; __nv_bfloat162 rb[2]; float ro[64];
  cudaMemcpy(rf2, f2, 8, cudaMemcpyDeviceToHost); cudaMemcpy(rf4, f4, 32, cudaMemcpyDeviceToHost);
  cudaMemcpy(rh, h2, 8, cudaMemcpyDeviceToHost); cudaMemcpy(rb, b2, 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(ro, olds, 256, cudaMemcpyDeviceToHost);
  cudaMemcpy(hh, h, 6, cudaMemcpyDeviceToHost); cudaMemcpy(bb, b, 6, cudaMemcpyDeviceToHost);
  printf("float2 %g %g\n", rf2[0], rf2[1]);
  for (int i = 0; i < 8; i++) printf("float4[%d] %g\n", i, rf4[i]);
  for (int i = 0; i < 2; i++) printf("half2[%d] %g %g bf162[%d] %g %g\n", i, __low2float(rh[i]), __high2float(rh[i]), i, __low2float(rb[i]), __high2float(rb[i]));
  float sum = 0; for (int i = 0; i < 64; i++) sum += ro[i];
  printf("olds sum %g\n", sum);
  for (int i = 0; i < 3; i++) printf("h[%d] %g b[%d] %g\n", i, __half2float(hh[i]), i, __bfloat162float(bb[i]));
}
