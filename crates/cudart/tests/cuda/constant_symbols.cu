// Constant memory and device variables by symbol (Programming Guide, "Variable Memory Space
// Specifiers"): polynomial coefficients in __constant__ memory set with cudaMemcpyToSymbol
// (with offset) and cudaMemcpyToSymbolAsync, a __device__ counter read back with
// cudaMemcpyFromSymbol, its address used directly through cudaGetSymbolAddress.
#include "common.h"
#include <cmath>

__constant__ float coef[8];
__constant__ int degree;
__device__ unsigned evaluated;
__device__ float table[256];

__global__ void horner(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0;
  for (int k = degree; k >= 0; k--) acc = acc * x[i] + coef[k];
  y[i] = acc;
  table[i % 256] = acc;
  atomicAdd(&evaluated, 1u);
}

int main() {
  const int n = 1000;
  float c[8] = {1, -2, 0.5f, 0, 0, 0, 0, 0};
  int deg = 2;
  CK(cudaMemcpyToSymbol(coef, c, 2 * sizeof(float)));
  CK(cudaMemcpyToSymbol(coef, c + 2, 6 * sizeof(float), 2 * sizeof(float)));
  cudaStream_t s;
  CK(cudaStreamCreate(&s));
  CK(cudaMemcpyToSymbolAsync(degree, &deg, sizeof deg, 0, cudaMemcpyHostToDevice, s));
  unsigned zero = 0;
  CK(cudaMemcpyToSymbolAsync(evaluated, &zero, sizeof zero, 0, cudaMemcpyHostToDevice, s));
  float *x, *y;
  CK(cudaMallocManaged(&x, n * sizeof(float)));
  CK(cudaMallocManaged(&y, n * sizeof(float)));
  for (int i = 0; i < n; i++) x[i] = i * 0.01f;
  horner<<<(n + 127) / 128, 128, 0, s>>>(x, y, n);
  CK(cudaStreamSynchronize(s));
  for (int i = 0; i < n; i++) {
    float want = (0.5f * x[i] - 2.f) * x[i] + 1.f;
    EXPECT(fabsf(y[i] - want) < 1e-4f);
  }
  unsigned ev = 0;
  CK(cudaMemcpyFromSymbol(&ev, evaluated, sizeof ev));
  EXPECT(ev == n);
  float* tp;
  size_t ts = 0;
  CK(cudaGetSymbolAddress((void**)&tp, table));
  CK(cudaGetSymbolSize(&ts, table));
  EXPECT(ts == 256 * sizeof(float));
  float t5;
  CK(cudaMemcpy(&t5, tp + 5, sizeof t5, cudaMemcpyDeviceToHost));
  EXPECT(t5 == y[5] || t5 == y[261] || t5 == y[517] || t5 == y[773]);
  EXPECT_ERR(cudaMemcpyToSymbol(coef, c, 9 * sizeof(float)), cudaErrorInvalidValue);
  cudaGetLastError();
  CK(cudaStreamDestroy(s)); CK(cudaFree(x)); CK(cudaFree(y));
  printf("PASS\n");
  return 0;
}
