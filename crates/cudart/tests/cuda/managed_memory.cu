// Unified memory: cudaMallocManaged arrays and __managed__ variables shared by host and device.
#include "common.h"

struct Pair { int a; float b; };
__managed__ int counter = 5;
__managed__ Pair pair = {1, 2.5f};

__global__ void scale(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) v[i] = v[i] * 3 + 1;
}
__global__ void bump() {
  atomicAdd(&counter, 1);
  if (threadIdx.x == 0 && blockIdx.x == 0) { pair.a += 20; pair.b *= 4.0f; }
}
__global__ void through_ptr(int *p) { *p += 100; }

int main() {
  const int n = 1000;
  int *v = nullptr;
  CK(cudaMallocManaged(&v, n * sizeof(int)));
  for (int i = 0; i < n; i++) v[i] = i;
  scale<<<(n + 255) / 256, 256>>>(v, n);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(v[i] == 3 * i + 1);

  cudaPointerAttributes at;
  CK(cudaPointerGetAttributes(&at, v + 3));
  EXPECT(at.type == cudaMemoryTypeManaged);
  EXPECT(at.devicePointer == v + 3 && at.hostPointer == v + 3);

  // Hints and attachment accept valid arguments.
  cudaMemLocation dev = {cudaMemLocationTypeDevice, 0};
  cudaMemLocation host = {cudaMemLocationTypeHost, 0};
  CK(cudaMemPrefetchAsync(v, n * sizeof(int), dev, 0, 0));
  CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetReadMostly, dev));
  CK(cudaMemAdvise(v, n * sizeof(int), cudaMemAdviseSetPreferredLocation, host));
  int rm = 0;
  CK(cudaMemRangeGetAttribute(&rm, sizeof rm, cudaMemRangeAttributeReadMostly, v, n * sizeof(int)));
  EXPECT(rm == 1);
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  CK(cudaStreamAttachMemAsync(s, v, 0, cudaMemAttachSingle));
  CK(cudaMemPrefetchAsync(v, n * sizeof(int), host, 0, s));
  CK(cudaStreamSynchronize(s));
  CK(cudaStreamDestroy(s));
  int *bad = v;
  EXPECT_ERR(cudaMallocManaged(&bad, 16, 7), cudaErrorInvalidValue);
  EXPECT(bad == nullptr);  // a failed allocation clears the pointer, as CUDA does
  (void)cudaGetLastError();

  // memcpy with cudaMemcpyDefault between managed and device memory.
  int *d = nullptr;
  CK(cudaMalloc(&d, n * sizeof(int)));
  CK(cudaMemcpy(d, v, n * sizeof(int), cudaMemcpyDefault));
  CK(cudaMemset(v, 0, n * sizeof(int)));
  EXPECT(v[10] == 0);
  CK(cudaMemcpy(v, d, n * sizeof(int), cudaMemcpyDefault));
  EXPECT(v[10] == 31);
  CK(cudaFree(d));
  CK(cudaFree(v));

  // __managed__ variables: initial values visible on the host, device updates visible after sync.
  EXPECT(counter == 5);
  EXPECT(pair.a == 1 && pair.b == 2.5f);
  counter = 7;
  bump<<<2, 64>>>();
  CK(cudaDeviceSynchronize());
  EXPECT(counter == 7 + 128);
  EXPECT(pair.a == 21 && pair.b == 10.0f);
  pair.a = -4;
  through_ptr<<<1, 1>>>(&counter);
  CK(cudaDeviceSynchronize());
  EXPECT(counter == 235);
  bump<<<1, 1>>>();
  CK(cudaDeviceSynchronize());
  EXPECT(pair.a == 16 && counter == 236);
  int via_symbol = 0;
  CK(cudaMemcpyFromSymbol(&via_symbol, counter, sizeof(int)));
  EXPECT(via_symbol == 236);

  int v1 = 0;
  CK(cudaDeviceGetAttribute(&v1, cudaDevAttrManagedMemory, 0));
  EXPECT(v1 == 1);
  CK(cudaDeviceGetAttribute(&v1, cudaDevAttrUnifiedAddressing, 0));
  EXPECT(v1 == 1);
  printf("PASS\n");
  return 0;
}
