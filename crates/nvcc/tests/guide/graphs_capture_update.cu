// CUDA Graphs via stream capture: the guide's fork/join capture across two streams with events,
// instantiate and launch repeatedly, cudaGraphGetNodes, then capture a changed graph of the same
// topology and apply it with cudaGraphExecUpdate (whole-graph update).
#include "guide.h"
__global__ void kernel_A(int* x, int v) { x[threadIdx.x] = v; }
__global__ void kernel_B(int* x, int* y) { y[threadIdx.x] = x[threadIdx.x] * 2; }
__global__ void kernel_C(int* x, int* z) { z[threadIdx.x] = x[threadIdx.x] + 3; }
__global__ void kernel_D(int* y, int* z, int* out) { out[threadIdx.x] += y[threadIdx.x] + z[threadIdx.x]; }
static cudaGraph_t capture(cudaStream_t s1, cudaStream_t s2, cudaEvent_t fork, cudaEvent_t join,
                           int* x, int* y, int* z, int* out, int v) {
  cudaGraph_t graph;
  CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  kernel_A<<<1, 32, 0, s1>>>(x, v);
  CK(cudaEventRecord(fork, s1));
  CK(cudaStreamWaitEvent(s2, fork, 0));
  kernel_B<<<1, 32, 0, s1>>>(x, y);
  kernel_C<<<1, 32, 0, s2>>>(x, z);
  CK(cudaEventRecord(join, s2));
  CK(cudaStreamWaitEvent(s1, join, 0));
  kernel_D<<<1, 32, 0, s1>>>(y, z, out);
  CK(cudaStreamEndCapture(s1, &graph));
  return graph;
}
int main() {
  cudaStream_t s1, s2;
  CK(cudaStreamCreate(&s1)); CK(cudaStreamCreate(&s2));
  cudaEvent_t fork, join;
  CK(cudaEventCreate(&fork)); CK(cudaEventCreate(&join));
  int *x, *y, *z, *out;
  CK(cudaMalloc(&x, 128)); CK(cudaMalloc(&y, 128)); CK(cudaMalloc(&z, 128)); CK(cudaMalloc(&out, 128));
  CK(cudaMemset(out, 0, 128));
  cudaStreamCaptureStatus st;
  CK(cudaStreamIsCapturing(s1, &st));
  check(st == cudaStreamCaptureStatusNone, "not capturing before BeginCapture");
  cudaGraph_t graph = capture(s1, s2, fork, join, x, y, z, out, 5);
  size_t numNodes = 0;
  CK(cudaGraphGetNodes(graph, nullptr, &numNodes));
  check(numNodes == 4, "captured fork/join graph has 4 kernel nodes");
  size_t numEdges = 0;
  CK(cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &numEdges));
  check(numEdges == 4, "captured graph has 4 edges (A->B, A->C, B->D, C->D)");
  cudaGraphExec_t exec;
  CK(cudaGraphInstantiate(&exec, graph, 0));
  for (int i = 0; i < 3; i++) CK(cudaGraphLaunch(exec, s1));
  CK(cudaStreamSynchronize(s1));
  int h[32];
  CK(cudaMemcpy(h, out, 128, cudaMemcpyDeviceToHost));
  // Each launch adds 2v + (v + 3).
  bool ok = true;
  for (int i = 0; i < 32; i++) ok &= h[i] == 3 * (2 * 5 + 5 + 3);
  check(ok, "three launches of the instantiated graph");
  cudaGraph_t graph2 = capture(s1, s2, fork, join, x, y, z, out, 11);
  cudaGraphExecUpdateResultInfo info;
  CK(cudaGraphExecUpdate(exec, graph2, &info));
  check(info.result == cudaGraphExecUpdateSuccess, "cudaGraphExecUpdate with the same topology succeeds");
  CK(cudaGraphLaunch(exec, s1));
  CK(cudaStreamSynchronize(s1));
  CK(cudaMemcpy(h, out, 128, cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 32; i++) ok &= h[i] == 3 * 18 + (2 * 11 + 11 + 3);
  check(ok, "updated exec runs the new kernel arguments");
  // A graph of different topology is refused by the update.
  cudaGraph_t small;
  CK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
  kernel_A<<<1, 32, 0, s1>>>(x, 1);
  CK(cudaStreamEndCapture(s1, &small));
  cudaError_t e = cudaGraphExecUpdate(exec, small, &info);
  check(e == cudaErrorGraphExecUpdateFailure && info.result == cudaGraphExecUpdateErrorTopologyChanged,
        "update with a changed topology fails with TopologyChanged");
  // Illegal call during capture: synchronous cudaMemcpy on a capturing legacy-synchronizing stream.
  CK(cudaGraphDestroy(small));
  CK(cudaGraphExecDestroy(exec));
  CK(cudaGraphDestroy(graph)); CK(cudaGraphDestroy(graph2));
  CK(cudaStreamDestroy(s1)); CK(cudaStreamDestroy(s2));
  return finish();
}
