// __pipeline_memcpy_async primitives (cuda_pipeline_primitives.h): sizes 4/8/16, zero-fill with
// src_size < size, commit/wait_prior with several batches in flight, __pipeline_arrive_on a
// cuda::barrier; prints the shared contents read back.
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda/barrier>
__global__ void prims(const int* g, int* out) {
  __shared__ alignas(16) int s[4][128];
  int t = threadIdx.x;
  for (int i = t; i < 4 * 128; i += blockDim.x) (&s[0][0])[i] = -1;
  __syncthreads();
  // batch 0: 4-byte copies
  __pipeline_memcpy_async(&s[0][t], &g[t], 4);
  __pipeline_commit();
  // batch 1: 8-byte copies of pairs, every other thread zero-fills its second word
  if (t < 64) __pipeline_memcpy_async(&s[1][2 * t], &g[128 + 2 * t], 8, (t & 1) ? 4 : 0);
  __pipeline_commit();
  // batch 2: 16-byte copies, src_size = t % 17 rounded to what the ISA allows
  if (t < 32) {
    int src = (t % 5) * 4;  // 0,4,8,12,16
    __pipeline_memcpy_async(&s[2][4 * t], &g[256 + 4 * t], 16, 16 - src);
  }
  __pipeline_commit();
  __pipeline_wait_prior(2);  // batch 0 done
  __syncthreads();
  out[t] = s[0][(t * 7) % 128];
  __pipeline_wait_prior(0);
  __syncthreads();
  out[128 + t] = s[1][t];
  out[256 + t] = s[2][t];
  // barrier: each thread's copy arrives on it
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (t == 0) init(&bar, blockDim.x);
  __syncthreads();
  __pipeline_memcpy_async(&s[3][t], &g[384 + (127 - t)], 4);
  __pipeline_arrive_on(cuda::device::barrier_native_handle(bar));
  bar.arrive_and_wait();
  out[384 + t] = s[3][(t + 1) % 128];
}
int main() {
  int h[512], *g, *o;
  for (int i = 0; i < 512; i++) h[i] = i * 3 + 1;
  cudaMalloc(&g, sizeof h); cudaMalloc(&o, sizeof h);
  cudaMemcpy(g, h, sizeof h, cudaMemcpyHostToDevice);
  prims<<<1, 128>>>(g, o);
  printf("launch: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int r[512]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int k = 0; k < 4; k++) {
    printf("part %d:", k);
    for (int i = 0; i < 128; i++) printf(" %d", r[k * 128 + i]);
    printf("\n");
  }
}
