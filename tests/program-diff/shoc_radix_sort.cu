// flags: -O2
// SHOC-style radix sort (level1/sort) of 32-bit keys with 32-bit values, 4 bits per pass: each
// block (256 threads, 4 keys each) sorts its 1024 keys by the pass's digit with four 1-bit
// splits (a block scan of the bit counts in shared memory), then counts where each of the 16
// digits starts in its sorted tile (findRadixOffsets); a one-block scan turns the digit-major
// count table into global offsets, and reorderData scatters. Stable, so the result is unique:
// compared with std::stable_sort, keys and values.
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
#define N (1 << 16)
#define TPB 256
#define KPT 4
#define TILE (TPB * KPT)
#define NB (N / TILE)
__device__ int block_excl_scan(int v, int* s, int* total) {
    int t = threadIdx.x;
    s[t] = v;
    __syncthreads();
    for (int off = 1; off < TPB; off <<= 1) {
        int x = t >= off ? s[t - off] : 0;
        __syncthreads();
        s[t] += x;
        __syncthreads();
    }
    int incl = s[t];
    *total = s[TPB - 1];
    __syncthreads();
    return incl - v;
}
__global__ void radixSortBlocks(int shift, const unsigned* kin, const unsigned* vin, unsigned* kout, unsigned* vout, int* counters) {
    __shared__ unsigned sk[TILE], sv[TILE];
    __shared__ int scan[TPB];
    __shared__ int starts[16];
    int t = threadIdx.x, base = blockIdx.x * TILE;
    for (int i = 0; i < KPT; i++) { sk[t * KPT + i] = kin[base + t * KPT + i]; sv[t * KPT + i] = vin[base + t * KPT + i]; }
    __syncthreads();
    for (int b = shift; b < shift + 4; b++) {
        unsigned k[KPT], v[KPT]; int ones = 0;
        for (int i = 0; i < KPT; i++) { k[i] = sk[t * KPT + i]; v[i] = sv[t * KPT + i]; ones += (k[i] >> b) & 1; }
        int total;
        int before = block_excl_scan(ones, scan, &total);
        int zeros_total = TILE - total;
        int zeros_before = t * KPT - before;
        __syncthreads();
        for (int i = 0; i < KPT; i++) {
            int bit = (k[i] >> b) & 1;
            int dst = bit ? zeros_total + before++ : zeros_before++;
            sk[dst] = k[i]; sv[dst] = v[i];
        }
        __syncthreads();
    }
    for (int i = 0; i < KPT; i++) { kout[base + t * KPT + i] = sk[t * KPT + i]; vout[base + t * KPT + i] = sv[t * KPT + i]; }
    // findRadixOffsets: where each digit starts in the sorted tile
    if (t < 16) starts[t] = TILE;
    __syncthreads();
    for (int i = 0; i < KPT; i++) {
        int p = t * KPT + i;
        unsigned d = (sk[p] >> shift) & 15;
        if (p == 0 || ((sk[p - 1] >> shift) & 15) != d) starts[d] = p;
    }
    __syncthreads();
    if (t < 16) {
        int s = starts[t];
        // a digit absent from the tile starts where the next present one does
        int e = TILE;
        for (int d = t + 1; d < 16; d++) if (starts[d] != TILE) { e = starts[d]; break; }
        if (s == TILE) s = e;
        counters[t * NB + blockIdx.x] = e - s;
        counters[16 * NB + t * NB + blockIdx.x] = s;
    }
}
__global__ void scanCounters(int* counters) {
    __shared__ int scan[TPB];
    int carry = 0;
    for (int c = 0; c < 16 * NB; c += TPB) {
        int i = c + threadIdx.x;
        int v = i < 16 * NB ? counters[i] : 0;
        int total;
        int ex = block_excl_scan(v, scan, &total);
        if (i < 16 * NB) counters[32 * NB + i] = ex + carry;
        carry += total;
    }
}
__global__ void reorderData(int shift, const unsigned* kin, const unsigned* vin, unsigned* kout, unsigned* vout, const int* counters) {
    int t = threadIdx.x, base = blockIdx.x * TILE;
    for (int i = 0; i < KPT; i++) {
        int p = t * KPT + i;
        unsigned k = kin[base + p];
        unsigned d = (k >> shift) & 15;
        int dst = counters[32 * NB + d * NB + blockIdx.x] + p - counters[16 * NB + d * NB + blockIdx.x];
        kout[dst] = k; vout[dst] = vin[base + p];
    }
}
int main() {
    std::vector<unsigned> k(N), v(N);
    for (int i = 0; i < N; i++) { k[i] = (lcg() << 8) ^ lcg(); if (i % 7 == 0) k[i] &= 0xff00ff; v[i] = i; }
    std::vector<std::pair<unsigned, unsigned>> ref(N);
    for (int i = 0; i < N; i++) ref[i] = {k[i], v[i]};
    std::stable_sort(ref.begin(), ref.end(), [](auto a, auto b) { return a.first < b.first; });
    unsigned *dk, *dv, *tk, *tv; int* dc;
    CK(cudaMalloc(&dk, N * 4)); CK(cudaMalloc(&dv, N * 4)); CK(cudaMalloc(&tk, N * 4)); CK(cudaMalloc(&tv, N * 4));
    CK(cudaMalloc(&dc, 48 * NB * 4));
    CK(cudaMemcpy(dk, k.data(), N * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dv, v.data(), N * 4, cudaMemcpyHostToDevice));
    for (int shift = 0; shift < 32; shift += 4) {
        radixSortBlocks<<<NB, TPB>>>(shift, dk, dv, tk, tv, dc);
        scanCounters<<<1, TPB>>>(dc);
        reorderData<<<NB, TPB>>>(shift, tk, tv, dk, dv, dc);
    }
    CK(cudaGetLastError());
    CK(cudaMemcpy(k.data(), dk, N * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(v.data(), dv, N * 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < N; i++) if (k[i] != ref[i].first || v[i] != ref[i].second) bad++;
    printf("radix sort n=%d mismatches=%d first=%08x last=%08x v[100]=%u bits=%016llx\n", N, bad, k[0], k[N - 1], v[100], fnv(v.data(), N * 4));
    return 0;
}
