// Multi-threaded stress: 8 host threads x 4 streams x 256 steps, each step a kernel that
// depends on the previous step's result plus an async copy of that result to pinned memory;
// every result is verified (no lost or reordered work), with events and host functions mixed in.
#include "common.h"
#include <atomic>
#include <thread>
#include <vector>
__global__ void step(unsigned* p, int i, unsigned salt) {
  if (threadIdx.x == 0) p[i] = p[i - 1] * 1664525u + 1013904223u + salt;
}
static std::atomic<int> host_fn_calls{0};
void CUDART_CB bump(void*) { host_fn_calls++; }
const int T = 8, S = 4, N = 256;
static bool worker(int t) {
  cudaStream_t s[S];
  unsigned *d[S], *h[S];
  for (int k = 0; k < S; k++) {
    if (cudaStreamCreateWithFlags(&s[k], k % 2 ? cudaStreamNonBlocking : cudaStreamDefault) != cudaSuccess) return false;
    if (cudaMalloc(&d[k], (N + 1) * sizeof(unsigned)) != cudaSuccess) return false;
    if (cudaMallocHost(&h[k], (N + 1) * sizeof(unsigned)) != cudaSuccess) return false;
    if (cudaMemsetAsync(d[k], 0, (N + 1) * sizeof(unsigned), s[k]) != cudaSuccess) return false;
  }
  cudaEvent_t ev; cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  for (int i = 1; i <= N; i++) {
    for (int k = 0; k < S; k++) {
      unsigned salt = t * 100 + k;
      step<<<1, 32, 0, s[k]>>>(d[k], i, salt);
      if (cudaMemcpyAsync(&h[k][i], &d[k][i], sizeof(unsigned), cudaMemcpyDeviceToHost, s[k]) != cudaSuccess) return false;
      if (i % 64 == 0 && cudaLaunchHostFunc(s[k], bump, nullptr) != cudaSuccess) return false;
    }
    if (i % 50 == 0) {  // cross-stream event dependencies
      if (cudaEventRecord(ev, s[0]) != cudaSuccess || cudaStreamWaitEvent(s[1], ev, 0) != cudaSuccess) return false;
    }
  }
  for (int k = 0; k < S; k++) if (cudaStreamSynchronize(s[k]) != cudaSuccess) return false;
  for (int k = 0; k < S; k++) {
    unsigned v = 0, salt = t * 100 + k;
    for (int i = 1; i <= N; i++) {
      v = v * 1664525u + 1013904223u + salt;
      if (h[k][i] != v) { printf("thread %d stream %d step %d: %u != %u\n", t, k, i, h[k][i], v); return false; }
    }
    cudaStreamDestroy(s[k]); cudaFree(d[k]); cudaFreeHost(h[k]);
  }
  cudaEventDestroy(ev);
  return true;
}
int main() {
  std::vector<std::thread> ts;
  bool ok[T] = {};
  for (int t = 0; t < T; t++) ts.emplace_back([t, &ok] { ok[t] = worker(t); });
  for (auto& t : ts) t.join();
  for (int t = 0; t < T; t++) if (!ok[t]) { printf("FAIL thread %d\n", t); return 1; }
  CK(cudaDeviceSynchronize());
  EXPECT(host_fn_calls == T * S * (N / 64));
  printf("PASS\n");
  return 0;
}
