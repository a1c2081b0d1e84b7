// Integer and float intrinsics (popc, brev, byte_perm, funnel shifts, dp4a, SIMD video, rounding-mode arithmetic) and warp intrinsics (reduce, match, ballot, shfl with widths, activemask) against host references.
#include "common.h"
#include <cuda_fp16.h>
#include <cstring>
__global__ void k(const unsigned* a, const unsigned* b, unsigned* o, float* fo) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned x = a[i], y = b[i];
  unsigned* r = o + i * 24;
  r[0] = __popc(x); r[1] = __clz(x); r[2] = __ffs(x); r[3] = __brev(x);
  r[4] = __byte_perm(x, y, 0x5140); r[5] = __funnelshift_l(x, y, y & 31); r[6] = __funnelshift_r(x, y, x & 31);
  r[7] = (unsigned)__dp4a((int)x, (int)y, 7); r[8] = __vadd4(x, y); r[9] = __vabsdiffu4(x, y);
  r[10] = __umulhi(x, y); r[11] = (unsigned)__mulhi((int)x, (int)y); r[12] = __sad(x, y, 3);
  r[13] = __popcll(((unsigned long long)x << 32) | y); r[14] = __clzll((unsigned long long)x);
  r[15] = __vcmpgtu2(x, y); r[16] = __vmaxs4(x, y); r[17] = __hadd((int)x, (int)y); r[18] = __rhadd((int)x, (int)y);
  r[19] = __uhadd(x, y); r[20] = __ffsll(((unsigned long long)y << 32) | x); r[21] = __vsub2(x, y); r[22] = __vminu4(x, y); r[23] = __vavgu2(x, y);
  float f = (float)(int)x * 1e-6f, g = (float)(int)y * 1e-7f;
  float* q = fo + i * 8;
  q[0] = __fdividef(f, g + 3.0f); q[1] = __saturatef(f); q[2] = __int_as_float(__float_as_int(f) ^ 0x80000000);
  q[3] = fminf(f, g); q[4] = copysignf(f, g); q[5] = __fadd_rz(f, g); q[6] = __fmul_rd(f, g); q[7] = fmaf(f, g, 1.0f);
}
__global__ void warp(const int* in, int* out) {
  int v = in[threadIdx.x];
  unsigned lane = threadIdx.x & 31;
  out[threadIdx.x * 8 + 0] = __reduce_add_sync(0xffffffff, v);
  out[threadIdx.x * 8 + 1] = __reduce_max_sync(0xffffffff, v);
  out[threadIdx.x * 8 + 2] = __match_any_sync(0xffffffff, v & 3);
  out[threadIdx.x * 8 + 3] = __ballot_sync(0xffffffff, v & 1);
  int s = v; for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
  out[threadIdx.x * 8 + 4] = s;
  int up = __shfl_up_sync(0xffffffff, v, 3, 8);
  out[threadIdx.x * 8 + 5] = up;
  if (lane < 20) { out[threadIdx.x * 8 + 6] = __activemask(); out[threadIdx.x * 8 + 7] = __shfl_down_sync(0xfffff, v, 2); }
  else { out[threadIdx.x * 8 + 6] = __activemask(); out[threadIdx.x * 8 + 7] = -1; }
}
static unsigned brev(unsigned x) { unsigned r = 0; for (int i = 0; i < 32; i++) if (x >> i & 1) r |= 1u << (31 - i); return r; }
int main() {
  const int n = 256;
  unsigned ha[n], hb[n]; unsigned s = 5;
  for (int i = 0; i < n; i++) { ha[i] = (s = s * 1664525u + 1013904223u); hb[i] = (s = s * 1664525u + 1013904223u); }
  ha[0] = 0; hb[1] = 0; ha[2] = 0x80000000u;
  unsigned *da, *db, *dout; float* dfo;
  CK(cudaMalloc(&da, n*4)); CK(cudaMalloc(&db, n*4)); CK(cudaMalloc(&dout, n*24*4)); CK(cudaMalloc(&dfo, n*8*4));
  CK(cudaMemcpy(da, ha, n*4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, n*4, cudaMemcpyHostToDevice));
  k<<<2, 128>>>(da, db, dout, dfo); CK(cudaDeviceSynchronize());
  static unsigned o[n*24]; static float fo[n*8];
  CK(cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    unsigned x = ha[i], y = hb[i]; unsigned* r = o + i * 24;
    EXPECT(r[0] == (unsigned)__builtin_popcount(x)); EXPECT(r[1] == (x ? (unsigned)__builtin_clz(x) : 32)); EXPECT(r[2] == (unsigned)__builtin_ffs(x)); EXPECT(r[3] == brev(x));
    unsigned long long xy = ((unsigned long long)y << 32) | x; unsigned bp = 0; for (int k = 0; k < 4; k++) { unsigned sel = (0x5140 >> (4*k)) & 7; bp |= ((xy >> (8*sel)) & 0xff) << (8*k); } EXPECT(r[4] == bp);
    unsigned sh = y & 31; EXPECT(r[5] == (unsigned)((((unsigned long long)y << 32 | x) << sh) >> 32));
    unsigned sh2 = x & 31; EXPECT(r[6] == (unsigned)((((unsigned long long)y << 32) | x) >> sh2));
    int dp = 7; for (int k = 0; k < 4; k++) dp += (int)(signed char)(x >> 8*k) * (int)(signed char)(y >> 8*k); EXPECT(r[7] == (unsigned)dp);
    unsigned va = 0, vd = 0, vm = 0, vmu = 0; for (int k = 0; k < 4; k++) { unsigned p = (x >> 8*k) & 0xff, q = (y >> 8*k) & 0xff; va |= ((p + q) & 0xff) << 8*k; vd |= (p > q ? p - q : q - p) << 8*k; int ps = (signed char)p, qs = (signed char)q; vm |= ((unsigned)(ps > qs ? ps : qs) & 0xff) << 8*k; vmu |= (p < q ? p : q) << 8*k; }
    EXPECT(r[8] == va); EXPECT(r[9] == vd); EXPECT(r[16] == vm); EXPECT(r[22] == vmu);
    EXPECT(r[10] == (unsigned)(((unsigned long long)x * y) >> 32)); EXPECT(r[11] == (unsigned)(((long long)(int)x * (int)y) >> 32));
    { long long dd = (long long)(int)x - (int)y; EXPECT(r[12] == (unsigned)((dd < 0 ? -dd : dd) + 3)); }
    EXPECT(r[13] == (unsigned)__builtin_popcountll(xy)); EXPECT(r[14] == (x ? (unsigned)__builtin_clzll((unsigned long long)x) : 64));
    unsigned cg = 0, vs = 0, av = 0; for (int k = 0; k < 2; k++) { unsigned p = (x >> 16*k) & 0xffff, q = (y >> 16*k) & 0xffff; if (p > q) cg |= 0xffffu << 16*k; vs |= ((p - q) & 0xffff) << 16*k; av |= ((p + q + 1) >> 1) << 16*k; }
    EXPECT(r[15] == cg); EXPECT(r[21] == vs); EXPECT(r[23] == av);
    EXPECT((int)r[17] == (int)(((long long)(int)x + (int)y) >> 1)); EXPECT((int)r[18] == (int)(((long long)(int)x + (int)y + 1) >> 1));
    EXPECT(r[19] == (unsigned)(((unsigned long long)x + y) >> 1));
    unsigned long long yx = ((unsigned long long)y << 32) | x; EXPECT(r[20] == (unsigned)__builtin_ffsll(yx));
    float f = (float)(int)x * 1e-6f, g = (float)(int)y * 1e-7f; float* q = fo + i * 8;
    EXPECT(fabsf(q[0] - f / (g + 3.0f)) <= 1e-5f * fabsf(f / (g + 3.0f)) + 1e-30f || fabsf(g + 3.0f) > 1e30f);
    EXPECT(q[1] == fminf(fmaxf(f, 0.f), 1.f)); EXPECT(q[2] == -f); EXPECT(q[3] == fminf(f, g)); EXPECT(q[4] == copysignf(f, g)); EXPECT(q[7] == fmaf(f, g, 1.0f));
    double e = (double)f + g; float rz = (float)e; if ((double)rz != e && fabs((double)rz) > fabs(e)) rz = nextafterf(rz, 0.f); EXPECT(q[5] == rz);
    double m = (double)f * g; float rd = (float)m; if ((double)rd > m) rd = nextafterf(rd, -INFINITY); EXPECT(q[6] == rd);
  }
  int hi[64]; for (int i = 0; i < 64; i++) hi[i] = (i * 37) % 23 - 5;
  int *di, *dw; CK(cudaMalloc(&di, 256)); CK(cudaMalloc(&dw, 64*8*4)); CK(cudaMemcpy(di, hi, 256, cudaMemcpyHostToDevice));
  warp<<<1, 64>>>(di, dw); CK(cudaDeviceSynchronize());
  int w[64*8]; CK(cudaMemcpy(w, dw, sizeof w, cudaMemcpyDeviceToHost));
  for (int t = 0; t < 64; t++) {
    int base = t & ~31, lane = t & 31; int sum = 0, mx = -1000; unsigned ball = 0, mt = 0;
    for (int j = 0; j < 32; j++) { int v = hi[base + j]; sum += v; mx = v > mx ? v : mx; if (v & 1) ball |= 1u << j; if ((v & 3) == (hi[t] & 3)) mt |= 1u << j; }
    EXPECT(w[t*8+0] == sum); EXPECT(w[t*8+1] == mx); EXPECT((unsigned)w[t*8+2] == mt); EXPECT((unsigned)w[t*8+3] == ball); EXPECT(w[t*8+4] == sum);
    EXPECT(w[t*8+5] == ((lane % 8) >= 3 ? hi[t - 3] : hi[t]));
    if (lane < 20) { EXPECT((unsigned)w[t*8+6] == 0xfffffu); if (lane < 18) EXPECT(w[t*8+7] == hi[t + 2]); }
    else { EXPECT((unsigned)w[t*8+6] == 0xfff00000u); }
  }
  printf("PASS\n");
}
