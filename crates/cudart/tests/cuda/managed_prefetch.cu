// Unified memory with hints (Programming Guide, "Unified Memory"): cudaMemAdvise and
// cudaMemPrefetchAsync to the device and back to the host around kernels on a stream, range
// attributes read back, and host access after synchronization.
#include "common.h"

__global__ void axpb(float* x, float a, float b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = a * x[i] + b;
}

int main() {
  const int n = 1 << 16;
  float* x;
  CK(cudaMallocManaged(&x, n * sizeof(float)));
  for (int i = 0; i < n; i++) x[i] = (float)i;
  int dev = 0, concurrent = 0;
  CK(cudaDeviceGetAttribute(&concurrent, cudaDevAttrConcurrentManagedAccess, dev));
  cudaMemLocation gpu = {cudaMemLocationTypeDevice, dev};
  cudaMemLocation cpu = {cudaMemLocationTypeHost, 0};
  CK(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetReadMostly, gpu));
  CK(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetPreferredLocation, gpu));
  CK(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseSetAccessedBy, gpu));
  int read_mostly = -1;
  CK(cudaMemRangeGetAttribute(&read_mostly, sizeof read_mostly, cudaMemRangeAttributeReadMostly, x, n * sizeof(float)));
  EXPECT(read_mostly == 1);
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  CK(cudaMemPrefetchAsync(x, n * sizeof(float), gpu, 0, s));
  axpb<<<(n + 255) / 256, 256, 0, s>>>(x, 2.f, 1.f, n);
  axpb<<<(n + 255) / 256, 256, 0, s>>>(x, 0.5f, -0.5f, n);
  CK(cudaMemPrefetchAsync(x, n * sizeof(float), cpu, 0, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; i++) EXPECT(x[i] == (float)i);  // 0.5 * (2i + 1) - 0.5
  CK(cudaMemAdvise(x, n * sizeof(float), cudaMemAdviseUnsetReadMostly, gpu));
  CK(cudaMemRangeGetAttribute(&read_mostly, sizeof read_mostly, cudaMemRangeAttributeReadMostly, x, n * sizeof(float)));
  EXPECT(read_mostly == 0);
  // Hints on memory that is not managed are refused.
  float* d;
  CK(cudaMalloc(&d, 64));
  EXPECT_ERR(cudaMemPrefetchAsync(d, 64, gpu, 0, s), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaStreamDestroy(s));
  CK(cudaFree(x)); CK(cudaFree(d));
  printf("PASS\n");
  return 0;
}
