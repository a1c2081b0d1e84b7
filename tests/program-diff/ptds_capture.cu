// flags: --default-stream per-thread -Xcompiler -pthread
// Stream capture and the per-thread default stream (built with --default-stream per-thread):
// capturing stream 0 (the thread's own stream) and cudaStreamPerThread (the same stream), the
// capture seen through both handles, cudaStreamLegacy's answers while another stream captures
// (query, synchronize, a launch on it), relaxed and thread-local capture modes against a
// cudaMalloc and a legacy synchronize, a second host thread capturing its own stream 0 at the
// same time, and the captured graphs' node counts and results.
#include <cstdio>
#include <thread>
#include <cuda_runtime.h>

__global__ void add(int *p, int v) { p[threadIdx.x] += v; }

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-50s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

static const char *st(cudaStreamCaptureStatus s) {
  return s == cudaStreamCaptureStatusNone     ? "none"
         : s == cudaStreamCaptureStatusActive ? "active"
                                              : "invalidated";
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *d;
  cudaMalloc(&d, 128);
  cudaMemset(d, 0, 128);
  cudaDeviceSynchronize();

  R("BeginCapture(0, global)", cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus s;
  R("IsCapturing(0)", cudaStreamIsCapturing(0, &s));
  printf("  0: %s\n", st(s));
  R("IsCapturing(cudaStreamPerThread)", cudaStreamIsCapturing(cudaStreamPerThread, &s));
  printf("  perThread: %s\n", st(s));
  R("IsCapturing(cudaStreamLegacy)", cudaStreamIsCapturing(cudaStreamLegacy, &s));
  printf("  legacy: %s\n", st(s));
  add<<<1, 32>>>(d, 1);
  R("launch on 0", cudaSuccess);
  add<<<1, 32, 0, cudaStreamPerThread>>>(d, 2);
  R("launch on cudaStreamPerThread", cudaSuccess);
  unsigned long long id0 = 0, id1 = 0;
  R("GetCaptureInfo(0)", cudaStreamGetCaptureInfo(0, &s, &id0));
  R("GetCaptureInfo(cudaStreamPerThread)", cudaStreamGetCaptureInfo(cudaStreamPerThread, &s, &id1));
  printf("  same capture id: %d\n", id0 == id1);
  R("StreamQuery(cudaStreamLegacy) during capture", cudaStreamQuery(cudaStreamLegacy));
  cudaGraph_t g = nullptr;
  R("EndCapture(cudaStreamPerThread)", cudaStreamEndCapture(cudaStreamPerThread, &g));
  size_t n = 0;
  if (g) {
    cudaGraphGetNodes(g, nullptr, &n);
    printf("  nodes %zu\n", n);
    cudaGraphExec_t ge;
    cudaGraphInstantiate(&ge, g, 0);
    R("GraphLaunch(ge, 0)", cudaGraphLaunch(ge, 0));
    R("GraphLaunch(ge, cudaStreamPerThread)", cudaGraphLaunch(ge, cudaStreamPerThread));
    R("StreamSynchronize(0)", cudaStreamSynchronize(0));
    int h = 0;
    cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
    printf("  value after two launches: %d\n", h);
    cudaGraphExecDestroy(ge);
    cudaGraphDestroy(g);
  }

  // a legacy-stream launch invalidates a global capture of the per-thread stream
  R("BeginCapture(0, global) #2", cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
  add<<<1, 32, 0, cudaStreamLegacy>>>(d, 100);
  R("launch on cudaStreamLegacy during capture", cudaSuccess);
  R("IsCapturing(0)", cudaStreamIsCapturing(0, &s));
  printf("  0: %s\n", st(s));
  R("StreamSynchronize(cudaStreamLegacy)", cudaStreamSynchronize(cudaStreamLegacy));
  g = nullptr;
  R("EndCapture(0) #2", cudaStreamEndCapture(0, &g));
  printf("  graph null: %d\n", g == nullptr);
  R("DeviceSynchronize", cudaDeviceSynchronize());

  // relaxed and thread-local modes
  cudaStreamCaptureMode modes[] = {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal,
                                   cudaStreamCaptureModeRelaxed};
  const char *mn[] = {"global", "threadLocal", "relaxed"};
  for (int m = 0; m < 3; m++) {
    printf("mode %s\n", mn[m]);
    R("  BeginCapture(0)", cudaStreamBeginCapture(0, modes[m]));
    void *p = nullptr;
    R("  cudaMalloc during capture", cudaMalloc(&p, 64));
    if (p) cudaFree(p);
    R("  IsCapturing(0)", cudaStreamIsCapturing(0, &s));
    printf("    0: %s\n", st(s));
    g = nullptr;
    R("  EndCapture(0)", cudaStreamEndCapture(0, &g));
    if (g) cudaGraphDestroy(g);
  }
  // another thread captures its own stream 0 while this one captures
  R("BeginCapture(0, threadLocal) main", cudaStreamBeginCapture(0, cudaStreamCaptureModeThreadLocal));
  add<<<1, 32>>>(d, 5);
  std::thread t([&] {
    cudaStreamCaptureStatus s2;
    cudaError_t e = cudaStreamIsCapturing(0, &s2);
    printf("  thread: IsCapturing(0) -> %s %s\n", cudaGetErrorName(e), st(s2));
    e = cudaStreamBeginCapture(0, cudaStreamCaptureModeThreadLocal);
    printf("  thread: BeginCapture(0) -> %s\n", cudaGetErrorName(e));
    add<<<1, 32>>>(d, 7);
    add<<<1, 32>>>(d, 7);
    cudaGraph_t tg = nullptr;
    e = cudaStreamEndCapture(0, &tg);
    size_t tn = 0;
    if (tg) cudaGraphGetNodes(tg, nullptr, &tn);
    printf("  thread: EndCapture(0) -> %s nodes %zu\n", cudaGetErrorName(e), tn);
    if (tg) cudaGraphDestroy(tg);
    void *p = nullptr;
    e = cudaMalloc(&p, 16);
    printf("  thread: cudaMalloc -> %s\n", cudaGetErrorName(e));
    cudaFree(p);
  });
  t.join();
  g = nullptr;
  R("EndCapture(0) main", cudaStreamEndCapture(0, &g));
  n = 0;
  if (g) cudaGraphGetNodes(g, nullptr, &n);
  printf("  main nodes %zu\n", n);
  if (g) cudaGraphDestroy(g);
  int h = 0;
  cudaDeviceSynchronize();
  cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost);
  printf("final value %d\n", h);
  return 0;
}
