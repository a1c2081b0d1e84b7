// cudaPointerGetAttributes (device, pinned, registered, unregistered memory), cudaHostRegister
// and cudaHostUnregister, mapped memory (not supported: documented errors), managed memory
// (not supported), and freeing what was not allocated.
#include "common.h"
#include <vector>
int main() {
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  EXPECT(prop.canMapHostMemory == 1 && prop.unifiedAddressing == 1 && prop.managedMemory == 1);
  EXPECT(sizeof(cudaPointerAttributes) == 88);
  int* d; CK(cudaMalloc(&d, 1024));
  cudaPointerAttributes a;
  CK(cudaPointerGetAttributes(&a, d + 10));
  EXPECT(a.type == cudaMemoryTypeDevice && a.device == 0 && a.devicePointer == d + 10 && a.hostPointer == nullptr);
  float* h; CK(cudaMallocHost(&h, 4096));
  CK(cudaPointerGetAttributes(&a, h + 3));
  EXPECT(a.type == cudaMemoryTypeHost && a.device == 0 && a.hostPointer == h + 3);
  std::vector<char> buf(1 << 16);
  CK(cudaPointerGetAttributes(&a, buf.data()));
  EXPECT(a.type == cudaMemoryTypeUnregistered && a.device == -2 && a.devicePointer == nullptr && a.hostPointer == buf.data());
  int local = 0;
  CK(cudaPointerGetAttributes(&a, &local));
  EXPECT(a.type == cudaMemoryTypeUnregistered);
  EXPECT_ERR(cudaPointerGetAttributes(nullptr, d), cudaErrorInvalidValue);
  // Registration.
  CK(cudaHostRegister(buf.data(), 4096, cudaHostRegisterDefault));
  CK(cudaPointerGetAttributes(&a, buf.data() + 100));
  EXPECT(a.type == cudaMemoryTypeHost && a.hostPointer == buf.data() + 100);
  EXPECT_ERR(cudaHostRegister(buf.data() + 1000, 100, 0), cudaErrorHostMemoryAlreadyRegistered);
  EXPECT_ERR(cudaHostRegister(nullptr, 100, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaHostRegister(buf.data() + 8192, 0, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaHostRegister(buf.data() + 8192, 100, 0x100), cudaErrorInvalidValue);
  CK(cudaHostRegister(buf.data() + 8192, 100, cudaHostRegisterReadOnly));  // accepted, as on an H100
  CK(cudaHostUnregister(buf.data() + 8192));
  CK(cudaHostRegister(buf.data() + 8192, 100, cudaHostRegisterPortable | cudaHostRegisterMapped));
  // Copies through registered memory.
  for (int i = 0; i < 256; i++) ((int*)buf.data())[i] = i;
  CK(cudaMemcpy(d, buf.data(), 1024, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(buf.data() + 8192, d + 5, 4, cudaMemcpyDeviceToHost));
  EXPECT(*(int*)(buf.data() + 8192) == 5);
  // Pinned and registered memory is mapped at its host address (unified addressing).
  void* dp = nullptr;
  CK(cudaHostGetDevicePointer(&dp, buf.data(), 0));
  EXPECT(dp == buf.data());
  EXPECT_ERR(cudaHostGetDevicePointer(&dp, buf.data(), 1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaHostGetDevicePointer(&dp, &local, 0), cudaErrorInvalidValue);
  EXPECT_ERR(cudaHostGetDevicePointer(nullptr, buf.data(), 0), cudaErrorInvalidValue);
  float* hm; CK(cudaHostAlloc(&hm, 256, cudaHostAllocMapped | cudaHostAllocPortable));
  CK(cudaHostGetDevicePointer(&dp, hm, 0));
  EXPECT(dp == hm);
  EXPECT_ERR(cudaHostAlloc(&hm, 256, 0x40), cudaErrorInvalidValue);
  unsigned flags = 0;
  CK(cudaGetDeviceFlags(&flags));
  EXPECT(flags & cudaDeviceMapHost);
  CK(cudaHostUnregister(buf.data()));
  EXPECT_ERR(cudaHostUnregister(buf.data()), cudaErrorHostMemoryNotRegistered);
  EXPECT_ERR(cudaHostUnregister(buf.data() + 8193), cudaErrorInvalidValue);  // inside a range: as an H100
  CK(cudaHostUnregister(buf.data() + 8192));
  CK(cudaPointerGetAttributes(&a, buf.data()));
  EXPECT(a.type == cudaMemoryTypeUnregistered);
  // Managed memory is unified: the same address on host and device.
  void* m = nullptr;
  CK(cudaMallocManaged(&m, 64, cudaMemAttachGlobal));
  CK(cudaPointerGetAttributes(&a, m));
  EXPECT(a.type == cudaMemoryTypeManaged && a.devicePointer == m && a.hostPointer == m);
  CK(cudaFree(m));
  // Freeing what was not allocated.
  EXPECT_ERR(cudaFree(d + 1), cudaErrorInvalidValue);
  EXPECT_ERR(cudaFreeHost(h + 1), cudaErrorInvalidValue);
  CK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
  CK(cudaFree(d)); CK(cudaFreeHost(h)); CK(cudaFreeHost(hm));
  printf("PASS\n");
  return 0;
}
