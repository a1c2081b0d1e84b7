// The bits behind three NaN results that differ between an H200 and an emulation: nan("") and
// nanf("") (NVIDIA's libdevice), NaN + 0 in double, cvt.rn.bf16.f64 of NaNs, rcp.approx.ftz.f64
// and rsqrt.approx.f64 of NaNs, two-NaN products; and every bfloat16 input through
// tanh.approx.bf16 (a hash per 4096 inputs and some values in full).
#include <cstdio>
#include <cstring>
#include <cuda_bf16.h>
__device__ unsigned long long b64(double x) { return __double_as_longlong(x); }
__global__ void probe(double zero, unsigned long long *o) {
  double n0 = nan(""), n1 = nan("1"), nz = nan("") + zero;
  o[0] = b64(n0); o[1] = b64(n1); o[2] = b64(nz); o[3] = __float_as_uint(nanf(""));
  const unsigned long long in[4] = {0x7ff8000000000000ull, 0xfff8000000000123ull, 0x7ff0000000000456ull, 0x7fffffffffffffffull};
  for (int i = 0; i < 4; i++) {
    double x = __longlong_as_double(in[i]) + zero * 0.0;
    double r, q; unsigned short h;
    asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x));
    asm volatile("rsqrt.approx.f64 %0, %1;" : "=d"(q) : "d"(x));
    asm volatile("cvt.rn.bf16.f64 %0, %1;" : "=h"(h) : "d"(x));
    o[4 + i * 4] = b64(r); o[5 + i * 4] = b64(q); o[6 + i * 4] = h;
    double y = __longlong_as_double(in[(i + 1) % 4]) + zero;
    double m, s;
    asm volatile("mul.rn.f64 %0, %1, %2;" : "=d"(m) : "d"(x), "d"(y));
    asm volatile("add.rn.f64 %0, %1, %2;" : "=d"(s) : "d"(x), "d"(y));
    o[7 + i * 4] = b64(m) ^ (b64(s) << 1);
  }
  o[20] = __bfloat16_as_ushort(__double2bfloat16(log(-1.0 + zero))) | (unsigned long long)__bfloat16_as_ushort(__double2bfloat16(nan("") + zero)) << 16;
}
__global__ void tanh_bf16(unsigned short *o) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned short r;
  asm("tanh.approx.bf16 %0, %1;" : "=h"(r) : "h"((unsigned short)i));
  o[i] = r;
  unsigned p = i | (i ^ 0x8000u) << 16, q;
  asm("tanh.approx.bf16x2 %0, %1;" : "=r"(q) : "r"(p));
  o[65536 + i] = (unsigned short)q ^ (unsigned short)(q >> 16);
  asm("tanh.approx.f16 %0, %1;" : "=h"(r) : "h"((unsigned short)i));
  o[2 * 65536 + i] = r;
}
int main() {
  unsigned long long *o; unsigned short *t;
  cudaMallocManaged(&o, 24 * 8); cudaMallocManaged(&t, 3 * 65536 * 2);
  probe<<<1, 1>>>(0.0, o);
  tanh_bf16<<<256, 256>>>(t);
  cudaDeviceSynchronize();
  printf("nan(\"\") %016llx nan(\"1\") %016llx nan(\"\")+0 %016llx nanf(\"\") %08llx\n", o[0], o[1], o[2], o[3]);
  for (int i = 0; i < 4; i++) printf("x%d: rcp64 %016llx rsqrt %016llx cvt.bf16 %04llx mul^add<<1 %016llx\n", i, o[4 + i * 4], o[5 + i * 4], o[6 + i * 4], o[7 + i * 4]);
  printf("d2b(log(-1)) | d2b(nan(\"\"))<<16 = %08llx\n", o[20]);
  for (int f = 0; f < 2; f++) {
    printf("%s:", f ? "bf16x2 xor" : "bf16");
    for (int c = 0; c < 16; c++) {
      unsigned h = 2166136261u;
      for (int i = c * 4096; i < (c + 1) * 4096; i++) { h = (h ^ (t[f * 65536 + i] & 0xff)) * 16777619u; h = (h ^ (t[f * 65536 + i] >> 8)) * 16777619u; }
      printf(" %08x", h);
    }
    printf("\n");
  }
  const unsigned short pr[] = {0x0001, 0x3c00, 0x39b9, 0x39ba, 0x3a00, 0x3e80, 0x3f00, 0x3f80, 0x4000, 0x4080, 0xb9b9, 0x7f80, 0x7fc1, 0x2000};
  for (unsigned short p : pr) printf("tanh.bf16(%04x) = %04x\n", p, t[p]);
  // the whole table of tanh.approx.bf16 over the non-negative inputs, 64 a line
  for (int i = 0; i < 32768; i += 64) {
    printf("T%04x", i);
    for (int j = 0; j < 64; j++) printf(" %04x", t[i + j]);
    printf("\n");
  }
  // tanh.approx.f16 likewise
  for (int i = 0; i < 32768; i += 64) {
    printf("H%04x", i);
    for (int j = 0; j < 64; j++) printf(" %04x", t[2 * 65536 + i + j]);
    printf("\n");
  }
  printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
