#include "clang_cuda_mini.h"
__device__ __noinline__ float sq(float x) { return x * x; }
__device__ int counter;
__constant__ float coef[4] = {1.f, 2.f, 3.f, 4.f};
extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * sq(x[i]) + y[i] * coef[i & 3];
  if (i == 0) atomicAdd(&counter, 1);
}
extern "C" __global__ void reduce(const float *in, float *out, int n) {
  __shared__ float s[256];
  int t = threadIdx.x;
  s[t] = t < n ? in[t] : 0.f;
  __syncthreads();
  for (int k = 128; k > 0; k >>= 1) { if (t < k) s[t] += s[t + k]; __syncthreads(); }
  if (t == 0) *out = s[0];
  float v = s[t];
  for (int o = 16; o; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
  if ((t & 31) == 0) atomicAdd(out + 1, v);
}
