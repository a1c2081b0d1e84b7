// libcu++ atomics: cuda::atomic_ref over plain global and shared memory (fetch_add, fetch_min/max,
// compare_exchange_strong/weak loops, exchange, load/store with memory orders), cuda::atomic with
// thread_scope_block in shared memory, cuda::std::atomic in global memory created with placement
// new, and release/acquire message passing between blocks with cuda::atomic_ref flags.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <new>
struct Stats { int sum; int mn; int mx; unsigned long long prod; int exch; };
__global__ void ref_ops(const int* in, Stats* st, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  cuda::atomic_ref<int, cuda::thread_scope_device> sum(st->sum), mn(st->mn), mx(st->mx), ex(st->exch);
  sum.fetch_add(v, cuda::std::memory_order_relaxed);
  mn.fetch_min(v);
  mx.fetch_max(v);
  ex.exchange(i);
  // Multiply-by-2 modulo 2^64 with a CAS loop (compare_exchange_weak).
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> prod(st->prod);
  unsigned long long old = prod.load(cuda::std::memory_order_relaxed);
  while (!prod.compare_exchange_weak(old, old * 3 + 1, cuda::std::memory_order_relaxed)) {}
}
__global__ void block_scope(int* out) {
  __shared__ int raw[4];
  __shared__ cuda::atomic<int, cuda::thread_scope_block>* counter;
  if (threadIdx.x < 4) raw[threadIdx.x] = 0;
  alignas(cuda::atomic<int, cuda::thread_scope_block>) __shared__ unsigned char storage[sizeof(cuda::atomic<int, cuda::thread_scope_block>)];
  if (threadIdx.x == 0) counter = new (storage) cuda::atomic<int, cuda::thread_scope_block>(0);
  __syncthreads();
  counter->fetch_add(1);
  cuda::atomic_ref<int, cuda::thread_scope_block>(raw[threadIdx.x % 4]).fetch_add(threadIdx.x);
  __syncthreads();
  if (threadIdx.x == 0) {
    out[blockIdx.x * 5] = counter->load();
    for (int k = 0; k < 4; k++) out[blockIdx.x * 5 + 1 + k] = raw[k];
  }
}
__global__ void std_atomic(cuda::std::atomic<long long>* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { a->fetch_add(i); a[1].fetch_sub(1); a[2] |= (1ll << (i % 64)); }
}
// Block 0 writes data then releases a flag; block 1 acquires it and reads the data.
__global__ void message(int* data, int* flag, int* seen) {
  cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) {
      for (int k = 0; k < 64; k++) data[k] = k * k;
      f.store(1, cuda::std::memory_order_release);
    }
  } else if (threadIdx.x == 0) {
    while (f.load(cuda::std::memory_order_acquire) == 0) {}
    int s = 0;
    for (int k = 0; k < 64; k++) s += data[k];
    *seen = s;
  }
}
int main() {
  const int n = 1000;
  int h[n];
  for (int i = 0; i < n; i++) h[i] = (i * 7919) % 2001 - 1000;
  int* d; Stats* st;
  CK(cudaMalloc(&d, sizeof(h))); CK(cudaMalloc(&st, sizeof(Stats)));
  CK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
  Stats init = {0, 1 << 30, -(1 << 30), 0, -1};
  CK(cudaMemcpy(st, &init, sizeof(init), cudaMemcpyHostToDevice));
  ref_ops<<<(n + 127) / 128, 128>>>(d, st, n);
  Stats r;
  CK(cudaMemcpy(&r, st, sizeof(r), cudaMemcpyDeviceToHost));
  int sum = 0, mn = 1 << 30, mx = -(1 << 30);
  unsigned long long prod = 0;
  for (int i = 0; i < n; i++) { sum += h[i]; mn = h[i] < mn ? h[i] : mn; mx = h[i] > mx ? h[i] : mx; prod = prod * 3 + 1; }
  check(r.sum == sum && r.mn == mn && r.mx == mx, "atomic_ref fetch_add / fetch_min / fetch_max");
  check(r.prod == prod, "atomic_ref compare_exchange_weak loop (x -> 3x+1, n times)");
  check(r.exch >= 0 && r.exch < n, "atomic_ref exchange");
  int* out;
  CK(cudaMalloc(&out, 3 * 5 * 4));
  block_scope<<<3, 96>>>(out);
  int ho[15];
  CK(cudaMemcpy(ho, out, sizeof(ho), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < 3; b++) {
    ok &= ho[b * 5] == 96;
    for (int k = 0; k < 4; k++) { int s = 0; for (int t = k; t < 96; t += 4) s += t; ok &= ho[b * 5 + 1 + k] == s; }
  }
  check(ok, "cuda::atomic<thread_scope_block> and atomic_ref on shared memory");
  cuda::std::atomic<long long>* a;
  CK(cudaMalloc(&a, 3 * sizeof(cuda::std::atomic<long long>)));
  long long zero[3] = {0, 0, 0};
  CK(cudaMemcpy(a, zero, sizeof(zero), cudaMemcpyHostToDevice));
  std_atomic<<<(n + 127) / 128, 128>>>(a, n);
  long long ha[3];
  CK(cudaMemcpy(ha, a, sizeof(ha), cudaMemcpyDeviceToHost));
  check(ha[0] == (long long)n * (n - 1) / 2 && ha[1] == -n && ha[2] == -1, "cuda::std::atomic fetch_add / fetch_sub / |=");
  int *data, *flag, *seen;
  CK(cudaMalloc(&data, 256)); CK(cudaMalloc(&flag, 4)); CK(cudaMalloc(&seen, 4));
  CK(cudaMemset(flag, 0, 4)); CK(cudaMemset(data, 0, 256));
  message<<<2, 32>>>(data, flag, seen);
  int hs = 0;
  CK(cudaMemcpy(&hs, seen, 4, cudaMemcpyDeviceToHost));
  int want = 0;
  for (int k = 0; k < 64; k++) want += k * k;
  check(hs == want, "release store / acquire load message passing between blocks");
  return finish();
}
