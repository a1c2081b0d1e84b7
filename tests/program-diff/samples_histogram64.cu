// flags: -O3 -lineinfo
// CUDA-samples-style histogram64 (2_Concepts_and_Techniques/histogram): per-thread sub-histograms
// of 64 bins stored as bytes in shared memory (the sample's layout: bin-major, thread index
// shuffled to spread banks), each thread reading 4-byte words (uint4 of 16 bytes at a time)
// and incrementing byte counters without atomics (a thread owns its column; at most 63 words
// per thread before the merge, so no byte overflows), then per-block partial histograms merged
// by a second kernel that sums one bin per block with a shared-memory tree. Exact counts,
// compared with the host; histogram256 done with shared atomicAdd for comparison.
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
#define THREADS 64
#define PARTIAL 32
#define N (THREADS * PARTIAL * 63 * 16)
__device__ inline void addByte(unsigned char* s, unsigned data, int tid) { s[(data >> 2) * THREADS + tid]++; }
__device__ inline void addWord(unsigned char* s, unsigned w, int tid) {
    addByte(s, w & 0xff, tid); addByte(s, (w >> 8) & 0xff, tid); addByte(s, (w >> 16) & 0xff, tid); addByte(s, w >> 24, tid);
}
__global__ void histogram64Kernel(unsigned* partial, const uint4* data, int n16) {
    __shared__ unsigned char s[64 * THREADS];
    int t = threadIdx.x;
    // the sample's bank shuffle: thread t writes column ((t & 15) << 2 | t >> 4)
    int tid = ((t & 15) << 2) | (t >> 4);
    for (int i = 0; i < 64; i++) s[i * THREADS + t] = 0;
    __syncthreads();
    for (int pos = blockIdx.x * blockDim.x + t; pos < n16; pos += blockDim.x * gridDim.x) {
        uint4 v = data[pos];
        addWord(s, v.x, tid); addWord(s, v.y, tid); addWord(s, v.z, tid); addWord(s, v.w, tid);
    }
    __syncthreads();
    // each thread sums one bin over the 64 columns (rotated start, as the sample)
    unsigned sum = 0;
    for (int i = 0; i < THREADS; i++) sum += s[t * THREADS + ((i + t) & (THREADS - 1))];
    partial[blockIdx.x * 64 + t] = sum;
}
__global__ void mergeHistogram64Kernel(unsigned* out, const unsigned* partial, int np) {
    __shared__ unsigned d[256];
    unsigned sum = 0;
    for (int i = threadIdx.x; i < np; i += 256) sum += partial[blockIdx.x + i * 64];
    d[threadIdx.x] = sum;
    for (int stride = 128; stride > 0; stride >>= 1) { __syncthreads(); if (threadIdx.x < stride) d[threadIdx.x] += d[threadIdx.x + stride]; }
    if (threadIdx.x == 0) out[blockIdx.x] = d[0];
}
__global__ void histogram256(unsigned* out, const unsigned char* data, int n) {
    __shared__ unsigned h[256];
    h[threadIdx.x] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) atomicAdd(&h[data[i]], 1u);
    __syncthreads();
    atomicAdd(&out[threadIdx.x], h[threadIdx.x]);
}
int main() {
    std::vector<unsigned char> h(N);
    for (int i = 0; i < N; i++) { unsigned r = lcg(); h[i] = (unsigned char)((r & 0xff) ^ ((r >> 8) & (i & 0x3f))); }
    unsigned char* d; unsigned *dp, *dh, *dh256;
    CK(cudaMalloc(&d, N)); CK(cudaMalloc(&dp, PARTIAL * 64 * 4)); CK(cudaMalloc(&dh, 64 * 4)); CK(cudaMalloc(&dh256, 256 * 4));
    CK(cudaMemcpy(d, h.data(), N, cudaMemcpyHostToDevice));
    histogram64Kernel<<<PARTIAL, THREADS>>>(dp, (const uint4*)d, N / 16);
    mergeHistogram64Kernel<<<64, 256>>>(dh, dp, PARTIAL);
    CK(cudaMemset(dh256, 0, 1024));
    histogram256<<<120, 256>>>(dh256, d, N);
    CK(cudaGetLastError());
    unsigned g64[64], g256[256], r64[64] = {0}, r256[256] = {0};
    CK(cudaMemcpy(g64, dh, sizeof g64, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(g256, dh256, sizeof g256, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) { r64[h[i] >> 2]++; r256[h[i]]++; }
    printf("histogram64 n=%d match=%s bin0=%u bin63=%u\n", N, memcmp(g64, r64, sizeof r64) == 0 ? "yes" : "no", g64[0], g64[63]);
    printf("histogram256 match=%s bin0=%u bin255=%u fnv=%016llx\n", memcmp(g256, r256, sizeof r256) == 0 ? "yes" : "no", g256[0], g256[255], fnv(g256, sizeof g256));
    return 0;
}
