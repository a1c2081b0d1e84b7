// The explicit graph API beyond kernels (Programming Guide, "CUDA Graphs"): empty, memset,
// memcpy, host, event record/wait and child graph nodes; edges added and removed; structure
// queries; node parameters changed in the graph and in the executable graph; nodes disabled;
// whole-graph update; clones; a dot file.
#include "common.h"
#include <cstring>
#include <string>

__global__ void add_k(int* a, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] += v;
}
__global__ void mul_k(int* a, int v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) a[i] *= v;
}
static int host_calls = 0;
void CUDART_CB count_host(void* p) { host_calls += *(int*)p; }

static cudaGraphNode_t kernel_node(cudaGraph_t g, const cudaGraphNode_t* deps, size_t nd, void* fn, int** a,
                                   int* v, int* n) {
  cudaKernelNodeParams p = {};
  void* args[] = {a, v, n};
  p.func = fn; p.gridDim = dim3(4); p.blockDim = dim3(64); p.kernelParams = args;
  cudaGraphNode_t k;
  CK(cudaGraphAddKernelNode(&k, g, deps, nd, &p));
  return k;
}

int main() {
  const int n = 256;
  int *d, h[n];
  CK(cudaMalloc(&d, n * sizeof(int)));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  // memset(d, 0) -> add 5 -> mul 3 -> record ev -> memcpy to host; host node after memset.
  cudaMemsetParams ms = {};
  ms.dst = d; ms.value = 0; ms.elementSize = 4; ms.width = n; ms.height = 1;
  cudaGraphNode_t set, k1, k2, rec, cpy, host, empty;
  CK(cudaGraphAddMemsetNode(&set, g, nullptr, 0, &ms));
  int five = 5, three = 3, nn = n;
  k1 = kernel_node(g, &set, 1, (void*)add_k, &d, &five, &nn);
  k2 = kernel_node(g, &k1, 1, (void*)mul_k, &d, &three, &nn);
  cudaEvent_t ev;
  CK(cudaEventCreate(&ev));
  CK(cudaGraphAddEventRecordNode(&rec, g, &k2, 1, ev));
  CK(cudaGraphAddMemcpyNode1D(&cpy, g, &rec, 1, h, d, sizeof h, cudaMemcpyDeviceToHost));
  int one = 1;
  cudaHostNodeParams hp = {count_host, &one};
  CK(cudaGraphAddHostNode(&host, g, &set, 1, &hp));
  CK(cudaGraphAddEmptyNode(&empty, g, nullptr, 0));

  // Structure queries.
  size_t num = 0;
  CK(cudaGraphGetNodes(g, nullptr, &num));
  EXPECT(num == 7);
  CK(cudaGraphGetRootNodes(g, nullptr, &num));
  EXPECT(num == 2);
  cudaGraphNode_t roots[2];
  CK(cudaGraphGetRootNodes(g, roots, &num));
  EXPECT(roots[0] == empty && roots[1] == set);  // newest first, as CUDA 13.0 lists them
  CK(cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &num));
  EXPECT(num == 5);
  cudaGraphNode_t from[5], to[5];
  CK(cudaGraphGetEdges(g, from, to, nullptr, &num));
  bool found = false;
  for (size_t i = 0; i < num; i++) found |= from[i] == k2 && to[i] == rec;
  EXPECT(found);
  cudaGraphNodeType t;
  CK(cudaGraphNodeGetType(rec, &t)); EXPECT(t == cudaGraphNodeTypeEventRecord);
  CK(cudaGraphNodeGetType(k1, &t)); EXPECT(t == cudaGraphNodeTypeKernel);
  CK(cudaGraphNodeGetType(set, &t)); EXPECT(t == cudaGraphNodeTypeMemset);
  CK(cudaGraphNodeGetType(cpy, &t)); EXPECT(t == cudaGraphNodeTypeMemcpy);
  CK(cudaGraphNodeGetType(host, &t)); EXPECT(t == cudaGraphNodeTypeHost);
  CK(cudaGraphNodeGetType(empty, &t)); EXPECT(t == cudaGraphNodeTypeEmpty);
  CK(cudaGraphNodeGetDependentNodes(set, nullptr, nullptr, &num));
  EXPECT(num == 2);
  cudaGraphNode_t dep;
  num = 1;
  CK(cudaGraphNodeGetDependencies(k2, &dep, nullptr, &num));
  EXPECT(num == 1 && dep == k1);
  cudaEvent_t got;
  CK(cudaGraphEventRecordNodeGetEvent(rec, &got));
  EXPECT(got == ev);
  // Edges: the empty node joins after the host node; an existing edge is refused.
  CK(cudaGraphAddDependencies(g, &host, &empty, nullptr, 1));
  EXPECT_ERR(cudaGraphAddDependencies(g, &host, &empty, nullptr, 1), cudaErrorInvalidValue);
  CK(cudaGraphRemoveDependencies(g, &host, &empty, nullptr, 1));
  EXPECT_ERR(cudaGraphRemoveDependencies(g, &host, &empty, nullptr, 1), cudaErrorInvalidValue);
  CK(cudaGraphAddDependencies(g, &host, &empty, nullptr, 1));

  // Kernel node parameters read back.
  cudaKernelNodeParams kp;
  CK(cudaGraphKernelNodeGetParams(k1, &kp));
  EXPECT(kp.func == (void*)add_k && kp.gridDim.x == 4 && kp.blockDim.x == 64);
  EXPECT(*(int*)kp.kernelParams[1] == 5 && *(int**)kp.kernelParams[0] == d);

  cudaGraphExec_t x;
  CK(cudaGraphInstantiate(&x, g, 0));
  CK(cudaGraphLaunch(x, 0));
  CK(cudaStreamSynchronize(0));
  CK(cudaEventSynchronize(ev));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 15);
  EXPECT(host_calls == 1);

  // Exec node parameters: add 7 instead of 5 in the executable graph only.
  int seven = 7;
  void* args7[] = {&d, &seven, &nn};
  kp.kernelParams = args7;
  CK(cudaGraphExecKernelNodeSetParams(x, k1, &kp));
  CK(cudaGraphLaunch(x, 0));
  CK(cudaStreamSynchronize(0));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 21);
  // Disable the multiply.
  unsigned en = 9;
  CK(cudaGraphNodeGetEnabled(x, k2, &en)); EXPECT(en == 1);
  CK(cudaGraphNodeSetEnabled(x, k2, 0));
  CK(cudaGraphNodeGetEnabled(x, k2, &en)); EXPECT(en == 0);
  CK(cudaGraphLaunch(x, 0));
  CK(cudaStreamSynchronize(0));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 7);
  EXPECT_ERR(cudaGraphNodeSetEnabled(x, host, 0), cudaErrorInvalidValue);
  CK(cudaGraphNodeSetEnabled(x, k2, 1));

  // Whole-graph update from a clone with other parameters; then a topology change fails.
  cudaGraph_t c;
  CK(cudaGraphClone(&c, g));
  cudaGraphNode_t ck2;
  CK(cudaGraphNodeFindInClone(&ck2, k2, c));
  EXPECT(ck2 != k2);
  int ten = 10;
  void* args10[] = {&d, &ten, &nn};
  cudaKernelNodeParams kp2;
  CK(cudaGraphKernelNodeGetParams(ck2, &kp2));
  EXPECT(kp2.func == (void*)mul_k);
  kp2.kernelParams = args10;
  CK(cudaGraphKernelNodeSetParams(ck2, &kp2));
  cudaGraphExecUpdateResultInfo info;
  CK(cudaGraphExecUpdate(x, c, &info));
  EXPECT(info.result == cudaGraphExecUpdateSuccess);
  CK(cudaGraphLaunch(x, 0));
  CK(cudaStreamSynchronize(0));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 50);  // (0 + 5) * 10: the clone's add is 5
  cudaGraphNode_t extra;
  CK(cudaGraphAddEmptyNode(&extra, c, nullptr, 0));
  EXPECT_ERR(cudaGraphExecUpdate(x, c, &info), cudaErrorGraphExecUpdateFailure);
  EXPECT(info.result == cudaGraphExecUpdateErrorTopologyChanged);
  CK(cudaGraphDestroyNode(extra));
  CK(cudaGraphExecUpdate(x, c, &info));

  // A child graph: the whole graph twice in a row, behind an event wait node.
  cudaGraph_t outer;
  CK(cudaGraphCreate(&outer, 0));
  cudaGraphNode_t wait, c1, c2;
  CK(cudaGraphAddEventWaitNode(&wait, outer, nullptr, 0, ev));
  CK(cudaGraphAddChildGraphNode(&c1, outer, &wait, 1, g));
  CK(cudaGraphAddChildGraphNode(&c2, outer, &c1, 1, g));
  cudaGraph_t inner;
  CK(cudaGraphChildGraphNodeGetGraph(c1, &inner));
  CK(cudaGraphGetNodes(inner, nullptr, &num));
  EXPECT(num == 7 && inner != g);
  CK(cudaGraphNodeGetType(c2, &t)); EXPECT(t == cudaGraphNodeTypeGraph);
  cudaGraphExec_t ox;
  CK(cudaGraphInstantiate(&ox, outer, 0));
  host_calls = 0;
  CK(cudaGraphLaunch(ox, 0));
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(h[i] == 15);
  EXPECT(host_calls == 2);

  // A dot file naming the nodes.
  const char* path = "graph_api.dot";
  CK(cudaGraphDebugDotPrint(outer, path, cudaGraphDebugDotFlagsVerbose));
  FILE* f = fopen(path, "r");
  EXPECT(f);
  std::string text;
  char buf[4096];
  size_t r;
  while ((r = fread(buf, 1, sizeof buf, f)) > 0) text.append(buf, r);
  fclose(f);
  EXPECT(text.find("digraph") != std::string::npos && text.find("->") != std::string::npos);
  EXPECT(text.find("KERNEL") != std::string::npos && text.find("EVENT_RECORD") != std::string::npos);
  remove(path);

  // A cycle cannot be instantiated.
  cudaGraph_t cyc;
  CK(cudaGraphCreate(&cyc, 0));
  cudaGraphNode_t a, b;
  CK(cudaGraphAddEmptyNode(&a, cyc, nullptr, 0));
  CK(cudaGraphAddEmptyNode(&b, cyc, &a, 1));
  CK(cudaGraphAddDependencies(cyc, &b, &a, nullptr, 1));
  cudaGraphExec_t cx;
  EXPECT(cudaGraphInstantiate(&cx, cyc, 0) != cudaSuccess);
  cudaGetLastError();

  CK(cudaGraphExecDestroy(x)); CK(cudaGraphExecDestroy(ox));
  CK(cudaGraphDestroy(g)); CK(cudaGraphDestroy(c)); CK(cudaGraphDestroy(outer)); CK(cudaGraphDestroy(cyc));
  CK(cudaEventDestroy(ev));
  CK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
