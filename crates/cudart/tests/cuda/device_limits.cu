// cudaDeviceSetLimit reaches the device: malloc heap size and printf FIFO size.
#include "common.h"

__global__ void big_malloc(size_t bytes, int *ok) {
  char *p = (char *)malloc(bytes);
  if (p) { p[0] = 1; p[bytes - 1] = 2; *ok = (p[0] + p[bytes - 1] == 3); free(p); } else { *ok = -1; }
}
__global__ void say(int i) { printf("line %d\n", i); }

int main() {
  size_t v = 0;
  CK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  EXPECT(v == 8u << 20);
  CK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64u << 20));
  CK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize));
  EXPECT(v == 64u << 20);
  CK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4u << 20));
  CK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
  EXPECT(v == 4u << 20);
  int *ok = nullptr;
  CK(cudaMallocManaged(&ok, sizeof(int)));
  big_malloc<<<1, 1>>>(32u << 20, ok);
  CK(cudaDeviceSynchronize());
  EXPECT(*ok == 1);
  // After a launch that uses malloc, the heap size cannot change.
  EXPECT_ERR(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16u << 20), cudaErrorInvalidValue);
  (void)cudaGetLastError();
  say<<<1, 1>>>(1);
  CK(cudaDeviceSynchronize());
  EXPECT_ERR(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1u << 20), cudaErrorInvalidValue);
  (void)cudaGetLastError();
  CK(cudaFree(ok));
  printf("PASS\n");
  return 0;
}
