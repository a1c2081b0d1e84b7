// Atomics: f16/f16x2/bf16/bf16x2 add, 64-bit, double, every integer op, _block/_system scopes; half arithmetic.
#include "common.h"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void k(__half2* h2, __half* h1, __nv_bfloat16* b1, __nv_bfloat162* b2, unsigned long long* u64, double* d, float* f, int* i) {
  atomicAdd(h2, __halves2half2(__float2half(1.0f), __float2half(0.5f)));
  atomicAdd(h1, __float2half(1.0f));
  atomicAdd(b1, __float2bfloat16(1.0f));
  atomicAdd(b2, __floats2bfloat162_rn(1.0f, 2.0f));
  atomicAdd(u64, 3ull);
  atomicAdd(d, 0.25);
  atomicAdd(f, 0.5f);
  atomicMax(i, (int)threadIdx.x);
  atomicMin(i + 1, -(int)threadIdx.x);
  atomicInc((unsigned*)i + 2, 100);
  atomicDec((unsigned*)i + 3, 1000);
  atomicOr(i + 4, 1 << (threadIdx.x % 32));
  atomicXor(i + 5, threadIdx.x);
  atomicAnd(i + 6, ~(1 << (threadIdx.x % 31)));
  atomicSub(i + 7, 2);
  atomicExch(i + 8, 7);
  unsigned long long old;
  do { old = u64[1]; } while (atomicCAS(u64 + 1, old, old + 5) != old);
  atomicMax(u64 + 2, (unsigned long long)threadIdx.x * 1000000000ull);
  atomicAdd_block(i + 9, 1);
  atomicAdd_system(i + 10, 1);
  float x = __half2float(__hmul(__float2half(1.5f), __float2half(2.0f)));
  __half2 y = __hfma2(__floats2half2_rn(1.f, 2.f), __floats2half2_rn(3.f, 4.f), __floats2half2_rn(.5f, .25f));
  if (threadIdx.x == 0) { f[1] = x; f[2] = __low2float(y); f[3] = __high2float(y); f[4] = __half2float(hsqrt(__float2half(2.0f))); f[5] = __bfloat162float(__hmul(__float2bfloat16(3.0f), __float2bfloat16(1.5f))); }
}
int main() {
  const int T = 128, B = 8, N = T * B;
  __half2* h2; __half* h1; __nv_bfloat16* b1; __nv_bfloat162* b2; unsigned long long* u; double* d; float* f; int* i;
  CK(cudaMallocManaged(&h2, 4)); CK(cudaMallocManaged(&h1, 2)); CK(cudaMallocManaged(&b1, 2)); CK(cudaMallocManaged(&b2, 4));
  CK(cudaMallocManaged(&u, 24)); CK(cudaMallocManaged(&d, 8)); CK(cudaMallocManaged(&f, 24)); CK(cudaMallocManaged(&i, 64));
  *h2 = __floats2half2_rn(0, 0); *h1 = __float2half(0); *b1 = __float2bfloat16(0); *b2 = __floats2bfloat162_rn(0, 0);
  u[0] = u[1] = u[2] = 0; *d = 0; f[0] = 0; for (int j = 0; j < 16; j++) i[j] = 0; i[3] = 0; i[6] = -1;
  k<<<B, T>>>(h2, h1, b1, b2, u, d, f, i); CK(cudaDeviceSynchronize());
  EXPECT(__low2float(*h2) == N && __high2float(*h2) == N / 2);
  EXPECT(__half2float(*h1) == N);
  EXPECT(__bfloat162float(*b1) == 256.0f); // bf16 saturates at 256 (+1 rounds away)
  EXPECT(__low2float(*b2) == 256.0f);
  EXPECT(u[0] == 3ull * N); EXPECT(u[1] == 5ull * N); EXPECT(u[2] == (T - 1) * 1000000000ull);
  EXPECT(*d == N * 0.25); EXPECT(f[0] == N * 0.5f);
  EXPECT(i[0] == T - 1); EXPECT(i[1] == -(T - 1));
  { unsigned v = 0; for (int j = 0; j < N; j++) v = v >= 100 ? 0 : v + 1; EXPECT((unsigned)i[2] == v); }
  { unsigned v = 0; for (int j = 0; j < N; j++) v = (v == 0 || v > 1000) ? 1000 : v - 1; EXPECT((unsigned)i[3] == v); }
  EXPECT((unsigned)i[4] == 0xffffffffu); EXPECT(i[5] == 0);
  EXPECT(i[6] == (int)0x80000000); EXPECT(i[7] == -2 * N); EXPECT(i[8] == 7); EXPECT(i[9] == N); EXPECT(i[10] == N);
  EXPECT(f[1] == 3.0f); EXPECT(f[2] == 3.5f); EXPECT(f[3] == 8.25f); EXPECT(fabsf(f[4] - 1.41421f) < 1e-3f); EXPECT(f[5] == 4.5f);
  printf("PASS\n");
}
