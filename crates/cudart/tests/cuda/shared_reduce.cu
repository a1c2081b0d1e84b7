// Static and dynamic shared memory with __syncthreads (a block reduction),
// cudaFuncGetAttributes and the occupancy API.
#include "common.h"
__global__ void reduce(const int* in, int* out, int n) {
  extern __shared__ int dyn[];
  __shared__ int total;
  if (threadIdx.x == 0) total = 0;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  dyn[threadIdx.x] = i < n ? in[i] : 0;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) dyn[threadIdx.x] += dyn[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) total = dyn[0];
  __syncthreads();
  if (threadIdx.x == blockDim.x - 1) atomicAdd(out, total);  // read by another thread
}
int main() {
  const int n = 100000, bs = 256;
  int* h = new int[n];
  long long want = 0;
  for (int i = 0; i < n; i++) { h[i] = i % 1000; want += h[i]; }
  int *in, *out;
  CK(cudaMalloc(&in, n * sizeof(int)));
  CK(cudaMalloc(&out, sizeof(int)));
  CK(cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice));
  CK(cudaMemset(out, 0, sizeof(int)));
  reduce<<<(n + bs - 1) / bs, bs, bs * sizeof(int)>>>(in, out, n);
  CK(cudaGetLastError());
  int got = 0;
  CK(cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(got == want);
  cudaFuncAttributes fa;
  CK(cudaFuncGetAttributes(&fa, reduce));
  EXPECT(fa.maxThreadsPerBlock == 1024);
  EXPECT(fa.sharedSizeBytes == 16);  // one int, in the 16-byte units an H100 reports
  int blocks = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, reduce, bs, bs * sizeof(int)));
  EXPECT(blocks >= 1 && blocks <= 32);
  CK(cudaFree(in)); CK(cudaFree(out));
  delete[] h;
  printf("PASS\n");
  return 0;
}
