#include <cstdio>
// Warp sum by __shfl_down_sync; lane 0 of each warp prints its sum with device printf.
__global__ void warp_sums(const int *in, int *out) {
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0) {
    out[warp] = v;
    printf("warp %d sum %d\n", warp, v);
  }
}
int main() {
  int h[64], *d_in, *d_out, sums[2];
  for (int i = 0; i < 64; i++) h[i] = i;
  cudaMalloc(&d_in, sizeof h);
  cudaMalloc(&d_out, sizeof sums);
  cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
  warp_sums<<<1, 64>>>(d_in, d_out);
  cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost);
  // 0 + ... + 31 = 496; 32 + ... + 63 = 1520.
  bool ok = sums[0] == 496 && sums[1] == 1520;
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
