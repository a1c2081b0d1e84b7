// Which NaN comes out of a PTX float operation with two (or three) NaN operands, and what
// payload: every ordered pair of 8 operands (6 NaNs of both signs, quiet and signalling, with
// payloads, then 1.0 and +inf) through f64/f32/f16/bf16 add/sub/mul/div/fma/min/max, cvt
// between f64/f32/f16/bf16, copysign, selp and testp. Operands are loaded from memory at run
// time (no constant folding); each operation is one inline-asm PTX instruction.
// Output: one line per operation: its name, then the 64 results for (a=v[i], b=v[j]) at i*8+j.
#include <cstdio>
#include <cstdint>
typedef unsigned long long u64;
__constant__ u64 V64[8] = {0x7ff8000000000000ull, 0xfff8000000000123ull, 0x7ff0000000000456ull, 0x7fffffffffffffffull,
                           0xfff0000000000001ull, 0x7ff8000000000789ull, 0x3ff0000000000000ull, 0x7ff0000000000000ull};
__constant__ unsigned V32[8] = {0x7fc00000u, 0xffc00123u, 0x7f800456u, 0x7fffffffu, 0xff800001u, 0x7fc00789u, 0x3f800000u, 0x7f800000u};
__constant__ unsigned short VH[8] = {0x7e00, 0xfe12, 0x7c45, 0x7fff, 0xfc01, 0x7e89, 0x3c00, 0x7c00};
__constant__ unsigned short VB[8] = {0x7fc0, 0xffc1, 0x7f85, 0x7fff, 0xff81, 0x7fc9, 0x3f80, 0x7f80};
#define NOPS 64
__global__ void pairs(const u64 *in64, const unsigned *in32, const unsigned short *inh, const unsigned short *inb, u64 *o) {
  int t = threadIdx.x, i = t / 8, j = t % 8;
  double a = __longlong_as_double(in64[i]), b = __longlong_as_double(in64[j]);
  float fa = __uint_as_float(in32[i]), fb = __uint_as_float(in32[j]);
  unsigned short ha = inh[i], hb = inh[j], ba = inb[i], bb = inb[j];
  double d; float f; unsigned short h; unsigned u;
  int k = 0;
#define D2(op) asm volatile(op " %0, %1, %2;" : "=d"(d) : "d"(a), "d"(b)); o[(k++) * 64 + t] = __double_as_longlong(d);
#define F2(op) asm volatile(op " %0, %1, %2;" : "=f"(f) : "f"(fa), "f"(fb)); o[(k++) * 64 + t] = __float_as_uint(f);
#define H2(op) asm volatile(op " %0, %1, %2;" : "=h"(h) : "h"(ha), "h"(hb)); o[(k++) * 64 + t] = h;
#define B2(op) asm volatile(op " %0, %1, %2;" : "=h"(h) : "h"(ba), "h"(bb)); o[(k++) * 64 + t] = h;
  D2("add.rn.f64") D2("sub.rn.f64") D2("mul.rn.f64") D2("div.rn.f64") D2("add.rz.f64") D2("mul.rm.f64")
  D2("min.f64") D2("max.f64") D2("copysign.f64")
  F2("add.rn.f32") F2("sub.rn.f32") F2("mul.rn.f32") F2("div.rn.f32") F2("add.rz.ftz.f32") F2("min.f32") F2("max.f32")
  F2("min.NaN.f32") F2("max.NaN.f32") F2("copysign.f32")
  H2("add.rn.f16") H2("mul.rn.f16") H2("sub.rn.f16") H2("min.f16") H2("max.f16") H2("min.NaN.f16")
  B2("add.rn.bf16") B2("mul.rn.bf16") B2("min.bf16") B2("max.bf16") B2("min.NaN.bf16")
  // fma with the third operand 1.0 and with the third operand b (NaN in position c)
  asm volatile("fma.rn.f64 %0, %1, %2, %3;" : "=d"(d) : "d"(a), "d"(b), "d"(1.0)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("fma.rn.f64 %0, %1, %2, %3;" : "=d"(d) : "d"(1.0), "d"(a), "d"(b)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("fma.rn.f64 %0, %1, %2, %3;" : "=d"(d) : "d"(a), "d"(1.0), "d"(b)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("fma.rn.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(fa), "f"(fb), "f"(1.0f)); o[(k++) * 64 + t] = __float_as_uint(f);
  asm volatile("fma.rn.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(fa), "f"(1.0f), "f"(fb)); o[(k++) * 64 + t] = __float_as_uint(f);
  // selp passes bits; testp of a (f64 / f32): finite infinite number notanumber normal subnormal as bits
  int p;
  asm volatile("{.reg .pred q; setp.ne.s32 q, %3, 0; selp.f64 %0, %1, %2, q;}" : "=d"(d) : "d"(a), "d"(b), "r"(i & 1)); o[(k++) * 64 + t] = __double_as_longlong(d);
  {
    unsigned bits = 0;
    asm volatile("{.reg .pred q; testp.finite.f64 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "d"(a)); bits |= p << 0;
    asm volatile("{.reg .pred q; testp.infinite.f64 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "d"(a)); bits |= p << 1;
    asm volatile("{.reg .pred q; testp.number.f64 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "d"(a)); bits |= p << 2;
    asm volatile("{.reg .pred q; testp.notanumber.f64 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "d"(a)); bits |= p << 3;
    asm volatile("{.reg .pred q; testp.normal.f64 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "d"(a)); bits |= p << 4;
    asm volatile("{.reg .pred q; testp.subnormal.f64 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "d"(a)); bits |= p << 5;
    asm volatile("{.reg .pred q; testp.finite.f32 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "f"(fa)); bits |= p << 8;
    asm volatile("{.reg .pred q; testp.infinite.f32 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "f"(fa)); bits |= p << 9;
    asm volatile("{.reg .pred q; testp.number.f32 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "f"(fa)); bits |= p << 10;
    asm volatile("{.reg .pred q; testp.notanumber.f32 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "f"(fa)); bits |= p << 11;
    asm volatile("{.reg .pred q; testp.normal.f32 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "f"(fa)); bits |= p << 12;
    asm volatile("{.reg .pred q; testp.subnormal.f32 q, %1; selp.u32 %0, 1, 0, q;}" : "=r"(p) : "f"(fa)); bits |= p << 13;
    o[(k++) * 64 + t] = bits;
  }
  // conversions of a (one operand; the 8 lanes with j == 0 matter, all lanes do the same)
  asm volatile("cvt.rn.f32.f64 %0, %1;" : "=f"(f) : "d"(a)); o[(k++) * 64 + t] = __float_as_uint(f);
  asm volatile("cvt.f64.f32 %0, %1;" : "=d"(d) : "f"(fa)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(fa)); o[(k++) * 64 + t] = h;
  asm volatile("cvt.rn.bf16.f32 %0, %1;" : "=h"(h) : "f"(fa)); o[(k++) * 64 + t] = h;
  asm volatile("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(ha)); o[(k++) * 64 + t] = __float_as_uint(f);
  asm volatile("cvt.f32.bf16 %0, %1;" : "=f"(f) : "h"(ba)); o[(k++) * 64 + t] = __float_as_uint(f);
  asm volatile("cvt.rn.f16.f64 %0, %1;" : "=h"(h) : "d"(a)); o[(k++) * 64 + t] = h;
  asm volatile("cvt.rn.bf16.f64 %0, %1;" : "=h"(h) : "d"(a)); o[(k++) * 64 + t] = h;
  asm volatile("cvt.f64.f16 %0, %1;" : "=d"(d) : "h"(ha)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("cvt.rni.f64.f64 %0, %1;" : "=d"(d) : "d"(a)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("cvt.rzi.f32.f32 %0, %1;" : "=f"(f) : "f"(fa)); o[(k++) * 64 + t] = __float_as_uint(f);
  asm volatile("cvt.rn.bf16.f16 %0, %1;" : "=h"(h) : "h"(ha)); o[(k++) * 64 + t] = h;
  asm volatile("cvt.rn.f16x2.f32 %0, %1, %2;" : "=r"(u) : "f"(fa), "f"(fb)); o[(k++) * 64 + t] = u;
  asm volatile("cvt.rn.bf16x2.f32 %0, %1, %2;" : "=r"(u) : "f"(fa), "f"(fb)); o[(k++) * 64 + t] = u;
  asm volatile("sqrt.rn.f64 %0, %1;" : "=d"(d) : "d"(a)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("rcp.rn.f64 %0, %1;" : "=d"(d) : "d"(a)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("neg.f64 %0, %1;" : "=d"(d) : "d"(a)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("abs.f64 %0, %1;" : "=d"(d) : "d"(a)); o[(k++) * 64 + t] = __double_as_longlong(d);
  asm volatile("sqrt.rn.f32 %0, %1;" : "=f"(f) : "f"(fa)); o[(k++) * 64 + t] = __float_as_uint(f);
  if (t == 0) o[NOPS * 64] = k;
}
// fma.rn.f64 / fma.rn.f32 over every (a, b, c) of 8 values: o[(i*8+j)*8+c]
__global__ void triples(const u64 *in64, const unsigned *in32, u64 *o, unsigned *o32) {
  int t = blockIdx.x * 64 + threadIdx.x, i = t / 64, j = (t / 8) % 8, c = t % 8;
  double d;
  asm volatile("fma.rn.f64 %0, %1, %2, %3;" : "=d"(d) : "d"(__longlong_as_double(in64[i])), "d"(__longlong_as_double(in64[j])), "d"(__longlong_as_double(in64[c])));
  o[t] = __double_as_longlong(d);
  float f;
  asm volatile("fma.rn.f32 %0, %1, %2, %3;" : "=f"(f) : "f"(__uint_as_float(in32[i])), "f"(__uint_as_float(in32[j])), "f"(__uint_as_float(in32[c])));
  o32[t] = __float_as_uint(f);
}
int main() {
  const char *names[] = {"add.rn.f64", "sub.rn.f64", "mul.rn.f64", "div.rn.f64", "add.rz.f64", "mul.rm.f64", "min.f64", "max.f64", "copysign.f64",
                         "add.rn.f32", "sub.rn.f32", "mul.rn.f32", "div.rn.f32", "add.rz.ftz.f32", "min.f32", "max.f32", "min.NaN.f32", "max.NaN.f32", "copysign.f32",
                         "add.rn.f16", "mul.rn.f16", "sub.rn.f16", "min.f16", "max.f16", "min.NaN.f16",
                         "add.rn.bf16", "mul.rn.bf16", "min.bf16", "max.bf16", "min.NaN.bf16",
                         "fma.f64(a,b,1)", "fma.f64(1,a,b)", "fma.f64(a,1,b)", "fma.f32(a,b,1)", "fma.f32(a,1,b)", "selp.f64(i&1?a:b)", "testp.bits(a)",
                         "cvt.rn.f32.f64", "cvt.f64.f32", "cvt.rn.f16.f32", "cvt.rn.bf16.f32", "cvt.f32.f16", "cvt.f32.bf16", "cvt.rn.f16.f64",
                         "cvt.rn.bf16.f64", "cvt.f64.f16", "cvt.rni.f64.f64", "cvt.rzi.f32.f32", "cvt.rn.bf16.f16", "cvt.rn.f16x2.f32(a,b)",
                         "cvt.rn.bf16x2.f32(a,b)", "sqrt.rn.f64", "rcp.rn.f64", "neg.f64", "abs.f64", "sqrt.rn.f32"};
  u64 h64[8]; unsigned h32[8]; unsigned short hh[8], hb[8];
  cudaMemcpyFromSymbol(h64, V64, sizeof h64); cudaMemcpyFromSymbol(h32, V32, sizeof h32);
  cudaMemcpyFromSymbol(hh, VH, sizeof hh); cudaMemcpyFromSymbol(hb, VB, sizeof hb);
  u64 *d64, *o, *t64; unsigned *d32, *t32; unsigned short *dh, *db;
  cudaMalloc(&d64, 64); cudaMalloc(&d32, 32); cudaMalloc(&dh, 16); cudaMalloc(&db, 16);
  cudaMemcpy(d64, h64, 64, cudaMemcpyHostToDevice); cudaMemcpy(d32, h32, 32, cudaMemcpyHostToDevice);
  cudaMemcpy(dh, hh, 16, cudaMemcpyHostToDevice); cudaMemcpy(db, hb, 16, cudaMemcpyHostToDevice);
  cudaMallocManaged(&o, (NOPS * 64 + 1) * 8); cudaMallocManaged(&t64, 512 * 8); cudaMallocManaged(&t32, 512 * 4);
  pairs<<<1, 64>>>(d64, d32, dh, db, o);
  triples<<<8, 64>>>(d64, d32, t64, t32);
  cudaDeviceSynchronize();
  int k = (int)o[NOPS * 64];
  printf("f64 operands:"); for (int i = 0; i < 8; i++) printf(" %016llx", h64[i]); printf("\n");
  printf("f32 operands:"); for (int i = 0; i < 8; i++) printf(" %08x", h32[i]); printf("\n");
  printf("f16 operands:"); for (int i = 0; i < 8; i++) printf(" %04x", hh[i]); printf("\n");
  printf("bf16 operands:"); for (int i = 0; i < 8; i++) printf(" %04x", hb[i]); printf("\n");
  for (int op = 0; op < k; op++) {
    printf("%s:", names[op]);
    for (int t = 0; t < 64; t++) printf(" %llx", o[op * 64 + t]);
    printf("\n");
  }
  printf("fma.rn.f64(a,b,c):"); for (int t = 0; t < 512; t++) printf(" %llx", t64[t]); printf("\n");
  printf("fma.rn.f32(a,b,c):"); for (int t = 0; t < 512; t++) printf(" %x", t32[t]); printf("\n");
  printf("err %s\n", cudaGetErrorName(cudaGetLastError()));
}
