// After a kernel calls __trap() (cudaErrorLaunchFailure, sticky), found by polling
// cudaStreamQuery rather than by a synchronize: what each asynchronous call and each handle
// operation answers (copies and memsets on streams, event record/query/synchronize/elapsed time
// on events recorded before the fault, stream wait, host functions, graph launch and
// instantiation of a graph built before, stream and event destruction, stream-ordered
// allocation, pools, capture), with cudaGetLastError / cudaPeekAtLastError after each; then
// cudaDeviceReset's answer. (Work after the reset is left out: an H200 in a shared machine
// answered cudaErrorDevicesUnavailable there.)
#include <cstdio>
#include <unistd.h>
#include <cuda_runtime.h>

__global__ void trapper(int *p) {
  if (threadIdx.x == 3) __trap();
  p[threadIdx.x] = 1;
}
__global__ void fine(int *p) { p[threadIdx.x] = 2; }
static void hostfn(void *) { printf("  host function ran\n"); }

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t p_ = cudaPeekAtLastError();                                                     \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-40s -> %s (peek %s, last %s)\n", label, cudaGetErrorName(e_),                     \
           cudaGetErrorName(p_), cudaGetErrorName(l_));                                         \
  } while (0)

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *d, *h;
  cudaMalloc(&d, 256);
  cudaMallocHost(&h, 256);
  cudaStream_t s, s2;
  cudaStreamCreate(&s);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEvent_t e0, e1, e2;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  cudaEventCreate(&e2);
  cudaEventRecord(e0, s);
  cudaEventRecord(e1, s);
  cudaEventSynchronize(e1);
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphNode_t kn;
  cudaKernelNodeParams kp = {};
  void *args[] = {&d};
  kp.func = (void *)fine;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(32);
  kp.kernelParams = args;
  cudaGraphAddKernelNode(&kn, g, nullptr, 0, &kp);
  cudaGraphExec_t ge;
  cudaGraphInstantiate(&ge, g, 0);
  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);

  trapper<<<1, 32, 0, s>>>(d);
  R("launch trapper", cudaSuccess);
  cudaError_t q = cudaErrorNotReady;
  for (int i = 0; i < 200000 && q == cudaErrorNotReady; i++) {
    q = cudaStreamQuery(s);
    if (q == cudaErrorNotReady) usleep(100);
  }
  printf("poll cudaStreamQuery(s) -> %s\n", cudaGetErrorName(q));
  R("peek/last right after", cudaSuccess);
  R("cudaStreamQuery(s) again", cudaStreamQuery(s));
  R("cudaStreamQuery(s2) (other stream)", cudaStreamQuery(s2));
  R("cudaStreamQuery(0)", cudaStreamQuery(0));
  R("cudaMemcpyAsync H2D on s", cudaMemcpyAsync(d, h, 64, cudaMemcpyHostToDevice, s));
  R("cudaMemcpyAsync D2H on s2", cudaMemcpyAsync(h, d, 64, cudaMemcpyDeviceToHost, s2));
  R("cudaMemsetAsync on s", cudaMemsetAsync(d, 0, 64, s));
  R("cudaMemcpy H2H", cudaMemcpy(h, h + 32, 16, cudaMemcpyHostToHost));
  R("cudaEventQuery(e1) recorded before", cudaEventQuery(e1));
  R("cudaEventSynchronize(e1)", cudaEventSynchronize(e1));
  float ms = -1;
  R("cudaEventElapsedTime(e0,e1)", cudaEventElapsedTime(&ms, e0, e1));
  R("cudaEventRecord(e2, s)", cudaEventRecord(e2, s));
  R("cudaEventQuery(e2)", cudaEventQuery(e2));
  R("cudaEventSynchronize(e2)", cudaEventSynchronize(e2));
  R("cudaStreamWaitEvent(s2, e1)", cudaStreamWaitEvent(s2, e1, 0));
  R("cudaLaunchHostFunc(s2)", cudaLaunchHostFunc(s2, hostfn, nullptr));
  R("cudaGraphLaunch(ge, s2)", cudaGraphLaunch(ge, s2));
  cudaGraphExec_t ge2 = nullptr;
  R("cudaGraphInstantiate (graph made before)", cudaGraphInstantiate(&ge2, g, 0));
  R("cudaGraphExecDestroy(ge)", cudaGraphExecDestroy(ge));
  R("cudaGraphDestroy(g)", cudaGraphDestroy(g));
  fine<<<1, 32, 0, s2>>>(d);
  R("launch fine on s2", cudaSuccess);
  R("cudaStreamSynchronize(s2)", cudaStreamSynchronize(s2));
  void *pa = nullptr;
  R("cudaMallocAsync(s2)", cudaMallocAsync(&pa, 64, s2));
  R("cudaFreeAsync(d, s2)", cudaFreeAsync(d, s2));
  size_t v = 0;
  R("cudaMemPoolGetAttribute(default)", cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &v));
  R("cudaMemPoolTrimTo(default)", cudaMemPoolTrimTo(pool, 0));
  cudaMemPool_t np;
  cudaMemPoolProps pp = {};
  pp.allocType = cudaMemAllocationTypePinned;
  pp.location.type = cudaMemLocationTypeDevice;
  R("cudaMemPoolCreate", cudaMemPoolCreate(&np, &pp));
  R("cudaStreamBeginCapture(s2)", cudaStreamBeginCapture(s2, cudaStreamCaptureModeGlobal));
  cudaStreamCaptureStatus cs = cudaStreamCaptureStatusNone;
  R("cudaStreamIsCapturing(s2)", cudaStreamIsCapturing(s2, &cs));
  printf("  capture status %d\n", (int)cs);
  cudaGraph_t cg = nullptr;
  R("cudaStreamEndCapture(s2)", cudaStreamEndCapture(s2, &cg));
  R("cudaStreamDestroy(s)", cudaStreamDestroy(s));
  R("cudaEventDestroy(e2)", cudaEventDestroy(e2));
  R("cudaFreeHost(h)", cudaFreeHost(h));
  R("cudaFree(d)", cudaFree(d));
  R("cudaFree(nullptr)", cudaFree(nullptr));
  int dev = -1;
  R("cudaGetDevice", cudaGetDevice(&dev));
  R("cudaSetDevice(0)", cudaSetDevice(0));
  R("cudaDeviceSynchronize", cudaDeviceSynchronize());
  R("cudaDeviceReset", cudaDeviceReset());
  return 0;
}
