// CUDA Graphs built with the graph API: kernel, memset, memcpy, host and child-graph nodes with
// explicit dependencies; cudaGraphExecKernelNodeSetParams on an instantiated graph; cudaGraphClone.
#include "guide.h"
__global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
__global__ void add_one(float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] += 1.f;
}
static int host_calls = 0;
void CUDART_CB host_node(void*) { host_calls++; }
int main() {
  const int n = 512;
  float *x, *y, *hx, *hy;
  CK(cudaMalloc(&x, n * sizeof(float))); CK(cudaMalloc(&y, n * sizeof(float)));
  CK(cudaMallocHost(&hx, n * sizeof(float))); CK(cudaMallocHost(&hy, n * sizeof(float)));
  for (int i = 0; i < n; i++) hx[i] = i;
  cudaGraph_t graph;
  CK(cudaGraphCreate(&graph, 0));
  cudaGraphNode_t copyIn, memsetY, kern, copyOut, hostN, child;
  CK(cudaGraphAddMemcpyNode1D(&copyIn, graph, nullptr, 0, x, hx, n * sizeof(float), cudaMemcpyHostToDevice));
  cudaMemsetParams ms = {};
  ms.dst = y; ms.value = 0; ms.elementSize = 4; ms.width = n; ms.height = 1;
  CK(cudaGraphAddMemsetNode(&memsetY, graph, nullptr, 0, &ms));
  float a = 2.f; int nn = n;
  void* args[] = {&a, &x, &y, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void*)axpy; kp.gridDim = dim3(n / 128); kp.blockDim = dim3(128); kp.kernelParams = args;
  cudaGraphNode_t deps[] = {copyIn, memsetY};
  CK(cudaGraphAddKernelNode(&kern, graph, deps, 2, &kp));
  // A child graph with one kernel node that adds one.
  cudaGraph_t sub;
  CK(cudaGraphCreate(&sub, 0));
  void* args2[] = {&y, &nn};
  cudaKernelNodeParams kp2 = {};
  kp2.func = (void*)add_one; kp2.gridDim = dim3(n / 128); kp2.blockDim = dim3(128); kp2.kernelParams = args2;
  cudaGraphNode_t subk;
  CK(cudaGraphAddKernelNode(&subk, sub, nullptr, 0, &kp2));
  CK(cudaGraphAddChildGraphNode(&child, graph, &kern, 1, sub));
  CK(cudaGraphAddMemcpyNode1D(&copyOut, graph, &child, 1, hy, y, n * sizeof(float), cudaMemcpyDeviceToHost));
  cudaHostNodeParams hp = {host_node, nullptr};
  CK(cudaGraphAddHostNode(&hostN, graph, &copyOut, 1, &hp));
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  CK(cudaGraphLaunch(exec, 0));
  CK(cudaStreamSynchronize(0));
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= hy[i] == 2.f * i + 1.f;
  check(ok && host_calls == 1, "memcpy/memset -> kernel -> child graph -> memcpy -> host node");
  float a2 = -1.f;
  void* args3[] = {&a2, &x, &y, &nn};
  kp.kernelParams = args3;
  CK(cudaGraphExecKernelNodeSetParams(exec, kern, &kp));
  CK(cudaGraphLaunch(exec, 0));
  CK(cudaStreamSynchronize(0));
  ok = true;
  for (int i = 0; i < n; i++) ok &= hy[i] == -1.f * i + 1.f;
  check(ok && host_calls == 2, "cudaGraphExecKernelNodeSetParams changes the kernel's argument");
  cudaKernelNodeParams got = {};
  CK(cudaGraphKernelNodeGetParams(kern, &got));
  check(got.func == (void*)axpy && got.gridDim.x == (unsigned)(n / 128), "cudaGraphKernelNodeGetParams: template graph unchanged");
  cudaGraph_t clone;
  CK(cudaGraphClone(&clone, graph));
  size_t count = 0;
  CK(cudaGraphGetNodes(clone, nullptr, &count));
  check(count == 6, "cloned graph has the 6 nodes");
  cudaGraphExec_t exec2;
  CK(cudaGraphInstantiate(&exec2, clone, 0));
  CK(cudaGraphLaunch(exec2, 0));
  CK(cudaStreamSynchronize(0));
  ok = true;
  for (int i = 0; i < n; i++) ok &= hy[i] == 2.f * i + 1.f;
  check(ok && host_calls == 3, "clone runs with the original parameters");
  size_t roots = 0;
  CK(cudaGraphGetRootNodes(graph, nullptr, &roots));
  check(roots == 2, "two root nodes (memcpy and memset)");
  CK(cudaGraphExecDestroy(exec)); CK(cudaGraphExecDestroy(exec2));
  CK(cudaGraphDestroy(graph)); CK(cudaGraphDestroy(sub)); CK(cudaGraphDestroy(clone));
  return finish();
}
