// wmma's experimental sub-byte types: s4/u4 m8n8k32 and b1 m8n8k128 (XOR and AND with popcount),
// A row-major and B col-major as the guide requires, int accumulators loaded and stored both ways.
#include <cstdio>
#include <mma.h>
using namespace nvcuda;
namespace ex = nvcuda::wmma::experimental;
template <class T>
__global__ void sub4(const unsigned *a, const unsigned *b, const int *c, int *d, bool colstore) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, T, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, T, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> fc;
  wmma::load_matrix_sync(fa, a, 32);
  wmma::load_matrix_sync(fb, b, 32);
  wmma::load_matrix_sync(fc, c, 8, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 8, colstore ? wmma::mem_col_major : wmma::mem_row_major);
}
__global__ void bin(const unsigned *a, const unsigned *b, int *d, bool use_and) {
  wmma::fragment<wmma::matrix_a, 8, 8, 128, ex::precision::b1, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, ex::precision::b1, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> fc;
  wmma::load_matrix_sync(fa, a, 128);
  wmma::load_matrix_sync(fb, b, 128);
  wmma::fill_fragment(fc, 5);
  if (use_and) wmma::bmma_sync(fc, fa, fb, fc, ex::bmmaBitOpAND);
  else wmma::bmma_sync(fc, fa, fb, fc, ex::bmmaBitOpXOR);
  wmma::store_matrix_sync(d, fc, 8, wmma::mem_row_major);
}
static void show(const char *n, const int *d) {
  printf("%s:", n);
  for (int i = 0; i < 64; i++) printf(" %d", d[i]);
  printf("\n");
}
int main() {
  unsigned *a, *b; int *c, *d;
  cudaMallocManaged(&a, 8 * 32); cudaMallocManaged(&b, 8 * 32); cudaMallocManaged(&c, 256); cudaMallocManaged(&d, 256);
  for (int i = 0; i < 32; i++) { a[i] = 0x9e3779b9u * (i + 1); b[i] = 0x85ebca6bu * (i + 3) ^ (i << 7); }
  for (int i = 0; i < 64; i++) c[i] = i * 3 - 100;
  sub4<ex::precision::s4><<<1, 32>>>(a, b, c, d, false);
  printf("s4: %s\n", cudaGetErrorString(cudaDeviceSynchronize())); show(" row", d);
  sub4<ex::precision::u4><<<1, 32>>>(a, b, c, d, true);
  printf("u4: %s\n", cudaGetErrorString(cudaDeviceSynchronize())); show(" col", d);
  bin<<<1, 32>>>(a, b, d, false);
  printf("b1 xor: %s\n", cudaGetErrorString(cudaDeviceSynchronize())); show(" ", d);
  bin<<<1, 32>>>(a, b, d, true);
  printf("b1 and: %s\n", cudaGetErrorString(cudaDeviceSynchronize())); show(" ", d);
  return 0;
}
