// bfloat16 and half to integer conversions (__bfloat162ll_rn, __half2ull_rz, ...) of NaN and of
// values out of range. They convert as the float's conversion does (PTX cvt): out-of-range values
// saturate; NaN gives 0 into 32- and 16-bit integers and 1 << 63 into 64-bit ones (what nvcc's
// builds compute on an H200, as float-to-integer conversions: guide/conversion_edges.cu).
#include "guide.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

const int NV = 4, NK = 14;
__global__ void convert(const float* x, unsigned long long* o) {
  const float v = x[threadIdx.x];
  const __nv_bfloat16 b = __float2bfloat16_rn(v);
  const __half h = __float2half_rn(v);
  unsigned long long* r = o + threadIdx.x * NK;
  r[0] = (unsigned long long)__bfloat162ll_rn(b);
  r[1] = (unsigned long long)__bfloat162ll_rz(b);
  r[2] = __bfloat162ull_rd(b);
  r[3] = __bfloat162ull_ru(b);
  r[4] = (unsigned)__bfloat162int_rn(b);
  r[5] = __bfloat162uint_rz(b);
  r[6] = (unsigned short)__bfloat162short_rd(b);
  r[7] = __bfloat162ushort_rn(b);
  r[8] = (unsigned long long)__half2ll_rn(h);
  r[9] = __half2ull_rz(h);
  r[10] = (unsigned)__half2int_rd(h);
  r[11] = __half2uint_ru(h);
  r[12] = (unsigned long long)__float2ll_rn(v);
  r[13] = __float2ull_rd(v);
}

int main() {
  const float in[NV] = {__builtin_nanf(""), -__builtin_nanf(""), 1e30f, -1e30f};
  const unsigned long long M = 0x8000000000000000ull;
  // NaN: 1 << 63 into 64-bit integers, 0 otherwise; +1e30 saturates high (half: +inf); -1e30 low
  const unsigned long long want[NV][NK] = {
      {M, M, M, M, 0, 0, 0, 0, M, M, 0, 0, M, M},
      {M, M, M, M, 0, 0, 0, 0, M, M, 0, 0, M, M},
      {0x7fffffffffffffffull, 0x7fffffffffffffffull, ~0ull, ~0ull, 0x7fffffff, 0xffffffff, 0x7fff, 0xffff,
       0x7fffffffffffffffull, ~0ull, 0x7fffffff, 0xffffffff, 0x7fffffffffffffffull, ~0ull},
      {M, M, 0, 0, 0x80000000, 0, 0x8000, 0, M, 0, 0x80000000, 0, M, 0},
  };
  float* dx;
  unsigned long long* dout;
  unsigned long long got[NV][NK];
  CK(cudaMalloc(&dx, sizeof in));
  CK(cudaMalloc(&dout, sizeof got));
  CK(cudaMemcpy(dx, in, sizeof in, cudaMemcpyHostToDevice));
  convert<<<1, NV>>>(dx, dout);
  CK(cudaGetLastError());
  CK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
  check_eq(&got[0][0], &want[0][0], NV * NK, "bfloat16/half/float to integer of NaN and out of range");
  return finish();
}
