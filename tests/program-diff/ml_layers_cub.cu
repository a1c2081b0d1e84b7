// flags: -O3 -std=c++17
// diff-tolerance: 1e-5
// Transformer-style layers as inference kernels write them: one block per row (hidden size 768
// handled by 256 threads x 3 items), LayerNorm with mean/variance from cub::BlockReduce over a
// float2 pair with a custom operator, softmax with a max-reduction then sum of expf (row
// lengths 100..1000: partial tiles), GELU in both the erff form and the tanhf approximation,
// a residual add with __restrict__ pointers, and a templated kernel over float and double.
// Outputs printed as decimal sums and samples within a relative 1e-5: rsqrtf and expf end in
// approximate instructions (rsqrt.approx, ex2.approx) whose last bit is the hardware's.
#include <cstdio>
#include <cmath>
#include <cstring>
#include <cub/cub.cuh>

struct SumPair { __device__ float2 operator()(float2 a, float2 b) const { return make_float2(a.x + b.x, a.y + b.y); } };

template <int T, int I>
__global__ void layernorm(const float* __restrict__ x, const float* __restrict__ gamma, const float* __restrict__ beta,
                          float* __restrict__ y, int h, float eps) {
    using BR = cub::BlockReduce<float2, T>;
    __shared__ typename BR::TempStorage tmp;
    __shared__ float s_mean, s_rstd;
    const float* row = x + (size_t)blockIdx.x * h;
    float v[I];
    float2 acc = make_float2(0.f, 0.f);
    for (int k = 0; k < I; k++) {
        int i = threadIdx.x + k * T;
        v[k] = i < h ? row[i] : 0.f;
        acc.x += v[k]; acc.y += v[k] * v[k];
    }
    float2 tot = BR(tmp).Reduce(acc, SumPair());
    if (threadIdx.x == 0) {
        float mean = tot.x / h;
        float var = fmaxf(tot.y / h - mean * mean, 0.f);
        s_mean = mean; s_rstd = rsqrtf(var + eps);
    }
    __syncthreads();
    for (int k = 0; k < I; k++) {
        int i = threadIdx.x + k * T;
        if (i < h) y[(size_t)blockIdx.x * h + i] = (v[k] - s_mean) * s_rstd * gamma[i] + beta[i];
    }
}

template <int T>
__global__ void softmax(const float* __restrict__ x, const int* lens, int stride, float* __restrict__ y) {
    using BR = cub::BlockReduce<float, T>;
    __shared__ typename BR::TempStorage tmp;
    __shared__ float s_max, s_sum;
    int n = lens[blockIdx.x];
    const float* row = x + (size_t)blockIdx.x * stride;
    float m = -INFINITY;
    for (int i = threadIdx.x; i < n; i += T) m = fmaxf(m, row[i]);
    float bm = BR(tmp).Reduce(m, cuda::maximum<float>());
    if (threadIdx.x == 0) s_max = bm;
    __syncthreads();
    float s = 0.f;
    for (int i = threadIdx.x; i < n; i += T) s += expf(row[i] - s_max);
    __syncthreads();
    float bs = BR(tmp).Sum(s);
    if (threadIdx.x == 0) s_sum = bs;
    __syncthreads();
    for (int i = threadIdx.x; i < stride; i += T) y[(size_t)blockIdx.x * stride + i] = i < n ? expf(row[i] - s_max) / s_sum : 0.f;
}

template <typename F>
__global__ void gelu_residual(const F* __restrict__ x, const F* __restrict__ res, F* __restrict__ erf_out, F* __restrict__ tanh_out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    F v = x[i];
    const F k0 = F(0.7978845608028654), k1 = F(0.044715);
    erf_out[i] = F(0.5) * v * (F(1) + erf(v * F(0.7071067811865476))) + res[i];
    tanh_out[i] = F(0.5) * v * (F(1) + tanh(k0 * (v + k1 * v * v * v))) + res[i];
}

// a weighted sum (weights 1..7): sensitive to position, stable under last-bit differences
static double fold(const float* p, int n) { double s = 0; for (int i = 0; i < n; i++) s += (double)p[i] * (i % 7 + 1); return s; }
static double foldd(const double* p, int n) { double s = 0; for (int i = 0; i < n; i++) s += p[i] * (i % 7 + 1); return s; }

int main() {
    const int rows = 6, h = 768;
    static float x[rows * h], g[h], b[h], y[rows * h];
    for (int i = 0; i < rows * h; i++) x[i] = sinf(i * 0.37f) * 3.0f + (i % 7) * 0.25f - (i / h);
    for (int i = 0; i < h; i++) { g[i] = 1.0f + (i % 5) * 0.125f; b[i] = (i % 3) * 0.0625f - 0.0625f; }
    float *dx, *dg, *db, *dy;
    cudaMalloc(&dx, sizeof x); cudaMalloc(&dg, sizeof g); cudaMalloc(&db, sizeof b); cudaMalloc(&dy, sizeof y);
    cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
    cudaMemcpy(dg, g, sizeof g, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
    layernorm<256, 3><<<rows, 256>>>(dx, dg, db, dy, h, 1e-5f);
    cudaMemcpy(y, dy, sizeof y, cudaMemcpyDeviceToHost);
    printf("layernorm weighted %.9e y[0] %.7e y[767] %.7e y[4000] %.7e\n", fold(y, rows * h), y[0], y[767], y[4000]);
    double m0 = 0; for (int i = 0; i < h; i++) m0 += y[i];
    printf("row 0 output mean %.3f (about the mean of beta %.3f)\n", m0 / h, 0.0);

    const int srows = 5, stride = 1024;
    int lens[srows] = {100, 257, 1000, 1, 640};
    static float sx[srows * stride], sy[srows * stride];
    for (int i = 0; i < srows * stride; i++) sx[i] = cosf(i * 0.013f) * 12.0f - (i % 11);
    float *dsx, *dsy; int* dl;
    cudaMalloc(&dsx, sizeof sx); cudaMalloc(&dsy, sizeof sy); cudaMalloc(&dl, sizeof lens);
    cudaMemcpy(dsx, sx, sizeof sx, cudaMemcpyHostToDevice);
    cudaMemcpy(dl, lens, sizeof lens, cudaMemcpyHostToDevice);
    softmax<128><<<srows, 128>>>(dsx, dl, stride, dsy);
    cudaMemcpy(sy, dsy, sizeof sy, cudaMemcpyDeviceToHost);
    for (int r = 0; r < srows; r++) {
        double s = 0; for (int i = 0; i < lens[r]; i++) s += sy[r * stride + i];
        printf("softmax row %d (n=%d): weighted %.9e first %.7e sum %.6f\n", r, lens[r], fold(sy + r * stride, stride), sy[r * stride], s);
    }
    const int n = 3000;
    static float fx[n], fr[n], fe[n], ft[n];
    static double dxh[n], drh[n], de[n], dt[n];
    for (int i = 0; i < n; i++) { fx[i] = (i - 1500) * 0.004f; fr[i] = (i % 13) * 0.5f; dxh[i] = (i - 1500) * 0.004; drh[i] = (i % 13) * 0.5; }
    float *d1, *d2, *d3, *d4; double *e1, *e2, *e3, *e4;
    cudaMalloc(&d1, sizeof fx); cudaMalloc(&d2, sizeof fx); cudaMalloc(&d3, sizeof fx); cudaMalloc(&d4, sizeof fx);
    cudaMalloc(&e1, sizeof dxh); cudaMalloc(&e2, sizeof dxh); cudaMalloc(&e3, sizeof dxh); cudaMalloc(&e4, sizeof dxh);
    cudaMemcpy(d1, fx, sizeof fx, cudaMemcpyHostToDevice); cudaMemcpy(d2, fr, sizeof fr, cudaMemcpyHostToDevice);
    cudaMemcpy(e1, dxh, sizeof dxh, cudaMemcpyHostToDevice); cudaMemcpy(e2, drh, sizeof drh, cudaMemcpyHostToDevice);
    gelu_residual<float><<<(n + 191) / 192, 192>>>(d1, d2, d3, d4, n);
    gelu_residual<double><<<(n + 191) / 192, 192>>>(e1, e2, e3, e4, n);
    cudaMemcpy(fe, d3, sizeof fe, cudaMemcpyDeviceToHost); cudaMemcpy(ft, d4, sizeof ft, cudaMemcpyDeviceToHost);
    cudaMemcpy(de, e3, sizeof de, cudaMemcpyDeviceToHost); cudaMemcpy(dt, e4, sizeof dt, cudaMemcpyDeviceToHost);
    printf("gelu float erf %.9e tanh %.9e double erf %.12e tanh %.12e\n", fold(fe, n), fold(ft, n), foldd(de, n), foldd(dt, n));
    for (int i : {0, 1499, 1500, 1777, 2999}) printf("  x=%g: %.7e %.7e %.12e %.12e\n", dxh[i], fe[i], ft[i], de[i], dt[i]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
