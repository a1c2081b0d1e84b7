// Built with --default-stream per-thread: every host thread's stream 0 is its own per-thread
// default stream (the _ptsz/_ptds entry points); work on it is ordered per thread, and the
// explicit cudaStreamPerThread handle names the same stream.
#include "common.h"
#include <thread>
#include <vector>
__global__ void step(int* p, int i) { p[i] = p[i - 1] + i; }  // needs the previous step done
// Waits (bounded) until *flag is set by another thread's per-thread stream; *result = 1 if seen.
__global__ void wait_flag(volatile int* flag, int* result, long long max_iters) {
  long long k = 0;
  while (*flag == 0 && k < max_iters) k++;
  *result = (*flag != 0);
}
static bool worker(int t) {
  const int n = 64;
  int* d; if (cudaMalloc(&d, n * sizeof(int)) != cudaSuccess) return false;
  int h[n];
  if (cudaMemset(d, 0, n * sizeof(int)) != cudaSuccess) return false;  // cudaMemset_ptds
  for (int i = 1; i < n; i++) step<<<1, 1>>>(d, i);                 // __cudaLaunchKernel_ptsz
  if (cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, 0) != cudaSuccess) return false;
  if (cudaStreamSynchronize(cudaStreamPerThread) != cudaSuccess) return false;
  for (int i = 0; i < n; i++) if (h[i] != i * (i + 1) / 2) { printf("thread %d h[%d]=%d\n", t, i, h[i]); return false; }
  cudaStreamCaptureStatus st;
  if (cudaStreamIsCapturing(0, &st) != cudaSuccess || st != cudaStreamCaptureStatusNone) return false;
  // Stream capture works on the per-thread stream.
  if (cudaStreamBeginCapture(cudaStreamPerThread, cudaStreamCaptureModeThreadLocal) != cudaSuccess) return false;
  step<<<1, 1>>>(d, 1);
  cudaGraph_t g;
  if (cudaStreamEndCapture(0, &g) != cudaSuccess) return false;
  cudaGraphExec_t ge;
  if (cudaGraphInstantiate(&ge, g, 0) != cudaSuccess) return false;
  if (cudaGraphLaunch(ge, 0) != cudaSuccess) return false;
  if (cudaMemcpy(h, d, 8, cudaMemcpyDeviceToHost) != cudaSuccess) return false;  // cudaMemcpy_ptds
  if (h[1] != 1) return false;
  cudaGraphExecDestroy(ge); cudaGraphDestroy(g);
  return cudaFree(d) == cudaSuccess;
}
int main() {
  std::vector<std::thread> ts;
  bool ok[6] = {};
  for (int t = 0; t < 6; t++) ts.emplace_back([t, &ok] { ok[t] = worker(t); });
  for (auto& t : ts) t.join();
  for (int t = 0; t < 6; t++) if (!ok[t]) { printf("FAIL thread %d\n", t); return 1; }
  // Per-thread streams of different threads run concurrently: a kernel on this thread's stream
  // waits for a flag that a copy on another thread's per-thread stream sets (if the streams
  // were serialized, the kernel would give up waiting and report 0).
  int *flag, *result, one = 1, seen = 0;
  CK(cudaMalloc(&flag, 4)); CK(cudaMalloc(&result, 4));
  CK(cudaMemset(flag, 0, 4));
  wait_flag<<<1, 1>>>(flag, result, 50000000LL);
  std::thread other([&] { cudaMemcpy(flag, &one, 4, cudaMemcpyHostToDevice); });
  other.join();
  CK(cudaMemcpy(&seen, result, 4, cudaMemcpyDeviceToHost));
  EXPECT(seen == 1);
  CK(cudaDeviceSynchronize());
  CK(cudaGetLastError());
  CK(cudaFree(flag)); CK(cudaFree(result));
  printf("PASS\n");
  return 0;
}
