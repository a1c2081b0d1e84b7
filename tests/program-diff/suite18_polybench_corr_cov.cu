// flags: -O3
// PolyBench/GPU correlation and covariance (correlation.cu, covariance.cu), in their original
// shape: one thread per column for the means and standard deviations (1D blocks of 256), the data
// centred by a 2D kernel (32x8 blocks, partial in both dimensions), then one thread per column j1
// computing the upper triangle of the symmetric matrix and mirroring it. float throughout, with
// the suite's FLOAT_N and EPS constants and sqrt() on floats. Checksums with %.9g, a few elements
// with %a, and the host's double results agreeing within 1e-3 relative.
#include <cstdio>
#include <cmath>
#include <vector>
#define M 83
#define N 97
#define FLOAT_N 3214212.01f
#define EPS 0.005f
#define DATA_TYPE float
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void mean_kernel(DATA_TYPE* mean, const DATA_TYPE* data) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < M) {
        mean[j] = 0.0f;
        for (int i = 0; i < N; i++) mean[j] += data[i * M + j];
        mean[j] /= (DATA_TYPE)FLOAT_N;
    }
}
__global__ void std_kernel(const DATA_TYPE* mean, DATA_TYPE* std, const DATA_TYPE* data) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < M) {
        std[j] = 0.0f;
        for (int i = 0; i < N; i++) std[j] += (data[i * M + j] - mean[j]) * (data[i * M + j] - mean[j]);
        std[j] /= (FLOAT_N);
        std[j] = sqrt(std[j]);
        if (std[j] <= EPS) std[j] = 1.0f;
    }
}
__global__ void reduce_kernel(const DATA_TYPE* mean, const DATA_TYPE* std, DATA_TYPE* data) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < N) && (j < M)) {
        data[i * M + j] -= mean[j];
        data[i * M + j] /= (sqrt(FLOAT_N) * std[j]);
    }
}
__global__ void corr_kernel(DATA_TYPE* symmat, const DATA_TYPE* data) {
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    int i, j2;
    if (j1 < (M - 1)) {
        symmat[j1 * M + j1] = 1.0f;
        for (j2 = (j1 + 1); j2 < M; j2++) {
            symmat[j1 * M + j2] = 0.0f;
            for (i = 0; i < N; i++) symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
            symmat[j2 * M + j1] = symmat[j1 * M + j2];
        }
    }
}
// covariance
__global__ void cov_mean_kernel(DATA_TYPE* mean, const DATA_TYPE* data) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < M) {
        mean[j] = 0.0;
        for (int i = 0; i < N; i++) mean[j] += data[i * M + j];
        mean[j] /= (DATA_TYPE)FLOAT_N;
    }
}
__global__ void cov_reduce_kernel(const DATA_TYPE* mean, DATA_TYPE* data) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if ((i < N) && (j < M)) data[i * M + j] -= mean[j];
}
__global__ void covar_kernel(DATA_TYPE* symmat, const DATA_TYPE* data) {
    int j1 = blockIdx.x * blockDim.x + threadIdx.x;
    if (j1 < M) {
        for (int j2 = j1; j2 < M; j2++) {
            symmat[j1 * M + j2] = 0.0;
            for (int i = 0; i < N; i++) symmat[j1 * M + j2] += data[i * M + j1] * data[i * M + j2];
            symmat[j2 * M + j1] = symmat[j1 * M + j2];
        }
    }
}

static void init(std::vector<float>& d) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < M; j++) d[i * M + j] = ((float)((i * j + 3 * i + 7) % 101)) / M + (float)(j % 5) * 0.25f;
}
static double sum(const std::vector<float>& v) { double s = 0; for (float x : v) s += x; return s; }

int main() {
    std::vector<float> data(N * M), sym(M * M), mean(M), stdv(M);
    init(data);
    float *d_data, *d_sym, *d_mean, *d_std;
    CK(cudaMalloc(&d_data, sizeof(float) * N * M));
    CK(cudaMalloc(&d_sym, sizeof(float) * M * M));
    CK(cudaMalloc(&d_mean, sizeof(float) * M));
    CK(cudaMalloc(&d_std, sizeof(float) * M));
    CK(cudaMemcpy(d_data, data.data(), sizeof(float) * N * M, cudaMemcpyHostToDevice));
    CK(cudaMemset(d_sym, 0, sizeof(float) * M * M));
    dim3 b1(256), g1((M + 255) / 256), b2(32, 8), g2((M + 31) / 32, (N + 7) / 8);
    mean_kernel<<<g1, b1>>>(d_mean, d_data);
    std_kernel<<<g1, b1>>>(d_mean, d_std, d_data);
    reduce_kernel<<<g2, b2>>>(d_mean, d_std, d_data);
    corr_kernel<<<g1, b1>>>(d_sym, d_data);
    CK(cudaGetLastError());
    CK(cudaMemcpy(sym.data(), d_sym, sizeof(float) * M * M, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(mean.data(), d_mean, sizeof(float) * M, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(stdv.data(), d_std, sizeof(float) * M, cudaMemcpyDeviceToHost));
    sym[(M - 1) * M + (M - 1)] = 1.0f;
    printf("correlation: mean sum %.9g std sum %.9g symmat sum %.9g\n", sum(mean), sum(stdv), sum(sym));
    for (int k = 0; k < 6; k++) printf("  corr[%d] = %a  mean[%d] = %a  std[%d] = %a\n", k * 13, sym[k * 13], k * 11, mean[k * 11], k * 11, stdv[k * 11]);
    // host check of the correlation in double
    {
        std::vector<double> hd(N * M), hm(M), hs(M);
        std::vector<float> d0(N * M); init(d0);
        for (int j = 0; j < M; j++) { double s = 0; for (int i = 0; i < N; i++) s += d0[i * M + j]; hm[j] = s / FLOAT_N; }
        for (int j = 0; j < M; j++) { double s = 0; for (int i = 0; i < N; i++) s += (d0[i * M + j] - hm[j]) * (d0[i * M + j] - hm[j]); s = sqrt(s / FLOAT_N); hs[j] = s <= EPS ? 1.0 : s; }
        for (int i = 0; i < N; i++) for (int j = 0; j < M; j++) hd[i * M + j] = (d0[i * M + j] - hm[j]) / (sqrt((double)FLOAT_N) * hs[j]);
        int bad = 0;
        for (int a = 0; a < M - 1; a++) for (int b = a + 1; b < M; b++) {
            double s = 0; for (int i = 0; i < N; i++) s += hd[i * M + a] * hd[i * M + b];
            if (fabs(s - sym[a * M + b]) > 1e-3 * fabs(s) + 1e-9) bad++;
        }
        printf("correlation host check: %d mismatches\n", bad);
    }
    init(data);
    CK(cudaMemcpy(d_data, data.data(), sizeof(float) * N * M, cudaMemcpyHostToDevice));
    cov_mean_kernel<<<g1, b1>>>(d_mean, d_data);
    cov_reduce_kernel<<<g2, b2>>>(d_mean, d_data);
    covar_kernel<<<g1, b1>>>(d_sym, d_data);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(sym.data(), d_sym, sizeof(float) * M * M, cudaMemcpyDeviceToHost));
    printf("covariance: symmat sum %.9g\n", sum(sym));
    for (int k = 0; k < 6; k++) printf("  cov[%d] = %a\n", k * 97, sym[k * 97]);
    CK(cudaFree(d_data)); CK(cudaFree(d_sym)); CK(cudaFree(d_mean)); CK(cudaFree(d_std));
    return 0;
}
