// Stream capture in depth (Programming Guide, "Creating a Graph Using Stream Capture"):
// fork/join across streams through events, capture info while capturing, capture modes and
// cudaThreadExchangeStreamCaptureMode deciding which unsafe calls are refused, and an
// executable graph updated from a second capture.
#include "common.h"
#include <atomic>
#include <thread>

__global__ void fill(int* a, int v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] = v; }
__global__ void add(int* a, const int* b, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) a[i] += b[i]; }

static cudaGraph_t capture(cudaStream_t s1, cudaStream_t s2, int* a, int* b, int va, int vb, int n) {
  cudaEvent_t fork, join;
  CK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  CK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));
  CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  CK(cudaEventRecord(fork, s1));
  CK(cudaStreamWaitEvent(s2, fork, 0));  // s2 joins the capture
  fill<<<(n + 127) / 128, 128, 0, s1>>>(a, va, n);
  fill<<<(n + 127) / 128, 128, 0, s2>>>(b, vb, n);
  cudaStreamCaptureStatus st;
  unsigned long long id = 0;
  cudaGraph_t g0;
  const cudaGraphNode_t* deps;
  size_t nd = 0;
  CK(cudaStreamGetCaptureInfo(s2, &st, &id, &g0, &deps, nullptr, &nd));
  EXPECT(st == cudaStreamCaptureStatusActive && id != 0 && nd == 1);
  CK(cudaEventRecord(join, s2));
  CK(cudaStreamWaitEvent(s1, join, 0));
  add<<<(n + 127) / 128, 128, 0, s1>>>(a, b, n);
  cudaGraph_t g;
  CK(cudaStreamEndCapture(s1, &g));
  CK(cudaStreamIsCapturing(s2, &st));
  EXPECT(st == cudaStreamCaptureStatusNone);
  // Not capturing: only the status is written (an H200 leaves the other outputs alone).
  st = cudaStreamCaptureStatusActive; id = 77; nd = 99;
  CK(cudaStreamGetCaptureInfo(s2, &st, &id, &g0, &deps, nullptr, &nd));
  EXPECT(st == cudaStreamCaptureStatusNone && id == 77 && nd == 99);
  CK(cudaEventDestroy(fork)); CK(cudaEventDestroy(join));
  return g;
}

int main() {
  const int n = 1000;
  int *a, *b, h[n];
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreate(&s1)); CK(cudaStreamCreate(&s2));
  cudaGraph_t g = capture(s1, s2, a, b, 3, 4, n);
  size_t num;
  CK(cudaGraphGetNodes(g, nullptr, &num));
  EXPECT(num == 3);
  CK(cudaGraphGetRootNodes(g, nullptr, &num));
  EXPECT(num == 2);
  cudaGraphExec_t x;
  CK(cudaGraphInstantiate(&x, g, 0));
  CK(cudaGraphLaunch(x, s1));
  CK(cudaMemcpyAsync(h, a, sizeof h, cudaMemcpyDeviceToHost, s1));
  CK(cudaStreamSynchronize(s1));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 7);
  // Same topology, other values: update the executable graph in place.
  cudaGraph_t g2 = capture(s1, s2, a, b, 10, 20, n);
  cudaGraphExecUpdateResultInfo info;
  CK(cudaGraphExecUpdate(x, g2, &info));
  EXPECT(info.result == cudaGraphExecUpdateSuccess);
  CK(cudaGraphLaunch(x, s1));
  CK(cudaMemcpyAsync(h, a, sizeof h, cudaMemcpyDeviceToHost, s1));
  CK(cudaStreamSynchronize(s1));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 30);

  // Modes: cudaMalloc during a global capture of this thread is refused (and invalidates it).
  int* p;
  CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  EXPECT_ERR(cudaMalloc(&p, 16), cudaErrorStreamCaptureUnsupported);
  cudaGraph_t bad;
  EXPECT_ERR(cudaStreamEndCapture(s1, &bad), cudaErrorStreamCaptureInvalidated);
  // Relaxed capture: allowed.
  CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeRelaxed));
  CK(cudaMalloc(&p, 16));
  fill<<<1, 4, 0, s1>>>(p, 1, 4);
  cudaGraph_t ok;
  CK(cudaStreamEndCapture(s1, &ok));
  CK(cudaFree(p));
  // Another thread's capture: a thread-local one does not restrict this thread, a global one
  // does, unless this thread switches to relaxed interactions.
  cudaStream_t s3;
  CK(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking));
  for (cudaStreamCaptureMode m : {cudaStreamCaptureModeThreadLocal, cudaStreamCaptureModeGlobal}) {
    std::atomic<int> phase{0};
    std::thread other([&] {
      CK(cudaStreamBeginCapture(s3, m));
      phase = 1;
      while (phase != 2) std::this_thread::yield();
      cudaGraph_t tl;
      cudaStreamEndCapture(s3, &tl);  // invalidated by the refused call when global
      if (tl) cudaGraphDestroy(tl);
    });
    while (phase != 1) std::this_thread::yield();
    if (m == cudaStreamCaptureModeThreadLocal) {
      CK(cudaMalloc(&p, 16));
      CK(cudaFree(p));
    } else {
      cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
      CK(cudaThreadExchangeStreamCaptureMode(&mode));
      EXPECT(mode == cudaStreamCaptureModeGlobal);
      CK(cudaMalloc(&p, 16));
      CK(cudaFree(p));
      CK(cudaThreadExchangeStreamCaptureMode(&mode));
      EXPECT(mode == cudaStreamCaptureModeRelaxed);
      EXPECT_ERR(cudaMalloc(&p, 16), cudaErrorStreamCaptureUnsupported);
      cudaGetLastError();
    }
    phase = 2;
    other.join();
  }

  CK(cudaGraphExecDestroy(x));
  CK(cudaGraphDestroy(g)); CK(cudaGraphDestroy(g2)); CK(cudaGraphDestroy(ok));
  CK(cudaStreamDestroy(s1)); CK(cudaStreamDestroy(s2)); CK(cudaStreamDestroy(s3));
  printf("PASS\n");
  return 0;
}
