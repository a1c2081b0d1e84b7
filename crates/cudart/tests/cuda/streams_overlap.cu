// Stream overlap (simpleStreams style): chunked async copies and kernels on 4 streams, event polling.
#include "common.h"
__global__ void inc(int* a, int n, int v) { for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) a[i] += v; }
int main() {
  const int ns = 4, n = 1 << 20, chunk = n / ns;
  int* h; CK(cudaMallocHost(&h, n * 4)); for (int i = 0; i < n; i++) h[i] = i;
  int* d; CK(cudaMalloc(&d, n * 4));
  cudaStream_t s[ns]; for (int i = 0; i < ns; i++) CK(cudaStreamCreate(&s[i]));
  cudaEvent_t start, stop; CK(cudaEventCreate(&start)); CK(cudaEventCreate(&stop));
  CK(cudaEventRecord(start, 0));
  for (int i = 0; i < ns; i++) {
    CK(cudaMemcpyAsync(d + i * chunk, h + i * chunk, chunk * 4, cudaMemcpyHostToDevice, s[i]));
    inc<<<64, 256, 0, s[i]>>>(d + i * chunk, chunk, i + 1);
    CK(cudaMemcpyAsync(h + i * chunk, d + i * chunk, chunk * 4, cudaMemcpyDeviceToHost, s[i]));
  }
  CK(cudaEventRecord(stop, 0));
  unsigned long counter = 0;
  while (cudaEventQuery(stop) == cudaErrorNotReady) counter++;
  float ms; CK(cudaEventElapsedTime(&ms, start, stop)); EXPECT(ms >= 0);
  for (int i = 0; i < n; i++) EXPECT(h[i] == i + i / chunk + 1);
  for (int i = 0; i < ns; i++) CK(cudaStreamDestroy(s[i]));
  CK(cudaFreeHost(h)); CK(cudaFree(d));
  int dev; CK(cudaGetDevice(&dev)); cudaDeviceProp p; CK(cudaGetDeviceProperties(&p, dev));
  EXPECT(p.asyncEngineCount >= 1); EXPECT(p.concurrentKernels == 1); EXPECT(p.unifiedAddressing == 1);
  printf("PASS\n");
}
