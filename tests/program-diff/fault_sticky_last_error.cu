// What a program sees after a kernel faults (a store through a null pointer, a sticky error):
// the synchronize's error, cudaPeekAtLastError and cudaGetLastError called twice each (the
// second cudaGetLastError answers cudaSuccess: it resets the thread's error even when sticky),
// then later calls (cudaMalloc, a launch, cudaMemcpy, cudaStreamCreate, cudaEventCreate) which
// keep failing with the sticky error and record it again; finally cudaDeviceReset's answer.
// (Work after the reset is left out: an H200 in a shared machine answered
// cudaErrorDevicesUnavailable there.)
#include <cstdio>

__global__ void store_null(int* p) { if (threadIdx.x == 5 && blockIdx.x == 1) p[0] = 42; }
__global__ void fine(int* p) { p[threadIdx.x] = 1; }

static void show(const char* what, cudaError_t e) { printf("%-30s %d %s: %s\n", what, (int)e, cudaGetErrorName(e), cudaGetErrorString(e)); }

int main() {
  int* d; cudaMalloc(&d, 4096);
  store_null<<<2, 64>>>(nullptr);
  show("cudaDeviceSynchronize", cudaDeviceSynchronize());
  show("cudaPeekAtLastError", cudaPeekAtLastError());
  show("cudaPeekAtLastError again", cudaPeekAtLastError());
  show("cudaGetLastError", cudaGetLastError());
  show("cudaGetLastError again", cudaGetLastError());
  show("cudaPeekAtLastError after", cudaPeekAtLastError());
  void* q = nullptr;
  show("cudaMalloc", cudaMalloc(&q, 256));
  show("  cudaPeekAtLastError", cudaPeekAtLastError());
  show("  cudaGetLastError", cudaGetLastError());
  show("  cudaGetLastError again", cudaGetLastError());
  fine<<<1, 32>>>(d);
  show("launch: cudaGetLastError", cudaGetLastError());
  show("  again", cudaGetLastError());
  int h[4];
  show("cudaMemcpy", cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
  cudaStream_t s;
  show("cudaStreamCreate", cudaStreamCreate(&s));
  cudaEvent_t ev;
  show("cudaEventCreate", cudaEventCreate(&ev));
  show("cudaDeviceSynchronize again", cudaDeviceSynchronize());
  show("cudaGetLastError", cudaGetLastError());
  show("cudaGetLastError again", cudaGetLastError());
  int dev = -1;
  show("cudaGetDevice", cudaGetDevice(&dev));
  int n = -1;
  show("cudaGetDeviceCount", cudaGetDeviceCount(&n));
  printf("device %d count %d\n", dev, n);
  show("cudaDeviceReset", cudaDeviceReset());
  show("cudaGetLastError after reset", cudaGetLastError());
  return 0;
}
