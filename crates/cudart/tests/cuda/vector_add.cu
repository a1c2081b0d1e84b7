#include <cstdio>
#include <cuda_runtime.h>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("FAIL %s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e)); return 1; } } while (0)
__global__ void vectorAdd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) c[i] = a[i] + b[i];
}
int main() {
  const int n = 100000;
  float *a = new float[n], *b = new float[n], *c = new float[n];
  for (int i = 0; i < n; i++) { a[i] = i; b[i] = 2 * i; }
  float *da, *db, *dc;
  CK(cudaMalloc(&da, n * 4)); CK(cudaMalloc(&db, n * 4)); CK(cudaMalloc(&dc, n * 4));
  CK(cudaMemcpy(da, a, n * 4, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(db, b, n * 4, cudaMemcpyHostToDevice));
  vectorAdd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
  CK(cudaGetLastError());
  CK(cudaMemcpy(c, dc, n * 4, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i++) if (c[i] != 3.0f * i) { printf("FAIL at %d: %f\n", i, c[i]); return 1; }
  CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc));
  printf("PASS\n");
  return 0;
}
