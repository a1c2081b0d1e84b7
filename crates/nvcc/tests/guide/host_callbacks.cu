// Launching host functions: cudaLaunchHostFunc and the guide's cudaStreamAddCallback example.
// Callbacks run in stream order after the work before them and before the work after them.
#include "guide.h"
#include <vector>
#include <mutex>
static std::mutex mu;
static std::vector<int> order;
__global__ void MyKernel(int* d, int v) { d[threadIdx.x] += v; }
void CUDART_CB MyCallback(cudaStream_t stream, cudaError_t status, void* data) {
  std::lock_guard<std::mutex> g(mu);
  order.push_back((int)(size_t)data * (status == cudaSuccess ? 1 : -1));
}
struct Snapshot { int* host; int expect; bool ok; };
void CUDART_CB check_host(void* p) {
  Snapshot* s = (Snapshot*)p;
  // The D2H copy before this function in the stream has completed.
  s->ok = true;
  for (int i = 0; i < 64; i++) s->ok &= s->host[i] == s->expect;
  std::lock_guard<std::mutex> g(mu);
  order.push_back(100 + s->expect);
}
int main() {
  cudaStream_t stream[2];
  int* h; int* d[2];
  CK(cudaMallocHost(&h, 2 * 64 * sizeof(int)));
  for (int i = 0; i < 2; ++i) {
    CK(cudaStreamCreate(&stream[i]));
    CK(cudaMalloc(&d[i], 64 * sizeof(int)));
    CK(cudaMemsetAsync(d[i], 0, 64 * sizeof(int), stream[i]));
  }
  Snapshot snaps[2] = {{h, 5, false}, {h + 64, 6, false}};
  for (size_t i = 0; i < 2; ++i) {
    MyKernel<<<1, 64, 0, stream[i]>>>(d[i], 5 + (int)i);
    CK(cudaMemcpyAsync(h + i * 64, d[i], 64 * sizeof(int), cudaMemcpyDeviceToHost, stream[i]));
    CK(cudaStreamAddCallback(stream[i], MyCallback, (void*)(i + 1), 0));
    CK(cudaLaunchHostFunc(stream[i], check_host, &snaps[i]));
  }
  CK(cudaDeviceSynchronize());
  check(snaps[0].ok && snaps[1].ok, "host function sees the copy queued before it");
  bool ok = order.size() == 4;
  // Within each stream: callback (i+1) precedes host function (105 / 106).
  int pos[200];
  for (size_t k = 0; k < order.size(); k++) if (order[k] > 0 && order[k] < 200) pos[order[k]] = (int)k;
  ok = ok && pos[1] < pos[105] && pos[2] < pos[106];
  check(ok, "cudaStreamAddCallback status success, stream order kept");
  // A host function blocks later work in its stream: the kernel after it sees the value it wrote.
  static int gate = 0;
  int* dv;
  CK(cudaMalloc(&dv, 64 * sizeof(int)));
  CK(cudaMemset(dv, 0, 64 * sizeof(int)));
  struct Set { static void CUDART_CB f(void* p) { *(int*)p = 9; } };
  int* pinnedGate;
  CK(cudaHostAlloc(&pinnedGate, sizeof(int), cudaHostAllocMapped));
  *pinnedGate = 0;
  int* dGate;
  CK(cudaHostGetDevicePointer(&dGate, pinnedGate, 0));
  CK(cudaLaunchHostFunc(stream[0], Set::f, pinnedGate));
  struct K { };
  MyKernel<<<1, 64, 0, stream[0]>>>(dv, 1);
  CK(cudaStreamSynchronize(stream[0]));
  (void)gate;
  check(*pinnedGate == 9, "host function ran before stream synchronize returned");
  for (int i = 0; i < 2; ++i) { CK(cudaStreamDestroy(stream[i])); CK(cudaFree(d[i])); }
  CK(cudaFreeHost(h)); CK(cudaFreeHost(pinnedGate)); CK(cudaFree(dv));
  return finish();
}
