// lg2.approx.ftz.f32 outside [1, 2) against its value on the significand in [1, 2) plus the
// exponent (fadd.rn / fadd.rz of k and lg2(m)), per binade over every significand: counts and
// the first mismatches. tanh.approx.f16 over all 65536 inputs: odd symmetry, and against the
// f32 unit's tanh rounded (rn / rz) to f16; tanh.approx.bf16 likewise.
#include <cstdio>
__device__ unsigned long long cnt[64][8];
__device__ unsigned mis[64][8][4];
__global__ void lg2k(int slot, int k) {
  unsigned s = blockIdx.x * blockDim.x + threadIdx.x;  // significand fraction, 23 bits
  if (s >= (1u << 23)) return;
  float m = __uint_as_float(0x3f800000u | s);
  float x = __uint_as_float((unsigned)(127 + k) << 23 | s);
  float r, f, h1, hz;
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(f) : "f"(m));
  asm("add.rn.f32 %0, %1, %2;" : "=f"(h1) : "f"((float)k), "f"(f));
  asm("add.rz.f32 %0, %1, %2;" : "=f"(hz) : "f"((float)k), "f"(f));
  double exact = log2((double)x);
  float cr = (float)exact;
  int d = (int)(__float_as_uint(r) - __float_as_uint(h1));
  if (r == h1) atomicAdd(&cnt[slot][0], 1ull);
  if (r == hz) atomicAdd(&cnt[slot][1], 1ull);
  if (r == cr) atomicAdd(&cnt[slot][2], 1ull);
  if (d == 1) atomicAdd(&cnt[slot][3], 1ull);
  if (d == -1) atomicAdd(&cnt[slot][4], 1ull);
  if (d > 1 || d < -1) {
    unsigned long long n = atomicAdd(&cnt[slot][5], 1ull);
    if (n < 8) { mis[slot][n][0] = __float_as_uint(x); mis[slot][n][1] = __float_as_uint(r); mis[slot][n][2] = __float_as_uint(h1); mis[slot][n][3] = __float_as_uint(f); }
  } else if (d != 0) {
    unsigned long long n = atomicAdd(&cnt[slot][6], 1ull);
    if (n < 4) { mis[slot][4 + n][0] = __float_as_uint(x); mis[slot][4 + n][1] = __float_as_uint(r); mis[slot][4 + n][2] = __float_as_uint(h1); mis[slot][4 + n][3] = __float_as_uint(f); }
  }
}
__global__ void tanh_h(unsigned *o) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned short h = i, r, rb, rn16, rz16, rnb, rzb;
  float x, t, xb, tb;
  asm("tanh.approx.f16 %0, %1;" : "=h"(r) : "h"(h));
  asm("tanh.approx.bf16 %0, %1;" : "=h"(rb) : "h"(h));
  asm("cvt.f32.f16 %0, %1;" : "=f"(x) : "h"(h));
  asm("tanh.approx.f32 %0, %1;" : "=f"(t) : "f"(x));
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(rn16) : "f"(t));
  asm("cvt.rz.f16.f32 %0, %1;" : "=h"(rz16) : "f"(t));
  xb = __uint_as_float(i << 16);
  asm("tanh.approx.f32 %0, %1;" : "=f"(tb) : "f"(xb));
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(rnb) : "f"(tb));
  asm("cvt.rz.bf16.f32 %0, %1;" : "=h"(rzb) : "f"(tb));
  o[i * 8 + 0] = r; o[i * 8 + 1] = rb; o[i * 8 + 2] = rn16; o[i * 8 + 3] = rz16; o[i * 8 + 4] = rnb; o[i * 8 + 5] = rzb;
  o[i * 8 + 6] = __float_as_uint(t); o[i * 8 + 7] = __float_as_uint(tb);
}
int main() {
  const int ks[] = {-126, -100, -10, -3, -2, -1, 0, 1, 2, 3, 4, 7, 8, 10, 20, 64, 100, 127};
  const int nk = sizeof ks / sizeof ks[0];
  for (int s = 0; s < nk; s++) lg2k<<<(1 << 23) / 256, 256>>>(s, ks[s]);
  unsigned long long c[64][8]; unsigned mm[64][8][4];
  cudaMemcpyFromSymbol(c, cnt, sizeof c); cudaMemcpyFromSymbol(mm, mis, sizeof mm);
  printf("lg2.approx.ftz.f32 of 2^k*m, m in [1,2), all 2^23 m: ==rn(k+lg2(m)) ==rz(k+lg2(m)) ==cr(log2) rn+1ulp rn-1ulp |d|>1\n");
  for (int s = 0; s < nk; s++) {
    printf("k=%d: %llu %llu %llu %llu %llu %llu\n", ks[s], c[s][0], c[s][1], c[s][2], c[s][3], c[s][4], c[s][5]);
    for (int n = 0; n < 8; n++) if (mm[s][n][0]) printf("  x %08x r %08x rn %08x lg2m %08x\n", mm[s][n][0], mm[s][n][1], mm[s][n][2], mm[s][n][3]);
  }
  unsigned *o; cudaMallocManaged(&o, 65536 * 8 * 4);
  tanh_h<<<256, 256>>>(o);
  cudaDeviceSynchronize();
  int odd16 = 0, oddb = 0, rn16 = 0, rz16 = 0, rnb = 0, rzb = 0;
  for (int i = 0; i < 65536; i++) {
    unsigned *p = o + i * 8, *q = o + (i ^ 0x8000) * 8;
    bool nan16 = (i & 0x7c00) == 0x7c00 && (i & 0x3ff), nanb = (i & 0x7f80) == 0x7f80 && (i & 0x7f);
    if (!nan16 && q[0] != (p[0] ^ 0x8000)) { if (odd16 < 8) printf("f16 not odd: %04x -> %04x, %04x -> %04x\n", i, p[0], i ^ 0x8000, q[0]); odd16++; }
    if (!nanb && q[1] != (p[1] ^ 0x8000)) { if (oddb < 8) printf("bf16 not odd: %04x -> %04x, %04x -> %04x\n", i, p[1], i ^ 0x8000, q[1]); oddb++; }
    rn16 += p[0] == p[2]; rz16 += p[0] == p[3]; rnb += p[1] == p[4]; rzb += p[1] == p[5];
  }
  printf("tanh.f16 not odd %d, bf16 not odd %d; f16 == rn(tanh.f32) %d == rz %d; bf16 == rn %d == rz %d (of 65536)\n", odd16, oddb, rn16, rz16, rnb, rzb);
  printf("tanh.approx.f16 of negative inputs, 64 a line (0x8000..0xffff):\n");
  for (int i = 0x8000; i < 0x10000; i += 64) { printf("N%04x", i); for (int j = 0; j < 64; j++) printf(" %04x", o[(i + j) * 8]); printf("\n"); }
  printf("tanh.approx.f32 of every f16 input (as f32 bits), 16 a line:\n");
  for (int i = 0; i < 0x8000; i += 16) { printf("F%04x", i); for (int j = 0; j < 16; j++) printf(" %08x", o[(i + j) * 8 + 6]); printf("\n"); }
  printf("tanh.approx.f32 of every non-negative bf16 input (as f32 bits), 16 a line:\n");
  for (int i = 0; i < 0x8000; i += 16) { printf("G%04x", i); for (int j = 0; j < 16; j++) printf(" %08x", o[(i + j) * 8 + 7]); printf("\n"); }
  printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
