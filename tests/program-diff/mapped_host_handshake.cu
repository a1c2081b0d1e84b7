// A kernel and the host talking through mapped pinned memory while the kernel runs: the kernel
// posts requests (volatile stores + __threadfence_system), the host answers each by polling,
// the kernel waits for every answer; then the host stops a looping kernel through a flag.
#include <cstdio>
#include <cuda_runtime.h>
struct Mail { volatile int req, ans, stop, iters; };
__global__ void client(Mail* m, int n, int* out) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  int sum = 0;
  for (int i = 1; i <= n; i++) {
    m->req = i; __threadfence_system();
    while (m->ans != i * i) {}
    sum += m->ans;
  }
  *out = sum;
}
__global__ void looper(Mail* m) {
  if (threadIdx.x == 0 && blockIdx.x == 0) { m->req = 777; __threadfence_system(); }
  while (!m->stop) __nanosleep(1000);
  if (threadIdx.x == 0 && blockIdx.x == 0) { m->iters = 1; __threadfence_system(); }
}
int main() {
  Mail* h; cudaHostAlloc(&h, sizeof(Mail), cudaHostAllocMapped);
  h->req = h->ans = h->stop = h->iters = 0;
  Mail* d; cudaHostGetDevicePointer(&d, h, 0);
  int* out; cudaMalloc(&out, 4);
  client<<<1, 32>>>(d, 50, out);
  int answered = 0;
  while (answered < 50) { int r = h->req; if (r == answered + 1) { h->ans = r * r; answered = r; } }
  cudaError_t e = cudaDeviceSynchronize();
  int s; cudaMemcpy(&s, out, 4, cudaMemcpyDeviceToHost);
  printf("client: %s sum=%d answered=%d\n", cudaGetErrorString(e), s, answered);
  looper<<<4, 64>>>(d);
  while (h->req != 777) {}
  cudaError_t q = cudaStreamQuery(0);
  printf("looper running: %s finished=%d\n", cudaGetErrorName(q), h->iters);
  h->stop = 1;
  e = cudaDeviceSynchronize();
  printf("looper: %s finished=%d\n", cudaGetErrorString(e), h->iters);
  return 0;
}
