// flags: -O2 -arch=sm_80
// PolyBench/GPU-style gemver in double: A = A + u1*v1^T + u2*v2^T (2D, 32x8 blocks), then
// x = x + beta*A^T*y + z (one thread per column, looping down rows, then a separate kernel adding
// z) and w = w + alpha*A*x (one thread per row). Checked against the host within 1e-12
// relative; result bits hashed (fixed per-thread order).
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
#define N 300
__global__ void gemver_kernel1(double* A, const double* u1, const double* v1, const double* u2, const double* v2) {
    int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
    if (i < N && j < N) A[i * N + j] += u1[i] * v1[j] + u2[i] * v2[j];
}
__global__ void gemver_kernel2(const double* A, double* x, const double* y, double beta) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) for (int j = 0; j < N; j++) x[i] += beta * A[j * N + i] * y[j];
}
__global__ void gemver_kernel3(double* x, const double* z) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) x[i] += z[i];
}
__global__ void gemver_kernel4(const double* A, const double* x, double* w, double alpha) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N) for (int j = 0; j < N; j++) w[i] += alpha * A[i * N + j] * x[j];
}
int main() {
    double alpha = 43532, beta = 12313;
    std::vector<double> A(N * N), u1(N), v1(N), u2(N), v2(N), w(N, 0), x(N, 0), y(N), z(N);
    for (int i = 0; i < N; i++) {
        u1[i] = i; u2[i] = (i + 1) / (double)N / 2.0; v1[i] = (i + 1) / (double)N / 4.0; v2[i] = (i + 1) / (double)N / 6.0;
        y[i] = (i + 1) / (double)N / 8.0; z[i] = (i + 1) / (double)N / 9.0;
        for (int j = 0; j < N; j++) A[i * N + j] = ((double)i * j) / N;
    }
    std::vector<double> rA = A, rx = x, rw = w;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) rA[i * N + j] += u1[i] * v1[j] + u2[i] * v2[j];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) rx[i] += beta * rA[j * N + i] * y[j];
    for (int i = 0; i < N; i++) rx[i] += z[i];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) rw[i] += alpha * rA[i * N + j] * rx[j];
    double *dA, *du1, *dv1, *du2, *dv2, *dw, *dx, *dy, *dz;
    CK(cudaMalloc(&dA, N * N * 8));
    double** vs[] = {&du1, &dv1, &du2, &dv2, &dw, &dx, &dy, &dz};
    std::vector<double>* hs[] = {&u1, &v1, &u2, &v2, &w, &x, &y, &z};
    for (int k = 0; k < 8; k++) { CK(cudaMalloc(vs[k], N * 8)); CK(cudaMemcpy(*vs[k], hs[k]->data(), N * 8, cudaMemcpyHostToDevice)); }
    CK(cudaMemcpy(dA, A.data(), N * N * 8, cudaMemcpyHostToDevice));
    gemver_kernel1<<<dim3((N + 31) / 32, (N + 7) / 8), dim3(32, 8)>>>(dA, du1, dv1, du2, dv2);
    gemver_kernel2<<<(N + 255) / 256, 256>>>(dA, dx, dy, beta);
    gemver_kernel3<<<(N + 255) / 256, 256>>>(dx, dz);
    gemver_kernel4<<<(N + 255) / 256, 256>>>(dA, dx, dw, alpha);
    CK(cudaGetLastError());
    CK(cudaMemcpy(w.data(), dw, N * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(x.data(), dx, N * 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(A.data(), dA, N * N * 8, cudaMemcpyDeviceToHost));
    double e = 0, s = 0;
    for (int i = 0; i < N; i++) { e = fmax(e, fabs(w[i] - rw[i]) / fabs(rw[i])); s += w[i]; }
    printf("gemver N=%d sum(w)=%.10e check=%s\n", N, s, e < 1e-12 ? "ok" : "FAIL");
    printf("w[7]=%a x[7]=%a bitsA=%016llx bitsx=%016llx bitsw=%016llx\n", w[7], x[7], fnv(A.data(), N * N * 8), fnv(x.data(), N * 8), fnv(w.data(), N * 8));
    return 0;
}
