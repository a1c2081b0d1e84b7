// PageRank in one cooperative kernel: grid-wide synchronization (cg::this_grid().sync())
// between the gather and the update phases of 30 iterations, ranks in 32.32 fixed point so
// the sums are exact integers (atomicAdd of unsigned long long, independent of order), the
// dangling mass collected with a block reduction and one atomic per block, the grid sized by
// cudaOccupancyMaxActiveBlocksPerMultiprocessor as a program must; compared with the host.
#include <cstdio>
#include <vector>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

constexpr unsigned long long ONE = 1ull << 32;

__global__ void pagerank(int n, const int* __restrict__ rowptr, const int* __restrict__ col, const int* __restrict__ outdeg,
                         unsigned long long* rank, unsigned long long* next, unsigned long long* dangling, int iters) {
    cg::grid_group grid = cg::this_grid();
    __shared__ unsigned long long part[8];
    for (int it = 0; it < iters; ++it) {
        // phase 1: dangling mass and clearing next
        unsigned long long d = 0;
        for (int v = grid.thread_rank(); v < n; v += grid.size()) { if (outdeg[v] == 0) d += rank[v]; next[v] = 0; }
        for (int o = 16; o; o >>= 1) d += __shfl_down_sync(0xffffffffu, d, o);
        if ((threadIdx.x & 31) == 0) part[threadIdx.x >> 5] = d;
        __syncthreads();
        if (threadIdx.x == 0) { unsigned long long t = 0; for (int w = 0; w < blockDim.x / 32; ++w) t += part[w]; atomicAdd(&dangling[it], t); }
        grid.sync();
        // phase 2: push each vertex's share along its out-edges (85% damping, truncated shares)
        for (int v = grid.thread_rank(); v < n; v += grid.size()) {
            if (outdeg[v] == 0) continue;
            unsigned long long share = rank[v] / 100 * 85 / outdeg[v];
            for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) atomicAdd(&next[col[e]], share);
        }
        grid.sync();
        // phase 3: teleport and dangling redistribution
        unsigned long long base = (ONE / 100 * 15 + dangling[it] / 100 * 85) / n;
        for (int v = grid.thread_rank(); v < n; v += grid.size()) rank[v] = next[v] + base;
        grid.sync();
    }
}

int main() {
    const int n = 5000;
    std::vector<std::vector<int>> out(n);
    unsigned s = 99991;
    for (int v = 0; v < n; ++v) {
        int deg = v % 11 == 0 ? 0 : 1 + (v * 7) % 9;
        for (int k = 0; k < deg; ++k) { s = s * 1664525u + 1013904223u; int w = (int)((s >> 8) % n); if (w % 4 == 0) w = w / 4; out[v].push_back(w); }
    }
    std::vector<int> rowptr(n + 1, 0), col, deg(n);
    for (int v = 0; v < n; ++v) { rowptr[v + 1] = rowptr[v] + (int)out[v].size(); deg[v] = (int)out[v].size(); for (int w : out[v]) col.push_back(w); }
    const int iters = 30;
    int *drp, *dcol, *ddeg; unsigned long long *dr, *dn, *dd;
    cudaMalloc(&drp, (n + 1) * 4); cudaMalloc(&dcol, col.size() * 4); cudaMalloc(&ddeg, n * 4);
    cudaMalloc(&dr, n * 8); cudaMalloc(&dn, n * 8); cudaMalloc(&dd, iters * 8);
    cudaMemcpy(drp, rowptr.data(), (n + 1) * 4, cudaMemcpyHostToDevice); cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(ddeg, deg.data(), n * 4, cudaMemcpyHostToDevice);
    std::vector<unsigned long long> r(n, ONE / n);
    cudaMemcpy(dr, r.data(), n * 8, cudaMemcpyHostToDevice);
    cudaMemset(dd, 0, iters * 8);
    int per_sm = 0, sms = 0, threads = 256;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, pagerank, threads, 0);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    int blocks = per_sm * sms < 12 ? per_sm * sms : 12;   // any co-resident grid gives the same result
    int nn = n, it = iters;
    void* args[] = {&nn, &drp, &dcol, &ddeg, &dr, &dn, &dd, &it};
    cudaError_t e = cudaLaunchCooperativeKernel((void*)pagerank, blocks, threads, args, 0, 0);
    cudaError_t e2 = cudaDeviceSynchronize();
    std::vector<unsigned long long> got(n);
    cudaMemcpy(got.data(), dr, n * 8, cudaMemcpyDeviceToHost);
    // host reference
    std::vector<unsigned long long> nx(n);
    for (int k = 0; k < iters; ++k) {
        unsigned long long d = 0;
        for (int v = 0; v < n; ++v) if (!deg[v]) d += r[v];
        std::fill(nx.begin(), nx.end(), 0);
        for (int v = 0; v < n; ++v) if (deg[v]) { unsigned long long sh = r[v] / 100 * 85 / deg[v]; for (int w : out[v]) nx[w] += sh; }
        unsigned long long base = (ONE / 100 * 15 + d / 100 * 85) / n;
        for (int v = 0; v < n; ++v) r[v] = nx[v] + base;
    }
    int bad = 0, top = 0; unsigned long long total = 0;
    for (int v = 0; v < n; ++v) { bad += got[v] != r[v]; total += got[v]; if (got[v] > got[top]) top = v; }
    printf("launch %s sync %s blocks>0 %d: top vertex %d rank %.9f total %.9f mismatches %d\n", cudaGetErrorName(e), cudaGetErrorName(e2), blocks > 0, top,
           (double)got[top] / ONE, (double)total / ONE, bad);
    return 0;
}
