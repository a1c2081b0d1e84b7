// cudaGraphExecUpdate against changes in the node kinds graph_update_matrix leaves out: an event
// record node with another event, an event wait node with another event, an event record node
// turned into a wait node, a memset to another pointer of the same allocation and of another
// allocation, a 2D memset with another height, a child graph node whose child changed
// parameters and whose child changed topology, an empty node added, a memory allocation node, a
// conditional node's body changed; each: the result, cudaGraphExecUpdateResultInfo's result and
// whether errorNode / errorFromNode name a node; then the updated executable graph launched.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void add(int *p, int v) { atomicAdd(p, v); }

static const char *res(cudaGraphExecUpdateResult r) {
  switch (r) {
  case cudaGraphExecUpdateSuccess: return "Success";
  case cudaGraphExecUpdateError: return "Error";
  case cudaGraphExecUpdateErrorTopologyChanged: return "TopologyChanged";
  case cudaGraphExecUpdateErrorNodeTypeChanged: return "NodeTypeChanged";
  case cudaGraphExecUpdateErrorFunctionChanged: return "FunctionChanged";
  case cudaGraphExecUpdateErrorParametersChanged: return "ParametersChanged";
  case cudaGraphExecUpdateErrorNotSupported: return "NotSupported";
  case cudaGraphExecUpdateErrorUnsupportedFunctionChange: return "UnsupportedFunctionChange";
  case cudaGraphExecUpdateErrorAttributesChanged: return "AttributesChanged";
  default: return "?";
  }
}

static int *acc, *buf, *buf2;
static cudaEvent_t e1, e2;

enum Kind { EVREC, EVWAIT, EVREC2WAIT, MEMSET_PTR, MEMSET_OTHER, MEMSET_H, CHILD_PARAM, CHILD_TOPO, EXTRA_EMPTY, MEMALLOC, COND_BODY };

static cudaGraph_t build(Kind k, bool variant) {
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaGraphNode_t n, n2;
  int v = variant ? 10 : 1;
  void *args[] = {&acc, &v};
  cudaKernelNodeParams kp = {};
  kp.func = (void *)add;
  kp.gridDim = 1;
  kp.blockDim = 1;
  kp.kernelParams = args;
  switch (k) {
  case EVREC: cudaGraphAddEventRecordNode(&n, g, nullptr, 0, variant ? e2 : e1); break;
  case EVWAIT: cudaGraphAddEventWaitNode(&n, g, nullptr, 0, variant ? e2 : e1); break;
  case EVREC2WAIT:
    if (variant) cudaGraphAddEventWaitNode(&n, g, nullptr, 0, e1);
    else cudaGraphAddEventRecordNode(&n, g, nullptr, 0, e1);
    break;
  case MEMSET_PTR:
  case MEMSET_OTHER:
  case MEMSET_H: {
    cudaMemsetParams mp = {};
    mp.dst = (k == MEMSET_PTR && variant) ? buf + 4 : (k == MEMSET_OTHER && variant) ? buf2 : buf;
    mp.value = 3;
    mp.elementSize = 4;
    mp.width = 4;
    mp.height = (k == MEMSET_H && variant) ? 2 : 1;
    mp.pitch = 32;
    cudaGraphAddMemsetNode(&n, g, nullptr, 0, &mp);
    break;
  }
  case CHILD_PARAM:
  case CHILD_TOPO: {
    cudaGraph_t c;
    cudaGraphCreate(&c, 0);
    cudaGraphAddKernelNode(&n2, c, nullptr, 0, &kp);
    if (k == CHILD_TOPO && variant) cudaGraphAddKernelNode(&n2, c, &n2, 1, &kp);
    cudaGraphAddChildGraphNode(&n, g, nullptr, 0, c);
    cudaGraphDestroy(c);
    break;
  }
  case EXTRA_EMPTY:
    cudaGraphAddKernelNode(&n, g, nullptr, 0, &kp);
    if (variant) cudaGraphAddEmptyNode(&n2, g, &n, 1);
    break;
  case MEMALLOC: {
    cudaMemAllocNodeParams ap = {};
    ap.poolProps.allocType = cudaMemAllocationTypePinned;
    ap.poolProps.location.type = cudaMemLocationTypeDevice;
    ap.bytesize = variant ? 512 : 256;
    cudaGraphAddMemAllocNode(&n, g, nullptr, 0, &ap);
    cudaGraphAddMemFreeNode(&n2, g, &n, 1, ap.dptr);
    break;
  }
  case COND_BODY: {
    cudaGraphConditionalHandle h;
    cudaGraphConditionalHandleCreate(&h, g, 1, cudaGraphCondAssignDefault);
    cudaGraphNodeParams cp = {};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = h;
    cp.conditional.type = cudaGraphCondTypeIf;
    cp.conditional.size = 1;
    cudaGraphAddNode(&n, g, nullptr, nullptr, 0, &cp);
    cudaGraphAddKernelNode(&n2, cp.conditional.phGraph_out[0], nullptr, 0, &kp);
    break;
  }
  }
  return g;
}

int main() {
  setvbuf(stdout, NULL, _IONBF, 0);
  cudaMalloc(&acc, 4);
  cudaMalloc(&buf, 256);
  cudaMalloc(&buf2, 256);
  cudaEventCreate(&e1);
  cudaEventCreate(&e2);
  cudaStream_t s;
  cudaStreamCreate(&s);
  const char *names[] = {"event record, other event", "event wait, other event",
                         "event record -> wait", "memset, pointer +16 B", "memset, other allocation",
                         "memset 2D, height 1 -> 2", "child graph, kernel arg changed",
                         "child graph, node added", "extra empty node", "mem alloc, other size",
                         "conditional body arg changed"};
  for (int k = 0; k <= COND_BODY; k++) {
    cudaGraph_t a = build((Kind)k, false), b = build((Kind)k, true);
    cudaGraphExec_t x;
    cudaError_t ie = cudaGraphInstantiate(&x, a, 0);
    if (ie != cudaSuccess) {
      printf("%-36s instantiate %s\n", names[k], cudaGetErrorName(ie));
      cudaGetLastError();
      continue;
    }
    cudaGraphExecUpdateResultInfo info = {};
    cudaError_t e = cudaGraphExecUpdate(x, b, &info);
    cudaError_t l = cudaGetLastError();
    cudaMemset(acc, 0, 4);
    cudaError_t le = cudaGraphLaunch(x, s);
    cudaError_t se = cudaStreamSynchronize(s);
    int h = -1;
    cudaMemcpy(&h, acc, 4, cudaMemcpyDeviceToHost);
    printf("%-36s %s (last %s) result=%s errorNode=%d fromNode=%d | launch %s sync %s acc=%d\n",
           names[k], cudaGetErrorName(e), cudaGetErrorName(l), res(info.result),
           info.errorNode != nullptr, info.errorFromNode != nullptr, cudaGetErrorName(le),
           cudaGetErrorName(se), h);
    cudaGraphExecDestroy(x);
    cudaGraphDestroy(a);
    cudaGraphDestroy(b);
  }
  printf("update with null info: ");
  {
    cudaGraph_t a = build(EXTRA_EMPTY, false), b = build(EXTRA_EMPTY, true);
    cudaGraphExec_t x;
    cudaGraphInstantiate(&x, a, 0);
    printf("%s\n", cudaGetErrorName(cudaGraphExecUpdate(x, b, nullptr)));
    printf("last %s\n", cudaGetErrorName(cudaGetLastError()));
  }
  return 0;
}
