// The generic node API: cudaGraphAddNode for every node type, cudaGraphNodeSetParams and
// cudaGraphExecNodeSetParams; memcpy nodes to and from symbols (and their SetParams);
// cudaGraphExecChildGraphNodeSetParams.
#include "common.h"

__device__ int sym[8];

__global__ void scale(int *p, int n, int k) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= k;
}

__global__ void symAdd(int v) {
  if (threadIdx.x < 8) sym[threadIdx.x] += v;
}

static int hostCalls = 0;
static void CUDART_CB hostFn(void *p) { hostCalls += *(int *)p; }

int main() {
  const int N = 64;
  int *d, *d2;
  CK(cudaMalloc(&d, N * sizeof(int)));
  CK(cudaMalloc(&d2, N * sizeof(int)));
  int h[N], r[N];
  for (int i = 0; i < N; i++) h[i] = i;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cudaEvent_t ev;
  CK(cudaEventCreate(&ev));

  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  cudaGraphNodeParams p = {};

  // memcpy H2D → memset d2 → kernel scale(d, N, 3) → host → memcpy D2H
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeMemcpy;
  p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(h, N * sizeof(int), N, 1);
  p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(d, N * sizeof(int), N, 1);
  p.memcpy.copyParams.extent = make_cudaExtent(N * sizeof(int), 1, 1);
  p.memcpy.copyParams.kind = cudaMemcpyHostToDevice;
  cudaGraphNode_t cp;
  CK(cudaGraphAddNode(&cp, g, nullptr, nullptr, 0, &p));

  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeMemset;
  p.memset.dst = d2;
  p.memset.value = 0x01010101;
  p.memset.elementSize = 4;
  p.memset.width = N;
  p.memset.height = 1;
  cudaGraphNode_t ms;
  CK(cudaGraphAddNode(&ms, g, &cp, nullptr, 1, &p));

  int n = N, k = 3;
  void *kargs[] = {&d, &n, &k};
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeKernel;
  p.kernel.func = (void *)scale;
  p.kernel.gridDim = dim3(2);
  p.kernel.blockDim = dim3(32);
  p.kernel.kernelParams = kargs;
  cudaGraphNode_t kn;
  cudaGraphEdgeData ed[1] = {};
  CK(cudaGraphAddNode(&kn, g, &ms, ed, 1, &p));

  int hostArg = 1;
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeHost;
  p.host.fn = hostFn;
  p.host.userData = &hostArg;
  cudaGraphNode_t hn;
  CK(cudaGraphAddNode(&hn, g, &kn, nullptr, 1, &p));

  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeEventRecord;
  p.eventRecord.event = ev;
  cudaGraphNode_t er;
  CK(cudaGraphAddNode(&er, g, &hn, nullptr, 1, &p));

  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeEmpty;
  cudaGraphNode_t em;
  CK(cudaGraphAddNode(&em, g, &er, nullptr, 1, &p));

  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeMemcpy;
  p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(d, N * sizeof(int), N, 1);
  p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(r, N * sizeof(int), N, 1);
  p.memcpy.copyParams.extent = make_cudaExtent(N * sizeof(int), 1, 1);
  p.memcpy.copyParams.kind = cudaMemcpyDeviceToHost;
  cudaGraphNode_t back;
  CK(cudaGraphAddNode(&back, g, &em, nullptr, 1, &p));

  // Types as cudaGraphNodeGetType reports them.
  cudaGraphNodeType t;
  CK(cudaGraphNodeGetType(kn, &t));
  EXPECT(t == cudaGraphNodeTypeKernel);
  CK(cudaGraphNodeGetType(ms, &t));
  EXPECT(t == cudaGraphNodeTypeMemset);
  CK(cudaGraphNodeGetType(er, &t));
  EXPECT(t == cudaGraphNodeTypeEventRecord);

  // Parameters of the wrong type, an unknown type, non-default edges.
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeEmpty;
  EXPECT_ERR(cudaGraphNodeSetParams(kn, &p), cudaErrorInvalidValue);
  p.type = (cudaGraphNodeType)99;
  cudaGraphNode_t bad;
  EXPECT_ERR(cudaGraphAddNode(&bad, g, nullptr, nullptr, 0, &p), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGraphAddNode(&bad, g, nullptr, nullptr, 0, nullptr), cudaErrorInvalidValue);

  // cudaGraphNodeSetParams on the kernel node: scale by 5 instead.
  k = 5;
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeKernel;
  p.kernel.func = (void *)scale;
  p.kernel.gridDim = dim3(2);
  p.kernel.blockDim = dim3(32);
  p.kernel.kernelParams = kargs;
  CK(cudaGraphNodeSetParams(kn, &p));

  cudaGraphExec_t x;
  CK(cudaGraphInstantiate(&x, g, 0));
  CK(cudaGraphLaunch(x, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < N; i++) EXPECT(r[i] == 5 * i);
  EXPECT(hostCalls == 1);
  CK(cudaMemcpy(r, d2, sizeof r, cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; i++) EXPECT(r[i] == 0x01010101);
  EXPECT(cudaEventQuery(ev) == cudaSuccess);

  // cudaGraphExecNodeSetParams: kernel scale by 7, memset value 2, host arg 10.
  k = 7;
  CK(cudaGraphExecNodeSetParams(x, kn, &p));
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeMemset;
  p.memset.dst = d2;
  p.memset.value = 2;
  p.memset.elementSize = 4;
  p.memset.width = N;
  p.memset.height = 1;
  CK(cudaGraphExecNodeSetParams(x, ms, &p));
  int hostArg2 = 10;
  memset(&p, 0, sizeof p);
  p.type = cudaGraphNodeTypeHost;
  p.host.fn = hostFn;
  p.host.userData = &hostArg2;
  CK(cudaGraphExecNodeSetParams(x, hn, &p));
  CK(cudaGraphLaunch(x, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < N; i++) EXPECT(r[i] == 7 * i);
  EXPECT(hostCalls == 11);
  int r2[N];
  CK(cudaMemcpy(r2, d2, sizeof r2, cudaMemcpyDeviceToHost));
  for (int i = 0; i < N; i++) EXPECT(r2[i] == 2);
  CK(cudaGraphExecDestroy(x));
  CK(cudaGraphDestroy(g));

  // Memory allocation and free nodes through cudaGraphAddNode.
  {
    cudaGraph_t ga;
    CK(cudaGraphCreate(&ga, 0));
    memset(&p, 0, sizeof p);
    p.type = cudaGraphNodeTypeMemAlloc;
    p.alloc.poolProps.allocType = cudaMemAllocationTypePinned;
    p.alloc.poolProps.location.type = cudaMemLocationTypeDevice;
    p.alloc.poolProps.location.id = 0;
    p.alloc.bytesize = N * sizeof(int);
    cudaGraphNode_t an;
    CK(cudaGraphAddNode(&an, ga, nullptr, nullptr, 0, &p));
    int *buf = (int *)p.alloc.dptr;
    EXPECT(buf != nullptr);
    memset(&p, 0, sizeof p);
    p.type = cudaGraphNodeTypeMemcpy;
    p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(h, N * sizeof(int), N, 1);
    p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(buf, N * sizeof(int), N, 1);
    p.memcpy.copyParams.extent = make_cudaExtent(N * sizeof(int), 1, 1);
    p.memcpy.copyParams.kind = cudaMemcpyDefault;
    cudaGraphNode_t c1;
    CK(cudaGraphAddNode(&c1, ga, &an, nullptr, 1, &p));
    p.memcpy.copyParams.srcPtr = make_cudaPitchedPtr(buf, N * sizeof(int), N, 1);
    p.memcpy.copyParams.dstPtr = make_cudaPitchedPtr(r, N * sizeof(int), N, 1);
    cudaGraphNode_t c2;
    CK(cudaGraphAddNode(&c2, ga, &c1, nullptr, 1, &p));
    memset(&p, 0, sizeof p);
    p.type = cudaGraphNodeTypeMemFree;
    p.free.dptr = buf;
    cudaGraphNode_t fn;
    CK(cudaGraphAddNode(&fn, ga, &c2, nullptr, 1, &p));
    memset(r, 0, sizeof r);
    cudaGraphExec_t xa;
    CK(cudaGraphInstantiate(&xa, ga, 0));
    CK(cudaGraphLaunch(xa, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < N; i++) EXPECT(r[i] == i);
    CK(cudaGraphExecDestroy(xa));
    CK(cudaGraphDestroy(ga));
  }

  // Memcpy nodes to and from a symbol, with a kernel between; SetParams variants.
  {
    int in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, in2[8] = {10, 20, 30, 40, 50, 60, 70, 80}, res[8] = {};
    cudaGraph_t gs;
    CK(cudaGraphCreate(&gs, 0));
    cudaGraphNode_t to, kk, from;
    CK(cudaGraphAddMemcpyNodeToSymbol(&to, gs, nullptr, 0, sym, in, sizeof in, 0, cudaMemcpyHostToDevice));
    int add = 100;
    void *sargs[] = {&add};
    memset(&p, 0, sizeof p);
    p.type = cudaGraphNodeTypeKernel;
    p.kernel.func = (void *)symAdd;
    p.kernel.gridDim = dim3(1);
    p.kernel.blockDim = dim3(32);
    p.kernel.kernelParams = sargs;
    CK(cudaGraphAddNode(&kk, gs, &to, nullptr, 1, &p));
    CK(cudaGraphAddMemcpyNodeFromSymbol(&from, gs, &kk, 1, res, sym, sizeof res, 0, cudaMemcpyDeviceToHost));
    EXPECT_ERR(cudaGraphAddMemcpyNodeToSymbol(&bad, gs, nullptr, 0, sym, in, sizeof in, 0, cudaMemcpyDeviceToHost),
               cudaErrorInvalidMemcpyDirection);
    EXPECT_ERR(cudaGraphAddMemcpyNodeToSymbol(&bad, gs, nullptr, 0, sym, in, sizeof in, 4, cudaMemcpyHostToDevice),
               cudaErrorInvalidValue);
    cudaGetLastError();
    cudaGraphExec_t xs;
    CK(cudaGraphInstantiate(&xs, gs, 0));
    CK(cudaGraphLaunch(xs, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < 8; i++) EXPECT(res[i] == in[i] + 100);
    // Exec: copy only half (offset 16 bytes) of in2 into the symbol's upper half.
    CK(cudaGraphExecMemcpyNodeSetParamsToSymbol(xs, to, sym, in2 + 4, 4 * sizeof(int), 4 * sizeof(int),
                                                cudaMemcpyHostToDevice));
    CK(cudaGraphLaunch(xs, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < 4; i++) EXPECT(res[i] == in[i] + 200);
    for (int i = 4; i < 8; i++) EXPECT(res[i] == in2[i] + 100);
    int res2[8] = {};
    CK(cudaGraphExecMemcpyNodeSetParamsFromSymbol(xs, from, res2, sym, sizeof res2, 0, cudaMemcpyDeviceToHost));
    CK(cudaGraphLaunch(xs, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 4; i < 8; i++) EXPECT(res2[i] == in2[i] + 100);
    CK(cudaGraphExecDestroy(xs));
    // Graph-level SetParams then a fresh instantiation.
    CK(cudaGraphMemcpyNodeSetParamsToSymbol(to, sym, in2, sizeof in2, 0, cudaMemcpyDefault));
    CK(cudaGraphMemcpyNodeSetParamsFromSymbol(from, res, sym, sizeof res, 0, cudaMemcpyDeviceToHost));
    CK(cudaGraphInstantiate(&xs, gs, 0));
    CK(cudaGraphLaunch(xs, s));
    CK(cudaStreamSynchronize(s));
    for (int i = 0; i < 8; i++) EXPECT(res[i] == in2[i] + 100);
    CK(cudaGraphExecDestroy(xs));
    CK(cudaGraphDestroy(gs));
  }

  // cudaGraphExecChildGraphNodeSetParams (and through cudaGraphExecNodeSetParams).
  {
    int *v;
    CK(cudaMalloc(&v, 2 * sizeof(int)));
    auto child = [&](int value) {
      cudaGraph_t c;
      CK(cudaGraphCreate(&c, 0));
      cudaGraphNode_t m;
      CK(cudaGraphAddMemcpyNode1D(&m, c, nullptr, 0, v, &h[value], sizeof(int), cudaMemcpyHostToDevice));
      return c;
    };
    cudaGraph_t c1 = child(3), c2 = child(9), c3 = child(12);
    cudaGraph_t gc;
    CK(cudaGraphCreate(&gc, 0));
    memset(&p, 0, sizeof p);
    p.type = cudaGraphNodeTypeGraph;
    p.graph.graph = c1;
    cudaGraphNode_t cn;
    CK(cudaGraphAddNode(&cn, gc, nullptr, nullptr, 0, &p));
    cudaGraphExec_t xc;
    CK(cudaGraphInstantiate(&xc, gc, 0));
    int got = 0;
    CK(cudaGraphLaunch(xc, s));
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(&got, v, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == 3);
    CK(cudaGraphExecChildGraphNodeSetParams(xc, cn, c2));
    CK(cudaGraphLaunch(xc, s));
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(&got, v, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == 9);
    p.graph.graph = c3;
    CK(cudaGraphExecNodeSetParams(xc, cn, &p));
    CK(cudaGraphLaunch(xc, s));
    CK(cudaStreamSynchronize(s));
    CK(cudaMemcpy(&got, v, sizeof got, cudaMemcpyDeviceToHost));
    EXPECT(got == 12);
    // A child of another topology is refused.
    cudaGraph_t c4;
    CK(cudaGraphCreate(&c4, 0));
    EXPECT_ERR(cudaGraphExecChildGraphNodeSetParams(xc, cn, c4), cudaErrorGraphExecUpdateFailure);
    CK(cudaGraphExecDestroy(xc));
    for (cudaGraph_t c : {c1, c2, c3, c4, gc}) CK(cudaGraphDestroy(c));
    CK(cudaFree(v));
  }

  CK(cudaEventDestroy(ev));
  CK(cudaStreamDestroy(s));
  CK(cudaFree(d));
  CK(cudaFree(d2));
  printf("PASS\n");
  return 0;
}
