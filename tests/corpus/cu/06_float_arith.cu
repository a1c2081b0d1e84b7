// min-arch: sm_75
// f32 arithmetic: + - * / fma, IEEE rounding-mode intrinsics __fadd_rn/_rz/_ru/_rd,
// __fmul_*, __fsub_*, __fmaf_rn/_rz/_ru/_rd, __fdiv_rn/_rz, __frcp_rn/_rz, __fsqrt_rn/_ru, __frsqrt_rn.

extern "C" __global__ void f32_basic(const float *a, const float *b, const float *c, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i], z = c[i];
    float r = x + y;
    r = r * z - x;
    r = r / (y + 1.0f);
    r = fmaf(x, y, r);
    r += -x * 0.5f;
    out[i] = r;
}

extern "C" __global__ void f32_rounding(const float *a, const float *b, const float *c, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i], z = c[i];
    float *o = out + 20 * i;
    o[0] = __fadd_rn(x, y);
    o[1] = __fadd_rz(x, y);
    o[2] = __fadd_ru(x, y);
    o[3] = __fadd_rd(x, y);
    o[4] = __fsub_rn(x, y);
    o[5] = __fmul_rz(x, y);
    o[6] = __fmul_ru(x, y);
    o[7] = __fmaf_rn(x, y, z);
    o[8] = __fmaf_rz(x, y, z);
    o[9] = __fmaf_ru(x, y, z);
    o[10] = __fmaf_rd(x, y, z);
    o[11] = __fdiv_rn(x, y);
    o[12] = __fdiv_rz(x, y);
    o[13] = __frcp_rn(x);
    o[14] = __frcp_rz(x);
    o[15] = __fsqrt_rn(x);
    o[16] = __fsqrt_ru(x);
    o[17] = __frsqrt_rn(x);
    o[18] = __fmul_rn(x, y) + __fsub_rd(z, x);
    o[19] = __fdiv_ru(x, y) - __fdiv_rd(x, z);
}

// Horner polynomial and dot product accumulations (fma contraction)
extern "C" __global__ void f32_poly(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const float c[6] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, -0.03125f};
    float v = x[i], acc = 0.0f;
    for (int k = 5; k >= 0; --k) acc = acc * v + c[k];
    y[i] = acc;
}

// Special constants: inf, nan, denormals, negative zero
extern "C" __global__ void f32_specials(float *out) {
    int i = threadIdx.x;
    float v;
    switch (i & 7) {
    case 0: v = __int_as_float(0x7f800000); break;  // +inf
    case 1: v = __int_as_float(0xff800000); break;  // -inf
    case 2: v = __int_as_float(0x7fffffff); break;  // nan
    case 3: v = -0.0f; break;
    case 4: v = 1.17549435e-38f; break;              // FLT_MIN
    case 5: v = 1.4e-45f; break;                     // denormal
    case 6: v = 3.40282347e+38f; break;              // FLT_MAX
    default: v = 0.1f; break;
    }
    out[i] = v * 2.0f;
}
