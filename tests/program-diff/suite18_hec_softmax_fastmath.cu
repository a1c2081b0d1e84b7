// flags: -use_fast_math -O3 -maxrregcount=64 -Xptxas -O3 -DROWS=37
// HeCBench-style transformer pieces under -use_fast_math: softmax over rows (one warp per row,
// max and sum by __shfl_xor_sync butterflies, expf as ex2.approx), layer normalization (a block
// per row of 256 threads, mean and variance by a shared-memory tree, rsqrtf), GELU with tanhf
// (tanh.approx under fast math) and the erf form, and an Adam optimizer step (sqrtf, powf of the
// step count, division) over a parameter vector. Checksums and samples with %.9g.
// diff-tolerance: 1e-5 (ex2/rsqrt/tanh/lg2.approx: Cuprite's model of the H200's MUFU misses 0.5-2% of significands by one unit)
#include <cstdio>
#include <cmath>
#include <vector>
#define COLS 300
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
__global__ void softmax_warp(const float* in, float* out, int rows, int cols) {
    int row = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
    int lane = threadIdx.x & 31;
    if (row >= rows) return;
    const float* r = in + row * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += 32) m = fmaxf(m, r[c]);
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, o));
    float s = 0;
    for (int c = lane; c < cols; c += 32) s += expf(r[c] - m);
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffff, s, o);
    for (int c = lane; c < cols; c += 32) out[row * cols + c] = expf(r[c] - m) / s;
}
__global__ void layernorm(const float* in, float* out, const float* gamma, const float* beta, int cols, float eps) {
    __shared__ float red[256];
    const float* r = in + blockIdx.x * cols;
    float s = 0;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += r[c];
    red[threadIdx.x] = s;
    __syncthreads();
    for (int k = 128; k > 0; k >>= 1) { if (threadIdx.x < k) red[threadIdx.x] += red[threadIdx.x + k]; __syncthreads(); }
    float mean = red[0] / cols;
    __syncthreads();
    float v = 0;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) { float d = r[c] - mean; v += d * d; }
    red[threadIdx.x] = v;
    __syncthreads();
    for (int k = 128; k > 0; k >>= 1) { if (threadIdx.x < k) red[threadIdx.x] += red[threadIdx.x + k]; __syncthreads(); }
    float inv = rsqrtf(red[0] / cols + eps);
    for (int c = threadIdx.x; c < cols; c += blockDim.x) out[blockIdx.x * cols + c] = (r[c] - mean) * inv * gamma[c] + beta[c];
}
__global__ void gelu(const float* in, float* a, float* b, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i];
    a[i] = 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
    b[i] = 0.5f * x * (1.0f + erff(x * 0.70710678f));
}
__global__ void adam(float* p, float* m, float* v, const float* g, int n, float lr, float b1, float b2, float eps, int step) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float mi = b1 * m[i] + (1 - b1) * g[i];
    float vi = b2 * v[i] + (1 - b2) * g[i] * g[i];
    m[i] = mi; v[i] = vi;
    float mh = mi / (1 - powf(b1, (float)step));
    float vh = vi / (1 - powf(b2, (float)step));
    p[i] -= lr * mh / (sqrtf(vh) + eps);
}
static void report(const char* what, const std::vector<float>& v) {
    double s = 0; for (float x : v) s += x;
    printf("%s: sum %.9g samples %.9g %.9g %.9g\n", what, s, v[0], v[v.size() / 3], v[v.size() - 1]);
}
int main() {
    int n = ROWS * COLS;
    std::vector<float> x(n), g(COLS), b(COLS);
    for (int i = 0; i < n; i++) x[i] = ((i * 7919) % 2001 - 1000) * 0.004f;
    for (int c = 0; c < COLS; c++) { g[c] = 1.0f + (c % 5) * 0.1f; b[c] = (c % 3) * 0.05f; }
    float *dx, *dy, *dz, *dg, *db;
    CK(cudaMalloc(&dx, n * 4)); CK(cudaMalloc(&dy, n * 4)); CK(cudaMalloc(&dz, n * 4)); CK(cudaMalloc(&dg, COLS * 4)); CK(cudaMalloc(&db, COLS * 4));
    CK(cudaMemcpy(dx, x.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dg, g.data(), COLS * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, b.data(), COLS * 4, cudaMemcpyHostToDevice));
    std::vector<float> y(n);
    softmax_warp<<<(ROWS + 3) / 4, 128>>>(dx, dy, ROWS, COLS);
    CK(cudaMemcpy(y.data(), dy, n * 4, cudaMemcpyDeviceToHost));
    report("softmax", y);
    layernorm<<<ROWS, 256>>>(dx, dy, dg, db, COLS, 1e-5f);
    CK(cudaMemcpy(y.data(), dy, n * 4, cudaMemcpyDeviceToHost));
    report("layernorm", y);
    gelu<<<(n + 255) / 256, 256>>>(dx, dy, dz, n);
    CK(cudaMemcpy(y.data(), dy, n * 4, cudaMemcpyDeviceToHost));
    report("gelu tanh", y);
    CK(cudaMemcpy(y.data(), dz, n * 4, cudaMemcpyDeviceToHost));
    report("gelu erf", y);
    float *dp, *dm, *dv;
    CK(cudaMalloc(&dp, n * 4)); CK(cudaMalloc(&dm, n * 4)); CK(cudaMalloc(&dv, n * 4));
    CK(cudaMemcpy(dp, x.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dm, 0, n * 4)); CK(cudaMemset(dv, 0, n * 4));
    for (int step = 1; step <= 5; step++) adam<<<(n + 127) / 128, 128>>>(dp, dm, dv, dx, n, 0.001f, 0.9f, 0.999f, 1e-8f, step);
    CK(cudaMemcpy(y.data(), dp, n * 4, cudaMemcpyDeviceToHost));
    report("adam", y);
    return 0;
}
