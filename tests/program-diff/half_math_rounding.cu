// Every half and bfloat16 input through the math functions of cuda_fp16.h and cuda_bf16.h; per
// function, 64 FNV-1a hashes of the result bits, each over 1024 consecutive inputs, and some
// results in full (subnormals, NaN, values near rounding ties). An H200 running NVIDIA's headers
// rounds the exp, log, sin and cos families correctly for every input.
// program-diff-skip: nvcc's hlog2 on Cuprite differs from the H200's (lg2.approx.f32 not the hardware's to the bit); crates/nvcc/tests/cuprite_math.rs checks cuprite nvcc's build
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define NF 18
__global__ void sweep(unsigned short *o) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  __half h = __ushort_as_half((unsigned short)i);
  __nv_bfloat16 b = __ushort_as_bfloat16((unsigned short)i);
  unsigned short r[NF] = {
    __half_as_ushort(hexp(h)), __half_as_ushort(hexp2(h)), __half_as_ushort(hexp10(h)), __half_as_ushort(hlog(h)),
    __half_as_ushort(hlog2(h)), __half_as_ushort(hlog10(h)), __half_as_ushort(hsin(h)), __half_as_ushort(hcos(h)),
    __half_as_ushort(hsqrt(h)), __half_as_ushort(hrcp(h)), __half_as_ushort(hrsqrt(h)),
    __bfloat16_as_ushort(hexp(b)), __bfloat16_as_ushort(hexp10(b)), __bfloat16_as_ushort(hsin(b)), __bfloat16_as_ushort(hcos(b)),
    __bfloat16_as_ushort(__habs(b)), __bfloat16_as_ushort(__hneg(b)), __bfloat16_as_ushort(hlog(b))};
  for (int f = 0; f < NF; f++) o[f * 65536 + i] = r[f];
}
int main() {
  const char *names[NF] = {"hexp", "hexp2", "hexp10", "hlog", "hlog2", "hlog10", "hsin", "hcos", "hsqrt", "hrcp", "hrsqrt",
                           "bf:hexp", "bf:hexp10", "bf:hsin", "bf:hcos", "bf:habs", "bf:hneg", "bf:hlog"};
  unsigned short *o; cudaMallocManaged(&o, NF * 65536 * 2);
  sweep<<<256, 256>>>(o); cudaDeviceSynchronize();
  for (int f = 0; f < NF; f++) {
    printf("%s:", names[f]);
    for (int c = 0; c < 64; c++) {
      unsigned h = 2166136261u;
      for (int i = c * 1024; i < (c + 1) * 1024; i++) { h = (h ^ (o[f * 65536 + i] & 0xff)) * 16777619u; h = (h ^ (o[f * 65536 + i] >> 8)) * 16777619u; }
      printf(" %08x", h);
    }
    printf("\n");
  }
  // a few values in full, the ones that show what a function does with subnormals, NaN and ties
  unsigned short probe[] = {0x0001, 0x0003, 0x03ff, 0x11c5, 0x160d, 0x1935, 0x1d78, 0x3bfe, 0x3c0b, 0x6051, 0x7c01, 0x7e00, 0xfc01, 0x39b9, 0x7f81, 0xff81};
  for (unsigned short p : probe) { printf("%04x:", p); for (int f = 0; f < NF; f++) printf(" %04x", o[f * 65536 + p]); printf("\n"); }
  printf("err %s\n", cudaGetErrorString(cudaGetLastError()));
}
