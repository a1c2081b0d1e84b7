// flags: -O3
// PolyBench/GPU-style LU decomposition (no pivoting) in float: per step k, lu_kernel1 scales row k
// right of the diagonal by A[k][k] (1D, 256 threads), lu_kernel2 updates the trailing submatrix
// A[i][j] -= A[i][k]*A[k][j] (2D blocks 32x8). Checked against the serial algorithm within 1e-3
// relative; the GPU result's bits hashed (each element's sequence of operations is fixed).
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
#define N 120
__global__ void lu_kernel1(float* A, int k) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j > k && j < N) A[k * N + j] = A[k * N + j] / A[k * N + k];
}
__global__ void lu_kernel2(float* A, int k) {
    int j = blockIdx.x * blockDim.x + threadIdx.x;
    int i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > k && j > k && i < N && j < N) A[i * N + j] = A[i * N + j] - A[i * N + k] * A[k * N + j];
}
int main() {
    std::vector<float> A(N * N), R(N * N), G(N * N);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) A[i * N + j] = ((float)((i * j + 1) % N) / N) + (i == j ? N : 0);
    R = A;
    for (int k = 0; k < N; k++) {
        for (int j = k + 1; j < N; j++) R[k * N + j] = R[k * N + j] / R[k * N + k];
        for (int i = k + 1; i < N; i++)
            for (int j = k + 1; j < N; j++) R[i * N + j] = R[i * N + j] - R[i * N + k] * R[k * N + j];
    }
    float* d; CK(cudaMalloc(&d, N * N * 4));
    CK(cudaMemcpy(d, A.data(), N * N * 4, cudaMemcpyHostToDevice));
    dim3 b2(32, 8), g2((N + 31) / 32, (N + 7) / 8);
    for (int k = 0; k < N; k++) {
        lu_kernel1<<<(N + 255) / 256, 256>>>(d, k);
        lu_kernel2<<<g2, b2>>>(d, k);
    }
    CK(cudaGetLastError());
    CK(cudaMemcpy(G.data(), d, N * N * 4, cudaMemcpyDeviceToHost));
    double err = max_rel(G.data(), R.data(), N * N);
    double tr = 0; for (int i = 0; i < N; i++) tr += G[i * N + i];
    printf("lu N=%d trace(U)=%.4f check=%s\n", N, tr, err < 1e-3 ? "ok" : "FAIL");
    printf("A[1][2]=%a A[N-1][N-1]=%a bits=%016llx\n", G[1 * N + 2], G[N * N - 1], fnv(G.data(), N * N * 4));
    CK(cudaFree(d));
    return 0;
}
