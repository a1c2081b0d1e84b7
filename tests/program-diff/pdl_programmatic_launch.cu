// Programmatic dependent launch (sm_90): a secondary kernel launched with
// cudaLaunchAttributeProgrammaticStreamSerialization calls cudaGridDependencySynchronize()
// before reading the primary's output; the primary triggers early with
// cudaTriggerProgrammaticLaunchCompletion() after its writes (and a variant without a trigger);
// also the programmatic event attribute and a graph captured from the pair.
#include <cstdio>
__global__ void primary(int* a, int n, int trigger) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] = i * 3 + 1;
  if (trigger) { __threadfence(); cudaTriggerProgrammaticLaunchCompletion(); }
}
__global__ void secondary(const int* a, int* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int pre = i * 2;  // work independent of the primary
  cudaGridDependencySynchronize();
  if (i < n) b[i] = a[i] + pre;
}
long long check(int* b, int n) { int* h = new int[n]; cudaMemcpy(h, b, n * 4, cudaMemcpyDeviceToHost); long long s = 0; int bad = 0; for (int i = 0; i < n; i++) { s += h[i]; bad += h[i] != i * 5 + 1; } delete[] h; return bad ? -bad : s; }
int main() {
  const int n = 1 << 16;
  int *a, *b; cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4);
  cudaStream_t s; cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  for (int trig = 0; trig < 2; trig++) {
    cudaMemsetAsync(a, 0, n * 4, s); cudaMemsetAsync(b, 0, n * 4, s);
    primary<<<n / 256, 256, 0, s>>>(a, n, trig);
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = n / 256; cfg.blockDim = 256; cfg.stream = s;
    cudaLaunchAttribute at; at.id = cudaLaunchAttributeProgrammaticStreamSerialization; at.val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = &at; cfg.numAttrs = 1;
    cudaError_t e = cudaLaunchKernelEx(&cfg, secondary, (const int*)a, b, n);
    cudaError_t se = cudaStreamSynchronize(s);
    printf("trigger=%d launch=%s sync=%s check=%lld\n", trig, cudaGetErrorName(e), cudaGetErrorName(se), check(b, n));
  }
  // programmatic event
  cudaEvent_t ev; cudaEventCreateWithFlags(&ev, cudaEventDisableTiming);
  cudaMemsetAsync(b, 0, n * 4, s);
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = n / 256; cfg.blockDim = 256; cfg.stream = s;
  cudaLaunchAttribute at; at.id = cudaLaunchAttributeProgrammaticEvent; at.val.programmaticEvent.event = ev;
  at.val.programmaticEvent.triggerAtBlockStart = 0; at.val.programmaticEvent.flags = 0;
  cfg.attrs = &at; cfg.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&cfg, primary, a, n, 1);
  cudaStream_t s2; cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaStreamWaitEvent(s2, ev, 0);
  secondary<<<n / 256, 256, 0, s2>>>(a, b, n);
  cudaError_t se = cudaDeviceSynchronize();
  printf("event launch=%s sync=%s check=%lld\n", cudaGetErrorName(e), cudaGetErrorName(se), check(b, n));
  // capture the pair into a graph
  cudaGraph_t g; cudaGraphExec_t ge;
  cudaMemsetAsync(b, 0, n * 4, s);
  cudaStreamSynchronize(s);
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  primary<<<n / 256, 256, 0, s>>>(a, n, 1);
  cudaLaunchConfig_t c2 = {}; c2.gridDim = n / 256; c2.blockDim = 256; c2.stream = s;
  cudaLaunchAttribute a2; a2.id = cudaLaunchAttributeProgrammaticStreamSerialization; a2.val.programmaticStreamSerializationAllowed = 1;
  c2.attrs = &a2; c2.numAttrs = 1;
  e = cudaLaunchKernelEx(&c2, secondary, (const int*)a, b, n);
  cudaError_t ce = cudaStreamEndCapture(s, &g);
  size_t nn = 0, ne = 0; cudaGraphGetNodes(g, nullptr, &nn); cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ne);
  cudaError_t ie = cudaGraphInstantiate(&ge, g, 0);
  cudaGraphLaunch(ge, s);
  se = cudaStreamSynchronize(s);
  printf("graph launch=%s capture=%s nodes=%zu edges=%zu inst=%s sync=%s check=%lld\n", cudaGetErrorName(e), cudaGetErrorName(ce), nn, ne,
         cudaGetErrorName(ie), cudaGetErrorName(se), check(b, n));
  return 0;
}
