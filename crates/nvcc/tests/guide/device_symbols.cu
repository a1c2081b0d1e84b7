// Device memory: the guide's symbol examples (__constant__ array, __device__ scalar and pointer)
// with cudaMemcpyToSymbol/FromSymbol, offsets, cudaGetSymbolAddress and cudaGetSymbolSize.
#include "guide.h"
__constant__ float constData[256];
__device__ float devData;
__device__ float* devPointer;
__device__ int counters[8];
__global__ void use(float* out) {
  int i = threadIdx.x;
  out[i] = constData[i] + devData + devPointer[i];
  atomicAdd(&counters[i % 8], 1);
}
int main() {
  float data[256];
  for (int i = 0; i < 256; i++) data[i] = i * 0.25f;
  CK(cudaMemcpyToSymbol(constData, data, sizeof(data)));
  float back[256];
  CK(cudaMemcpyFromSymbol(back, constData, sizeof(data)));
  check(memcmp(back, data, sizeof(data)) == 0, "cudaMemcpyToSymbol/FromSymbol on __constant__");
  float value = 3.14f;
  CK(cudaMemcpyToSymbol(devData, &value, sizeof(float)));
  float* ptr;
  CK(cudaMalloc(&ptr, 256 * sizeof(float)));
  float ones[256];
  for (int i = 0; i < 256; i++) ones[i] = 1000.f * (i % 3);
  CK(cudaMemcpy(ptr, ones, sizeof(ones), cudaMemcpyHostToDevice));
  CK(cudaMemcpyToSymbol(devPointer, &ptr, sizeof(ptr)));
  // Offset write: replace constData[10..19] only.
  float ten[10];
  for (int i = 0; i < 10; i++) ten[i] = -1.f - i;
  CK(cudaMemcpyToSymbol(constData, ten, sizeof(ten), 10 * sizeof(float)));
  float* out;
  CK(cudaMalloc(&out, 256 * sizeof(float)));
  use<<<1, 256>>>(out);
  float h[256];
  CK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 256; i++) {
    float c = (i >= 10 && i < 20) ? ten[i - 10] : data[i];
    ok &= h[i] == c + 3.14f + ones[i];
  }
  check(ok, "kernel reads __constant__, __device__ scalar and __device__ pointer");
  int hc[8];
  CK(cudaMemcpyFromSymbol(hc, counters, sizeof(hc)));
  ok = true;
  for (int i = 0; i < 8; i++) ok &= hc[i] == 32;
  check(ok, "__device__ array updated by atomics, read with cudaMemcpyFromSymbol");
  int* addr; size_t size;
  CK(cudaGetSymbolAddress((void**)&addr, counters));
  CK(cudaGetSymbolSize(&size, counters));
  check(size == sizeof(int) * 8, "cudaGetSymbolSize");
  CK(cudaMemset(addr, 0, size));
  int two[2];
  CK(cudaMemcpyFromSymbol(two, counters, sizeof(two), 3 * sizeof(int)));
  check(two[0] == 0 && two[1] == 0, "cudaGetSymbolAddress pointer usable with cudaMemset; FromSymbol offset");
  CK(cudaMemcpyToSymbolAsync(devData, &value, sizeof(float), 0, cudaMemcpyHostToDevice, 0));
  CK(cudaStreamSynchronize(0));
  float* devDataAddr;
  CK(cudaGetSymbolAddress((void**)&devDataAddr, devData));
  float v2 = 0;
  CK(cudaMemcpy(&v2, devDataAddr, sizeof(float), cudaMemcpyDeviceToHost));
  check(v2 == 3.14f, "cudaMemcpyToSymbolAsync then plain copy through the symbol address");
  return finish();
}
