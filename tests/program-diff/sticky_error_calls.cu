// After a kernel faults (a sticky error), which runtime calls keep failing with it and which
// still answer: device queries, allocation, copies, streams, events, graphs, occupancy,
// function attributes, limits, symbols; each call's result and then cudaGetLastError's.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int sym[4];
__global__ void bad(int *p) { if (threadIdx.x == 3) p[1 << 28] = 1; }
__global__ void fine(int *p) { p[threadIdx.x] = 1; }
static void hostfn(void *) { printf("  host function ran\n"); }
static void CUDART_CB cb(cudaStream_t, cudaError_t st, void *) { printf("  callback status %s\n", cudaGetErrorName(st)); }

#define T(x) do { cudaError_t e_ = (x); cudaError_t l_ = cudaGetLastError(); printf("%-58s %s / last %s\n", #x, cudaGetErrorName(e_), cudaGetErrorName(l_)); } while (0)

int main() {
  int *d, *d2; void *h;
  cudaStream_t s; cudaEvent_t ev, ev2;
  cudaMalloc(&d, 1 << 20); cudaMalloc(&d2, 4096); cudaMallocHost(&h, 4096);
  cudaStreamCreate(&s); cudaEventCreate(&ev); cudaEventCreate(&ev2);
  cudaEventRecord(ev2, 0);
  cudaDeviceSynchronize();
  bad<<<1, 32>>>(d);
  cudaEventRecord(ev, 0);
  T(cudaDeviceSynchronize());
  T(cudaDeviceSynchronize());
  int v = -1; size_t z = 0, fr = 0, tot = 0;
  T(cudaGetDeviceCount(&v));
  T(cudaGetDevice(&v));
  T(cudaSetDevice(0));
  T(cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0));
  cudaDeviceProp prop;
  T(cudaGetDeviceProperties(&prop, 0));
  int drv = 0, rt = 0;
  T(cudaDriverGetVersion(&drv));
  T(cudaRuntimeGetVersion(&rt));
  T(cudaMemGetInfo(&fr, &tot));
  void *q = nullptr;
  T(cudaMalloc(&q, 256));
  T(cudaFree(d2));
  T(cudaFree(nullptr));
  T(cudaMallocHost(&q, 256));
  T(cudaFreeHost(h));
  T(cudaMallocManaged(&q, 256));
  T(cudaMallocAsync(&q, 256, s));
  T(cudaMemset(d, 0, 16));
  T(cudaMemsetAsync(d, 0, 16, s));
  int hb[4];
  T(cudaMemcpy(hb, d, 16, cudaMemcpyDeviceToHost));
  T(cudaMemcpyAsync(hb, d, 16, cudaMemcpyDeviceToHost, s));
  T(cudaMemcpyToSymbol(sym, hb, 16));
  T(cudaGetSymbolAddress(&q, sym));
  T(cudaGetSymbolSize(&z, sym));
  cudaPointerAttributes pa;
  T(cudaPointerGetAttributes(&pa, d));
  int hostv[16];
  T(cudaHostRegister(hostv, sizeof hostv, 0));
  T(cudaStreamQuery(s));
  T(cudaStreamQuery(0));
  T(cudaStreamSynchronize(s));
  cudaStream_t s2;
  T(cudaStreamCreate(&s2));
  T(cudaStreamDestroy(s));
  T(cudaEventQuery(ev));
  T(cudaEventQuery(ev2));
  T(cudaEventSynchronize(ev));
  float ms;
  T(cudaEventElapsedTime(&ms, ev2, ev));
  T(cudaEventRecord(ev2, 0));
  cudaEvent_t ev3;
  T(cudaEventCreate(&ev3));
  T(cudaEventDestroy(ev));
  T(cudaStreamWaitEvent(0, ev2, 0));
  T(cudaLaunchHostFunc(0, hostfn, nullptr));
  T(cudaStreamAddCallback(0, cb, nullptr, 0));
  cudaFuncAttributes fa;
  T(cudaFuncGetAttributes(&fa, fine));
  T(cudaFuncSetAttribute(fine, cudaFuncAttributeMaxDynamicSharedMemorySize, 65536));
  T(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&v, fine, 128, 0));
  T(cudaDeviceGetLimit(&z, cudaLimitStackSize));
  T(cudaDeviceSetLimit(cudaLimitStackSize, 2048));
  cudaGraph_t g;
  T(cudaGraphCreate(&g, 0));
  T(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal));
  fine<<<1, 32>>>(d);
  T(cudaGetLastError());
  void *args[] = {&d};
  T(cudaLaunchKernel((const void *)fine, dim3(1), dim3(32), args, 0, 0));
  T(cudaPeekAtLastError());
  T(cudaDeviceSynchronize());
  T(cudaGetLastError());
  return 0;
}
