// flags: -arch=sm_80
// WMMA with every layout combination on exactly representable data (small integers, so any
// accumulation order gives the same bits): half inputs with float and half accumulators in
// the m16n16k16, m32n8k16 and m8n32k16 shapes, row/col-major A and B, leading dimensions larger
// than the tile, accumulators loaded from memory (C != 0) and stored row- and column-major,
// fragment element-wise scaling through x[], plus tf32 m16n16k8 and bf16; checked on the host.
#include <cstdio>
#include <mma.h>
#include <type_traits>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

template <int M, int N, int K, typename LA, typename LB, typename Acc>
__global__ void gemm(const half* A, const half* B, const Acc* C, Acc* D, int lda, int ldb, int ldc, bool store_col) {
  wmma::fragment<wmma::matrix_a, M, N, K, half, LA> a;
  wmma::fragment<wmma::matrix_b, M, N, K, half, LB> b;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> c;
  wmma::load_matrix_sync(a, A, lda);
  wmma::load_matrix_sync(b, B, ldb);
  wmma::load_matrix_sync(c, C, ldc, wmma::mem_row_major);
  for (int i = 0; i < c.num_elements; ++i) c.x[i] = c.x[i] * (Acc)2;
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(D, c, ldc, store_col ? wmma::mem_col_major : wmma::mem_row_major);
}

__global__ void tf32(const float* A, const float* B, float* D) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> c;
  wmma::fill_fragment(c, 0.5f);
  wmma::load_matrix_sync(a, A, 8); wmma::load_matrix_sync(b, B, 8);
  for (int i = 0; i < a.num_elements; ++i) a.x[i] = wmma::__float_to_tf32(a.x[i]);
  for (int i = 0; i < b.num_elements; ++i) b.x[i] = wmma::__float_to_tf32(b.x[i]);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(D, c, 16, wmma::mem_row_major);
}

__global__ void bf16(const __nv_bfloat16* A, const __nv_bfloat16* B, float* D) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::col_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
  wmma::fill_fragment(c, -1.0f);
  wmma::load_matrix_sync(a, A, 16); wmma::load_matrix_sync(b, B, 16);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(D, c, 16, wmma::mem_col_major);
}

template <int M, int N, int K, typename LA, typename LB, typename Acc>
int run(const char* name, bool col_store) {
  const bool acol = std::is_same<LA, wmma::col_major>::value, bcol = std::is_same<LB, wmma::col_major>::value;
  int lda = (acol ? M : K) + 8, ldb = (bcol ? K : N) + 8, ldc = N + 8;
  if (col_store) ldc = M + 8 > ldc ? M + 8 : ldc;
  int nA = lda * (acol ? K : M), nB = ldb * (bcol ? N : K), nC = ldc * (M > N ? M : N);
  half *A, *B; Acc *C, *D;
  cudaMallocManaged(&A, nA * 2); cudaMallocManaged(&B, nB * 2); cudaMallocManaged(&C, nC * sizeof(Acc)); cudaMallocManaged(&D, nC * sizeof(Acc));
  auto av = [](int i, int k) { return (float)((i * 3 + k * 5) % 7 - 3); };
  auto bv = [](int k, int j) { return (float)((k * 2 + j * 3) % 5 - 2); };
  for (int i = 0; i < M; ++i) for (int k = 0; k < K; ++k) A[acol ? k * lda + i : i * lda + k] = __float2half(av(i, k));
  for (int k = 0; k < K; ++k) for (int j = 0; j < N; ++j) B[bcol ? j * ldb + k : k * ldb + j] = __float2half(bv(k, j));
  for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) C[i * ldc + j] = (Acc)(float)((i - j) % 4);
  gemm<M, N, K, LA, LB, Acc><<<1, 32>>>(A, B, C, D, lda, ldb, ldc, col_store);
  cudaError_t e = cudaDeviceSynchronize();
  int bad = 0; float sum = 0;
  for (int i = 0; i < M; ++i) for (int j = 0; j < N; ++j) {
    float r = 2.0f * (float)((i - j) % 4);
    for (int k = 0; k < K; ++k) r += av(i, k) * bv(k, j);
    float g = (float)(col_store ? D[j * ldc + i] : D[i * ldc + j]);
    bad += g != r; sum += g;
  }
  printf("%-34s %s store %s: bad %d sum %g\n", name, cudaGetErrorName(e), col_store ? "col" : "row", bad, sum);
  cudaFree(A); cudaFree(B); cudaFree(C); cudaFree(D);
  return 0;
}

int main() {
  using R = wmma::row_major; using C = wmma::col_major;
  run<16, 16, 16, R, R, float>("16x16x16 row/row float", false);
  run<16, 16, 16, R, C, float>("16x16x16 row/col float", true);
  run<16, 16, 16, C, R, float>("16x16x16 col/row float", false);
  run<16, 16, 16, C, C, float>("16x16x16 col/col float", true);
  run<32, 8, 16, R, C, float>("32x8x16 row/col float", false);
  run<32, 8, 16, C, R, float>("32x8x16 col/row float", true);
  run<8, 32, 16, R, R, float>("8x32x16 row/row float", true);
  run<8, 32, 16, C, C, float>("8x32x16 col/col float", false);
  run<16, 16, 16, R, C, half>("16x16x16 row/col half acc", false);
  run<32, 8, 16, C, C, half>("32x8x16 col/col half acc", true);
  float *A, *B, *D; cudaMallocManaged(&A, 16 * 8 * 4); cudaMallocManaged(&B, 16 * 8 * 4); cudaMallocManaged(&D, 256 * 4);
  for (int i = 0; i < 128; ++i) { A[i] = (float)(i % 9 - 4) * 0.25f; B[i] = (float)(i % 7 - 3) * 0.5f; }
  tf32<<<1, 32>>>(A, B, D); cudaDeviceSynchronize();
  int bad = 0; for (int i = 0; i < 16; ++i) for (int j = 0; j < 16; ++j) { float r = 0.5f; for (int k = 0; k < 8; ++k) r += A[i * 8 + k] * B[j * 8 + k]; bad += D[i * 16 + j] != r; }
  printf("tf32 16x16x8: bad %d D[5]=%g\n", bad, D[5]);
  __nv_bfloat16 *Ab, *Bb; cudaMallocManaged(&Ab, 256 * 2); cudaMallocManaged(&Bb, 256 * 2);
  for (int i = 0; i < 256; ++i) { Ab[i] = __float2bfloat16((float)(i % 5 - 2)); Bb[i] = __float2bfloat16((float)(i % 3 - 1) * 0.125f); }
  bf16<<<1, 32>>>(Ab, Bb, D); cudaDeviceSynchronize();
  bad = 0; for (int i = 0; i < 16; ++i) for (int j = 0; j < 16; ++j) { float r = -1.0f; for (int k = 0; k < 16; ++k) r += __bfloat162float(Ab[k * 16 + i]) * __bfloat162float(Bb[k * 16 + j]); bad += D[j * 16 + i] != r; }
  printf("bf16 16x16x16 col/row: bad %d D[17]=%g\n", bad, D[17]);
  return 0;
}
