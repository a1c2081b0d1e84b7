// min-arch: sm_75
// 128-bit integers (__int128 / unsigned __int128: add, sub, mul, shifts, compare, division via library call)
// and vector types: int2/int4/float2/float4/double2/longlong2/uchar4/short4/ulonglong4 loads and stores
// (ld.global.v2/v4), make_* constructors, 16-byte aligned struct copies, 32-byte alignment.

typedef unsigned __int128 u128;
typedef __int128 i128;

extern "C" __global__ void int128_ops(const unsigned long long *a, const unsigned long long *b, unsigned long long *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    u128 x = ((u128)a[2 * i + 1] << 64) | a[2 * i];
    u128 y = ((u128)b[2 * i + 1] << 64) | b[2 * i];
    u128 s = x + y;
    u128 d = x - y;
    u128 p = x * y;
    u128 sh = (x << (b[2 * i] & 127)) ^ (y >> 37);
    i128 sx = (i128)x >> 5;
    bool lt = x < y;
    u128 q = y != 0 ? x / y : 0;
    u128 r = y != 0 ? x % y : 0;
    u128 res = s ^ d ^ p ^ sh ^ (u128)sx ^ (u128)lt ^ q ^ r;
    out[2 * i] = (unsigned long long)res;
    out[2 * i + 1] = (unsigned long long)(res >> 64);
}

// 64x64->128 multiply-accumulate (Montgomery-style inner loop)
extern "C" __global__ void mulacc128(const unsigned long long *a, const unsigned long long *b, unsigned long long *out, int len) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    u128 acc = 0;
    for (int k = 0; k < len; ++k) acc += (u128)a[t * len + k] * b[t * len + k];
    out[2 * t] = (unsigned long long)acc;
    out[2 * t + 1] = (unsigned long long)(acc >> 64);
}

extern "C" __global__ void vector_types(const int4 *i4, const float2 *f2, const double2 *d2, const longlong2 *l2,
                                        const uchar4 *c4, const short4 *s4, float4 *out, ulonglong4 *wide, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int4 a = i4[i];
    float2 b = f2[i];
    double2 c = d2[i];
    longlong2 d = l2[i];
    uchar4 e = c4[i];
    short4 f = s4[i];
    out[i] = make_float4(a.x + b.x + e.x, a.y + b.y + e.y, (float)(a.z + c.x + f.z), (float)(a.w + c.y + d.x + f.w));
    wide[i] = make_ulonglong4(d.x, d.y, (unsigned long long)a.x, (unsigned long long)e.w);
}

struct alignas(16) Quad {
    float a, b, c, d;
};
struct alignas(32) Oct {
    double v[4];
};
extern "C" __global__ void aligned_struct_copy(const Quad *q, Quad *qo, const Oct *o, Oct *oo, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Quad x = q[i];
    qo[i] = Quad{x.d, x.c, x.b, x.a};
    Oct y = o[i];
    for (int k = 0; k < 4; ++k) y.v[k] *= 2.0;
    oo[i] = y;
}
