// Warps of one block passing messages through shared memory without __syncthreads: warp 0
// writes a buffer, __threadfence_block(), sets a volatile flag; warps 1..7 spin on the flag and
// read. Then a chain: warp w waits for warp w-1's flag (warp 7 waits first in program order).
#include <cstdio>
__global__ void k(int* out) {
  __shared__ int buf[256];
  __shared__ volatile int flag[8];
  int w = threadIdx.x / 32, l = threadIdx.x % 32;
  if (threadIdx.x < 8) flag[threadIdx.x] = 0;
  __syncthreads();
  if (w == 0) {
    for (int i = l; i < 256; i += 32) buf[i] = i * 3 + blockIdx.x;
    __threadfence_block();
    if (l == 0) flag[0] = 1;
  } else {
    while (flag[0] == 0) {}
    __threadfence_block();
    int s = 0; for (int i = l; i < 256; i += 32) s += ((volatile int*)buf)[i];
    atomicAdd(&out[blockIdx.x * 8 + w], s);
  }
  __syncthreads();
  // chain in reverse: warp w (w>0) waits for warp w-1 to bump, then bumps its own
  if (l == 0) {
    if (w > 0) while (flag[w - 1] != 2) {}
    __threadfence_block();
    buf[w] = (w == 0 ? 0 : ((volatile int*)buf)[w - 1]) + w * 10;
    __threadfence_block();
    flag[w] = 2;
  }
  __syncthreads();
  if (threadIdx.x == 0) out[64 + blockIdx.x] = buf[7];
}
int main() {
  int* o; cudaMalloc(&o, 128 * 4); cudaMemset(o, 0, 512);
  k<<<4, 256>>>(o);
  cudaError_t e = cudaDeviceSynchronize();
  int h[128]; cudaMemcpy(h, o, 512, cudaMemcpyDeviceToHost);
  printf("%s\n", cudaGetErrorString(e));
  for (int b = 0; b < 4; b++) { printf("block %d:", b); for (int w = 1; w < 8; w++) printf(" %d", h[b * 8 + w]); printf(" chain=%d\n", h[64 + b]); }
  return 0;
}
