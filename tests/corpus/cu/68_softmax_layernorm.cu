// min-arch: sm_75
// ML building blocks: row-wise softmax (max-subtract, exp, sum via warp shuffles; one warp per row), online
// softmax, LayerNorm forward (mean/variance with Welford in shared memory, affine gamma/beta), RMSNorm,
// and a fused bias + GELU + dropout-mask kernel using a counter-based hash RNG.

__device__ __forceinline__ float warp_max(float v) {
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    return v;
}
__device__ __forceinline__ float warp_sum(float v) {
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// One warp per row, blockDim = (32, rows_per_block)
extern "C" __global__ void softmax_rows(const float *in, float *out, int rows, int cols) {
    int row = blockIdx.x * blockDim.y + threadIdx.y;
    if (row >= rows) return;
    const float *x = in + (size_t)row * cols;
    float *y = out + (size_t)row * cols;
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += 32) m = fmaxf(m, x[c]);
    m = warp_max(m);
    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += 32) s += __expf(x[c] - m);
    s = warp_sum(s);
    float inv = 1.f / s;
    for (int c = threadIdx.x; c < cols; c += 32) y[c] = __expf(x[c] - m) * inv;
}

// Online softmax: single pass computing running max and rescaled sum (one thread per row)
extern "C" __global__ void online_softmax_stats(const float *in, float *row_max, float *row_sum, int rows, int cols) {
    int r = blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= rows) return;
    float m = -INFINITY, d = 0.f;
    for (int c = 0; c < cols; ++c) {
        float v = in[(size_t)r * cols + c];
        float nm = fmaxf(m, v);
        d = d * expf(m - nm) + expf(v - nm);
        m = nm;
    }
    row_max[r] = m;
    row_sum[r] = d;
}

// LayerNorm: one block per row, Welford merge in shared memory
struct Welford {
    float mean, m2, n;
};
__device__ __forceinline__ Welford welford_merge(Welford a, Welford b) {
    float n = a.n + b.n;
    if (n == 0.f) return a;
    float delta = b.mean - a.mean;
    Welford r;
    r.n = n;
    r.mean = a.mean + delta * b.n / n;
    r.m2 = a.m2 + b.m2 + delta * delta * a.n * b.n / n;
    return r;
}

extern "C" __global__ void layernorm_fwd(const float *x, const float *gamma, const float *beta, float *y, float *mean_out,
                                         float *rstd_out, int cols, float eps) {
    __shared__ Welford sh[256];
    const float *row = x + (size_t)blockIdx.x * cols;
    Welford w = {0.f, 0.f, 0.f};
    for (int c = threadIdx.x; c < cols; c += blockDim.x) {
        float v = row[c];
        w.n += 1.f;
        float d = v - w.mean;
        w.mean += d / w.n;
        w.m2 += d * (v - w.mean);
    }
    sh[threadIdx.x] = w;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) sh[threadIdx.x] = welford_merge(sh[threadIdx.x], sh[threadIdx.x + s]);
        __syncthreads();
    }
    float mean = sh[0].mean;
    float rstd = rsqrtf(sh[0].m2 / cols + eps);
    if (threadIdx.x == 0) {
        mean_out[blockIdx.x] = mean;
        rstd_out[blockIdx.x] = rstd;
    }
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        y[(size_t)blockIdx.x * cols + c] = (row[c] - mean) * rstd * gamma[c] + beta[c];
}

extern "C" __global__ void rmsnorm(const float *x, const float *w, float *y, int cols, float eps) {
    __shared__ float partial[32];
    const float *row = x + (size_t)blockIdx.x * cols;
    float ss = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) ss += row[c] * row[c];
    ss = warp_sum(ss);
    if ((threadIdx.x & 31) == 0) partial[threadIdx.x >> 5] = ss;
    __syncthreads();
    if (threadIdx.x < 32) {
        ss = threadIdx.x < (blockDim.x >> 5) ? partial[threadIdx.x] : 0.f;
        ss = warp_sum(ss);
        if (threadIdx.x == 0) partial[0] = rsqrtf(ss / cols + eps);
    }
    __syncthreads();
    float scale = partial[0];
    for (int c = threadIdx.x; c < cols; c += blockDim.x) y[(size_t)blockIdx.x * cols + c] = row[c] * scale * w[c];
}

__device__ __forceinline__ unsigned hash32(unsigned x) {
    x ^= x >> 16; x *= 0x7feb352du;
    x ^= x >> 15; x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}
extern "C" __global__ void bias_gelu_dropout(const float *x, const float *bias, float *y, unsigned char *mask, int rows,
                                             int cols, float p, unsigned seed) {
    size_t n = (size_t)rows * cols;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
        float v = x[i] + bias[i % cols];
        float g = 0.5f * v * (1.f + erff(v * 0.70710678f));
        float u = (hash32((unsigned)i ^ seed) >> 8) * (1.0f / 16777216.0f);
        bool keep = u >= p;
        mask[i] = keep;
        y[i] = keep ? g / (1.f - p) : 0.f;
    }
}
