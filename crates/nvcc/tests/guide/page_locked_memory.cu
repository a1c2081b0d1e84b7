// Page-locked host memory: cudaHostAlloc (default, portable, write-combined, mapped),
// cudaHostGetDevicePointer for zero-copy access, cudaHostRegister of malloc'd memory,
// cudaHostGetFlags and cudaPointerGetAttributes.
#include "guide.h"
__global__ void scale(float* p, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}
int main() {
  int canMap = 0;
  CK(cudaDeviceGetAttribute(&canMap, cudaDevAttrCanMapHostMemory, 0));
  check(canMap == 1, "device can map host memory");
  const int n = 1000;
  float* mapped;
  CK(cudaHostAlloc(&mapped, n * sizeof(float), cudaHostAllocMapped | cudaHostAllocPortable));
  for (int i = 0; i < n; i++) mapped[i] = i;
  float* dmapped;
  CK(cudaHostGetDevicePointer(&dmapped, mapped, 0));
  scale<<<(n + 127) / 128, 128>>>(dmapped, n, 3.f);
  CK(cudaDeviceSynchronize());
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= mapped[i] == 3.f * i;
  check(ok, "zero-copy kernel writes mapped host memory");
  unsigned flags = 0;
  CK(cudaHostGetFlags(&flags, mapped));
  check((flags & cudaHostAllocMapped) && (flags & cudaHostAllocPortable), "cudaHostGetFlags reports mapped|portable");
  cudaPointerAttributes attr;
  CK(cudaPointerGetAttributes(&attr, mapped));
  check(attr.type == cudaMemoryTypeHost && attr.devicePointer == dmapped && attr.hostPointer == mapped,
        "cudaPointerGetAttributes on mapped memory");
  float* wc;
  CK(cudaHostAlloc(&wc, n * sizeof(float), cudaHostAllocWriteCombined));
  for (int i = 0; i < n; i++) wc[i] = -i;
  float* d;
  CK(cudaMalloc(&d, n * sizeof(float)));
  CK(cudaMemcpyAsync(d, wc, n * sizeof(float), cudaMemcpyHostToDevice, 0));
  scale<<<(n + 127) / 128, 128>>>(d, n, 0.5f);
  float* pinned;
  CK(cudaMallocHost(&pinned, n * sizeof(float)));
  CK(cudaMemcpyAsync(pinned, d, n * sizeof(float), cudaMemcpyDeviceToHost, 0));
  CK(cudaStreamSynchronize(0));
  ok = true;
  for (int i = 0; i < n; i++) ok &= pinned[i] == -0.5f * i;
  check(ok, "write-combined -> device -> cudaMallocHost round trip");
  // Registered pageable memory (mapped): the device pointer works in a kernel.
  float* plain = (float*)malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) plain[i] = 2 * i;
  CK(cudaHostRegister(plain, n * sizeof(float), cudaHostRegisterMapped));
  float* dplain;
  CK(cudaHostGetDevicePointer(&dplain, plain, 0));
  scale<<<(n + 127) / 128, 128>>>(dplain, n, 0.25f);
  CK(cudaDeviceSynchronize());
  ok = true;
  for (int i = 0; i < n; i++) ok &= plain[i] == 0.5f * i;
  check(ok, "cudaHostRegister(Mapped) memory written by a kernel");
  CK(cudaHostUnregister(plain));
  CK_ERR(cudaHostUnregister(plain), cudaErrorHostMemoryNotRegistered);
  free(plain);
  CK(cudaFreeHost(mapped)); CK(cudaFreeHost(wc)); CK(cudaFreeHost(pinned)); CK(cudaFree(d));
  return finish();
}
