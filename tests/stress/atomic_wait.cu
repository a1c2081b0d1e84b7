// libcu++'s atomics between blocks: cuda::atomic_ref<int, device> wait/notify hand-offs along
// ticket order, and a cuda::std::atomic producer/consumer ring (one producer block, consumer
// blocks popping with compare_exchange), every item consumed exactly once.
#include "common.h"
#include <cuda/atomic>
__global__ void handoff(int* flags, unsigned* ticket, int* value) {
  __shared__ unsigned rank;
  if (threadIdx.x == 0) rank = atomicAdd(ticket, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    if (rank > 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> prev(flags[rank - 1]);
      while (prev.load(cuda::memory_order_acquire) == 0) prev.wait(0, cuda::memory_order_acquire);
    }
    value[rank] = (rank > 0 ? value[rank - 1] : 0) + 2 * (int)rank + 1;  // sum of odd numbers: (rank+1)^2
    cuda::atomic_ref<int, cuda::thread_scope_device> me(flags[rank]);
    me.store(1, cuda::memory_order_release);
    me.notify_all();
  }
}
struct Ring { cuda::atomic<unsigned, cuda::thread_scope_device> head, tail, produced_done; int items[1024]; };
__global__ void ring(Ring* r, int total, int* seen) {
  if (blockIdx.x == 0) {  // producer: one thread, bounded ring
    if (threadIdx.x != 0) return;
    for (int i = 0; i < total; ++i) {
      unsigned t = r->tail.load(cuda::memory_order_relaxed);
      while (t - r->head.load(cuda::memory_order_acquire) >= 1024) {}
      r->items[t % 1024] = i;
      r->tail.store(t + 1, cuda::memory_order_release);
    }
    r->produced_done.store(1, cuda::memory_order_release);
    return;
  }
  for (;;) {  // consumers: claim a slot by advancing head
    unsigned h = r->head.load(cuda::memory_order_acquire);
    unsigned t = r->tail.load(cuda::memory_order_acquire);
    if (h == t) {
      if (r->produced_done.load(cuda::memory_order_acquire) && r->head.load() == r->tail.load()) return;
      continue;
    }
    int item = r->items[h % 1024];
    if (r->head.compare_exchange_weak(h, h + 1, cuda::memory_order_acq_rel)) atomicAdd(&seen[item], 1);
  }
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 99;
  const int maxb = 512, maxt = 1 << 13;
  int *flags, *val, *seen; unsigned* tk; Ring* r;
  CK(cudaMalloc(&flags, maxb * 4)); CK(cudaMalloc(&val, maxb * 4)); CK(cudaMalloc(&tk, 4));
  CK(cudaMalloc(&r, sizeof(Ring))); CK(cudaMalloc(&seen, maxt * 4));
  int* hv = (int*)malloc(maxt * 4);
  for (int it = 0; it < N; ++it) {
    int blocks = 1 + rng(seed) % maxb;
    CK(cudaMemset(flags, 0, maxb * 4)); CK(cudaMemset(tk, 0, 4));
    handoff<<<blocks, 32 * (1 + rng(seed) % 4)>>>(flags, tk, val);
    CK(cudaGetLastError()); CK(cudaMemcpy(hv, val, blocks * 4, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) EXPECT(hv[b] == (b + 1) * (b + 1), "handoff it %d blocks %d: value[%d] %d", it, blocks, b, hv[b]);
    int total = 1 + rng(seed) % maxt, consumers = 1 + rng(seed) % 7;
    CK(cudaMemset(r, 0, sizeof(Ring))); CK(cudaMemset(seen, 0, total * 4));
    ring<<<1 + consumers, 32 * (1 + rng(seed) % 4)>>>(r, total, seen);
    CK(cudaGetLastError()); CK(cudaMemcpy(hv, seen, total * 4, cudaMemcpyDeviceToHost));
    int bad = 0, first = -1; for (int i = 0; i < total; ++i) if (hv[i] != 1) { if (first < 0) first = i; ++bad; }
    EXPECT(!bad, "ring it %d total %d consumers %d: %d items not consumed once, first %d (%d)", it, total, consumers, bad, first, first >= 0 ? hv[first] : 0);
  }
  return finish("atomic_wait", N);
}
