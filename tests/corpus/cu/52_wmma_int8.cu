// min-arch: sm_75
// Integer wmma: signed char (s8) and unsigned char (u8) m16n16k16 with int accumulators, m32n8k16/m8n32k16
// s8 shapes, and experimental sub-byte 4-bit (experimental::precision::s4, m8n8k32) and 1-bit (b1, m8n8k128 XOR/AND popc).
#include <mma.h>
using namespace nvcuda;

extern "C" __global__ void wmma_s8(const signed char *a, const signed char *b, const int *c, int *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

extern "C" __global__ void wmma_u8_sat(const unsigned char *a, const unsigned char *b, int *d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> fc;
    wmma::fill_fragment(fc, 0);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(fc, fa, fb, fc, true);  // saturate on overflow
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}

extern "C" __global__ void wmma_s8_shapes(const signed char *a, const signed char *b, int *d1, int *d2) {
    wmma::fragment<wmma::matrix_a, 32, 8, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 32, 8, 16, signed char, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 32, 8, 16, int> fc;
    wmma::fill_fragment(fc, 0);
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 8);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d1, fc, 8, wmma::mem_row_major);
    wmma::fragment<wmma::matrix_a, 8, 32, 16, signed char, wmma::col_major> ga;
    wmma::fragment<wmma::matrix_b, 8, 32, 16, signed char, wmma::col_major> gb;
    wmma::fragment<wmma::accumulator, 8, 32, 16, int> gc;
    wmma::fill_fragment(gc, 0);
    wmma::load_matrix_sync(ga, a, 8);
    wmma::load_matrix_sync(gb, b, 16);
    wmma::mma_sync(gc, ga, gb, gc);
    wmma::store_matrix_sync(d2, gc, 32, wmma::mem_row_major);
}

extern "C" __global__ void wmma_subbyte(const void *a4, const void *b4, const void *a1, const void *b1, int *d4, int *d1) {
    using namespace nvcuda::wmma::experimental;
    wmma::fragment<wmma::matrix_a, 8, 8, 32, precision::s4, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 32, precision::s4, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 32, int> fc;
    wmma::fill_fragment(fc, 0);
    wmma::load_matrix_sync(fa, a4, 32);
    wmma::load_matrix_sync(fb, b4, 32);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d4, fc, 8, wmma::mem_row_major);
    wmma::fragment<wmma::matrix_a, 8, 8, 128, precision::b1, wmma::row_major> ga;
    wmma::fragment<wmma::matrix_b, 8, 8, 128, precision::b1, wmma::col_major> gb;
    wmma::fragment<wmma::accumulator, 8, 8, 128, int> gc;
    wmma::fill_fragment(gc, 0);
    wmma::load_matrix_sync(ga, a1, 128);
    wmma::load_matrix_sync(gb, b1, 128);
#if __CUDA_ARCH__ >= 800
    wmma::bmma_sync(gc, ga, gb, gc, wmma::experimental::bmmaBitOpAND);
#else
    wmma::bmma_sync(gc, ga, gb, gc, wmma::experimental::bmmaBitOpXOR);
#endif
    wmma::store_matrix_sync(d1, gc, 8, wmma::mem_row_major);
}
