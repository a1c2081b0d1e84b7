// Ticket locks (fetch-and-add a ticket, spin until now-serving reaches it) in the shapes
// programs write them: every thread of a block on a lock in shared memory, one thread per
// block on a global lock, every thread of a grid on a global lock with __nanosleep back-off,
// and the FIFO order check (each holder appends its ticket to a log).
// (Every thread of a block or grid on one ticket lock hung on every engine.)
#include <cstdio>
__device__ int g_next, g_serving, g_log[4096], g_count;
__global__ void shared_ticket(int* out) {
  __shared__ int next, serving, log_[256], count;
  if (threadIdx.x == 0) { next = 0; serving = 0; count = 0; }
  __syncthreads();
  int t = atomicAdd(&next, 1);
  while (((volatile int*)&serving)[0] != t) {}
  log_[count] = t; count = count + 1;
  __threadfence_block();
  ((volatile int*)&serving)[0] = t + 1;
  __syncthreads();
  int inorder = 0; for (int i = threadIdx.x; i < blockDim.x; i += blockDim.x) inorder += log_[i] == i;
  atomicAdd(&out[blockIdx.x], inorder);
}
__global__ void block_ticket() {
  if (threadIdx.x != 0) return;
  int t = atomicAdd(&g_next, 1);
  while (atomicAdd(&g_serving, 0) != t) __nanosleep(64);
  g_log[g_count] = t; g_count = g_count + 1;
  __threadfence();
  atomicAdd(&g_serving, 1);
}
__global__ void grid_ticket() {
  int t = atomicAdd(&g_next, 1);
  int ns = 8;
  while (*(volatile int*)&g_serving != t) { __nanosleep(ns); if (ns < 512) ns *= 2; }
  __threadfence();
  g_log[*(volatile int*)&g_count] = t; *(volatile int*)&g_count = *(volatile int*)&g_count + 1;
  __threadfence();
  atomicExch(&g_serving, t + 1);
}
int report(const char* what, cudaError_t e) {
  int n, s, c, log_[4096]; cudaMemcpyFromSymbol(&n, g_next, 4); cudaMemcpyFromSymbol(&s, g_serving, 4);
  cudaMemcpyFromSymbol(&c, g_count, 4); cudaMemcpyFromSymbol(log_, g_log, sizeof log_);
  int inorder = 0; for (int i = 0; i < c && i < 4096; i++) inorder += log_[i] == i;
  printf("%s: %s next=%d serving=%d count=%d inorder=%d\n", what, cudaGetErrorString(e), n, s, c, inorder);
  int z[4096] = {0}; cudaMemcpyToSymbol(g_next, z, 4); cudaMemcpyToSymbol(g_serving, z, 4); cudaMemcpyToSymbol(g_count, z, 4); cudaMemcpyToSymbol(g_log, z, sizeof z);
  return 0;
}
int main() {
  int* o; cudaMalloc(&o, 64); cudaMemset(o, 0, 64);
  block_ticket<<<16, 64>>>();
  report("block_ticket", cudaDeviceSynchronize());
  shared_ticket<<<4, 96>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  int h[4]; cudaMemcpy(h, o, 16, cudaMemcpyDeviceToHost);
  printf("shared_ticket: %s inorder %d %d %d %d\n", cudaGetErrorString(e), h[0], h[1], h[2], h[3]);
  grid_ticket<<<8, 128>>>();
  report("grid_ticket", cudaDeviceSynchronize());
  return 0;
}
