// The Programming Guide's __threadfence() example: each block writes its partial sum, fences,
// takes a ticket with atomicInc; the last block sums the partials and resets the counter.
// Several grid sizes (up to more blocks than an H200 holds at once), two launches each.
#include <cstdio>
__device__ unsigned int count = 0;
__shared__ bool isLastBlockDone;
__device__ float calculatePartialSum(const float* a, unsigned n) {
  __shared__ float s[256];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < n ? a[i] : 0.f;
  __syncthreads();
  for (int st = blockDim.x / 2; st > 0; st >>= 1) { if (threadIdx.x < st) s[threadIdx.x] += s[threadIdx.x + st]; __syncthreads(); }
  return s[0];
}
__device__ float calculateTotalSum(volatile float* r) {
  float t = 0; for (unsigned i = 0; i < gridDim.x; i++) t += r[i]; return t;
}
__global__ void sum(const float* array, unsigned int N, volatile float* result) {
  float partialSum = calculatePartialSum(array, N);
  if (threadIdx.x == 0) {
    result[blockIdx.x] = partialSum;
    __threadfence();
    unsigned int value = atomicInc(&count, gridDim.x);
    isLastBlockDone = (value == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    float totalSum = calculateTotalSum(result);
    if (threadIdx.x == 0) { result[0] = totalSum; count = 0; }
  }
}
int main() {
  const unsigned maxn = 256 * 3000;
  float* h = new float[maxn];
  for (unsigned i = 0; i < maxn; i++) h[i] = (float)((i * 37u) % 101) * 0.25f - 10.f;
  float *a, *r; cudaMalloc(&a, maxn * 4); cudaMalloc(&r, 3000 * 4);
  cudaMemcpy(a, h, maxn * 4, cudaMemcpyHostToDevice);
  unsigned sizes[] = {1, 2, 7, 132, 133, 1000, 3000};
  for (unsigned nb : sizes) for (int rep = 0; rep < 2; rep++) {
    unsigned n = nb * 256 - (rep ? 13 : 0);
    sum<<<nb, 256>>>(a, n, r);
    cudaError_t e = cudaDeviceSynchronize();
    float out; cudaMemcpy(&out, r, 4, cudaMemcpyDeviceToHost);
    unsigned c; cudaMemcpyFromSymbol(&c, count, 4);
    printf("blocks=%u n=%u: %s sum=%.9g count=%u\n", nb, n, cudaGetErrorString(e), out, c);
  }
  return 0;
}
