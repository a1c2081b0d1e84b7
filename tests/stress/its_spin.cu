// Warps of one block waiting for each other without a barrier: each warp waits for the warp
// after it (a chain run backwards through the block), then one thread per warp takes a
// block-local lock in turn. (Lanes of one warp polling each other's flags need independent
// thread scheduling, which Cuprite's polling loops do not split for: not here.)
#include "common.h"
__global__ void lanes(int* out, int rounds) {
  __shared__ volatile int flag[1024];
  __shared__ int lock; __shared__ int total;
  int t = threadIdx.x, lane = t & 31, nt = blockDim.x;
  flag[t] = 0;
  if (t == 0) { lock = 0; total = 0; }
  __syncthreads();
  int w = t >> 5, nw = (nt + 31) >> 5;
  if (lane == 0) {
    if (w != nw - 1) { while (flag[(w + 1) * 32] == 0) {} }
    flag[w * 32] = (w != nw - 1 ? flag[(w + 1) * 32] : 0) + 1;
  }
  __syncwarp();
  flag[t] = flag[w * 32];
  __syncthreads();
  out[blockIdx.x * 2048 + t] = flag[t];
  // one thread per warp takes the block lock in turn, rounds times
  if (lane == 0) {
    for (int r = 0; r < rounds; ++r) {
      while (atomicCAS(&lock, 0, 1) != 0) {}
      int v = *(volatile int*)&total; __threadfence_block(); *(volatile int*)&total = v + 1;
      __threadfence_block(); atomicExch(&lock, 0);
    }
  }
  __syncthreads();
  if (t == 0) out[blockIdx.x * 2048 + 1024] = total;
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 8;
  int* out; CK(cudaMalloc(&out, 64 * 2048 * 4)); int* h = (int*)malloc(64 * 2048 * 4);
  for (int it = 0; it < N; ++it) {
    int tb = 1 + rng(seed) % 1024, grid = 1 + rng(seed) % 8, rounds = 1 + rng(seed) % 50;
    lanes<<<grid, tb>>>(out, rounds);
    CK(cudaGetLastError()); CK(cudaMemcpy(h, out, grid * 2048 * 4, cudaMemcpyDeviceToHost));
    for (int b = 0; b < grid; ++b) {
      int bad = 0, first = -1;
      for (int t = 0; t < tb; ++t) { int want = (tb + 31) / 32 - t / 32;
        if (h[b * 2048 + t] != want) { if (first < 0) first = t; ++bad; } }
      int warps = (tb + 31) / 32;
      EXPECT(!bad && h[b * 2048 + 1024] == warps * rounds, "it %d block %d of %dx%d rounds %d: %d chain values wrong (first %d: %d), total %d want %d", it, b, grid, tb, rounds, bad, first, first >= 0 ? h[b * 2048 + first] : 0, h[b * 2048 + 1024], warps * rounds);
    }
  }
  return finish("its_spin", N);
}
