// flags: -std=c++17
// libcu++ atomics with every memory order and every thread scope: cuda::atomic<T, scope> for
// thread, block, device and system scopes (int, unsigned long long, float, double), fetch_add /
// fetch_sub / fetch_and / fetch_or / fetch_xor / exchange / compare_exchange_strong with explicit
// success and failure orders, cuda::atomic_ref over global, shared and managed memory,
// cuda::std::atomic_flag test_and_set/clear as a spin lock, atomic_thread_fence at each scope,
// wait/notify-free message passing (release store, acquire load) between blocks.
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cstdio>

using cuda::std::memory_order_relaxed; using cuda::std::memory_order_acquire; using cuda::std::memory_order_release;
using cuda::std::memory_order_acq_rel; using cuda::std::memory_order_seq_cst; using cuda::std::memory_order_consume;

struct Counters {
  cuda::atomic<int, cuda::thread_scope_device> dev_i;
  cuda::atomic<unsigned long long, cuda::thread_scope_system> sys_u;
  cuda::atomic<float, cuda::thread_scope_device> dev_f;
  cuda::atomic<double, cuda::thread_scope_device> dev_d;
  cuda::atomic<unsigned, cuda::thread_scope_device> bits_and, bits_or, bits_xor;
  cuda::atomic<int, cuda::thread_scope_device> maxv, exch, cas_hits;
  cuda::std::atomic_flag lock;
  int guarded;
};

__global__ void hammer(Counters *c, int *blocksum) {
  __shared__ int sh;
  __shared__ cuda::atomic<int, cuda::thread_scope_block> blk;
  if (threadIdx.x == 0) { sh = 0; new (&blk) cuda::atomic<int, cuda::thread_scope_block>(0); }
  __syncthreads();
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_block> shr(sh);
  shr.fetch_add(t % 5, memory_order_relaxed);
  blk.fetch_add(1, memory_order_acq_rel);
  __shared__ int per[256];
  per[threadIdx.x] = t;
  cuda::atomic_ref<int, cuda::thread_scope_thread> mine(per[threadIdx.x]);
  mine.fetch_add(3, memory_order_seq_cst);
  c->dev_i.fetch_add(mine.load(memory_order_relaxed) - t, memory_order_relaxed);
  c->dev_i.fetch_sub(1, memory_order_release);
  c->sys_u.fetch_add(1ull << (t % 40), memory_order_acq_rel);
  c->dev_f.fetch_add(0.5f, memory_order_relaxed);
  c->dev_d.fetch_add(0.25, memory_order_seq_cst);
  c->bits_and.fetch_and(~(1u << (t % 32)), memory_order_acq_rel);
  c->bits_or.fetch_or(1u << (t % 29), memory_order_release);
  c->bits_xor.fetch_xor(t * 2654435761u, memory_order_relaxed);
  int cur = c->maxv.load(memory_order_consume);
  int want = (t * 7919) % 100003;
  while (cur < want && !c->maxv.compare_exchange_strong(cur, want, memory_order_acq_rel, memory_order_acquire)) {}
  int old = c->exch.exchange(t, memory_order_acq_rel);
  if (old >= 0) c->cas_hits.fetch_add(1, memory_order_relaxed);
  // a spin lock on atomic_flag guards a non-atomic counter
  if (threadIdx.x % 32 == 0) {
    while (c->lock.test_and_set(memory_order_acquire)) {}
    c->guarded += t;
    c->lock.clear(memory_order_release);
  }
  cuda::atomic_thread_fence(memory_order_seq_cst, cuda::thread_scope_block);
  __syncthreads();
  if (threadIdx.x == 0) blocksum[blockIdx.x] = sh * 1000 + blk.load(memory_order_acquire);
}

__global__ void message(int *data, int *flag, int *seen) {
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    data[0] = 42; data[1] = 43;
    cuda::atomic_thread_fence(memory_order_release, cuda::thread_scope_device);
    cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).store(1, memory_order_relaxed);
  } else if (blockIdx.x == 1 && threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    while (f.load(memory_order_acquire) == 0) {}
    seen[0] = data[0] + data[1];
  }
}

int main() {
  Counters *c; cudaMallocManaged(&c, sizeof(Counters));
  new (c) Counters{};
  c->bits_and.store(0xFFFFFFFFu); c->maxv.store(-1); c->exch.store(-1); c->lock.clear();
  int *bs; cudaMalloc(&bs, 16 * 4);
  hammer<<<16, 256>>>(c, bs);
  cudaDeviceSynchronize();
  int hb[16]; cudaMemcpy(hb, bs, 64, cudaMemcpyDeviceToHost);
  printf("dev_i %d sys_u %llu dev_f %.1f dev_d %.2f\n", c->dev_i.load(), c->sys_u.load(), c->dev_f.load(), c->dev_d.load());
  printf("and %08x or %08x xor %08x max %d cas_hits %d guarded %d\n", c->bits_and.load(), c->bits_or.load(), c->bits_xor.load(), c->maxv.load(), c->cas_hits.load(), c->guarded);
  printf("blocks: %d %d %d\n", hb[0], hb[7], hb[15]);
  int *m; cudaMallocManaged(&m, 16); m[0] = m[1] = m[2] = m[3] = 0;
  message<<<2, 32>>>(m, m + 2, m + 3);
  cudaDeviceSynchronize();
  printf("message %d flag %d\n", m[3], m[2]);
  cuda::atomic_ref<int, cuda::thread_scope_system> host_ref(m[0]);
  host_ref.fetch_add(8, memory_order_seq_cst);
  printf("host atomic_ref %d lock-free %d %d\n", m[0], (int)c->dev_i.is_lock_free(), (int)cuda::atomic<double>::is_always_lock_free);
  return 0;
}
