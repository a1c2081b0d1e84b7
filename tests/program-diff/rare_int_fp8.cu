// Instruction forms the engine once refused to load: mul24.hi / mad24.hi{.sat}, szext and
// min/max.xorsign.abs on f32, f16 and bf16 (x2 too), cvt.satfinite to f16/bf16 (inline PTX; CUDA has no intrinsics
// for them) and the fp8 conversion of a __half2 (cuda_fp8.h's
// cvt.rn.satfinite.{e4m3x2,e5m2x2}.f16x2). Printed as bits.
#include <cstdio>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
__global__ void int24(const int* a, const int* b, const int* c, int n, unsigned* o) {
  int i = threadIdx.x; if (i >= n) return;
  int x = a[i], y = b[i], z = c[i]; unsigned* r = o + i * 6; unsigned v;
  asm("mul24.hi.s32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[0] = v;
  asm("mul24.hi.u32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[1] = v;
  asm("mad24.hi.s32 %0, %1, %2, %3;" : "=r"(v) : "r"(x), "r"(y), "r"(z)); r[2] = v;
  asm("mad24.hi.u32 %0, %1, %2, %3;" : "=r"(v) : "r"(x), "r"(y), "r"(z)); r[3] = v;
  asm("mad24.hi.sat.s32 %0, %1, %2, %3;" : "=r"(v) : "r"(x), "r"(y), "r"(z)); r[4] = v;
  asm("mad24.lo.s32 %0, %1, %2, %3;" : "=r"(v) : "r"(x), "r"(y), "r"(z)); r[5] = v;
}
__global__ void fp8(const unsigned* h, int n, unsigned* o) {
  int i = threadIdx.x; if (i >= n) return;
  __half2_raw raw; raw.x = h[i] & 0xffff; raw.y = h[i] >> 16;
  o[2 * i] = __nv_cvt_halfraw2_to_fp8x2(raw, __NV_SATFINITE, __NV_E4M3);
  o[2 * i + 1] = __nv_cvt_halfraw2_to_fp8x2(raw, __NV_SATFINITE, __NV_E5M2);
}
__global__ void misc(const unsigned* a, const unsigned* b, const float* f, const float* g, int n, unsigned* o) {
  int i = threadIdx.x; if (i >= n) return;
  unsigned x = a[i], y = b[i], v; float p = f[i], q = g[i], w; unsigned* r = o + i * 10;
  asm("szext.clamp.s32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[0] = v;
  asm("szext.wrap.s32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[1] = v;
  asm("szext.clamp.u32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[2] = v;
  asm("szext.wrap.u32 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[3] = v;
  asm("min.xorsign.abs.f32 %0, %1, %2;" : "=f"(w) : "f"(p), "f"(q)); r[4] = __float_as_uint(w);
  asm("max.xorsign.abs.f32 %0, %1, %2;" : "=f"(w) : "f"(p), "f"(q)); r[5] = __float_as_uint(w);
  asm("min.NaN.xorsign.abs.f32 %0, %1, %2;" : "=f"(w) : "f"(p), "f"(q)); r[6] = __float_as_uint(w);
  asm("max.NaN.xorsign.abs.f32 %0, %1, %2;" : "=f"(w) : "f"(p), "f"(q)); r[7] = __float_as_uint(w);
  asm("min.ftz.xorsign.abs.f32 %0, %1, %2;" : "=f"(w) : "f"(p), "f"(q)); r[8] = __float_as_uint(w);
  asm("max.ftz.NaN.xorsign.abs.f32 %0, %1, %2;" : "=f"(w) : "f"(p), "f"(q)); r[9] = __float_as_uint(w);
}
__global__ void satfinite(const float* f, const float* g, int n, unsigned* o) {
  int i = threadIdx.x; if (i >= n) return;
  float p = f[i], q = g[i]; unsigned short h; unsigned v; unsigned* r = o + i * 6;
  asm("cvt.rn.satfinite.f16.f32 %0, %1;" : "=h"(h) : "f"(p)); r[0] = h;
  asm("cvt.rz.satfinite.f16.f32 %0, %1;" : "=h"(h) : "f"(p)); r[1] = h;
  asm("cvt.rn.satfinite.bf16.f32 %0, %1;" : "=h"(h) : "f"(p)); r[2] = h;
  asm("cvt.rz.relu.satfinite.bf16.f32 %0, %1;" : "=h"(h) : "f"(p)); r[3] = h;
  asm("cvt.rn.relu.satfinite.f16x2.f32 %0, %1, %2;" : "=r"(v) : "f"(p), "f"(q)); r[4] = v;
  asm("cvt.rz.satfinite.bf16x2.f32 %0, %1, %2;" : "=r"(v) : "f"(p), "f"(q)); r[5] = v;
}
__global__ void hxorsign(const unsigned* a, const unsigned* b, int n, unsigned* o) {
  int i = threadIdx.x; if (i >= n) return;
  unsigned x = a[i], y = b[i], v; unsigned short hx = x, hy = y, h; unsigned* r = o + i * 6;
  asm("min.xorsign.abs.f16 %0, %1, %2;" : "=h"(h) : "h"(hx), "h"(hy)); r[0] = h;
  asm("max.ftz.NaN.xorsign.abs.f16 %0, %1, %2;" : "=h"(h) : "h"(hx), "h"(hy)); r[1] = h;
  asm("min.NaN.xorsign.abs.bf16 %0, %1, %2;" : "=h"(h) : "h"(hx), "h"(hy)); r[2] = h;
  asm("max.xorsign.abs.bf16 %0, %1, %2;" : "=h"(h) : "h"(hx), "h"(hy)); r[3] = h;
  asm("min.ftz.xorsign.abs.f16x2 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[4] = v;
  asm("max.NaN.xorsign.abs.bf16x2 %0, %1, %2;" : "=r"(v) : "r"(x), "r"(y)); r[5] = v;
}
int main() {
  const int n = 24;
  int ha[n], hb[n], hc[n];
  unsigned s = 12345;
  auto next = [&]() { s = s * 1664525u + 1013904223u; return s; };
  int fixed[][3] = {{0x7fffff, 0x7fffff, 0}, {-0x800000, -0x800000, 0}, {0x800000, 2, 5}, {-1, -1, -1},
                    {0x7fffff, -0x800000, 0x7fffffff}, {0x12345678, (int)0x9abcdef0, -5}, {1 << 20, 1 << 20, 0x7fffff00},
                    {-(1 << 23), 0x7fffff, (int)0x80000000}};
  for (int i = 0; i < n; i++) {
    if (i < 8) { ha[i] = fixed[i][0]; hb[i] = fixed[i][1]; hc[i] = fixed[i][2]; }
    else { ha[i] = next(); hb[i] = next(); hc[i] = next(); }
  }
  int *da, *db, *dc; unsigned* dout;
  cudaMalloc(&da, sizeof ha); cudaMalloc(&db, sizeof hb); cudaMalloc(&dc, sizeof hc); cudaMalloc(&dout, n * 6 * 4);
  cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, hc, sizeof hc, cudaMemcpyHostToDevice);
  int24<<<1, 32>>>(da, db, dc, n, dout);
  unsigned out[n * 6];
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    printf("int24 %08x %08x %08x:", (unsigned)ha[i], (unsigned)hb[i], (unsigned)hc[i]);
    for (int k = 0; k < 6; k++) printf(" %08x", out[i * 6 + k]);
    printf("\n");
  }
  const int m = 40;
  unsigned hh[m];
  unsigned short sp[] = {0x3c00, 0xc000, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x5bff, 0x5c00, 0x7bff, 0x0001, 0x8001, 0x3555, 0x2000, 0x1400, 0x0400, 0x5f00};
  for (int i = 0; i < m; i++) hh[i] = i < 8 ? (unsigned)sp[2 * i] << 16 | sp[2 * i + 1] : next();
  unsigned* dh; cudaMalloc(&dh, sizeof hh); cudaMemcpy(dh, hh, sizeof hh, cudaMemcpyHostToDevice);
  fp8<<<1, 64>>>(dh, m, dout);
  unsigned o8[2 * m];
  cudaMemcpy(o8, dout, sizeof o8, cudaMemcpyDeviceToHost);
  for (int i = 0; i < m; i++) printf("fp8 %08x: e4m3 %04x e5m2 %04x\n", hh[i], o8[2 * i], o8[2 * i + 1]);
  const int k = 32;
  unsigned ma[k], mb[k], mf[k], mg[k];
  unsigned fs[] = {0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00001, 0xffc00000, 0x00000001, 0x80000001,
                   0x00000000, 0x80000000, 0x40490fdb, 0xc0490fdb, 0x7f7fffff, 0x00800000};
  unsigned ns[] = {0, 1, 7, 8, 16, 31, 32, 33, 63, 64, 0xffffffff, 24};
  for (int i = 0; i < k; i++) {
    ma[i] = next(); mb[i] = i < 12 ? ns[i] : next() % 70;
    mf[i] = fs[i % 14]; mg[i] = i < 14 ? fs[(i * 5 + 3) % 14] : (i < 28 ? fs[(i * 3) % 14] : next());
  }
  unsigned *dma, *dmb; float *dmf, *dmg;
  cudaMalloc(&dma, sizeof ma); cudaMalloc(&dmb, sizeof mb); cudaMalloc(&dmf, sizeof mf); cudaMalloc(&dmg, sizeof mg);
  cudaMemcpy(dma, ma, sizeof ma, cudaMemcpyHostToDevice); cudaMemcpy(dmb, mb, sizeof mb, cudaMemcpyHostToDevice);
  cudaMemcpy(dmf, mf, sizeof mf, cudaMemcpyHostToDevice); cudaMemcpy(dmg, mg, sizeof mg, cudaMemcpyHostToDevice);
  unsigned* dmo; cudaMalloc(&dmo, k * 10 * 4);
  misc<<<1, 32>>>(dma, dmb, dmf, dmg, k, dmo);
  unsigned mo[k * 10];
  cudaMemcpy(mo, dmo, sizeof mo, cudaMemcpyDeviceToHost);
  for (int i = 0; i < k; i++) {
    printf("misc %08x %08x %08x %08x:", ma[i], mb[i], mf[i], mg[i]);
    for (int j = 0; j < 10; j++) printf(" %08x", mo[i * 10 + j]);
    printf("\n");
  }
  const unsigned sf[] = {0x477fe000, 0x477ff000, 0x477fefff, 0xc77ff000, 0x7f800000, 0xff800000, 0x7fc00001, 0xffc00000,
                         0x7f7fffff, 0xff7fffff, 0x7f7f8000, 0x3f800000, 0xbf800000, 0x33800000, 0x00000001, 0x80000000};
  float sp_[32], sq_[32];
  for (int i = 0; i < 32; i++) {
    unsigned a = i < 16 ? sf[i] : next(), b = sf[(i * 7 + 5) % 16];
    memcpy(&sp_[i], &a, 4); memcpy(&sq_[i], &b, 4);
  }
  float *dsp, *dsq; cudaMalloc(&dsp, sizeof sp_); cudaMalloc(&dsq, sizeof sq_);
  cudaMemcpy(dsp, sp_, sizeof sp_, cudaMemcpyHostToDevice); cudaMemcpy(dsq, sq_, sizeof sq_, cudaMemcpyHostToDevice);
  satfinite<<<1, 32>>>(dsp, dsq, 32, dmo);
  cudaMemcpy(mo, dmo, 32 * 6 * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; i++) {
    unsigned a, b; memcpy(&a, &sp_[i], 4); memcpy(&b, &sq_[i], 4);
    printf("satfinite %08x %08x:", a, b);
    for (int j = 0; j < 6; j++) printf(" %08x", mo[i * 6 + j]);
    printf("\n");
  }
  const unsigned short hs[] = {0x3c00, 0xbc00, 0x7c00, 0xfc00, 0x7e00, 0xfe01, 0x0001, 0x8001, 0x0000, 0x8000,
                               0x3f80, 0xbf80, 0x7f80, 0xff80, 0x7fc1, 0x0080};
  unsigned xa[32], xb[32];
  for (int i = 0; i < 32; i++) {
    xa[i] = i < 16 ? (unsigned)hs[i] << 16 | hs[(i + 3) % 16] : next();
    xb[i] = i < 16 ? (unsigned)hs[(i * 5 + 7) % 16] << 16 | hs[(i * 3 + 1) % 16] : (i < 24 ? xa[i] ^ 0x80008000u : next());
  }
  unsigned *dxa, *dxb; cudaMalloc(&dxa, sizeof xa); cudaMalloc(&dxb, sizeof xb);
  cudaMemcpy(dxa, xa, sizeof xa, cudaMemcpyHostToDevice); cudaMemcpy(dxb, xb, sizeof xb, cudaMemcpyHostToDevice);
  hxorsign<<<1, 32>>>(dxa, dxb, 32, dmo);
  cudaMemcpy(mo, dmo, 32 * 6 * 4, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; i++) {
    printf("hxorsign %08x %08x:", xa[i], xb[i]);
    for (int j = 0; j < 6; j++) printf(" %08x", mo[i * 6 + j]);
    printf("\n");
  }
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
