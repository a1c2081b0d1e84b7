#include <cstdio>
#include <vector>
#include "shapes.h"
#include "devlib.cuh"
__global__ void use_vars(int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = add_offset(i) + (int)(g_table[i % 4] * 2.0f) + combine(Pair{i, 1});
}
int run_device_variables(int n) {
  int *d; cudaMalloc(&d, n * sizeof(int));
  int off = 100; cudaMemcpyToSymbol(g_offset, &off, sizeof off);
  use_vars<<<(n + 127) / 128, 128>>>(d, n);
  std::vector<int> h(n); cudaMemcpy(h.data(), d, n * sizeof(int), cudaMemcpyDeviceToHost); cudaFree(d);
  int bad = 0;
  for (int i = 0; i < n; ++i) { int want = i + 100 + (2 * (i % 4) + 1) + 3 * i + 1; if (h[i] != want) ++bad; }
  return bad;
}
int run_template_kernels(int n) {
  float *xf, *yf; int *xi, *yi;
  cudaMallocManaged(&xf, n * sizeof(float)); cudaMallocManaged(&yf, n * sizeof(float));
  cudaMallocManaged(&xi, n * sizeof(int)); cudaMallocManaged(&yi, n * sizeof(int));
  for (int i = 0; i < n; ++i) { xf[i] = i; yf[i] = 1; xi[i] = i; yi[i] = -i; }
  axpy<float><<<(n + 63) / 64, 64>>>(2.0f, xf, yf, n);
  axpy<int><<<(n + 63) / 64, 64>>>(3, xi, yi, n);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i) { if (yf[i] != 2.0f * i + 1) ++bad; if (yi[i] != 2 * i) ++bad; }
  cudaFree(xf); cudaFree(yf); cudaFree(xi); cudaFree(yi);
  return bad;
}
__global__ void scaled(float *out, int base, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __fmul_rn((float)(base + i), 0.5f);
}
int launch_scaled(float *out, int n, int chunk) {
  cudaStream_t s; cudaStreamCreate(&s);
  float *d; cudaMalloc(&d, n * sizeof(float));
  scaled<<<(n + 31) / 32, 32, 0, s>>>(d, chunk * n, n);
  cudaMemcpyAsync(out, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  cudaStreamSynchronize(s); cudaFree(d); cudaStreamDestroy(s);
  return 0;
}
