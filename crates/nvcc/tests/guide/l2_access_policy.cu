// L2 cache set-aside and access policy windows (the guide's device-memory L2 access management):
// cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize), a stream's cudaAccessPolicyWindow set and
// read back with cudaStreamSetAttribute / cudaStreamGetAttribute, the same window on a kernel node
// of a graph (graph_captured_kernel_node.cu does that on a captured node), cudaCtxResetPersistingL2Cache — hints that must not change results.
#include "guide.h"
__global__ void axpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
int main() {
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  check(prop.persistingL2CacheMaxSize >= 0 && prop.accessPolicyMaxWindowSize >= 0, "persisting L2 properties present");
  size_t size = prop.persistingL2CacheMaxSize < 4 * 1024 * 1024 ? prop.persistingL2CacheMaxSize : 4 * 1024 * 1024;
  CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, size));
  size_t got = 0;
  CK(cudaDeviceGetLimit(&got, cudaLimitPersistingL2CacheSize));
  check(got <= (size_t)prop.persistingL2CacheMaxSize, "cudaLimitPersistingL2CacheSize set within the maximum");
  const int n = 1 << 16;
  float *x, *y;
  CK(cudaMalloc(&x, n * 4)); CK(cudaMalloc(&y, n * 4));
  float* h = new float[n];
  for (int i = 0; i < n; i++) h[i] = i % 100;
  CK(cudaMemcpy(x, h, n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemset(y, 0, n * 4));
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  cudaStreamAttrValue attr = {};
  size_t window = (size_t)n * 4;
  if (prop.accessPolicyMaxWindowSize > 0 && window > (size_t)prop.accessPolicyMaxWindowSize) window = prop.accessPolicyMaxWindowSize;
  attr.accessPolicyWindow.base_ptr = x;
  attr.accessPolicyWindow.num_bytes = window;
  attr.accessPolicyWindow.hitRatio = 0.6f;
  attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
  attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  CK(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &attr));
  cudaStreamAttrValue back = {};
  CK(cudaStreamGetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &back));
  check(back.accessPolicyWindow.base_ptr == x && back.accessPolicyWindow.num_bytes == window &&
            back.accessPolicyWindow.hitRatio == 0.6f && back.accessPolicyWindow.hitProp == cudaAccessPropertyPersisting &&
            back.accessPolicyWindow.missProp == cudaAccessPropertyStreaming,
        "stream access policy window reads back");
  for (int r = 0; r < 3; r++) axpy<<<n / 256, 256, 0, stream>>>(2.f, x, y, n);
  // The same window on an explicitly added kernel node of a graph.
  cudaGraph_t graph;
  CK(cudaGraphCreate(&graph, 0));
  float one = 1.f; int nn = n;
  void* args[] = {&one, &x, &y, &nn};
  cudaKernelNodeParams kp = {};
  kp.func = (void*)axpy; kp.gridDim = dim3(n / 256); kp.blockDim = dim3(256); kp.kernelParams = args;
  cudaGraphNode_t node;
  CK(cudaGraphAddKernelNode(&node, graph, nullptr, 0, &kp));
  cudaKernelNodeAttrValue kattr = {};
  kattr.accessPolicyWindow = attr.accessPolicyWindow;
  CK(cudaGraphKernelNodeSetAttribute(node, cudaKernelNodeAttributeAccessPolicyWindow, &kattr));
  cudaKernelNodeAttrValue kback = {};
  CK(cudaGraphKernelNodeGetAttribute(node, cudaKernelNodeAttributeAccessPolicyWindow, &kback));
  check(kback.accessPolicyWindow.base_ptr == x && kback.accessPolicyWindow.hitRatio == 0.6f, "kernel node access policy window reads back");
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  CK(cudaGraphLaunch(exec, stream));
  attr.accessPolicyWindow.num_bytes = 0;  // remove the window
  CK(cudaStreamSetAttribute(stream, cudaStreamAttributeAccessPolicyWindow, &attr));
  CK(cudaCtxResetPersistingL2Cache());
  CK(cudaStreamSynchronize(stream));
  float* r = new float[n];
  CK(cudaMemcpy(r, y, n * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= r[i] == 7.f * h[i];
  check(ok, "kernels under an access policy window compute the same results");
  return finish();
}
