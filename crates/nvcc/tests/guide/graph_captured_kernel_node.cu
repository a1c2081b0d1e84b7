// Kernel nodes made by stream capture are kernel nodes like those of the graph API: their type is
// cudaGraphNodeTypeKernel, cudaGraphKernelNodeGetParams returns the launch (function, grid, block,
// arguments), cudaGraphKernelNodeSetParams changes an argument, and cudaGraphKernelNodeSetAttribute
// / GetAttribute accept an access policy window on them.
#include "guide.h"
__global__ void scale(float* p, float k, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= k;
}
int main() {
  const int n = 1024;
  float* d;
  CK(cudaMalloc(&d, n * 4));
  float h[n];
  for (int i = 0; i < n; i++) h[i] = i;
  CK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  cudaGraph_t g;
  CK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
  scale<<<n / 128, 128, 0, s>>>(d, 2.f, n);
  CK(cudaStreamEndCapture(s, &g));
  cudaGraphNode_t node;
  size_t count = 1;
  CK(cudaGraphGetNodes(g, &node, &count));
  cudaGraphNodeType type;
  CK(cudaGraphNodeGetType(node, &type));
  check(count == 1 && type == cudaGraphNodeTypeKernel, "the captured launch is one kernel node");
  cudaKernelNodeParams p = {};
  CK(cudaGraphKernelNodeGetParams(node, &p));
  check(p.func == (void*)scale && p.gridDim.x == n / 128 && p.blockDim.x == 128 && p.sharedMemBytes == 0 &&
            p.kernelParams && *(float**)p.kernelParams[0] == d && *(float*)p.kernelParams[1] == 2.f,
        "cudaGraphKernelNodeGetParams on a captured kernel node");
  float k = 3.f; int nn = n;
  void* args[] = {&d, &k, &nn};
  p.kernelParams = args;
  CK(cudaGraphKernelNodeSetParams(node, &p));
  cudaKernelNodeAttrValue v = {};
  v.accessPolicyWindow.base_ptr = d; v.accessPolicyWindow.num_bytes = n * 4; v.accessPolicyWindow.hitRatio = 1.f;
  v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting; v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
  CK(cudaGraphKernelNodeSetAttribute(node, cudaKernelNodeAttributeAccessPolicyWindow, &v));
  cudaKernelNodeAttrValue back = {};
  CK(cudaGraphKernelNodeGetAttribute(node, cudaKernelNodeAttributeAccessPolicyWindow, &back));
  check(back.accessPolicyWindow.base_ptr == d && back.accessPolicyWindow.num_bytes == (size_t)n * 4, "access policy window on a captured kernel node");
  cudaGraphExec_t e;
  CK(cudaGraphInstantiate(&e, g, 0));
  CK(cudaGraphLaunch(e, s));
  CK(cudaStreamSynchronize(s));
  float r[n];
  CK(cudaMemcpy(r, d, sizeof(r), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= r[i] == 3.f * i;
  check(ok, "the graph runs with the argument set on the captured node");
  return finish();
}
