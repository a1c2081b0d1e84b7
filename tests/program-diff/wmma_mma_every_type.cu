// wmma::mma_sync results for each type and shape: f16 in with f32 and f16 accumulators (with
// rounding visible), bf16, tf32 (inputs with low mantissa bits that tf32 drops), s8 with
// saturation off and on (int accumulators near overflow), double 8x8x4, stored with
// mem_row_major and mem_col_major; printed as a hash plus a few exact elements.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;
__device__ unsigned long long hashf(const float* p, int n) { unsigned long long h = 1469598103934665603ull; for (int i = 0; i < n; i++) { h ^= __float_as_uint(p[i]); h *= 1099511628211ull; } return h; }
__device__ unsigned long long hashi(const int* p, int n) { unsigned long long h = 1469598103934665603ull; for (int i = 0; i < n; i++) { h ^= (unsigned)p[i]; h *= 1099511628211ull; } return h; }
__device__ unsigned long long hashd(const double* p, int n) { unsigned long long h = 1469598103934665603ull; for (int i = 0; i < n; i++) { h ^= __double_as_longlong(p[i]); h *= 1099511628211ull; } return h; }
__global__ void k(unsigned long long* out, float* sf, int* si, double* sd, half* sh) {
  __shared__ half A[16 * 16], B[16 * 16];
  __shared__ __nv_bfloat16 Ab[16 * 16], Bb[16 * 16];
  __shared__ float Af[16 * 8], Bf[8 * 16];
  __shared__ signed char As[16 * 16], Bs[16 * 16];
  __shared__ double Ad[8 * 4], Bd[4 * 8];
  int l = threadIdx.x;
  for (int i = l; i < 256; i += 32) {
    A[i] = __float2half(1.0f + (i % 7) * 0.0009765625f * 3); B[i] = __float2half((i % 5) - 2.0f + 0.125f * (i % 3));
    Ab[i] = __float2bfloat16(1.0f + (i % 11) / 128.0f); Bb[i] = __float2bfloat16(-1.0f + (i % 13) / 64.0f);
    As[i] = (signed char)(i % 2 ? 127 : -128 + i % 5); Bs[i] = (signed char)(127 - i % 3);
  }
  for (int i = l; i < 128; i += 32) { Af[i] = 1.0f + i * 1.1920929e-7f * 3; Bf[i] = 1.0f / (i + 1); }
  if (l < 32) { Ad[l] = 1.0 / (l + 3); Bd[l] = (l - 16) * 0.1; }
  __syncwarp();
  int o = 0;
  { wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a; wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c; wmma::load_matrix_sync(a, A, 16); wmma::load_matrix_sync(b, B, 16);
    wmma::fill_fragment(c, 1e-3f); wmma::mma_sync(c, a, b, c); wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(sf, c, 16, wmma::mem_row_major); __syncwarp(); if (l == 0) out[o] = hashf(sf, 256); o++;
    wmma::store_matrix_sync(sf, c, 16, wmma::mem_col_major); __syncwarp(); if (l == 0) out[o] = hashf(sf, 256); o++;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> ch; wmma::fill_fragment(ch, __float2half(0.333f));
    wmma::mma_sync(ch, a, b, ch); wmma::store_matrix_sync(sh, ch, 16, wmma::mem_row_major); __syncwarp();
    if (l == 0) { unsigned long long h = 0; for (int i = 0; i < 256; i++) h = h * 31 + __half_as_ushort(sh[i]); out[o] = h; } o++; }
  { wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::col_major> a; wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c; wmma::load_matrix_sync(a, Ab, 16); wmma::load_matrix_sync(b, Bb, 16);
    wmma::fill_fragment(c, 0.0f); wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(sf, c, 16, wmma::mem_row_major); __syncwarp(); if (l == 0) out[o] = hashf(sf, 256); o++; }
  { wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a; wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> c; wmma::load_matrix_sync(a, Af, 8); wmma::load_matrix_sync(b, Bf, 16);
    for (int i = 0; i < a.num_elements; i++) a.x[i] = wmma::__float_to_tf32(a.x[i]);
    wmma::fill_fragment(c, 0.5f); wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(sf, c, 16, wmma::mem_col_major); __syncwarp(); if (l == 0) out[o] = hashf(sf, 256); o++; }
  { wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a; wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> c; wmma::load_matrix_sync(a, As, 16); wmma::load_matrix_sync(b, Bs, 16);
    wmma::fill_fragment(c, 2147483647 - 5000); wmma::mma_sync(c, a, b, c, false);
    wmma::store_matrix_sync(si, c, 16, wmma::mem_row_major); __syncwarp(); if (l == 0) { out[o] = hashi(si, 256); out[20] = (unsigned)si[0]; out[21] = (unsigned)si[1]; } o++;
    wmma::fill_fragment(c, 2147483647 - 5000); wmma::mma_sync(c, a, b, c, true);
    wmma::store_matrix_sync(si, c, 16, wmma::mem_row_major); __syncwarp(); if (l == 0) { out[o] = hashi(si, 256); out[22] = (unsigned)si[0]; out[23] = (unsigned)si[1]; } o++; }
  { wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> a; wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> b;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> c; wmma::load_matrix_sync(a, Ad, 4); wmma::load_matrix_sync(b, Bd, 4);
    wmma::fill_fragment(c, 1e-17); wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(sd, c, 8, wmma::mem_row_major); __syncwarp(); if (l == 0) { out[o] = hashd(sd, 64); out[24] = __double_as_longlong(sd[9]); } o++; }
  if (l == 0) out[31] = o;
}
int main() {
  unsigned long long* o; float* sf; int* si; double* sd; half* sh;
  cudaMalloc(&o, 32 * 8); cudaMalloc(&sf, 1024); cudaMalloc(&si, 1024); cudaMalloc(&sd, 512); cudaMalloc(&sh, 512);
  cudaMemset(o, 0, 256);
  k<<<1, 32>>>(o, sf, si, sd, sh);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  unsigned long long h[32]; cudaMemcpy(h, o, 256, cudaMemcpyDeviceToHost);
  for (unsigned i = 0; i < h[31]; i++) printf("mma %u: %016llx\n", i, h[i]);
  printf("int: %d %d sat: %d %d\n", (int)h[20], (int)h[21], (int)h[22], (int)h[23]);
  printf("double[9]: %016llx\n", h[24]);
  return 0;
}
