// Atomic functions (the guide's atomic-functions section): atomicAdd on int, unsigned, unsigned long
// long, float, double, __half2, __half, __nv_bfloat16; atomicSub, atomicExch (int, float),
// atomicMin/Max (int, unsigned, long long, unsigned long long), atomicInc/atomicDec wrap-around,
// atomicCAS (int, unsigned short, unsigned long long), atomicAnd/Or/Xor; the guide's atomicAdd for
// double built from atomicCAS; _block and _system scoped variants; returned old values are unique.
#include "guide.h"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <algorithm>
#include <vector>
__device__ double myAtomicAdd(double* address, double val) {
  unsigned long long int* address_as_ull = (unsigned long long int*)address;
  unsigned long long int old = *address_as_ull, assumed;
  do {
    assumed = old;
    old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
__device__ float atomicMaxFloat(float* addr, float v) {
  int* a = (int*)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(a, assumed, __float_as_int(v));
  } while (assumed != old);
  return __int_as_float(old);
}
struct Acc {
  int i; unsigned u; unsigned long long ull; float f; double d, dcas; int sub, exch;
  int mn, mx; unsigned umn, umx; long long llmn, llmx; unsigned long long ullmn, ullmx;
  unsigned inc, dec; unsigned andv, orv, xorv; int blk, sys; float fmax; unsigned short cas16; unsigned short pad;
  __half2 h2; __half h; __nv_bfloat16 b; __nv_bfloat16 pad2;
};
__global__ void atomics(Acc* a, int* oldInc, unsigned long long* oldUll) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&a->i, t);
  atomicAdd(&a->u, 2u);
  oldUll[t] = atomicAdd(&a->ull, 1ull << 33);
  atomicAdd(&a->f, 0.5f);             // multiples of 0.5 below 2^24: exact in any order
  atomicAdd(&a->d, (double)t * 0.25);
  myAtomicAdd(&a->dcas, 1.0);
  atomicSub(&a->sub, 3);
  atomicExch(&a->exch, t);
  atomicMin(&a->mn, 1000 - t); atomicMax(&a->mx, t - 1000);
  atomicMin(&a->umn, 5000u + t); atomicMax(&a->umx, (unsigned)t * 3);
  atomicMin(&a->llmn, -(long long)t << 40); atomicMax(&a->llmx, (long long)t << 40);
  atomicMin(&a->ullmn, 1ull << 60 | t); atomicMax(&a->ullmx, (unsigned long long)t << 50);
  oldInc[t] = atomicInc(&a->inc, 99);  // wraps to 0 after 99
  atomicDec(&a->dec, 49);              // from 0 wraps to 49
  atomicAnd(&a->andv, ~(1u << (t % 32)));
  atomicOr(&a->orv, 1u << (t % 32));
  atomicXor(&a->xorv, 1u << (t % 7));
  atomicAdd_block(&a->blk, 1);
  atomicAdd_system(&a->sys, 2);
  atomicMaxFloat(&a->fmax, (float)((t * 37) % 1000) * 0.5f);
  atomicAdd(&a->h2, __halves2half2(__float2half(1.f), __float2half(0.25f)));
  atomicAdd(&a->h, __float2half(1.f));
  if (t < 200) atomicAdd(&a->b, __float2bfloat16(1.f));  // bfloat16 counts exactly only up to 256
  // 16-bit atomicCAS (compute capability 7.x+): each thread increments once.
  unsigned short old = a->cas16, assumed;
  do { assumed = old; old = atomicCAS(&a->cas16, assumed, (unsigned short)(assumed + 1)); } while (old != assumed);
}
int main() {
  const int B = 8, T = 128, N = B * T;
  Acc h = {};
  h.mn = 1 << 30; h.mx = -(1 << 30); h.umn = ~0u; h.umx = 0; h.llmn = 0; h.llmx = 0; h.ullmn = ~0ull; h.ullmx = 0;
  h.andv = ~0u; h.orv = 0; h.xorv = 0; h.sub = 0; h.fmax = -1.f; h.dec = 0;
  h.h2 = __halves2half2(__float2half(0.f), __float2half(0.f)); h.h = __float2half(0.f); h.b = __float2bfloat16(0.f);
  Acc* d; int* dinc; unsigned long long* dull;
  CK(cudaMalloc(&d, sizeof(Acc))); CK(cudaMalloc(&dinc, N * 4)); CK(cudaMalloc(&dull, N * 8));
  CK(cudaMemcpy(d, &h, sizeof(h), cudaMemcpyHostToDevice));
  atomics<<<B, T>>>(d, dinc, dull);
  CK(cudaGetLastError());
  Acc r;
  CK(cudaMemcpy(&r, d, sizeof(r), cudaMemcpyDeviceToHost));
  std::vector<int> inc(N); std::vector<unsigned long long> ull(N);
  CK(cudaMemcpy(inc.data(), dinc, N * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(ull.data(), dull, N * 8, cudaMemcpyDeviceToHost));
  check(r.i == N * (N - 1) / 2 && r.u == 2u * N, "atomicAdd int / unsigned");
  check(r.ull == (unsigned long long)N << 33, "atomicAdd unsigned long long");
  std::sort(ull.begin(), ull.end());
  bool uniq = true;
  for (int k = 0; k < N; k++) uniq &= ull[k] == (unsigned long long)k << 33;
  check(uniq, "atomicAdd returns each old value exactly once");
  check(r.f == 0.5f * N && r.d == 0.25 * N * (N - 1) / 2 && r.dcas == (double)N, "atomicAdd float/double and the guide's CAS-loop double add");
  check(r.sub == -3 * N && r.exch >= 0 && r.exch < N, "atomicSub, atomicExch");
  check(r.mn == 1000 - (N - 1) && r.mx == -1000 + (N - 1) && r.umn == 5000u && r.umx == 3u * (N - 1), "atomicMin/Max int and unsigned");
  check(r.llmn == -((long long)(N - 1) << 40) && r.llmx == (long long)(N - 1) << 40 && r.ullmn == (1ull << 60) &&
            r.ullmx == (unsigned long long)(N - 1) << 50,
        "atomicMin/Max long long and unsigned long long");
  // atomicInc: old >= 99 ? 0 : old + 1. N increments from 0 cycle through 0..99.
  check(r.inc == (unsigned)(N % 100), "atomicInc wraps at the limit");
  std::sort(inc.begin(), inc.end());
  bool incs = true;
  for (int k = 0; k < N; k++) incs &= inc[k] == (k * 100 / N <= 99 ? inc[k] : -1) && inc[k] >= 0 && inc[k] <= 99;
  int counts[100] = {};
  for (int v : inc) counts[v]++;
  for (int k = 0; k < 100; k++) incs &= counts[k] == N / 100 + (k < N % 100 ? 1 : 0);
  check(incs, "atomicInc old values: each of 0..99 the right number of times");
  // atomicDec: (old == 0 || old > 49) ? 49 : old - 1. From 0: 49, 48, ..., 0, 49, ...
  unsigned dec = 0;
  for (int k = 0; k < N; k++) dec = (dec == 0 || dec > 49) ? 49 : dec - 1;
  check(r.dec == dec, "atomicDec wraps at zero");
  unsigned x = 0;
  for (int t = 0; t < N; t++) x ^= 1u << (t % 7);
  check(r.andv == 0 && r.orv == ~0u && r.xorv == x, "atomicAnd/Or/Xor");
  check(r.blk == N && r.sys == 2 * N, "atomicAdd_block / atomicAdd_system");
  check(r.fmax == 499.5f, "atomicCAS-based float max");
  check(__low2float(r.h2) == (float)N && __high2float(r.h2) == 0.25f * N, "atomicAdd __half2");
  check(__half2float(r.h) == (float)N, "atomicAdd __half");
  check(__bfloat162float(r.b) == 200.f, "atomicAdd __nv_bfloat16");
  check(r.cas16 == (unsigned short)N, "16-bit atomicCAS loop");
  return finish();
}
