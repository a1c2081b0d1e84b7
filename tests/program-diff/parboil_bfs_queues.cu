// flags: -O3 -arch=sm_80
// Parboil-style BFS with hierarchical queues: each level's kernel reads the current frontier,
// relaxes each neighbour's cost with atomicMin, and a vertex that improves is put on a per-block
// shared-memory queue (atomicAdd on a shared tail), which, when full, overflows to the global
// queue directly; at the end the block reserves a range of the global next-frontier with one
// atomicAdd and copies its shared queue there. The frontier's order depends on timing, so the
// output is the cost array (unique) and per-level frontier sizes (unique): a vertex enters the
// next frontier only once because of a visited flag claimed with atomicExch.
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
#define DEG 6
#define BLOCK 256
#define LQ 160
__global__ void BFS_kernel(const int* q1, int n1, int* q2, int* tail, const int* rowptr, const int* cols, int* cost, int* visited, int level) {
    __shared__ int lq[LQ];
    __shared__ int ltail, gbase;
    if (threadIdx.x == 0) ltail = 0;
    __syncthreads();
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n1) {
        int v = q1[tid];
        for (int e = rowptr[v]; e < rowptr[v + 1]; e++) {
            int u = cols[e];
            if (atomicMin(&cost[u], level + 1) > level + 1 && atomicExch(&visited[u], 1) == 0) {
                int my = atomicAdd(&ltail, 1);
                if (my < LQ) lq[my] = u;
                else { ltail = LQ; int g = atomicAdd(tail, 1); q2[g] = u; }
            }
        }
    }
    __syncthreads();
    if (threadIdx.x == 0) gbase = atomicAdd(tail, ltail);
    __syncthreads();
    for (int i = threadIdx.x; i < ltail; i += blockDim.x) q2[gbase + i] = lq[i];
}
int main() {
    std::vector<int> rowptr(NV + 1), cols;
    for (int v = 0; v < NV; v++) {
        rowptr[v] = cols.size();
        int d = 1 + lcg() % DEG;
        for (int k = 0; k < d; k++) cols.push_back(k == 0 ? (v + 1) % NV : (int)(lcg() % NV));
    }
    rowptr[NV] = cols.size();
    int ne = cols.size();
    // serial BFS from vertex 0
    std::vector<int> rc(NV, 1 << 30); rc[0] = 0;
    std::vector<int> fr = {0}, sizes;
    while (!fr.empty()) {
        sizes.push_back(fr.size());
        std::vector<int> nx;
        for (int v : fr) for (int e = rowptr[v]; e < rowptr[v + 1]; e++) if (rc[cols[e]] > rc[v] + 1) { rc[cols[e]] = rc[v] + 1; nx.push_back(cols[e]); }
        fr = nx;
    }
    int *drp, *dcols, *dcost, *dvis, *dq1, *dq2, *dtail;
    CK(cudaMalloc(&drp, (NV + 1) * 4)); CK(cudaMalloc(&dcols, ne * 4)); CK(cudaMalloc(&dcost, NV * 4));
    CK(cudaMalloc(&dvis, NV * 4)); CK(cudaMalloc(&dq1, NV * 4)); CK(cudaMalloc(&dq2, NV * 4)); CK(cudaMalloc(&dtail, 4));
    CK(cudaMemcpy(drp, rowptr.data(), (NV + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcols, cols.data(), ne * 4, cudaMemcpyHostToDevice));
    std::vector<int> cost(NV, 1 << 30); cost[0] = 0;
    std::vector<int> vis(NV, 0); vis[0] = 1;
    CK(cudaMemcpy(dcost, cost.data(), NV * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dvis, vis.data(), NV * 4, cudaMemcpyHostToDevice));
    int zero = 0; CK(cudaMemcpy(dq1, &zero, 4, cudaMemcpyHostToDevice));
    int n1 = 1, level = 0;
    std::vector<int> gsizes;
    while (n1 > 0) {
        gsizes.push_back(n1);
        CK(cudaMemset(dtail, 0, 4));
        BFS_kernel<<<(n1 + BLOCK - 1) / BLOCK, BLOCK>>>(dq1, n1, dq2, dtail, drp, dcols, dcost, dvis, level);
        CK(cudaMemcpy(&n1, dtail, 4, cudaMemcpyDeviceToHost));
        std::swap(dq1, dq2);
        level++;
    }
    CK(cudaMemcpy(cost.data(), dcost, NV * 4, cudaMemcpyDeviceToHost));
    long long sum = 0; int reached = 0;
    for (int c : cost) if (c < (1 << 30)) { sum += c; reached++; }
    printf("bfs NV=%d NE=%d levels=%d reached=%d costsum=%lld match=%s\n", NV, ne, level, reached, sum, cost == rc && gsizes == sizes ? "yes" : "no");
    printf("frontiers:");
    for (int s : gsizes) printf(" %d", s);
    printf("\n");
    return 0;
}
