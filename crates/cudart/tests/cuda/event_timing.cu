// Streams and events for timing (Programming Guide, "Events"): elapsed time of real work
// measured by events agrees with the host clock; queries before completion say not-ready;
// blocking-sync events; disable-timing events refuse elapsed-time queries.
#include "common.h"
#include <chrono>

__global__ void spin(float* p, int iters) {
  float v = p[threadIdx.x];
  for (int i = 0; i < iters; i++) v = v * 0.999f + 0.001f;
  p[threadIdx.x] = v;
}

int main() {
  float* d;
  CK(cudaMalloc(&d, 256 * sizeof(float)));
  CK(cudaMemset(d, 0, 256 * sizeof(float)));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cudaEvent_t start, stop, blocking, notime;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  CK(cudaEventCreateWithFlags(&blocking, cudaEventBlockingSync));
  CK(cudaEventCreateWithFlags(&notime, cudaEventDisableTiming));
  EXPECT_ERR(cudaEventQuery(start), cudaSuccess);  // never recorded: complete

  auto t0 = std::chrono::steady_clock::now();
  CK(cudaEventRecord(start, s));
  for (int i = 0; i < 4; i++) spin<<<4, 256, 0, s>>>(d, 20000);
  CK(cudaEventRecord(stop, s));
  CK(cudaEventRecord(blocking, s));
  CK(cudaEventRecord(notime, s));
  cudaError_t q = cudaEventQuery(stop);
  EXPECT(q == cudaErrorNotReady || q == cudaSuccess);
  float ms = -1;
  if (q == cudaErrorNotReady) EXPECT_ERR(cudaEventElapsedTime(&ms, start, stop), cudaErrorNotReady);
  CK(cudaEventSynchronize(blocking));
  auto t1 = std::chrono::steady_clock::now();
  CK(cudaEventQuery(stop));
  CK(cudaEventElapsedTime(&ms, start, stop));
  double host_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  EXPECT(ms > 0.0f && ms <= host_ms + 1.0);
  float back;
  CK(cudaEventElapsedTime(&back, stop, start));
  EXPECT(back <= 0.0f);
  EXPECT_ERR(cudaEventElapsedTime(&ms, start, notime), cudaErrorInvalidResourceHandle);

  // Per-stream timing of two independent streams.
  cudaStream_t s2;
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t a0, a1;
  CK(cudaEventCreate(&a0)); CK(cudaEventCreate(&a1));
  CK(cudaEventRecord(a0, s2));
  spin<<<1, 32, 0, s2>>>(d, 1000);
  CK(cudaEventRecord(a1, s2));
  CK(cudaStreamSynchronize(s2));
  float small;
  CK(cudaEventElapsedTime(&small, a0, a1));
  EXPECT(small >= 0.0f);
  CK(cudaStreamQuery(s2));
  for (cudaEvent_t e : {start, stop, blocking, notime, a0, a1}) CK(cudaEventDestroy(e));
  CK(cudaStreamDestroy(s)); CK(cudaStreamDestroy(s2));
  CK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
