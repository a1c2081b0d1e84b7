// sm_90 16-byte atomics: atomicCAS and atomicExch on a 16-byte struct (atom.cas/exch.b128 on
// .b128 registers), contended by every thread of several blocks.
#include "common.h"
struct __align__(16) Pair { unsigned long long count, sum; };
// Each thread adds (1, tid) to one of two pairs with a CAS loop: both halves move together.
__global__ void add(Pair* p) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  Pair* c = &p[tid & 1];
  Pair old = *c;
  while (true) {
    Pair want = {old.count + 1, old.sum + (unsigned long long)tid};
    Pair seen = atomicCAS(c, old, want);
    if (seen.count == old.count && seen.sum == old.sum) break;
    old = seen;
  }
}
// Every thread swaps its own pair into one slot and records what it got back.
__global__ void swap(Pair* slot, Pair* got) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  got[tid] = atomicExch(slot, Pair{(unsigned long long)tid + 1, ~(unsigned long long)tid});
}
int main() {
  const int blocks = 8, threads = 128, n = blocks * threads;
  Pair *p, *slot, *got;
  CK(cudaMallocManaged(&p, 2 * sizeof(Pair))); CK(cudaMallocManaged(&slot, sizeof(Pair))); CK(cudaMallocManaged(&got, n * sizeof(Pair)));
  p[0] = p[1] = Pair{0, 0}; *slot = Pair{0, ~0ull};
  add<<<blocks, threads>>>(p); CK(cudaDeviceSynchronize());
  unsigned long long want[2] = {0, 0};
  for (int t = 0; t < n; t++) want[t & 1] += t;
  EXPECT(p[0].count == n / 2 && p[1].count == n / 2 && p[0].sum == want[0] && p[1].sum == want[1]);
  swap<<<blocks, threads>>>(slot, got); CK(cudaDeviceSynchronize());
  // The values handed back plus the final one are the initial value and every thread's, once each, untorn.
  int seen[n + 1] = {0};
  for (int i = 0; i <= n; i++) {
    Pair v = i < n ? got[i] : *slot;
    EXPECT(v.sum == ~(v.count == 0 ? ~0ull : v.count - 1) || (v.count == 0 && v.sum == ~0ull));
    EXPECT(v.count <= (unsigned long long)n);
    seen[v.count]++;
  }
  for (int i = 0; i <= n; i++) EXPECT(seen[i] == 1);
  printf("PASS\n");
}
