// min-arch: sm_75
// Full-precision f32 math library: sinf cosf tanf asinf acosf atanf atan2f sinhf coshf expf exp10f expm1f
// logf log2f log10f log1pf powf cbrtf hypotf erff erfcf erfinvf lgammaf tgammaf sinpif normcdff.

extern "C" __global__ void mathlib_f32(const float *a, const float *b, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float *o = out + 24 * i;
    o[0] = sinf(x);
    o[1] = cosf(x);
    o[2] = tanf(x);
    o[3] = asinf(fminf(fmaxf(x, -1.f), 1.f));
    o[4] = acosf(fminf(fmaxf(x, -1.f), 1.f));
    o[5] = atanf(x);
    o[6] = atan2f(x, y);
    o[7] = sinhf(x);
    o[8] = coshf(x);
    o[9] = expf(x);
    o[10] = exp10f(x);
    o[11] = expm1f(x);
    o[12] = logf(fabsf(x));
    o[13] = log2f(fabsf(x));
    o[14] = log10f(fabsf(x));
    o[15] = log1pf(fabsf(x));
    o[16] = powf(x, y);
    o[17] = cbrtf(x);
    o[18] = hypotf(x, y);
    o[19] = erff(x);
    o[20] = erfcf(x);
    o[21] = erfinvf(fminf(fmaxf(x, -0.99f), 0.99f));
    o[22] = lgammaf(x) + tgammaf(y);
    o[23] = sinpif(x) + normcdff(y);
}

// Reductions of library functions over a loop (keeps the calls in a loop body)
extern "C" __global__ void mathlib_loop(const float *a, float *out, int n, int iters) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = a[i], acc = 0.f;
    for (int k = 0; k < iters; ++k) {
        acc += sinf(v * k) * expf(-0.1f * k);
    }
    out[i] = acc;
}
