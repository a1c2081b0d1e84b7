// A cufuzz program (scripts/cufuzz/gen.py), seed 0: rsqrt(double) is rsqrt.approx.f64, whose result Cuprite gave as 1/sqrt(x), an ulp off an H200's
// cufuzz seed 0 (scripts/cufuzz/gen.py)
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

#define NS0 39
static const char T0[] = "                       ~               ", A0[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k0(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS0 };
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
      unsigned long long v10 = __shfl_up_sync(fm, x0, 2, 16);
      if (!((fm >> ((lane % 16) >= 2 ? lane - 2 : lane)) & 1u)) v10 = x0;
      R(0, v10); /*s0*/
    }
    atomicMin((unsigned *)&acc[1], (((unsigned)((unsigned)v0 * (unsigned)((unsigned)v4)))));
    atomicAdd((unsigned *)&acc[0], (v0));
    int v11 = ((int)(((int)x0) ^ ((int)v1)));
    R(1, v11); /*s1*/
    long long v12 = max(((long long)(((long long)0x8000000000000000ull) & v2)), v2);
    R(2, v12); /*s2*/
    signed char v13 = ((signed char)(__double2ull_ru(fma(v9, (double)__int_as_float(0xc0200000), v8))));
    R(3, v13); /*s3*/
    int v14 = ((int)((unsigned)((int)0x80000000u) + (unsigned)((int)1u)));
    R(4, v14); /*s4*/
    shf[lt] = v6;
    __syncthreads();
    float v15 = shf[nt - 1 - lt];
    __syncthreads();
    R(5, v15); /*s5*/
    double v16 = (double)__int_as_float(0xbf800000);
    R(6, v16); /*s6*/
    switch ((unsigned long long)x0 & 7u) {
      case 0: v0 = ((unsigned)(0 - (unsigned)v0)); break;
      case 1: v0 = v0; break;
      case 2: v0 = ((unsigned)31u); break;
      case 3: v0 = ((unsigned)v14); break;
      case 4: v0 = ((unsigned)((unsigned)v0 + (unsigned)v0)); break;
      default: v0 = ((v0) < (((unsigned)0u)) ? (v0) : (((unsigned)0u))); break;
    }
    R(7, v0); /*s7*/
    int v17 = v14;
    R(8, v17); /*s8*/
    {
      bool p_ = ((v12) & 1) != 0; unsigned pm_ = __ballot_sync(fm, p_); R(9, pm_); /*s9*/
      if (p_) {
        unsigned v18 = __reduce_xor_sync(pm_, v0);
        R(10, v18); /*s10*/
      }
    }
    if ((gid % 3) == 0) { v0 = ((((unsigned)1u)) == 0 ? (unsigned)(v0) : (unsigned)((v0) % (((unsigned)1u)))); } else { v0 = ((unsigned)(((unsigned)1u) & ((unsigned)v4))); }
    R(11, v0); /*s11*/
    unsigned char v19 = v4;
    R(12, v19); /*s12*/
    atomicMax((unsigned *)&acc[7], (v0));
    {
      bool p_ = (gid % 3) == 0; unsigned pm_ = __ballot_sync(fm, p_); R(13, pm_); /*s13*/
      if (p_) {
        unsigned v20 = __shfl_down_sync(pm_, v0, 5, 8);
        if (!((pm_ >> ((lane % 8) + 5 < 8 ? lane + 5 : lane)) & 1u)) v20 = v0;
        R(14, v20); /*s14*/
      }
    }
    unsigned v21 = ((unsigned)0xffffffffu);
    R(15, v21); /*s15*/
    float v22 = __fmul_rd(remainderf(v15, v7), __fmaf_rd(__uint2float_rz(((unsigned)((unsigned)((unsigned)0xffffffffu) * (unsigned)v0))), v7, v5));
    R(16, v22); /*s16*/
    unsigned v23 = __vaddss2(((unsigned)(__float2int_rd(v22))), ((unsigned)(v0 >> (v0 & 31))));
    R(17, v23); /*s17*/
    if ((gid % 3) == 0) { v19 = ((unsigned char)(v4 <= ((unsigned char)0x7f))); } else { v19 = ((unsigned char)(v19 | v4)); }
    R(18, v19); /*s18*/
    unsigned v24 = ((unsigned)(0 - (unsigned)((unsigned)32u)));
    R(19, v24); /*s19*/
    unsigned v25 = __vcmpleu4(((unsigned)((unsigned)((unsigned)1u) * (unsigned)v23)), ((unsigned)~(unsigned)((unsigned)v3)));
    R(20, v25); /*s20*/
    {
      int v26 = __reduce_max_sync(fm, v11);
      R(21, v26); /*s21*/
    }
    signed char v27 = ((((signed char)((unsigned)((signed char)0x80) - (unsigned)v13))) == 0 ? (signed char)(((signed char)(0 - (unsigned)v13))) : (signed char)((((signed char)(0 - (unsigned)v13))) % (((signed char)((unsigned)((signed char)0x80) - (unsigned)v13)))));
    R(22, v27); /*s22*/
    float v28 = floorf(atan2f(v22, v7));
    R(23, v28); /*s23*/
    {
      bool p_ = (v24) < (v24); unsigned pm_ = __ballot_sync(fm, p_); R(24, pm_); /*s24*/
      if (p_) {
        unsigned v29 = __all_sync(pm_, (v14) < (v17));
        R(25, v29); /*s25*/
      }
    }
    if ((gid % 3) == 0) { v25 = ((((unsigned)32u)) == 0 ? (unsigned)(((unsigned)0xffffffffu)) : (unsigned)((((unsigned)0xffffffffu)) / (((unsigned)32u)))); } else { v25 = ((unsigned)((unsigned)((unsigned)32u) << (v21 & 31))); }
    R(26, v25); /*s26*/
    unsigned v30 = __funnelshift_lc(v21, v25, ((unsigned)((unsigned)v0 * (unsigned)((unsigned)0xffffffffu))));
    R(27, v30); /*s27*/
    short v31 = ((((((short)v19)) == 0 ? (short)(((short)v19)) : (short)((((short)v19)) % (((short)v19))))) == 0 ? (short)(v3) : (short)((v3) / (((((short)v19)) == 0 ? (short)(((short)v19)) : (short)((((short)v19)) % (((short)v19)))))));
    R(28, v31); /*s28*/
    signed char v32 = ((signed char)v25);
    R(29, v32); /*s29*/
    unsigned long long v33 = ((((unsigned long long)(((unsigned long long)0xffffffffffffffffull) > x0))) == 0 ? (unsigned long long)(((unsigned long long)((unsigned long long)((unsigned long long)1ull) << (x0 & 63)))) : (unsigned long long)((((unsigned long long)((unsigned long long)((unsigned long long)1ull) << (x0 & 63)))) % (((unsigned long long)(((unsigned long long)0xffffffffffffffffull) > x0)))));
    R(30, v33); /*s30*/
    unsigned v34 = __vsads2(v24, v30);
    R(31, v34); /*s31*/
    {
      int mp_; unsigned v35 = __match_all_sync(fm, v0, &mp_); v35 ^= (unsigned)mp_ << 31;
      R(32, v35); /*s32*/
    }
    float v36 = __fsub_rd(fminf(v7, v6), __fdiv_rd(__int2float_rz(((int)(__double2ull_ru(fabs(v8))))), __int_as_float(0x4f7fffff)));
    R(33, v36); /*s33*/
    double v37 = fmin(floor(v16), v8);
    R(34, v37); /*s34*/
    float v38 = v22;
    R(35, v38); /*s35*/
    sh16[lt] = v3;
    __syncthreads();
    short v39 = sh16[(lt ^ 1u) < nt ? (lt ^ 1u) : lt];
    __syncthreads();
    R(36, v39); /*s36*/
    unsigned char v40 = ((unsigned char)((unsigned)((unsigned char)((unsigned)v4 - (unsigned)((unsigned char)0x80))) - (unsigned)((((unsigned char)v23)) == 0 ? (unsigned char)(v19) : (unsigned char)((v19) / (((unsigned char)v23))))));
    R(37, v40); /*s37*/
    atomicAdd((unsigned *)&acc[0], (v30));
    unsigned v41 = __vcmpne2(((v23) < (v21) ? (v23) : (v21)), ((unsigned)(__float2int_rz(__fsub_rd(__int_as_float(0x4effffff), v7)))));
    R(38, v41); /*s38*/
}
#define NS1 42
static const char T1[] = "   ~    ~          ~      ~   ~~~~ ~   ~~ ", A1[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k1(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS1 };
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
    unsigned v10 = __vcmpeq2(((unsigned)(v0 ^ ((unsigned)0xffffffffu))), ((unsigned)((unsigned)v0 << (((unsigned)32u) & 31))));
    R(0, v10); /*s0*/
    if (lane < 21) { v4 = ((unsigned char)0x80); } else { v4 = v4; }
    R(1, v4); /*s1*/
    unsigned short v11 = ((((unsigned short)(((unsigned short)0x7fff) & ((unsigned short)0)))) == 0 ? (unsigned short)(((unsigned short)0x8000)) : (unsigned short)((((unsigned short)0x8000)) / (((unsigned short)(((unsigned short)0x7fff) & ((unsigned short)0))))));
    R(2, v11); /*s2*/
    unsigned v12 = __vcmplts2(((unsigned)(__float2ll_ru(atan2f(v5, __int_as_float(0x3f800000))))), ((unsigned)(v0 >> (((unsigned)0xffffffffu) & 31))));
    R(3, v12); /*s3*/
    if (lt == 0) { sha[0] = 0u; sha[1] = 0u; sha[2] = 0u; sha[3] = 0u; }
    __syncthreads();
    atomicMax(&sha[lt % 4], v10);
    __syncthreads();
    unsigned v13 = sha[lt & 3];
    __syncthreads();
    R(4, v13); /*s4*/
    unsigned short v14 = ((unsigned short)(__vabsss2(((v0) < (((unsigned)x0)) ? (v0) : (((unsigned)x0))))));
    R(5, v14); /*s5*/
    long long v15 = ((long long)((unsigned long long)((((long long)v1)) < (((long long)v4)) ? (((long long)v1)) : (((long long)v4))) + (unsigned long long)((long long)(0 - (unsigned long long)v2))));
    R(6, v15); /*s6*/
    unsigned v16 = __vcmples2(v0, ((unsigned)~(unsigned)((unsigned)32u)));
    R(7, v16); /*s7*/
    int v17 = __vimax3_s32(((int)((unsigned)v1 - (unsigned)v1)), ((int)(__vsetleu2(v12, ((unsigned)((unsigned)v12 + (unsigned)((unsigned)x0)))))), ((int)(v1 ^ ((int)v4))));
    R(8, v17); /*s8*/
    unsigned v18 = __vcmpeq4(v13, ((unsigned)((unsigned)v10 - (unsigned)((unsigned)v11))));
    R(9, v18); /*s9*/
    unsigned v19 = ((unsigned)(v0 & v18));
    for (unsigned i_ = 0; i_ < ((unsigned)v4 & 15u); ++i_) {
      v19 = (unsigned)((unsigned)v19 * 7u + i_ + (unsigned)((v10) == 0 ? (unsigned)(v18) : (unsigned)((v18) % (v10))));
      if (((unsigned)v19 & 31u) == 7u) break;
    }
    R(10, v19); /*s10*/
    unsigned long long v20 = ((unsigned long long)0ull);
    R(11, v20); /*s11*/
    unsigned v21 = __vsetne2(((unsigned)~(unsigned)v13), ((unsigned)v15));
    R(12, v21); /*s12*/
    atomicAdd((float *)&acc[6], (float)((v21) & 255u));
    {
      bool p_ = (v3) < (((short)0x7fff)); unsigned pm_ = __ballot_sync(fm, p_); R(13, pm_); /*s13*/
      if (p_) {
        int mp_; unsigned v22 = __match_all_sync(pm_, ((v2) & 3), &mp_); v22 ^= (unsigned)mp_ << 31;
        R(14, v22); /*s14*/
      }
    }
    double v23 = (__dsub_rz(v9, v8) / v8);
    R(15, v23); /*s15*/
    unsigned long long v24 = ((unsigned long long)(0 - (unsigned long long)((unsigned long long)(__vcmpges4(((unsigned)(((unsigned)32u) >> (((unsigned)0x7fffffffu) & 31))), ((unsigned)(((unsigned)31u) >> (v19 & 31))))))));
    R(16, v24); /*s16*/
    {
      bool p_ = (gid % 3) == 0; unsigned pm_ = __ballot_sync(fm, p_); R(17, pm_); /*s17*/
      if (p_) {
        long long v25 = __shfl_up_sync(pm_, v2, 3, 4);
        if (!((pm_ >> ((lane % 4) >= 3 ? lane - 3 : lane)) & 1u)) v25 = v2;
        R(18, v25); /*s18*/
      }
    }
    float v26 = tanf(v7);
    R(19, v26); /*s19*/
    if ((v4) < (v4)) { v15 = ((long long)(v15 == v2)); } else { v15 = ((long long)v4); }
    R(20, v15); /*s20*/
    { int e_; double m_ = frexp(__ddiv_rd(v9, (double)__int_as_float(0x3f000000)), &e_); R(21, m_); R(22, e_); } /*s21*/
    {
      bool p_ = (lane & 16) == 1; unsigned pm_ = __ballot_sync(fm, p_); R(23, pm_); /*s23*/
      if (p_) {
        unsigned v27 = __shfl_down_sync(pm_, v21, 4, 16);
        if (!((pm_ >> ((lane % 16) + 4 < 16 ? lane + 4 : lane)) & 1u)) v27 = v21;
        R(24, v27); /*s24*/
      }
    }
    long long v28 = ((long long)((unsigned long long)((long long)(((long long)v14) & ((long long)v11))) << (((long long)(((long long)0x7fffffffffffffffull) >> (v2 & 63))) & 63)));
    R(25, v28); /*s25*/
    int v29 = ((int)(v17 & ((int)0x01020304u)));
    for (unsigned i_ = 0; i_ < ((unsigned long long)v15 & 15u); ++i_) {
      v29 = (int)((unsigned)v29 * 2654435761u + i_ + (unsigned)((int)v13));
      if (((unsigned)v29 & 31u) == 7u) break;
    }
    R(26, v29); /*s26*/
    unsigned long long v30 = ((unsigned long long)(0 - (unsigned long long)((unsigned long long)((unsigned long long)((unsigned long long)0xffffffffffffffffull) << (((unsigned long long)v13) & 63)))));
    R(27, v30); /*s27*/
    unsigned v31 = __vcmpges2(((unsigned)0u), ((unsigned)((unsigned)v13 * (unsigned)v19)));
    R(28, v31); /*s28*/
    short v32 = v3;
    R(29, v32); /*s29*/
    { float s_, c_; sincosf(remainderf(__int_as_float(0x4f7fffff), v5), &s_, &c_);
      float v33 = s_ - c_; R(30, s_); R(31, c_); } /*s30*/
    atomicMax(&acc[1], (unsigned long long)(v20));
    { bool p_; int m_ = __vibmin_s32(((v29) == 0 || ((v1) == (-2147483647 - 1) && (v29) == -1) ? (int)(v1) : (int)((v1) % (v29))), v1, &p_); R(32, m_); R(33, (int)p_); } /*s32*/
    long long v34 = ((long long)0ull);
    R(34, v34); /*s34*/
    if (lane < 12) { v4 = ((unsigned char)((unsigned)((unsigned char)v29) + (unsigned)v4)); } else { v4 = ((unsigned char)(v4 >> (v4 & 7))); }
    R(35, v4); /*s35*/
    int v35 = ((int)(__double2int_rd(__fma_rn((double)(__ull2float_rn(((unsigned long long)0ull))), (double)__int_as_float(0x4b800000), (double)__int_as_float(0xbfc00000)))));
    R(36, v35); /*s36*/
    atomicInc((unsigned *)&acc[3], 0xffffffffu);
    int v36 = 0;
    { unsigned n_ = (unsigned)v28 | 1u;
      while (n_ != 1u && v36 < 60) { n_ = (n_ & 1u) ? n_ * 3u + 1u : n_ >> 1; ++v36; } }
    R(37, v36); /*s37*/
    atomicAdd((unsigned *)&acc[0], (v13));
    unsigned long long v37 = v30;
    R(38, v37); /*s38*/
    unsigned short v38 = ((unsigned short)(0 - (unsigned)((unsigned short)~(unsigned)((unsigned short)v4))));
    R(39, v38); /*s39*/
    if ((lane & 7) == 1) { v21 = ((v12) == 0 ? (unsigned)(v13) : (unsigned)((v13) % (v12))); } else { v21 = ((unsigned)(((unsigned)32u) | v13)); }
    R(40, v21); /*s40*/
    unsigned v39 = ((unsigned)(__vsetlts2(((unsigned)v28), ((unsigned)(__vcmpeq2(v19, v31))))));
    R(41, v39); /*s41*/
}
#define NS2 39
static const char T2[] = "                       ~               ", A2[] = "        "; // ~: computed with a LIBM function
__global__ void __launch_bounds__(256) k2(const unsigned long long *__restrict__ in64, const float *__restrict__ inf, const double *__restrict__ ind, unsigned long long *out, unsigned long long *acc) {
    enum { NS = NS2 };
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
    unsigned long long v10 = ((unsigned long long)(((x0) == 0 ? (unsigned long long)(x0) : (unsigned long long)((x0) % (x0))) >> (((unsigned long long)(((unsigned long long)0ull) >= x0)) & 63)));
    R(0, v10); /*s0*/
    {
      int mp_; unsigned v11 = __match_all_sync(fm, v1, &mp_); v11 ^= (unsigned)mp_ << 31;
      R(1, v11); /*s1*/
    }
    double v12 = (((double)__int_as_float(0x42c88000)) > (v8) ? ((double)__int_as_float(0x42c88000)) : (v8));
    R(2, v12); /*s2*/
    unsigned v13 = ((unsigned)((unsigned)((unsigned)v4) << (((unsigned)0u) & 31)));
    for (unsigned i_ = 0; i_ < ((unsigned long long)x0 & 15u); ++i_) {
      v13 = (unsigned)((unsigned)v13 * 5u + i_ + (unsigned)v0);
      if (((unsigned)v13 & 31u) == 7u) break;
    }
    R(3, v13); /*s3*/
    unsigned long long v14 = ((((x0) < (x0) ? (x0) : (x0))) == 0 ? (unsigned long long)(((unsigned long long)(v10 < ((unsigned long long)0x100000000ull)))) : (unsigned long long)((((unsigned long long)(v10 < ((unsigned long long)0x100000000ull)))) % (((x0) < (x0) ? (x0) : (x0)))));
    R(4, v14); /*s4*/
    unsigned v15 = __vsetgts2(((unsigned)0u), ((unsigned)((unsigned)((unsigned)0xffffffffu) - (unsigned)v0)));
    R(5, v15); /*s5*/
    int v16 = ((int)((unsigned)((int)((unsigned)((int)31u) << (v1 & 31))) + (unsigned)((int)((unsigned)((int)0x80000000u) + (unsigned)v1))));
    R(6, v16); /*s6*/
    unsigned long long v17 = ((unsigned long long)((unsigned long long)v14 << (((unsigned long long)(__vcmpne4(((unsigned)(v0 > v0)), v0))) & 63)));
    R(7, v17); /*s7*/
    unsigned v18 = __vimax3_u32(((unsigned)~(unsigned)((unsigned)v4)), ((unsigned)((unsigned)((unsigned)v1) * (unsigned)((unsigned)v1))), ((unsigned)(__vnegss2(((v13) == 0 ? (unsigned)(v0) : (unsigned)((v0) / (v13)))))));
    R(8, v18); /*s8*/
    {
      unsigned v19 = __reduce_max_sync(fm, v15);
      R(9, v19); /*s9*/
    }
    {
      long long v20 = __shfl_xor_sync(fm, v2, 23, 32);
      if (!((fm >> (((lane ^ 23) / 32) == (lane / 32) ? (lane ^ 23) : lane)) & 1u)) v20 = v2;
      R(10, v20); /*s10*/
    }
    double v21 = rsqrt(round(v9));
    R(11, v21); /*s11*/
    if (lane < 23) { v2 = ((long long)((unsigned long long)v2 << (((long long)0ull) & 63))); } else { v2 = ((long long)(((long long)0xffffffffffffffffull) ^ ((long long)v16))); }
    R(12, v2); /*s12*/
    signed char v22 = ((signed char)(0 - (unsigned)((signed char)(0 - (unsigned)((signed char)0)))));
    R(13, v22); /*s13*/
    if (lane < 27) { v3 = ((short)(v3 | v3)); } else { v3 = ((short)v10); }
    R(14, v3); /*s14*/
    short v23 = v3;
    R(15, v23); /*s15*/
    float v24 = __int_as_float(0x3f000000);
    for (int i_ = 0; i_ < (int)((unsigned)v22 % 9u); ++i_) {
      v24 = __fmaf_rn(v24, __int_as_float(0x3fc00000), (float)i_);
    }
    R(16, v24); /*s16*/
    {
      __syncwarp(fm);
      unsigned v25 = __popc(fm) + lane;
      R(17, v25); /*s17*/
    }
    {
      int v26 = __reduce_max_sync(fm, v1);
      R(18, v26); /*s18*/
    }
    unsigned v27 = __vcmpgtu4(((unsigned)(((unsigned)0x01020304u) | v13)), ((unsigned)~(unsigned)v15));
    R(19, v27); /*s19*/
    double v28 = v8;
    R(20, v28); /*s20*/
    unsigned long long v29 = ((unsigned long long)(v14 >> (((unsigned long long)(x0 >= v14)) & 63)));
    R(21, v29); /*s21*/
    sh16[lt] = v3;
    __syncthreads();
    short v30 = sh16[0];
    __syncthreads();
    R(22, v30); /*s22*/
    double v31 = __dsqrt_rd(pow((double)(v6), (double)(v5)));
    R(23, v31); /*s23*/
    int v32 = ((int)((unsigned)((int)~(unsigned)v16) + (unsigned)((int)((unsigned)v16 + (unsigned)v16))));
    R(24, v32); /*s24*/
    unsigned v33 = __vcmpgeu4(((unsigned)((unsigned)v18 + (unsigned)v0)), ((unsigned)1u));
    R(25, v33); /*s25*/
    float v34 = __fsqrt_rz(v24);
    R(26, v34); /*s26*/
    unsigned v35 = __vavgs2(((unsigned)(((unsigned)v4) >> (v33 & 31))), v13);
    R(27, v35); /*s27*/
    if ((lane & 16) == 1) { v4 = ((unsigned char)~(unsigned)v4); } else { v4 = ((unsigned char)v22); }
    R(28, v4); /*s28*/
    atomicAdd((unsigned *)&acc[5], (v18));
    if (((v4) & 8) != 0) { v7 = __half2float(__hmax(__float2half_rn(v5), __float2half_rn(v24))); } else { v7 = __fsqrt_rn(__int_as_float(0x00800000)); }
    R(29, v7); /*s29*/
    { bool p_; int m_ = __vibmax_s32(((int)(0 - (unsigned)((int)v30))), ((int)~(unsigned)((int)v16)), &p_); R(30, m_); R(31, (int)p_); } /*s30*/
    unsigned v36 = __funnelshift_l(((unsigned)((unsigned)((unsigned)v22) + (unsigned)v18)), v0, ((unsigned)((unsigned)((unsigned)v33) + (unsigned)v27)));
    R(32, v36); /*s32*/
    switch ((unsigned long long)x0 & 7u) {
      case 0: v3 = ((short)(((short)0x7fff) | ((short)0x7fff))); break;
      case 1: v3 = ((short)(((short)0x8000) | v3)); break;
      case 2: v3 = ((short)1);
      case 3: v3 = ((short)0xffff); break;
      case 4: v3 = ((short)0);
      default: v3 = ((short)(0 - (unsigned)v23)); break;
    }
    R(33, v3); /*s33*/
    if ((lane & 7) == 1) { v9 = (double)__int_as_float(0x80000001); } else { v9 = (v8 - (double)(__int_as_float(0x4f7fffff))); }
    R(34, v9); /*s34*/
    atomicAnd((unsigned *)&acc[6], (v18));
    {
      int mp_; unsigned v37 = __match_all_sync(fm, v24, &mp_); v37 ^= (unsigned)mp_ << 31;
      R(35, v37); /*s35*/
    }
    atomicAdd(&acc[3], (unsigned long long)(v10));
    {
      bool p_ = lane < 16; unsigned pm_ = __ballot_sync(fm, p_); R(36, pm_); /*s36*/
      if (p_) {
        unsigned v38 = __shfl_down_sync(pm_, v27, 5, 8);
        if (!((pm_ >> ((lane % 8) + 5 < 8 ? lane + 5 : lane)) & 1u)) v38 = v27;
        R(37, v38); /*s37*/
      }
    }
    int v39 = 0;
    { unsigned n_ = (unsigned)v4 | 1u;
      while (n_ != 1u && v39 < 60) { n_ = (n_ & 1u) ? n_ * 3u + 1u : n_ >> 1; ++v39; } }
    R(38, v39); /*s38*/
}
int main() {
    rng_state = 0ull * 0x2545f4914f6cdd1dull + 1;
    {
        const size_t NT = 132;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS0];
        unsigned long long hacc[8] = {0ull, 0xffffffffull, 0ull, 0ull, 0ull, 0xffffffffull, 0ull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS0 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS0 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k0<<<dim3(2, 1, 2), dim3(3, 11, 1)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k0 grid 2x1x2 block 3x11x1: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
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
        const size_t NT = 132;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS1];
        unsigned long long hacc[8] = {0ull, 0ull, 0xffffffffull, 0ull, 0ull, 0ull, 0ull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS1 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS1 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k1<<<dim3(2, 2, 1), dim3(33, 1, 1)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k1 grid 2x2x1 block 33x1x1: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
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
        const size_t NT = 320;
        unsigned long long *h64 = new unsigned long long[NT * 4]; float *hf = new float[NT * 4];
        double *hd = new double[NT * 2];
        unsigned long long *ho = new unsigned long long[NT * NS2];
        unsigned long long hacc[8] = {0ull, 0ull, 0ull, 0ull, 0ull, 0ull, 0xffffffffull, 0ull};
        for (size_t i = 0; i < NT * 4; ++i) { h64[i] = rand_u64(); hf[i] = rand_f32(); }
        for (size_t i = 0; i < NT * 2; ++i) hd[i] = rand_f64();
        unsigned long long *d64, *dout, *dacc; float *df; double *dd;
        cudaMalloc(&d64, NT * 32); cudaMalloc(&df, NT * 16); cudaMalloc(&dd, NT * 16);
        cudaMalloc(&dout, NT * NS2 * 8); cudaMalloc(&dacc, 64);
        cudaMemset(dout, 0, NT * NS2 * 8);
        cudaMemcpy(d64, h64, NT * 32, cudaMemcpyHostToDevice); cudaMemcpy(df, hf, NT * 16, cudaMemcpyHostToDevice);
        cudaMemcpy(dd, hd, NT * 16, cudaMemcpyHostToDevice); cudaMemcpy(dacc, hacc, 64, cudaMemcpyHostToDevice);
        k2<<<dim3(5, 1, 1), dim3(32, 2, 1)>>>(d64, df, dd, dout, dacc);
        cudaError_t le = cudaGetLastError(), se = cudaDeviceSynchronize();
        printf("k2 grid 5x1x1 block 32x2x1: %s / %s\n", cudaGetErrorString(le), cudaGetErrorString(se));
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
