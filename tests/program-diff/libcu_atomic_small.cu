// flags: -std=c++17 -arch=sm_90
// libcu++ atomics on the types hardware has no instruction for and the cuda:: extensions:
// cuda::atomic_ref<char>/<short>/<unsigned char> fetch_add, fetch_or, exchange and
// compare_exchange on neighbouring bytes of one word (libcu++ builds them from a 32-bit CAS,
// which must not disturb the neighbours), cuda::atomic_ref<float>/<double> fetch_min/fetch_max
// (cuda:: extensions) with negatives, cuda::atomic<long long> fetch_sub below zero,
// cuda::atomic<bool> exchange, cuda::std::atomic<unsigned short> in shared memory, and
// atomic_thread_fence / cuda::atomic_thread_fence with a scope.
#include <cstdio>
#include <cuda/atomic>
#include <cuda/std/atomic>

struct Bytes { char c[4]; short s[2]; unsigned char u[8]; };

__global__ void small(Bytes* b, float* f, double* d, long long* ll, int* flags) {
  __shared__ cuda::std::atomic<unsigned short> sh;
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) sh.store(0);
  __syncthreads();
  cuda::atomic_ref<char, cuda::thread_scope_device>(b->c[t % 4]).fetch_add(1);
  cuda::atomic_ref<short, cuda::thread_scope_device>(b->s[t % 2]).fetch_add((short)(t % 2 ? -3 : 5));
  cuda::atomic_ref<unsigned char, cuda::thread_scope_device>(b->u[t % 8]).fetch_or((unsigned char)(1u << (t % 7)));
  if (t == 77) cuda::atomic_ref<unsigned char, cuda::thread_scope_device>(b->u[7]).exchange(0xA5);
  {
    cuda::atomic_ref<short, cuda::thread_scope_device> r(b->s[1]);
    short cur = r.load();
    (void)cur;
  }
  cuda::atomic_ref<float, cuda::thread_scope_device>(f[0]).fetch_min(-0.5f * (t % 37));
  cuda::atomic_ref<float, cuda::thread_scope_device>(f[1]).fetch_max(0.25f * ((t * 7) % 101) - 10.0f);
  cuda::atomic_ref<double, cuda::thread_scope_device>(d[0]).fetch_min(1.0 / (t + 1));
  cuda::atomic_ref<double, cuda::thread_scope_device>(d[1]).fetch_max(-1.0 / (t + 1));
  cuda::atomic_ref<long long, cuda::thread_scope_device>(*ll).fetch_sub(t);
  sh.fetch_add((unsigned short)(t % 3));
  cuda::atomic_thread_fence(cuda::std::memory_order_seq_cst, cuda::thread_scope_device);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&flags[0], sh.load());
  cuda::atomic_ref<int, cuda::thread_scope_device> fl(flags[1]);
  int expected = 0;
  if (fl.compare_exchange_strong(expected, t + 1)) atomicAdd(&flags[2], 1);
}

__global__ void casBytes(unsigned char* p, int* wins) {
  // each thread tries to claim byte t%16 once (value 0 -> thread id), neighbours untouched
  int t = threadIdx.x;
  cuda::atomic_ref<unsigned char, cuda::thread_scope_device> r(p[t % 16]);
  unsigned char exp = 0;
  if (r.compare_exchange_strong(exp, (unsigned char)(t / 16 + 1))) atomicAdd(&wins[t % 16], 1);
}

int main() {
  Bytes hb{}; Bytes* db;
  hb.u[3] = 0x80;
  cudaMalloc(&db, sizeof hb); cudaMemcpy(db, &hb, sizeof hb, cudaMemcpyHostToDevice);
  float hf[2] = {1.0f, -100.0f}; double hd[2] = {5.0, -5.0}; long long hl = 1000;
  float* df; double* dd; long long* dl; int* dfl;
  cudaMalloc(&df, 8); cudaMalloc(&dd, 16); cudaMalloc(&dl, 8); cudaMalloc(&dfl, 12);
  cudaMemcpy(df, hf, 8, cudaMemcpyHostToDevice); cudaMemcpy(dd, hd, 16, cudaMemcpyHostToDevice); cudaMemcpy(dl, &hl, 8, cudaMemcpyHostToDevice);
  cudaMemset(dfl, 0, 12);
  small<<<5, 64>>>(db, df, dd, dl, dfl);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(&hb, db, sizeof hb, cudaMemcpyDeviceToHost); cudaMemcpy(hf, df, 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, dd, 16, cudaMemcpyDeviceToHost); cudaMemcpy(&hl, dl, 8, cudaMemcpyDeviceToHost);
  int hfl[3]; cudaMemcpy(hfl, dfl, 12, cudaMemcpyDeviceToHost);
  printf("err=%s\n", cudaGetErrorString(e));
  printf("chars: %d %d %d %d\n", hb.c[0], hb.c[1], hb.c[2], hb.c[3]);
  printf("shorts: %d %d\n", hb.s[0], hb.s[1]);
  printf("uchars:"); for (int i = 0; i < 8; i++) printf(" %02x", hb.u[i]); printf("\n");
  printf("float min=%g max=%g double min=%.17g max=%.17g\n", hf[0], hf[1], hd[0], hd[1]);
  printf("ll=%lld shared sums=%d cas winners=%d flag=%s\n", hl, hfl[0], hfl[2], hfl[1] >= 1 && hfl[1] <= 320 ? "set" : "bad");
  unsigned char* dp; int* dw;
  cudaMalloc(&dp, 16); cudaMalloc(&dw, 64); cudaMemset(dp, 0, 16); cudaMemset(dw, 0, 64);
  casBytes<<<1, 256>>>(dp, dw);
  unsigned char hp[16]; int hw[16];
  cudaMemcpy(hp, dp, 16, cudaMemcpyDeviceToHost); cudaMemcpy(hw, dw, 64, cudaMemcpyDeviceToHost);
  int ok = 1;
  for (int i = 0; i < 16; i++) if (hw[i] != 1 || hp[i] == 0 || hp[i] > 16) ok = 0;
  printf("byte CAS: one winner per byte=%s\n", ok ? "yes" : "no");
  return 0;
}
