// cudaFuncSetAttribute (dynamic shared memory above 48 KB only once raised), cache configs,
// cudaOccupancyMaxPotentialBlockSize, limits, device flags, PCI bus ids, stream priorities,
// event flags.
#include "common.h"
#include <cstring>
__global__ void big_shared(int* out, int n) {
  extern __shared__ int s[];
  for (int i = threadIdx.x; i < n; i += blockDim.x) s[i] = i;
  __syncthreads();
  int sum = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) sum += s[n - 1 - i];
  atomicAdd(out, sum);
}
__global__ void simple(float* p) { p[threadIdx.x] = 1.0f; }
int main() {
  int* d; CK(cudaMalloc(&d, sizeof(int)));
  const int n = 64 * 1024 / 4;  // 64 KB of dynamic shared memory
  // Above 48 KB: invalid until raised.
  big_shared<<<1, 128, n * 4>>>(d, n);
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, big_shared));
  EXPECT(fa.maxDynamicSharedSizeBytes == 48 * 1024);
  CK(cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, n * 4));
  CK(cudaFuncGetAttributes(&fa, big_shared));
  EXPECT(fa.maxDynamicSharedSizeBytes == n * 4);
  CK(cudaMemset(d, 0, 4));
  big_shared<<<1, 128, n * 4>>>(d, n);
  CK(cudaGetLastError());
  int sum = 0;
  CK(cudaMemcpy(&sum, d, 4, cudaMemcpyDeviceToHost));
  EXPECT(sum == (n - 1) * n / 2);
  big_shared<<<1, 128, n * 4 + 4>>>(d, n);  // above the raised value
  EXPECT_ERR(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, 300 * 1024), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetAttribute(big_shared, cudaFuncAttributeMaxDynamicSharedMemorySize, -1), cudaErrorInvalidValue);
  CK(cudaFuncSetAttribute(big_shared, cudaFuncAttributePreferredSharedMemoryCarveout, 50));
  CK(cudaFuncGetAttributes(&fa, big_shared));
  EXPECT(fa.preferredShmemCarveout == 50);
  EXPECT_ERR(cudaFuncSetAttribute(big_shared, cudaFuncAttributePreferredSharedMemoryCarveout, 101), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetAttribute(big_shared, (cudaFuncAttribute)99, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFuncSetAttribute((void*)main, cudaFuncAttributeMaxDynamicSharedMemorySize, 0), cudaErrorInvalidResourceHandle);  // as on an H100
  // Cache configs.
  CK(cudaFuncSetCacheConfig(simple, cudaFuncCachePreferShared));
  EXPECT_ERR(cudaFuncSetCacheConfig(simple, (cudaFuncCache)7), cudaErrorInvalidValue);
  CK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
  cudaFuncCache cc;
  CK(cudaDeviceGetCacheConfig(&cc));
  EXPECT(cc == cudaFuncCachePreferL1);
  EXPECT_ERR(cudaDeviceSetCacheConfig((cudaFuncCache)4), cudaErrorInvalidValue);
  // Occupancy (the header's template calls cudaGetDevice, cudaDeviceGetAttribute,
  // cudaFuncGetAttributes and cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags).
  int min_grid = 0, block = 0;
  CK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, simple, 0, 0));
  EXPECT(block > 0 && block <= 1024 && block % 32 == 0 && min_grid > 0);
  // Limits.
  size_t v = 0;
  CK(cudaDeviceGetLimit(&v, cudaLimitStackSize)); EXPECT(v == 1024);
  CK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize)); EXPECT(v == 8650752);  // an H100's default
  CK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize)); EXPECT(v == 8 << 20);
  CK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4 << 20));
  CK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 64 << 20));
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 4096));
  CK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize)); EXPECT(v == 4 << 20);
  CK(cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize)); EXPECT(v == 64 << 20);
  CK(cudaDeviceGetLimit(&v, cudaLimitStackSize)); EXPECT(v == 4096);
  EXPECT_ERR(cudaDeviceSetLimit((cudaLimit)42, 1), cudaErrorInvalidValue);  // as an H100 answers
  EXPECT_ERR(cudaDeviceGetLimit(&v, (cudaLimit)42), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetLimit(nullptr, cudaLimitStackSize), cudaErrorInvalidValue);
  // Device flags.
  CK(cudaSetDeviceFlags(cudaDeviceScheduleBlockingSync));
  unsigned flags = 0;
  CK(cudaGetDeviceFlags(&flags));
  EXPECT((flags & cudaDeviceScheduleMask) == cudaDeviceScheduleBlockingSync);
  EXPECT_ERR(cudaSetDeviceFlags(0x1000), cudaErrorInvalidValue);
  EXPECT_ERR(cudaSetDeviceFlags(cudaDeviceScheduleSpin | cudaDeviceScheduleYield), cudaErrorInvalidValue);
  // PCI bus ids.
  char bus[32];
  CK(cudaDeviceGetPCIBusId(bus, sizeof bus, 0));
  EXPECT(strlen(bus) == 12);
  int dev = -1;
  CK(cudaDeviceGetByPCIBusId(&dev, bus));
  EXPECT(dev == 0);
  EXPECT_ERR(cudaDeviceGetByPCIBusId(&dev, "0000:ff:1f.0"), cudaErrorInvalidDevice);
  EXPECT_ERR(cudaDeviceGetByPCIBusId(&dev, "garbage"), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetPCIBusId(bus, sizeof bus, 1), cudaErrorInvalidDevice);
  // A buffer too short: its start is written, and the call fails (as an H200 answers).
  EXPECT_ERR(cudaDeviceGetPCIBusId(bus, 5, 0), cudaErrorInvalidValue);
  EXPECT(strlen(bus) == 4);
  CK(cudaDeviceGetPCIBusId(bus, 13, 0));
  cudaGetLastError();
  // Stream priorities.
  int lo, hi, pr = 99;
  CK(cudaDeviceGetStreamPriorityRange(&lo, &hi));
  cudaStream_t s; CK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, hi));
  CK(cudaStreamGetPriority(s, &pr)); EXPECT(pr == hi && lo == 0 && hi < 0);  // an H100's range: [0, -5]
  CK(cudaStreamGetPriority(0, &pr));
  CK(cudaStreamGetPriority(cudaStreamPerThread, &pr));
  EXPECT_ERR(cudaStreamGetPriority(s, nullptr), cudaErrorInvalidValue);
  // Event flags.
  cudaEvent_t e1, e2;
  CK(cudaEventCreateWithFlags(&e1, cudaEventBlockingSync | cudaEventDisableTiming));
  CK(cudaEventCreate(&e2));
  CK(cudaEventRecord(e2, s));
  CK(cudaEventRecordWithFlags(e1, s, cudaEventRecordDefault));
  EXPECT_ERR(cudaEventRecordWithFlags(e1, s, 0x10), cudaErrorInvalidValue);
  CK(cudaEventSynchronize(e1));
  float ms;
  EXPECT_ERR(cudaEventElapsedTime(&ms, e2, e1), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaEventElapsedTime(&ms, e1, e2), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaEventCreateWithFlags(&e1, 0x40), cudaErrorInvalidValue);
  CK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
  CK(cudaStreamDestroy(s));
  CK(cudaFree(d));
  // Launching an address that is no kernel: an invalid resource handle; null: an invalid device
  // function (as an H200 answers).
  void *no_args[1] = {nullptr};
  EXPECT_ERR(cudaLaunchKernel((const void *)&printf, dim3(1), dim3(1), no_args, 0, 0), cudaErrorInvalidResourceHandle);
  EXPECT_ERR(cudaLaunchKernel(nullptr, dim3(1), dim3(1), no_args, 0, 0), cudaErrorInvalidDeviceFunction);
  cudaGetLastError();
  // cudaDeviceReset puts the cache configuration back to cudaFuncCachePreferNone (an H200's answer).
  CK(cudaDeviceSetCacheConfig(cudaFuncCachePreferL1));
  CK(cudaDeviceReset());
  cudaFuncCache after = cudaFuncCachePreferL1;
  CK(cudaDeviceGetCacheConfig(&after));
  EXPECT(after == cudaFuncCachePreferNone);
  printf("PASS\n");
  return 0;
}
