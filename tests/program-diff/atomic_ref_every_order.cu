// cuda::atomic_ref and cuda::atomic over int, unsigned long long, float and double: every memory
// order and scope on fetch_add/sub/and/or/xor/min/max, exchange, compare_exchange_weak/strong
// (success and failure orders), load/store, and the values they return (single-threaded where the
// value depends on order, many threads where only the total does).
#include <cstdio>
#include <cuda/atomic>
template <cuda::thread_scope S>
__device__ void orders(int *p, unsigned long long *q, float *f, double *d, int *r) {
  cuda::atomic_ref<int, S> a(*p);
  cuda::atomic_ref<unsigned long long, S> b(*q);
  cuda::atomic_ref<float, S> c(*f);
  cuda::atomic_ref<double, S> e(*d);
  int k = 0;
  r[k++] = a.fetch_add(5, cuda::memory_order_relaxed);
  r[k++] = a.fetch_sub(12, cuda::memory_order_acquire);
  r[k++] = a.fetch_and(0x7ff3, cuda::memory_order_release);
  r[k++] = a.fetch_or(0x10000, cuda::memory_order_acq_rel);
  r[k++] = a.fetch_xor(-1, cuda::memory_order_seq_cst);
  r[k++] = a.fetch_min(-70000, cuda::memory_order_relaxed);
  r[k++] = a.fetch_max(3, cuda::memory_order_consume);
  r[k++] = a.exchange(-9, cuda::memory_order_acq_rel);
  int exp = 5;
  r[k++] = a.compare_exchange_strong(exp, 7, cuda::memory_order_acq_rel, cuda::memory_order_relaxed); r[k++] = exp;
  exp = -9;
  r[k++] = a.compare_exchange_strong(exp, 11, cuda::memory_order_seq_cst); r[k++] = exp;
  exp = 11;
  while (!a.compare_exchange_weak(exp, 12, cuda::memory_order_release, cuda::memory_order_acquire)) {}
  r[k++] = a.load(cuda::memory_order_acquire);
  a.store(100, cuda::memory_order_release);
  r[k++] = a.load();
  r[k++] = (int)b.fetch_add(0xffffffffull, cuda::memory_order_relaxed);
  r[k++] = (int)(b.fetch_min(0x100000000ull) >> 32);
  r[k++] = (int)(b.fetch_max(0xfffffffffffull, cuda::memory_order_seq_cst) >> 8);
  r[k++] = (int)b.fetch_xor(0x5555555555555555ull, cuda::memory_order_acq_rel);
  r[k++] = (int)(b.load() >> 33);
  r[k++] = __float_as_int(c.fetch_add(1.5f, cuda::memory_order_relaxed));
  r[k++] = __float_as_int(c.fetch_sub(0.25f, cuda::memory_order_release));
  r[k++] = __float_as_int(c.exchange(-0.0f));
  r[k++] = __float_as_int(c.fetch_add(0.0f));
  r[k++] = __float_as_int(c.load());
  float fe = -0.0f;
  r[k++] = c.compare_exchange_strong(fe, 2.0f);  // bitwise: -0.0 == -0.0
  r[k++] = (int)(__double_as_longlong(e.fetch_add(1e-300, cuda::memory_order_acq_rel)) >> 20);
  r[k++] = (int)(__double_as_longlong(e.fetch_sub(3.0)) >> 20);
  r[k++] = (int)(__double_as_longlong(e.load()) >> 32);
  r[k++] = (int)(__double_as_longlong(e.fetch_min(-1e10)) >> 32);
  r[k++] = (int)(__double_as_longlong(e.fetch_max(7.5)) >> 32);
  r[k++] = (int)(__double_as_longlong(e.load()) >> 32);
  r[k++] = a.is_lock_free() + 2 * b.is_always_lock_free;
}
__global__ void single(int *p, unsigned long long *q, float *f, double *d, int *r) {
  orders<cuda::thread_scope_thread>(p, q, f, d, r);
  orders<cuda::thread_scope_block>(p + 1, q + 1, f + 1, d + 1, r + 40);
  orders<cuda::thread_scope_device>(p + 2, q + 2, f + 2, d + 2, r + 80);
  orders<cuda::thread_scope_system>(p + 3, q + 3, f + 3, d + 3, r + 120);
}
__global__ void many(int *p, unsigned long long *q, float *f, unsigned *hist) {
  __shared__ int sh;
  if (threadIdx.x == 0) sh = 0;
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_block> s(sh);
  s.fetch_add(threadIdx.x, cuda::memory_order_relaxed);
  cuda::atomic_ref<int, cuda::thread_scope_device> a(*p);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> b(*q);
  cuda::atomic_ref<float, cuda::thread_scope_device> c(*f);
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a.fetch_max(t * 7 % 1009, cuda::memory_order_relaxed);
  b.fetch_add(1ull << (t % 40), cuda::memory_order_acq_rel);
  c.fetch_add(0.5f, cuda::memory_order_relaxed);  // exact: a multiple of 0.5 below 2^24
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> h(hist[t % 16]);
  h.fetch_or(1u << (t % 32));
  h.fetch_and(~(1u << ((t + 16) % 32)));
  __syncthreads();
  if (threadIdx.x == 0) hist[16 + blockIdx.x] = s.load();
  if (t == 0) hist[15 + 16 + 8] = (int)sizeof(cuda::atomic<int, cuda::thread_scope_block>);
}
int main() {
  int *p, *r; unsigned long long *q; float *f; double *d; unsigned *hist;
  cudaMallocManaged(&p, 64); cudaMallocManaged(&q, 64); cudaMallocManaged(&f, 64); cudaMallocManaged(&d, 64);
  cudaMallocManaged(&r, 4 * 160); cudaMallocManaged(&hist, 64 * 4);
  for (int i = 0; i < 4; i++) { p[i] = 3 + i; q[i] = 0xfffffff0ull + i; f[i] = 0x1p24f - i; d[i] = 1.0 + i; }
  single<<<1, 1>>>(p, q, f, d, r);
  cudaError_t e = cudaDeviceSynchronize();
  printf("single: %s\n", cudaGetErrorString(e));
  for (int s = 0; s < 4; s++) {
    printf(" scope %d:", s);
    for (int i = 0; i < 33; i++) printf(" %x", r[s * 40 + i]);
    printf("\n");
  }
  p[0] = 0; q[0] = 0; f[0] = 0; memset(hist, 0, 256);
  many<<<8, 256>>>(p, q, f, hist);
  e = cudaDeviceSynchronize();
  printf("many: %s max %d sum %llx fsum %a\n", cudaGetErrorString(e), p[0], q[0], f[0]);
  for (int i = 0; i < 24; i++) printf(" %x", hist[i]);
  printf(" %d\n", hist[39]);
  return 0;
}
