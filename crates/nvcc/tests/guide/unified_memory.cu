// Unified memory with cudaMallocManaged (no __managed__ variables): host writes, kernel updates,
// host reads after synchronization; a linked list built on the host and walked on the device;
// cudaMemPrefetchAsync and cudaMemAdvise; cudaPointerGetAttributes reports managed memory.
#include "guide.h"
struct Node { int value; Node* next; };
__global__ void AplusB(int* ret, int a, int b) { ret[threadIdx.x] = a + b + threadIdx.x; }
__global__ void sum_list(const Node* head, long long* out) {
  long long s = 0;
  for (const Node* p = head; p; p = p->next) s += p->value;
  *out = s;
}
__global__ void inc(float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1.f;
}
int main() {
  int* ret;
  CK(cudaMallocManaged(&ret, 1000 * sizeof(int)));
  AplusB<<<1, 1000>>>(ret, 10, 100);
  CK(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < 1000; i++) ok &= ret[i] == 110 + i;
  check(ok, "guide's AplusB with cudaMallocManaged");
  Node* nodes;
  CK(cudaMallocManaged(&nodes, 100 * sizeof(Node)));
  long long want = 0;
  for (int i = 0; i < 100; i++) { nodes[i].value = i * i - 7; nodes[i].next = i + 1 < 100 ? &nodes[i + 1] : nullptr; want += i * i - 7; }
  long long* out;
  CK(cudaMallocManaged(&out, sizeof(long long)));
  sum_list<<<1, 1>>>(nodes, out);
  CK(cudaDeviceSynchronize());
  check(*out == want, "device walks a host-built linked list in managed memory");
  cudaPointerAttributes attr;
  CK(cudaPointerGetAttributes(&attr, nodes));
  check(attr.type == cudaMemoryTypeManaged, "cudaPointerGetAttributes: managed");
  const int n = 1 << 12;
  float* f;
  CK(cudaMallocManaged(&f, n * sizeof(float), cudaMemAttachGlobal));
  for (int i = 0; i < n; i++) f[i] = i;
  int dev = 0;
  CK(cudaGetDevice(&dev));
  int concurrent = 0;
  CK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, dev));
  cudaMemLocation loc = {};
  loc.type = cudaMemLocationTypeDevice; loc.id = dev;
  if (concurrent) {
    CK(cudaMemAdvise(f, n * sizeof(float), cudaMemAdviseSetPreferredLocation, loc));
    CK(cudaMemPrefetchAsync(f, n * sizeof(float), loc, 0, 0));
  }
  inc<<<n / 256, 256>>>(f, n);
  if (concurrent) {
    cudaMemLocation host = {};
    host.type = cudaMemLocationTypeHost;
    CK(cudaMemPrefetchAsync(f, n * sizeof(float), host, 0, 0));
  }
  CK(cudaDeviceSynchronize());
  ok = true;
  for (int i = 0; i < n; i++) ok &= f[i] == i + 1.f;
  check(ok, "prefetch/advise then kernel on managed memory");
  CK(cudaFree(ret)); CK(cudaFree(nodes)); CK(cudaFree(out)); CK(cudaFree(f));
  return finish();
}
