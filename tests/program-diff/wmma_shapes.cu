// wmma over every shape of half/bf16 (m16n16k16, m32n8k16, m8n32k16) with float and half
// accumulators, row/col layouts of A and B, padded ldm, and stores in both memory layouts.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;
template <int M, int N, int K, class T, class Acc, class LA, class LB>
__global__ void mm(const T *a, const T *b, const Acc *c, Acc *d, int lda, int ldb, int ldc, bool store_col) {
  wmma::fragment<wmma::matrix_a, M, N, K, T, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, T, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, Acc> fc;
  wmma::load_matrix_sync(fa, a, lda);
  wmma::load_matrix_sync(fb, b, ldb);
  wmma::load_matrix_sync(fc, c, ldc, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, store_col ? M + 8 : N + 8, store_col ? wmma::mem_col_major : wmma::mem_row_major);
}
template <class T> T cv(float x);
template <> __half cv(float x) { return __float2half(x); }
template <> __nv_bfloat16 cv(float x) { return __float2bfloat16(x); }
template <> float cv(float x) { return x; }
static unsigned bits(float x) { unsigned u; memcpy(&u, &x, 4); return u; }
static unsigned bits(__half x) { return __half_as_ushort(x); }
template <int M, int N, int K, class T, class Acc, class LA, class LB>
void run(const char *name) {
  bool arow = std::is_same<LA, wmma::row_major>::value, brow = std::is_same<LB, wmma::row_major>::value;
  int lda = (arow ? K : M) + 8, ldb = (brow ? N : K) + 8, ldc = N + 8;
  T *a, *b; Acc *c, *d;
  cudaMallocManaged(&a, sizeof(T) * lda * (arow ? M : K)); cudaMallocManaged(&b, sizeof(T) * ldb * (brow ? K : N));
  cudaMallocManaged(&c, sizeof(Acc) * ldc * M); cudaMallocManaged(&d, sizeof(Acc) * 64 * 64);
  for (int i = 0; i < M; i++)
    for (int k = 0; k < K; k++) a[arow ? i * lda + k : k * lda + i] = cv<T>(((i * 7 + k * 3) % 19 - 9) * 0.0625f + (k == i % K ? 1000.f : 0.f));
  for (int k = 0; k < K; k++)
    for (int j = 0; j < N; j++) b[brow ? k * ldb + j : j * ldb + k] = cv<T>(((k * 5 + j * 11) % 23 - 11) * 0.125f + (j % 5 == 0 ? 0.0078125f * 3 : 0.f));
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) c[i * ldc + j] = cv<Acc>((float)((i * 13 + j) % 29) * 0.25f - 3.5f);
  for (int s = 0; s < 2; s++) {
    memset(d, 0, sizeof(Acc) * 64 * 64);
    mm<M, N, K, T, Acc, LA, LB><<<1, 32>>>(a, b, c, d, lda, ldb, ldc, s);
    cudaError_t e = cudaDeviceSynchronize();
    int ld = s ? M + 8 : N + 8;
    unsigned h = 2166136261u;
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++) h = (h ^ bits(s ? d[j * ld + i] : d[i * ld + j])) * 16777619u;
    printf("%s %s %s store %s: %s hash %08x d[0][0]=%x d[%d][%d]=%x\n", name, arow ? "row" : "col", brow ? "row" : "col", s ? "col" : "row",
           cudaGetErrorString(e), h, bits(d[0]), M - 1, N - 1, bits(s ? d[(N - 1) * ld + M - 1] : d[(M - 1) * ld + N - 1]));
    if (s == 0 && M == 8) {
      for (int j = 0; j < N; j++) printf(" %x", bits(d[3 * ld + j]));
      printf("\n");
    }
  }
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(d);
}
#define ALL(M, N, K, T, A)                                                 \
  run<M, N, K, T, A, wmma::row_major, wmma::row_major>(#M "x" #N "x" #K " " #T " " #A); \
  run<M, N, K, T, A, wmma::col_major, wmma::row_major>(#M "x" #N "x" #K " " #T " " #A); \
  run<M, N, K, T, A, wmma::row_major, wmma::col_major>(#M "x" #N "x" #K " " #T " " #A); \
  run<M, N, K, T, A, wmma::col_major, wmma::col_major>(#M "x" #N "x" #K " " #T " " #A);
int main() {
  ALL(16, 16, 16, __half, float) ALL(32, 8, 16, __half, float) ALL(8, 32, 16, __half, float)
  ALL(16, 16, 16, __half, __half) ALL(32, 8, 16, __half, __half) ALL(8, 32, 16, __half, __half)
  ALL(16, 16, 16, __nv_bfloat16, float) ALL(32, 8, 16, __nv_bfloat16, float) ALL(8, 32, 16, __nv_bfloat16, float)
  return 0;
}
