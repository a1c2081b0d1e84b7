// wmma with u8/s8 (int accumulators, every shape, saturating and not), double m8n8k4, tf32 m16n16k8
// with __float_to_tf32 of many-bit floats (NaN, infinity and subnormal operands among them).
#include <cstdio>
#include <mma.h>
using namespace nvcuda;
template <int M, int N, int K, class T, class LA, class LB>
__global__ void imm(const T *a, const T *b, const int *c, int *d, bool sat) {
  wmma::fragment<wmma::matrix_a, M, N, K, T, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, T, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, int> fc;
  wmma::load_matrix_sync(fa, a, std::is_same<LA, wmma::row_major>::value ? K : M);
  wmma::load_matrix_sync(fb, b, std::is_same<LB, wmma::row_major>::value ? N : K);
  wmma::load_matrix_sync(fc, c, N, wmma::mem_row_major);
  if (sat) wmma::mma_sync(fc, fa, fb, fc, true); else wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, N, wmma::mem_row_major);
}
template <int M, int N, int K, class T, class LA, class LB>
void irun(const char *name) {
  T *a, *b; int *c, *d;
  cudaMallocManaged(&a, M * K); cudaMallocManaged(&b, K * N); cudaMallocManaged(&c, M * N * 4); cudaMallocManaged(&d, M * N * 4);
  for (int i = 0; i < M * K; i++) a[i] = (T)(i * 37 + 101);
  for (int i = 0; i < K * N; i++) b[i] = (T)(i * 59 + 7);
  for (int i = 0; i < M * N; i++) c[i] = i % 3 == 0 ? 0x7ffff000 + i : i % 3 == 1 ? -0x7ffff000 - i : i * 1000 - 50000;
  for (int s = 0; s < 2; s++) {
    imm<M, N, K, T, LA, LB><<<1, 32>>>(a, b, c, d, s);
    cudaError_t e = cudaDeviceSynchronize();
    unsigned h = 2166136261u;
    for (int i = 0; i < M * N; i++) h = (h ^ (unsigned)d[i]) * 16777619u;
    printf("%s %s: %s %08x %d %d %d %d\n", name, s ? "sat" : "wrap", cudaGetErrorString(e), h, d[0], d[1], d[2], d[M * N - 1]);
  }
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(d);
}
__global__ void dmm(const double *a, const double *b, double *d) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
  wmma::fill_fragment(fc, 0.1);
  wmma::load_matrix_sync(fa, a, 4);
  wmma::load_matrix_sync(fb, b, 4);
  for (int r = 0; r < 3; r++) wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 8, wmma::mem_col_major);
}
__global__ void tmm(const float *a, const float *b, float *d, float *conv) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::load_matrix_sync(fa, a, 8);
  wmma::load_matrix_sync(fb, b, 8);
  for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
  wmma::fill_fragment(fc, -0.0f);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
  int l = threadIdx.x;
  for (int i = 0; i < 8; i++) conv[l * 8 + i] = wmma::__float_to_tf32(a[(l * 8 + i) % 128]);
}
int main() {
  irun<16, 16, 16, unsigned char, wmma::row_major, wmma::col_major>("u8 16x16x16");
  irun<16, 16, 16, signed char, wmma::row_major, wmma::col_major>("s8 16x16x16");
  irun<32, 8, 16, signed char, wmma::row_major, wmma::row_major>("s8 32x8x16");
  irun<8, 32, 16, unsigned char, wmma::col_major, wmma::row_major>("u8 8x32x16");
  irun<8, 32, 16, signed char, wmma::col_major, wmma::col_major>("s8 8x32x16");
  double *a, *b, *d;
  cudaMallocManaged(&a, 32 * 8); cudaMallocManaged(&b, 32 * 8); cudaMallocManaged(&d, 64 * 8);
  for (int i = 0; i < 32; i++) { a[i] = 1.0 / (i + 3); b[i] = (i % 7 - 3) * 1e-17 + (i % 2 ? 1e16 : -1e16) / (i + 1); }
  dmm<<<1, 32>>>(a, b, d);
  printf("dmm: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 64; i += 4) printf("%a %a %a %a\n", d[i], d[i + 1], d[i + 2], d[i + 3]);
  float *fa, *fb, *fd, *conv;
  cudaMallocManaged(&fa, 128 * 4); cudaMallocManaged(&fb, 128 * 4); cudaMallocManaged(&fd, 256 * 4); cudaMallocManaged(&conv, 256 * 4);
  for (int i = 0; i < 128; i++) {
    unsigned u = 0x3f800000u + i * 0x1235u + (i % 5 == 0 ? 0xfff : i % 5 == 1 ? 0x1000 : i % 5 == 2 ? 0x0fff : 0);
    if (i == 7) u = 0x7f7fffffu; if (i == 9) u = 0x7fc01234u; if (i == 11) u = 0x00000fffu; if (i == 13) u = 0x80801fffu;
    memcpy(&fa[i], &u, 4);
    fb[i] = (i % 9 - 4) * 0.001f;
  }
  tmm<<<1, 32>>>(fa, fb, fd, conv);
  printf("tmm: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 256; i += 8) {
    for (int j = 0; j < 8; j++) printf(" %a", fd[i + j]);
    printf("\n");
  }
  for (int i = 0; i < 128; i += 8) {
    for (int j = 0; j < 8; j++) { unsigned u; memcpy(&u, &conv[i + j], 4); printf(" %08x", u); }
    printf("\n");
  }
  return 0;
}
