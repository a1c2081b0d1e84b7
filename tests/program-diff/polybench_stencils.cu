// flags: -O3
// PolyBench-GPU-style stencils and statistics: fdtd-2d (ey/ex/hz updates, three kernels per time
// step, the first row of ey set from a __constant__ fict array), jacobi-2d ping-pong, syrk
// (C = alpha*A*A^T + beta*C on the lower triangle), covariance (column means, centring, then
// the symmetric matrix with one thread per column j1 computing j2 >= j1), correlation (means,
// standard deviations with the eps guard, normalised data, then the correlation matrix with a
// diagonal of 1). Float throughout; checksums with %.9g and sample elements with %a.
#include <cstdio>
#include <cmath>
#include <vector>
#define TMAX 9
#define NX 41
#define NY 57
#define M 23
#define NN 31
#define FLOAT_N 31.0f
#define EPS 0.005f
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__constant__ float c_fict[TMAX];

__global__ void fdtd_ey(float* ey, const float* hz, int t) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= NX || j >= NY) return;
    if (i == 0) ey[j] = c_fict[t];
    else ey[i * NY + j] = ey[i * NY + j] - 0.5f * (hz[i * NY + j] - hz[(i - 1) * NY + j]);
}
__global__ void fdtd_ex(float* ex, const float* hz) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= NX || j >= NY || j == 0) return;
    ex[i * NY + j] = ex[i * NY + j] - 0.5f * (hz[i * NY + j] - hz[i * NY + j - 1]);
}
__global__ void fdtd_hz(const float* ex, const float* ey, float* hz) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= NX - 1 || j >= NY - 1) return;
    hz[i * NY + j] = hz[i * NY + j] - 0.7f * (ex[i * NY + j + 1] - ex[i * NY + j] + ey[(i + 1) * NY + j] - ey[i * NY + j]);
}
__global__ void jacobi(const float* a, float* b, int n) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < 1 || j < 1 || i >= n - 1 || j >= n - 1) return;
    b[i * n + j] = 0.2f * (a[i * n + j] + a[i * n + j - 1] + a[i * n + j + 1] + a[(i + 1) * n + j] + a[(i - 1) * n + j]);
}
__global__ void syrk(const float* A, float* C, int n, int m, float alpha, float beta) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j > i) return;
    float c = C[i * n + j] * beta;
    for (int k = 0; k < m; ++k) c += alpha * A[i * m + k] * A[j * m + k];
    C[i * n + j] = c;
}
__global__ void col_mean(const float* data, float* mean, int m, int n) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= m) return;
    float s = 0; for (int i = 0; i < n; ++i) s += data[i * m + j];
    mean[j] = s / FLOAT_N;
}
__global__ void col_std(const float* data, const float* mean, float* sd, int m, int n) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= m) return;
    float s = 0; for (int i = 0; i < n; ++i) { float d = data[i * m + j] - mean[j]; s += d * d; }
    s = sqrtf(s / FLOAT_N);
    sd[j] = s <= EPS ? 1.0f : s;
}
__global__ void centre(float* data, const float* mean, const float* sd, int m, int n, int scale) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= n || j >= m) return;
    float v = data[i * m + j] - mean[j];
    data[i * m + j] = scale ? v / (sqrtf(FLOAT_N) * sd[j]) : v;
}
__global__ void symmat(const float* data, float* sym, int m, int n, int corr) {
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (j1 >= m) return;
    if (corr) sym[j1 * m + j1] = 1.0f;
    for (int j2 = corr ? j1 + 1 : j1; j2 < m; ++j2) {
        float s = 0; for (int i = 0; i < n; ++i) s += data[i * m + j1] * data[i * m + j2];
        sym[j1 * m + j2] = s; sym[j2 * m + j1] = s;
    }
}

static void report(const char* name, const float* d, int count) {
    std::vector<float> h(count);
    cudaMemcpy(h.data(), d, count * sizeof(float), cudaMemcpyDeviceToHost);
    double s = 0, sa = 0; for (float v : h) { s += v; sa += fabs(v); }
    printf("%-12s sum %.9g abs %.9g  [0] %a [%d] %a [last] %a\n", name, s, sa, h[0], count / 3, h[count / 3], h[count - 1]);
}

int main() {
    float fict[TMAX]; for (int t = 0; t < TMAX; ++t) fict[t] = (float)t;
    CK(cudaMemcpyToSymbol(c_fict, fict, sizeof fict));
    std::vector<float> ex(NX * NY), ey(NX * NY), hz(NX * NY);
    for (int i = 0; i < NX; ++i) for (int j = 0; j < NY; ++j) {
        ex[i * NY + j] = ((float)i * (j + 1) + 1) / NX; ey[i * NY + j] = ((float)(i - 1) * (j + 2) + 2) / NX; hz[i * NY + j] = ((float)(i - 9) * (j + 4) + 3) / NX;
    }
    float *dex, *dey, *dhz; size_t sz = NX * NY * sizeof(float);
    CK(cudaMalloc(&dex, sz)); CK(cudaMalloc(&dey, sz)); CK(cudaMalloc(&dhz, sz));
    CK(cudaMemcpy(dex, ex.data(), sz, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dey, ey.data(), sz, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dhz, hz.data(), sz, cudaMemcpyHostToDevice));
    dim3 b(32, 8), g((NY + 31) / 32, (NX + 7) / 8);
    for (int t = 0; t < TMAX; ++t) { fdtd_ey<<<g, b>>>(dey, dhz, t); fdtd_ex<<<g, b>>>(dex, dhz); fdtd_hz<<<g, b>>>(dex, dey, dhz); }
    CK(cudaGetLastError());
    report("fdtd hz", dhz, NX * NY); report("fdtd ex", dex, NX * NY); report("fdtd ey", dey, NX * NY);
    // jacobi on an NY x NY grid, 16x16 blocks
    std::vector<float> ja(NY * NY);
    for (int i = 0; i < NY * NY; ++i) ja[i] = ((float)(i % NY) * (i / NY + 2) + 2) / NY;
    float *j0, *j1; CK(cudaMalloc(&j0, NY * NY * 4)); CK(cudaMalloc(&j1, NY * NY * 4));
    CK(cudaMemcpy(j0, ja.data(), NY * NY * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(j1, ja.data(), NY * NY * 4, cudaMemcpyHostToDevice));
    dim3 b16(16, 16), g16((NY + 15) / 16, (NY + 15) / 16);
    for (int t = 0; t < 20; ++t) { jacobi<<<g16, b16>>>(j0, j1, NY); jacobi<<<g16, b16>>>(j1, j0, NY); }
    report("jacobi-2d", j0, NY * NY);
    // syrk
    std::vector<float> A(NN * M), C(NN * NN);
    for (int i = 0; i < NN; ++i) for (int k = 0; k < M; ++k) A[i * M + k] = ((float)i * k + 1) / NN;
    for (int i = 0; i < NN * NN; ++i) C[i] = (float)((i * 3) % NN) / M;
    float *dA, *dC; CK(cudaMalloc(&dA, A.size() * 4)); CK(cudaMalloc(&dC, C.size() * 4));
    CK(cudaMemcpy(dA, A.data(), A.size() * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dC, C.data(), C.size() * 4, cudaMemcpyHostToDevice));
    syrk<<<dim3(1, 4), dim3(32, 8)>>>(dA, dC, NN, M, 32412.0f, 2123.0f);
    report("syrk", dC, NN * NN);
    // covariance and correlation on data NN x M
    std::vector<float> data(NN * M);
    for (int i = 0; i < NN; ++i) for (int j = 0; j < M; ++j) data[i * M + j] = ((float)i * j) / M + (float)((i + j) % 5);
    float *dd, *dmean, *dsd, *dsym; CK(cudaMalloc(&dd, data.size() * 4)); CK(cudaMalloc(&dmean, M * 4)); CK(cudaMalloc(&dsd, M * 4)); CK(cudaMalloc(&dsym, M * M * 4));
    for (int corr = 0; corr < 2; ++corr) {
        CK(cudaMemcpy(dd, data.data(), data.size() * 4, cudaMemcpyHostToDevice));
        col_mean<<<1, 32>>>(dd, dmean, M, NN);
        col_std<<<1, 32>>>(dd, dmean, dsd, M, NN);
        centre<<<dim3(1, (NN + 7) / 8), dim3(32, 8)>>>(dd, dmean, dsd, M, NN, corr);
        symmat<<<1, 32>>>(dd, dsym, M, NN, corr);
        CK(cudaDeviceSynchronize());
        report(corr ? "correlation" : "covariance", dsym, M * M);
        report(corr ? "corr stddev" : "cov means", corr ? dsd : dmean, M);
    }
    return 0;
}
