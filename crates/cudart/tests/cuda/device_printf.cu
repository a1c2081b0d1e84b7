// Device printf: formats, flags, widths, %s from global memory, return value (number of
// arguments), and ordering: device output of a synchronized launch comes before later host
// output. The Rust test compares stdout exactly (multi-block lines sorted between markers).
#include "common.h"
__global__ void formats(int *ret, const char *s) {
  int t = threadIdx.x;
  ret[t] = printf("t%d: %5d|%-4u|%x|%#o|%+.2f|%e|%g|%c|%s|%.2s|%lld\n", t, t * 11, t, 255 + t, 8 + t, 1.5 * t,
                  1000.0 + t, 0.0001 * (t + 1), 'a' + t, s, s, -(1LL << 40) - t);
}
__global__ void per_block() {
  if (threadIdx.x == 0) printf("block %d of %d\n", blockIdx.x, gridDim.x);
}
int main() {
  printf("host before\n");
  fflush(stdout);
  int *ret;
  char *s;
  CK(cudaMalloc(&ret, 4 * sizeof(int)));
  CK(cudaMalloc(&s, 8));
  CK(cudaMemcpy(s, "cuda", 5, cudaMemcpyHostToDevice));
  formats<<<1, 4>>>(ret, s);
  CK(cudaDeviceSynchronize());
  printf("host after\n");
  int h[4];
  CK(cudaMemcpy(h, ret, sizeof h, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 4; ++i) EXPECT(h[i] == 12);
  printf("--- blocks\n");
  fflush(stdout);
  per_block<<<5, 64>>>();
  CK(cudaDeviceSynchronize());
  printf("--- end\n");
  printf("PASS\n");
  return 0;
}
