// Graph memory nodes as an allocator-heavy framework uses them: an alloc node, a kernel and a
// free node in one graph; the graph-memory attributes (used/reserved, current/high) after each
// step and after cudaDeviceGraphMemTrim and resetting the high watermarks; an allocation left
// unfreed by its graph (a second launch refused until it is freed; cudaFree outside the graph;
// the AutoFreeOnLaunch flag); a second instantiation of a graph with an alloc node; cloning it;
// a free node of memory the graph did not allocate; bad sizes and locations; the node
// parameters read back.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v + threadIdx.x; }
__global__ void sum(const int *p, int *out) {
  if (threadIdx.x == 0) {
    int s = 0;
    for (int i = 0; i < 64; i++) s += p[i];
    *out = s;
  }
}

#define R(label, call)                                                                          \
  do {                                                                                          \
    cudaError_t e_ = (call);                                                                    \
    cudaError_t l_ = cudaGetLastError();                                                        \
    printf("%-50s -> %s (last %s)\n", label, cudaGetErrorName(e_), cudaGetErrorName(l_));      \
  } while (0)

static void attrs(const char *when) {
  unsigned long long u = 0, uh = 0, r = 0, rh = 0;
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &u);
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &uh);
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemCurrent, &r);
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &rh);
  printf("  [%s] used>0 %d usedHigh>0 %d reserved>0 %d reservedHigh>0 %d used<=reserved %d\n",
         when, u > 0, uh > 0, r > 0, rh > 0, u <= r);
}

static cudaMemAllocNodeParams allocParams(size_t bytes) {
  cudaMemAllocNodeParams ap = {};
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = bytes;
  return ap;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  int *out;
  cudaMalloc(&out, 4);
  cudaStream_t s;
  cudaStreamCreate(&s);
  attrs("start");

  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaMemAllocNodeParams ap = allocParams(256);
  cudaGraphNode_t an, kn, kn2, fn;
  R("AddMemAllocNode 256", cudaGraphAddMemAllocNode(&an, g, nullptr, 0, &ap));
  int *p = (int *)ap.dptr;
  printf("  dptr set %d\n", p != nullptr);
  cudaKernelNodeParams kp = {};
  int base = 10;
  void *a1[] = {&p, &base};
  kp.func = (void *)fill;
  kp.gridDim = 1;
  kp.blockDim = 64;
  kp.kernelParams = a1;
  R("AddKernelNode fill", cudaGraphAddKernelNode(&kn, g, &an, 1, &kp));
  void *a2[] = {&p, &out};
  kp.func = (void *)sum;
  kp.kernelParams = a2;
  R("AddKernelNode sum", cudaGraphAddKernelNode(&kn2, g, &kn, 1, &kp));
  R("AddMemFreeNode", cudaGraphAddMemFreeNode(&fn, g, &kn2, 1, p));
  cudaMemAllocNodeParams back = {};
  R("MemAllocNodeGetParams", cudaGraphMemAllocNodeGetParams(an, &back));
  printf("  bytesize %zu same dptr %d type %d\n", back.bytesize, back.dptr == p,
         (int)back.poolProps.allocType);
  void *fp = nullptr;
  R("MemFreeNodeGetParams", cudaGraphMemFreeNodeGetParams(fn, &fp));
  printf("  free dptr same %d\n", fp == p);
  cudaGraphExec_t ge;
  R("Instantiate", cudaGraphInstantiate(&ge, g, 0));
  cudaGraphExec_t ge2 = nullptr;
  R("Instantiate again (second exec)", cudaGraphInstantiate(&ge2, g, 0));
  if (ge2) cudaGraphExecDestroy(ge2);
  cudaGraph_t cl = nullptr;
  R("GraphClone with mem nodes", cudaGraphClone(&cl, g));
  if (cl) cudaGraphDestroy(cl);
  R("GraphLaunch", cudaGraphLaunch(ge, s));
  R("GraphLaunch again", cudaGraphLaunch(ge, s));
  R("StreamSynchronize", cudaStreamSynchronize(s));
  int h = 0;
  cudaMemcpy(&h, out, 4, cudaMemcpyDeviceToHost);
  printf("  sum %d\n", h);
  attrs("after launches");
  R("DeviceGraphMemTrim", cudaDeviceGraphMemTrim(0));
  attrs("after trim");
  unsigned long long zero = 0;
  R("SetGraphMemAttribute UsedMemHigh 0", cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &zero));
  R("SetGraphMemAttribute ReservedMemHigh 0", cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &zero));
  R("SetGraphMemAttribute UsedMemCurrent 0", cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &zero));
  unsigned long long one = 1;
  R("SetGraphMemAttribute UsedMemHigh 1", cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &one));
  attrs("after reset of highs");
  cudaGraphExecDestroy(ge);
  cudaGraphDestroy(g);

  // an allocation that outlives its graph
  cudaGraph_t g2;
  cudaGraphCreate(&g2, 0);
  ap = allocParams(1024);
  R("AddMemAllocNode 1024 (no free)", cudaGraphAddMemAllocNode(&an, g2, nullptr, 0, &ap));
  int *q = (int *)ap.dptr;
  void *a3[] = {&q, &base};
  kp.func = (void *)fill;
  kp.kernelParams = a3;
  cudaGraphAddKernelNode(&kn, g2, &an, 1, &kp);
  cudaGraphExec_t e2;
  R("Instantiate", cudaGraphInstantiate(&e2, g2, 0));
  R("Launch 1", cudaGraphLaunch(e2, s));
  R("Launch 2 (not freed)", cudaGraphLaunch(e2, s));
  R("StreamSynchronize", cudaStreamSynchronize(s));
  h = 0;
  R("Memcpy from graph memory", cudaMemcpy(&h, q + 5, 4, cudaMemcpyDeviceToHost));
  printf("  q[5] %d\n", h);
  attrs("allocation alive");
  R("cudaFree(graph memory)", cudaFree(q));
  R("DeviceSynchronize", cudaDeviceSynchronize());
  R("Launch 3 (after free)", cudaGraphLaunch(e2, s));
  R("FreeAsync(graph memory, s)", cudaFreeAsync(q, s));
  R("StreamSynchronize", cudaStreamSynchronize(s));
  cudaGraphExecDestroy(e2);
  cudaGraphExec_t e3;
  R("Instantiate AutoFreeOnLaunch", cudaGraphInstantiate(&e3, g2, cudaGraphInstantiateFlagAutoFreeOnLaunch));
  R("Launch 1", cudaGraphLaunch(e3, s));
  R("Launch 2 (auto free)", cudaGraphLaunch(e3, s));
  R("StreamSynchronize", cudaStreamSynchronize(s));
  R("FreeAsync last", cudaFreeAsync(q, s));
  R("StreamSynchronize", cudaStreamSynchronize(s));
  cudaGraphExecDestroy(e3);

  // free nodes and alloc nodes that cannot be
  cudaGraph_t g3;
  cudaGraphCreate(&g3, 0);
  int *plain;
  cudaMalloc(&plain, 64);
  R("AddMemFreeNode(cudaMalloc pointer)", cudaGraphAddMemFreeNode(&fn, g3, nullptr, 0, plain));
  R("AddMemFreeNode(nullptr)", cudaGraphAddMemFreeNode(&fn, g3, nullptr, 0, nullptr));
  ap = allocParams(0);
  R("AddMemAllocNode 0 bytes", cudaGraphAddMemAllocNode(&an, g3, nullptr, 0, &ap));
  ap = allocParams(64);
  ap.poolProps.location.id = 5;
  R("AddMemAllocNode device 5", cudaGraphAddMemAllocNode(&an, g3, nullptr, 0, &ap));
  ap = allocParams(64);
  ap.poolProps.location.type = cudaMemLocationTypeHost;
  R("AddMemAllocNode host location", cudaGraphAddMemAllocNode(&an, g3, nullptr, 0, &ap));
  ap = allocParams(64);
  ap.poolProps.allocType = cudaMemAllocationTypeInvalid;
  R("AddMemAllocNode invalid type", cudaGraphAddMemAllocNode(&an, g3, nullptr, 0, &ap));
  ap = allocParams(64);
  ap.poolProps.handleTypes = cudaMemHandleTypePosixFileDescriptor;
  R("AddMemAllocNode exportable", cudaGraphAddMemAllocNode(&an, g3, nullptr, 0, &ap));
  ap = allocParams(64);
  R("AddMemAllocNode ok", cudaGraphAddMemAllocNode(&an, g3, nullptr, 0, &ap));
  cudaGraphNode_t f1, f2;
  R("AddMemFreeNode ok", cudaGraphAddMemFreeNode(&f1, g3, &an, 1, ap.dptr));
  R("AddMemFreeNode twice", cudaGraphAddMemFreeNode(&f2, g3, &f1, 1, ap.dptr));
  size_t n = 0;
  cudaGraphGetNodes(g3, nullptr, &n);
  printf("  g3 nodes %zu\n", n);
  R("DestroyNode(alloc node)", cudaGraphDestroyNode(an));
  cudaGraphDestroy(g3);
  cudaGraphDestroy(g2);
  return 0;
}
