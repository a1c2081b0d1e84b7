// Shared-memory tiled matrix multiplication (Programming Guide, "Shared Memory" example) on
// matrices whose sizes are not multiples of the tile, checked against the host product.
#include "common.h"
#include <cmath>
#define TILE 16

struct Matrix { int rows, cols; float* el; };

__global__ void matmul(Matrix A, Matrix B, Matrix C) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int t = 0; t < (A.cols + TILE - 1) / TILE; t++) {
    int ac = t * TILE + threadIdx.x, br = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = row < A.rows && ac < A.cols ? A.el[row * A.cols + ac] : 0.f;
    Bs[threadIdx.y][threadIdx.x] = br < B.rows && col < B.cols ? B.el[br * B.cols + col] : 0.f;
    __syncthreads();
    for (int k = 0; k < TILE; k++) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < C.rows && col < C.cols) C.el[row * C.cols + col] = acc;
}

int main() {
  const int M = 70, K = 45, N = 53;
  Matrix hA{M, K, new float[M * K]}, hB{K, N, new float[K * N]};
  for (int i = 0; i < M * K; i++) hA.el[i] = (float)((i % 13) - 6) * 0.5f;
  for (int i = 0; i < K * N; i++) hB.el[i] = (float)((i % 11) - 5) * 0.25f;
  Matrix dA = hA, dB = hB, dC{M, N, nullptr};
  CK(cudaMalloc(&dA.el, M * K * sizeof(float)));
  CK(cudaMalloc(&dB.el, K * N * sizeof(float)));
  CK(cudaMalloc(&dC.el, M * N * sizeof(float)));
  CK(cudaMemcpy(dA.el, hA.el, M * K * sizeof(float), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dB.el, hB.el, K * N * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  matmul<<<grid, block>>>(dA, dB, dC);
  CK(cudaGetLastError());
  float* hC = new float[M * N];
  CK(cudaMemcpy(hC, dC.el, M * N * sizeof(float), cudaMemcpyDeviceToHost));
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++) {
      float want = 0;
      for (int k = 0; k < K; k++) want += hA.el[r * K + k] * hB.el[k * N + c];
      if (fabsf(hC[r * N + c] - want) > 1e-3f) { printf("FAIL C[%d][%d] = %f, want %f\n", r, c, hC[r * N + c], want); return 1; }
    }
  CK(cudaFree(dA.el)); CK(cudaFree(dB.el)); CK(cudaFree(dC.el));
  printf("PASS\n");
  return 0;
}
