// min-arch: sm_75
// bfloat16 (cuda_bf16.h): __nv_bfloat16 and __nv_bfloat162 arithmetic, fma, conversions float<->bf16 with
// rounding, comparisons, math (hsqrt/hexp), mixed with half via float. __hfma/__hfma2 under
// __CUDA_ARCH__ >= 800 (native bf16 fma), emulated on sm_75; add/mul become native bf16 only on sm_90.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

extern "C" __global__ void bf16_scalar(const __nv_bfloat16 *a, const __nv_bfloat16 *b, __nv_bfloat16 *out, float *fout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat16 x = a[i], y = b[i];
    __nv_bfloat16 r = __hadd(x, y);
    r = __hmul(r, x);
    r = __hsub(r, y);
#if __CUDA_ARCH__ >= 800
    r = __hfma(x, y, r);  // fma.rn.bf16 (sm_80+)
#else
    r = x * y + r;        // emulated through f32 on sm_75
#endif
    r = __hmax(r, __hmin(x, y));
    r = __hneg(r);
    r = r * x + y;
    out[i] = r;
    fout[i] = __bfloat162float(r) + (__hlt(x, y) ? 1.0f : 0.0f) + __bfloat162float(hsqrt(__habs(x)));
}

extern "C" __global__ void bf162_vector(const __nv_bfloat162 *a, const __nv_bfloat162 *b, const __nv_bfloat162 *c,
                                         __nv_bfloat162 *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat162 x = a[i], y = b[i], z = c[i];
    __nv_bfloat162 r = __hadd2(x, y);
    r = __hmul2(r, z);
#if __CUDA_ARCH__ >= 800
    r = __hfma2(x, y, r);  // fma.rn.bf16x2 (sm_80+)
#else
    r = __hadd2(__hmul2(x, y), r);
#endif
    r = __hsub2(r, z);
    r = __hmax2(r, __hmin2(x, y));
    r = h2exp(__hmul2(r, __float2bfloat162_rn(0.01f)));
    out[i] = r;
}

extern "C" __global__ void bf16_convert(const float *f, const int *k, __nv_bfloat16 *h, float2 *f2, int *ki, __half *hh, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = f[i];
    h[i * 5 + 0] = __float2bfloat16(v);
    h[i * 5 + 1] = __float2bfloat16_rz(v);
    h[i * 5 + 2] = __float2bfloat16_ru(v);
    h[i * 5 + 3] = __float2bfloat16_rd(v);
    h[i * 5 + 4] = __int2bfloat16_rn(k[i]);
    __nv_bfloat162 p = __floats2bfloat162_rn(v, 2.0f * v);
    f2[i] = __bfloat1622float2(p);
    ki[i] = __bfloat162int_rz(h[i * 5]) + (int)__bfloat16_as_short(h[i * 5 + 1]);
    hh[i] = __float2half(__bfloat162float(__high2bfloat16(p)));
}

// bf16 GEMV: y = A x, float accumulation
extern "C" __global__ void bf16_gemv(const __nv_bfloat16 *A, const __nv_bfloat16 *x, float *y, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float acc = 0.f;
    for (int c = 0; c < cols; ++c) acc += __bfloat162float(A[r * cols + c]) * __bfloat162float(x[c]);
    y[r] = acc;
}
