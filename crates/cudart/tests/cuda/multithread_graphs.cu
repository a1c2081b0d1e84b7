// A multithreaded host (Programming Guide, "Multi-Threaded Host Programs" with graphs): each
// of 4 threads captures its own graph on its own stream, instantiates it and launches it 50
// times; the results of all threads are checked.
#include "common.h"
#include <atomic>
#include <thread>
#include <vector>

__global__ void inc(int* a, int by, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += by; }

int main() {
  const int T = 4, n = 512, reps = 50;
  std::atomic<int> ok{0};
  std::vector<std::thread> ts;
  for (int t = 0; t < T; t++)
    ts.emplace_back([&, t] {
      cudaStream_t s;
      int* d;
      if (cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) || cudaMalloc(&d, n * sizeof(int))) return;
      cudaMemsetAsync(d, 0, n * sizeof(int), s);
      cudaGraph_t g;
      if (cudaStreamBeginCapture(s, cudaStreamCaptureModeThreadLocal)) return;
      inc<<<4, 128, 0, s>>>(d, t + 1, n);
      inc<<<4, 128, 0, s>>>(d, 1, n);
      if (cudaStreamEndCapture(s, &g)) return;
      cudaGraphExec_t x;
      if (cudaGraphInstantiate(&x, g, 0)) return;
      for (int r = 0; r < reps; r++) cudaGraphLaunch(x, s);
      int h[n];
      cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s);
      if (cudaStreamSynchronize(s)) return;
      for (int i = 0; i < n; i++) if (h[i] != reps * (t + 2)) return;
      cudaGraphExecDestroy(x); cudaGraphDestroy(g); cudaStreamDestroy(s); cudaFree(d);
      ok++;
    });
  for (auto& t : ts) t.join();
  EXPECT(ok == T);
  printf("PASS\n");
  return 0;
}
