// A second executable of the resolved library, with device code of its own that calls a device
// function of another library (scale.cu's), linked with CUDA::cuda_driver too.
#include <cstdio>
extern __device__ float scale(float x);
int sum_of_squares(int n);
__global__ void scaled(float *o) { *o = scale(2.0f); }
int main() {
  float *d, h = 0;
  cudaMalloc(&d, sizeof h);
  scaled<<<1, 1>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  int s = sum_of_squares(8);
  bool ok = h == 7.0f && s == 560;
  printf("%g %d %s\n", h, s, ok ? "PASS" : "FAIL");
  return !ok;
}
