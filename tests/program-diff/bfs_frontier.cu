// Breadth-first search on a CSR graph with frontier queues: each level's kernel walks the
// current frontier, claims unvisited vertices with atomicCAS on their level, and appends them to
// the next frontier with a warp-aggregated atomicAdd on the queue tail (__ballot_sync/__popc
// leader). Levels and the parent check do not depend on the order; frontier sizes are printed.
#include <cstdio>
#include <vector>
#include <queue>
#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void expand(const int* __restrict__ rowptr, const int* __restrict__ col, int* level,
                       const int* __restrict__ frontier, int fsize, int* next, int* next_size, int depth) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31;
    // every lane of the warp takes part in the loop so the ballot sees the whole warp
    int v = i < fsize ? frontier[i] : -1;
    int beg = v >= 0 ? rowptr[v] : 0, end = v >= 0 ? rowptr[v + 1] : 0;
    int maxdeg = end - beg;
    for (int off = 16; off; off >>= 1) maxdeg = max(maxdeg, __shfl_xor_sync(0xffffffffu, maxdeg, off));
    for (int e = 0; e < maxdeg; ++e) {
        int u = -1;
        if (beg + e < end) {
            int w = col[beg + e];
            if (atomicCAS(&level[w], -1, depth + 1) == -1) u = w;
        }
        unsigned m = __ballot_sync(0xffffffffu, u >= 0);
        if (!m) continue;
        int leader = __ffs(m) - 1, base = 0;
        if ((int)lane == leader) base = atomicAdd(next_size, __popc(m));
        base = __shfl_sync(0xffffffffu, base, leader);
        if (u >= 0) next[base + __popc(m & ((1u << lane) - 1))] = u;
    }
}

int main() {
    const int n = 20000;
    std::vector<std::vector<int>> adj(n);
    unsigned s = 7;
    auto rnd = [&]() { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; };
    for (int v = 1; v < n; ++v) { int p = rnd() % v; adj[v].push_back(p); adj[p].push_back(v); }
    for (int k = 0; k < 15000; ++k) { int a = rnd() % n, b = rnd() % n; if (a != b) { adj[a].push_back(b); adj[b].push_back(a); } }
    // a disconnected island
    std::vector<int> rowptr(n + 3, 0), col;
    for (int v = 0; v < n; ++v) { rowptr[v + 1] = rowptr[v] + (int)adj[v].size(); col.insert(col.end(), adj[v].begin(), adj[v].end()); }
    int N = n + 2; rowptr[n + 1] = rowptr[n] + 1; rowptr[n + 2] = rowptr[n + 1] + 1; col.push_back(n + 1); col.push_back(n);
    int *drow, *dcol, *dlev, *dq[2], *dsize;
    CK(cudaMalloc(&drow, (N + 1) * 4)); CK(cudaMalloc(&dcol, col.size() * 4)); CK(cudaMalloc(&dlev, N * 4));
    CK(cudaMalloc(&dq[0], N * 4)); CK(cudaMalloc(&dq[1], N * 4)); CK(cudaMalloc(&dsize, 4));
    CK(cudaMemcpy(drow, rowptr.data(), (N + 1) * 4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(dcol, col.data(), col.size() * 4, cudaMemcpyHostToDevice));
    for (int src : {0, 12345}) {
        CK(cudaMemset(dlev, 0xff, N * 4));
        int zero = 0;
        CK(cudaMemcpy(dlev + src, &zero, 4, cudaMemcpyHostToDevice));
        CK(cudaMemcpy(dq[0], &src, 4, cudaMemcpyHostToDevice));
        int fsize = 1, depth = 0, cur = 0;
        printf("bfs from %d frontier sizes:", src);
        while (fsize) {
            CK(cudaMemset(dsize, 0, 4));
            int threads = depth % 2 ? 128 : 992;
            expand<<<(fsize + threads - 1) / threads, threads>>>(drow, dcol, dlev, dq[cur], fsize, dq[cur ^ 1], dsize, depth);
            CK(cudaGetLastError());
            CK(cudaMemcpy(&fsize, dsize, 4, cudaMemcpyDeviceToHost));
            printf(" %d", fsize);
            cur ^= 1; depth++;
        }
        printf("\n");
        std::vector<int> lev(N);
        CK(cudaMemcpy(lev.data(), dlev, N * 4, cudaMemcpyDeviceToHost));
        std::vector<int> ref(N, -1); std::queue<int> q; ref[src] = 0; q.push(src);
        while (!q.empty()) { int v = q.front(); q.pop(); for (int e = rowptr[v]; e < rowptr[v + 1]; ++e) if (ref[col[e]] < 0) { ref[col[e]] = ref[v] + 1; q.push(col[e]); } }
        long long sum = 0; int bad = 0, unreached = 0, maxl = 0;
        for (int v = 0; v < N; ++v) { sum += lev[v] * (long long)(v + 1); bad += lev[v] != ref[v]; unreached += lev[v] < 0; maxl = lev[v] > maxl ? lev[v] : maxl; }
        printf("levels checksum %lld max %d unreached %d mismatches %d\n", sum, maxl, unreached, bad);
    }
    return 0;
}
