// __shfl_sync, __shfl_up_sync, __shfl_down_sync and __shfl_xor_sync at every width 2..32,
// with source lanes out of range (negative, >= width, >= 32), deltas >= width, xor masks
// crossing the segment, on int, float, double, long long, __half2; and a half-warp mask in
// divergent code (the other half shuffles separately).
#include <cstdio>
#include <cuda_fp16.h>
__global__ void k(int* out) {
  int l = threadIdx.x;
  int o = 0;
  for (int w = 2; w <= 32; w *= 2) {
    int srcs[] = {-1, 0, w - 1, w, w + 3, 33, -33, 63};
    for (int s : srcs) out[o++ * 32 + l] = __shfl_sync(0xffffffff, l * 10 + w, s, w);
    for (int d : {1, 3, w - 1, w, 31}) {
      out[o++ * 32 + l] = __shfl_up_sync(0xffffffff, l + 100, d, w);
      out[o++ * 32 + l] = __shfl_down_sync(0xffffffff, l + 200, d, w);
    }
    for (int m : {1, w - 1, w, 16, 31}) out[o++ * 32 + l] = __shfl_xor_sync(0xffffffff, l + 300, m, w);
  }
  double d = __shfl_sync(0xffffffff, l * 1.5 + 1e10, 31 - l, 16);
  out[o++ * 32 + l] = (int)(d - 1e10);
  long long ll = __shfl_down_sync(0xffffffff, (long long)l << 40 | l, 5, 8);
  out[o++ * 32 + l] = (int)(ll >> 40) * 100 + (int)(ll & 0xff);
  __half2 h = __halves2half2(__int2half_rn(l), __int2half_rn(-l));
  h = __shfl_xor_sync(0xffffffff, h, 3, 4);
  out[o++ * 32 + l] = __half2int_rn(__low2half(h)) * 100 - __half2int_rn(__high2half(h));
  float f = __shfl_up_sync(0xffffffff, l * 0.25f, 2, 32);
  out[o++ * 32 + l] = (int)(f * 4);
  if (l < 16) out[o * 32 + l] = __shfl_sync(0x0000ffff, l + 1000, 15 - l, 16);
  else out[o * 32 + l] = __shfl_down_sync(0xffff0000, l + 2000, 2, 16);
  o++;
  if (l == 0) out[4095] = o;
}
int main() {
  int* d; cudaMalloc(&d, 4096 * 4); cudaMemset(d, 0, 4096 * 4);
  k<<<1, 32>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static int h[4096]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  int rows = h[4095];
  for (int r = 0; r < rows; r++) { printf("%3d:", r); for (int l = 0; l < 32; l++) printf(" %d", h[r * 32 + l]); printf("\n"); }
  return 0;
}
