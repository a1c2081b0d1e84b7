// flags: -O3 -lineinfo
// Rodinia-style SRAD (speckle-reducing anisotropic diffusion) on a 2D image: a reduction of
// the region of interest's mean and variance (float sums in shared memory, fixed tree order),
// then two kernels per iteration: directional derivatives and the diffusion coefficient
// (divisions, clamps to [0,1]), then the divergence update. Neighbour indices come from
// precomputed __device__ arrays (iN/iS/jW/jE) as Rodinia does. Blocks of 16x16 on a 61x47 image.
#include <cstdio>
#include <cmath>
#include <vector>
#define BLOCK_SIZE 16
#define MAXR 64
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ int d_iN[MAXR], d_iS[MAXR], d_jW[MAXR], d_jE[MAXR];

__global__ void roi_sums(const float* img, int cols, int r1, int r2, int c1, int c2, float* sums) {
    __shared__ float s[256], s2[256];
    int t = threadIdx.y * blockDim.x + threadIdx.x;
    float a = 0, b = 0;
    for (int i = r1 + threadIdx.y; i <= r2; i += blockDim.y)
        for (int j = c1 + threadIdx.x; j <= c2; j += blockDim.x) { float v = img[i * cols + j]; a += v; b += v * v; }
    s[t] = a; s2[t] = b;
    __syncthreads();
    for (int h = 128; h > 0; h >>= 1) {
        if (t < h) { s[t] += s[t + h]; s2[t] += s2[t + h]; }
        __syncthreads();
    }
    if (t == 0) { sums[0] = s[0]; sums[1] = s2[0]; }
}

__global__ void srad1(const float* J, float* dN, float* dS, float* dW, float* dE, float* C, int rows, int cols, const float* sums, float npix) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= rows || j >= cols) return;
    float mean = sums[0] / npix, var = sums[1] / npix - mean * mean;
    float q0sqr = var / (mean * mean);
    int k = i * cols + j;
    float jc = J[k];
    float n = J[d_iN[i] * cols + j] - jc, s = J[d_iS[i] * cols + j] - jc;
    float w = J[i * cols + d_jW[j]] - jc, e = J[i * cols + d_jE[j]] - jc;
    float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    float l = (n + s + w + e) / jc;
    float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    float den = 1.0f + 0.25f * l;
    float qsqr = num / (den * den);
    den = (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr));
    float c = 1.0f / (1.0f + den);
    c = c < 0 ? 0.0f : (c > 1 ? 1.0f : c);
    dN[k] = n; dS[k] = s; dW[k] = w; dE[k] = e; C[k] = c;
}

__global__ void srad2(float* J, const float* dN, const float* dS, const float* dW, const float* dE, const float* C, int rows, int cols, float lambda) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i >= rows || j >= cols) return;
    int k = i * cols + j;
    float cn = C[k], cs = C[d_iS[i] * cols + j], cw = C[k], ce = C[i * cols + d_jE[j]];
    float d = cn * dN[k] + cs * dS[k] + cw * dW[k] + ce * dE[k];
    J[k] = J[k] + 0.25f * lambda * d;
}

int main() {
    const int rows = 61, cols = 47, niter = 6;
    const float lambda = 0.5f;
    int r1 = 3, r2 = 30, c1 = 5, c2 = 40;
    std::vector<float> img(rows * cols);
    unsigned s = 12345u;
    for (auto& v : img) { s = s * 1664525u + 1013904223u; v = expf((float)(s >> 8) / 16777216.0f * 2.0f); }
    std::vector<int> iN(MAXR), iS(MAXR), jW(MAXR), jE(MAXR);
    for (int i = 0; i < rows; ++i) { iN[i] = i > 0 ? i - 1 : 0; iS[i] = i < rows - 1 ? i + 1 : rows - 1; }
    for (int j = 0; j < cols; ++j) { jW[j] = j > 0 ? j - 1 : 0; jE[j] = j < cols - 1 ? j + 1 : cols - 1; }
    CK(cudaMemcpyToSymbol(d_iN, iN.data(), MAXR * sizeof(int)));
    CK(cudaMemcpyToSymbol(d_iS, iS.data(), MAXR * sizeof(int)));
    CK(cudaMemcpyToSymbol(d_jW, jW.data(), MAXR * sizeof(int)));
    CK(cudaMemcpyToSymbol(d_jE, jE.data(), MAXR * sizeof(int)));
    size_t bytes = rows * cols * sizeof(float);
    float *J, *dN, *dS, *dW, *dE, *C, *sums;
    CK(cudaMalloc(&J, bytes)); CK(cudaMalloc(&dN, bytes)); CK(cudaMalloc(&dS, bytes)); CK(cudaMalloc(&dW, bytes));
    CK(cudaMalloc(&dE, bytes)); CK(cudaMalloc(&C, bytes)); CK(cudaMalloc(&sums, 2 * sizeof(float)));
    CK(cudaMemcpy(J, img.data(), bytes, cudaMemcpyHostToDevice));
    dim3 b(BLOCK_SIZE, BLOCK_SIZE), g((cols + BLOCK_SIZE - 1) / BLOCK_SIZE, (rows + BLOCK_SIZE - 1) / BLOCK_SIZE);
    float npix = (float)((r2 - r1 + 1) * (c2 - c1 + 1));
    for (int it = 0; it < niter; ++it) {
        roi_sums<<<1, b>>>(J, cols, r1, r2, c1, c2, sums);
        float hs[2];
        CK(cudaMemcpy(hs, sums, sizeof hs, cudaMemcpyDeviceToHost));
        printf("iter %d: roi sum %.9g sumsq %.9g\n", it, hs[0], hs[1]);
        srad1<<<g, b>>>(J, dN, dS, dW, dE, C, rows, cols, sums, npix);
        srad2<<<g, b>>>(J, dN, dS, dW, dE, C, rows, cols, lambda);
        CK(cudaGetLastError());
    }
    CK(cudaMemcpy(img.data(), J, bytes, cudaMemcpyDeviceToHost));
    double tot = 0; float mn = 1e30f, mx = -1e30f;
    for (float v : img) { tot += v; mn = fminf(mn, v); mx = fmaxf(mx, v); }
    printf("final: total %.9g min %.9g max %.9g\n", tot, mn, mx);
    for (int i = 0; i < rows; i += 12) printf("J[%d][%d] = %a\n", i, (i * 7) % cols, img[i * cols + (i * 7) % cols]);
    return 0;
}
