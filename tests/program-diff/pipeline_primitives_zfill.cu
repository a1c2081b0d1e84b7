// The pipeline primitives of cuda_pipeline.h: __pipeline_memcpy_async of 4, 8 and 16 bytes
// with zero fill (src_size < size, including 0), several commits, __pipeline_wait_prior(N)
// for N = 2, 1, 0 in a three-stage double buffer over a tiled sum.
#include <cstdio>
#include <cuda_pipeline.h>
__global__ void zfill(const int* src, int* out) {
  __shared__ alignas(16) int s[3 * 4 * 32];
  int t = threadIdx.x;
  for (int i = 0; i < 12; i++) s[t * 12 + i] = -1;
  __syncthreads();
  // per thread: 4 bytes (src 4 or 0), 8 bytes (src t%9), 16 bytes (src t%17)
  __pipeline_memcpy_async(&s[t * 12 + 0], &src[t * 4], 4, (t & 1) ? 0 : 4);
  __pipeline_memcpy_async(&s[t * 12 + 2], &src[t * 4], 8, (t % 3) * 4);
  __pipeline_memcpy_async(&s[t * 12 + 4], &src[t * 4], 16, (t % 5) * 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  for (int i = 0; i < 12; i++) out[t * 12 + i] = s[t * 12 + i];
}
__global__ void stages(const float4* in, float* out, int tiles) {
  __shared__ float4 buf[3][64];
  int t = threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 2 && k < tiles; k++) { __pipeline_memcpy_async(&buf[k][t], &in[k * 64 + t], 16); __pipeline_commit(); }
  for (int k = 0; k < tiles; k++) {
    if (k + 2 < tiles) { __pipeline_memcpy_async(&buf[(k + 2) % 3][t], &in[(k + 2) * 64 + t], 16); }
    __pipeline_commit();
    __pipeline_wait_prior(2);
    __syncthreads();
    float4 v = buf[k % 3][(t + k) % 64];
    acc += v.x * 1 + v.y * 2 + v.z * 3 + v.w * 4;
    __syncthreads();
  }
  out[t] = acc;
}
int main() {
  int h[256]; for (int i = 0; i < 256; i++) h[i] = i + 1000;
  int *src, *o; cudaMalloc(&src, sizeof h); cudaMalloc(&o, 32 * 12 * 4);
  cudaMemcpy(src, h, sizeof h, cudaMemcpyHostToDevice);
  zfill<<<1, 32>>>(src, o);
  printf("zfill: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int r[32 * 12]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 8; t++) { printf("t%d:", t); for (int i = 0; i < 12; i++) printf(" %d", r[t * 12 + i]); printf("\n"); }
  const int tiles = 7;
  float4 hi[tiles * 64]; for (int i = 0; i < tiles * 64; i++) hi[i] = make_float4(i, i * 0.5f, -i, i % 7);
  float4* di; float* dout; cudaMalloc(&di, sizeof hi); cudaMalloc(&dout, 64 * 4);
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  stages<<<1, 64>>>(di, dout, tiles);
  printf("stages: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  float ho[64]; cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i += 9) printf("acc[%d]=%.1f\n", i, ho[i]);
  return 0;
}
