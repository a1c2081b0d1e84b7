// Warp matrix functions (wmma): the guide's 16x16x16 half multiply with float accumulate, row- and
// column-major layouts for A and B, a tiled GEMM over K with fill_fragment/load/mma_sync/store, the
// m32n8k16 and m8n32k16 shapes, half accumulators, and element-wise access to a fragment's
// elements (num_elements, x[]).
#include "guide.h"
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
template <int M, int N, int K, typename ALayout, typename BLayout>
__global__ void gemm(const half* a, const half* b, float* c, int lda, int ldb, int ldc, int kTotal) {
  wmma::fragment<wmma::matrix_a, M, N, K, half, ALayout> a_frag;
  wmma::fragment<wmma::matrix_b, M, N, K, half, BLayout> b_frag;
  wmma::fragment<wmma::accumulator, M, N, K, float> c_frag;
  wmma::fill_fragment(c_frag, 0.0f);
  for (int k = 0; k < kTotal; k += K) {
    const half* ap = std::is_same<ALayout, wmma::row_major>::value ? a + k : a + k * lda;
    const half* bp = std::is_same<BLayout, wmma::row_major>::value ? b + k * ldb : b + k;
    wmma::load_matrix_sync(a_frag, ap, lda);
    wmma::load_matrix_sync(b_frag, bp, ldb);
    wmma::mma_sync(c_frag, a_frag, b_frag, c_frag);
  }
  for (int i = 0; i < c_frag.num_elements; i++) c_frag.x[i] = c_frag.x[i] * 2.0f;  // element-wise scale
  wmma::store_matrix_sync(c, c_frag, ldc, wmma::mem_row_major);
}
__global__ void half_acc(const half* a, const half* b, half* c, float* cf) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, half> acc;
  wmma::load_matrix_sync(af, a, 16);
  wmma::load_matrix_sync(bf, b, 16);
  wmma::load_matrix_sync(acc, c, 16, wmma::mem_col_major);  // C given column-major
  wmma::mma_sync(acc, af, bf, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> f;
  wmma::fill_fragment(f, 1.5f);
  wmma::store_matrix_sync(cf, f, 16, wmma::mem_col_major);
}
// Small integers keep every product and sum exact in float (and in half for the half test).
static float av(int r, int k) { return (float)((r * 3 + k * 5) % 7 - 3); }
static float bv(int k, int c) { return (float)((k * 2 + c * 7) % 5 - 2); }
template <int M, int N, int K, typename AL, typename BL>
static bool run(const char* name, int kTotal) {
  // A is M x kTotal, B is kTotal x N; stored per layout.
  bool aRow = std::is_same<AL, wmma::row_major>::value, bRow = std::is_same<BL, wmma::row_major>::value;
  int lda = aRow ? kTotal : M, ldb = bRow ? N : kTotal;
  half* ha = new half[M * kTotal]; half* hb = new half[kTotal * N];
  for (int r = 0; r < M; r++) for (int k = 0; k < kTotal; k++) ha[aRow ? r * lda + k : k * lda + r] = __float2half(av(r, k));
  for (int k = 0; k < kTotal; k++) for (int c = 0; c < N; c++) hb[bRow ? k * ldb + c : c * ldb + k] = __float2half(bv(k, c));
  half *da, *db; float* dc;
  CK(cudaMalloc(&da, M * kTotal * 2)); CK(cudaMalloc(&db, kTotal * N * 2)); CK(cudaMalloc(&dc, M * N * 4));
  CK(cudaMemcpy(da, ha, M * kTotal * 2, cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, kTotal * N * 2, cudaMemcpyHostToDevice));
  gemm<M, N, K, AL, BL><<<1, 32>>>(da, db, dc, lda, ldb, N, kTotal);
  CK(cudaGetLastError());
  float* hc = new float[M * N];
  CK(cudaMemcpy(hc, dc, M * N * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int r = 0; r < M; r++)
    for (int c = 0; c < N; c++) {
      float s = 0;
      for (int k = 0; k < kTotal; k++) s += av(r, k) * bv(k, c);
      ok &= hc[r * N + c] == 2 * s;
    }
  return check(ok, name);
}
int main() {
  run<16, 16, 16, wmma::row_major, wmma::col_major>("16x16x16 half->float, A row-major, B col-major, K=64", 64);
  run<16, 16, 16, wmma::col_major, wmma::row_major>("16x16x16, A col-major, B row-major, K=32", 32);
  run<16, 16, 16, wmma::row_major, wmma::row_major>("16x16x16, both row-major, K=16", 16);
  run<32, 8, 16, wmma::row_major, wmma::col_major>("32x8x16 shape, K=48", 48);
  run<8, 32, 16, wmma::col_major, wmma::col_major>("8x32x16 shape, both col-major, K=32", 32);
  half ha[256], hb[256], hc[256];
  for (int i = 0; i < 256; i++) {
    ha[i] = __float2half((float)(i % 5 - 2));
    hb[i] = __float2half((float)(i % 3 - 1));
    hc[i] = __float2half((float)(i % 7));
  }
  half *da, *db, *dc; float* dcf;
  CK(cudaMalloc(&da, 512)); CK(cudaMalloc(&db, 512)); CK(cudaMalloc(&dc, 512)); CK(cudaMalloc(&dcf, 1024));
  CK(cudaMemcpy(da, ha, 512, cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, 512, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dc, hc, 512, cudaMemcpyHostToDevice));
  half_acc<<<1, 32>>>(da, db, dc, dcf);
  half ro[256]; float rf[256];
  CK(cudaMemcpy(ro, dc, 512, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rf, dcf, 1024, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++) {
      float s = __half2float(hc[c * 16 + r]);  // C was loaded column-major
      for (int k = 0; k < 16; k++) s += __half2float(ha[r * 16 + k]) * __half2float(hb[c * 16 + k]);
      ok &= __half2float(ro[r * 16 + c]) == s;
    }
  check(ok, "half accumulator, C loaded column-major and stored row-major");
  ok = true;
  for (int i = 0; i < 256; i++) ok &= rf[i] == 1.5f;
  check(ok, "fill_fragment + store column-major");
  return finish();
}
