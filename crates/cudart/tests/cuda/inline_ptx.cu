// Inline PTX as CUDA code writes it: slct (s32 and f32 selectors incl. -0, NaN, subnormals), %laneid, bfind, bfi, lop3, set, cvt.rni, testp, mul24, red, ld.global.nc.v4, shfl.sync.idx.
#include "common.h"
#include <cmath>
__global__ void k(const int* in, const float* fin, int* out) {
  int t = threadIdx.x, x = in[t], y = in[(t + 7) % 64]; float f = fin[t];
  int* r = out + t * 12; unsigned u;
  asm("slct.s32.s32 %0, %1, %2, %3;" : "=r"(r[0]) : "r"(x), "r"(y), "r"(x - y));
  asm("slct.s32.f32 %0, %1, %2, %3;" : "=r"(r[1]) : "r"(x), "r"(y), "f"(f));
  asm("mov.u32 %0, %%laneid;" : "=r"(u)); r[2] = u;
  asm("bfind.u32 %0, %1;" : "=r"(r[3]) : "r"(x));
  asm("bfi.b32 %0, %1, %2, 4, 8;" : "=r"(r[4]) : "r"(y), "r"(x));
  asm("lop3.b32 %0, %1, %2, %3, 0x96;" : "=r"(r[5]) : "r"(x), "r"(y), "r"(t));
  asm("set.lt.u32.s32 %0, %1, %2;" : "=r"(r[6]) : "r"(x), "r"(y));
  asm("cvt.rni.s32.f32 %0, %1;" : "=r"(r[7]) : "f"(f * 10.0f));
  int pr; asm("{ .reg .pred p; testp.finite.f32 p, %1; selp.s32 %0, 1, 0, p; }" : "=r"(pr) : "f"(f)); r[8] = pr;
  asm("mul24.lo.s32 %0, %1, %2;" : "=r"(r[9]) : "r"(x), "r"(y));
  asm volatile("red.global.add.s32 [%0], %1;" :: "l"(out + 64 * 12), "r"(1));
  int4 v; asm("ld.global.nc.v4.s32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(in + (t & ~3)));
  r[10] = v.x + v.y + v.z + v.w;
  asm("shfl.sync.idx.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(r[11]) : "r"(x), "r"(31 - (t & 31)));
}
int main() {
  int *in, *out; float* fin; CK(cudaMallocManaged(&in, 256)); CK(cudaMallocManaged(&fin, 256)); CK(cudaMallocManaged(&out, 64 * 48 + 4));
  for (int i = 0; i < 64; i++) { in[i] = (i * 2654435761u) >> 3; if (i % 5 == 0) in[i] = -in[i]; fin[i] = (i - 30) * 0.37f; }
  fin[3] = INFINITY; fin[4] = NAN; fin[5] = -0.0f; fin[6] = 1e-40f; fin[7] = -1e-40f;
  out[64 * 12] = 0;
  k<<<1, 64>>>(in, fin, out); CK(cudaDeviceSynchronize());
  for (int t = 0; t < 64; t++) {
    int x = in[t], y = in[(t + 7) % 64]; float f = fin[t]; int* r = out + t * 12;
    EXPECT(r[0] == (x - y >= 0 ? x : y)); EXPECT(r[1] == (f >= 0.0f ? x : y)); EXPECT(r[2] == t % 32);
    unsigned ux = x; EXPECT(r[3] == (ux ? 31 - __builtin_clz(ux) : -1));
    EXPECT((unsigned)r[4] == (((unsigned)x & ~(0xffu << 4)) | (((unsigned)y & 0xff) << 4)));
    EXPECT(r[5] == (x ^ y ^ t)); EXPECT(r[6] == (x < y ? -1 : 0));
    EXPECT(r[7] == (int)rintf(f * 10.0f) || !std::isfinite(f));
    EXPECT(r[8] == (std::isfinite(f) ? 1 : 0));
    EXPECT(r[9] == (int)(((long long)((x << 8) >> 8) * ((y << 8) >> 8)) & 0xffffffff));
    EXPECT(r[10] == in[t & ~3] + in[(t & ~3) + 1] + in[(t & ~3) + 2] + in[(t & ~3) + 3]);
    EXPECT(r[11] == in[(t & ~31) + 31 - (t & 31)]);
  }
  EXPECT(out[64 * 12] == 64);
  printf("PASS\n");
}
