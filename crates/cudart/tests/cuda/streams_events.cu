// Streams (blocking and non-blocking), async copies and memset, events (record, query,
// synchronize, elapsed time), cudaStreamWaitEvent ordering, pinned host memory.
#include "common.h"
__global__ void scale(float* p, float f, int n, int spin) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = p[i];
    for (int k = 0; k < spin; k++) v = v * 1.0000001f;  // some work
    p[i] = v * f / powf(1.0000001f, (float)spin);
  }
}
__global__ void add(const float* a, float* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) b[i] += a[i];
}

int main() {
  const int n = 1 << 14;
  float *h, *a, *b;
  CK(cudaMallocHost(&h, n * sizeof(float)));
  for (int i = 0; i < n; i++) h[i] = (float)i;
  CK(cudaMalloc(&a, n * sizeof(float)));
  CK(cudaMalloc(&b, n * sizeof(float)));
  cudaStream_t s1, s2;
  CK(cudaStreamCreate(&s1));
  CK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t start, mid, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&mid));
  CK(cudaEventCreateWithFlags(&stop, cudaEventDefault));
  EXPECT_ERR(cudaEventQuery(start), cudaSuccess);  // never recorded: complete
  CK(cudaEventRecord(start, s1));
  CK(cudaMemcpyAsync(a, h, n * sizeof(float), cudaMemcpyHostToDevice, s1));
  scale<<<n / 256, 256, 0, s1>>>(a, 2.0f, n, 200);
  CK(cudaGetLastError());
  CK(cudaEventRecord(mid, s1));
  CK(cudaMemsetAsync(b, 0, n * sizeof(float), s2));
  CK(cudaStreamWaitEvent(s2, mid, 0));  // s2's add runs after s1's scale
  add<<<n / 256, 256, 0, s2>>>(a, b, n);
  CK(cudaEventRecord(stop, s2));
  CK(cudaEventSynchronize(stop));
  CK(cudaEventQuery(stop));
  CK(cudaStreamQuery(s2));
  float ms = -1;
  CK(cudaEventElapsedTime(&ms, start, stop));
  EXPECT(ms >= 0.0f);
  CK(cudaMemcpyAsync(h, b, n * sizeof(float), cudaMemcpyDeviceToHost, s2));
  CK(cudaStreamSynchronize(s2));
  for (int i = 0; i < n; i++)
    if (fabsf(h[i] - 2.0f * i) > 1e-3f * i + 1e-3f) { printf("FAIL h[%d]=%f\n", i, h[i]); return 1; }
  // Legacy default stream orders after blocking stream s1.
  scale<<<n / 256, 256, 0, s1>>>(a, 0.5f, n, 0);
  CK(cudaMemcpy(h, a, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++)
    if (fabsf(h[i] - (float)i) > 1e-3f * i + 1e-3f) { printf("FAIL legacy h[%d]=%f\n", i, h[i]); return 1; }
  // cudaMemcpyDefault infers directions.
  CK(cudaMemcpy(b, a, n * sizeof(float), cudaMemcpyDefault));
  float x = 0;
  CK(cudaMemcpy(&x, b + 7, sizeof(float), cudaMemcpyDefault));
  EXPECT(fabsf(x - 7.0f) < 1e-4f);
  EXPECT_ERR(cudaEventElapsedTime(&ms, start, (cudaEvent_t)0), cudaErrorInvalidResourceHandle);
  CK(cudaGetLastError() == cudaErrorInvalidResourceHandle ? cudaSuccess : cudaErrorUnknown);
  CK(cudaEventDestroy(start)); CK(cudaEventDestroy(mid)); CK(cudaEventDestroy(stop));
  CK(cudaStreamDestroy(s1)); CK(cudaStreamDestroy(s2));
  CK(cudaDeviceSynchronize());
  CK(cudaFreeHost(h)); CK(cudaFree(a)); CK(cudaFree(b));
  printf("PASS\n");
  return 0;
}
