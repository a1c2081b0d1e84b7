// The __nv_atomic_* built-in functions (CUDA 12.8+): fetch and non-fetch arithmetic and bitwise
// forms, exchange, compare-exchange (strong/weak, _n forms), load/store, thread fence, with
// memory orders and scopes, on int, unsigned, long long, unsigned long long, float and double.
#include <cstdio>
__global__ void single(int *i, unsigned *u, long long *l, unsigned long long *q, float *f, double *d, long long *r) {
  int k = 0;
  r[k++] = __nv_atomic_fetch_add(i, 5, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_sub(i, 12, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_BLOCK);
  r[k++] = __nv_atomic_fetch_min(i, -4, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  r[k++] = __nv_atomic_fetch_max(i, 40, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_CLUSTER);
  r[k++] = __nv_atomic_fetch_and(i, 0x2c, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_or(i, 0x301, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_THREAD);
  r[k++] = __nv_atomic_fetch_xor(i, -1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_add(i, 100, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_sub(i, 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_max(i, -2000, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_load_n(i, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_add(u, 0xfffffff0u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_min(u, 7u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_max(u, 0x80000000u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_load_n(u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_and(l, -0x100000000ll, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
  r[k++] = __nv_atomic_fetch_min(l, -0x7fffffffffffll, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __nv_atomic_fetch_max(l, 3, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = (long long)__nv_atomic_fetch_xor(q, 0xf0f0f0f0f0f0f0f0ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = (long long)__nv_atomic_fetch_max(q, 0x8000000000000000ull, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = (long long)__nv_atomic_exchange_n(q, 42ull, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  unsigned long long exp = 41, des = 99;
  r[k++] = __nv_atomic_compare_exchange(q, &exp, &des, false, __NV_ATOMIC_ACQ_REL, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = (long long)exp;
  r[k++] = __nv_atomic_compare_exchange_n(q, &exp, 1234ull, false, __NV_ATOMIC_SEQ_CST, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = (long long)exp;
  int e2 = 0;
  while (!__nv_atomic_compare_exchange_n(i, &e2, 77, true, __NV_ATOMIC_RELAXED, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK)) {}
  r[k++] = e2;
  int v = 5, ret = 0;
  __nv_atomic_exchange(i, &v, &ret, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = ret;
  __nv_atomic_load(i, &ret, __NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_SYSTEM);
  r[k++] = ret;
  v = -6;
  __nv_atomic_store(i, &v, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(u, 0xabcu, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_thread_fence(__NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_BLOCK);
  r[k++] = __nv_atomic_load_n(i, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE) * 1000 + __nv_atomic_load_n(u, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  float fo = __nv_atomic_fetch_add(f, 0.1f, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __float_as_int(fo);
  fo = __nv_atomic_fetch_add(f, -3.0f, __NV_ATOMIC_ACQ_REL, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __float_as_int(fo);
  float fl; __nv_atomic_load(f, &fl, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE); r[k++] = __float_as_int(fl);
  double dd = __nv_atomic_fetch_add(d, 1e-20, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __double_as_longlong(dd);
  double dl; __nv_atomic_load(d, &dl, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE); r[k++] = __double_as_longlong(dl);
  float fx = 2.5f, fr;
  __nv_atomic_exchange(f, &fx, &fr, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  r[k++] = __float_as_int(fr);
  r[63] = k;
}
__global__ void many(int *i, unsigned long long *q, double *d) {
  __shared__ int s;
  if (threadIdx.x == 0) s = 0;
  __syncthreads();
  __nv_atomic_add(&s, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
  __nv_atomic_fetch_max(i, (int)(blockIdx.x * 1000 + threadIdx.x), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_fetch_or(q, 1ull << ((blockIdx.x * 7 + threadIdx.x) % 64), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_add(d, 0.25, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __syncthreads();
  if (threadIdx.x == 0) __nv_atomic_add(i + 1, s, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
}
int main() {
  int *i; unsigned *u; long long *l, *r; unsigned long long *q; float *f; double *d;
  cudaMallocManaged(&i, 16); cudaMallocManaged(&u, 16); cudaMallocManaged(&l, 16); cudaMallocManaged(&q, 16);
  cudaMallocManaged(&f, 16); cudaMallocManaged(&d, 16); cudaMallocManaged(&r, 64 * 8);
  *i = 30; *u = 20; *l = 5; *q = 0x123456789abcdefull; *f = 1.0f; *d = 1.0;
  single<<<1, 1>>>(i, u, l, q, f, d, r);
  cudaError_t e = cudaDeviceSynchronize();
  printf("single: %s\n", cudaGetErrorString(e));
  for (int k = 0; k < r[63] && k < 63; k++) printf(" %llx", (unsigned long long)r[k]);
  printf("\n");
  i[0] = -1; i[1] = 0; *q = 0; *d = 0;
  many<<<5, 96>>>(i, q, d);
  e = cudaDeviceSynchronize();
  printf("many: %s %d %d %llx %a\n", cudaGetErrorString(e), i[0], i[1], *q, *d);
  return 0;
}
