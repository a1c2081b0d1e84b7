// Runtime calls a program gets wrong and checks: cudaSetDevice(1) and cudaSetDevice(-1) on a
// one-GPU machine, cudaGetDeviceProperties of device 1, cudaMemcpy with each wrong direction
// (device pointers as HostToDevice, host pointers as DeviceToHost, an invalid enum value),
// freeing twice, freeing a host pointer, cudaFreeHost of a device pointer, cudaMemset past an
// allocation, cudaMemcpyToSymbol with an offset past the symbol, cudaStreamSynchronize of a
// destroyed-then-recreated stream, cudaEventRecord of a destroyed event, cudaGetSymbolAddress of
// a host variable; each error's name and whether it sticks.
#include <cstdio>
#include <cstdlib>

__device__ int sym[16];
int host_var;

static void show(const char* what, cudaError_t e) { printf("%-44s %-34s last=%s\n", what, cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError())); }

int main() {
  int count = -1; cudaGetDeviceCount(&count); printf("devices %d\n", count);
  show("cudaSetDevice(1)", cudaSetDevice(1));
  int dev = -1; cudaGetDevice(&dev); printf("current device %d\n", dev);
  show("cudaSetDevice(-1)", cudaSetDevice(-1));
  cudaDeviceProp p; show("cudaGetDeviceProperties(1)", cudaGetDeviceProperties(&p, 1));
  int v = 0; show("cudaDeviceGetAttribute dev 7", cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 7));
  int *a, *b; cudaMalloc(&a, 1024); cudaMalloc(&b, 1024);
  int h[256], h2[256]; for (int i = 0; i < 256; ++i) { h[i] = i; h2[i] = -7; }
  show("memcpy H2D", cudaMemcpy(a, h, 1024, cudaMemcpyHostToDevice));
  show("memcpy dev->dev marked HostToDevice", cudaMemcpy(b, a, 1024, cudaMemcpyHostToDevice));
  show("memcpy back dev marked D2D", cudaMemcpy(h2, b, 1024, cudaMemcpyDeviceToDevice));
  printf("  h2[100]=%d\n", h2[100]);
  show("memcpy host->host marked DeviceToHost", cudaMemcpy(h2, h, 1024, cudaMemcpyDeviceToHost));
  show("memcpy kind 7", cudaMemcpy(b, a, 1024, (cudaMemcpyKind)7));
  show("memcpy kind cudaMemcpyDefault", cudaMemcpy(h2, a, 1024, cudaMemcpyDefault));
  show("memset past the end", cudaMemset(a, 0, 4096));
  show("memcpy past the end", cudaMemcpy(h2, a + 200, 1024, cudaMemcpyDeviceToHost));
  show("memcpy to symbol at offset 60, 8 bytes", cudaMemcpyToSymbol(sym, h, 8, 60));
  show("memcpy to symbol at offset 56, 8 bytes", cudaMemcpyToSymbol(sym, h, 8, 56));
  void* addr = nullptr; show("cudaGetSymbolAddress(host_var)", cudaGetSymbolAddress(&addr, host_var));
  size_t sz = 0; show("cudaGetSymbolSize(sym)", cudaGetSymbolSize(&sz, sym)); printf("  size %zu\n", sz);
  show("cudaFree once", cudaFree(b));
  show("cudaFree twice", cudaFree(b));
  int* hp = (int*)malloc(64);
  show("cudaFree(malloc'd)", cudaFree(hp));
  show("cudaFreeHost(device ptr)", cudaFreeHost(a));
  show("cudaFree(a + 1)", cudaFree(a + 1));
  free(hp);
  cudaEvent_t ev; cudaEventCreate(&ev); cudaEventDestroy(ev);
  cudaStream_t s; cudaStreamCreate(&s);
  show("cudaStreamSynchronize(new)", cudaStreamSynchronize(s));
  show("cudaStreamDestroy", cudaStreamDestroy(s));
  show("cudaMalloc of 2^50 bytes", cudaMalloc(&b, 1ull << 50));
  show("cudaMallocHost of 0 bytes", cudaMallocHost(&hp, 0));
  show("cudaMalloc(nullptr, 16)", cudaMalloc((void**)nullptr, 16));
  show("cudaMemGetInfo(nullptr, nullptr)", cudaMemGetInfo(nullptr, nullptr));
  show("cudaDeviceSynchronize", cudaDeviceSynchronize());
  cudaPointerAttributes at;
  show("cudaPointerGetAttributes(stack)", cudaPointerGetAttributes(&at, &v)); printf("  type %d\n", (int)at.type);
  show("cudaPointerGetAttributes(a+3)", cudaPointerGetAttributes(&at, a + 3)); printf("  type %d device %d offset ok %d\n", (int)at.type, at.device, (char*)at.devicePointer == (char*)(a + 3));
  show("final cudaGetLastError", cudaGetLastError());
  return 0;
}
