// min-arch: sm_75
// Warp matrix multiply-accumulate (nvcuda::wmma): 16x16x16 half inputs with float and half accumulators,
// row/col-major fragments, load_matrix_sync/mma_sync/store_matrix_sync/fill_fragment, element-wise ops on
// fragments, and 32x8x16 / 8x32x16 shapes. A full tiled HGEMM with one warp per 16x16 output tile.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;

extern "C" __global__ void wmma_16x16x16_f32acc(const half *a, const half *b, const float *c, float *d, float alpha) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    for (int i = 0; i < fc.num_elements; ++i) fc.x[i] *= alpha;
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

extern "C" __global__ void wmma_16x16x16_f16acc(const half *a, const half *b, half *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, half> fc;
    wmma::fill_fragment(fc, __float2half(0.0f));
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}

extern "C" __global__ void wmma_other_shapes(const half *a, const half *b, float *d1, float *d2) {
    wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> fa1;
    wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::row_major> fb1;
    wmma::fragment<wmma::accumulator, 32, 8, 16, float> fc1;
    wmma::fill_fragment(fc1, 0.0f);
    wmma::load_matrix_sync(fa1, a, 16);
    wmma::load_matrix_sync(fb1, b, 8);
    wmma::mma_sync(fc1, fa1, fb1, fc1);
    wmma::store_matrix_sync(d1, fc1, 8, wmma::mem_row_major);
    wmma::fragment<wmma::matrix_a, 8, 32, 16, half, wmma::row_major> fa2;
    wmma::fragment<wmma::matrix_b, 8, 32, 16, half, wmma::row_major> fb2;
    wmma::fragment<wmma::accumulator, 8, 32, 16, float> fc2;
    wmma::fill_fragment(fc2, 1.0f);
    wmma::load_matrix_sync(fa2, a, 16);
    wmma::load_matrix_sync(fb2, b, 32);
    wmma::mma_sync(fc2, fa2, fb2, fc2);
    wmma::store_matrix_sync(d2, fc2, 32, wmma::mem_row_major);
}

// HGEMM: C[MxN] = A[MxK] * B[KxN]; each warp computes one 16x16 tile; M,N,K multiples of 16
extern "C" __global__ void wmma_hgemm(const half *A, const half *B, float *C, int M, int N, int K) {
    int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int warpN = blockIdx.y * blockDim.y + threadIdx.y;
    if (warpM * 16 >= M || warpN * 16 >= N) return;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(fa, A + warpM * 16 * K + k, K);
        wmma::load_matrix_sync(fb, B + k * N + warpN * 16, N);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(C + warpM * 16 * N + warpN * 16, acc, N, wmma::mem_row_major);
}
