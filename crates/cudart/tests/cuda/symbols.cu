// __constant__ / __device__ variables through cudaMemcpyToSymbol/FromSymbol,
// cudaGetSymbolAddress/Size, and device atomics on a __device__ variable.
#include "common.h"
__constant__ float coef[4];
__device__ int counter;
__device__ int table[8] = {1, 2, 3, 4, 5, 6, 7, 8};

__global__ void poly(const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    y[i] = coef[0] + v * (coef[1] + v * (coef[2] + v * coef[3])) + table[i % 8];
    atomicAdd(&counter, 1);
  }
}

int main() {
  const int n = 1000;
  float h[4] = {1.f, 2.f, 0.5f, 0.25f};
  CK(cudaMemcpyToSymbol(coef, h, sizeof(h)));
  int zero = 0;
  CK(cudaMemcpyToSymbol(counter, &zero, sizeof(int)));
  size_t sz = 0;
  CK(cudaGetSymbolSize(&sz, table));
  EXPECT(sz == 8 * sizeof(int));
  int* tp = nullptr;
  CK(cudaGetSymbolAddress((void**)&tp, table));
  int t3 = 0;
  CK(cudaMemcpy(&t3, tp + 3, sizeof(int), cudaMemcpyDeviceToHost));
  EXPECT(t3 == 4);
  float *x, *y, hx[n], hy[n];
  for (int i = 0; i < n; i++) hx[i] = i * 0.01f;
  CK(cudaMalloc(&x, n * sizeof(float)));
  CK(cudaMalloc(&y, n * sizeof(float)));
  CK(cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice));
  poly<<<(n + 127) / 128, 128>>>(x, y, n);
  CK(cudaGetLastError());
  CK(cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) {
    float v = hx[i];
    float want = h[0] + v * (h[1] + v * (h[2] + v * h[3])) + (i % 8 + 1);
    if (fabsf(hy[i] - want) > 1e-4f * fabsf(want) + 1e-5f) { printf("FAIL y[%d]=%f want %f\n", i, hy[i], want); return 1; }
  }
  int c = 0;
  CK(cudaMemcpyFromSymbol(&c, counter, sizeof(int)));
  EXPECT(c == n);
  float back[2];
  CK(cudaMemcpyFromSymbol(back, coef, 2 * sizeof(float), 2 * sizeof(float)));
  EXPECT(back[0] == 0.5f && back[1] == 0.25f);
  // Out of range and unknown symbols; zero bytes at or past the end are no copy (an H200 answers success).
  EXPECT_ERR(cudaMemcpyToSymbol(coef, h, 5 * sizeof(float)), cudaErrorInvalidValue);
  CK(cudaMemcpyToSymbol(coef, h, 0, 4 * sizeof(float)));
  CK(cudaMemcpyFromSymbol(back, coef, 0, 100));
  int not_a_symbol;
  EXPECT_ERR(cudaGetSymbolSize(&sz, &not_a_symbol), cudaErrorInvalidSymbol);
  CK(cudaGetLastError() == cudaErrorInvalidSymbol ? cudaSuccess : cudaErrorUnknown);
  CK(cudaFree(x)); CK(cudaFree(y));
  printf("PASS\n");
  return 0;
}
