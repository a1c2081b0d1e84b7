// Warp matrix kernels for tests/mma.rs: every wmma shape/type of <mma.h> on sm_90, and the
// PTX-level mma.sync / ldmatrix / stmatrix / movmatrix forms through inline asm (whose
// fragment layouts the PTX ISA specifies; the test builds the per-lane registers itself).
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
using namespace nvcuda;

// D = A * B + 2 * C for one tile; layouts of A and B are template parameters, those of C
// and D run-time flags; strides are run-time values (so sub-matrices of larger arrays work).
template <int M, int N, int K, typename TIn, typename TFrag, typename TAcc, typename LA, typename LB>
__device__ void wmma_tile(const TIn* a, const TIn* b, const TAcc* c, TAcc* d, int lda, int ldb, int ldc, int ldd,
                          int ccol, int dcol, bool satf) {
  wmma::fragment<wmma::matrix_a, M, N, K, TFrag, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, TFrag, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TAcc> fc;
  wmma::load_matrix_sync(fa, a, lda);
  wmma::load_matrix_sync(fb, b, ldb);
  if constexpr (std::is_same<TFrag, wmma::precision::tf32>::value) {
    for (int i = 0; i < fa.num_elements; i++) fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
    for (int i = 0; i < fb.num_elements; i++) fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
  }
  wmma::load_matrix_sync(fc, c, ldc, ccol ? wmma::mem_col_major : wmma::mem_row_major);
  for (int i = 0; i < fc.num_elements; i++) fc.x[i] = fc.x[i] + fc.x[i];
  if constexpr (std::is_same<TAcc, int>::value) {
    wmma::mma_sync(fc, fa, fb, fc, satf);
  } else {
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(d, fc, ldd, dcol ? wmma::mem_col_major : wmma::mem_row_major);
}

#define R wmma::row_major
#define C wmma::col_major
#define WMMA(name, M, N, K, TIn, TFrag, TAcc, LA, LB)                                                   \
  extern "C" __global__ void name(const TIn* a, const TIn* b, const TAcc* c, TAcc* d, int lda, int ldb, \
                                  int ldc, int ldd, int ccol, int dcol, int satf) {                     \
    wmma_tile<M, N, K, TIn, TFrag, TAcc, LA, LB>(a, b, c, d, lda, ldb, ldc, ldd, ccol, dcol, satf != 0); \
  }

WMMA(wmma_f16_f32_16x16x16_rr, 16, 16, 16, half, half, float, R, R)
WMMA(wmma_f16_f32_16x16x16_rc, 16, 16, 16, half, half, float, R, C)
WMMA(wmma_f16_f32_16x16x16_cr, 16, 16, 16, half, half, float, C, R)
WMMA(wmma_f16_f32_16x16x16_cc, 16, 16, 16, half, half, float, C, C)
WMMA(wmma_f16_f32_32x8x16_rc, 32, 8, 16, half, half, float, R, C)
WMMA(wmma_f16_f32_32x8x16_cr, 32, 8, 16, half, half, float, C, R)
WMMA(wmma_f16_f32_8x32x16_rc, 8, 32, 16, half, half, float, R, C)
WMMA(wmma_f16_f32_8x32x16_cr, 8, 32, 16, half, half, float, C, R)
WMMA(wmma_f16_f16_16x16x16_rc, 16, 16, 16, half, half, half, R, C)
WMMA(wmma_f16_f16_16x16x16_cr, 16, 16, 16, half, half, half, C, R)
WMMA(wmma_f16_f16_32x8x16_rr, 32, 8, 16, half, half, half, R, R)
WMMA(wmma_f16_f16_8x32x16_cc, 8, 32, 16, half, half, half, C, C)
WMMA(wmma_bf16_f32_16x16x16_rc, 16, 16, 16, __nv_bfloat16, __nv_bfloat16, float, R, C)
WMMA(wmma_bf16_f32_16x16x16_cr, 16, 16, 16, __nv_bfloat16, __nv_bfloat16, float, C, R)
WMMA(wmma_bf16_f32_32x8x16_rc, 32, 8, 16, __nv_bfloat16, __nv_bfloat16, float, R, C)
WMMA(wmma_bf16_f32_8x32x16_cr, 8, 32, 16, __nv_bfloat16, __nv_bfloat16, float, C, R)
WMMA(wmma_tf32_f32_16x16x8_rc, 16, 16, 8, float, wmma::precision::tf32, float, R, C)
WMMA(wmma_tf32_f32_16x16x8_cr, 16, 16, 8, float, wmma::precision::tf32, float, C, R)
WMMA(wmma_f64_f64_8x8x4_rc, 8, 8, 4, double, double, double, R, C)
WMMA(wmma_f64_f64_8x8x4_cr, 8, 8, 4, double, double, double, C, R)
WMMA(wmma_s8_s32_16x16x16_rc, 16, 16, 16, signed char, signed char, int, R, C)
WMMA(wmma_s8_s32_16x16x16_cr, 16, 16, 16, signed char, signed char, int, C, R)
WMMA(wmma_s8_s32_32x8x16_rr, 32, 8, 16, signed char, signed char, int, R, R)
WMMA(wmma_s8_s32_8x32x16_cc, 8, 32, 16, signed char, signed char, int, C, C)
WMMA(wmma_u8_s32_16x16x16_rc, 16, 16, 16, unsigned char, unsigned char, int, R, C)
WMMA(wmma_u8_s32_32x8x16_cr, 32, 8, 16, unsigned char, unsigned char, int, C, R)
WMMA(wmma_u8_s32_8x32x16_rc, 8, 32, 16, unsigned char, unsigned char, int, R, C)

// Sub-byte: A row-major, B column-major (the only layouts), C and D row-major.
template <typename P>
__device__ void wmma_sub(const void* a, const void* b, const int* c, int* d, int lda, int ldb, int ldc, int ldd) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, P, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 32, P, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 32, int> fc;
  wmma::load_matrix_sync(fa, a, lda);
  wmma::load_matrix_sync(fb, b, ldb);
  wmma::load_matrix_sync(fc, c, ldc, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, ldd, wmma::mem_row_major);
}
extern "C" __global__ void wmma_s4(const void* a, const void* b, const int* c, int* d, int lda, int ldb, int ldc, int ldd) {
  wmma_sub<wmma::experimental::precision::s4>(a, b, c, d, lda, ldb, ldc, ldd);
}
extern "C" __global__ void wmma_u4(const void* a, const void* b, const int* c, int* d, int lda, int ldb, int ldc, int ldd) {
  wmma_sub<wmma::experimental::precision::u4>(a, b, c, d, lda, ldb, ldc, ldd);
}
template <wmma::experimental::bmmaBitOp OP>
__device__ void wmma_bits(const void* a, const void* b, const int* c, int* d, int lda, int ldb, int ldc, int ldd) {
  wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 128, wmma::experimental::precision::b1, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 128, int> fc;
  wmma::load_matrix_sync(fa, a, lda);
  wmma::load_matrix_sync(fb, b, ldb);
  wmma::load_matrix_sync(fc, c, ldc, wmma::mem_row_major);
  wmma::bmma_sync(fc, fa, fb, fc, OP);
  wmma::store_matrix_sync(d, fc, ldd, wmma::mem_row_major);
}
extern "C" __global__ void wmma_b1_xor(const void* a, const void* b, const int* c, int* d, int lda, int ldb, int ldc, int ldd) {
  wmma_bits<wmma::experimental::bmmaBitOpXOR>(a, b, c, d, lda, ldb, ldc, ldd);
}
extern "C" __global__ void wmma_b1_and(const void* a, const void* b, const int* c, int* d, int lda, int ldb, int ldc, int ldd) {
  wmma_bits<wmma::experimental::bmmaBitOpAND>(a, b, c, d, lda, ldb, ldc, ldd);
}

// Through shared memory (wmma.load/store .shared), with fill_fragment: D = A * B (16x16x16,
// A row-major, B column-major, D row-major, all dense).
extern "C" __global__ void wmma_shared(const half* a, const half* b, float* d) {
  __shared__ half sa[256], sb[256];
  __shared__ float sd[256];
  for (int i = threadIdx.x; i < 256; i += 32) { sa[i] = a[i]; sb[i] = b[i]; }
  __syncwarp();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, sa, 16);
  wmma::load_matrix_sync(fb, sb, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(sd, fc, 16, wmma::mem_row_major);
  __syncwarp();
  for (int i = threadIdx.x; i < 256; i += 32) d[i] = sd[i];
}

// ---- mma.sync: registers per lane in, registers per lane out (lane-major arrays).
#define LD(p, n, i) (p)[threadIdx.x * (n) + (i)]

#define MMA_F32(name, instr, NA, NB, ...)                                                            \
  extern "C" __global__ void name(const unsigned* A, const unsigned* B, const float* Cm, float* Dm) { \
    unsigned a[4], b[2];                                                                           \
    for (int i = 0; i < 4; i++) a[i] = i < NA ? LD(A, NA, i) : 0;                                 \
    for (int i = 0; i < 2; i++) b[i] = i < NB ? LD(B, NB, i) : 0;                                 \
    float c0 = LD(Cm, 4, 0), c1 = LD(Cm, 4, 1), c2 = LD(Cm, 4, 2), c3 = LD(Cm, 4, 3);             \
    float d0, d1, d2, d3;                                                                          \
    asm volatile(instr : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) : __VA_ARGS__);                   \
    LD(Dm, 4, 0) = d0; LD(Dm, 4, 1) = d1; LD(Dm, 4, 2) = d2; LD(Dm, 4, 3) = d3;                   \
  }
#define A4 "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3])
#define A2 "r"(a[0]), "r"(a[1])
#define B2 "r"(b[0]), "r"(b[1])
#define B1 "r"(b[0])
#define CF "f"(c0), "f"(c1), "f"(c2), "f"(c3)

MMA_F32(mma_m16n8k16_f32_f16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};", 4, 2, A4, B2, CF)
MMA_F32(mma_m16n8k16_f32_bf16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};", 4, 2, A4, B2, CF)
MMA_F32(mma_m16n8k8_f32_f16, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};", 2, 1, A2, B1, CF)
MMA_F32(mma_m16n8k8_f32_bf16, "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};", 2, 1, A2, B1, CF)
MMA_F32(mma_m16n8k8_tf32, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};", 4, 2, A4, B2, CF)
MMA_F32(mma_m16n8k4_tf32, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};", 2, 1, A2, B1, CF)

// f16 accumulators: C and D are two f16x2 registers.
extern "C" __global__ void mma_m16n8k16_f16_f16(const unsigned* A, const unsigned* B, const unsigned* Cm, unsigned* Dm) {
  unsigned a0 = LD(A, 4, 0), a1 = LD(A, 4, 1), a2 = LD(A, 4, 2), a3 = LD(A, 4, 3), b0 = LD(B, 2, 0), b1 = LD(B, 2, 1);
  unsigned c0 = LD(Cm, 2, 0), c1 = LD(Cm, 2, 1), d0, d1;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 {%0,%1}, {%2,%3,%4,%5}, {%6,%7}, {%8,%9};"
               : "=r"(d0), "=r"(d1) : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c0), "r"(c1));
  LD(Dm, 2, 0) = d0; LD(Dm, 2, 1) = d1;
}

extern "C" __global__ void mma_m8n8k4_f64(const double* A, const double* B, const double* Cm, double* Dm) {
  double a = LD(A, 1, 0), b = LD(B, 1, 0), c0 = LD(Cm, 2, 0), c1 = LD(Cm, 2, 1), d0, d1;
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=d"(d0), "=d"(d1) : "d"(a), "d"(b), "d"(c0), "d"(c1));
  LD(Dm, 2, 0) = d0; LD(Dm, 2, 1) = d1;
}

#define MMA_S32(name, instr, NA, NB, ...)                                                      \
  extern "C" __global__ void name(const unsigned* A, const unsigned* B, const int* Cm, int* Dm) { \
    unsigned a[4], b[2];                                                                     \
    for (int i = 0; i < 4; i++) a[i] = i < NA ? LD(A, NA, i) : 0;                           \
    for (int i = 0; i < 2; i++) b[i] = i < NB ? LD(B, NB, i) : 0;                           \
    int c0 = LD(Cm, 4, 0), c1 = LD(Cm, 4, 1), c2 = LD(Cm, 4, 2), c3 = LD(Cm, 4, 3);         \
    int d0, d1, d2, d3;                                                                      \
    asm volatile(instr : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3) : __VA_ARGS__);             \
    LD(Dm, 4, 0) = d0; LD(Dm, 4, 1) = d1; LD(Dm, 4, 2) = d2; LD(Dm, 4, 3) = d3;             \
  }
#define CI "r"(c0), "r"(c1), "r"(c2), "r"(c3)
MMA_S32(mma_m16n8k32_s8, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};", 4, 2, A4, B2, CI)
MMA_S32(mma_m16n8k32_u8_sat, "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};", 4, 2, A4, B2, CI)
MMA_S32(mma_m16n8k16_s8, "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};", 2, 1, A2, B1, CI)
MMA_S32(mma_m16n8k16_u8, "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%7,%8,%9,%10};", 2, 1, A2, B1, CI)

// ---- ldmatrix / stmatrix / movmatrix on a 32-row x 8-column b16 matrix in shared memory;
// lane i supplies the address of row rows[i].
#define LDM(name, instr, N)                                                                   \
  extern "C" __global__ void name(const unsigned short* m, const int* rows, unsigned* out) {  \
    __shared__ unsigned short s[256];                                                       \
    for (int i = threadIdx.x; i < 256; i += 32) s[i] = m[i];                                \
    __syncwarp();                                                                           \
    unsigned addr = (unsigned)__cvta_generic_to_shared(&s[rows[threadIdx.x] * 8]);          \
    unsigned r[4] = {0, 0, 0, 0};                                                           \
    if constexpr (N == 1) asm volatile(instr " {%0}, [%1];" : "=r"(r[0]) : "r"(addr));                \
    if constexpr (N == 2) asm volatile(instr " {%0,%1}, [%2];" : "=r"(r[0]), "=r"(r[1]) : "r"(addr)); \
    if constexpr (N == 4)                                                                             \
      asm volatile(instr " {%0,%1,%2,%3}, [%4];"                                            \
                   : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));          \
    for (int i = 0; i < 4; i++) out[threadIdx.x * 4 + i] = r[i];                            \
  }
LDM(ldmatrix_x1, "ldmatrix.sync.aligned.m8n8.x1.shared.b16", 1)
LDM(ldmatrix_x2, "ldmatrix.sync.aligned.m8n8.x2.shared.b16", 2)
LDM(ldmatrix_x4, "ldmatrix.sync.aligned.m8n8.x4.shared.b16", 4)
LDM(ldmatrix_x1_trans, "ldmatrix.sync.aligned.m8n8.x1.trans.shared.b16", 1)
LDM(ldmatrix_x2_trans, "ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", 2)
LDM(ldmatrix_x4_trans, "ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4)

#define STM(name, instr, N)                                                                       \
  extern "C" __global__ void name(const unsigned* in, const int* rows, unsigned short* m) {       \
    __shared__ unsigned short s[256];                                                           \
    for (int i = threadIdx.x; i < 256; i += 32) s[i] = 0xdead;                                  \
    __syncwarp();                                                                               \
    unsigned addr = (unsigned)__cvta_generic_to_shared(&s[rows[threadIdx.x] * 8]);              \
    const unsigned* r = &in[threadIdx.x * 4];                                                   \
    if constexpr (N == 1) asm volatile(instr " [%0], {%1};" ::"r"(addr), "r"(r[0]) : "memory");           \
    if constexpr (N == 2) asm volatile(instr " [%0], {%1,%2};" ::"r"(addr), "r"(r[0]), "r"(r[1]) : "memory"); \
    if constexpr (N == 4)                                                                                 \
      asm volatile(instr " [%0], {%1,%2,%3,%4};" ::"r"(addr), "r"(r[0]), "r"(r[1]), "r"(r[2]), \
                   "r"(r[3]) : "memory");                                                       \
    __syncwarp();                                                                               \
    for (int i = threadIdx.x; i < 256; i += 32) m[i] = s[i];                                    \
  }
STM(stmatrix_x1, "stmatrix.sync.aligned.m8n8.x1.shared.b16", 1)
STM(stmatrix_x2, "stmatrix.sync.aligned.m8n8.x2.shared.b16", 2)
STM(stmatrix_x4, "stmatrix.sync.aligned.m8n8.x4.shared.b16", 4)
STM(stmatrix_x1_trans, "stmatrix.sync.aligned.m8n8.x1.trans.shared.b16", 1)
STM(stmatrix_x4_trans, "stmatrix.sync.aligned.m8n8.x4.trans.shared.b16", 4)

extern "C" __global__ void movmatrix_trans(const unsigned* in, unsigned* out) {
  unsigned d, a = in[threadIdx.x];
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(d) : "r"(a));
  out[threadIdx.x] = d;
}

// Generic addressing: A comes from shared or global memory as chosen at run time.
extern "C" __global__ void wmma_generic(const half* a, const half* b, float* d, int use_shared) {
  __shared__ half sa[256];
  for (int i = threadIdx.x; i < 256; i += 32) sa[i] = a[i];
  __syncwarp();
  const half* pa = use_shared ? sa : a;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, pa, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}
