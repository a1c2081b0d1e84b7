// cuda_fp8.h conversions printed as bits, on device: float/half/bf16/double to __nv_fp8_e4m3 and
// __nv_fp8_e5m2 with __NV_SATFINITE and __NV_NOSAT (values at and beyond the maximum, halfway
// ties, NaN, infinities, negative zero, subnormals), the x2/x4 vector types, back-conversions
// to float and half2, and the e8m0 scale type with each rounding mode.
#include <cstdio>
#include <cuda_fp8.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define NV 24
// the values' bits: 0, -0, 1, -1.5, 448, 464, 480, 500, -1e6, 57344, 61440, 65536, 2^-9, 2^-10,
// 3*2^-11, 2^-16, 1e-8, NaN, +inf, -inf, 0.3, 2.75, 1.0625, pi
__constant__ unsigned vals[NV] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbfc00000u, 0x43e00000u, 0x43e80000u, 0x43f00000u, 0x43fa0000u, 0xc9742400u, 0x47600000u, 0x47700000u, 0x47800000u, 0x3b000000u, 0x3a800000u, 0x3ac00000u, 0x37800000u, 0x322bcc77u, 0x7fc00000u, 0x7f800000u, 0xff800000u, 0x3e99999au, 0x40300000u, 0x3f880000u, 0x40490fdbu};
__global__ void k(unsigned* out) {
  int t = threadIdx.x;
  if (t >= NV) return;
  float f = __uint_as_float(vals[t]);
  int o = 0;
  auto U = [&](unsigned v) { out[(o++) * 32 + t] = v; };
  U(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E4M3)); U(__nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E4M3));
  U(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, __NV_E5M2)); U(__nv_cvt_float_to_fp8(f, __NV_NOSAT, __NV_E5M2));
  U(__nv_cvt_double_to_fp8((double)f * 1.0000001, __NV_SATFINITE, __NV_E4M3));
  U(__nv_cvt_halfraw_to_fp8(__half_raw(__float2half(f)), __NV_NOSAT, __NV_E5M2));
  U(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(__float2bfloat16(f)), __NV_SATFINITE, __NV_E4M3));
  __nv_fp8_e4m3 a(f); __nv_fp8_e5m2 b(f);
  U(a.__x); U(b.__x); U(__float_as_uint((float)a)); U(__float_as_uint((float)b));
  __nv_fp8x2_e4m3 v2(make_float2(f, -f)); U(v2.__x);
  __half2 back = (__half2)v2; U(*(unsigned*)&back);
  __nv_fp8x4_e5m2 v4(make_float4(f, f * 2, f * 0.5f, -f)); U(v4.__x);
  float4 b4 = (float4)v4; U(__float_as_uint(b4.y)); U(__float_as_uint(b4.w));
  U(__nv_cvt_float_to_e8m0(f, __NV_SATFINITE, cudaRoundZero)); U(__nv_cvt_float_to_e8m0(f, __NV_NOSAT, cudaRoundPosInf));
  __nv_fp8_e8m0 e(f); U(e.__x); U(__float_as_uint((float)e));
  U(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(t * 11), __NV_E4M3).x);
  U(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(t * 11 + 128), __NV_E5M2).x);
  if (t == 0) out[1023] = o;
}
int main() {
  unsigned* d; cudaMalloc(&d, 4096); cudaMemset(d, 0, 4096);
  k<<<1, 32>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  unsigned h[1024]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (unsigned r = 0; r < h[1023]; r++) { printf("%2u:", r); for (int t = 0; t < NV; t++) printf(" %x", h[r * 32 + t]); printf("\n"); }
  return 0;
}
