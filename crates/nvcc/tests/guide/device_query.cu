// Device enumeration and properties: cudaGetDeviceCount, cudaGetDeviceProperties and the matching
// cudaDeviceGetAttribute values, cudaSetDevice/cudaGetDevice, driver/runtime versions,
// cudaDeviceGetLimit/SetLimit, cudaMemGetInfo, cudaChooseDevice.
#include "guide.h"
int main() {
  int deviceCount = 0;
  CK(cudaGetDeviceCount(&deviceCount));
  check(deviceCount >= 1, "at least one device");
  for (int device = 0; device < deviceCount; ++device) {
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, device));
    int v;
    bool ok = true;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerBlock, device)); ok &= v == p.maxThreadsPerBlock;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, device)); ok &= v == p.warpSize && v == 32;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, device)); ok &= v == p.multiProcessorCount;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMajor, device)); ok &= v == p.major;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrComputeCapabilityMinor, device)); ok &= v == p.minor;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlock, device)); ok &= (size_t)v == p.sharedMemPerBlock;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxSharedMemoryPerBlockOptin, device)); ok &= (size_t)v == p.sharedMemPerBlockOptin;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxBlockDimX, device)); ok &= v == p.maxThreadsDim[0];
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxGridDimY, device)); ok &= v == p.maxGridSize[1];
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxThreadsPerMultiProcessor, device)); ok &= v == p.maxThreadsPerMultiProcessor;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrTotalConstantMemory, device)); ok &= (size_t)v == p.totalConstMem;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrMaxRegistersPerBlock, device)); ok &= v == p.regsPerBlock;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrL2CacheSize, device)); ok &= v == p.l2CacheSize;
    CK(cudaDeviceGetAttribute(&v, cudaDevAttrUnifiedAddressing, device)); ok &= v == p.unifiedAddressing && v == 1;
    check(ok, "cudaDeviceGetAttribute agrees with cudaGetDeviceProperties");
    check(p.major >= 3 && p.totalGlobalMem > 0 && p.maxThreadsPerBlock >= 1024 && p.maxThreadsDim[0] >= 1024 &&
              p.maxThreadsDim[2] == 64 && p.maxGridSize[0] == 2147483647 && p.maxGridSize[1] == 65535 &&
              p.totalConstMem == 65536 && p.sharedMemPerBlock == 49152,
          "properties within the guide's compute-capability table");
    check(strlen(p.name) > 0 && strlen(p.name) < sizeof(p.name), "device has a name");
  }
  CK(cudaSetDevice(deviceCount - 1));
  int cur = -1;
  CK(cudaGetDevice(&cur));
  check(cur == deviceCount - 1, "cudaSetDevice / cudaGetDevice");
  CK(cudaSetDevice(0));
  int drv = 0, rt = 0;
  CK(cudaDriverGetVersion(&drv));
  CK(cudaRuntimeGetVersion(&rt));
  check(rt >= 13000 && drv >= rt, "runtime version 13.x and a driver at least as new");
  size_t freeB = 0, totalB = 0;
  CK(cudaMemGetInfo(&freeB, &totalB));
  check(freeB > 0 && freeB <= totalB, "cudaMemGetInfo");
  size_t stack = 0;
  CK(cudaDeviceGetLimit(&stack, cudaLimitStackSize));
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 8192));
  size_t stack2 = 0;
  CK(cudaDeviceGetLimit(&stack2, cudaLimitStackSize));
  check(stack > 0 && stack2 >= 8192, "cudaLimitStackSize get/set");
  size_t fifo = 0;
  CK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 1 << 20));
  CK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize));
  check(fifo >= (1 << 20), "cudaLimitPrintfFifoSize get/set");
  cudaDeviceProp want = {};
  want.major = 1;
  int chosen = -1;
  CK(cudaChooseDevice(&chosen, &want));
  check(chosen >= 0 && chosen < deviceCount, "cudaChooseDevice");
  int pci = -1;
  CK(cudaDeviceGetAttribute(&pci, cudaDevAttrPciBusId, 0));
  char bus[32];
  CK(cudaDeviceGetPCIBusId(bus, sizeof(bus), 0));
  int byBus = -1;
  CK(cudaDeviceGetByPCIBusId(&byBus, bus));
  check(byBus == 0, "cudaDeviceGetByPCIBusId(cudaDeviceGetPCIBusId(0)) == 0");
  return finish();
}
