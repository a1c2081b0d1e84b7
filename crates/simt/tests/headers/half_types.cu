// Test kernels for include/cuda_fp16.h and include/cuda_bf16.h (tests/clang_headers.rs); the
// same operations run on the host through host_main.cu (CUPRITE_HOST_TEST: no kernels).
// Each thread takes operands a[i], b[i], c[i] (format bits) and f[i] (a float) and writes
// OPS results (format bits, or 0/1 for predicates) to out[i * OPS + k].
#include "prelude.h"
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#define OPS 40

__host__ __device__ unsigned int bits_of(__half h) { return __half_as_ushort(h); }
__host__ __device__ unsigned int bits_of(__nv_bfloat16 h) { return __bfloat16_as_ushort(h); }
__host__ __device__ unsigned int pair_bits(__half2 h) { return bits_of(h.x) | (bits_of(h.y) << 16); }
__host__ __device__ unsigned int pair_bits(__nv_bfloat162 h) { return bits_of(h.x) | (bits_of(h.y) << 16); }
__host__ __device__ unsigned int float_bits(float f) { return __builtin_bit_cast(unsigned int, f); }


// Inlined: a non-inlined ops() takes its by-value parameters' addresses (`mov.b64 %rd, param`
// of a .func parameter), which Cuprite's engine does not load yet.
template <class T, class T2, class ToT>
__host__ __device__ __forceinline__ void ops(T a, T b, T c, float f, unsigned int *o, ToT from_bits) {
    o[0] = bits_of(__hadd(a, b));
    o[1] = bits_of(__hsub(a, b));
    o[2] = bits_of(__hmul(a, b));
    o[3] = bits_of(__hdiv(a, b));
    o[4] = bits_of(__hfma(a, b, c));
    o[5] = bits_of(__hadd_sat(a, b));
    o[6] = bits_of(__hmul_sat(a, b));
    o[7] = bits_of(__hfma_sat(a, b, c));
    o[8] = bits_of(__hneg(a));
    o[9] = bits_of(__habs(a));
    o[10] = bits_of(__hmax(a, b));
    o[11] = bits_of(__hmin(a, b));
    o[12] = bits_of(__hmax_nan(a, b));
    o[13] = bits_of(__hmin_nan(a, b));
    o[14] = __heq(a, b);
    o[15] = __hne(a, b);
    o[16] = __hlt(a, b);
    o[17] = __hle(a, b);
    o[18] = __hgtu(a, b);
    o[19] = __hneu(a, b);
    o[20] = __hisnan(a);
    o[21] = (unsigned int)(__hisinf(a) + 1);
    // Pairs: (a, b) op (b, c), low and high halves in one word each.
    const T2 p = T2(a, b), q = T2(b, c);
    o[22] = pair_bits(__hadd2(p, q));
    o[23] = pair_bits(__hmul2(p, q));
    o[24] = pair_bits(__hfma2(p, q, p));
    o[25] = __hblt2(p, q);
    o[26] = __hlt2_mask(p, q);
    o[27] = pair_bits(__hmax2(p, q));
    // Operators.
    T s = a;
    s += b;
    o[28] = bits_of(s * c - a);
    o[29] = (a < b) | ((a == b) << 1) | ((a >= b) << 2);
    o[30] = bits_of(hceil(a));
    o[31] = bits_of(hfloor(a));
    o[32] = bits_of(htrunc(a));
    o[33] = bits_of(hrint(a));
    o[34] = bits_of(hsqrt(a));
    o[35] = bits_of(hexp(a));
    o[36] = bits_of(hlog2(a));
    o[37] = bits_of(hrcp(a));
    o[38] = float_bits(__low2float(p));
    o[39] = bits_of(from_bits(f));
}

struct to_half {
    __host__ __device__ __half operator()(float f) const { return __float2half_rn(f); }
};
struct to_bf16 {
    __host__ __device__ __nv_bfloat16 operator()(float f) const { return __float2bfloat16_rn(f); }
};

#ifndef CUPRITE_HOST_TEST
extern "C" __global__ void fp16_ops(const unsigned short *a, const unsigned short *b, const unsigned short *c,
                                    const float *f, unsigned int *out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ops<__half, __half2>(__ushort_as_half(a[i]), __ushort_as_half(b[i]), __ushort_as_half(c[i]), f[i],
                             out + i * OPS, to_half());
    }
}

extern "C" __global__ void bf16_ops(const unsigned short *a, const unsigned short *b, const unsigned short *c,
                                    const float *f, unsigned int *out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ops<__nv_bfloat16, __nv_bfloat162>(__ushort_as_bfloat16(a[i]), __ushort_as_bfloat16(b[i]),
                                           __ushort_as_bfloat16(c[i]), f[i], out + i * OPS, to_bf16());
    }
}
#endif

// Conversions: the float f in the four roundings, to both formats, and the integers.
__host__ __device__ __forceinline__ void convert(float f, int k, unsigned int *o) {
    o[0] = __half_as_ushort(__float2half_rn(f));
    o[1] = __half_as_ushort(__float2half_rz(f));
    o[2] = __half_as_ushort(__float2half_rd(f));
    o[3] = __half_as_ushort(__float2half_ru(f));
    o[4] = __bfloat16_as_ushort(__float2bfloat16_rn(f));
    o[5] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
    o[6] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
    o[7] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
    o[8] = __half_as_ushort(__int2half_rn(k));
    o[9] = __half_as_ushort(__int2half_rd(k));
    o[10] = __bfloat16_as_ushort(__int2bfloat16_rn(k));
    o[11] = __bfloat16_as_ushort(__int2bfloat16_ru(k));
    const __half h = __float2half_rn(f);
    o[12] = (unsigned int)__half2int_rn(h);
    o[13] = (unsigned int)__half2int_rd(h);
    o[14] = (unsigned int)__half2short_rz(h);
    o[15] = float_bits(__half2float(h));
}

#ifndef CUPRITE_HOST_TEST
extern "C" __global__ void conversions(const float *f, const int *ints, unsigned int *out, int n) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        convert(f[i], ints[i], out + i * 16);
    }
}

// Shuffles and atomics: lane l gets lane (l ^ 1)'s half and (l + 1)'s bfloat16; every thread
// adds one to a half2 and a bfloat16 counter.
extern "C" __global__ void warp_and_atomics(const unsigned short *a, unsigned int *out, __half2 *hsum,
                                            __nv_bfloat16 *bsum) {
    const unsigned int i = threadIdx.x;
    const __half h = __ushort_as_half(a[i]);
    out[i] = __half_as_ushort(__shfl_xor_sync(0xffffffffu, h, 1));
    out[32 + i] = __bfloat16_as_ushort(__shfl_down_sync(0xffffffffu, __ushort_as_bfloat16(a[i]), 1));
    atomicAdd(hsum, __halves2half2(__float2half(1.0f), __float2half(0.5f)));
    atomicAdd(bsum, __float2bfloat16(1.0f));
}
#endif

#ifndef CUPRITE_HOST_TEST
// The cache-hinted loads and stores: o[i] = a[i] + a[i ^ 1]; o2[i] = b[i].
extern "C" __global__ void cached_loads(const __half *a, const __nv_bfloat162 *b, __half *o, __nv_bfloat162 *o2) {
    const unsigned int i = threadIdx.x;
    __stcs(o + i, __hadd(__ldg(a + i), __ldcg(a + (i ^ 1))));
    __stwt(o2 + i, __ldcs(b + i));
}
#endif
