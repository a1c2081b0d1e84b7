// Stream callbacks (Programming Guide, "Callbacks"): cudaStreamAddCallback and
// cudaLaunchHostFunc run in stream order after the preceding work, see its results, and are
// ordered across streams by events.
#include "common.h"
#include <atomic>
#include <vector>
#include <mutex>

__global__ void write(int* p, int v) { p[threadIdx.x] = v; }
static std::mutex mu;
static std::vector<int> order;
struct Ctx { int* host; int tag; };
void CUDART_CB check_cb(cudaStream_t, cudaError_t status, void* u) {
  Ctx* c = (Ctx*)u;
  std::lock_guard<std::mutex> g(mu);
  order.push_back(status == cudaSuccess && c->host[31] == c->tag ? c->tag : -c->tag);
}
void CUDART_CB host_fn(void* u) { std::lock_guard<std::mutex> g(mu); order.push_back(*(int*)u); }

int main() {
  int *d, *h;
  CK(cudaMalloc(&d, 32 * sizeof(int)));
  CK(cudaMallocHost(&h, 32 * sizeof(int)));
  cudaStream_t a, b;
  CK(cudaStreamCreate(&a)); CK(cudaStreamCreate(&b));
  Ctx c1{h, 1}, c2{h, 2};
  write<<<1, 32, 0, a>>>(d, 1);
  CK(cudaMemcpyAsync(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost, a));
  CK(cudaStreamAddCallback(a, check_cb, &c1, 0));
  cudaEvent_t e;
  CK(cudaEventCreate(&e));
  CK(cudaEventRecord(e, a));
  CK(cudaStreamWaitEvent(b, e, 0));
  int three = 3;
  CK(cudaLaunchHostFunc(b, host_fn, &three));
  write<<<1, 32, 0, b>>>(d, 2);
  CK(cudaMemcpyAsync(h, d, 32 * sizeof(int), cudaMemcpyDeviceToHost, b));
  CK(cudaStreamAddCallback(b, check_cb, &c2, 0));
  EXPECT_ERR(cudaStreamAddCallback(b, check_cb, &c2, 1), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaDeviceSynchronize());
  EXPECT(order.size() == 3 && order[0] == 1 && order[1] == 3 && order[2] == 2);
  CK(cudaEventDestroy(e));
  CK(cudaStreamDestroy(a)); CK(cudaStreamDestroy(b));
  CK(cudaFree(d)); CK(cudaFreeHost(h));
  printf("PASS\n");
  return 0;
}
