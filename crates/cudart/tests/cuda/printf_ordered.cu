// Device printf compared on stdout (Programming Guide, "Formatted Output"): one block's
// threads print in a fixed order (one at a time, separated by barriers), with every common
// conversion; the harness compares the output exactly.
#include "common.h"

__global__ void report(const float* v, int n) {
  for (int t = 0; t < n; t++) {
    if (threadIdx.x == t) printf("thread %2d: %5.2f %x %s %c %lld\n", t, v[t], t * 17, t % 2 ? "odd" : "even", 'a' + t, -1ll * t);
    __syncthreads();
  }
}

int main() {
  float* v;
  CK(cudaMallocManaged(&v, 8 * sizeof(float)));
  for (int i = 0; i < 8; i++) v[i] = i * 1.25f;
  printf("host before\n");
  fflush(stdout);
  report<<<1, 8>>>(v, 8);
  CK(cudaDeviceSynchronize());
  printf("host after\n");
  CK(cudaFree(v));
  printf("PASS\n");
  return 0;
}
