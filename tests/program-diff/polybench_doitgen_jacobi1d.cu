// flags: -O3 -lineinfo
// PolyBench/GPU-style doitgen and jacobi-1d in float. doitgen: sum[r][q][p] = sum_s A[r][q][s] *
// C4[s][p], one launch per r of a 2D grid (32x8 blocks over p, q), then a second kernel copying
// sum back into A. jacobi-1d: B[i] = 0.33333*(A[i-1]+A[i]+A[i+1]) and A[i] = B[i], two kernels per
// step, 256-thread blocks. Serial checks within 1e-4 relative; result bits hashed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); exit(1); } } while (0)
static unsigned g_seed = 12345u;
static inline unsigned lcg() { g_seed = g_seed * 1664525u + 1013904223u; return g_seed >> 8; }
static inline float frand() { return (float)(lcg() & 0xffff) / 65536.0f; }
// FNV-1a over raw bytes: the bit pattern of a result, for results every run must reproduce exactly
static inline unsigned long long fnv(const void* p, size_t n) {
    const unsigned char* b = (const unsigned char*)p; unsigned long long h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 0x100000001b3ull; }
    return h;
}
static inline double max_rel(const float* a, const float* b, int n, double floor_ = 1e-3) {
    double m = 0; for (int i = 0; i < n; i++) { double d = fabs((double)a[i] - b[i]) / fmax(fabs((double)b[i]), floor_); if (d > m || d != d) m = d != d ? 1e30 : d; } return m;
}
#define NR 10
#define NQ 20
#define NP 36
#define NJ 1000
#define TJ 50
__global__ void doitgen_kernel1(int nr, int nq, int np, float* sum, const float* A, const float* C4, int r) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int q = blockIdx.y * blockDim.y + threadIdx.y;
    if (p < np && q < nq) {
        sum[r * (nq * np) + q * np + p] = 0.0f;
        for (int s = 0; s < np; s++)
            sum[r * (nq * np) + q * np + p] = sum[r * (nq * np) + q * np + p] + A[r * (nq * np) + q * np + s] * C4[s * np + p];
    }
}
__global__ void doitgen_kernel2(int nr, int nq, int np, const float* sum, float* A, int r) {
    int p = blockIdx.x * blockDim.x + threadIdx.x;
    int q = blockIdx.y * blockDim.y + threadIdx.y;
    if (p < np && q < nq) A[r * (nq * np) + q * np + p] = sum[r * (nq * np) + q * np + p];
}
__global__ void runJacobi1D_kernel1(int n, const float* A, float* B) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) B[i] = 0.33333f * (A[i - 1] + A[i] + A[i + 1]);
}
__global__ void runJacobi1D_kernel2(int n, float* A, const float* B) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j > 0 && j < n - 1) A[j] = B[j];
}
int main() {
    std::vector<float> A(NR * NQ * NP), C4(NP * NP), S(NR * NQ * NP);
    for (int r = 0; r < NR; r++)
        for (int q = 0; q < NQ; q++)
            for (int p = 0; p < NP; p++) A[(r * NQ + q) * NP + p] = (float)((r * q + p) % NP) / NP;
    for (int i = 0; i < NP; i++)
        for (int j = 0; j < NP; j++) C4[i * NP + j] = (float)(i * j % NP) / NP;
    std::vector<float> rA = A;
    for (int r = 0; r < NR; r++)
        for (int q = 0; q < NQ; q++) {
            float tmp[NP];
            for (int p = 0; p < NP; p++) {
                tmp[p] = 0;
                for (int s = 0; s < NP; s++) tmp[p] += rA[(r * NQ + q) * NP + s] * C4[s * NP + p];
            }
            for (int p = 0; p < NP; p++) rA[(r * NQ + q) * NP + p] = tmp[p];
        }
    float *dA, *dC, *dS;
    size_t sz = A.size() * 4;
    CK(cudaMalloc(&dA, sz)); CK(cudaMalloc(&dS, sz)); CK(cudaMalloc(&dC, NP * NP * 4));
    CK(cudaMemcpy(dA, A.data(), sz, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dC, C4.data(), NP * NP * 4, cudaMemcpyHostToDevice));
    dim3 b(32, 8), g((NP + 31) / 32, (NQ + 7) / 8);
    for (int r = 0; r < NR; r++) {
        doitgen_kernel1<<<g, b>>>(NR, NQ, NP, dS, dA, dC, r);
        CK(cudaGetLastError());
        doitgen_kernel2<<<g, b>>>(NR, NQ, NP, dS, dA, r);
        CK(cudaGetLastError());
    }
    CK(cudaMemcpy(A.data(), dA, sz, cudaMemcpyDeviceToHost));
    double e = max_rel(A.data(), rA.data(), NR * NQ * NP);
    double s = 0; for (float v : A) s += v;
    printf("doitgen %dx%dx%d sum=%.6e check=%s A[1][2][3]=%a bits=%016llx\n", NR, NQ, NP, s, e < 1e-4 ? "ok" : "FAIL", A[(1 * NQ + 2) * NP + 3], fnv(A.data(), sz));

    std::vector<float> J(NJ), rJ(NJ), rB(NJ);
    for (int i = 0; i < NJ; i++) J[i] = ((float)i + 2) / NJ;
    rJ = J; rB = J;
    for (int t = 0; t < TJ; t++) {
        for (int i = 1; i < NJ - 1; i++) rB[i] = 0.33333f * (rJ[i - 1] + rJ[i] + rJ[i + 1]);
        for (int i = 1; i < NJ - 1; i++) rJ[i] = rB[i];
    }
    float *dJ, *dB;
    CK(cudaMalloc(&dJ, NJ * 4)); CK(cudaMalloc(&dB, NJ * 4));
    CK(cudaMemcpy(dJ, J.data(), NJ * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dB, J.data(), NJ * 4, cudaMemcpyHostToDevice));
    for (int t = 0; t < TJ; t++) {
        runJacobi1D_kernel1<<<(NJ + 255) / 256, 256>>>(NJ, dJ, dB);
        runJacobi1D_kernel2<<<(NJ + 255) / 256, 256>>>(NJ, dJ, dB);
    }
    CK(cudaMemcpy(J.data(), dJ, NJ * 4, cudaMemcpyDeviceToHost));
    // no multiply-add in the stencil: the GPU's sums are the host's, bit for bit
    printf("jacobi1d n=%d T=%d exact=%s J[1]=%a J[500]=%a bits=%016llx\n", NJ, TJ, memcmp(J.data(), rJ.data(), NJ * 4) == 0 ? "yes" : "no", J[1], J[500], fnv(J.data(), NJ * 4));
    return 0;
}
