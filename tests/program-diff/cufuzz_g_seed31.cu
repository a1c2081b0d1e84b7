// flags: -G
// A cufuzz program (scripts/cufuzz/gen.py), seed 31: rsqrt(double) is rsqrt.approx.f64, whose result Cuprite gave as 1/sqrt(x), an ulp off an H200's
// cufuzz seed 31 (scripts/cufuzz/gen.py)
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

#define NS0 41
static const char T0[] = "                          ~      ~     ~~", A0[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k0(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS0 };
    __shared__ unsigned sh32[1]; __shared__ float shf[1]; __shared__ unsigned long long sh64[1];
    __shared__ short sh16[1]; __shared__ double shd[1]; __shared__ unsigned sha[4];
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
    atomicAnd((unsigned *)&acc[2], (v0));
    short v10 = ((short)(((short)(((short)0) & v3)) != ((short)(__float2ll_rz(v5)))));
    R(0, v10); /*s0*/
    shf[lt] = v6;
    __syncthreads();
    float v11 = shf[(lt * 5 + 5) % nt];
    __syncthreads();
    R(1, v11); /*s1*/
    switch ((unsigned)v0 & 7u) {
      case 0: v4 = ((unsigned char)((unsigned)v4 + (unsigned)((unsigned char)0))); break;
      case 1: v4 = ((unsigned char)((unsigned)((unsigned char)0x80) - (unsigned)v4));
      case 2: v4 = ((unsigned char)(v4 & ((unsigned char)0))); break;
      case 3: v4 = ((unsigned char)(__viaddmin_u32(((unsigned)((unsigned)((unsigned)31u) + (unsigned)v0)), v0, ((unsigned)(((unsigned)v2) ^ v0))))); break;
      default: v4 = v4; break;
    }
    R(2, v4); /*s2*/
    int v12 = ((int)0x7fffffffu);
    R(3, v12); /*s3*/
    signed char v13 = ((signed char)(__vsetlts2(((unsigned)(fr_exp(__exp10f(v7)))), ((unsigned)0x01020304u))));
    R(4, v13); /*s4*/
    switch ((unsigned long long)x0 & 7u) {
      case 0: v7 = __fsub_rz(v5, v6);
      case 1: v7 = __fdiv_rz(__int_as_float(0x4f7fffff), __uint2float_rz(((unsigned)(v0 ^ v0)))); break;
      case 2: v7 = __int_as_float(0x40400000); break;
      case 3: v7 = fmaf(__int2float_rz(((int)v0)), __int_as_float(0xbf800000), v7); break;
      case 4: v7 = v5;
      default: v7 = __int_as_float(0x40d00000); break;
    }
    R(5, v7); /*s5*/
    unsigned v14 = __vimin_s16x2_relu(((unsigned)((unsigned)((unsigned)0x7fffffffu) * (unsigned)((unsigned)v13))), ((unsigned)(0 - (unsigned)v0)));
    R(6, v14); /*s6*/
    unsigned v15 = __vsads2(((unsigned)(((unsigned)0xffffffffu) >> (((unsigned)v13) & 31))), ((v14) == 0 ? (unsigned)(((unsigned)v12)) : (unsigned)((((unsigned)v12)) / (v14))));
    R(7, v15); /*s7*/
    short v16 = ((short)((unsigned)((short)0x8000) - (unsigned)((short)((unsigned)v10 << (v10 & 15)))));
    R(8, v16); /*s8*/
    unsigned v17 = __dp4a(v0, ((unsigned)((unsigned)((unsigned)v2) << (v14 & 31))), ((unsigned)(v0 | v14)));
    R(9, v17); /*s9*/
    unsigned char v18 = ((((unsigned char)(((unsigned char)v2) ^ ((unsigned char)v2)))) == 0 ? (unsigned char)(((unsigned char)((unsigned)((unsigned char)v3) << (v4 & 7)))) : (unsigned char)((((unsigned char)((unsigned)((unsigned char)v3) << (v4 & 7)))) / (((unsigned char)(((unsigned char)v2) ^ ((unsigned char)v2))))));
    R(10, v18); /*s10*/
    {
      int mp_; unsigned v19 = __match_all_sync(fm, v15, &mp_); v19 ^= (unsigned)mp_ << 31;
      R(11, v19); /*s11*/
    }
    double v20 = v8;
    R(12, v20); /*s12*/
    { float ip_; float fp_ = modff(v7, &ip_); R(13, fp_); R(14, ip_); } /*s13*/
    {
      unsigned v21 = __reduce_min_sync(fm, v15);
      R(15, v21); /*s15*/
    }
    unsigned short v22 = ((unsigned short)~(unsigned)((unsigned short)1));
    R(16, v22); /*s16*/
    unsigned v23 = __vseteq4(((unsigned)(__double2uint_rz(__fma_rz(v20, v9, v9)))), v17);
    R(17, v23); /*s17*/
    {
      bool p_ = (gid % 3) == 0; unsigned pm_ = __ballot_sync(fm, p_); R(18, pm_); /*s18*/
      if (p_) {
        int v24 = __reduce_max_sync(pm_, v12);
        R(19, v24); /*s19*/
      }
    }
    if ((gid % 3) == 0) { v9 = __dadd_ru((double)(v6), v20); } else { v9 = __fma_rz((double)__int_as_float(0x80000000), v20, v8); }
    R(20, v9); /*s20*/
    signed char v25 = ((signed char)((unsigned)((signed char)x0) + (unsigned)((((signed char)v23)) < (v13) ? (((signed char)v23)) : (v13))));
    R(21, v25); /*s21*/
    if (lt == 0) { sha[0] = 0xffffffffu; sha[1] = 0xffffffffu; sha[2] = 0xffffffffu; sha[3] = 0xffffffffu; }
    __syncthreads();
    atomicMin(&sha[lane & 3], v0);
    __syncthreads();
    unsigned v26 = sha[lt & 3];
    __syncthreads();
    R(22, v26); /*s22*/
    unsigned v27 = __vimax3_u16x2(((unsigned)(__double2ull_ru(v9))), ((unsigned)(((unsigned)32u) <= ((unsigned)31u))), ((unsigned)0x01020304u));
    R(23, v27); /*s23*/
    long long v28 = ((long long)1ull);
    R(24, v28); /*s24*/
    double v29 = (v20 - (double)__int_as_float(0x4b800000));
    R(25, v29); /*s25*/
    float v30 = ((atan2f(v6, __int_as_float(((int)(((int)v18) ^ v12))))) < (__fadd_ru(v11, __ull2float_rn(((unsigned long long)(((unsigned long long)v1) >= x0))))) ? (atan2f(v6, __int_as_float(((int)(((int)v18) ^ v12))))) : (__fadd_ru(v11, __ull2float_rn(((unsigned long long)(((unsigned long long)v1) >= x0))))));
    R(26, v30); /*s26*/
    short v31 = v10;
    R(27, v31); /*s27*/
    unsigned v32 = __vcmpgtu2(((unsigned)v23), ((unsigned)0u));
    R(28, v32); /*s28*/
    unsigned v33 = ((unsigned)(((unsigned)((unsigned)v32 + (unsigned)((unsigned)v28))) ^ ((v26) < (v23) ? (v26) : (v23))));
    R(29, v33); /*s29*/
    signed char v34 = v25;
    R(30, v34); /*s30*/
    sh32[lt] = v33;
    __syncthreads();
    unsigned v35 = sh32[0];
    __syncthreads();
    R(31, v35); /*s31*/
    if (lt == 0) { sha[0] = 0xffffffffu; sha[1] = 0xffffffffu; sha[2] = 0xffffffffu; sha[3] = 0xffffffffu; }
    __syncthreads();
    atomicMin(&sha[0], v33);
    __syncthreads();
    unsigned v36 = sha[lt & 3];
    __syncthreads();
    R(32, v36); /*s32*/
    if ((v12) < (v12)) { v12 = ((int)(0 - (unsigned)v12)); } else { v12 = ((int)(__float2uint_rd(__half2float(__hmin(__float2half_rn(v5), __float2half_rn(v30)))))); }
    R(33, v12); /*s33*/
    long long v37 = ((long long)~(unsigned long long)((long long)(0 - (unsigned long long)((long long)0ull))));
    R(34, v37); /*s34*/
    atomicAdd((unsigned *)&acc[3], (v32));
    signed char v38 = v34;
    R(35, v38); /*s35*/
    if (((v28) & 1) != 0) { v8 = __ll2double_rz(v28); } else { v8 = __dmul_rn(v29, v20); }
    R(36, v8); /*s36*/
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicAdd(&sha[(lt >> 2) & 3], ((unsigned)(v14 >> (((unsigned)32u) & 31))));
    __syncthreads();
    unsigned v39 = sha[lt & 3];
    __syncthreads();
    R(37, v39); /*s37*/
    if ((gid % 3) == 0) { v4 = ((unsigned char)((unsigned)v18 + (unsigned)v18)); } else { v4 = ((unsigned char)0); }
    R(38, v4); /*s38*/
    { bool p_; int m_ = __vibmax_s32(v12, ((int)((unsigned)v12 - (unsigned)((int)0x80000000u))), &p_); R(39, m_); R(40, (int)p_); } /*s39*/
}
#define NS1 37
static const char T1[] = "                                     ", A1[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k1(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS1 };
    __shared__ unsigned sh32[27]; __shared__ float shf[27]; __shared__ unsigned long long sh64[27];
    __shared__ short sh16[27]; __shared__ double shd[27]; __shared__ unsigned sha[4];
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
    unsigned v10 = __vabsss4(((unsigned)((unsigned)v0 + (unsigned)v0)));
    R(0, v10); /*s0*/
    atomicAdd((unsigned *)&acc[7], (v10));
    shf[lt] = v6;
    __syncthreads();
    float v11 = shf[(lt + 1) % nt];
    __syncthreads();
    R(1, v11); /*s1*/
    if (((v4) & 1) != 0) { v1 = ((int)(v1 ^ v1)); } else { v1 = ((int)v10); }
    R(2, v1); /*s2*/
    if (lt == 0) { sha[0] = 0xffffffffu; sha[1] = 0xffffffffu; sha[2] = 0xffffffffu; sha[3] = 0xffffffffu; }
    __syncthreads();
    atomicMin(&sha[0], v0);
    __syncthreads();
    unsigned v12 = sha[lt & 3];
    __syncthreads();
    R(3, v12); /*s3*/
    atomicMax((unsigned *)&acc[0], (v0));
    unsigned v13 = __vcmpleu2(((((unsigned)0x01020304u)) == 0 ? (unsigned)(((unsigned)0x01020304u)) : (unsigned)((((unsigned)0x01020304u)) % (((unsigned)0x01020304u)))), ((unsigned)(__uhadd(((v12) == 0 ? (unsigned)(v12) : (unsigned)((v12) % (v12))), ((unsigned)((unsigned)((unsigned)v4) + (unsigned)((unsigned)v1)))))));
    R(4, v13); /*s4*/
    int v14 = v1;
    R(5, v14); /*s5*/
    {
      double v15 = __shfl_xor_sync(fm, __dadd_ru((double)__int_as_float(0xc0200000), v8), 2, 4);
      if (!((fm >> (((lane ^ 2) / 4) == (lane / 4) ? (lane ^ 2) : lane)) & 1u)) v15 = __dadd_ru((double)__int_as_float(0xc0200000), v8);
      R(6, v15); /*s6*/
    }
    switch ((unsigned)v4 & 7u) {
      case 0: v6 = v5; break;
      case 1: v6 = __powf(v5, v6); break;
      case 2: v6 = (__ll2float_rd(((long long)(((long long)0ull) & v2))) / __int_as_float(0x00800000)); break;
      default: v6 = __bfloat162float(__hmax(__float2bfloat16_rn(v6), __float2bfloat16_rn(v6))); break;
    }
    R(7, v6); /*s7*/
    long long v16 = ((long long)~(unsigned long long)((long long)((unsigned long long)v2 - (unsigned long long)((long long)x0))));
    R(8, v16); /*s8*/
    short v17 = ((short)((unsigned)((short)(0 - (unsigned)((short)v16))) + (unsigned)((short)~(unsigned)v3)));
    R(9, v17); /*s9*/
    { int e_; double m_ = frexp(rint((double)__int_as_float(0xbfc00000)), &e_); R(10, m_); R(11, e_); } /*s10*/
    {
      int mp_; unsigned v18 = __match_all_sync(fm, v8, &mp_); v18 ^= (unsigned)mp_ << 31;
      R(12, v18); /*s12*/
    }
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicAdd(&sha[(lt >> 2) & 3], v10);
    __syncthreads();
    unsigned v19 = sha[lt & 3];
    __syncthreads();
    R(13, v19); /*s13*/
    double v20 = v9;
    R(14, v20); /*s14*/
    signed char v21 = ((signed char)(((signed char)(((signed char)v13) >> (((signed char)0xff) & 7))) == ((signed char)0x80)));
    R(15, v21); /*s15*/
    unsigned v22 = __vcmples4(v19, v10);
    R(16, v22); /*s16*/
    unsigned v23 = __vcmpges2(((unsigned)(__vimax3_s16x2_relu(((unsigned)(__double2hiint(__dmul_rn(v9, v8)))), v13, v19))), ((((unsigned)0x80000000u)) == 0 ? (unsigned)(v12) : (unsigned)((v12) % (((unsigned)0x80000000u)))));
    R(17, v23); /*s17*/
    atomicMin((unsigned *)&acc[3], (v10));
    unsigned long long v24 = ((((unsigned long long)((unsigned long long)x0 + (unsigned long long)x0))) == 0 ? (unsigned long long)(((x0) == 0 ? (unsigned long long)(x0) : (unsigned long long)((x0) / (x0)))) : (unsigned long long)((((x0) == 0 ? (unsigned long long)(x0) : (unsigned long long)((x0) / (x0)))) / (((unsigned long long)((unsigned long long)x0 + (unsigned long long)x0)))));
    R(18, v24); /*s18*/
    unsigned v25 = __vabsdiffs4(((unsigned)((unsigned)v22 + (unsigned)((unsigned)0x7fffffffu))), ((((unsigned)0x80000000u)) == 0 ? (unsigned)(((unsigned)v21)) : (unsigned)((((unsigned)v21)) / (((unsigned)0x80000000u)))));
    R(19, v25); /*s19*/
    unsigned long long v26 = v24;
    R(20, v26); /*s20*/
    {
      unsigned v27 = __any_sync(fm, ((v21) & 3) != 0);
      R(21, v27); /*s21*/
    }
    int v28 = 0;
    { unsigned n_ = (unsigned)v3 | 1u;
      while (n_ != 1u && v28 < 60) { n_ = (n_ & 1u) ? n_ * 3u + 1u : n_ >> 1; ++v28; } }
    R(22, v28); /*s22*/
    int v29 = 0;
    { unsigned n_ = (unsigned)v21 | 1u;
      while (n_ != 1u && v29 < 60) { n_ = (n_ & 1u) ? n_ * 3u + 1u : n_ >> 1; ++v29; } }
    R(23, v29); /*s23*/
    unsigned short v30 = ((unsigned short)1);
    R(24, v30); /*s24*/
    if ((gid % 3) == 0) { v7 = ((__int_as_float(0x7f7fffff)) < (v5) ? (__int_as_float(0x7f7fffff)) : (v5)); } else { v7 = __fsub_rn(v11, v5); }
    R(25, v7); /*s25*/
    int v31 = __mulhi(((int)v3), ((int)v30));
    R(26, v31); /*s26*/
    unsigned v32 = __viaddmin_u32(((v12) < (((unsigned)32u)) ? (v12) : (((unsigned)32u))), ((unsigned)(v12 & v19)), v10);
    R(27, v32); /*s27*/
    unsigned v33 = __vsetles2(((unsigned)32u), ((unsigned)((unsigned)((unsigned)v21) + (unsigned)((unsigned)v26))));
    R(28, v33); /*s28*/
    atomicAdd((float *)&acc[6], (float)((v33) & 255u));
    unsigned v34 = __vmaxs4(((unsigned)(0 - (unsigned)((unsigned)v30))), ((unsigned)((unsigned)((unsigned)1u) - (unsigned)((unsigned)v3))));
    R(29, v34); /*s29*/
    if (lt == 0) { sha[0] = 0xffffffffu; sha[1] = 0xffffffffu; sha[2] = 0xffffffffu; sha[3] = 0xffffffffu; }
    __syncthreads();
    atomicMin(&sha[lt % 4], v19);
    __syncthreads();
    unsigned v35 = sha[lt & 3];
    __syncthreads();
    R(30, v35); /*s30*/
    {
      unsigned v36 = __match_any_sync(fm, ((v2) & 3));
      R(31, v36); /*s31*/
    }
    signed char v37 = ((signed char)(((signed char)((unsigned)v21 << (v21 & 7))) >> (((signed char)(((signed char)1) < ((signed char)1))) & 7)));
    R(32, v37); /*s32*/
    unsigned v38 = __vsetne2(((unsigned)(__vsetles2(((unsigned)(__vsetgtu2(((unsigned)((unsigned)v10 + (unsigned)((unsigned)0x7fffffffu))), ((unsigned)((unsigned)v13 - (unsigned)v23))))), v0))), v35);
    R(33, v38); /*s33*/
    unsigned v39 = ((unsigned)((unsigned)((unsigned)(v10 <= ((unsigned)v28))) - (unsigned)((unsigned)((unsigned)v25 << (v38 & 31)))));
    R(34, v39); /*s34*/
    shd[lt] = v8;
    __syncthreads();
    double v40 = shd[nt - 1 - lt];
    __syncthreads();
    R(35, v40); /*s35*/
    unsigned v41 = __vsetgeu4(((unsigned)(0 - (unsigned)v23)), ((unsigned)(v10 | ((unsigned)31u))));
    R(36, v41); /*s36*/
}
#define NS2 39
static const char T2[] = "                           ~   ~    ~  ", A2[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k2(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS2 };
    __shared__ unsigned sh32[30]; __shared__ float shf[30]; __shared__ unsigned long long sh64[30];
    __shared__ short sh16[30]; __shared__ double shd[30]; __shared__ unsigned sha[4];
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
    unsigned v10 = __viaddmax_u32(((unsigned)((unsigned)v0 << (((unsigned)v3) & 31))), ((((unsigned)0xffffffffu)) < (((unsigned)v2)) ? (((unsigned)0xffffffffu)) : (((unsigned)v2))), ((unsigned)~(unsigned)((unsigned)0x01020304u)));
    R(0, v10); /*s0*/
    { int e_; double m_ = frexp(v8, &e_); R(1, m_); R(2, e_); } /*s1*/
    sh32[lt] = v0;
    __syncthreads();
    unsigned v11 = sh32[nt - 1 - lt];
    __syncthreads();
    R(3, v11); /*s3*/
    unsigned v12 = __vimax3_s16x2_relu(v10, ((((unsigned)0x01020304u)) < (((unsigned)0x01020304u)) ? (((unsigned)0x01020304u)) : (((unsigned)0x01020304u))), ((unsigned)~(unsigned)((unsigned)0u)));
    R(4, v12); /*s4*/
    atomicAdd((float *)&acc[3], (float)((v10) & 255u));
    switch ((unsigned long long)x0 & 7u) {
      case 0: v3 = v3; break;
      case 1: v3 = v3;
      case 2: v3 = ((short)(v3 != v3)); break;
      case 3: v3 = ((short)(v3 >> (v3 & 15))); break;
      default: v3 = ((short)(__float2ll_ru(__fsub_rz(__uint2float_rd(((unsigned)(v0 ^ ((unsigned)0x80000000u)))), v5)))); break;
    }
    R(5, v3); /*s5*/
    sh16[lt] = v3;
    __syncthreads();
    short v13 = sh16[(lt + 1) % nt];
    __syncthreads();
    R(6, v13); /*s6*/
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicMax(&sha[0], v12);
    __syncthreads();
    unsigned v14 = sha[lt & 3];
    __syncthreads();
    R(7, v14); /*s7*/
    {
      bool p_ = ((x0) & 3) != 0; unsigned pm_ = __ballot_sync(fm, p_); R(8, pm_); /*s8*/
      if (p_) {
        unsigned v15 = __reduce_or_sync(pm_, v12);
        R(9, v15); /*s9*/
      }
    }
    short v16 = ((short)(__vsetleu2(((unsigned)(0 - (unsigned)v12)), ((unsigned)(v12 > v10)))));
    R(10, v16); /*s10*/
    atomicInc((unsigned *)&acc[6], 0xffffffffu);
    {
      unsigned v17 = __all_sync(fm, (gid % 3) == 0);
      R(11, v17); /*s11*/
    }
    int v18 = ((int)((unsigned)((int)x0) + (unsigned)((int)(v1 >> (((int)32u) & 31)))));
    R(12, v18); /*s12*/
    { bool p_; int m_ = __vibmax_s32(((v1) == 0 || ((((int)32u)) == (-2147483647 - 1) && (v1) == -1) ? (int)(((int)32u)) : (int)((((int)32u)) / (v1))), ((int)(v1 | ((int)31u))), &p_); R(13, m_); R(14, (int)p_); } /*s13*/
    unsigned v19 = __vsubss4(((unsigned)(0 - (unsigned)v0)), v14);
    R(15, v19); /*s15*/
    { int e_; double m_ = frexp(rsqrt(v8), &e_); R(16, m_); R(17, e_); } /*s16*/
    unsigned v20 = __vimax_s16x2_relu(((unsigned)((unsigned)((unsigned)v16) - (unsigned)v11)), v19);
    R(18, v20); /*s18*/
    {
      int v21 = __reduce_max_sync(fm, v1);
      R(19, v21); /*s19*/
    }
    unsigned v22 = __vsetgts4(((unsigned)(v19 == ((unsigned)0x01020304u))), ((((unsigned)v2)) == 0 ? (unsigned)(((unsigned)0u)) : (unsigned)((((unsigned)0u)) / (((unsigned)v2)))));
    R(20, v22); /*s20*/
    unsigned v23 = __vabsdiffs4(((unsigned)((unsigned)v14 + (unsigned)((unsigned)0x7fffffffu))), ((unsigned)(v14 | v0)));
    R(21, v23); /*s21*/
    int v24 = 0;
    { unsigned n_ = (unsigned)v4 | 1u;
      while (n_ != 1u && v24 < 60) { n_ = (n_ & 1u) ? n_ * 3u + 1u : n_ >> 1; ++v24; } }
    R(22, v24); /*s22*/
    atomicInc((unsigned *)&acc[6], 0xffffffffu);
    {
      bool p_ = (lane & 3) == 1; unsigned pm_ = __ballot_sync(fm, p_); R(23, pm_); /*s23*/
      if (p_) {
        unsigned long long v25 = __shfl_xor_sync(pm_, ((unsigned long long)~(unsigned long long)x0), 8, 16);
        if (!((pm_ >> (((lane ^ 8) / 16) == (lane / 16) ? (lane ^ 8) : lane)) & 1u)) v25 = ((unsigned long long)~(unsigned long long)x0);
        R(24, v25); /*s24*/
      }
    }
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicXor(&sha[(lt >> 2) & 3], v10);
    __syncthreads();
    unsigned v26 = sha[lt & 3];
    __syncthreads();
    R(25, v26); /*s25*/
    long long v27 = ((long long)((unsigned long long)((long long)(__float2ll_rd(__uint2float_rd(((unsigned)~(unsigned)((unsigned)v18)))))) << (((long long)((unsigned long long)((long long)0x8000000000000000ull) - (unsigned long long)((long long)0x100000000ull))) & 63)));
    R(26, v27); /*s26*/
    atomicAdd((float *)&acc[3], (float)((v22) & 255u));
    double v28 = __fma_ru(hypot(v8, v8), __drcp_ru(v9), sin(v9));
    R(27, v28); /*s27*/
    unsigned v29 = __vsadu4(((unsigned)1u), ((unsigned)v27));
    R(28, v29); /*s28*/
    short v30 = ((short)(__vcmpleu4(((unsigned)((unsigned)v19 + (unsigned)v22)), ((unsigned)((unsigned)v14 << (((unsigned)0x7fffffffu) & 31))))));
    R(29, v30); /*s29*/
    long long v31 = ((long long)(umin(((unsigned)(v19 == v19)), ((unsigned)((unsigned)v20 << (((unsigned)x0) & 31))))));
    R(30, v31); /*s30*/
    {
      double v32 = __shfl_xor_sync(fm, v28, 14, 32);
      if (!((fm >> (((lane ^ 14) / 32) == (lane / 32) ? (lane ^ 14) : lane)) & 1u)) v32 = v28;
      R(31, v32); /*s31*/
    }
    unsigned short v33 = ((unsigned short)(((((unsigned short)0)) == 0 ? (unsigned short)(((unsigned short)v4)) : (unsigned short)((((unsigned short)v4)) / (((unsigned short)0)))) >= ((((unsigned short)0)) == 0 ? (unsigned short)(((unsigned short)1)) : (unsigned short)((((unsigned short)1)) / (((unsigned short)0))))));
    R(32, v33); /*s32*/
    atomicOr((unsigned *)&acc[4], (v0));
    unsigned v34 = ((((((unsigned)0x7fffffffu)) < (v14) ? (((unsigned)0x7fffffffu)) : (v14))) < (v26) ? (((((unsigned)0x7fffffffu)) < (v14) ? (((unsigned)0x7fffffffu)) : (v14))) : (v26));
    R(33, v34); /*s33*/
    {
      int mp_; unsigned v35 = __match_all_sync(fm, (int)((v5) < 0), &mp_); v35 ^= (unsigned)mp_ << 31;
      R(34, v35); /*s34*/
    }
    switch ((unsigned long long)x0 & 7u) {
      case 0: v24 = v24;
      case 1: v24 = v18; break;
      default: v24 = ((int)((unsigned)v1 + (unsigned)v18)); break;
    }
    R(35, v24); /*s35*/
    atomicOr((unsigned *)&acc[5], (v20));
    signed char v36 = ((signed char)(__bfloat16_as_ushort(__float2bfloat16_rz(fminf(__int_as_float(0x80000000), __ull2float_rd(((unsigned long long)(__vnegss4(((unsigned)(__umul24(v12, ((unsigned)(__double2int_rn(v28)))))))))))))));
    R(36, v36); /*s36*/
    shf[lt] = v6;
    __syncthreads();
    float v37 = shf[(lt + 1) % nt];
    __syncthreads();
    R(37, v37); /*s37*/
    short v38 = ((short)(v3 ^ ((short)((unsigned)((short)v3) * (unsigned)v16))));
    R(38, v38); /*s38*/
}
int main() {
    rng_state = 31ull * 0x2545f4914f6cdd1dull + 1;
    {
        const size_t NT = 4;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS0];
        unsigned long long hacc[8] = {0ull, 0ull, 0xffffffffull, 0ull, 0xffffffffull, 0ull, 0ull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS0 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS0 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k0<<<dim3(2, 1, 2), dim3(1, 1, 1)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k0 grid 2x1x2 block 1x1x1: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
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
        const size_t NT = 108;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS1];
        unsigned long long hacc[8] = {0ull, 0ull, 0xffffffffull, 0xffffffffull, 0ull, 0xffffffffull, 0ull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS1 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS1 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k1<<<dim3(2, 1, 2), dim3(3, 3, 3)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k1 grid 2x1x2 block 3x3x3: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
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
        const size_t NT = 120;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS2];
        unsigned long long hacc[8] = {0xffffffffull, 0ull, 0ull, 0ull, 0ull, 0ull, 0ull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS2 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS2 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k2<<<dim3(2, 1, 2), dim3(2, 3, 5)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k2 grid 2x1x2 block 2x3x5: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
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
