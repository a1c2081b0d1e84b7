// A seqlock between blocks of one launch: block 0 writes a pair (x, -x) many times under an
// odd/even sequence counter (with __threadfence between the steps); the other blocks read
// snapshots and retry when the sequence changed or was odd. No reader may ever see a torn pair;
// readers stop after the writer's final value.
#include <cstdio>
__device__ volatile int seq, px, py;
__device__ int torn, reads, finals;
__global__ void k(int writes) {
  if (threadIdx.x != 0) return;
  if (blockIdx.x == 0) {
    for (int i = 1; i <= writes; i++) {
      seq = seq + 1; __threadfence();
      px = i; __threadfence(); py = -i;
      __threadfence(); seq = seq + 1;
    }
  } else {
    int last = 0;
    while (last != writes) {
      int s0 = seq; __threadfence();
      if (s0 & 1) { __nanosleep(10); continue; }
      int x = px, y = py;
      __threadfence();
      if (seq != s0) continue;
      if (x != -y) atomicAdd(&torn, 1);
      if (x < last) atomicAdd(&torn, 1000);
      last = x;
      atomicAdd(&reads, 1);
    }
    atomicAdd(&finals, 1);
  }
}
int main() {
  k<<<16, 32>>>(20000);
  cudaError_t e = cudaDeviceSynchronize();
  int t, r, f, s; cudaMemcpyFromSymbol(&t, torn, 4); cudaMemcpyFromSymbol(&r, reads, 4); cudaMemcpyFromSymbol(&f, finals, 4); cudaMemcpyFromSymbol(&s, seq, 4);
  printf("%s torn=%d readers_done=%d seq=%d reads>0=%d\n", cudaGetErrorString(e), t, f, s, r > 0);
  return 0;
}
