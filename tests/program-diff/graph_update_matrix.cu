// cudaGraphExecUpdate against each kind of change a framework makes between two graphs: same
// shape with new kernel arguments, another kernel function, other launch dimensions, more
// dynamic shared memory, a memset with another value / another width, a 1D copy with another
// direction, a host node with another function, a node of another type, an extra node, an
// extra edge, and a disabled node; each prints the result code, cudaGraphExecUpdateResultInfo's
// result and which node (of the new graph) errorNode and errorFromNode name; then the update
// that succeeds is launched and checked. Also cudaGraphInstantiateWithParams' result_out for a
// good graph and for one that cannot be instantiated for device launch.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k1(int *p, int v) { p[threadIdx.x] = v; }
__global__ void k2(int *p, int v) { p[threadIdx.x] = v + 1000; }
static void h1(void *) {}
static void h2(void *) {}

static int *dbuf, *hbuf;

static const char *rname(cudaGraphExecUpdateResult r) {
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

struct Spec { const void *fn; int v; unsigned grid, block, smem; int memset_val; size_t memset_w; cudaMemcpyKind kind; void (*host)(void *); bool memset_as_kernel; bool extra_node; bool extra_edge; };

// A graph: kernel A -> memset B -> copy C -> host D (chain), node handles out[0..3] (+ out[4]).
static cudaGraph_t build(const Spec &s, cudaGraphNode_t *out) {
  cudaGraph_t g; cudaGraphCreate(&g, 0);
  int v = s.v; int *p = dbuf;
  void *args[] = {&p, &v};
  cudaKernelNodeParams kp = {}; kp.func = (void *)s.fn; kp.gridDim = dim3(s.grid); kp.blockDim = dim3(s.block); kp.sharedMemBytes = s.smem; kp.kernelParams = args;
  cudaGraphAddKernelNode(&out[0], g, nullptr, 0, &kp);
  if (s.memset_as_kernel) {
    cudaGraphAddKernelNode(&out[1], g, &out[0], 1, &kp);
  } else {
    cudaMemsetParams mp = {}; mp.dst = dbuf + 64; mp.value = s.memset_val; mp.elementSize = 4; mp.width = s.memset_w; mp.height = 1; mp.pitch = 0;
    cudaGraphAddMemsetNode(&out[1], g, &out[0], 1, &mp);
  }
  if (s.kind == cudaMemcpyDeviceToHost) cudaGraphAddMemcpyNode1D(&out[2], g, &out[1], 1, hbuf, dbuf, 256, s.kind);
  else cudaGraphAddMemcpyNode1D(&out[2], g, &out[1], 1, dbuf + 128, dbuf, 256, s.kind);
  cudaHostNodeParams hp = {}; hp.fn = s.host; hp.userData = nullptr;
  cudaGraphAddHostNode(&out[3], g, &out[2], 1, &hp);
  if (s.extra_node) cudaGraphAddEmptyNode(&out[4], g, &out[3], 1);
  if (s.extra_edge) cudaGraphAddDependencies(g, &out[0], &out[2], nullptr, 1);
  return g;
}

// -1: NULL; 0..4: a node of the new graph; 10..14: a node of the original graph.
static int which(cudaGraphNode_t n, cudaGraphNode_t *nodes, int count, cudaGraphNode_t *orig = nullptr) {
  if (n == nullptr) return -1;
  for (int i = 0; i < count; ++i) if (nodes[i] == n) return i;
  for (int i = 0; orig && i < 5; ++i) if (orig[i] == n) return 10 + i;
  return 99;
}

int main() {
  cudaMalloc(&dbuf, 4096); cudaMallocHost(&hbuf, 4096);
  const Spec base = {(const void *)k1, 5, 1, 32, 0, 3, 16, cudaMemcpyDeviceToHost, h1, false, false, false};
  cudaGraphNode_t bn[5];
  cudaGraph_t bg = build(base, bn);
  cudaGraphExec_t ex;
  cudaGraphInstantiateParams ip = {}; ip.flags = 0;
  printf("instantiate with params: %s result_out %d\n", cudaGetErrorName(cudaGraphInstantiateWithParams(&ex, bg, &ip)), (int)ip.result_out);
  struct Case { const char *name; Spec s; };
  Spec c[12];
  for (auto &x : c) x = base;
  c[0].v = 9;
  c[1].fn = (const void *)k2;
  c[2].grid = 2;
  c[3].block = 64;
  c[4].smem = 1024;
  c[5].memset_val = 4;
  c[6].memset_w = 8;
  c[7].kind = cudaMemcpyDeviceToDevice;
  c[8].host = h2;
  c[9].memset_as_kernel = true;
  c[10].extra_node = true;
  c[11].extra_edge = true;
  const char *names[12] = {"kernel argument", "kernel function", "grid dims", "block dims", "dynamic smem", "memset value", "memset width", "copy direction", "host function", "node type", "extra node", "extra edge"};
  for (int i = 0; i < 12; ++i) {
    cudaGraphNode_t nn[5] = {};
    cudaGraph_t g = build(c[i], nn);
    cudaGraphExecUpdateResultInfo info = {};
    cudaError_t e = cudaGraphExecUpdate(ex, g, &info);
    printf("%-16s %-32s %-26s errorNode %d errorFromNode %d\n", names[i], cudaGetErrorName(e), rname(info.result), which(info.errorNode, nn, 5, bn), which(info.errorFromNode, nn, 5, bn));
    cudaGetLastError();
    cudaGraphDestroy(g);
  }
  // The last successful update wins: launch and look.
  cudaGraphNode_t nn[5];
  Spec good = base; good.v = 42;
  cudaGraph_t g = build(good, nn);
  cudaGraphExecUpdateResultInfo info = {};
  cudaError_t ge;
  printf("final update %s\n", cudaGetErrorName(cudaGraphExecUpdate(ex, g, &info)));
  ge = cudaGraphLaunch(ex, 0);
  printf("launch %s", cudaGetErrorName(ge));
  printf(" sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  printf("hbuf[0] %d hbuf[31] %d hbuf[64] %d hbuf[63] %d\n", hbuf[0], hbuf[31], hbuf[64], hbuf[63]);
  // Node disabled in the exec, then an update: does the update re-enable it?
  printf("disable memset %s\n", cudaGetErrorName(cudaGraphNodeSetEnabled(ex, bn[1], 0)));
  unsigned en = 9;
  ge = cudaGraphNodeGetEnabled(ex, bn[1], &en);
  printf("enabled %s %u\n", cudaGetErrorName(ge), en);
  printf("update again %s\n", cudaGetErrorName(cudaGraphExecUpdate(ex, g, &info)));
  en = 9;
  ge = cudaGraphNodeGetEnabled(ex, bn[1], &en);
  printf("enabled after update %s %u\n", cudaGetErrorName(ge), en);
  // Device-launch instantiation of a graph with a memcpy to pageable... (host node: not allowed)
  cudaGraphExec_t dx;
  cudaGraphInstantiateParams dp = {}; dp.flags = cudaGraphInstantiateFlagDeviceLaunch;
  cudaError_t e = cudaGraphInstantiateWithParams(&dx, bg, &dp);
  printf("device-launch instantiate: %s result_out %d errNode %d\n", cudaGetErrorName(e), (int)dp.result_out, which(dp.errNode_out, bn, 5));
  cudaGetLastError();
  unsigned long long fl = 99;
  ge = cudaGraphExecGetFlags(ex, &fl);
  printf("exec flags %s %llu\n", cudaGetErrorName(ge), fl);
  printf("sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
