// The explicit graph API: kernel, memcpy, memset, host and empty nodes with dependencies (a
// diamond), instantiated and launched repeatedly on different streams.
#include "common.h"
#include <vector>
__global__ void fill(int* p, int v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = v + i; }
__global__ void combine(const int* a, const int* b, int* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] * 2 + b[i];
}
static std::vector<int> log_;
void CUDART_CB mark(void* u) { log_.push_back((int)(size_t)u); }
int main() {
  const int n = 512;
  int *a, *b, *c, *h;
  CK(cudaMalloc(&a, n * 4)); CK(cudaMalloc(&b, n * 4)); CK(cudaMalloc(&c, n * 4));
  CK(cudaMallocHost(&h, n * 4));
  cudaGraph_t g;
  CK(cudaGraphCreate(&g, 0));
  EXPECT_ERR(cudaGraphCreate(&g, 1), cudaErrorInvalidValue);
  cudaGraphNode_t root, fa, fb, mc, cb, host, memset_node, done;
  CK(cudaGraphAddEmptyNode(&root, g, nullptr, 0));
  cudaMemsetParams ms = {};
  ms.dst = c; ms.value = 0x01020304u; ms.elementSize = 4; ms.width = n; ms.height = 1; ms.pitch = 0;
  CK(cudaGraphAddMemsetNode(&memset_node, g, &root, 1, &ms));
  int va = 10, vb = 1000, nn = n;
  void* args_a[] = {&a, &va, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void*)fill; kp.gridDim = dim3(n / 128); kp.blockDim = dim3(128); kp.kernelParams = args_a;
  CK(cudaGraphAddKernelNode(&fa, g, &root, 1, &kp));
  void* args_b[] = {&b, &vb, &nn};
  kp.kernelParams = args_b;
  CK(cudaGraphAddKernelNode(&fb, g, &root, 1, &kp));
  va = 99; vb = 99;  // parameters were copied when the nodes were added
  cudaGraphNode_t both[] = {fa, fb, memset_node};
  void* args_c[] = {&a, &b, &c, &nn};
  kp.func = (void*)combine; kp.kernelParams = args_c;
  CK(cudaGraphAddKernelNode(&cb, g, both, 3, &kp));
  cudaHostNodeParams hp = {mark, (void*)7};
  CK(cudaGraphAddHostNode(&host, g, &cb, 1, &hp));
  cudaMemcpy3DParms cp = {};
  cp.srcPtr = make_cudaPitchedPtr(c, n * 4, n * 4, 1);
  cp.dstPtr = make_cudaPitchedPtr(h, n * 4, n * 4, 1);
  cp.extent = make_cudaExtent(n * 4, 1, 1);
  cp.kind = cudaMemcpyDeviceToHost;
  CK(cudaGraphAddMemcpyNode(&mc, g, &cb, 1, &cp));
  cudaGraphNode_t tails[] = {host, mc};
  CK(cudaGraphAddEmptyNode(&done, g, tails, 2));
  // Argument errors.
  cudaGraphNode_t x;
  EXPECT_ERR(cudaGraphAddEmptyNode(&x, g, nullptr, 1), cudaErrorInvalidValue);
  cudaGraphNode_t bogus = (cudaGraphNode_t)0x77;
  EXPECT_ERR(cudaGraphAddEmptyNode(&x, g, &bogus, 1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGraphAddKernelNode(&x, g, nullptr, 0, nullptr), cudaErrorInvalidValue);
  ms.elementSize = 3;
  EXPECT_ERR(cudaGraphAddMemsetNode(&x, g, nullptr, 0, &ms), cudaErrorInvalidValue);
  hp.fn = nullptr;
  EXPECT_ERR(cudaGraphAddHostNode(&x, g, nullptr, 0, &hp), cudaErrorInvalidValue);
  kp.blockDim = dim3(2048);
  EXPECT_ERR(cudaGraphAddKernelNode(&x, g, nullptr, 0, &kp), cudaErrorInvalidValue);
  cudaGraph_t other; CK(cudaGraphCreate(&other, 0));
  EXPECT_ERR(cudaGraphAddEmptyNode(&x, other, &root, 1), cudaErrorInvalidValue);  // node of another graph
  CK(cudaGraphDestroy(other));
  size_t count = 0;
  CK(cudaGraphGetNodes(g, nullptr, &count));
  EXPECT(count == 8);
  cudaGraphNode_t all[10];
  count = 10;
  CK(cudaGraphGetNodes(g, all, &count));
  EXPECT(count == 8 && all[0] == root && all[7] == done && all[8] == nullptr);
  cudaGraphExec_t ge;
  CK(cudaGraphInstantiateWithFlags(&ge, g, cudaGraphInstantiateFlagAutoFreeOnLaunch));
  EXPECT_ERR(cudaGraphInstantiate(&ge, (cudaGraph_t)0x99, 0), cudaErrorInvalidValue);
  cudaStream_t s; CK(cudaStreamCreate(&s));
  for (int rep = 0; rep < 4; rep++) {
    memset(h, 0, n * 4);
    CK(cudaGraphLaunch(ge, rep % 2 ? s : 0));
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < n; i++) if (h[i] != (10 + i) * 2 + 1000 + i) { printf("FAIL rep %d h[%d]=%d\n", rep, i, h[i]); return 1; }
  }
  EXPECT(log_.size() == 4 && log_[3] == 7);
  // Launches on one stream are ordered after earlier work there.
  fill<<<n / 128, 128, 0, s>>>(c, 0, n);
  CK(cudaGraphLaunch(ge, s));
  CK(cudaStreamSynchronize(s));
  EXPECT(h[3] == 13 * 2 + 1003);
  CK(cudaGraphExecDestroy(ge));
  EXPECT_ERR(cudaGraphExecDestroy(ge), cudaErrorInvalidValue);
  EXPECT_ERR(cudaGraphLaunch(ge, s), cudaErrorInvalidValue);
  CK(cudaGraphDestroy(g));
  CK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
  CK(cudaStreamDestroy(s));
  CK(cudaFree(a)); CK(cudaFree(b)); CK(cudaFree(c)); CK(cudaFreeHost(h));
  printf("PASS\n");
  return 0;
}
