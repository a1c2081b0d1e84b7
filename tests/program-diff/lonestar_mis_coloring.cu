// flags: -O3
// Lonestar/Gunrock-style Luby maximal independent set and Jones-Plassmann graph colouring,
// topology-driven: every round a kernel over all vertices compares hashed priorities with the
// undecided (MIS) or uncoloured (JP) neighbours; a vertex whose priority beats all of them joins
// the set (its neighbours are removed by a second kernel) or takes the smallest colour unused by
// its coloured neighbours (a 64-bit mask in registers). Rounds are synchronous, so the results
// are unique: compared with the same rounds run serially; set size, colour count and a checksum.
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
#define NV 6000
__host__ __device__ inline unsigned hashp(unsigned v) { v ^= v >> 16; v *= 0x7feb352d; v ^= v >> 15; v *= 0x846ca68b; v ^= v >> 16; return v; }
__host__ __device__ inline bool beats(int v, int u) { unsigned a = hashp(v), b = hashp(u); return a > b || (a == b && v > u); }
// state: 0 undecided, 1 in set, 2 removed
__global__ void mis_select(const int* rp, const int* ci, const int* state, int* next) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV) return;
    int s = state[v];
    if (s == 0) {
        bool best = true;
        for (int e = rp[v]; e < rp[v + 1] && best; e++) { int u = ci[e]; if (state[u] == 0 && beats(u, v)) best = false; }
        if (best) s = 1;
    }
    next[v] = s;
}
__global__ void mis_remove(const int* rp, const int* ci, int* state, const int* next, int* undecided) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV) return;
    int s = next[v];
    if (s == 0) {
        for (int e = rp[v]; e < rp[v + 1]; e++) if (next[ci[e]] == 1) { s = 2; break; }
        if (s == 0) atomicAdd(undecided, 1);
    }
    state[v] = s;
}
__global__ void jp_color(const int* rp, const int* ci, const int* color, int* ncolor, int* left) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= NV) return;
    int c = color[v];
    if (c < 0) {
        bool best = true; unsigned long long used = 0;
        for (int e = rp[v]; e < rp[v + 1]; e++) {
            int u = ci[e], cu = color[u];
            if (cu < 0 && beats(u, v)) { best = false; break; }
            if (cu >= 0 && cu < 64) used |= 1ull << cu;
        }
        if (best) c = __ffsll(~used) - 1;
        else atomicAdd(left, 1);
    }
    ncolor[v] = c;
}
int main() {
    std::vector<std::vector<int>> adj(NV);
    for (int v = 0; v < NV; v++) for (int k = 0; k < 3; k++) { int u = (k == 0) ? (v + 1) % NV : (int)(lcg() % NV); if (u != v) { adj[v].push_back(u); adj[u].push_back(v); } }
    std::vector<int> rp(NV + 1), ci;
    for (int v = 0; v < NV; v++) { std::sort(adj[v].begin(), adj[v].end()); adj[v].erase(std::unique(adj[v].begin(), adj[v].end()), adj[v].end()); rp[v] = ci.size(); for (int u : adj[v]) ci.push_back(u); }
    rp[NV] = ci.size();
    int ne = ci.size();
    int *drp, *dci, *dst, *dnx, *dcnt;
    CK(cudaMalloc(&drp, (NV + 1) * 4)); CK(cudaMalloc(&dci, ne * 4)); CK(cudaMalloc(&dst, NV * 4)); CK(cudaMalloc(&dnx, NV * 4)); CK(cudaMalloc(&dcnt, 4));
    CK(cudaMemcpy(drp, rp.data(), (NV + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dci, ci.data(), ne * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(dst, 0, NV * 4));
    int und = 1, rounds = 0;
    while (und) {
        CK(cudaMemset(dcnt, 0, 4));
        mis_select<<<(NV + 255) / 256, 256>>>(drp, dci, dst, dnx);
        mis_remove<<<(NV + 255) / 256, 256>>>(drp, dci, dst, dnx, dcnt);
        CK(cudaMemcpy(&und, dcnt, 4, cudaMemcpyDeviceToHost));
        rounds++;
    }
    std::vector<int> st(NV);
    CK(cudaMemcpy(st.data(), dst, NV * 4, cudaMemcpyDeviceToHost));
    // serial rounds
    std::vector<int> rs(NV, 0), rn(NV);
    for (bool any = true; any;) {
        for (int v = 0; v < NV; v++) { int s = rs[v]; if (s == 0) { bool b = true; for (int u : adj[v]) if (rs[u] == 0 && beats(u, v)) b = false; if (b) s = 1; } rn[v] = s; }
        any = false;
        for (int v = 0; v < NV; v++) { int s = rn[v]; if (s == 0) { for (int u : adj[v]) if (rn[u] == 1) s = 2; if (s == 0) any = true; } rs[v] = s; }
    }
    int inset = 0, indep = 1, maximal = 1;
    for (int v = 0; v < NV; v++) if (st[v] == 1) { inset++; for (int u : adj[v]) if (st[u] == 1) indep = 0; } else { bool cov = false; for (int u : adj[v]) cov |= st[u] == 1; if (!cov) maximal = 0; }
    printf("mis NV=%d NE=%d rounds=%d size=%d independent=%d maximal=%d match=%s\n", NV, ne, rounds, inset, indep, maximal, st == rs ? "yes" : "no");
    std::vector<int> col(NV, -1);
    CK(cudaMemcpy(dst, col.data(), NV * 4, cudaMemcpyHostToDevice));
    int left = 1; rounds = 0;
    while (left) {
        CK(cudaMemset(dcnt, 0, 4));
        jp_color<<<(NV + 255) / 256, 256>>>(drp, dci, dst, dnx, dcnt);
        CK(cudaMemcpy(&left, dcnt, 4, cudaMemcpyDeviceToHost));
        std::swap(dst, dnx);
        rounds++;
    }
    CK(cudaMemcpy(col.data(), dst, NV * 4, cudaMemcpyDeviceToHost));
    std::vector<int> rc(NV, -1), rc2(NV);
    for (bool any = true; any;) {
        any = false;
        for (int v = 0; v < NV; v++) {
            int c = rc[v];
            if (c < 0) { bool b = true; unsigned long long used = 0; for (int u : adj[v]) { if (rc[u] < 0 && beats(u, v)) { b = false; break; } if (rc[u] >= 0) used |= 1ull << rc[u]; } if (b) { c = 0; while (used >> c & 1) c++; } else any = true; }
            rc2[v] = c;
        }
        rc = rc2;
    }
    int ncol = 0, proper = 1; long long cs = 0;
    for (int v = 0; v < NV; v++) { ncol = std::max(ncol, col[v] + 1); cs += (long long)col[v] * (v % 97); for (int u : adj[v]) if (col[u] == col[v]) proper = 0; }
    printf("coloring rounds=%d colors=%d proper=%d checksum=%lld match=%s\n", rounds, ncol, proper, cs, col == rc ? "yes" : "no");
    return 0;
}
