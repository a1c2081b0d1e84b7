// flags: -O3
// Shiloach-Vishkin-style connected components (as Gunrock's CC): alternating hooking kernels
// (a thread per edge: the larger of two parents is hooked under the smaller, parent[max] = min,
// a plain racy store as the original; iteration until no change) and pointer jumping
// (parent[v] = parent[parent[v]] until every vertex points at a root). The final labels are the
// smallest vertex id of each component, unique whatever the order; a flag set by any changing
// thread (a volatile store) ends the loop.
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
#define NV 40000
#define NE 30000
__global__ void hook(const int2* edges, int ne, int* parent, int* changed, int odd) {
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    if (e >= ne) return;
    int2 ed = edges[e];
    int pu = parent[ed.x], pv = parent[ed.y];
    if (pu == pv) return;
    int hi = max(pu, pv), lo = min(pu, pv);
    // hooking only roots keeps the forest a forest
    if (parent[hi] == hi) { parent[hi] = lo; *(volatile int*)changed = 1; }
}
__global__ void jump(int* parent, int n, int* changed) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n) return;
    int p = parent[v], gp = parent[p];
    if (p != gp) { parent[v] = gp; *(volatile int*)changed = 1; }
}
int find(std::vector<int>& p, int x) { while (p[x] != x) x = p[x] = p[p[x]]; return x; }
int main() {
    std::vector<int2> ed(NE);
    for (int i = 0; i < NE; i++) { ed[i].x = lcg() % NV; ed[i].y = (i % 3 == 0) ? (ed[i].x + 1) % NV : (int)(lcg() % NV); }
    std::vector<int> rp(NV);
    for (int v = 0; v < NV; v++) rp[v] = v;
    for (auto e : ed) { int a = find(rp, e.x), b = find(rp, e.y); if (a != b) rp[std::max(a, b)] = std::min(a, b); }
    for (int v = 0; v < NV; v++) rp[v] = find(rp, v);
    int2* de; int *dp, *dc;
    CK(cudaMalloc(&de, NE * sizeof(int2))); CK(cudaMalloc(&dp, NV * 4)); CK(cudaMalloc(&dc, 4));
    CK(cudaMemcpy(de, ed.data(), NE * sizeof(int2), cudaMemcpyHostToDevice));
    std::vector<int> p(NV);
    for (int v = 0; v < NV; v++) p[v] = v;
    CK(cudaMemcpy(dp, p.data(), NV * 4, cudaMemcpyHostToDevice));
    int* dj; CK(cudaMalloc(&dj, 4));
    int changed = 1, iters = 0, jumps = 0;
    while (changed && iters < 1000) {
        CK(cudaMemset(dc, 0, 4));
        hook<<<(NE + 255) / 256, 256>>>(de, NE, dp, dc, iters & 1);
        CK(cudaMemcpy(&changed, dc, 4, cudaMemcpyDeviceToHost));
        int jc = 1;
        while (jc) {
            CK(cudaMemset(dj, 0, 4));
            jump<<<(NV + 255) / 256, 256>>>(dp, NV, dj);
            CK(cudaMemcpy(&jc, dj, 4, cudaMemcpyDeviceToHost));
            jumps++;
        }
        iters++;
    }
    CK(cudaMemcpy(p.data(), dp, NV * 4, cudaMemcpyDeviceToHost));
    int comps = 0; long long s = 0;
    for (int v = 0; v < NV; v++) { if (p[v] == v) comps++; s += p[v]; }
    printf("cc NV=%d NE=%d components=%d labelsum=%lld match=%s converged=%s\n", NV, NE, comps, s, p == rp ? "yes" : "no", changed == 0 ? "yes" : "no");
    return 0;
}
