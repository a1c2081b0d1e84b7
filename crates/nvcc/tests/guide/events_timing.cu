// Events: the guide's timing example (record start/stop around copies and kernels, elapsed time),
// cudaEventQuery before/after completion, cudaEventSynchronize, disabled timing.
#include "guide.h"
__global__ void slow(float* p, int n, long long cycles) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  long long t = clock64();
  while (clock64() - t < cycles) {}
  if (i < n) p[i] = p[i] + 1;
}
int main() {
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  const int n = 1 << 14;
  float* h; float* d;
  CK(cudaMallocHost(&h, n * sizeof(float)));
  CK(cudaMalloc(&d, n * sizeof(float)));
  for (int i = 0; i < n; i++) h[i] = i;
  CK(cudaEventQuery(stop));  // never recorded: success
  check(true, "cudaEventQuery of an unrecorded event is cudaSuccess");
  CK(cudaEventRecord(start, 0));
  CK(cudaMemcpyAsync(d, h, n * sizeof(float), cudaMemcpyHostToDevice, 0));
  slow<<<n / 256, 256>>>(d, n, 1000);
  CK(cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, 0));
  CK(cudaEventRecord(stop, 0));
  CK(cudaEventSynchronize(stop));
  CK(cudaEventQuery(stop));
  float elapsedTime = -1;
  CK(cudaEventElapsedTime(&elapsedTime, start, stop));
  check(elapsedTime >= 0.f, "elapsed time between recorded events is >= 0");
  bool ok = true;
  for (int i = 0; i < n; i++) ok &= h[i] == i + 1;
  check(ok, "work between the events completed");
  // Query while a long kernel runs: cudaErrorNotReady, then success after synchronize.
  cudaEvent_t mid;
  CK(cudaEventCreateWithFlags(&mid, cudaEventDisableTiming));
  slow<<<1, 1>>>(d, 1, 300000000LL);
  CK(cudaEventRecord(mid, 0));
  cudaError_t q = cudaEventQuery(mid);
  check(q == cudaErrorNotReady || q == cudaSuccess, "cudaEventQuery of pending work is NotReady (or done)");
  CK(cudaEventSynchronize(mid));
  CK(cudaEventQuery(mid));
  CK_ERR(cudaEventElapsedTime(&elapsedTime, start, mid), cudaErrorInvalidResourceHandle);
  check(true, "elapsed time with a timing-disabled event fails");
  float t2 = -1;
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
  CK(cudaEventRecord(a));
  slow<<<1, 1>>>(d, 1, 1000000);
  CK(cudaEventRecord(b));
  CK(cudaEventSynchronize(b));
  CK(cudaEventElapsedTime(&t2, a, b));
  check(t2 > 0.f, "a kernel that spins takes positive time");
  CK(cudaEventDestroy(start)); CK(cudaEventDestroy(stop)); CK(cudaEventDestroy(mid));
  CK(cudaEventDestroy(a)); CK(cudaEventDestroy(b));
  CK(cudaFreeHost(h)); CK(cudaFree(d));
  return finish();
}
