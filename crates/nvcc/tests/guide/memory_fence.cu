// Memory fence functions: the guide's sum example where the last block to finish (found with
// __threadfence() and an atomicInc ticket) adds up the partial sums; also __syncthreads_count,
// __syncthreads_and, __syncthreads_or, and a message-passing pair with __threadfence.
#include "guide.h"
__device__ unsigned int count = 0;
__global__ void sum(const float* array, unsigned int N, volatile float* result) {
  __shared__ bool isLastBlockDone;
  __shared__ float partial[128];
  float s = 0;
  for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) s += array[i];
  partial[threadIdx.x] = s;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) partial[threadIdx.x] += partial[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    result[blockIdx.x] = partial[0];
    __threadfence();
    unsigned int value = atomicInc(&count, gridDim.x);
    isLastBlockDone = (value == (gridDim.x - 1));
  }
  __syncthreads();
  if (isLastBlockDone) {
    if (threadIdx.x == 0) {
      float total = 0;
      for (unsigned b = 0; b < gridDim.x; b++) total += result[b];
      result[gridDim.x] = total;
      count = 0;
    }
  }
}
__global__ void votes(const int* in, int* out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  int c = __syncthreads_count(v > 0);
  int a = __syncthreads_and(v > 0);
  int o = __syncthreads_or(v > 100);
  if (threadIdx.x == 0) { out[blockIdx.x * 3] = c; out[blockIdx.x * 3 + 1] = a; out[blockIdx.x * 3 + 2] = o; }
}
int main() {
  const unsigned N = 10000, blocks = 12;
  float* h = new float[N];
  double want = 0;
  for (unsigned i = 0; i < N; i++) { h[i] = (float)(i % 17); want += h[i]; }  // sums of small ints: exact
  float *d, *res;
  CK(cudaMalloc(&d, N * sizeof(float))); CK(cudaMalloc(&res, (blocks + 1) * sizeof(float)));
  CK(cudaMemcpy(d, h, N * sizeof(float), cudaMemcpyHostToDevice));
  bool ok = true;
  for (int rep = 0; rep < 3; rep++) {
    CK(cudaMemset(res, 0, (blocks + 1) * sizeof(float)));
    sum<<<blocks, 128>>>(d, N, res);
    float total = 0;
    CK(cudaMemcpy(&total, res + blocks, sizeof(float), cudaMemcpyDeviceToHost));
    ok &= total == (float)want;
  }
  check(ok, "last-block reduction with __threadfence + atomicInc, three times (count resets)");
  const int B = 4, T = 128;
  int hv[B * T];
  for (int b = 0; b < B; b++)
    for (int t = 0; t < T; t++) hv[b * T + t] = b == 0 ? 1 : b == 1 ? (t % 3 == 0 ? 0 : 5) : b == 2 ? (t == 77 ? 101 : 2) : -1;
  int *dv, *dout, hout[B * 3];
  CK(cudaMalloc(&dv, sizeof(hv))); CK(cudaMalloc(&dout, sizeof(hout)));
  CK(cudaMemcpy(dv, hv, sizeof(hv), cudaMemcpyHostToDevice));
  votes<<<B, T>>>(dv, dout);
  CK(cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost));
  int wantv[B * 3] = {128, 1, 0, 128 - 43, 0, 0, 128, 1, 1, 0, 0, 0};
  check(memcmp(hout, wantv, sizeof(wantv)) == 0, "__syncthreads_count/_and/_or");
  return finish();
}
