// Programming interface, shared memory: the guide's Matrix type with stride, GetSubMatrix,
// GetElement/SetElement device functions, and the tiled MatMulKernel with BLOCK_SIZE tiles.
#include "guide.h"
#define BLOCK_SIZE 16
typedef struct { int width; int height; int stride; float* elements; } Matrix;
__device__ float GetElement(const Matrix A, int row, int col) { return A.elements[row * A.stride + col]; }
__device__ void SetElement(Matrix A, int row, int col, float value) { A.elements[row * A.stride + col] = value; }
__device__ Matrix GetSubMatrix(Matrix A, int row, int col) {
  Matrix Asub;
  Asub.width = BLOCK_SIZE; Asub.height = BLOCK_SIZE; Asub.stride = A.stride;
  Asub.elements = &A.elements[A.stride * BLOCK_SIZE * row + BLOCK_SIZE * col];
  return Asub;
}
__global__ void MatMulKernel(Matrix A, Matrix B, Matrix C) {
  int blockRow = blockIdx.y, blockCol = blockIdx.x;
  Matrix Csub = GetSubMatrix(C, blockRow, blockCol);
  float Cvalue = 0;
  int row = threadIdx.y, col = threadIdx.x;
  for (int m = 0; m < (A.width / BLOCK_SIZE); ++m) {
    Matrix Asub = GetSubMatrix(A, blockRow, m);
    Matrix Bsub = GetSubMatrix(B, m, blockCol);
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    As[row][col] = GetElement(Asub, row, col);
    Bs[row][col] = GetElement(Bsub, row, col);
    __syncthreads();
    for (int e = 0; e < BLOCK_SIZE; ++e) Cvalue += As[row][e] * Bs[e][col];
    __syncthreads();
  }
  SetElement(Csub, row, col, Cvalue);
}
void MatMul(const Matrix A, const Matrix B, Matrix C) {
  Matrix d_A = A; d_A.stride = A.width;
  size_t size = A.width * A.height * sizeof(float);
  CK(cudaMalloc(&d_A.elements, size));
  CK(cudaMemcpy(d_A.elements, A.elements, size, cudaMemcpyHostToDevice));
  Matrix d_B = B; d_B.stride = B.width;
  size = B.width * B.height * sizeof(float);
  CK(cudaMalloc(&d_B.elements, size));
  CK(cudaMemcpy(d_B.elements, B.elements, size, cudaMemcpyHostToDevice));
  Matrix d_C = C; d_C.stride = C.width;
  size = C.width * C.height * sizeof(float);
  CK(cudaMalloc(&d_C.elements, size));
  dim3 dimBlock(BLOCK_SIZE, BLOCK_SIZE);
  dim3 dimGrid(B.width / dimBlock.x, A.height / dimBlock.y);
  MatMulKernel<<<dimGrid, dimBlock>>>(d_A, d_B, d_C);
  CK(cudaGetLastError());
  CK(cudaMemcpy(C.elements, d_C.elements, size, cudaMemcpyDeviceToHost));
  CK(cudaFree(d_A.elements)); CK(cudaFree(d_B.elements)); CK(cudaFree(d_C.elements));
}
int main() {
  const int M = 64, K = 48, Ncol = 32;
  Matrix A{K, M, K, new float[M * K]}, B{Ncol, K, Ncol, new float[K * Ncol]}, C{Ncol, M, Ncol, new float[M * Ncol]};
  // Small integers: every partial sum is exact in float, so any summation order gives the same value.
  for (int i = 0; i < M * K; i++) A.elements[i] = (float)((i * 7) % 11 - 5);
  for (int i = 0; i < K * Ncol; i++) B.elements[i] = (float)((i * 3) % 13 - 6);
  MatMul(A, B, C);
  bool ok = true;
  for (int r = 0; r < M; r++)
    for (int c = 0; c < Ncol; c++) {
      float s = 0;
      for (int k = 0; k < K; k++) s += A.elements[r * K + k] * B.elements[k * Ncol + c];
      ok &= C.elements[r * Ncol + c] == s;
    }
  check(ok, "tiled shared-memory MatMul (64x48 * 48x32)");
  return finish();
}
