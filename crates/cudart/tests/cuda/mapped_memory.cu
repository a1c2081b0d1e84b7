// Mapped pinned memory: kernels write host memory through cudaHostGetDevicePointer.
#include "common.h"

__global__ void fill(int *p, int n, int base) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = base + i;
}

int main() {
  const int n = 4096;
  int *h = nullptr, *d = nullptr;
  CK(cudaHostAlloc((void **)&h, n * sizeof(int), cudaHostAllocMapped));
  CK(cudaHostGetDevicePointer((void **)&d, h, 0));
  EXPECT(d != nullptr);
  fill<<<n / 256, 256>>>(d, n, 10);
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < n; i++) EXPECT(h[i] == 10 + i);
  // With unified addressing the host pointer works on the device too.
  fill<<<n / 256, 256>>>(h, n, 20);
  CK(cudaDeviceSynchronize());
  EXPECT(h[n - 1] == 20 + n - 1);
  cudaPointerAttributes at;
  CK(cudaPointerGetAttributes(&at, h));
  EXPECT(at.type == cudaMemoryTypeHost && at.devicePointer == d && at.hostPointer == h);
  CK(cudaFreeHost(h));

  // Registered (mapped) host memory.
  static int buf[1024];
  CK(cudaHostRegister(buf, sizeof buf, cudaHostRegisterMapped));
  int *db = nullptr;
  CK(cudaHostGetDevicePointer((void **)&db, buf, 0));
  fill<<<4, 256>>>(db, 1024, 3);
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < 1024; i++) EXPECT(buf[i] == 3 + i);
  // cudaMemcpyDefault between mapped host memory and device memory.
  int *dv = nullptr;
  CK(cudaMalloc(&dv, sizeof buf));
  CK(cudaMemcpy(dv, buf, sizeof buf, cudaMemcpyDefault));
  int back[4] = {0};
  CK(cudaMemcpy(back, dv + 100, sizeof back, cudaMemcpyDefault));
  EXPECT(back[0] == 103 && back[3] == 106);
  CK(cudaFree(dv));
  CK(cudaHostUnregister(buf));

  int v = 0;
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrCanMapHostMemory, 0));
  EXPECT(v == 1);
  printf("PASS\n");
  return 0;
}
