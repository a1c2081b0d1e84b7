// The CUDA guide's threadfence reduction (the last block to finish, found by an atomic
// counter, sums the blocks' partial sums), and a grid-wide "last block" max with a done flag
// that other blocks poll: loops launches with varying sizes and grid shapes.
#include "common.h"
__device__ unsigned int count = 0;
template <int TB> __global__ void sum(const int* in, int n, volatile int* partial, int* result) {
  __shared__ int s[TB]; __shared__ bool last;
  int acc = 0;
  for (int i = blockIdx.x * TB + threadIdx.x; i < n; i += gridDim.x * TB) acc += in[i];
  s[threadIdx.x] = acc; __syncthreads();
  for (int o = TB / 2; o > 0; o >>= 1) { if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o]; __syncthreads(); }
  if (threadIdx.x == 0) {
    partial[blockIdx.x] = s[0];
    __threadfence();
    unsigned v = atomicInc(&count, gridDim.x);
    last = (v == gridDim.x - 1);
  }
  __syncthreads();
  if (last) {
    int a = 0;
    for (int i = threadIdx.x; i < gridDim.x; i += TB) a += partial[i];
    s[threadIdx.x] = a; __syncthreads();
    for (int o = TB / 2; o > 0; o >>= 1) { if (threadIdx.x < o) s[threadIdx.x] += s[threadIdx.x + o]; __syncthreads(); }
    if (threadIdx.x == 0) { *result = s[0]; count = 0; }
  }
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 777;
  const int maxn = 1 << 19;
  int *in, *part, *res; CK(cudaMalloc(&in, maxn * 4)); CK(cudaMalloc(&part, 4096 * 4)); CK(cudaMalloc(&res, 4));
  int* h = (int*)malloc(maxn * 4);
  for (int it = 0; it < N; ++it) {
    int n = 1 + rng(seed) % maxn, grid = 1 + rng(seed) % 1024;
    long long want = 0;
    for (int i = 0; i < n; ++i) { h[i] = (int)(rng(seed) % 1001) - 500; want += h[i]; }
    CK(cudaMemcpy(in, h, n * 4, cudaMemcpyHostToDevice));
    if (it & 1) sum<256><<<grid, 256>>>(in, n, part, res); else sum<64><<<grid, 64>>>(in, n, part, res);
    CK(cudaGetLastError()); int got; CK(cudaMemcpy(&got, res, 4, cudaMemcpyDeviceToHost));
    EXPECT(got == (int)want, "iteration %d n %d grid %d: sum %d want %lld", it, n, grid, got, want);
  }
  return finish("fence_reduce", N);
}
