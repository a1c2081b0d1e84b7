// diff-tolerance: 1e-5 (tensor cores accumulate in an order and precision the hardware does not document)
// Tensor cores: wmma GEMMs (f16 inputs with f32 and f16 accumulators, bf16, tf32, int8) on data
// whose results are not exactly representable, and inline-PTX mma.sync m16n8k16 + ldmatrix with
// the ISA's register layouts; prints results.
#include <cstdio>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;
template <typename T, typename Acc, typename Out>
__global__ void gemm16(const T* a, const T* b, const Out* c, Out* d, int K) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, T, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, Acc> fc;
  wmma::load_matrix_sync(fc, (const Acc*)c, 16, wmma::mem_row_major);
  for (int k = 0; k < K; k += 16) {
    wmma::load_matrix_sync(fa, a + k, K);
    wmma::load_matrix_sync(fb, b + k, K);
    wmma::mma_sync(fc, fa, fb, fc);
  }
  for (int i = 0; i < fc.num_elements; i++) fc.x[i] = fc.x[i] * (Acc)2;
  wmma::store_matrix_sync((Acc*)d, fc, 16, wmma::mem_row_major);
}
__global__ void tf32gemm(const float* a, const float* b, float* d) {
  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
  wmma::fill_fragment(fc, 0.5f);
  wmma::load_matrix_sync(fa, a, 8); wmma::load_matrix_sync(fb, b, 16);
  for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
  for (int i = 0; i < fb.num_elements; i++) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
__global__ void i8gemm(const signed char* a, const signed char* b, int* d) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
  wmma::fill_fragment(fc, -7);
  wmma::load_matrix_sync(fa, a, 16); wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
// One m16n8k16 f16 mma.sync: A (16x16 row) via ldmatrix.x4, B (16x8 col) via ldmatrix.x2.trans-free
// (B stored n-major so each 8x8 tile row is a column of B), C zero; writes D as the ISA lays it out.
__global__ void mma_ptx(const half* A, const half* Bt, float* D) {
  __shared__ __align__(16) half sa[16 * 16], sb[8 * 16];
  int l = threadIdx.x;
  for (int i = l; i < 256; i += 32) sa[i] = A[i];
  for (int i = l; i < 128; i += 32) sb[i] = Bt[i];
  __syncwarp();
  unsigned a0, a1, a2, a3, b0, b1;
  unsigned pa = (unsigned)__cvta_generic_to_shared(&sa[(l % 16) * 16 + (l / 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];" : "=r"(a0), "=r"(a1), "=r"(a2), "=r"(a3) : "r"(pa));
  unsigned pb = (unsigned)__cvta_generic_to_shared(&sb[(l % 8) * 16 + ((l / 8) % 2) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];" : "=r"(b0), "=r"(b1) : "r"(pb));
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  int g = l / 4, t = l % 4;
  D[g * 8 + t * 2] = d0; D[g * 8 + t * 2 + 1] = d1; D[(g + 8) * 8 + t * 2] = d2; D[(g + 8) * 8 + t * 2 + 1] = d3;
}
int main() {
  const int K = 64;
  half *a, *b; float *c, *d; cudaMallocManaged(&a, 16 * K * 2); cudaMallocManaged(&b, 16 * K * 2); cudaMallocManaged(&c, 256 * 4); cudaMallocManaged(&d, 256 * 4);
  unsigned s = 9; auto rnd = [&]() { s = s * 1664525u + 1013904223u; return ((s >> 9) & 0xffff) / 65536.0f - 0.5f; };
  for (int i = 0; i < 16 * K; i++) { a[i] = __float2half(rnd() * 3.0f); b[i] = __float2half(rnd() * 5.0f); }
  for (int i = 0; i < 256; i++) c[i] = rnd() * 0.001f;
  gemm16<half, float, float><<<1, 32>>>(a, b, c, d, K); cudaDeviceSynchronize();
  printf("f16->f32:"); for (int i = 0; i < 256; i += 7) printf(" %.9g", d[i]); printf("\n");
  half *ch, *dh; cudaMallocManaged(&ch, 512); cudaMallocManaged(&dh, 512); for (int i = 0; i < 256; i++) ch[i] = __float2half(c[i] * 100);
  gemm16<half, half, half><<<1, 32>>>(a, b, ch, dh, K); cudaDeviceSynchronize();
  printf("f16->f16:"); for (int i = 0; i < 256; i += 7) printf(" %04x", __half_as_ushort(dh[i])); printf("\n");
  __nv_bfloat16 *ab, *bb; cudaMallocManaged(&ab, 16 * K * 2); cudaMallocManaged(&bb, 16 * K * 2);
  for (int i = 0; i < 16 * K; i++) { ab[i] = __float2bfloat16(rnd() * 3.0f); bb[i] = __float2bfloat16(rnd() * 7.0f); }
  gemm16<__nv_bfloat16, float, float><<<1, 32>>>(ab, bb, c, d, K); cudaDeviceSynchronize();
  printf("bf16->f32:"); for (int i = 0; i < 256; i += 7) printf(" %.9g", d[i]); printf("\n");
  float *af, *bf; cudaMallocManaged(&af, 16 * 8 * 4); cudaMallocManaged(&bf, 8 * 16 * 4);
  for (int i = 0; i < 128; i++) { af[i] = rnd() * 1.7f; bf[i] = rnd() * 2.3f; }
  tf32gemm<<<1, 32>>>(af, bf, d); cudaDeviceSynchronize();
  printf("tf32:"); for (int i = 0; i < 256; i += 7) printf(" %.9g", d[i]); printf("\n");
  signed char *ai, *bi; int* di; cudaMallocManaged(&ai, 256); cudaMallocManaged(&bi, 256); cudaMallocManaged(&di, 1024);
  for (int i = 0; i < 256; i++) { ai[i] = (signed char)(s = s * 1664525u + 1013904223u) >> 1; bi[i] = (signed char)(s >> 16); }
  i8gemm<<<1, 32>>>(ai, bi, di); cudaDeviceSynchronize();
  printf("s8:"); for (int i = 0; i < 256; i += 7) printf(" %d", di[i]); printf("\n");
  half *A, *Bt; float* D; cudaMallocManaged(&A, 512); cudaMallocManaged(&Bt, 256); cudaMallocManaged(&D, 512);
  for (int i = 0; i < 256; i++) A[i] = __float2half((float)((i * 7) % 13) - 6.0f);
  for (int i = 0; i < 128; i++) Bt[i] = __float2half((float)((i * 5) % 11) - 5.0f);
  mma_ptx<<<1, 32>>>(A, Bt, D); cudaDeviceSynchronize();
  printf("mma.sync:"); for (int i = 0; i < 128; i++) printf(" %g", D[i]); printf("\n");
  double ref = 0; for (int k = 0; k < 16; k++) ref += (double)__half2float(A[3 * 16 + k]) * __half2float(Bt[5 * 16 + k]);
  printf("D[3][5] reference %g\n", ref);
  return 0;
}
