// A cufuzz program (scripts/cufuzz/gen.py), seed 7: rsqrt(double) is rsqrt.approx.f64, whose result Cuprite gave as 1/sqrt(x), an ulp off an H200's
// cufuzz seed 7 (scripts/cufuzz/gen.py)
#include <cstdio>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

// Each statement's result, as its bits, in its own slot.
__device__ __forceinline__ unsigned long long bits(float v) { return __float_as_uint(v); }
__device__ __forceinline__ unsigned long long bits(double v) { return (unsigned long long)__double_as_longlong(v); }
__device__ __forceinline__ unsigned long long bits(bool v) { return v; }
__device__ __forceinline__ unsigned long long bits(unsigned char v) { return v; }
__device__ __forceinline__ unsigned long long bits(signed char v) { return (unsigned char)v; }
__device__ __forceinline__ unsigned long long bits(unsigned short v) { return v; }
__device__ __forceinline__ unsigned long long bits(short v) { return (unsigned short)v; }
__device__ __forceinline__ unsigned long long bits(unsigned v) { return v; }
__device__ __forceinline__ unsigned long long bits(int v) { return (unsigned)v; }
__device__ __forceinline__ unsigned long long bits(long v) { return (unsigned long long)v; }
__device__ __forceinline__ unsigned long long bits(unsigned long v) { return v; }
__device__ __forceinline__ unsigned long long bits(long long v) { return (unsigned long long)v; }
__device__ __forceinline__ unsigned long long bits(unsigned long long v) { return v; }
#define R(k, v) (res[k] = bits(v))
#define MK(marks, i) ((marks)[i] == '~' ? "~" : "")
// A float in the range where a conversion to a 32-bit integer is defined (NaN: the low end).
__device__ __forceinline__ float clampf(float x) { return fminf(fmaxf(x, -2.0e9f), 2.0e9f); }
__device__ __forceinline__ int fr_exp(float x) { int e; frexpf(x, &e); return e; }
__device__ __forceinline__ float fr_mant(float x) { int e; return frexpf(x, &e); }

static unsigned long long rng_state;
static unsigned long long next_u64() {
    unsigned long long z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static const unsigned EDGE_F32[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u,
    0x7fc00000u, 0xffc00001u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x7f7fffffu, 0x4b000000u, 0x4b7fffffu,
    0x3f000000u, 0x3fc00000u, 0x40200000u, 0xc0200000u, 0x4f000000u, 0xcf000000u, 0x5f000000u, 0x3effffffu,
    0x3f000001u, 0x4effffffu, 0x34000000u, 0x7f000000u};
static const unsigned long long EDGE_U64[] = {0ull, 1ull, 0xffffffffffffffffull, 0x8000000000000000ull,
    0x7fffffffffffffffull, 0xffffffffull, 0x80000000ull, 0x7fffffffull, 0x100000000ull, 0xffffffff80000000ull,
    0x00ff00ff00ff00ffull, 0x8080808080808080ull, 0x7f7f7f7f7f7f7f7full};
static float rand_f32() {
    unsigned long long r = next_u64();
    unsigned b;
    switch (r & 7) {
    case 0: b = EDGE_F32[(r >> 8) % (sizeof EDGE_F32 / sizeof EDGE_F32[0])]; break;
    case 1: b = (unsigned)(r >> 32); break;  // any bit pattern
    case 2: { float f = (float)((long long)(r >> 40) % 200 - 100); return f; }  // small integers
    case 3: { float f = (float)((long long)(r >> 20) % 2000001 - 1000000) / 64.0f; return f; }
    default: { float f = (float)((double)(r >> 11) / 9007199254740992.0 * 200.0 - 100.0); return f; }
    }
    float f;
    memcpy(&f, &b, 4);
    return f;
}
static double rand_f64() {
    unsigned long long r = next_u64();
    switch (r & 7) {
    case 0: { unsigned b = EDGE_F32[(r >> 8) % (sizeof EDGE_F32 / sizeof EDGE_F32[0])]; float f; memcpy(&f, &b, 4); return f; }
    case 1: { unsigned long long b = next_u64(); double d; memcpy(&d, &b, 8); return d; }
    case 2: return (double)((long long)(r >> 40) % 200 - 100);
    default: return (double)(r >> 11) / 9007199254740992.0 * 2000.0 - 1000.0;
    }
}
static unsigned long long rand_u64() {
    unsigned long long r = next_u64();
    if ((r & 7) == 0) return EDGE_U64[(r >> 8) % (sizeof EDGE_U64 / sizeof EDGE_U64[0])];
    if ((r & 7) == 1) return (r >> 8) & 0xff;
    return next_u64();
}
static unsigned long long fnv(const unsigned long long *p, size_t n, size_t stride) {
    unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; ++i) {
        unsigned long long v = p[i * stride];
        for (int b = 0; b < 8; ++b) { h ^= (v >> (8 * b)) & 0xff; h *= 0x100000001b3ull; }
    }
    return h;
}

#define NS0 42
static const char T0[] = "           ~~                             ", A0[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k0(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS0 };
    __shared__ unsigned sh32[64]; __shared__ float shf[64]; __shared__ unsigned long long sh64[64];
    __shared__ short sh16[64]; __shared__ double shd[64]; __shared__ unsigned sha[4];
    (void)sh32; (void)shf; (void)sh64; (void)sh16; (void)shd; (void)sha;
    const unsigned lt = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const unsigned gid = bid * nt + lt;
    const unsigned NT = nt * gridDim.x * gridDim.y * gridDim.z;
    const unsigned lane = lt % 32u;
    const unsigned nl = (nt - (lt & ~31u)) < 32u ? nt - (lt & ~31u) : 32u; // lanes in this warp
    const unsigned fm = nl == 32u ? 0xffffffffu : (1u << nl) - 1u;
    unsigned long long *res = out + (size_t)gid * NS;
    (void)lane; (void)fm; (void)NT;
    unsigned long long x0 = in64[gid * 4 + 0];
    unsigned v0 = (unsigned)in64[gid * 4 + 1];
    int v1 = (int)(in64[gid * 4 + 2] >> 7);
    long long v2 = (long long)in64[(gid * 13 + 5) % NT * 4 + 3];
    short v3 = (short)in64[gid * 4 + 3];
    unsigned char v4 = (unsigned char)(in64[gid * 4 + 2] >> 40);
    float v5 = inf[gid * 4 + 0];
    float v6 = inf[gid * 4 + 1];
    float v7 = inf[(gid * 7 + 3) % NT * 4 + 2];
    double v8 = ind[gid * 2 + 0];
    double v9 = ind[gid * 2 + 1];
    unsigned long long v10 = ((unsigned long long)((unsigned long long)x0 + (unsigned long long)((unsigned long long)x0)));
    for (unsigned i_ = 0; i_ < ((unsigned)v3 & 15u); ++i_) {
      v10 = (unsigned long long)((unsigned long long)v10 * 3u + i_ + (unsigned long long)((unsigned long long)((unsigned long long)v10 << (x0 & 63))));
      if (((unsigned long long)v10 & 31u) == 7u) break;
    }
    R(0, v10); /*s0*/
    float v11 = __bfloat162float(__hsub(__float2bfloat16_rn(INFINITY), __float2bfloat16_rn(__fmaf_rz(v5, v7, v5))));
    R(1, v11); /*s1*/
    int v12 = v1;
    R(2, v12); /*s2*/
    unsigned v13 = __vcmples4(((unsigned)~(unsigned)v0), ((v0) == 0 ? (unsigned)(v0) : (unsigned)((v0) / (v0))));
    R(3, v13); /*s3*/
    unsigned v14 = v0;
    R(4, v14); /*s4*/
    long long v15 = ((long long)(((long long)((unsigned long long)v2 + (unsigned long long)((long long)v3))) & v2));
    R(5, v15); /*s5*/
    unsigned long long v16 = ((((unsigned long long)~(unsigned long long)x0)) < (((unsigned long long)((unsigned long long)v10 - (unsigned long long)x0))) ? (((unsigned long long)~(unsigned long long)x0)) : (((unsigned long long)((unsigned long long)v10 - (unsigned long long)x0))));
    R(6, v16); /*s6*/
    signed char v17 = ((signed char)0);
    R(7, v17); /*s7*/
    unsigned v18 = __brev(v13);
    R(8, v18); /*s8*/
    {
      unsigned v19 = __reduce_min_sync(fm, v18);
      R(9, v19); /*s9*/
    }
    switch ((unsigned)v4 & 7u) {
      case 0: v7 = ldexpf(v5, 118); break;
      case 1: v7 = fdimf(__int2float_ru(((int)(__vseteq2(((unsigned)((unsigned)((unsigned)0u) << (((unsigned)v16) & 31))), ((v13) == 0 ? (unsigned)(((unsigned)v3)) : (unsigned)((((unsigned)v3)) / (v13))))))), v7); break;
      default: v7 = fr_mant(__uint2float_rd(((unsigned)0xffffffffu))); break;
    }
    R(10, v7); /*s10*/
    { float s_, c_; sincosf(__fmul_rn(v6, __int_as_float(0x42c88000)), &s_, &c_);
      float v20 = s_ - c_; R(11, s_); R(12, c_); } /*s11*/
    unsigned v21 = ((unsigned)(fr_exp(__fsqrt_rz(v11))));
    R(13, v21); /*s13*/
    float v22 = nearbyintf(roundf(__int_as_float(0xc0200000)));
    R(14, v22); /*s14*/
    atomicAdd((unsigned *)&acc[7], (v18));
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicAdd(&sha[0], v13);
    __syncthreads();
    unsigned v23 = sha[lt & 3];
    __syncthreads();
    R(15, v23); /*s15*/
    unsigned v24 = __vsetgtu2(((unsigned)(v18 ^ v23)), ((v14) == 0 ? (unsigned)(((unsigned)0x80000000u)) : (unsigned)((((unsigned)0x80000000u)) / (v14))));
    R(16, v24); /*s16*/
    float v25 = __int_as_float(0x4b000000);
    for (int i_ = 0; i_ < (int)((unsigned)v14 % 9u); ++i_) {
      v25 = __fmaf_rn(v25, __int_as_float(0x3f000000), (float)i_);
    }
    R(17, v25); /*s17*/
    float v26 = nextafterf(v5, __int_as_float(0x00000000));
    R(18, v26); /*s18*/
    long long v27 = ((long long)(((long long)((unsigned long long)((long long)0x100000000ull) + (unsigned long long)v15)) | ((long long)(__float2ll_rn(v6)))));
    R(19, v27); /*s19*/
    float v28 = fmaf(__int_as_float(0xcf000000), v22, v11);
    for (int i_ = 0; i_ < (int)((unsigned)v3 % 9u); ++i_) {
      v28 = __fmaf_rn(v28, __int_as_float(0x3fc00000), (float)i_);
    }
    R(20, v28); /*s20*/
    sh64[lt] = v16;
    __syncthreads();
    unsigned long long v29 = sh64[(lt ^ 1u) < nt ? (lt ^ 1u) : lt];
    __syncthreads();
    R(21, v29); /*s21*/
    if ((v3) < (v3)) { v16 = v29; } else { v16 = ((unsigned long long)(((unsigned long long)v17) ^ v16)); }
    R(22, v16); /*s22*/
    unsigned char v30 = ((unsigned char)~(unsigned)((unsigned char)~(unsigned)v4));
    R(23, v30); /*s23*/
    if (lane < 3) { v15 = ((long long)(fr_exp(v7))); } else { v15 = ((long long)((unsigned long long)v15 - (unsigned long long)v2)); }
    R(24, v15); /*s24*/
    float v31 = ((v28) < (v11) ? (v28) : (v11));
    for (int i_ = 0; i_ < (int)((unsigned)v1 % 9u); ++i_) {
      v31 = __fmaf_rn(v31, __int_as_float(0x3fc00000), (float)i_);
    }
    R(25, v31); /*s25*/
    {
      bool p_ = (v23) < (v23); unsigned pm_ = __ballot_sync(fm, p_); R(26, pm_); /*s26*/
      if (p_) {
        long long v32 = __shfl_sync(pm_, v15, (31 - __clz(pm_)), 32);
        R(27, v32); /*s27*/
      }
    }
    atomicInc((unsigned *)&acc[6], 0xffffffffu);
    unsigned v33 = __vseteq4(((unsigned)0x01020304u), ((v13) < (((unsigned)1u)) ? (v13) : (((unsigned)1u))));
    R(28, v33); /*s28*/
    switch ((unsigned)v24 & 7u) {
      case 0: v3 = v3; break;
      case 1: v3 = ((short)((unsigned)v3 << (((short)1) & 15))); break;
      default: v3 = v3; break;
    }
    R(29, v3); /*s29*/
    if (lt == 0) { sha[0] = 0xffffffffu; sha[1] = 0xffffffffu; sha[2] = 0xffffffffu; sha[3] = 0xffffffffu; }
    __syncthreads();
    atomicMin(&sha[0], v23);
    __syncthreads();
    unsigned v34 = sha[lt & 3];
    __syncthreads();
    R(30, v34); /*s30*/
    unsigned char v35 = v4;
    R(31, v35); /*s31*/
    { float ip_; float fp_ = modff(__fsub_rn(v5, v28), &ip_); R(32, fp_); R(33, ip_); } /*s32*/
    atomicAdd((unsigned *)&acc[7], (v24));
    unsigned long long v36 = ((unsigned long long)0x7fffffffffffffffull);
    R(34, v36); /*s34*/
    signed char v37 = ((signed char)((unsigned)((signed char)(((signed char)0xff) & v17)) - (unsigned)((signed char)(__vminu4(((unsigned)((unsigned)((unsigned)v17) << (((unsigned)0x80000000u) & 31))), ((unsigned)~(unsigned)v34))))));
    R(35, v37); /*s35*/
    {
      bool p_ = (v13) < (v33); unsigned pm_ = __ballot_sync(fm, p_); R(36, pm_); /*s36*/
      if (p_) {
        int mp_; unsigned v38 = __match_all_sync(pm_, v11, &mp_); v38 ^= (unsigned)mp_ << 31;
        R(37, v38); /*s37*/
      }
    }
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicXor(&sha[(lt >> 2) & 3], v21);
    __syncthreads();
    unsigned v39 = sha[lt & 3];
    __syncthreads();
    R(38, v39); /*s38*/
    {
      bool p_ = lane < 3; unsigned pm_ = __ballot_sync(fm, p_); R(39, pm_); /*s39*/
      if (p_) {
        unsigned v40 = __all_sync(pm_, lane < 1);
        R(40, v40); /*s40*/
      }
    }
    if ((v3) < (v3)) { x0 = ((unsigned long long)((unsigned long long)x0 << (x0 & 63))); } else { x0 = ((unsigned long long)(__float_as_int(__fsub_rz(v11, v26)))); }
    R(41, x0); /*s41*/
}
#define NS1 45
static const char T1[] = "           ~ ~~ ~~                   ~~      ", A1[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k1(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS1 };
    __shared__ unsigned sh32[72]; __shared__ float shf[72]; __shared__ unsigned long long sh64[72];
    __shared__ short sh16[72]; __shared__ double shd[72]; __shared__ unsigned sha[4];
    (void)sh32; (void)shf; (void)sh64; (void)sh16; (void)shd; (void)sha;
    const unsigned lt = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const unsigned gid = bid * nt + lt;
    const unsigned NT = nt * gridDim.x * gridDim.y * gridDim.z;
    const unsigned lane = lt % 32u;
    const unsigned nl = (nt - (lt & ~31u)) < 32u ? nt - (lt & ~31u) : 32u; // lanes in this warp
    const unsigned fm = nl == 32u ? 0xffffffffu : (1u << nl) - 1u;
    unsigned long long *res = out + (size_t)gid * NS;
    (void)lane; (void)fm; (void)NT;
    unsigned long long x0 = in64[gid * 4 + 0];
    unsigned v0 = (unsigned)in64[gid * 4 + 1];
    int v1 = (int)(in64[gid * 4 + 2] >> 7);
    long long v2 = (long long)in64[(gid * 13 + 5) % NT * 4 + 3];
    short v3 = (short)in64[gid * 4 + 3];
    unsigned char v4 = (unsigned char)(in64[gid * 4 + 2] >> 40);
    float v5 = inf[gid * 4 + 0];
    float v6 = inf[gid * 4 + 1];
    float v7 = inf[(gid * 7 + 3) % NT * 4 + 2];
    double v8 = ind[gid * 2 + 0];
    double v9 = ind[gid * 2 + 1];
    {
      bool p_ = (lane & 1) == 0; unsigned pm_ = __ballot_sync(fm, p_); R(0, pm_); /*s0*/
      if (p_) {
        unsigned v10 = __shfl_xor_sync(pm_, v0, 10, 16);
        if (!((pm_ >> (((lane ^ 10) / 16) == (lane / 16) ? (lane ^ 10) : lane)) & 1u)) v10 = v0;
        R(1, v10); /*s1*/
      }
    }
    unsigned long long v11 = ((unsigned long long)(((unsigned long long)(__float2ull_rd(__int_as_float(0x7fffffff)))) & ((unsigned long long)(__vabs2(v0)))));
    R(2, v11); /*s2*/
    switch ((unsigned long long)v2 & 7u) {
      case 0: x0 = ((v11) < (x0) ? (v11) : (x0)); break;
      case 1: x0 = ((unsigned long long)((unsigned long long)x0 - (unsigned long long)v11)); break;
      default: x0 = v11; break;
    }
    R(3, x0); /*s3*/
    {
      unsigned v12 = __match_any_sync(fm, v0);
      R(4, v12); /*s4*/
    }
    { float ip_; float fp_ = modff(__fdiv_rz(v5, v7), &ip_); R(5, fp_); R(6, ip_); } /*s5*/
    {
      unsigned v13 = __reduce_add_sync(fm, v0);
      R(7, v13); /*s7*/
    }
    if ((lane & 7) == 0) { v2 = ((long long)(0 - (unsigned long long)v2)); } else { v2 = v2; }
    R(8, v2); /*s8*/
    { float ip_; float fp_ = modff((-v6), &ip_); R(9, fp_); R(10, ip_); } /*s9*/
    if ((gid % 3) == 0) { v8 = log1p((double)__int_as_float(0xbfc00000)); } else { v8 = (v9 - v9); }
    R(11, v8); /*s11*/
    if ((gid % 3) == 0) { v0 = ((unsigned)((unsigned)((unsigned)0xffffffffu) * (unsigned)((unsigned)0x80000000u))); } else { v0 = v0; }
    R(12, v0); /*s12*/
    atomicXor((unsigned *)&acc[5], (v0));
    { int e_; double m_ = frexp(remainder(__ull2double_rz(((unsigned long long)(x0 ^ v11))), v8), &e_); R(13, m_); R(14, e_); } /*s13*/
    sh32[lt] = v0;
    __syncthreads();
    unsigned v14 = sh32[nt - 1 - lt];
    __syncthreads();
    R(15, v14); /*s15*/
    { int e_; double m_ = frexp(__fma_rn(v8, v8, (double)__int_as_float(0x4effffff)), &e_); R(16, m_); R(17, e_); } /*s16*/
    atomicAnd((unsigned *)&acc[0], (v0));
    if ((gid % 3) == 0) { v2 = v2; } else { v2 = v2; }
    R(18, v2); /*s18*/
    signed char v15 = ((signed char)1);
    R(19, v15); /*s19*/
    unsigned v16 = __vnegss4(((unsigned)(v0 >= ((unsigned)x0))));
    R(20, v16); /*s20*/
    int v17 = __viaddmax_s32(v1, ((int)~(unsigned)v1), v1);
    R(21, v17); /*s21*/
    unsigned long long v18 = ((unsigned long long)~(unsigned long long)((unsigned long long)(__clz(((int)(((int)0u) == v1))))));
    R(22, v18); /*s22*/
    unsigned v19 = __vimin_s16x2_relu(((unsigned)~(unsigned)((unsigned)32u)), v14);
    R(23, v19); /*s23*/
    if ((v3) < (v3)) { v18 = ((unsigned long long)63ull); } else { v18 = ((v11) == 0 ? (unsigned long long)(((unsigned long long)0x7fffffffffffffffull)) : (unsigned long long)((((unsigned long long)0x7fffffffffffffffull)) % (v11))); }
    R(24, v18); /*s24*/
    {
      float v20 = __shfl_xor_sync(fm, v6, 1, 2);
      if (!((fm >> (((lane ^ 1) / 2) == (lane / 2) ? (lane ^ 1) : lane)) & 1u)) v20 = v6;
      R(25, v20); /*s25*/
    }
    if ((lane & 1) == 1) { v3 = ((short)(v3 & v3)); } else { v3 = ((short)(v3 >> (v3 & 15))); }
    R(26, v3); /*s26*/
    {
      long long v21 = __shfl_up_sync(fm, v2, 6, 8);
      if (!((fm >> ((lane % 8) >= 6 ? lane - 6 : lane)) & 1u)) v21 = v2;
      R(27, v21); /*s27*/
    }
    float v22 = v5;
    R(28, v22); /*s28*/
    unsigned v23 = __vsetleu4(v19, ((unsigned)((unsigned)((unsigned)0x7fffffffu) << (((unsigned)v2) & 31))));
    R(29, v23); /*s29*/
    if ((v15) < (v15)) { v2 = ((long long)0x7fffffffffffffffull); } else { v2 = ((long long)(v2 | v2)); }
    R(30, v2); /*s30*/
    switch ((unsigned)v17 & 7u) {
      case 0: v2 = ((long long)(((long long)1ull) >> (v2 & 63))); break;
      case 1: v2 = ((long long)(__vimax3_s16x2(((unsigned)((unsigned)v23 * (unsigned)((unsigned)x0))), v0, ((unsigned)~(unsigned)((unsigned)v2))))); break;
      case 2: v2 = ((long long)((unsigned long long)v2 + (unsigned long long)((long long)0x8000000000000000ull))); break;
      case 3: v2 = ((long long)(((long long)v1) >> (v2 & 63))); break;
      default: v2 = v2; break;
    }
    R(31, v2); /*s31*/
    signed char v24 = v15;
    R(32, v24); /*s32*/
    int v25 = ((int)((unsigned)((int)(((int)v16) >> (((int)v4) & 31))) + (unsigned)((((int)0x01020304u)) == 0 || ((((int)0u)) == (-2147483647 - 1) && (((int)0x01020304u)) == -1) ? (int)(((int)0u)) : (int)((((int)0u)) / (((int)0x01020304u))))));
    R(33, v25); /*s33*/
    unsigned v26 = __vaddus2(((unsigned)(__float2uint_ru(__fmul_rd(__int_as_float(0x3dcccccd), v7)))), ((unsigned)((unsigned)((unsigned)0x7fffffffu) << (((unsigned)0x01020304u) & 31))));
    R(34, v26); /*s34*/
    {
      float v27 = __shfl_down_sync(fm, v6, 1, 4);
      if (!((fm >> ((lane % 4) + 1 < 4 ? lane + 1 : lane)) & 1u)) v27 = v6;
      R(35, v27); /*s35*/
    }
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicMax(&sha[lt % 4], v16);
    __syncthreads();
    unsigned v28 = sha[lt & 3];
    __syncthreads();
    R(36, v28); /*s36*/
    { int e_; double m_ = frexp(__ddiv_rd(v8, v9), &e_); R(37, m_); R(38, e_); } /*s37*/
    short v29 = v3;
    R(39, v29); /*s39*/
    { bool p_; int m_ = __vibmin_s32(((int)v11), ((v25) == 0 || ((v25) == (-2147483647 - 1) && (v25) == -1) ? (int)(v25) : (int)((v25) / (v25))), &p_); R(40, m_); R(41, (int)p_); } /*s40*/
    unsigned v30 = __vsetltu4(v14, ((v26) == 0 ? (unsigned)(v0) : (unsigned)((v0) % (v26))));
    R(42, v30); /*s42*/
    double v31 = rint((-__ull2double_ru(((unsigned long long)((unsigned long long)x0 + (unsigned long long)v11)))));
    R(43, v31); /*s43*/
    sh64[lt] = x0;
    __syncthreads();
    unsigned long long v32 = sh64[0];
    __syncthreads();
    R(44, v32); /*s44*/
}
#define NS2 43
static const char T2[] = "       ~~                             ~~   ", A2[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k2(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS2 };
    __shared__ unsigned sh32[33]; __shared__ float shf[33]; __shared__ unsigned long long sh64[33];
    __shared__ short sh16[33]; __shared__ double shd[33]; __shared__ unsigned sha[4];
    (void)sh32; (void)shf; (void)sh64; (void)sh16; (void)shd; (void)sha;
    const unsigned lt = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
    const unsigned bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    const unsigned gid = bid * nt + lt;
    const unsigned NT = nt * gridDim.x * gridDim.y * gridDim.z;
    const unsigned lane = lt % 32u;
    const unsigned nl = (nt - (lt & ~31u)) < 32u ? nt - (lt & ~31u) : 32u; // lanes in this warp
    const unsigned fm = nl == 32u ? 0xffffffffu : (1u << nl) - 1u;
    unsigned long long *res = out + (size_t)gid * NS;
    (void)lane; (void)fm; (void)NT;
    unsigned long long x0 = in64[gid * 4 + 0];
    unsigned v0 = (unsigned)in64[gid * 4 + 1];
    int v1 = (int)(in64[gid * 4 + 2] >> 7);
    long long v2 = (long long)in64[(gid * 13 + 5) % NT * 4 + 3];
    short v3 = (short)in64[gid * 4 + 3];
    unsigned char v4 = (unsigned char)(in64[gid * 4 + 2] >> 40);
    float v5 = inf[gid * 4 + 0];
    float v6 = inf[gid * 4 + 1];
    float v7 = inf[(gid * 7 + 3) % NT * 4 + 2];
    double v8 = ind[gid * 2 + 0];
    double v9 = ind[gid * 2 + 1];
    {
      bool p_ = lane < 18; unsigned pm_ = __ballot_sync(fm, p_); R(0, pm_); /*s0*/
      if (p_) {
        unsigned v10 = __all_sync(pm_, (v0) < (((unsigned)32u)));
        R(1, v10); /*s1*/
      }
    }
    { float ip_; float fp_ = modff(rsqrtf(v6), &ip_); R(2, fp_); R(3, ip_); } /*s2*/
    if ((v1) < (v1)) { v2 = v2; } else { v2 = ((long long)(((long long)v2) & ((long long)0xffffffffffffffffull))); }
    R(4, v2); /*s4*/
    signed char v11 = ((signed char)(__float_as_uint(fr_mant(__int_as_float(0x000116c2)))));
    R(5, v11); /*s5*/
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicAdd(&sha[lane & 3], v0);
    __syncthreads();
    unsigned v12 = sha[lt & 3];
    __syncthreads();
    R(6, v12); /*s6*/
    atomicAdd((unsigned *)&acc[6], (v0));
    { float s_, c_; sincosf(__fsub_rz(v7, __int_as_float(0x000116c2)), &s_, &c_);
      float v13 = s_ - c_; R(7, s_); R(8, c_); } /*s7*/
    {
      bool p_ = (v11) < (((signed char)v1)); unsigned pm_ = __ballot_sync(fm, p_); R(9, pm_); /*s9*/
      if (p_) {
        double v14 = __shfl_xor_sync(pm_, v9, 6, 8);
        if (!((pm_ >> (((lane ^ 6) / 8) == (lane / 8) ? (lane ^ 6) : lane)) & 1u)) v14 = v9;
        R(10, v14); /*s10*/
      }
    }
    unsigned char v15 = v4;
    R(11, v15); /*s11*/
    shd[lt] = v8;
    __syncthreads();
    double v16 = shd[0];
    __syncthreads();
    R(12, v16); /*s12*/
    unsigned long long v17 = x0;
    R(13, v17); /*s13*/
    unsigned char v18 = ((unsigned char)((unsigned)((v4) < (v15) ? (v4) : (v15)) << (((unsigned char)(v15 >= v4)) & 7)));
    R(14, v18); /*s14*/
    if ((lane & 16) == 0) { v9 = (double)__int_as_float(0x000116c2); } else { v9 = __dsub_rz((double)__int_as_float(0x80000000), v8); }
    R(15, v9); /*s15*/
    if ((v12) < (((unsigned)32u))) { v18 = ((unsigned char)((unsigned)((unsigned char)v2) - (unsigned)v18)); } else { v18 = ((unsigned char)(v15 >> (((unsigned char)1) & 7))); }
    R(16, v18); /*s16*/
    unsigned v19 = __dp2a_hi(((unsigned)((unsigned)v12 * (unsigned)v12)), ((unsigned)(__half_as_ushort(__float2half_rz(floorf(v5))))), ((unsigned)((unsigned)((unsigned)v3) * (unsigned)v12)));
    R(17, v19); /*s17*/
    atomicAnd((unsigned *)&acc[5], (((unsigned)~(unsigned)v0)));
    {
      unsigned v20 = __ballot_sync(fm, (lane & 3) == 0);
      R(18, v20); /*s18*/
    }
    {
      bool p_ = ((v17) & 3) != 0; unsigned pm_ = __ballot_sync(fm, p_); R(19, pm_); /*s19*/
      if (p_) {
        unsigned v21 = __reduce_or_sync(pm_, ((unsigned)((unsigned)v12 + (unsigned)v0)));
        R(20, v21); /*s20*/
      }
    }
    if (((v15) & 5) != 0) { v2 = ((long long)(0 - (unsigned long long)v2)); } else { v2 = v2; }
    R(21, v2); /*s21*/
    {
      double v22 = __shfl_up_sync(fm, v16, 5, 8);
      if (!((fm >> ((lane % 8) >= 5 ? lane - 5 : lane)) & 1u)) v22 = v16;
      R(22, v22); /*s22*/
    }
    {
      unsigned v23 = __shfl_down_sync(fm, v19, 3, 4);
      if (!((fm >> ((lane % 4) + 3 < 4 ? lane + 3 : lane)) & 1u)) v23 = v19;
      R(23, v23); /*s23*/
    }
    if ((gid % 3) == 0) { v17 = ((unsigned long long)(v17 >= x0)); } else { v17 = ((unsigned long long)v17); }
    R(24, v17); /*s24*/
    float v24 = __half2float(__hadd(__float2half_rn(__fsqrt_rn(v7)), __float2half_rn(__fmaf_ru(v7, v7, (float)(((((short)v19)) == 0 ? (short)(((short)0x7fff)) : (short)((((short)0x7fff)) / (((short)v19)))))))));
    R(25, v24); /*s25*/
    unsigned short v25 = ((unsigned short)((unsigned)((unsigned short)(((unsigned short)0x8000) >> (((unsigned short)v17) & 15))) << (((unsigned short)v1) & 15)));
    R(26, v25); /*s26*/
    unsigned v26 = __viaddmax_s16x2_relu(((unsigned)v1), ((unsigned)(((unsigned)31u) | v0)), ((unsigned)((unsigned)v0 << (v12 & 31))));
    R(27, v26); /*s27*/
    {
      __syncwarp(fm);
      unsigned v27 = __popc(fm) + lane;
      R(28, v27); /*s28*/
    }
    unsigned char v28 = ((((v18) == 0 ? (unsigned char)(((unsigned char)v3)) : (unsigned char)((((unsigned char)v3)) % (v18)))) == 0 ? (unsigned char)(((unsigned char)(__float2int_ru(__fdiv_ru(v6, v5))))) : (unsigned char)((((unsigned char)(__float2int_ru(__fdiv_ru(v6, v5))))) % (((v18) == 0 ? (unsigned char)(((unsigned char)v3)) : (unsigned char)((((unsigned char)v3)) % (v18))))));
    R(29, v28); /*s29*/
    {
      unsigned v29 = __any_sync(fm, (v11) < (((signed char)0)));
      R(30, v29); /*s30*/
    }
    {
      unsigned v30 = __reduce_and_sync(fm, ((unsigned)(__vavgs2(((unsigned)(v26 & v0)), ((unsigned)((unsigned)((unsigned)v25) + (unsigned)v19))))));
      R(31, v30); /*s31*/
    }
    unsigned v31 = __vavgu4(((unsigned)((unsigned)v19 * (unsigned)((unsigned)0u))), ((((unsigned)32u)) < (v19) ? (((unsigned)32u)) : (v19)));
    R(32, v31); /*s32*/
    sh64[lt] = v17;
    __syncthreads();
    unsigned long long v32 = sh64[nt - 1 - lt];
    __syncthreads();
    R(33, v32); /*s33*/
    short v33 = ((short)0x7fff);
    R(34, v33); /*s34*/
    {
      __syncwarp(fm);
      unsigned v34 = __popc(fm) + lane;
      R(35, v34); /*s35*/
    }
    double v35 = rsqrt(__dadd_ru((double)__int_as_float(0x3dcccccd), v16));
    R(36, v35); /*s36*/
    float v36 = v7;
    for (int i_ = 0; i_ < (int)((unsigned)v12 % 9u); ++i_) {
      v36 = __fmaf_rn(v36, __int_as_float(0x3fc00000), (float)i_);
    }
    R(37, v36); /*s37*/
    { float s_, c_; sincosf(((v36) < (v36) ? (v36) : (v36)), &s_, &c_);
      float v37 = s_ - c_; R(38, s_); R(39, c_); } /*s38*/
    unsigned short v38 = ((unsigned short)(((unsigned short)(((unsigned short)0x8000) | ((unsigned short)v17))) >> (((unsigned short)(v25 >> (v25 & 15))) & 15)));
    R(40, v38); /*s40*/
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicAdd(&sha[(lt >> 2) & 3], v19);
    __syncthreads();
    unsigned v39 = sha[lt & 3];
    __syncthreads();
    R(41, v39); /*s41*/
    atomicAdd((unsigned *)&acc[6], (v19));
    if (((v2) & 8) != 0) { v19 = ((((unsigned)0x7fffffffu)) < (v12) ? (((unsigned)0x7fffffffu)) : (v12)); } else { v19 = ((unsigned)31u); }
    R(42, v19); /*s42*/
}
int main() {
    rng_state = 7ull * 0x2545f4914f6cdd1dull + 1;
    {
        const size_t NT = 192;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS0];
        unsigned long long hacc[8] = {0ull, 0ull, 0ull, 0ull, 0ull, 0ull, 0ull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS0 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS0 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k0<<<dim3(3, 1, 1), dim3(16, 4, 1)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k0 grid 3x1x1 block 16x4x1: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
        cudaMemcpy(ho, dout, NT * NS0 * 8, cudaMemcpyDeviceToHost); cudaMemcpy(hacc, dacc, 64, cudaMemcpyDeviceToHost);
        for (int s = 0; s < NS0; ++s) printf("k0 s%d%s %016llx\n", s, MK(T0, s), fnv(ho + s, NT, NS0));
        printf("k0 all%s %016llx\n", MK(T0, strcspn(T0, "~")), fnv(ho, NT * NS0, 1));
        if (const char *d = getenv("CUFUZZ_DUMP")) { int dk, ds; if (sscanf(d, "%d:%d", &dk, &ds) == 2 && dk == 0 && ds < NS0)
            for (size_t t = 0; t < NT; ++t) printf("k0 s%d t%zu %016llx in %016llx %08x %08x %08x %016llx %016llx\n", ds, t, ho[t * NS0 + ds], h64[t * 4], *(unsigned *)&hf[t * 4], *(unsigned *)&hf[t * 4 + 1], *(unsigned *)&hf[t * 4 + 2], *(unsigned long long *)&hd[t * 2], *(unsigned long long *)&hd[t * 2 + 1]); }
        for (int i = 0; i < 8; ++i) printf("k0 acc%d%s %llx\n", i, MK(A0, i), hacc[i]);
        for (int s = 0; s < NS0 && s < 6; ++s) printf("k0 t0 s%d%s %llx last %llx\n", s, MK(T0, s), ho[s], ho[(NT - 1) * NS0 + s]);
        cudaFree(d64); cudaFree(df); cudaFree(dd); cudaFree(dout); cudaFree(dacc);
        delete[] h64; delete[] hf; delete[] hd; delete[] ho;
    }
    {
        const size_t NT = 216;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS1];
        unsigned long long hacc[8] = {0xffffffffull, 0ull, 0ull, 0ull, 0ull, 0ull, 0ull, 0xffffffffull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS1 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS1 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k1<<<dim3(1, 3, 1), dim3(6, 6, 2)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k1 grid 1x3x1 block 6x6x2: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
        cudaMemcpy(ho, dout, NT * NS1 * 8, cudaMemcpyDeviceToHost); cudaMemcpy(hacc, dacc, 64, cudaMemcpyDeviceToHost);
        for (int s = 0; s < NS1; ++s) printf("k1 s%d%s %016llx\n", s, MK(T1, s), fnv(ho + s, NT, NS1));
        printf("k1 all%s %016llx\n", MK(T1, strcspn(T1, "~")), fnv(ho, NT * NS1, 1));
        if (const char *d = getenv("CUFUZZ_DUMP")) { int dk, ds; if (sscanf(d, "%d:%d", &dk, &ds) == 2 && dk == 1 && ds < NS1)
            for (size_t t = 0; t < NT; ++t) printf("k1 s%d t%zu %016llx in %016llx %08x %08x %08x %016llx %016llx\n", ds, t, ho[t * NS1 + ds], h64[t * 4], *(unsigned *)&hf[t * 4], *(unsigned *)&hf[t * 4 + 1], *(unsigned *)&hf[t * 4 + 2], *(unsigned long long *)&hd[t * 2], *(unsigned long long *)&hd[t * 2 + 1]); }
        for (int i = 0; i < 8; ++i) printf("k1 acc%d%s %llx\n", i, MK(A1, i), hacc[i]);
        for (int s = 0; s < NS1 && s < 6; ++s) printf("k1 t0 s%d%s %llx last %llx\n", s, MK(T1, s), ho[s], ho[(NT - 1) * NS1 + s]);
        cudaFree(d64); cudaFree(df); cudaFree(dd); cudaFree(dout); cudaFree(dacc);
        delete[] h64; delete[] hf; delete[] hd; delete[] ho;
    }
    {
        const size_t NT = 132;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS2];
        unsigned long long hacc[8] = {0xffffffffull, 0xffffffffull, 0ull, 0ull, 0ull, 0xffffffffull, 0ull, 0xffffffffull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS2 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS2 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k2<<<dim3(2, 1, 2), dim3(33, 1, 1)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k2 grid 2x1x2 block 33x1x1: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
        cudaMemcpy(ho, dout, NT * NS2 * 8, cudaMemcpyDeviceToHost); cudaMemcpy(hacc, dacc, 64, cudaMemcpyDeviceToHost);
        for (int s = 0; s < NS2; ++s) printf("k2 s%d%s %016llx\n", s, MK(T2, s), fnv(ho + s, NT, NS2));
        printf("k2 all%s %016llx\n", MK(T2, strcspn(T2, "~")), fnv(ho, NT * NS2, 1));
        if (const char *d = getenv("CUFUZZ_DUMP")) { int dk, ds; if (sscanf(d, "%d:%d", &dk, &ds) == 2 && dk == 2 && ds < NS2)
            for (size_t t = 0; t < NT; ++t) printf("k2 s%d t%zu %016llx in %016llx %08x %08x %08x %016llx %016llx\n", ds, t, ho[t * NS2 + ds], h64[t * 4], *(unsigned *)&hf[t * 4], *(unsigned *)&hf[t * 4 + 1], *(unsigned *)&hf[t * 4 + 2], *(unsigned long long *)&hd[t * 2], *(unsigned long long *)&hd[t * 2 + 1]); }
        for (int i = 0; i < 8; ++i) printf("k2 acc%d%s %llx\n", i, MK(A2, i), hacc[i]);
        for (int s = 0; s < NS2 && s < 6; ++s) printf("k2 t0 s%d%s %llx last %llx\n", s, MK(T2, s), ho[s], ho[(NT - 1) * NS2 + s]);
        cudaFree(d64); cudaFree(df); cudaFree(dd); cudaFree(dout); cudaFree(dacc);
        delete[] h64; delete[] hf; delete[] hd; delete[] ho;
    }
    return 0;
}
