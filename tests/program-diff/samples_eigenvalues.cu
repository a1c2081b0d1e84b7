// flags: -O3
// CUDA-samples-style eigenvalues (2_Concepts_and_Techniques/eigenvalues): all eigenvalues of a
// symmetric tridiagonal matrix by bisection with Sturm counts (the number of negative pivots of
// T - x*I), one thread per eigenvalue index in one block, the Gerschgorin interval computed by
// a shared-memory min/max reduction, intervals halved until 1e-6 wide (a fixed iteration count,
// so every result is deterministic); eigenvalues compared with the host's identical bisection
// (bit for bit: the same operations in the same order, no multiply-add to contract) and
// their sum with the trace.
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
#define N 200
#define ITERS 40
__host__ __device__ inline int sturm(const float* d, const float* s, float x) {
    int cnt = 0; float q = 1.0f;
    for (int i = 0; i < N; i++) {
        float sub = i ? s[i - 1] * s[i - 1] : 0.0f;
        q = d[i] - x - (i ? sub / q : 0.0f);
        if (q == 0.0f) q = -1e-30f;
        cnt += q < 0.0f;
    }
    return cnt;
}
__global__ void bisect(const float* d, const float* s, float* eig) {
    __shared__ float lo[256], hi[256];
    int t = threadIdx.x;
    float l = 1e30f, h = -1e30f;
    for (int i = t; i < N; i += blockDim.x) {
        float r = (i ? fabsf(s[i - 1]) : 0.0f) + (i < N - 1 ? fabsf(s[i]) : 0.0f);
        l = fminf(l, d[i] - r); h = fmaxf(h, d[i] + r);
    }
    lo[t] = l; hi[t] = h;
    __syncthreads();
    for (int o = blockDim.x / 2; o > 0; o >>= 1) {
        if (t < o) { lo[t] = fminf(lo[t], lo[t + o]); hi[t] = fmaxf(hi[t], hi[t + o]); }
        __syncthreads();
    }
    float a = lo[0], b = hi[0];
    for (int k = t; k < N; k += blockDim.x) {
        float x0 = a, x1 = b;
        for (int it = 0; it < ITERS; it++) {
            float m = 0.5f * (x0 + x1);
            if (sturm(d, s, m) > k) x1 = m; else x0 = m;
        }
        eig[k] = 0.5f * (x0 + x1);
    }
}
int main() {
    std::vector<float> d(N), s(N);
    for (int i = 0; i < N; i++) { d[i] = 2.0f + sinf(0.37f * i) + (float)(i % 7) * 0.25f; s[i] = 0.5f + 0.3f * cosf(0.11f * i); }
    float *dd, *ds, *de;
    CK(cudaMalloc(&dd, N * 4)); CK(cudaMalloc(&ds, N * 4)); CK(cudaMalloc(&de, N * 4));
    CK(cudaMemcpy(dd, d.data(), N * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ds, s.data(), N * 4, cudaMemcpyHostToDevice));
    bisect<<<1, 256>>>(dd, ds, de);
    CK(cudaGetLastError());
    std::vector<float> e(N), r(N);
    CK(cudaMemcpy(e.data(), de, N * 4, cudaMemcpyDeviceToHost));
    float a = 1e30f, b = -1e30f;
    for (int i = 0; i < N; i++) { float rr = (i ? fabsf(s[i - 1]) : 0.0f) + (i < N - 1 ? fabsf(s[i]) : 0.0f); a = fminf(a, d[i] - rr); b = fmaxf(b, d[i] + rr); }
    for (int k = 0; k < N; k++) { float x0 = a, x1 = b; for (int it = 0; it < ITERS; it++) { float m = 0.5f * (x0 + x1); if (sturm(d.data(), s.data(), m) > k) x1 = m; else x0 = m; } r[k] = 0.5f * (x0 + x1); }
    double se = 0, tr = 0; for (int i = 0; i < N; i++) { se += e[i]; tr += d[i]; }
    int mono = 1; for (int i = 1; i < N; i++) if (e[i] < e[i - 1]) mono = 0;
    printf("eigenvalues N=%d sum=%.4f trace=%.4f sorted=%d exact=%s\n", N, se, tr, mono, memcmp(e.data(), r.data(), N * 4) == 0 ? "yes" : "no");
    printf("min=%a max=%a e[100]=%a bits=%016llx\n", e[0], e[N - 1], e[100], fnv(e.data(), N * 4));
    return 0;
}
