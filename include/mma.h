/* Cuprite's CUDA toolkit headers: warp matrix multiply-accumulate, nvcuda::wmma (Programming
 * Guide, "Warp Matrix Functions"), on clang's wmma builtins: half (f32 or f16 accumulate),
 * bfloat16, tf32 (m16n16k8), signed and unsigned 8-bit integers (int accumulate), double
 * (m8n8k4), and the experimental sub-byte types (4-bit m8n8k32, 1-bit m8n8k128). */
#pragma once
#if defined(__cplusplus) && defined(__CUDACC__)
#include "cuda_fp16.h"
#include "cuda_bf16.h"

namespace nvcuda {
namespace wmma {

struct row_major { static constexpr int col = 0; };
struct col_major { static constexpr int col = 1; };
struct matrix_a {};
struct matrix_b {};
struct accumulator {};
enum layout_t { mem_row_major, mem_col_major };
/* Element types that have no C++ type of their own. */
namespace precision {
struct tf32 {};
} // namespace precision
/* The sub-byte types (sm_75+; AND with sm_80+): A row-major, B column-major only. */
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

/* A fragment: the elements this thread holds (their distribution is unspecified). */
template <class Use, int M, int N, int K, class T, class Layout = void> class fragment;
/* 8-byte aligned, as CUDA's (a fragment's size and alignment in structs and arrays). */
template <class T, int Size> struct alignas(8) __frag_base {
    enum { num_elements = Size };
    T x[Size];
};

template <class T, int Size, class V> __device__ inline void __cuprite_fill(__frag_base<T, Size> &f, const V &v) {
    for (int i = 0; i < Size; ++i) f.x[i] = v;
}
/* Through the fragment's base: an element array, or packed sub-byte words (below). */
template <class Frag, class V> __device__ inline void fill_fragment(Frag &f, const V &v) { __cuprite_fill(f, v); }

#define __CUPRITE_AB(USE, M, N, K, T, NELEM)                                                       \
    template <> class fragment<USE, M, N, K, T, row_major> : public __frag_base<T, NELEM> {};      \
    template <> class fragment<USE, M, N, K, T, col_major> : public __frag_base<T, NELEM> {};
#define __CUPRITE_ACC(M, N, K, T, NELEM)                                                           \
    template <> class fragment<accumulator, M, N, K, T, void> : public __frag_base<T, NELEM> {};

/* Loads of A and B: the builtin takes the packed registers as ints (or doubles). */
#define __CUPRITE_LOAD_AB(USE, M, N, K, T, REG, BUILTIN)                                           \
    template <class L> __device__ inline void load_matrix_sync(fragment<USE, M, N, K, T, L> &f, const T *p, unsigned ldm) { \
        BUILTIN((REG *)f.x, (const REG *)p, ldm, L::col);                                          \
    }
/* Loads and stores of the accumulator, whose memory layout is a run-time argument. */
#define __CUPRITE_LOAD_STORE_C(M, N, K, T, REG, LD, ST)                                            \
    __device__ inline void load_matrix_sync(fragment<accumulator, M, N, K, T> &f, const T *p, unsigned ldm, layout_t l) { \
        if (l == mem_col_major) LD((REG *)f.x, (const REG *)p, ldm, 1);                             \
        else LD((REG *)f.x, (const REG *)p, ldm, 0);                                               \
    }                                                                                              \
    __device__ inline void store_matrix_sync(T *p, const fragment<accumulator, M, N, K, T> &f, unsigned ldm, layout_t l) { \
        if (l == mem_col_major) ST((REG *)p, (const REG *)f.x, ldm, 1);                             \
        else ST((REG *)p, (const REG *)f.x, ldm, 0);                                               \
    }
#define __CUPRITE_MMA(M, N, K, TAB, TC, TD, REGAB, REGC, REGD, BUILTIN)                             \
    template <class LA, class LB>                                                                  \
    __device__ inline void mma_sync(fragment<accumulator, M, N, K, TD> &d, const fragment<matrix_a, M, N, K, TAB, LA> &a, \
                                    const fragment<matrix_b, M, N, K, TAB, LB> &b,                 \
                                    const fragment<accumulator, M, N, K, TC> &c, bool satf = false) { \
        if (satf) BUILTIN((REGD *)d.x, (const REGAB *)a.x, (const REGAB *)b.x, (const REGC *)c.x, LA::col * 2 + LB::col, 1); \
        else BUILTIN((REGD *)d.x, (const REGAB *)a.x, (const REGAB *)b.x, (const REGC *)c.x, LA::col * 2 + LB::col, 0); \
    }

/* half: m16n16k16, m32n8k16, m8n32k16; f32 or f16 accumulators. */
#define __CUPRITE_HALF_SHAPE(M, N, K, S)                                                           \
    __CUPRITE_AB(matrix_a, M, N, K, half, 16)                                                      \
    __CUPRITE_AB(matrix_b, M, N, K, half, 16)                                                      \
    __CUPRITE_ACC(M, N, K, float, 8)                                                               \
    __CUPRITE_ACC(M, N, K, half, 8)                                                                \
    __CUPRITE_LOAD_AB(matrix_a, M, N, K, half, int, __hmma_##S##_ld_a)                             \
    __CUPRITE_LOAD_AB(matrix_b, M, N, K, half, int, __hmma_##S##_ld_b)                             \
    __CUPRITE_LOAD_STORE_C(M, N, K, float, float, __hmma_##S##_ld_c_f32, __hmma_##S##_st_c_f32)    \
    __CUPRITE_LOAD_STORE_C(M, N, K, half, int, __hmma_##S##_ld_c_f16, __hmma_##S##_st_c_f16)       \
    __CUPRITE_MMA(M, N, K, half, float, float, int, float, float, __hmma_##S##_mma_f32f32)         \
    __CUPRITE_MMA(M, N, K, half, half, float, int, int, float, __hmma_##S##_mma_f32f16)            \
    __CUPRITE_MMA(M, N, K, half, float, half, int, float, int, __hmma_##S##_mma_f16f32)            \
    __CUPRITE_MMA(M, N, K, half, half, half, int, int, int, __hmma_##S##_mma_f16f16)
__CUPRITE_HALF_SHAPE(16, 16, 16, m16n16k16)
__CUPRITE_HALF_SHAPE(32, 8, 16, m32n8k16)
__CUPRITE_HALF_SHAPE(8, 32, 16, m8n32k16)

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 720
/* 8-bit integers: A and B of signed or unsigned char, int accumulators. */
#define __CUPRITE_INT8_SHAPE(M, N, K, S, NA, NB)                                                   \
    __CUPRITE_AB(matrix_a, M, N, K, signed char, NA)                                               \
    __CUPRITE_AB(matrix_b, M, N, K, signed char, NB)                                               \
    __CUPRITE_AB(matrix_a, M, N, K, unsigned char, NA)                                             \
    __CUPRITE_AB(matrix_b, M, N, K, unsigned char, NB)                                             \
    __CUPRITE_ACC(M, N, K, int, 8)                                                                 \
    __CUPRITE_LOAD_AB(matrix_a, M, N, K, signed char, int, __imma_##S##_ld_a_s8)                   \
    __CUPRITE_LOAD_AB(matrix_b, M, N, K, signed char, int, __imma_##S##_ld_b_s8)                   \
    __CUPRITE_LOAD_AB(matrix_a, M, N, K, unsigned char, int, __imma_##S##_ld_a_u8)                 \
    __CUPRITE_LOAD_AB(matrix_b, M, N, K, unsigned char, int, __imma_##S##_ld_b_u8)                 \
    __CUPRITE_LOAD_STORE_C(M, N, K, int, int, __imma_##S##_ld_c, __imma_##S##_st_c_i32)            \
    __CUPRITE_MMA(M, N, K, signed char, int, int, int, int, int, __imma_##S##_mma_s8)              \
    __CUPRITE_MMA(M, N, K, unsigned char, int, int, int, int, int, __imma_##S##_mma_u8)
__CUPRITE_INT8_SHAPE(16, 16, 16, m16n16k16, 8, 8)
__CUPRITE_INT8_SHAPE(32, 8, 16, m32n8k16, 16, 4)
__CUPRITE_INT8_SHAPE(8, 32, 16, m8n32k16, 4, 16)
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
/* bfloat16 with f32 accumulators. */
#define __CUPRITE_BF16_SHAPE(M, N, K, S, NA, NB)                                                   \
    __CUPRITE_AB(matrix_a, M, N, K, __nv_bfloat16, NA)                                             \
    __CUPRITE_AB(matrix_b, M, N, K, __nv_bfloat16, NB)                                             \
    __CUPRITE_LOAD_AB(matrix_a, M, N, K, __nv_bfloat16, int, __mma_bf16_##S##_ld_a)                \
    __CUPRITE_LOAD_AB(matrix_b, M, N, K, __nv_bfloat16, int, __mma_bf16_##S##_ld_b)                \
    template <class LA, class LB>                                                                  \
    __device__ inline void mma_sync(fragment<accumulator, M, N, K, float> &d,                      \
                                    const fragment<matrix_a, M, N, K, __nv_bfloat16, LA> &a,       \
                                    const fragment<matrix_b, M, N, K, __nv_bfloat16, LB> &b,       \
                                    const fragment<accumulator, M, N, K, float> &c) {              \
        /* bf16 has no saturating form. */                                                         \
        __mma_bf16_##S##_mma_f32(d.x, (const int *)a.x, (const int *)b.x, c.x, LA::col * 2 + LB::col, 0); \
    }
__CUPRITE_BF16_SHAPE(16, 16, 16, m16n16k16, 8, 8)
__CUPRITE_BF16_SHAPE(32, 8, 16, m32n8k16, 16, 4)
__CUPRITE_BF16_SHAPE(8, 32, 16, m8n32k16, 4, 16)

/* tf32: m16n16k8 with f32 accumulators. Fragments of precision::tf32 hold floats; loads read
   floats, which __float_to_tf32 rounds (to nearest, ties away: cvt.rna.tf32.f32). */
__device__ inline float __float_to_tf32(float in) { return __int_as_float((int)__nvvm_f2tf32_rna(in)); }
template <> class fragment<matrix_a, 16, 16, 8, precision::tf32, row_major> : public __frag_base<float, 4> {};
template <> class fragment<matrix_a, 16, 16, 8, precision::tf32, col_major> : public __frag_base<float, 4> {};
template <> class fragment<matrix_b, 16, 16, 8, precision::tf32, row_major> : public __frag_base<float, 4> {};
template <> class fragment<matrix_b, 16, 16, 8, precision::tf32, col_major> : public __frag_base<float, 4> {};
__CUPRITE_ACC(16, 16, 8, float, 8)
template <class L> __device__ inline void load_matrix_sync(fragment<matrix_a, 16, 16, 8, precision::tf32, L> &f, const float *p, unsigned ldm) {
    __mma_tf32_m16n16k8_ld_a((int *)f.x, (const int *)p, ldm, L::col);
}
template <class L> __device__ inline void load_matrix_sync(fragment<matrix_b, 16, 16, 8, precision::tf32, L> &f, const float *p, unsigned ldm) {
    __mma_tf32_m16n16k8_ld_b((int *)f.x, (const int *)p, ldm, L::col);
}
__CUPRITE_LOAD_STORE_C(16, 16, 8, float, float, __mma_tf32_m16n16k8_ld_c, __mma_m16n16k8_st_c_f32)
template <class LA, class LB>
__device__ inline void mma_sync(fragment<accumulator, 16, 16, 8, float> &d, const fragment<matrix_a, 16, 16, 8, precision::tf32, LA> &a,
                                const fragment<matrix_b, 16, 16, 8, precision::tf32, LB> &b,
                                const fragment<accumulator, 16, 16, 8, float> &c) {
    /* tf32 has no saturating form. */
    __mma_tf32_m16n16k8_mma_f32(d.x, (const int *)a.x, (const int *)b.x, c.x, LA::col * 2 + LB::col, 0);
}

/* double: m8n8k4. */
__CUPRITE_AB(matrix_a, 8, 8, 4, double, 1)
__CUPRITE_AB(matrix_b, 8, 8, 4, double, 1)
__CUPRITE_ACC(8, 8, 4, double, 2)
__CUPRITE_LOAD_AB(matrix_a, 8, 8, 4, double, double, __dmma_m8n8k4_ld_a)
__CUPRITE_LOAD_AB(matrix_b, 8, 8, 4, double, double, __dmma_m8n8k4_ld_b)
__CUPRITE_LOAD_STORE_C(8, 8, 4, double, double, __dmma_m8n8k4_ld_c, __dmma_m8n8k4_st_c_f64)
template <class LA, class LB>
__device__ inline void mma_sync(fragment<accumulator, 8, 8, 4, double> &d, const fragment<matrix_a, 8, 8, 4, double, LA> &a,
                                const fragment<matrix_b, 8, 8, 4, double, LB> &b, const fragment<accumulator, 8, 8, 4, double> &c) {
    __dmma_m8n8k4_mma_f64(d.x, a.x, b.x, c.x, LA::col * 2 + LB::col, 0);
}
#endif

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 750
/* Sub-byte fragments pack their elements, as CUDA's: num_elements of them in x[] words of 8
   (4-bit) or 32 (1-bit) elements; fill_fragment repeats the value in every element. */
template <class Storage, int Size, int Words> struct alignas(8) __frag_packed {
    enum { num_elements = Size, num_storage_elements = Words };
    Storage x[Words];
};
template <int Size, int Words, class V> __device__ inline void __cuprite_fill(__frag_packed<unsigned, Size, Words> &f, const V &v) {
    const unsigned u = (unsigned)v, w = Size == 8 ? (u & 0xfu) * 0x11111111u : (u & 1u ? 0xffffffffu : 0u);
    for (int i = 0; i < Words; ++i) f.x[i] = w;
}
template <int Size, int Words, class V> __device__ inline void __cuprite_fill(__frag_packed<int, Size, Words> &f, const V &v) {
    for (int i = 0; i < Words; ++i) f.x[i] = (int)(((unsigned)v & 0xfu) * 0x11111111u);
}
template <> class fragment<matrix_a, 8, 8, 32, experimental::precision::u4, row_major> : public __frag_packed<unsigned, 8, 1> {};
template <> class fragment<matrix_a, 8, 8, 32, experimental::precision::s4, row_major> : public __frag_packed<int, 8, 1> {};
template <> class fragment<matrix_b, 8, 8, 32, experimental::precision::u4, col_major> : public __frag_packed<unsigned, 8, 1> {};
template <> class fragment<matrix_b, 8, 8, 32, experimental::precision::s4, col_major> : public __frag_packed<int, 8, 1> {};
template <> class fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major> : public __frag_packed<unsigned, 32, 1> {};
template <> class fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major> : public __frag_packed<unsigned, 32, 1> {};
__CUPRITE_ACC(8, 8, 32, int, 2)
__CUPRITE_ACC(8, 8, 128, int, 2)
#define __CUPRITE_SUBBYTE_LOAD(USE, K, T, L, BUILTIN)                                              \
    __device__ inline void load_matrix_sync(fragment<USE, 8, 8, K, T, L> &f, const void *p, unsigned ldm) { \
        BUILTIN((int *)f.x, (const int *)p, ldm, L::col);                                          \
    }
__CUPRITE_SUBBYTE_LOAD(matrix_a, 32, experimental::precision::s4, row_major, __imma_m8n8k32_ld_a_s4)
__CUPRITE_SUBBYTE_LOAD(matrix_a, 32, experimental::precision::u4, row_major, __imma_m8n8k32_ld_a_u4)
__CUPRITE_SUBBYTE_LOAD(matrix_b, 32, experimental::precision::s4, col_major, __imma_m8n8k32_ld_b_s4)
__CUPRITE_SUBBYTE_LOAD(matrix_b, 32, experimental::precision::u4, col_major, __imma_m8n8k32_ld_b_u4)
__CUPRITE_SUBBYTE_LOAD(matrix_a, 128, experimental::precision::b1, row_major, __bmma_m8n8k128_ld_a_b1)
__CUPRITE_SUBBYTE_LOAD(matrix_b, 128, experimental::precision::b1, col_major, __bmma_m8n8k128_ld_b_b1)
#undef __CUPRITE_SUBBYTE_LOAD
__CUPRITE_LOAD_STORE_C(8, 8, 32, int, int, __imma_m8n8k32_ld_c, __imma_m8n8k32_st_c_i32)
__CUPRITE_LOAD_STORE_C(8, 8, 128, int, int, __bmma_m8n8k128_ld_c, __bmma_m8n8k128_st_c_i32)
/* 4-bit: A row-major times B column-major (the one layout: 1). */
#define __CUPRITE_SUBBYTE_MMA(T, BUILTIN)                                                          \
    __device__ inline void mma_sync(fragment<accumulator, 8, 8, 32, int> &d,                       \
                                    const fragment<matrix_a, 8, 8, 32, T, row_major> &a,           \
                                    const fragment<matrix_b, 8, 8, 32, T, col_major> &b,           \
                                    const fragment<accumulator, 8, 8, 32, int> &c, bool satf = false) { \
        if (satf) BUILTIN(d.x, (const int *)a.x, (const int *)b.x, c.x, 1, 1);                     \
        else BUILTIN(d.x, (const int *)a.x, (const int *)b.x, c.x, 1, 0);                          \
    }
__CUPRITE_SUBBYTE_MMA(experimental::precision::s4, __imma_m8n8k32_mma_s4)
__CUPRITE_SUBBYTE_MMA(experimental::precision::u4, __imma_m8n8k32_mma_u4)
#undef __CUPRITE_SUBBYTE_MMA
/* 1-bit: c + popcount(a OP b) over k; OP is XOR (the default) or AND (sm_80+). */
__device__ inline void bmma_sync(fragment<accumulator, 8, 8, 128, int> &d,
                                 const fragment<matrix_a, 8, 8, 128, experimental::precision::b1, row_major> &a,
                                 const fragment<matrix_b, 8, 8, 128, experimental::precision::b1, col_major> &b,
                                 const fragment<accumulator, 8, 8, 128, int> &c,
                                 experimental::bmmaBitOp op = experimental::bmmaBitOpXOR,
                                 experimental::bmmaAccumulateOp = experimental::bmmaAccumulateOpPOPC) {
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
    if (op == experimental::bmmaBitOpAND) {
        __bmma_m8n8k128_mma_and_popc_b1(d.x, (const int *)a.x, (const int *)b.x, c.x, 1);
        return;
    }
#endif
    __bmma_m8n8k128_mma_xor_popc_b1(d.x, (const int *)a.x, (const int *)b.x, c.x, 1);
}
#endif

#undef __CUPRITE_AB
#undef __CUPRITE_ACC
#undef __CUPRITE_LOAD_AB
#undef __CUPRITE_LOAD_STORE_C
#undef __CUPRITE_MMA
#undef __CUPRITE_HALF_SHAPE
#undef __CUPRITE_INT8_SHAPE
#undef __CUPRITE_BF16_SHAPE

} // namespace wmma
} // namespace nvcuda
#endif
