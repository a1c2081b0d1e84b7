// flags: -O2 -lineinfo
// Gunrock-style k-core decomposition by peeling: for k = 1, 2, ... a kernel removes every alive
// vertex whose current degree is below k (marking its core number k-1) and decrements its alive
// neighbours' degrees with atomicSub; repeated until no vertex is removed at this k, then k grows.
// The core numbers are unique whatever the order (a property of the peeling); checked against
// the serial peeling; histogram of core numbers printed.
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
#define NV 5000
__global__ void peel(const int* rp, const int* ci, int* deg, int* core, int k, int* removed, int* alive) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV || core[v] >= 0) return;
    atomicAdd(alive, 1);
    if (deg[v] < k) {
        // claim v once: core[v] from -1 to k-1
        if (atomicCAS(&core[v], -1, k - 1) == -1) {
            for (int e = rp[v]; e < rp[v + 1]; e++) { int u = ci[e]; if (atomicAdd(&core[u], 0) < 0) atomicSub(&deg[u], 1); }
            atomicAdd(removed, 1);
        }
    }
}
int main() {
    std::vector<std::vector<int>> adj(NV);
    for (int v = 0; v < NV; v++) {
        int d = (v % 50 == 0) ? 30 : 1 + lcg() % 4;
        for (int k = 0; k < d; k++) { int u = (k == 0) ? (v + 1) % NV : (int)((v + 1 + lcg() % (v % 50 == 0 ? 300 : NV - 1)) % NV); if (u != v) { adj[v].push_back(u); adj[u].push_back(v); } }
    }
    std::vector<int> rp(NV + 1), ci, deg(NV);
    for (int v = 0; v < NV; v++) { std::sort(adj[v].begin(), adj[v].end()); adj[v].erase(std::unique(adj[v].begin(), adj[v].end()), adj[v].end()); rp[v] = ci.size(); for (int u : adj[v]) ci.push_back(u); deg[v] = adj[v].size(); }
    rp[NV] = ci.size();
    int ne = ci.size();
    // serial peeling
    std::vector<int> rd = deg, rc(NV, -1);
    int left = NV;
    for (int k = 1; left > 0; k++)
        for (bool ch = true; ch;) {
            ch = false;
            for (int v = 0; v < NV; v++) if (rc[v] < 0 && rd[v] < k) { rc[v] = k - 1; left--; ch = true; for (int u : adj[v]) if (rc[u] < 0) rd[u]--; }
        }
    int *drp, *dci, *ddeg, *dcore, *drem, *dalive;
    CK(cudaMalloc(&drp, (NV + 1) * 4)); CK(cudaMalloc(&dci, ne * 4)); CK(cudaMalloc(&ddeg, NV * 4)); CK(cudaMalloc(&dcore, NV * 4)); CK(cudaMalloc(&drem, 4)); CK(cudaMalloc(&dalive, 4));
    CK(cudaMemcpy(drp, rp.data(), (NV + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dci, ci.data(), ne * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(ddeg, deg.data(), NV * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dcore, 0xff, NV * 4));
    int alive = NV, k = 1;
    while (alive > 0) {
        int rem = 1;
        while (rem) {
            CK(cudaMemset(drem, 0, 4)); CK(cudaMemset(dalive, 0, 4));
            peel<<<(NV + 127) / 128, 128>>>(drp, dci, ddeg, dcore, k, drem, dalive);
            CK(cudaMemcpy(&rem, drem, 4, cudaMemcpyDeviceToHost));
            CK(cudaMemcpy(&alive, dalive, 4, cudaMemcpyDeviceToHost));
            alive -= rem;
        }
        k++;
    }
    std::vector<int> core(NV);
    CK(cudaMemcpy(core.data(), dcore, NV * 4, cudaMemcpyDeviceToHost));
    int kmax = *std::max_element(core.begin(), core.end());
    printf("kcore NV=%d NE=%d kmax=%d match=%s hist:", NV, ne, kmax, core == rc ? "yes" : "no");
    for (int c = 0; c <= kmax; c++) printf(" %d", (int)std::count(core.begin(), core.end(), c));
    printf("\n");
    return 0;
}
