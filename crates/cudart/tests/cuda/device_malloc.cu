// Device malloc/free and new/delete: per-thread buffers, a per-block buffer shared through
// shared memory, NULL when the heap is exhausted, and memory reused across launches.
#include "common.h"
__global__ void per_thread(int len, long long *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int *buf = (int *)malloc(len * sizeof(int));
  if (!buf) { out[t] = -1; return; }
  for (int k = 0; k < len; ++k) buf[k] = t + k;
  long long s = 0;
  for (int k = 0; k < len; ++k) s += buf[k];
  out[t] = s + (((unsigned long long)buf & 15) ? 1000000 : 0);  // 16-byte aligned
  free(buf);
}
__global__ void per_block(int *out) {
  __shared__ int *shared_buf;
  if (threadIdx.x == 0) shared_buf = new int[blockDim.x];
  __syncthreads();
  shared_buf[threadIdx.x] = threadIdx.x * 3;
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = shared_buf[(threadIdx.x + 1) % blockDim.x];
  __syncthreads();
  if (threadIdx.x == 0) delete[] shared_buf;
}
__global__ void too_big(unsigned long long *out) {
  void *p = malloc((size_t)1 << 30);
  *out = (unsigned long long)p;
  free(p);
}
int main() {
  const int threads = 256, len = 50;
  long long *d;
  CK(cudaMalloc(&d, threads * sizeof(long long)));
  for (int rep = 0; rep < 3; ++rep) {
    per_thread<<<threads / 64, 64>>>(len, d);
    CK(cudaDeviceSynchronize());
    long long h[threads];
    CK(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    for (int t = 0; t < threads; ++t) EXPECT(h[t] == (long long)len * t + len * (len - 1) / 2);
  }
  int *o;
  CK(cudaMalloc(&o, 4 * 128 * sizeof(int)));
  per_block<<<4, 128>>>(o);
  CK(cudaDeviceSynchronize());
  int ho[4 * 128];
  CK(cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4 * 128; ++i) EXPECT(ho[i] == ((i % 128 + 1) % 128) * 3);
  unsigned long long *p, hp = 1;
  CK(cudaMalloc(&p, sizeof hp));
  too_big<<<1, 1>>>(p);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(&hp, p, sizeof hp, cudaMemcpyDeviceToHost));
  EXPECT(hp == 0);
  printf("PASS\n");
  return 0;
}
