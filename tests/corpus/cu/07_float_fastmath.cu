// min-arch: sm_75
// Fast-math f32 intrinsics: __sinf/__cosf/__sincosf/__tanf/__expf/__exp10f/__logf/__log2f/__log10f/
// __powf/__fdividef/__saturatef, tanhf, rsqrtf, exp2f, and approximate sqrt/div via intrinsics.

extern "C" __global__ void fast_intrinsics(const float *a, const float *b, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = a[i], y = b[i];
    float s, c;
    __sincosf(x, &s, &c);
    float *o = out + 16 * i;
    o[0] = __sinf(x);
    o[1] = __cosf(x);
    o[2] = s + c;
    o[3] = __tanf(x);
    o[4] = __expf(x);
    o[5] = __exp10f(x);
    o[6] = __logf(fabsf(x) + 1.0f);
    o[7] = __log2f(fabsf(x) + 1.0f);
    o[8] = __log10f(fabsf(x) + 1.0f);
    o[9] = __powf(fabsf(x), y);
    o[10] = __fdividef(x, y);
    o[11] = __saturatef(x);
    o[12] = tanhf(x);
    o[13] = rsqrtf(fabsf(x));
    o[14] = exp2f(y);
    o[15] = sqrtf(fabsf(y));
}

// Sigmoid / GELU activations as used in ML kernels
extern "C" __global__ void activations(const float *x, float *sig, float *gelu, float *silu, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = x[i];
    float sg = 1.0f / (1.0f + __expf(-v));
    sig[i] = sg;
    gelu[i] = 0.5f * v * (1.0f + tanhf(0.7978845608f * (v + 0.044715f * v * v * v)));
    silu[i] = __fdividef(v, 1.0f + __expf(-v));
}
