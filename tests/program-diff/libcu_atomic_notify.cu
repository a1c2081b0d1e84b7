// flags: -std=c++17 -arch=sm_90
// libcu++ synchronization as concurrent kernels use it: cuda::std::atomic wait/notify_all
// between blocks (a flag a producer block sets), cuda::atomic_ref fetch ops on global and
// shared ints/unsigned long long/float/double, compare_exchange_weak loops building a
// maximum and a packed (index,value) argmax, cuda::std::atomic_flag test_and_set as a spin
// lock around a non-atomic update, cuda::binary_semaphore and counting_semaphore in device
// memory bounding a critical section, cuda::atomic<int, cuda::thread_scope_block> in shared.
#include <cstdio>
#include <cuda/atomic>
#include <cuda/std/atomic>
#include <cuda/semaphore>
#include <cuda/std/semaphore>

struct State {
  cuda::std::atomic<int> ready;
  cuda::std::atomic<int> payload;
  cuda::std::atomic_flag lock;
  int guarded;
  cuda::counting_semaphore<cuda::thread_scope_device, 4> sem;
  cuda::std::atomic<int> inside, maxInside;
  cuda::binary_semaphore<cuda::thread_scope_device> bsem;
  int bcount;
};

__global__ void init(State* s) {
  new (&s->ready) cuda::std::atomic<int>(0);
  new (&s->payload) cuda::std::atomic<int>(0);
  s->lock.clear();
  s->guarded = 0;
  new (&s->sem) cuda::counting_semaphore<cuda::thread_scope_device, 4>(3);
  new (&s->inside) cuda::std::atomic<int>(0);
  new (&s->maxInside) cuda::std::atomic<int>(0);
  new (&s->bsem) cuda::binary_semaphore<cuda::thread_scope_device>(1);
  s->bcount = 0;
}

// block 1 waits for the flag block 0 publishes (both resident: 2 blocks)
__global__ void waitNotify(State* s, int* out) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    s->payload.store(1234, cuda::std::memory_order_relaxed);
    s->ready.store(1, cuda::std::memory_order_release);
    s->ready.notify_all();
  } else {
    s->ready.wait(0, cuda::std::memory_order_acquire);
    out[0] = s->payload.load(cuda::std::memory_order_relaxed);
    out[1] = s->ready.load();
  }
}

__global__ void spinLock(State* s) {
  // one thread per warp contends (lanes of a warp spinning on one lock can livelock pre-Volta; fine on sm_70+,
  // but keep it simple)
  if (threadIdx.x % 32 != 0) return;
  for (int i = 0; i < 4; i++) {
    while (s->lock.test_and_set(cuda::std::memory_order_acquire)) {}
    s->guarded += 1 + (blockIdx.x & 1);
    s->lock.clear(cuda::std::memory_order_release);
  }
}

__global__ void semaphores(State* s) {
  if (threadIdx.x % 32 != 0) return;
  s->sem.acquire();
  int now = s->inside.fetch_add(1) + 1;
  int m = s->maxInside.load();
  while (now > m && !s->maxInside.compare_exchange_weak(m, now)) {}
  for (volatile int k = 0; k < 100; k++) {}
  s->inside.fetch_sub(1);
  s->sem.release();
  s->bsem.acquire();
  s->bcount += 2;
  s->bsem.release();
}

__global__ void refOps(int* gi, unsigned long long* gu, float* gf, double* gd, unsigned long long* argmax, int* res) {
  __shared__ int sh[4];
  __shared__ cuda::atomic<int, cuda::thread_scope_block> blockCount;
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  if (threadIdx.x < 4) sh[threadIdx.x] = 0;
  if (threadIdx.x == 0) new (&blockCount) cuda::atomic<int, cuda::thread_scope_block>(0);
  __syncthreads();
  cuda::atomic_ref<int, cuda::thread_scope_device> ai(gi[0]);
  ai.fetch_add(t);
  cuda::atomic_ref<int, cuda::thread_scope_device>(gi[1]).fetch_or(1 << (t % 31));
  cuda::atomic_ref<int, cuda::thread_scope_device>(gi[2]).fetch_and(~(1 << (t % 29)));
  cuda::atomic_ref<int, cuda::thread_scope_device>(gi[3]).fetch_xor(t * 2654435761u);
  cuda::atomic_ref<int, cuda::thread_scope_device>(gi[4]).fetch_min(100 - t);
  cuda::atomic_ref<int, cuda::thread_scope_device>(gi[5]).fetch_max((t * 37) % 501);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(gu[0]).fetch_add(1ull << (t % 40));
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device>(gu[1]).fetch_sub(3ull);
  cuda::atomic_ref<float, cuda::thread_scope_device>(gf[0]).fetch_add(0.25f);  // exact: multiples of 1/4
  cuda::atomic_ref<double, cuda::thread_scope_device>(gd[0]).fetch_add(0.5 * (t % 8));
  // float max by CAS loop
  cuda::atomic_ref<float, cuda::thread_scope_device> fm(gf[1]);
  float v = __sinf(0.0f) + (float)((t * 7919) % 1000) / 8.0f;
  float cur = fm.load();
  while (v > cur && !fm.compare_exchange_weak(cur, v)) {}
  // packed argmax: high 32 bits value, low 32 bits ~index (ties -> smallest index)
  unsigned long long key = ((unsigned long long)((t * 31) % 97) << 32) | (unsigned)(~t);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> am(*argmax);
  unsigned long long c = am.load();
  while (key > c && !am.compare_exchange_strong(c, key)) {}
  cuda::atomic_ref<int, cuda::thread_scope_block> sref(sh[threadIdx.x % 4]);
  sref.fetch_add(1);
  __syncthreads();  // no increment in flight: the exchange below writes back the value it read
  int old = sref.exchange(sref.load());
  (void)old;
  blockCount.fetch_add(1, cuda::std::memory_order_relaxed);
  __syncthreads();
  if (threadIdx.x == 0) {
    atomicAdd(&res[0], sh[0] + sh[1] + sh[2] + sh[3]);
    atomicAdd(&res[1], blockCount.load());
  }
}

int main() {
  State* s; int* out;
  cudaMalloc(&s, sizeof(State)); cudaMalloc(&out, 8);
  init<<<1, 1>>>(s);
  waitNotify<<<2, 32>>>(s, out);
  spinLock<<<8, 128>>>(s);
  semaphores<<<8, 128>>>(s);
  int h[2]; State hs;
  cudaMemcpy(h, out, 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hs, s, sizeof(State), cudaMemcpyDeviceToHost);
  printf("wait/notify payload=%d ready=%d\n", h[0], h[1]);
  printf("spinlock guarded=%d (expect %d)\n", hs.guarded, 4 * 4 * (4 * 1 + 4 * 2));
  printf("semaphore maxInside<=3: %s  inside=%d binary count=%d\n", *(int*)&hs.maxInside <= 3 ? "yes" : "no", *(int*)&hs.inside, hs.bcount);

  int *gi, *res; unsigned long long *gu, *am; float* gf; double* gd;
  cudaMalloc(&gi, 6 * 4); cudaMalloc(&gu, 16); cudaMalloc(&gf, 8); cudaMalloc(&gd, 8); cudaMalloc(&am, 8); cudaMalloc(&res, 8);
  int hi[6] = {0, 0, -1, 0, 1 << 30, -5};
  unsigned long long hu[2] = {0, 100000};
  float hf[2] = {0, -1e30f}; double hd = 0;
  cudaMemcpy(gi, hi, 24, cudaMemcpyHostToDevice); cudaMemcpy(gu, hu, 16, cudaMemcpyHostToDevice);
  cudaMemcpy(gf, hf, 8, cudaMemcpyHostToDevice); cudaMemcpy(gd, &hd, 8, cudaMemcpyHostToDevice);
  cudaMemset(am, 0, 8); cudaMemset(res, 0, 8);
  const int N = 6 * 160;
  refOps<<<6, 160>>>(gi, gu, gf, gd, am, res);
  cudaError_t e = cudaDeviceSynchronize();
  int ri[6], rr[2]; unsigned long long ru[2], ra; float rf[2]; double rd;
  cudaMemcpy(ri, gi, 24, cudaMemcpyDeviceToHost); cudaMemcpy(ru, gu, 16, cudaMemcpyDeviceToHost);
  cudaMemcpy(rf, gf, 8, cudaMemcpyDeviceToHost); cudaMemcpy(&rd, gd, 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(&ra, am, 8, cudaMemcpyDeviceToHost); cudaMemcpy(rr, res, 8, cudaMemcpyDeviceToHost);
  // host reference
  long long sum = 0; int orv = 0, andv = -1, xorv = 0, mn = 1 << 30, mx = -5; unsigned long long u0 = 0; double d = 0; float fmx = -1e30f;
  unsigned long long best = 0;
  for (int t = 0; t < N; t++) {
    sum += t; orv |= 1 << (t % 31); andv &= ~(1 << (t % 29)); xorv ^= (int)(t * 2654435761u);
    mn = mn < 100 - t ? mn : 100 - t; mx = mx > (t * 37) % 501 ? mx : (t * 37) % 501;
    u0 += 1ull << (t % 40); d += 0.5 * (t % 8);
    float v = (float)((t * 7919) % 1000) / 8.0f; if (v > fmx) fmx = v;
    unsigned long long key = ((unsigned long long)((t * 31) % 97) << 32) | (unsigned)(~t); if (key > best) best = key;
  }
  printf("err=%s\n", cudaGetErrorString(e));
  printf("add %d %s or %08x %s and %08x %s xor %08x %s\n", ri[0], ri[0] == (int)sum ? "ok" : "FAIL", ri[1], ri[1] == orv ? "ok" : "FAIL", ri[2], ri[2] == andv ? "ok" : "FAIL", ri[3], ri[3] == xorv ? "ok" : "FAIL");
  printf("min %d %s max %d %s\n", ri[4], ri[4] == mn ? "ok" : "FAIL", ri[5], ri[5] == mx ? "ok" : "FAIL");
  printf("u64 add %llx %s sub %llu\n", ru[0], ru[0] == u0 ? "ok" : "FAIL", ru[1]);
  printf("float add %.2f double add %.1f %s float max %.3f %s\n", rf[0], rd, rd == d ? "ok" : "FAIL", rf[1], rf[1] == fmx ? "ok" : "FAIL");
  printf("argmax value=%llu index=%u %s\n", ra >> 32, ~(unsigned)ra, ra == best ? "ok" : "FAIL");
  printf("shared refs=%d blockCount=%d\n", rr[0], rr[1]);
  return 0;
}
