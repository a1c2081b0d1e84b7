// flags: -O3 -use_fast_math
// Gunrock/Lonestar-style pull PageRank in float: a thread per vertex gathers rank/outdegree over
// its in-edges (CSR of the transpose) in a fixed order, so each iteration's ranks are
// deterministic; the damping 0.85 and teleport (1-d)/N; a warp-shuffle + atomicAdd residual
// reduction decides convergence (its order varies, only compared with a threshold). Ranks
// compared with the host (same order) within 1e-4; the top vertices printed; bits hashed (the
// divisions are div.approx.ftz.f32, which ptxas contracts with the sums: MUFU.RCP, FFMA.FTZ).
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
#define NV 8000
__global__ void pr_pull(const int* rp, const int* src, const int* outdeg, const float* rank, float* nrank, float* resid) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    float d = 0;
    if (v < NV) {
        float s = 0;
        for (int e = rp[v]; e < rp[v + 1]; e++) s += rank[src[e]] / outdeg[src[e]];
        float r = (1.0f - 0.85f) / NV + 0.85f * s;
        d = fabsf(r - rank[v]);
        nrank[v] = r;
    }
    for (int o = 16; o; o >>= 1) d += __shfl_xor_sync(0xffffffff, d, o);
    if ((threadIdx.x & 31) == 0) atomicAdd(resid, d);
}
int main() {
    std::vector<std::vector<int>> in(NV);
    std::vector<int> outdeg(NV, 0);
    for (int v = 0; v < NV; v++) {
        int d = 1 + lcg() % 6;
        for (int k = 0; k < d; k++) { int u = (k == 0) ? (v + 1) % NV : (int)((lcg() % NV) * (k % 2 ? 1 : 0) + (k % 2 ? 0 : (v / 2))); in[u].push_back(v); outdeg[v]++; }
    }
    std::vector<int> rp(NV + 1), src;
    for (int v = 0; v < NV; v++) { rp[v] = src.size(); for (int s : in[v]) src.push_back(s); }
    rp[NV] = src.size();
    int ne = src.size();
    std::vector<float> r(NV, 1.0f / NV), nr(NV);
    int *drp, *dsrc, *dod; float *dr, *dnr, *dres;
    CK(cudaMalloc(&drp, (NV + 1) * 4)); CK(cudaMalloc(&dsrc, ne * 4)); CK(cudaMalloc(&dod, NV * 4));
    CK(cudaMalloc(&dr, NV * 4)); CK(cudaMalloc(&dnr, NV * 4)); CK(cudaMalloc(&dres, 4));
    CK(cudaMemcpy(drp, rp.data(), (NV + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dsrc, src.data(), ne * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dod, outdeg.data(), NV * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dr, r.data(), NV * 4, cudaMemcpyHostToDevice));
    int it = 0; float res = 1;
    while (res > 1e-6f && it < 100) {
        CK(cudaMemset(dres, 0, 4));
        pr_pull<<<(NV + 255) / 256, 256>>>(drp, dsrc, dod, dr, dnr, dres);
        CK(cudaMemcpy(&res, dres, 4, cudaMemcpyDeviceToHost));
        std::swap(dr, dnr);
        it++;
    }
    for (int i = 0; i < it; i++) {
        for (int v = 0; v < NV; v++) { float s = 0; for (int e = rp[v]; e < rp[v + 1]; e++) s += r[src[e]] / outdeg[src[e]]; nr[v] = (1.0f - 0.85f) / NV + 0.85f * s; }
        std::swap(r, nr);
    }
    std::vector<float> g(NV);
    CK(cudaMemcpy(g.data(), dr, NV * 4, cudaMemcpyDeviceToHost));
    double sum = 0; for (float x : g) sum += x;
    std::vector<int> idx(NV); for (int i = 0; i < NV; i++) idx[i] = i;
    std::partial_sort(idx.begin(), idx.begin() + 5, idx.end(), [&](int a, int b) { return r[a] > r[b] || (r[a] == r[b] && a < b); });
    printf("pagerank NV=%d NE=%d iterations=%d (converged %s) sum=%.5f check=%s\n", NV, ne, it, res <= 1e-6f ? "yes" : "no", sum, max_rel(g.data(), r.data(), NV, 1e-6) < 1e-4 ? "ok" : "FAIL");
    printf("top:"); for (int i = 0; i < 5; i++) printf(" %d:%.6f", idx[i], g[idx[i]]); printf("\n");
    printf("bits=%016llx\n", fnv(g.data(), NV * 4));
    return 0;
}
