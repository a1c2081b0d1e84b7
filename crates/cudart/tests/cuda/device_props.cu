// Device count, properties, attributes, versions, memory info, error names and strings.
#include "common.h"
#include <cstring>
int main() {
  int count = 0, dev = -1;
  CK(cudaGetDeviceCount(&count));
  EXPECT(count == 1);
  CK(cudaSetDevice(0));
  CK(cudaGetDevice(&dev));
  EXPECT(dev == 0);
  cudaDeviceProp p;
  memset(&p, 0xff, sizeof(p));
  CK(cudaGetDeviceProperties(&p, 0));
  EXPECT(strncmp(p.name, "Cuprite CPU (", 13) == 0);
  EXPECT(p.major == 9 && p.minor == 0);
  EXPECT(p.warpSize == 32);
  EXPECT(p.maxThreadsPerBlock == 1024);
  EXPECT(p.maxThreadsDim[0] == 1024 && p.maxThreadsDim[1] == 1024 && p.maxThreadsDim[2] == 64);
  EXPECT(p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 && p.maxGridSize[2] == 65535);
  EXPECT(p.sharedMemPerBlock == 49152);
  EXPECT(p.totalConstMem == 65536);
  EXPECT(p.multiProcessorCount >= 1);
  EXPECT(p.totalGlobalMem > (size_t)1 << 30);
  EXPECT(p.unifiedAddressing == 1 && p.managedMemory == 1 && p.canMapHostMemory == 1);
  EXPECT(p.reserved[55] == 0);
  int v = 0;
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0));
  EXPECT(v == p.multiProcessorCount);
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, 0));
  EXPECT(v == 9);
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0));
  EXPECT(v == 32);
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0));
  EXPECT(v == (int)p.sharedMemPerBlockOptin);
  char name[300];
  snprintf(name, sizeof(name), "Cuprite CPU (%d cores)", p.multiProcessorCount);
  EXPECT(strcmp(name, p.name) == 0);
  EXPECT_ERR(cudaGetDeviceProperties(&p, 3), cudaErrorInvalidDevice);
  int drv = 0, rt = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));
  EXPECT(drv == 13000 && rt == 13000);
  size_t fr = 0, tot = 0;
  CK(cudaMemGetInfo(&fr, &tot));
  EXPECT(tot == p.totalGlobalMem && fr <= tot);
  EXPECT(strcmp(cudaGetErrorName(cudaSuccess), "cudaSuccess") == 0);
  EXPECT(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
  EXPECT(strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") == 0);
  EXPECT(strcmp(cudaGetErrorString(cudaErrorMemoryAllocation), "out of memory") == 0);
  EXPECT(strcmp(cudaGetErrorString(cudaErrorInvalidConfiguration), "invalid configuration argument") == 0);
  EXPECT(strcmp(cudaGetErrorString(cudaErrorNotSupported), "operation not supported") == 0);
  EXPECT(strcmp(cudaGetErrorString((cudaError_t)12345), "unrecognized error code") == 0);
  printf("%s: %d SMs, %.1f GiB\n", p.name, p.multiProcessorCount, p.totalGlobalMem / 1073741824.0);
  printf("PASS\n");
  return 0;
}
