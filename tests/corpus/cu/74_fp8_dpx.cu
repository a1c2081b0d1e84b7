// min-arch: sm_75
// Low-precision formats (cuda_fp8.h, cuda_fp6.h/cuda_fp4.h types): __nv_fp8_e4m3 / __nv_fp8_e5m2 conversions
// (native cvt ...e4m3x2 on sm_89+/sm_90, software emulation on sm_75/sm_80), __nv_cvt_float2_to_fp8x2 with
// saturation, fp8 quantize/dequantize kernel with per-tensor scale; DPX intrinsics (__vimax3_s32, __vibmax_s32,
// __viaddmin_s16x2, __vimax_s16x2_relu) which are native on sm_90 and emulated elsewhere; Smith-Waterman cell update.
#include <cuda_fp8.h>
#include <cuda_fp16.h>

extern "C" __global__ void fp8_convert(const float *in, __nv_fp8_e4m3 *o43, __nv_fp8_e5m2 *o52, float *back, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = in[i];
    __nv_fp8_e4m3 a(v);
    __nv_fp8_e5m2 b(v);
    o43[i] = a;
    o52[i] = b;
    back[i] = float(a) + float(b);
}

extern "C" __global__ void fp8x2_quantize(const float2 *in, __nv_fp8x2_storage_t *q, __half2 *dq, float scale, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float2 v = in[i];
    v.x *= scale;
    v.y *= scale;
    __nv_fp8x2_storage_t s = __nv_cvt_float2_to_fp8x2(v, __NV_SATFINITE, __NV_E4M3);
    q[i] = s;
    __half2_raw h = __nv_cvt_fp8x2_to_halfraw2(s, __NV_E4M3);
    dq[i] = __hmul2(__half2(h), __float2half2_rn(1.0f / scale));
}

extern "C" __global__ void dpx_ops(const int *a, const int *b, const int *c, const unsigned *p, const unsigned *q,
                                   int *out, unsigned *outu, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    bool pred;
    int m = __vibmax_s32(a[i], b[i], &pred);
    out[i] = __vimax3_s32(a[i], b[i], c[i]) + m + (pred ? 1 : 0) + __viaddmin_s32(a[i], b[i], c[i]);
    outu[i] = __viaddmin_s16x2(p[i], q[i], p[i] ^ q[i]) ^ __vimax_s16x2_relu(p[i], q[i]);
}

// Smith-Waterman anti-diagonal cell update using DPX max3 with zero clamp
extern "C" __global__ void smith_waterman_diag(const int *diag_prev2, const int *diag_prev, int *diag_cur,
                                               const char *s1, const char *s2, int len, int d) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= len) return;
    int i = k, j = d - k;
    if (i < 1 || j < 1) {
        diag_cur[k] = 0;
        return;
    }
    int match = (s1[i - 1] == s2[j - 1]) ? 3 : -3;
    int h = __vimax3_s32_relu(diag_prev2[k - 1] + match, diag_prev[k - 1] - 2, diag_prev[k] - 2);
    diag_cur[k] = h;
}
