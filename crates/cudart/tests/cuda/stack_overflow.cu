// Recursion deeper than cudaLimitStackSize: an illegal address, as on an H100 (sticky); with the
// stack raised, the same kernel runs.
#include "common.h"
__device__ int deep(int n) {
  volatile int loc[32];
  for (int i = 0; i < 32; i++) loc[i] = n + i;
  return n == 0 ? loc[31] : loc[n % 32] + deep(n - 1);
}
__global__ void k(int* r, int depth) { r[threadIdx.x] = deep(depth); }
int main() {
  int* r; CK(cudaMalloc(&r, 32 * sizeof(int)));
  size_t st = 0; CK(cudaDeviceGetLimit(&st, cudaLimitStackSize)); EXPECT(st == 1024);
  k<<<1, 32>>>(r, 3);  // shallow: fits
  CK(cudaDeviceSynchronize());
  // With the stack raised, 40 levels run.
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 16384));
  k<<<1, 32>>>(r, 40);
  CK(cudaDeviceSynchronize());
  int h[32]; CK(cudaMemcpy(h, r, sizeof h, cudaMemcpyDeviceToHost));
  int want = 31; for (int n = 40; n > 0; n--) want += n + n % 32;
  for (int i = 0; i < 32; i++) EXPECT(h[i] == want);
  // Back to 1 KiB: 40 frames of 128+ bytes overflow it (sticky, so last).
  CK(cudaDeviceSetLimit(cudaLimitStackSize, 1024));
  k<<<1, 32>>>(r, 40);
  EXPECT_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  printf("PASS\n");
  return 0;
}
