// Stream capture into a graph: kernels, copies, memsets and host functions; a fork/join
// across two streams through events; capture status and info; capture errors; the graph
// launched several times, in order, on a stream.
#include "common.h"
__global__ void axpb(float* x, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i] + b;
}
__global__ void add(const float* a, float* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] += a[i];
}
static int host_calls = 0;
void CUDART_CB count(void*) { host_calls++; }

int main() {
  const int n = 1024;
  float *x, *y, *h;
  CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  CK(cudaMallocHost(&h, n * 4));
  for (int i = 0; i < n; i++) h[i] = (float)i;
  cudaStream_t s, s2;
  CK(cudaStreamCreate(&s));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t fork, join;
  CK(cudaEventCreateWithFlags(&fork, cudaEventDisableTiming));
  CK(cudaEventCreateWithFlags(&join, cudaEventDisableTiming));

  cudaStreamCaptureStatus st;
  CK(cudaStreamIsCapturing(s, &st)); EXPECT(st == cudaStreamCaptureStatusNone);
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CK(cudaStreamIsCapturing(s, &st)); EXPECT(st == cudaStreamCaptureStatusActive);
  EXPECT_ERR(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal), cudaErrorIllegalState);
  CK(cudaMemcpyAsync(x, h, n * 4, cudaMemcpyHostToDevice, s));   // x = i
  CK(cudaMemsetAsync(y, 0, n * 4, s));                            // y = 0
  CK(cudaEventRecord(fork, s));
  CK(cudaStreamWaitEvent(s2, fork, 0));                           // s2 joins the capture
  CK(cudaStreamIsCapturing(s2, &st)); EXPECT(st == cudaStreamCaptureStatusActive);
  axpb<<<n / 256, 256, 0, s2>>>(y, 0.0f, 3.0f, n);               // y = 3 (on s2)
  axpb<<<n / 256, 256, 0, s>>>(x, 2.0f, 1.0f, n);                // x = 2i + 1 (on s)
  CK(cudaEventRecord(join, s2));
  CK(cudaStreamWaitEvent(s, join, 0));
  add<<<n / 256, 256, 0, s>>>(x, y, n);                          // y = 2i + 4
  CK(cudaLaunchHostFunc(s, count, nullptr));
  CK(cudaMemcpyAsync(h, y, n * 4, cudaMemcpyDeviceToHost, s));
  cudaStreamCaptureStatus st2; unsigned long long id = 0; cudaGraph_t cg = nullptr;
  const cudaGraphNode_t* deps = nullptr; size_t nd = 0;
  CK(cudaStreamGetCaptureInfo(s, &st2, &id, &cg, &deps, nullptr, &nd));
  EXPECT(st2 == cudaStreamCaptureStatusActive && id != 0 && cg != nullptr && nd == 1 && deps != nullptr);
  EXPECT(host_calls == 0);  // nothing ran yet
  cudaGraph_t g;
  CK(cudaStreamEndCapture(s, &g));
  EXPECT(g == cg);
  CK(cudaStreamIsCapturing(s, &st)); EXPECT(st == cudaStreamCaptureStatusNone);
  CK(cudaStreamIsCapturing(s2, &st)); EXPECT(st == cudaStreamCaptureStatusNone);
  size_t nodes = 0;
  CK(cudaGraphGetNodes(g, nullptr, &nodes));
  EXPECT(nodes == 7);
  EXPECT(h[5] == 5.0f);  // the captured copy did not run
  cudaGraphExec_t ge;
  CK(cudaGraphInstantiate(&ge, g, 0));
  CK(cudaGraphUpload(ge, s));
  unsigned long long sid = 0; int sdev = -1;
  CK(cudaStreamGetId(s, &sid)); CK(cudaStreamGetDevice(s, &sdev));
  EXPECT(sid != 0 && sdev == 0);
  for (int rep = 0; rep < 3; rep++) {
    for (int i = 0; i < n; i++) h[i] = (float)i;  // the graph's input (same every launch)
    CK(cudaGraphLaunch(ge, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < n; i++) if (h[i] != 2.0f * i + 4.0f) { printf("FAIL rep %d h[%d]=%f\n", rep, i, h[i]); return 1; }
    EXPECT(host_calls == rep + 1);
  }
  // Capture errors: synchronizing a capturing stream invalidates the capture.
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  axpb<<<1, 32, 0, s>>>(x, 1.0f, 0.0f, 32);
  EXPECT_ERR(cudaStreamSynchronize(s), cudaErrorStreamCaptureUnsupported);
  CK(cudaStreamIsCapturing(s, &st)); EXPECT(st == cudaStreamCaptureStatusInvalidated);
  cudaGraph_t bad = (cudaGraph_t)0x1;
  EXPECT_ERR(cudaStreamEndCapture(s, &bad), cudaErrorStreamCaptureInvalidated);
  EXPECT(bad == nullptr);
  // cudaMalloc is potentially unsafe during a global capture (which it invalidates), but
  // allowed during a relaxed one.
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  void* tmp;
  EXPECT_ERR(cudaMalloc(&tmp, 16), cudaErrorStreamCaptureUnsupported);
  EXPECT_ERR(cudaStreamEndCapture(s, &bad), cudaErrorStreamCaptureInvalidated);
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed));
  CK(cudaMalloc(&tmp, 16));
  CK(cudaStreamEndCapture(s, &bad));
  CK(cudaGraphDestroy(bad));
  CK(cudaFree(tmp));
  // The legacy stream cannot be used while a blocking stream captures.
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  EXPECT_ERR(cudaMemsetAsync(y, 0, 4, 0), cudaErrorStreamCaptureImplicit);
  EXPECT_ERR(cudaStreamEndCapture(s, &bad), cudaErrorStreamCaptureInvalidated);
  // Ending a capture that was not begun; capturing the legacy stream.
  EXPECT_ERR(cudaStreamEndCapture(s, &bad), cudaErrorIllegalState);
  EXPECT_ERR(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal), cudaErrorStreamCaptureUnsupported);
  EXPECT_ERR(cudaStreamBeginCapture(s, (cudaStreamCaptureMode)5), cudaErrorInvalidValue);
  // Unjoined fork.
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  CK(cudaEventRecord(fork, s));
  CK(cudaStreamWaitEvent(s2, fork, 0));
  axpb<<<1, 32, 0, s2>>>(x, 1.0f, 0.0f, 32);
  EXPECT_ERR(cudaStreamEndCapture(s, &bad), cudaErrorStreamCaptureUnjoined);
  CK(cudaStreamIsCapturing(s2, &st)); EXPECT(st == cudaStreamCaptureStatusNone);
  // Thread capture mode exchange.
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  CK(cudaThreadExchangeStreamCaptureMode(&mode));
  EXPECT(mode == cudaStreamCaptureModeGlobal);
  CK(cudaThreadExchangeStreamCaptureMode(&mode));
  // The streams work normally again.
  axpb<<<n / 256, 256, 0, s>>>(x, 0.0f, 7.0f, n);
  CK(cudaMemcpy(h, x, 4, cudaMemcpyDeviceToHost));
  EXPECT(h[0] == 7.0f);
  CK(cudaGraphExecDestroy(ge));
  CK(cudaGraphDestroy(g));
  EXPECT_ERR(cudaGraphDestroy(g), cudaErrorInvalidValue);
  CK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
  CK(cudaStreamDestroy(s)); CK(cudaStreamDestroy(s2));
  CK(cudaFree(x)); CK(cudaFree(y)); CK(cudaFreeHost(h));
  printf("PASS\n");
  return 0;
}
