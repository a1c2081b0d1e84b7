// cudaLaunchHostFunc and cudaStreamAddCallback run on the stream in order with its kernels
// and copies; cudaStreamPerThread and the legacy stream accept them too.
#include "common.h"
#include <atomic>
#include <vector>
static std::vector<int> order;  // only touched by host functions of one stream at a time
static std::atomic<int> calls{0};
struct Ctx { int tag; int* host; int expect; bool ok; };
__global__ void set(int* p, int v) { *p = v; }
void CUDART_CB record_fn(void* u) {
  Ctx* c = (Ctx*)u;
  c->ok = (*c->host == c->expect);  // the preceding copy has completed
  order.push_back(c->tag);
  calls++;
}
void CUDART_CB cb_fn(cudaStream_t s, cudaError_t status, void* u) {
  Ctx* c = (Ctx*)u;
  c->ok = (status == cudaSuccess) && (*c->host == c->expect);
  order.push_back(c->tag);
  calls++;
}
int main() {
  cudaStream_t s; CK(cudaStreamCreate(&s));
  int* d; CK(cudaMalloc(&d, sizeof(int)));
  int* h; CK(cudaMallocHost(&h, 64 * sizeof(int)));
  Ctx ctx[64];
  for (int i = 0; i < 64; i++) {
    set<<<1, 1, 0, s>>>(d, i * 7);
    CK(cudaMemcpyAsync(&h[i], d, sizeof(int), cudaMemcpyDeviceToHost, s));
    ctx[i] = Ctx{i, &h[i], i * 7, false};
    if (i % 2) CK(cudaLaunchHostFunc(s, record_fn, &ctx[i]));
    else CK(cudaStreamAddCallback(s, cb_fn, &ctx[i], 0));
  }
  CK(cudaStreamSynchronize(s));
  EXPECT(calls == 64 && order.size() == 64);
  for (int i = 0; i < 64; i++) { EXPECT(order[i] == i); EXPECT(ctx[i].ok); }
  // Legacy and per-thread streams.
  order.clear();
  Ctx c1{100, h, 0, false}, c2{101, h, 0, false};
  CK(cudaLaunchHostFunc(0, record_fn, &c1));
  CK(cudaLaunchHostFunc(cudaStreamPerThread, record_fn, &c2));
  CK(cudaDeviceSynchronize());
  EXPECT(order.size() == 2);
  // Errors.
  EXPECT_ERR(cudaLaunchHostFunc(s, nullptr, nullptr), cudaErrorInvalidValue);
  EXPECT_ERR(cudaStreamAddCallback(s, cb_fn, &c1, 1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaStreamAddCallback(s, nullptr, &c1, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaLaunchHostFunc((cudaStream_t)0x1234, record_fn, &c1), cudaErrorInvalidResourceHandle);
  CK(cudaGetLastError() == cudaErrorInvalidResourceHandle ? cudaSuccess : cudaErrorUnknown);
  CK(cudaStreamDestroy(s)); CK(cudaFree(d)); CK(cudaFreeHost(h));
  printf("PASS\n");
  return 0;
}
