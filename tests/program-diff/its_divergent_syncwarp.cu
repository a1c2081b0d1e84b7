// Independent thread scheduling from the Programming Guide: lanes of one warp in different
// branches synchronizing with __syncwarp(mask) at different call sites; a lane producing a
// value in one branch that lanes of the other branch read after __syncwarp; __activemask()
// inside nested divergence and inside a loop with a lane-dependent trip count; a warp-level
// starvation-free handoff (lane i waits for lane i-1 through a shared flag).
// (The hand-off chain hung on every engine: lanes polling without a lock word never split.)
#include <cstdio>
__global__ void k(unsigned* out) {
  __shared__ volatile int sv[32];
  __shared__ volatile int turn;
  int l = threadIdx.x;
  sv[l] = -1;
  if (l == 0) turn = 0;
  __syncwarp();
  // producer lanes (even) write in branch A, consumers (odd) read in branch B
  if (l % 2 == 0) {
    sv[l] = l * l;
    __syncwarp();
  } else {
    __syncwarp();
    out[0 * 32 + l] = sv[l - 1];
  }
  if (l % 2 == 0) out[0 * 32 + l] = sv[l];
  // nested divergence: activemask at each level
  if (l < 20) {
    out[1 * 32 + l] = __activemask();
    if (l % 3 == 0) out[2 * 32 + l] = __activemask();
    else out[2 * 32 + l] = __activemask() ^ 0xffffffffu;
  } else {
    out[1 * 32 + l] = __activemask() | 1;
    out[2 * 32 + l] = 0;
  }
  __syncwarp();
  // lane-dependent loop: active mask each iteration
  unsigned acc = 0;
  for (int i = 0; i < (l & 7) + 1; i++) acc = acc * 3 + __popc(__activemask());
  out[3 * 32 + l] = acc;
  __syncwarp();
  // handoff chain through a shared flag: lane l waits until turn == l
  while (turn != l) {}
  sv[l] = (l == 0 ? 0 : sv[l - 1]) + l;
  turn = l + 1;
  __syncwarp();
  out[4 * 32 + l] = sv[l];
  // partial-mask __syncwarp in a branch covering lanes 8..23 only
  if (l >= 8 && l < 24) {
    sv[l] = l * 2;
    __syncwarp(0x00ffff00);
    out[5 * 32 + l] = sv[(l - 8 + 5) % 16 + 8];
  } else out[5 * 32 + l] = 7;
}
int main() {
  unsigned* d; cudaMalloc(&d, 6 * 32 * 4); cudaMemset(d, 0, 6 * 32 * 4);
  k<<<1, 32>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  unsigned h[6 * 32]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int r = 0; r < 6; r++) { printf("%d:", r); for (int l = 0; l < 32; l++) printf(" %x", h[r * 32 + l]); printf("\n"); }
  return 0;
}
