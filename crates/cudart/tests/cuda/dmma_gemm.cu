// Double-precision tensor cores (wmma m8n8k4 f64) staged through shared memory, as the CUDA sample dmmaTensorCoreGemm does.
#include "common.h"
#include <mma.h>
using namespace nvcuda;
// Double-precision wmma (m8n8k4) GEMM staged through shared memory, as dmmaTensorCoreGemm does.
__global__ void dgemm(const double* A, const double* B, double* C, int M, int N, int K) {
  __shared__ double sa[8 * 4], sb[4 * 8], sc[8 * 8];
  int tm = blockIdx.y, tn = blockIdx.x, lane = threadIdx.x;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
  wmma::fill_fragment(fc, 0.0);
  for (int k = 0; k < K; k += 4) {
    for (int i = lane; i < 32; i += 32) { sa[i] = A[(tm * 8 + i / 4) * K + k + i % 4]; sb[i] = B[(k + i / 8) * N + tn * 8 + i % 8]; }
    __syncwarp();
    wmma::load_matrix_sync(fa, sa, 4);
    wmma::load_matrix_sync(fb, sb, 8);
    wmma::mma_sync(fc, fa, fb, fc);
    __syncwarp();
  }
  wmma::store_matrix_sync(sc, fc, 8, wmma::mem_col_major);
  __syncwarp();
  for (int i = lane; i < 64; i += 32) C[(tm * 8 + i % 8) * N + tn * 8 + i / 8] = sc[i];
}
int main() {
  const int M = 32, N = 24, K = 16;
  double *A, *B, *C; CK(cudaMallocManaged(&A, M * K * 8)); CK(cudaMallocManaged(&B, K * N * 8)); CK(cudaMallocManaged(&C, M * N * 8));
  for (int i = 0; i < M * K; i++) A[i] = (i % 13) * 0.125 - 0.7; for (int i = 0; i < K * N; i++) B[i] = (i % 7) * 0.3 - 1.1;
  dgemm<<<dim3(N / 8, M / 8), 32>>>(A, B, C, M, N, K); CK(cudaDeviceSynchronize());
  for (int i = 0; i < M; i++) for (int j = 0; j < N; j++) { double s = 0; for (int k = 0; k < K; k++) s = fma(A[i * K + k], B[k * N + j], s); EXPECT(fabs(C[i * N + j] - s) < 1e-12); }
  printf("PASS\n");
}
