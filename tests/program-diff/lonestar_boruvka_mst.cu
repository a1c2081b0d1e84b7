// flags: -O3
// Lonestar-style Boruvka minimum spanning forest: each round, a thread per edge proposes the
// edge to both endpoint components with atomicMin on a 64-bit key (weight << 32 | edge id: weights
// distinct by the id tie-break, so each component's lightest edge is unique), then a thread per
// component root hooks it along its chosen edge in a parent array (a mutual pair is taken by the
// smaller root), pointer jumping flattens the parents and the vertices are relabelled. The forest's total weight and edge count are
// unique, checked against Kruskal.
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
#define NV 20000
#define NE 60000
__global__ void find_min(const int* eu, const int* ev, const int* ew, const int* comp, unsigned long long* best) {
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= NE) return;
    int cu = comp[eu[e]], cv = comp[ev[e]];
    if (cu == cv) return;
    unsigned long long key = ((unsigned long long)ew[e] << 32) | (unsigned)e;
    atomicMin(&best[cu], key);
    atomicMin(&best[cv], key);
}
__global__ void merge(const int* eu, const int* ev, const int* comp, int* parent, const unsigned long long* best, int* inmst, unsigned long long* weight, int* count) {
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= NV || comp[c] != c || best[c] == ~0ull) return;
    int e = (int)(best[c] & 0xffffffffu);
    int other = comp[eu[e]] == c ? comp[ev[e]] : comp[eu[e]];
    // a mutual choice is taken once, by the smaller component
    if (best[other] == best[c] && other < c) return;
    inmst[e] = 1;
    atomicAdd(weight, best[c] >> 32);
    atomicAdd(count, 1);
    parent[c] = other;
}
__global__ void jump(int* comp, int* changed) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV) return;
    int p = comp[v], gp = comp[p];
    if (p != gp) { comp[v] = gp; *changed = 1; }
}
__global__ void relabel(int* comp, const int* parent) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < NV) comp[v] = parent[comp[v]];
}
static int findr(std::vector<int>& p, int x) { while (p[x] != x) x = p[x] = p[p[x]]; return x; }
int main() {
    std::vector<int> eu(NE), ev(NE), ew(NE);
    for (int e = 0; e < NE; e++) { eu[e] = lcg() % NV; ev[e] = (e % 2) ? (eu[e] + 1 + lcg() % 50) % NV : (int)(lcg() % NV); ew[e] = 1 + lcg() % 1000; }
    // Kruskal with the same tie-break
    std::vector<int> order(NE); for (int e = 0; e < NE; e++) order[e] = e;
    std::sort(order.begin(), order.end(), [&](int a, int b) { return ew[a] < ew[b] || (ew[a] == ew[b] && a < b); });
    std::vector<int> p(NV); for (int i = 0; i < NV; i++) p[i] = i;
    unsigned long long rw = 0; int rc = 0; std::vector<int> rin(NE, 0);
    for (int e : order) { int a = findr(p, eu[e]), b = findr(p, ev[e]); if (a != b) { p[a] = b; rw += ew[e]; rc++; rin[e] = 1; } }
    int *deu, *dev, *dew, *dcomp, *dvc, *din, *dcount, *dch; unsigned long long *dbest, *dw;
    CK(cudaMalloc(&deu, NE * 4)); CK(cudaMalloc(&dev, NE * 4)); CK(cudaMalloc(&dew, NE * 4)); CK(cudaMalloc(&din, NE * 4));
    CK(cudaMalloc(&dcomp, NV * 4)); CK(cudaMalloc(&dvc, NV * 4)); CK(cudaMalloc(&dbest, NV * 8)); CK(cudaMalloc(&dw, 8)); CK(cudaMalloc(&dcount, 4)); CK(cudaMalloc(&dch, 4));
    CK(cudaMemcpy(deu, eu.data(), NE * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dev, ev.data(), NE * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dew, ew.data(), NE * 4, cudaMemcpyHostToDevice));
    std::vector<int> id(NV); for (int i = 0; i < NV; i++) id[i] = i;
    CK(cudaMemcpy(dcomp, id.data(), NV * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dvc, id.data(), NV * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(din, 0, NE * 4)); CK(cudaMemset(dw, 0, 8)); CK(cudaMemset(dcount, 0, 4));
    int rounds = 0, prev = -1, count = 0;
    while (count != prev && rounds < 64) {
        prev = count;
        CK(cudaMemset(dbest, 0xff, NV * 8));
        find_min<<<(NE + 255) / 256, 256>>>(deu, dev, dew, dcomp, dbest);
        merge<<<(NV + 255) / 256, 256>>>(deu, dev, dcomp, dvc, dbest, din, dw, dcount);
        int ch = 1;
        while (ch) { CK(cudaMemset(dch, 0, 4)); jump<<<(NV + 255) / 256, 256>>>(dvc, dch); CK(cudaMemcpy(&ch, dch, 4, cudaMemcpyDeviceToHost)); }
        relabel<<<(NV + 255) / 256, 256>>>(dcomp, dvc);
        CK(cudaMemcpy(&count, dcount, 4, cudaMemcpyDeviceToHost));
        rounds++;
    }
    unsigned long long w; std::vector<int> in(NE);
    CK(cudaMemcpy(&w, dw, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(in.data(), din, NE * 4, cudaMemcpyDeviceToHost));
    printf("mst NV=%d NE=%d rounds=%d edges=%d weight=%llu match=%s\n", NV, NE, rounds, count, w, w == rw && count == rc && in == rin ? "yes" : "no");
    return 0;
}
