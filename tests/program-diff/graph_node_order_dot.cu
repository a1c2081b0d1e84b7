// Graph introspection a tool performs: cudaGraphGetNodes order (creation order?) for nodes
// added out of dependency order, the count-only call (null array), a too-small array (how many
// are written, what the count says), cudaGraphGetRootNodes, cudaGraphGetEdges with a small
// array, cudaGraphNodeGetType for every node kind (kernel, memcpy, memset, host, child graph,
// empty, event record, event wait, mem alloc, mem free), cudaGraphDebugDotPrint (its result and
// whether the file starts with "digraph"), and the errors for a null graph and node.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void k(int *p) { p[threadIdx.x] += 1; }
static void host(void *) {}
static void show(const char *what, cudaError_t e) { printf("%-40s %s\n", what, cudaGetErrorName(e)); cudaGetLastError(); }

int main() {
  int *d; cudaMalloc(&d, 4096);
  int *h; cudaMallocHost(&h, 4096);
  cudaGraph_t g, child; cudaGraphCreate(&g, 0); cudaGraphCreate(&child, 0);
  cudaGraphNode_t n[12];
  cudaGraphAddEmptyNode(&n[0], g, nullptr, 0);
  void *args[] = {&d};
  cudaKernelNodeParams kp = {}; kp.func = (void *)k; kp.gridDim = dim3(1); kp.blockDim = dim3(32); kp.kernelParams = args;
  cudaGraphAddKernelNode(&n[1], g, nullptr, 0, &kp);
  cudaMemsetParams mp = {}; mp.dst = d; mp.value = 0; mp.elementSize = 4; mp.width = 32; mp.height = 1;
  cudaGraphAddMemsetNode(&n[2], g, nullptr, 0, &mp);
  cudaGraphAddDependencies(g, &n[2], &n[1], nullptr, 1);  // memset -> kernel, though added after
  cudaGraphAddMemcpyNode1D(&n[3], g, &n[1], 1, h, d, 128, cudaMemcpyDeviceToHost);
  cudaHostNodeParams hp = {}; hp.fn = host;
  cudaGraphAddHostNode(&n[4], g, &n[3], 1, &hp);
  cudaGraphNode_t cn; cudaGraphAddEmptyNode(&cn, child, nullptr, 0);
  cudaGraphAddChildGraphNode(&n[5], g, &n[0], 1, child);
  cudaEvent_t ev; cudaEventCreate(&ev);
  cudaGraphAddEventRecordNode(&n[6], g, &n[5], 1, ev);
  cudaGraphAddEventWaitNode(&n[7], g, nullptr, 0, ev);
  cudaMemAllocNodeParams ap = {}; ap.poolProps.allocType = cudaMemAllocationTypePinned; ap.poolProps.location.type = cudaMemLocationTypeDevice; ap.poolProps.location.id = 0; ap.bytesize = 1 << 16;
  show("add mem alloc node", cudaGraphAddMemAllocNode(&n[8], g, nullptr, 0, &ap));
  show("add mem free node", cudaGraphAddMemFreeNode(&n[9], g, &n[8], 1, ap.dptr));
  const int total = 10;
  size_t count = 0;
  show("get nodes (count only)", cudaGraphGetNodes(g, nullptr, &count));
  printf("count %zu\n", count);
  cudaGraphNode_t got[16] = {};
  count = 16;
  show("get nodes", cudaGraphGetNodes(g, got, &count));
  printf("count %zu order:", count);
  for (size_t i = 0; i < count; ++i) { int w = -1; for (int j = 0; j < total; ++j) if (got[i] == n[j]) w = j; printf(" %d", w); }
  printf("\n");
  cudaGraphNode_t small[3] = {}; count = 3;
  show("get nodes into 3", cudaGraphGetNodes(g, small, &count));
  printf("count %zu first:", count);
  for (int i = 0; i < 3; ++i) { int w = -1; for (int j = 0; j < total; ++j) if (small[i] == n[j]) w = j; printf(" %d", w); }
  printf("\n");
  count = 0;
  show("root nodes (count)", cudaGraphGetRootNodes(g, nullptr, &count));
  cudaGraphNode_t roots[16]; size_t rc = count;
  cudaGraphGetRootNodes(g, roots, &rc);
  printf("roots %zu:", count);
  for (size_t i = 0; i < rc; ++i) { int w = -1; for (int j = 0; j < total; ++j) if (roots[i] == n[j]) w = j; printf(" %d", w); }
  printf("\n");
  size_t ec = 0;
  show("edges (count)", cudaGraphGetEdges(g, nullptr, nullptr, nullptr, &ec));
  printf("edges %zu\n", ec);
  cudaGraphNode_t from[2], to[2]; size_t e2 = 2;
  show("edges into 2", cudaGraphGetEdges(g, from, to, nullptr, &e2));
  printf("edge count after %zu\n", e2);
  for (int i = 0; i < total; ++i) {
    cudaGraphNodeType t = (cudaGraphNodeType)-1;
    cudaGraphNodeGetType(n[i], &t);
    printf("node %d type %d\n", i, (int)t);
  }
  const char *path = "/tmp/unseen10b_graph.dot";
  remove(path);
  show("dot print", cudaGraphDebugDotPrint(g, path, cudaGraphDebugDotFlagsVerbose));
  FILE *f = fopen(path, "r");
  char buf[16] = {};
  if (f) { fread(buf, 1, 7, f); fclose(f); }
  printf("file starts with digraph: %d\n", strncmp(buf, "digraph", 7) == 0);
  show("dot print to a bad path", cudaGraphDebugDotPrint(g, "/nonexistent/dir/x.dot", 0));
  show("get nodes of null graph", cudaGraphGetNodes(nullptr, nullptr, &count));
  cudaGraphNodeType t;
  show("type of null node", cudaGraphNodeGetType(nullptr, &t));
  show("get nodes null count", cudaGraphGetNodes(g, got, nullptr));
  cudaGraphExec_t x;
  show("instantiate", cudaGraphInstantiate(&x, g, 0));
  show("launch", cudaGraphLaunch(x, 0));
  show("sync", cudaDeviceSynchronize());
  printf("h[0] %d h[31] %d\n", h[0], h[31]);
  return 0;
}
