// nvcuda::wmma double 8x8x4, tf32 16x16x8 and bf16 16x16x16 / 32x8x16 / 8x32x16, every
// layout combination, sub-matrices of wider arrays (ldm != width), accumulators loaded and stored
// in both memory layouts, __float_to_tf32 on fragments, fill_fragment; exact small integers.
#include <cstdio>
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;
template <int M, int N, int K, class TI, class TS, class TA, class LA, class LB>
__global__ void g(const TS* A, int lda, const TS* B, int ldb, TA* C, int ldc, wmma::layout_t cl, bool tf32) {
  wmma::fragment<wmma::matrix_a, M, N, K, TI, LA> a;
  wmma::fragment<wmma::matrix_b, M, N, K, TI, LB> b;
  wmma::fragment<wmma::accumulator, M, N, K, TA> c, d;
  wmma::load_matrix_sync(a, A, lda);
  wmma::load_matrix_sync(b, B, ldb);
  if (tf32) {
    for (int i = 0; i < a.num_elements; i++) a.x[i] = wmma::__float_to_tf32((float)a.x[i]);
    for (int i = 0; i < b.num_elements; i++) b.x[i] = wmma::__float_to_tf32((float)b.x[i]);
  }
  wmma::load_matrix_sync(c, C, ldc, cl);
  wmma::fill_fragment(d, (TA)1);
  for (int i = 0; i < c.num_elements; i++) c.x[i] = c.x[i] + d.x[i];
  wmma::mma_sync(c, a, b, c);
  wmma::store_matrix_sync(C, c, ldc, cl);
}
template <int M, int N, int K, class TI, class TS, class TA, class LA, class LB>
void run(const char* nm, wmma::layout_t cl, bool tf32 = false) {
  const int lda = 24, ldb = 40, ldc = 36;
  static TS ha[64 * 64], hb[64 * 64]; static TA hc[64 * 64];
  for (int i = 0; i < 64 * 64; i++) { ha[i] = (TS)(float)((i * 7) % 9 - 4); hb[i] = (TS)(float)((i * 5) % 7 - 3); hc[i] = (TA)(i % 11); }
  TS *a, *b; TA* c;
  cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&c, sizeof hc);
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice); cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice); cudaMemcpy(c, hc, sizeof hc, cudaMemcpyHostToDevice);
  g<M, N, K, TI, TS, TA, LA, LB><<<1, 32>>>(a + 2 * lda + 8, lda, b + 8, ldb, c + ldc + 4, ldc, cl, tf32);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(hc, c, sizeof hc, cudaMemcpyDeviceToHost);
  long long s = 0; for (int i = 0; i < 64 * 64; i++) s = s * 31 + (long long)hc[i];
  printf("%s: %s sum %lld c %g %g %g\n", nm, cudaGetErrorName(e), s, (double)hc[ldc + 4], (double)hc[ldc + 5], (double)hc[2 * ldc + 4]);
  cudaFree(a); cudaFree(b); cudaFree(c);
}
int main() {
  using R = wmma::row_major; using C = wmma::col_major;
  run<8, 8, 4, double, double, double, R, R>("f64 rr row", wmma::mem_row_major);
  run<8, 8, 4, double, double, double, R, C>("f64 rc col", wmma::mem_col_major);
  run<8, 8, 4, double, double, double, C, R>("f64 cr row", wmma::mem_row_major);
  run<8, 8, 4, double, double, double, C, C>("f64 cc col", wmma::mem_col_major);
  run<16, 16, 8, wmma::precision::tf32, float, float, R, R>("tf32 rr row", wmma::mem_row_major, true);
  run<16, 16, 8, wmma::precision::tf32, float, float, C, C>("tf32 cc col", wmma::mem_col_major, true);
  run<16, 16, 8, wmma::precision::tf32, float, float, R, C>("tf32 rc col", wmma::mem_col_major, true);
  run<16, 16, 16, __nv_bfloat16, __nv_bfloat16, float, R, C>("bf16 rc row", wmma::mem_row_major);
  run<16, 16, 16, __nv_bfloat16, __nv_bfloat16, float, C, R>("bf16 cr col", wmma::mem_col_major);
  run<32, 8, 16, __nv_bfloat16, __nv_bfloat16, float, R, R>("bf16 32x8 rr", wmma::mem_row_major);
  run<8, 32, 16, __nv_bfloat16, __nv_bfloat16, float, C, C>("bf16 8x32 cc", wmma::mem_col_major);
}
