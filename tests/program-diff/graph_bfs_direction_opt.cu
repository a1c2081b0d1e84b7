// flags: -O3 -arch=sm_80
// Gunrock/Beamer-style direction-optimizing BFS: top-down levels expand a frontier bitmap
// (a thread per vertex in the frontier checks its out-edges and claims unvisited neighbours with
// atomicOr on the visited bitmap words), bottom-up levels have each unvisited vertex scan its
// in-edges for a parent in the frontier and stop at the first (a break in the loop); the switch
// between them follows the frontier's edge count (alpha = 14) and size (beta = 24) as Beamer's.
// Levels are unique; each level's direction and frontier size printed, checked against a
// serial BFS; the parents are not printed (any frontier neighbour is a valid parent).
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
#define NV 30000
__global__ void top_down(const int* rp, const int* ci, const unsigned* front, unsigned* next, unsigned* visited, int* level, int lvl, int* nf, unsigned long long* fe) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV || !(front[v >> 5] >> (v & 31) & 1)) return;
    for (int e = rp[v]; e < rp[v + 1]; e++) {
        int u = ci[e];
        unsigned bit = 1u << (u & 31);
        if (!(atomicOr(&visited[u >> 5], bit) & bit)) {
            level[u] = lvl + 1;
            atomicOr(&next[u >> 5], bit);
            atomicAdd(nf, 1);
            atomicAdd(fe, (unsigned long long)(rp[u + 1] - rp[u]));
        }
    }
}
__global__ void bottom_up(const int* rpin, const int* ciin, const int* rp, const unsigned* front, unsigned* next, const unsigned* visited, int* level, int lvl, int* nf, unsigned long long* fe) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV || (visited[v >> 5] >> (v & 31) & 1)) return;
    for (int e = rpin[v]; e < rpin[v + 1]; e++) {
        int u = ciin[e];
        if (front[u >> 5] >> (u & 31) & 1) {
            level[v] = lvl + 1;
            atomicOr(&next[v >> 5], 1u << (v & 31));
            atomicAdd(nf, 1);
            atomicAdd(fe, (unsigned long long)(rp[v + 1] - rp[v]));
            break;
        }
    }
}
__global__ void merge_visited(unsigned* visited, const unsigned* next, int words) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < words) visited[i] |= next[i];
}
int main() {
    std::vector<std::vector<int>> out(NV), in(NV);
    for (int v = 0; v < NV; v++) {
        int d = (v % 100 == 0) ? 200 : 2 + lcg() % 10;
        for (int k = 0; k < d; k++) { int u = (k == 0) ? (v + 1) % NV : (int)(lcg() % NV); out[v].push_back(u); in[u].push_back(v); }
    }
    std::vector<int> rp(NV + 1), ci, rpin(NV + 1), ciin;
    for (int v = 0; v < NV; v++) { rp[v] = ci.size(); for (int u : out[v]) ci.push_back(u); rpin[v] = ciin.size(); for (int u : in[v]) ciin.push_back(u); }
    rp[NV] = ci.size(); rpin[NV] = ciin.size();
    int ne = ci.size(), words = (NV + 31) / 32;
    std::vector<int> rl(NV, -1); rl[0] = 0;
    std::vector<int> q = {0};
    for (size_t h = 0; h < q.size(); h++) for (int u : out[q[h]]) if (rl[u] < 0) { rl[u] = rl[q[h]] + 1; q.push_back(u); }
    int *drp, *dci, *drpin, *dciin, *dlevel, *dnf; unsigned *dfront, *dnext, *dvis; unsigned long long* dfe;
    CK(cudaMalloc(&drp, (NV + 1) * 4)); CK(cudaMalloc(&dci, ne * 4)); CK(cudaMalloc(&drpin, (NV + 1) * 4)); CK(cudaMalloc(&dciin, ne * 4));
    CK(cudaMalloc(&dlevel, NV * 4)); CK(cudaMalloc(&dnf, 4)); CK(cudaMalloc(&dfront, words * 4)); CK(cudaMalloc(&dnext, words * 4)); CK(cudaMalloc(&dvis, words * 4)); CK(cudaMalloc(&dfe, 8));
    CK(cudaMemcpy(drp, rp.data(), (NV + 1) * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dci, ci.data(), ne * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(drpin, rpin.data(), (NV + 1) * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dciin, ciin.data(), ne * 4, cudaMemcpyHostToDevice));
    std::vector<int> lev(NV, -1); lev[0] = 0;
    CK(cudaMemcpy(dlevel, lev.data(), NV * 4, cudaMemcpyHostToDevice));
    std::vector<unsigned> f(words, 0); f[0] = 1;
    CK(cudaMemcpy(dfront, f.data(), words * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dvis, f.data(), words * 4, cudaMemcpyHostToDevice));
    long long nf = 1, mf = rp[1] - rp[0], mu = ne, visitedCount = 1;
    bool bottom = false;
    int lvl = 0;
    while (nf > 0) {
        // Beamer's switch: to bottom-up when the frontier's edges exceed the unexplored edges / alpha,
        // back to top-down when the frontier is below NV / beta and shrinking
        if (!bottom && mf > mu / 14) bottom = true;
        else if (bottom && nf < NV / 24) bottom = false;
        CK(cudaMemset(dnext, 0, words * 4)); CK(cudaMemset(dnf, 0, 4)); CK(cudaMemset(dfe, 0, 8));
        if (bottom) bottom_up<<<(NV + 255) / 256, 256>>>(drpin, dciin, drp, dfront, dnext, dvis, dlevel, lvl, dnf, dfe);
        else top_down<<<(NV + 255) / 256, 256>>>(drp, dci, dfront, dnext, dvis, dlevel, lvl, dnf, dfe);
        merge_visited<<<(words + 255) / 256, 256>>>(dvis, dnext, words);
        int n; unsigned long long e;
        CK(cudaMemcpy(&n, dnf, 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&e, dfe, 8, cudaMemcpyDeviceToHost));
        printf("level %d %s frontier=%lld next=%d\n", lvl, bottom ? "bottom-up" : "top-down ", nf, n);
        mu -= mf; nf = n; mf = e; visitedCount += n;
        std::swap(dfront, dnext);
        lvl++;
    }
    CK(cudaMemcpy(lev.data(), dlevel, NV * 4, cudaMemcpyDeviceToHost));
    long long s = 0; for (int l : lev) s += l;
    printf("bfs-hybrid NV=%d NE=%d levels=%d visited=%lld levelsum=%lld match=%s\n", NV, ne, lvl, visitedCount, s, lev == rl ? "yes" : "no");
    return 0;
}
