// flags: -O3
// SHOC-style MaxFlops (level0/maxflops) kernels, kept for their values: each thread starts from
// its own seed and runs long unrolled chains of adds (Add1, Add2 with two interleaved chains),
// multiplies (Mul1: s = s*s*v, then s*1.001), multiply-adds (MAdd1: s = 10 - s*0.9899, which nvcc
// contracts to fma) and MulMAdd (a multiply then a multiply-add) in float and double, the
// constants chosen so the values stay bounded (Mul1 decays through the subnormals to zero);
// every result's bits are hashed (each thread's chain is fixed: the hash is the GPU's exact
// arithmetic, contraction included) and the sum printed with %.9e.
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
#define NT 4096
#define REP 40
template <typename T> __global__ void Add1(T* data, int nIters, T v) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    T s = data[gid];
    for (int j = 0; j < nIters; j++) {
#pragma unroll
        for (int k = 0; k < 16; k++) { s = v - s; s = v - s; }
    }
    data[gid] = s;
}
template <typename T> __global__ void Add2(T* data, int nIters, T v) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    T s = data[gid], s2 = (T)10 - s;
    for (int j = 0; j < nIters; j++) {
#pragma unroll
        for (int k = 0; k < 16; k++) { s = v - s; s2 = v - s2; s = v - s; s2 = v - s2; }
    }
    data[gid] = s + s2;
}
template <typename T> __global__ void Mul1(T* data, int nIters, T v) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    T s = data[gid] - data[gid] + (T)0.99;
    for (int j = 0; j < nIters; j++) {
#pragma unroll
        for (int k = 0; k < 16; k++) { s = s * s * v; s = s * (T)1.001; }
    }
    data[gid] = s;
}
template <typename T> __global__ void MAdd1(T* data, int nIters, T v1, T v2) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    T s = data[gid];
    for (int j = 0; j < nIters; j++) {
#pragma unroll
        for (int k = 0; k < 16; k++) { s = v1 - s * v2; s = v1 - s * v2; }
    }
    data[gid] = s;
}
template <typename T> __global__ void MulMAdd1(T* data, int nIters, T v1, T v2) {
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    T s = data[gid];
    for (int j = 0; j < nIters; j++) {
#pragma unroll
        for (int k = 0; k < 16; k++) { s = (v1 - v2 * s) * v1 * s; s = s * (T)0.25 + v2; }
    }
    data[gid] = s;
}
template <typename T> static void run(const char* name) {
    std::vector<T> h(NT), g(NT);
    for (int i = 0; i < NT; i++) h[i] = (T)(0.5 + 0.25 * (i % 97) / 97.0);
    T* d; CK(cudaMalloc(&d, NT * sizeof(T)));
    auto go = [&](const char* k, auto launch) {
        CK(cudaMemcpy(d, h.data(), NT * sizeof(T), cudaMemcpyHostToDevice));
        launch();
        CK(cudaGetLastError());
        CK(cudaMemcpy(g.data(), d, NT * sizeof(T), cudaMemcpyDeviceToHost));
        double s = 0; for (T x : g) s += x;
        printf("%s %-8s sum=%.9e g[5]=%a bits=%016llx\n", name, k, s, (double)g[5], fnv(g.data(), NT * sizeof(T)));
    };
    go("Add1", [&] { Add1<T><<<NT / 128, 128>>>(d, REP, (T)10); });
    go("Add2", [&] { Add2<T><<<NT / 128, 128>>>(d, REP, (T)10); });
    go("Mul1", [&] { Mul1<T><<<NT / 128, 128>>>(d, REP, (T)1.0001); });
    go("MAdd1", [&] { MAdd1<T><<<NT / 128, 128>>>(d, REP, (T)10, (T)0.9899); });
    go("MulMAdd1", [&] { MulMAdd1<T><<<NT / 128, 128>>>(d, REP, (T)3.75, (T)0.355); });
    CK(cudaFree(d));
}
int main() {
    run<float>("float ");
    run<double>("double");
    return 0;
}
