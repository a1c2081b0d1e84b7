// min-arch: sm_75
// Half precision (cuda_fp16.h): __half and __half2 arithmetic, __hfma/__hfma2, __hmul2_sat, conversions
// __float2half_rn/__half2float/__floats2half2_rn/__half22float2/__low2half/__high2half, comparisons.
#include <cuda_fp16.h>

extern "C" __global__ void half_scalar(const __half *a, const __half *b, __half *out, float *fout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = a[i], y = b[i];
    __half r = __hadd(x, y);
    r = __hmul(r, x);
    r = __hsub(r, y);
    r = __hfma(x, y, r);
    r = __hdiv(r, __hadd(y, __float2half(1.0f)));
    r = __hneg(r);
    r = __habs(r);
    r = x * y + r;   // operator overloads
    r = __hmax(r, __hmin(x, y));
    r = __hadd_sat(r, x);
    out[i] = r;
    fout[i] = __half2float(r) + __low2float(__halves2half2(x, y));
}

extern "C" __global__ void half2_vector(const __half2 *a, const __half2 *b, const __half2 *c, __half2 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half2 x = a[i], y = b[i], z = c[i];
    __half2 r = __hadd2(x, y);
    r = __hmul2(r, z);
    r = __hfma2(x, y, r);
    r = __hsub2(r, z);
    r = __hfma2_sat(r, x, y);
    r = __hmul2_sat(r, y);
    r = __h2div(r, __hadd2(z, __float2half2_rn(2.0f)));
    r = __hmax2(r, __hmin2(x, y));
    r = __lowhigh2highlow(r);
    r = __hneg2(r);
    r = __habs2(r);
    out[i] = r;
}

extern "C" __global__ void half_convert(const float *f, const int *k, __half *h, __half2 *h2, float2 *f2,
                                        int *ki, short *ks, unsigned *ku, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = f[i];
    __half a = __float2half_rn(v);
    __half b = __float2half_rz(v);
    __half c = __float2half_ru(v);
    __half d = __float2half_rd(v);
    __half e = __int2half_rn(k[i]);
    __half g = __uint2half_rn((unsigned)k[i]);
    h[i * 6 + 0] = a; h[i * 6 + 1] = b; h[i * 6 + 2] = c; h[i * 6 + 3] = d; h[i * 6 + 4] = e; h[i * 6 + 5] = g;
    h2[i] = __floats2half2_rn(v, -v);
    f2[i] = __half22float2(__halves2half2(a, c));
    ki[i] = __half2int_rz(a) + __half2int_rn(c) + __half2int_rd(d) + __half2int_ru(b);
    ks[i] = __half_as_short(a) + __half2short_rn(d);
    ku[i] = __half2uint_rz(c) + __half2ushort_rn(b) + (unsigned)__high2half(h2[i]).operator __half_raw().x;
}

extern "C" __global__ void half_compare(const __half *a, const __half *b, const __half2 *x2, const __half2 *y2,
                                        unsigned *out, __half2 *mask, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half x = a[i], y = b[i];
    unsigned f = 0;
    f |= __heq(x, y) ? 1u : 0u;
    f |= __hne(x, y) ? 2u : 0u;
    f |= __hlt(x, y) ? 4u : 0u;
    f |= __hle(x, y) ? 8u : 0u;
    f |= __hgt(x, y) ? 16u : 0u;
    f |= __hge(x, y) ? 32u : 0u;
    f |= __hisnan(x) ? 64u : 0u;
    f |= __hisinf(y) ? 128u : 0u;
    f |= __hltu(x, y) ? 256u : 0u;
    f |= __hbeq2(x2[i], y2[i]) ? 512u : 0u;
    f |= __hblt2(x2[i], y2[i]) ? 1024u : 0u;
    out[i] = f;
    mask[i] = __hgt2(x2[i], y2[i]);
}

// fp16 AXPY with half2 vectorization
extern "C" __global__ void haxpy(int n, __half a, const __half *x, __half *y) {
    int i = 2 * (blockIdx.x * blockDim.x + threadIdx.x);
    if (i + 1 < n) {
        __half2 a2 = __half2half2(a);
        __half2 xv = *reinterpret_cast<const __half2 *>(x + i);
        __half2 yv = *reinterpret_cast<__half2 *>(y + i);
        *reinterpret_cast<__half2 *>(y + i) = __hfma2(a2, xv, yv);
    } else if (i < n) {
        y[i] = __hfma(a, x[i], y[i]);
    }
}
