// min-arch: sm_75
// Bit reinterpretation and narrowing: __int_as_float/__float_as_int/__uint_as_float/__float_as_uint,
// __double_as_longlong/__longlong_as_double, __double2hiint/__double2loint/__hiloint2double,
// saturating casts (cvt.sat), narrowing int casts (char/short), sign/zero extension, bool conversions.
#include <stdint.h>

extern "C" __global__ void reinterpret(const float *f, const double *d, int *oi, float *of, double *od,
                                       long long *ol, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int bits = __float_as_int(f[i]);
    unsigned ubits = __float_as_uint(f[i]);
    oi[3 * i + 0] = bits;
    oi[3 * i + 1] = __double2hiint(d[i]);
    oi[3 * i + 2] = __double2loint(d[i]);
    of[2 * i + 0] = __int_as_float(bits ^ 0x80000000);
    of[2 * i + 1] = __uint_as_float(ubits & 0x7fffffffu);
    od[2 * i + 0] = __hiloint2double(__double2hiint(d[i]) ^ (int)0x80000000, __double2loint(d[i]));
    od[2 * i + 1] = __longlong_as_double(__double_as_longlong(d[i]) & 0x7fffffffffffffffLL);
    ol[i] = __double_as_longlong(d[i]);
}

// Saturating conversions: __saturatef and integer saturating casts
__device__ __forceinline__ unsigned char sat_u8(float v) {
    return (unsigned char)__float2uint_rn(__saturatef(v) * 255.0f);
}
__device__ __forceinline__ signed char sat_s8(int v) { return (signed char)max(-128, min(127, v)); }
__device__ __forceinline__ short sat_s16(int v) { return (short)max(-32768, min(32767, v)); }

extern "C" __global__ void saturating(const float *f, const int *k, unsigned char *o8, signed char *os8, short *os16,
                                      unsigned short *ou16, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    o8[i] = sat_u8(f[i]);
    os8[i] = sat_s8(k[i]);
    os16[i] = sat_s16(k[i]);
    ou16[i] = (unsigned short)min(max(k[i], 0), 65535);
}

// Narrowing and widening integer casts
extern "C" __global__ void narrowing(const long long *a, const signed char *c, const unsigned char *uc,
                                     const short *s, int8_t *o8, int16_t *o16, int32_t *o32, uint64_t *o64, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long v = a[i];
    o8[i] = (int8_t)v;
    o16[i] = (int16_t)(v >> 8);
    o32[i] = (int32_t)v + c[i] + uc[i] + s[i];
    o64[i] = (uint64_t)(uint32_t)v + (uint64_t)(int64_t)c[i] + (uint64_t)(bool)(v & 4);
}

// Packing RGBA8 colors
extern "C" __global__ void pack_rgba(const float4 *rgba, unsigned *packed, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 c = rgba[i];
    packed[i] = (unsigned)sat_u8(c.x) | ((unsigned)sat_u8(c.y) << 8) | ((unsigned)sat_u8(c.z) << 16) |
                ((unsigned)sat_u8(c.w) << 24);
}
