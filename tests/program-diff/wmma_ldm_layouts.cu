// nvcuda::wmma with leading dimensions wider than the tile (ldm != width): half 16x16x16,
// 32x8x16 and 8x32x16 with row/col layouts from sub-matrices of a bigger array, accumulators
// loaded and stored in mem_row_major and mem_col_major with padded ldm, fragment x[] scaling,
// int8 (s8/u8) 16x16x16 with int accumulators; exactly representable inputs, integers printed.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
template <int M, int N, int K, class LA, class LB>
__global__ void hgemm(const half* A, int lda, const half* B, int ldb, float* C, int ldc, wmma::layout_t cl) {
  wmma::fragment<wmma::matrix_a, M, N, K, half, LA> a;
  wmma::fragment<wmma::matrix_b, M, N, K, half, LB> b;
  wmma::fragment<wmma::accumulator, M, N, K, float> c;
  wmma::load_matrix_sync(a, A, lda);
  wmma::load_matrix_sync(b, B, ldb);
  wmma::load_matrix_sync(c, C, ldc, cl);
  for (int i = 0; i < c.num_elements; i++) c.x[i] = c.x[i] * 2.0f;
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(C, c, ldc, cl);
}
template <class T, class LA, class LB>
__global__ void igemm(const T* A, int lda, const T* B, int ldb, int* C, int ldc) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, T, LA> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, T, LB> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> c;
  wmma::fill_fragment(c, 7);
  wmma::load_matrix_sync(a, A, lda);
  wmma::load_matrix_sync(b, B, ldb);
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(C, c, ldc, wmma::mem_col_major);
}
static long long checksum(const float* c, int n) { long long s = 0; for (int i = 0; i < n; i++) s = s * 31 + (long long)c[i]; return s; }
template <int M, int N, int K, class LA, class LB>
void runh(const char* nm, wmma::layout_t cl) {
  const int lda = 40, ldb = 48, ldc = 36;
  static half ha[64 * 64], hb[64 * 64]; static float hc[64 * 64];
  for (int i = 0; i < 64 * 64; i++) { ha[i] = __float2half((float)((i * 7) % 9 - 4)); hb[i] = __float2half((float)((i * 5) % 7 - 3)); hc[i] = (float)(i % 11); }
  half *a, *b; float* c;
  cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&c, sizeof hc);
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice); cudaMemcpy(c, hc, sizeof hc, cudaMemcpyHostToDevice);
  hgemm<M, N, K, LA, LB><<<1, 32>>>(a + 3 * lda + 8, lda, b + 8, ldb, c + ldc + 4, ldc, cl);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
  printf("%s: %s sum %lld c[1][4..8] %g %g %g %g %g\n", nm, cudaGetErrorName(e), checksum(hc, 64 * 64), hc[ldc + 4], hc[ldc + 5], hc[ldc + 6], hc[ldc + 7], hc[ldc + 8]);
  cudaFree(a); cudaFree(b); cudaFree(c);
}
template <class T, class LA, class LB> void runi(const char* nm) {
  static T ha[64 * 64], hb[64 * 64]; static int hc[64 * 64];
  for (int i = 0; i < 64 * 64; i++) { ha[i] = (T)((i * 13) % 251); hb[i] = (T)((i * 29) % 253); }
  T *a, *b; int* c;
  cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&c, sizeof hc);
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  cudaMemset(c, 0, sizeof hc);
  igemm<T, LA, LB><<<1, 32>>>(a + 16, 48, b + 32, 64, c, 20);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
  long long s = 0; for (int i = 0; i < 20 * 16; i++) s = s * 31 + hc[i];
  printf("%s: %s sum %lld c0 %d c1 %d c20 %d\n", nm, cudaGetErrorName(e), s, hc[0], hc[1], hc[20]);
}
int main() {
  runh<16, 16, 16, wmma::row_major, wmma::col_major>("h16 rc row", wmma::mem_row_major);
  runh<16, 16, 16, wmma::col_major, wmma::row_major>("h16 cr col", wmma::mem_col_major);
  runh<32, 8, 16, wmma::row_major, wmma::row_major>("h32x8 rr row", wmma::mem_row_major);
  runh<32, 8, 16, wmma::col_major, wmma::col_major>("h32x8 cc col", wmma::mem_col_major);
  runh<8, 32, 16, wmma::row_major, wmma::col_major>("h8x32 rc col", wmma::mem_col_major);
  runh<8, 32, 16, wmma::col_major, wmma::row_major>("h8x32 cr row", wmma::mem_row_major);
  runi<signed char, wmma::row_major, wmma::col_major>("s8 rc");
  runi<unsigned char, wmma::col_major, wmma::row_major>("u8 cr");
  runi<signed char, wmma::row_major, wmma::row_major>("s8 rr");
}
