// Warp matrix functions (CUDA Programming Guide, "Warp Matrix Functions"): tiled GEMMs with
// nvcuda::wmma on half (f32 accumulate), signed char (int accumulate) and, through shared
// memory, __nv_bfloat16; every result is checked against a host GEMM. Inputs are small
// multiples of powers of two, so every sum is exact whatever the accumulation order.
#include "common.h"
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// C (MxN, row-major) = A (MxK, row-major) * B (KxN, stored column-major as NxK); one warp per
// 16x16 tile.
__global__ void gemm_f16(const half* a, const half* b, float* c, int M, int N, int K) {
  int tm = blockIdx.y, tn = blockIdx.x;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 16 * K + k, K);
    wmma::load_matrix_sync(fb, b + tn * 16 * K + k, K);
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(c + tm * 16 * N + tn * 16, fc, N, wmma::mem_row_major);
}

// Integer: C = A * B + bias, with B row-major (KxN) and a 32x8x16 shape.
__global__ void gemm_s8(const signed char* a, const signed char* b, const int* bias, int* c, int M, int N, int K) {
  int tm = blockIdx.y, tn = blockIdx.x;
  wmma::fragment<wmma::matrix_a, 32, 8, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, signed char, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 32, 8, 16, int> fc;
  wmma::load_matrix_sync(fc, bias + tm * 32 * N + tn * 8, N, wmma::mem_row_major);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(fa, a + tm * 32 * K + k, K);
    wmma::load_matrix_sync(fb, b + k * N + tn * 8, N);
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(c + tm * 32 * N + tn * 8, fc, N, wmma::mem_row_major);
}

// bf16 through shared memory, three warps per block (one tile each, N = 48), output scaled by 0.5 with
// an element-wise operation on the accumulator fragment and stored column-major.
__global__ void gemm_bf16_shared(const __nv_bfloat16* a, const __nv_bfloat16* b, float* c, int M, int N, int K) {
  __shared__ __nv_bfloat16 sa[3][16 * 16], sb[3][16 * 16];
  int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  int tm = blockIdx.y, tn = warp;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    for (int i = lane; i < 256; i += 32) {
      sa[warp][i] = a[(tm * 16 + i / 16) * K + k + i % 16];
      sb[warp][i] = b[(tn * 16 + i / 16) * K + k + i % 16];
    }
    __syncwarp();
    wmma::load_matrix_sync(fa, sa[warp], 16);
    wmma::load_matrix_sync(fb, sb[warp], 16);
    wmma::mma_sync(fc, fa, fb, fc);
    __syncwarp();
  }
  for (int i = 0; i < fc.num_elements; i++) fc.x[i] *= 0.5f;
  wmma::store_matrix_sync(c + tn * 16 * M + tm * 16, fc, M, wmma::mem_col_major);
}

int main() {
  const int M = 64, N = 48, K = 32;
  // half
  {
    half *ha = new half[M * K], *hb = new half[N * K];
    float *fa = new float[M * K], *fb = new float[N * K];
    for (int i = 0; i < M * K; i++) { fa[i] = (float)((i % 7) - 3) * 0.5f; ha[i] = __float2half(fa[i]); }
    for (int i = 0; i < N * K; i++) { fb[i] = (float)((i % 5) - 2) * 0.25f; hb[i] = __float2half(fb[i]); }
    half *da, *db; float* dc;
    CK(cudaMalloc(&da, M * K * 2)); CK(cudaMalloc(&db, N * K * 2)); CK(cudaMalloc(&dc, M * N * 4));
    CK(cudaMemcpy(da, ha, M * K * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb, N * K * 2, cudaMemcpyHostToDevice));
    gemm_f16<<<dim3(N / 16, M / 16), 32>>>(da, db, dc, M, N, K);
    CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    float* hc = new float[M * N];
    CK(cudaMemcpy(hc, dc, M * N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++) {
        float s = 0;
        for (int k = 0; k < K; k++) s += fa[i * K + k] * fb[j * K + k];
        if (hc[i * N + j] != s) { printf("FAIL f16 %d %d %f %f\n", i, j, hc[i * N + j], s); return 1; }
      }
    CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc));
  }
  // signed char
  {
    signed char *ha = new signed char[M * K], *hb = new signed char[K * N];
    int *hbias = new int[M * N], *hc = new int[M * N];
    for (int i = 0; i < M * K; i++) ha[i] = (signed char)((i * 37) % 255 - 127);
    for (int i = 0; i < K * N; i++) hb[i] = (signed char)((i * 53) % 251 - 125);
    for (int i = 0; i < M * N; i++) hbias[i] = i * 1000 - 1500000;
    signed char *da, *db; int *dbias, *dc;
    CK(cudaMalloc(&da, M * K)); CK(cudaMalloc(&db, K * N));
    CK(cudaMalloc(&dbias, M * N * 4)); CK(cudaMalloc(&dc, M * N * 4));
    CK(cudaMemcpy(da, ha, M * K, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb, K * N, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dbias, hbias, M * N * 4, cudaMemcpyHostToDevice));
    gemm_s8<<<dim3(N / 8, M / 32), 32>>>(da, db, dbias, dc, M, N, K);
    CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hc, dc, M * N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++) {
        int s = hbias[i * N + j];
        for (int k = 0; k < K; k++) s += ha[i * K + k] * hb[k * N + j];
        if (hc[i * N + j] != s) { printf("FAIL s8 %d %d %d %d\n", i, j, hc[i * N + j], s); return 1; }
      }
    CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dbias)); CK(cudaFree(dc));
  }
  // bf16 through shared memory
  {
    __nv_bfloat16 *ha = new __nv_bfloat16[M * K], *hb = new __nv_bfloat16[N * K];
    float *fa = new float[M * K], *fb = new float[N * K], *hc = new float[M * N];
    for (int i = 0; i < M * K; i++) { fa[i] = (float)((i % 9) - 4) * 0.125f; ha[i] = __float2bfloat16(fa[i]); }
    for (int i = 0; i < N * K; i++) { fb[i] = (float)((i % 11) - 5) * 2.0f; hb[i] = __float2bfloat16(fb[i]); }
    __nv_bfloat16 *da, *db; float* dc;
    CK(cudaMalloc(&da, M * K * 2)); CK(cudaMalloc(&db, N * K * 2)); CK(cudaMalloc(&dc, M * N * 4));
    CK(cudaMemcpy(da, ha, M * K * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb, N * K * 2, cudaMemcpyHostToDevice));
    gemm_bf16_shared<<<dim3(1, M / 16), 32 * (N / 16)>>>(da, db, dc, M, N, K);
    CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(hc, dc, M * N * 4, cudaMemcpyDeviceToHost));
    for (int i = 0; i < M; i++)
      for (int j = 0; j < N; j++) {
        float s = 0;
        for (int k = 0; k < K; k++) s += fa[i * K + k] * fb[j * K + k];
        s *= 0.5f;
        if (hc[j * M + i] != s) { printf("FAIL bf16 %d %d %f %f\n", i, j, hc[j * M + i], s); return 1; }
      }
    CK(cudaFree(da)); CK(cudaFree(db)); CK(cudaFree(dc));
  }
  printf("PASS\n");
  return 0;
}
