// Stream priorities and flags (Programming Guide, "Stream Priorities"): the priority range,
// streams created at each end of it report their priority and flags, and work on them runs
// correctly alongside the legacy default stream's implicit synchronization.
#include "common.h"

__global__ void set(int* p, int v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] = v; }
__global__ void addk(int* p, int v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += v; }

int main() {
  int least = 1, greatest = 1;
  CK(cudaDeviceGetStreamPriorityRange(&least, &greatest));
  EXPECT(greatest <= least);
  cudaStream_t lo, hi;
  CK(cudaStreamCreateWithPriority(&lo, cudaStreamDefault, least));
  CK(cudaStreamCreateWithPriority(&hi, cudaStreamNonBlocking, greatest));
  int p = 99;
  unsigned flags = 9;
  CK(cudaStreamGetPriority(lo, &p)); EXPECT(p == least);
  CK(cudaStreamGetPriority(hi, &p)); EXPECT(p == greatest);
  CK(cudaStreamGetFlags(lo, &flags)); EXPECT(flags == cudaStreamDefault);
  CK(cudaStreamGetFlags(hi, &flags)); EXPECT(flags == cudaStreamNonBlocking);
  const int n = 2048;
  int *a, *b, h[n];
  CK(cudaMalloc(&a, n * sizeof(int)));
  CK(cudaMalloc(&b, n * sizeof(int)));
  set<<<n / 256, 256, 0, lo>>>(a, 1, n);
  addk<<<n / 256, 256>>>(a, 2, n);  // legacy stream: after lo's work
  addk<<<n / 256, 256, 0, lo>>>(a, 3, n);  // blocking stream: after the legacy work
  set<<<n / 256, 256, 0, hi>>>(b, 7, n);
  CK(cudaStreamSynchronize(hi));
  CK(cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 6);
  CK(cudaMemcpy(h, b, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) EXPECT(h[i] == 7);
  CK(cudaStreamDestroy(lo)); CK(cudaStreamDestroy(hi));
  CK(cudaFree(a)); CK(cudaFree(b));
  printf("PASS\n");
  return 0;
}
