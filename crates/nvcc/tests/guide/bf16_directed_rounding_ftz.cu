// nvcc-flags: -use_fast_math
// __float2bfloat16_ru/_rd of subnormal floats under -use_fast_math: the conversion rounds the
// float's exact value (flush-to-zero is an option of float arithmetic, not of cvt to bf16), so
// 2^-149 rounds up to the smallest bf16 subnormal 2^-133 (0x0001) and down to 0, as nvcc's builds
// do (cufuzz fast-math seed 243: Cuprite's software rounding flushed the operand first).
#include "guide.h"
#include <cuda_bf16.h>
#include <cstring>

__global__ void round_both(const float* x, unsigned short* o) {
  const int t = threadIdx.x;
  o[t * 2] = __bfloat16_as_ushort(__float2bfloat16_ru(x[t]));
  o[t * 2 + 1] = __bfloat16_as_ushort(__float2bfloat16_rd(x[t]));
}

int main() {
  // 2^-149, -2^-149, the largest subnormal, 1 + 2^-23
  const unsigned bits[4] = {0x00000001u, 0x80000001u, 0x007fffffu, 0x3f800001u};
  const unsigned short want[8] = {0x0001, 0x0000, 0x8000, 0x8001, 0x0080, 0x007f, 0x3f81, 0x3f80};
  float h[4];
  memcpy(h, bits, sizeof h);
  float* d;
  unsigned short *o, got[8];
  CK(cudaMalloc(&d, sizeof h));
  CK(cudaMalloc(&o, sizeof got));
  CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
  round_both<<<1, 4>>>(d, o);
  CK(cudaGetLastError());
  CK(cudaMemcpy(got, o, sizeof got, cudaMemcpyDeviceToHost));
  check_eq(got, want, 8, "bfloat16 directed rounding of subnormal floats under -use_fast_math");
  return finish();
}
