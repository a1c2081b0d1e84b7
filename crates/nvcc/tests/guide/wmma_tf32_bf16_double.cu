// Warp matrix functions on the sm_80 types: tf32 (m16n16k8, inputs rounded with
// wmma::__float_to_tf32), bf16 (m16n16k16, __nv_bfloat16 in, float accumulate), double
// (m8n8k4), and 8-bit integers (m16n16k16 signed char in, int accumulate).
#include "guide.h"
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;
__global__ void tf32(const float* a, const float* b, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
  wmma::fill_fragment(acc, 0.f);
  for (int k = 0; k < 32; k += 8) {
    wmma::load_matrix_sync(af, a + k, 32);
    wmma::load_matrix_sync(bf, b + k, 32);
    for (int i = 0; i < af.num_elements; i++) af.x[i] = wmma::__float_to_tf32(af.x[i]);
    for (int i = 0; i < bf.num_elements; i++) bf.x[i] = wmma::__float_to_tf32(bf.x[i]);
    wmma::mma_sync(acc, af, bf, acc);
  }
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
__global__ void bf16(const __nv_bfloat16* a, const __nv_bfloat16* b, float* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.f);
  wmma::load_matrix_sync(af, a, 16);
  wmma::load_matrix_sync(bf, b, 16);
  wmma::mma_sync(acc, af, bf, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}
__global__ void dmma(const double* a, const double* b, double* c) {
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::load_matrix_sync(acc, c, 8, wmma::mem_row_major);
  for (int k = 0; k < 16; k += 4) {
    wmma::load_matrix_sync(af, a + k, 16);
    wmma::load_matrix_sync(bf, b + k, 16);
    wmma::mma_sync(acc, af, bf, acc);
  }
  wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}
__global__ void imma(const signed char* a, const signed char* b, int* c) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> af;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> bf;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
  wmma::fill_fragment(acc, 7);
  wmma::load_matrix_sync(af, a, 16);
  wmma::load_matrix_sync(bf, b, 16);
  wmma::mma_sync(acc, af, bf, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
__global__ void round_tf32(const float* in, float* out) { out[threadIdx.x] = wmma::__float_to_tf32(in[threadIdx.x]); }
// tf32 keeps 10 fraction bits: values with at most 11 significant bits pass through unchanged.
static float tf(int i) { return (float)((i * 37) % 41 - 20) * 0.125f; }
int main() {
  float ha[16 * 32], hb[16 * 32], hc[256];
  for (int i = 0; i < 16 * 32; i++) { ha[i] = tf(i); hb[i] = tf(i * 3 + 1); }
  float *da, *db, *dc;
  CK(cudaMalloc(&da, sizeof(ha))); CK(cudaMalloc(&db, sizeof(hb))); CK(cudaMalloc(&dc, sizeof(hc)));
  CK(cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice)); CK(cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice));
  tf32<<<1, 32>>>(da, db, dc);
  CK(cudaGetLastError());
  CK(cudaMemcpy(hc, dc, sizeof(hc), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++) {
      float s = 0;
      for (int k = 0; k < 32; k++) s += ha[r * 32 + k] * hb[c * 32 + k];  // B col-major: column c at c*32
      ok &= hc[r * 16 + c] == s;
    }
  check(ok, "tf32 m16n16k8, K=32");
  // __float_to_tf32 rounds to 10 fraction bits, to nearest with ties away from zero.
  float rin[6] = {1.f + ldexpf(1, -11), 1.f + ldexpf(1, -12), -(1.f + 3 * ldexpf(1, -11)), 1.f + ldexpf(1, -11) + ldexpf(1, -20), 3.f, -0.f};
  float rwant[6] = {1.f + ldexpf(1, -10), 1.f, -(1.f + 2 * ldexpf(1, -10)), 1.f + ldexpf(1, -10), 3.f, -0.f};
  float *rd_in, *rd_out, rout[6];
  CK(cudaMalloc(&rd_in, sizeof(rin))); CK(cudaMalloc(&rd_out, sizeof(rin)));
  CK(cudaMemcpy(rd_in, rin, sizeof(rin), cudaMemcpyHostToDevice));
  round_tf32<<<1, 6>>>(rd_in, rd_out);
  CK(cudaMemcpy(rout, rd_out, sizeof(rout), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < 6; i++) ok &= memcmp(&rout[i], &rwant[i], 4) == 0;
  check(ok, "wmma::__float_to_tf32 rounds to nearest, ties away");
  __nv_bfloat16 ba[256], bb[256];
  for (int i = 0; i < 256; i++) { ba[i] = __float2bfloat16((float)(i % 9 - 4)); bb[i] = __float2bfloat16((float)(i % 5) * 0.5f); }
  __nv_bfloat16 *dba, *dbb;
  CK(cudaMalloc(&dba, 512)); CK(cudaMalloc(&dbb, 512));
  CK(cudaMemcpy(dba, ba, 512, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dbb, bb, 512, cudaMemcpyHostToDevice));
  bf16<<<1, 32>>>(dba, dbb, dc);
  CK(cudaMemcpy(hc, dc, sizeof(hc), cudaMemcpyDeviceToHost));
  ok = true;
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++) {
      float s = 0;
      for (int k = 0; k < 16; k++) s += __bfloat162float(ba[r * 16 + k]) * __bfloat162float(bb[k * 16 + c]);
      ok &= hc[c * 16 + r] == s;  // stored column-major
    }
  check(ok, "bf16 m16n16k16 with float accumulate");
  double dA[8 * 16], dB[8 * 16], dC[64];
  for (int i = 0; i < 128; i++) { dA[i] = (i % 11) * 0.25 - 1; dB[i] = (i % 7) * 1.5 - 4; }
  for (int i = 0; i < 64; i++) dC[i] = i;
  double *pa, *pb, *pc;
  CK(cudaMalloc(&pa, sizeof(dA))); CK(cudaMalloc(&pb, sizeof(dB))); CK(cudaMalloc(&pc, sizeof(dC)));
  CK(cudaMemcpy(pa, dA, sizeof(dA), cudaMemcpyHostToDevice)); CK(cudaMemcpy(pb, dB, sizeof(dB), cudaMemcpyHostToDevice));
  CK(cudaMemcpy(pc, dC, sizeof(dC), cudaMemcpyHostToDevice));
  dmma<<<1, 32>>>(pa, pb, pc);
  double rC[64];
  CK(cudaMemcpy(rC, pc, sizeof(rC), cudaMemcpyDeviceToHost));
  ok = true;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++) {
      double s = dC[r * 8 + c];
      for (int k = 0; k < 16; k++) s += dA[r * 16 + k] * dB[c * 16 + k];
      ok &= rC[r * 8 + c] == s;
    }
  check(ok, "double m8n8k4, K=16, C loaded and accumulated");
  signed char ia[256], ib[256];
  for (int i = 0; i < 256; i++) { ia[i] = (signed char)((i * 13) % 256 - 128); ib[i] = (signed char)((i * 29) % 256 - 128); }
  signed char *pia, *pib; int* pic;
  CK(cudaMalloc(&pia, 256)); CK(cudaMalloc(&pib, 256)); CK(cudaMalloc(&pic, 1024));
  CK(cudaMemcpy(pia, ia, 256, cudaMemcpyHostToDevice)); CK(cudaMemcpy(pib, ib, 256, cudaMemcpyHostToDevice));
  imma<<<1, 32>>>(pia, pib, pic);
  int ic[256];
  CK(cudaMemcpy(ic, pic, 1024, cudaMemcpyDeviceToHost));
  ok = true;
  for (int r = 0; r < 16; r++)
    for (int c = 0; c < 16; c++) {
      int s = 7;
      for (int k = 0; k < 16; k++) s += ia[r * 16 + k] * ib[c * 16 + k];
      ok &= ic[r * 16 + c] == s;
    }
  check(ok, "int8 m16n16k16 with int accumulate");
  return finish();
}
