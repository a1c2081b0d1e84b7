// Message passing between blocks of one launch: block b publishes data then a flag; block
// N-1-b waits for it (so low blocks wait on high ones). Three styles: volatile + __threadfence,
// cuda::atomic_ref release/acquire, atomicExch + __threadfence on both sides. Grid fits an H200 and a 2-core Cuprite (16 blocks).
#include <cstdio>
#include <cuda/atomic>
#define N 16
#define T 128
__global__ void mp_volatile(int* data, volatile int* flag, int* out) {
  int b = blockIdx.x, p = N - 1 - b;
  for (int i = threadIdx.x; i < 256; i += T) data[b * 256 + i] = b * 1000 + i;
  __syncthreads();
  if (threadIdx.x == 0) { __threadfence(); flag[b] = 1; }
  if (threadIdx.x == 0) { while (flag[p] == 0) {} __threadfence(); }
  __syncthreads();
  int s = 0;
  for (int i = threadIdx.x; i < 256; i += T) s += ((volatile int*)data)[p * 256 + i] == p * 1000 + i;
  atomicAdd(&out[b], s);
}
__global__ void mp_atomic_ref(int* data, int* flag, int* out) {
  int b = blockIdx.x, p = N - 1 - b;
  for (int i = threadIdx.x; i < 256; i += T) data[b * 256 + i] = b * 7 + i;
  __syncthreads();
  if (threadIdx.x == 0) cuda::atomic_ref<int, cuda::thread_scope_device>(flag[b]).store(1, cuda::memory_order_release);
  if (threadIdx.x == 0) { cuda::atomic_ref<int, cuda::thread_scope_device> f(flag[p]); while (f.load(cuda::memory_order_acquire) == 0) {} }
  __syncthreads();
  int s = 0;
  for (int i = threadIdx.x; i < 256; i += T) s += data[p * 256 + i] == p * 7 + i;
  atomicAdd(&out[b], s);
}
__global__ void mp_exch(int* data, int* flag, int* out) {
  int b = blockIdx.x, p = N - 1 - b;
  if (threadIdx.x == 0) { data[b * 256] = b + 5; __threadfence(); atomicExch(&flag[b], 1); }
  if (threadIdx.x == 0) { while (atomicAdd(&flag[p], 0) == 0) __nanosleep(100); __threadfence(); out[b] = ((volatile int*)data)[p * 256]; }
}
int main() {
  int *data, *flag, *out;
  cudaMalloc(&data, N * 256 * 4); cudaMalloc(&flag, N * 4); cudaMalloc(&out, N * 4);
  int h[N];
  for (int k = 0; k < 3; k++) {
    cudaMemset(flag, 0, N * 4); cudaMemset(out, 0, N * 4); cudaMemset(data, 0, N * 256 * 4);
    if (k == 0) mp_volatile<<<N, T>>>(data, flag, out);
    if (k == 1) mp_atomic_ref<<<N, T>>>(data, flag, out);
    if (k == 2) mp_exch<<<N, T>>>(data, flag, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    long s = 0; int bad = 0;
    for (int i = 0; i < N; i++) { s += h[i]; if (k < 2 ? h[i] != 256 : h[i] != N - 1 - i + 5) bad++; }
    printf("kernel %d: %s sum=%ld bad=%d first=%d last=%d\n", k, cudaGetErrorString(e), s, bad, h[0], h[N - 1]);
  }
  return 0;
}
