// flags: -use_fast_math
// diff-tolerance: 1e-4 (fast-math __expf/__logf/__fdividef/rsqrtf are approximations)
// A -use_fast_math build of neural-network layers: layer normalization (mean/variance by warp
// shuffles, rsqrtf), GELU with tanhf, a numerically stable log-softmax over rows of 1000
// (max-subtraction, __expf, __logf), scaled dot-product attention scores for one head with a
// causal mask, and an RMS norm; prints row statistics with enough digits for the tolerance.
#include <cstdio>
#include <cmath>
#include <vector>

__device__ float warp_sum(float v) { for (int o = 16; o; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o); return v; }
__device__ float warp_max(float v) { for (int o = 16; o; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o)); return v; }

__global__ void layernorm_gelu(const float* __restrict__ x, float* y, int cols, const float* __restrict__ gamma, const float* __restrict__ beta) {
    int row = blockIdx.x, lane = threadIdx.x;   // one warp per row
    const float* r = x + row * cols;
    float s = 0, s2 = 0;
    for (int c = lane; c < cols; c += 32) { s += r[c]; s2 += r[c] * r[c]; }
    s = warp_sum(s); s2 = warp_sum(s2);
    float mean = s / cols, var = s2 / cols - mean * mean, inv = rsqrtf(var + 1e-5f);
    for (int c = lane; c < cols; c += 32) {
        float t = (r[c] - mean) * inv * gamma[c] + beta[c];
        y[row * cols + c] = 0.5f * t * (1.0f + tanhf(0.7978845608f * (t + 0.044715f * t * t * t)));
    }
}

__global__ void log_softmax(const float* __restrict__ x, float* y, int cols) {
    int row = blockIdx.x, lane = threadIdx.x;
    const float* r = x + row * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, r[c]);
    m = warp_max(m);
    float s = 0;
    for (int c = lane; c < cols; c += 32) s += __expf(r[c] - m);
    s = warp_sum(s);
    float ls = __logf(s);
    for (int c = lane; c < cols; c += 32) y[row * cols + c] = r[c] - m - ls;
}

__global__ void attention_scores(const float* __restrict__ q, const float* __restrict__ k, float* p, int seq, int d) {
    int i = blockIdx.x, j = threadIdx.x;   // query i, key j
    __shared__ float row[128];
    float sc = -INFINITY;
    if (j <= i && j < seq) { float a = 0; for (int t = 0; t < d; ++t) a += q[i * d + t] * k[j * d + t]; sc = a * rsqrtf((float)d); }
    row[j] = sc;
    __syncthreads();
    float m = -INFINITY; for (int t = 0; t <= i; ++t) m = fmaxf(m, row[t]);
    float sum = 0; for (int t = 0; t <= i; ++t) sum += __expf(row[t] - m);
    if (j < seq) p[i * seq + j] = j <= i ? __fdividef(__expf(sc - m), sum) : 0.0f;
}

__global__ void rmsnorm(const float* __restrict__ x, float* y, int cols) {
    int row = blockIdx.x, lane = threadIdx.x;
    float s = 0;
    for (int c = lane; c < cols; c += 32) s += x[row * cols + c] * x[row * cols + c];
    s = warp_sum(s);
    float inv = rsqrtf(s / cols + 1e-6f);
    for (int c = lane; c < cols; c += 32) y[row * cols + c] = x[row * cols + c] * inv;
}

int main() {
    const int rows = 16, cols = 1000, seq = 96, d = 64;
    std::vector<float> x(rows * cols), g(cols), b(cols), q(seq * d), k(seq * d);
    for (int i = 0; i < rows * cols; ++i) x[i] = sinf(i * 0.37f) * 3.0f + (i % 17) * 0.1f;
    for (int c = 0; c < cols; ++c) { g[c] = 1.0f + 0.001f * c; b[c] = 0.01f * (c % 7); }
    for (int i = 0; i < seq * d; ++i) { q[i] = cosf(i * 0.11f); k[i] = sinf(i * 0.07f + 1.0f); }
    float *dx, *dy, *dg, *db, *dq, *dk, *dp;
    cudaMalloc(&dx, x.size() * 4); cudaMalloc(&dy, x.size() * 4); cudaMalloc(&dg, cols * 4); cudaMalloc(&db, cols * 4);
    cudaMalloc(&dq, q.size() * 4); cudaMalloc(&dk, k.size() * 4); cudaMalloc(&dp, seq * seq * 4);
    cudaMemcpy(dx, x.data(), x.size() * 4, cudaMemcpyHostToDevice); cudaMemcpy(dg, g.data(), cols * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), cols * 4, cudaMemcpyHostToDevice); cudaMemcpy(dq, q.data(), q.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dk, k.data(), k.size() * 4, cudaMemcpyHostToDevice);
    std::vector<float> y(x.size());
    auto stats = [&](const char* name) {
        cudaMemcpy(y.data(), dy, y.size() * 4, cudaMemcpyDeviceToHost);
        for (int r : {0, 7, 15}) { double s = 0, a = 0; for (int c = 0; c < cols; ++c) { s += y[r * cols + c]; a += fabs(y[r * cols + c]); } printf("%s row %2d sum %.6f abs %.6f y[5] %.6f\n", name, r, s, a, y[r * cols + 5]); }
    };
    layernorm_gelu<<<rows, 32>>>(dx, dy, cols, dg, db); stats("layernorm+gelu");
    log_softmax<<<rows, 32>>>(dx, dy, cols); stats("log_softmax");
    rmsnorm<<<rows, 32>>>(dx, dy, cols); stats("rmsnorm");
    attention_scores<<<seq, 128>>>(dq, dk, dp, seq, d);
    std::vector<float> p(seq * seq);
    cudaMemcpy(p.data(), dp, p.size() * 4, cudaMemcpyDeviceToHost);
    for (int i : {0, 1, 50, 95}) { double s = 0; for (int j = 0; j < seq; ++j) s += p[i * seq + j]; printf("attention row %2d sum %.6f p[i][0] %.6f p[i][i] %.6f\n", i, s, p[i * seq], p[i * seq + i]); }
    return 0;
}
