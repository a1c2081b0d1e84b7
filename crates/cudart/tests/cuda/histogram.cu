// Atomics (Programming Guide, "Atomic Functions"): a 256-bin histogram privatized in shared
// memory per block and merged with global atomics, run on several streams over chunks of the
// input; atomicCAS-based float max; atomicInc wrap-around.
#include "common.h"

__global__ void hist(const unsigned char* data, int n, unsigned* bins) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) if (local[b]) atomicAdd(&bins[b], local[b]);
}

__device__ float atomic_max_f(float* addr, float v) {
  int* a = (int*)addr;
  int old = *a, assumed;
  do {
    assumed = old;
    if (__int_as_float(assumed) >= v) break;
    old = atomicCAS(a, assumed, __float_as_int(v));
  } while (old != assumed);
  return __int_as_float(old);
}

__global__ void fmax_k(const float* x, int n, float* m, unsigned* ring) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { atomic_max_f(m, x[i]); atomicInc(ring, 9u); }
}

int main() {
  const int n = 1 << 18, chunks = 4;
  unsigned char* h;
  CK(cudaMallocHost(&h, n));
  unsigned want[256] = {};
  for (int i = 0; i < n; i++) { h[i] = (unsigned char)((i * 2654435761u) >> 24); want[h[i]]++; }
  unsigned char* d;
  unsigned* bins;
  CK(cudaMalloc(&d, n));
  CK(cudaMalloc(&bins, 256 * sizeof(unsigned)));
  CK(cudaMemset(bins, 0, 256 * sizeof(unsigned)));
  cudaStream_t s[chunks];
  const int c = n / chunks;
  for (int k = 0; k < chunks; k++) {
    CK(cudaStreamCreate(&s[k]));
    CK(cudaMemcpyAsync(d + k * c, h + k * c, c, cudaMemcpyHostToDevice, s[k]));
    hist<<<16, 256, 0, s[k]>>>(d + k * c, c, bins);
  }
  CK(cudaDeviceSynchronize());
  unsigned got[256];
  CK(cudaMemcpy(got, bins, sizeof got, cudaMemcpyDeviceToHost));
  for (int b = 0; b < 256; b++) EXPECT(got[b] == want[b]);

  const int m = 10000;
  float *x, *mx;
  unsigned* ring;
  CK(cudaMallocManaged(&x, m * sizeof(float)));
  CK(cudaMallocManaged(&mx, sizeof(float)));
  CK(cudaMallocManaged(&ring, sizeof(unsigned)));
  for (int i = 0; i < m; i++) x[i] = (float)((i * 7919) % m) - 5000.f;
  *mx = -1e30f; *ring = 0;
  fmax_k<<<(m + 255) / 256, 256>>>(x, m, mx, ring);
  CK(cudaDeviceSynchronize());
  EXPECT(*mx == 4999.f);
  EXPECT(*ring == m % 10);
  for (int k = 0; k < chunks; k++) CK(cudaStreamDestroy(s[k]));
  CK(cudaFreeHost(h)); CK(cudaFree(d)); CK(cudaFree(bins)); CK(cudaFree(x)); CK(cudaFree(mx)); CK(cudaFree(ring));
  printf("PASS\n");
  return 0;
}
