// Stream-ordered allocation: cudaMallocAsync/cudaFreeAsync and memory pools.
#include "common.h"
#include <cstdint>

__global__ void iota(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

int main() {
  const int n = 1 << 12;
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  int *d = nullptr;
  CK(cudaMallocAsync((void **)&d, n * sizeof(int), s));
  iota<<<n / 256, 256, 0, s>>>(d, n);
  int h[n];
  CK(cudaMemcpyAsync(h, d, sizeof h, cudaMemcpyDeviceToHost, s));
  CK(cudaFreeAsync(d, s));
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; i++) EXPECT(h[i] == i);

  cudaMemPool_t def = nullptr, cur = nullptr;
  CK(cudaDeviceGetDefaultMemPool(&def, 0));
  CK(cudaDeviceGetMemPool(&cur, 0));
  EXPECT(def != nullptr && def == cur);
  uint64_t thr = 1 << 20, got = 0;
  CK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &thr));
  CK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrReleaseThreshold, &got));
  EXPECT(got == thr);
  CK(cudaMemPoolTrimTo(def, 0));

  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t pool = nullptr;
  CK(cudaMemPoolCreate(&pool, &props));
  int *p = nullptr;
  CK(cudaMallocFromPoolAsync((void **)&p, 1000 * sizeof(int), pool, s));
  iota<<<4, 256, 0, s>>>(p, 1000);
  uint64_t used = 0;
  CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  EXPECT(used >= 1000 * sizeof(int));
  CK(cudaMemcpyAsync(h, p, 1000 * sizeof(int), cudaMemcpyDeviceToHost, s));
  CK(cudaFreeAsync(p, s));
  CK(cudaStreamSynchronize(s));
  EXPECT(h[999] == 999);
  CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  EXPECT(used == 0);
  CK(cudaMemPoolDestroy(pool));

  // Argument errors.
  EXPECT_ERR(cudaMallocAsync(nullptr, 16, s), cudaErrorInvalidValue);
  CK(cudaFreeAsync(nullptr, s));
  EXPECT_ERR(cudaMemPoolDestroy(def), cudaErrorInvalidValue);
  EXPECT_ERR(cudaMemPoolCreate(&pool, nullptr), cudaErrorInvalidValue);
  EXPECT_ERR(cudaDeviceGetDefaultMemPool(&def, 3), cudaErrorInvalidDevice);
  (void)cudaGetLastError();
  // cudaFree also frees stream-ordered allocations.
  CK(cudaMallocAsync((void **)&d, 64, 0));
  CK(cudaFree(d));
  int v = 0;
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrMemoryPoolsSupported, 0));
  EXPECT(v == 1);
  CK(cudaStreamDestroy(s));
  printf("PASS\n");
  return 0;
}
