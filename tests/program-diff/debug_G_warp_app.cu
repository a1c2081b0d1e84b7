// flags: -O0 -G
// A debug build (-G) of warp-level application code, where nvcc keeps every branch and local
// variable: a warp-cooperative top-k (k = 4) per row using __shfl_xor_sync bitonic steps, a
// ballot-based stream filter, __match_any_sync grouping of keys with per-group leaders, and
// __reduce_add_sync / __reduce_max_sync, in blocks of 96 and 160 threads with a divergent tail.
#include <cstdio>
#include <vector>
#include <algorithm>

__device__ int bitonic_warp_sort_desc(int v) {   // the 32 lane values sorted descending across lanes
    unsigned lane = threadIdx.x & 31;
    for (int k = 2; k <= 32; k <<= 1)
        for (int j = k >> 1; j > 0; j >>= 1) {
            int o = __shfl_xor_sync(0xffffffffu, v, j);
            bool up = ((lane & k) == 0);
            bool keep_max = ((lane & j) == 0) == up;
            v = keep_max ? max(v, o) : min(v, o);
        }
    return v;
}

__global__ void topk_rows(const int* __restrict__ m, int cols, int* top) {   // one warp per row
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x & 31;
    const int* row = m + warp * cols;
    int best[4] = {-2147483647 - 1, -2147483647 - 1, -2147483647 - 1, -2147483647 - 1};
    for (int c0 = 0; c0 < cols; c0 += 32) {
        int v = c0 + lane < cols ? row[c0 + lane] : -2147483647 - 1;
        v = bitonic_warp_sort_desc(v);
        // merge the chunk's top 4 (lanes 0..3) into best (every lane keeps the same copy)
        for (int k = 0; k < 4; ++k) {
            int cand = __shfl_sync(0xffffffffu, v, k);
            for (int p = 0; p < 4; ++p) if (cand > best[p]) { int t = best[p]; best[p] = cand; cand = t; }
        }
    }
    if (lane < 4) top[warp * 4 + lane] = best[lane];
}

__global__ void filter_group(const int* __restrict__ in, int n, int* kept, int* nkept, int* group_info) {
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
    bool active = i < n;
    if (!active) return;   // the tail warp continues with fewer lanes
    unsigned mask = __activemask();
    int v = in[i];
    bool keep = (v % 3) != 0;
    unsigned b = __ballot_sync(mask, keep);
    int base = 0;
    int leader = __ffs(b) - 1;
    if (b && lane == leader) base = atomicAdd(nkept, __popc(b));
    base = __shfl_sync(mask, base, leader < 0 ? __ffs(mask) - 1 : leader);
    // (the order of kept values across warps depends on scheduling: the host sorts them)
    if (keep) kept[base + __popc(b & ((1u << lane) - 1))] = v;
    int key = v & 7;
    unsigned same = __match_any_sync(mask, key);
    int gsum = __reduce_add_sync(same, (unsigned)v);
    int gmax = (int)__reduce_max_sync(same, (unsigned)v);
    if (lane == __ffs(same) - 1) group_info[i] = gsum * 1000 + gmax % 1000 + __popc(same) * 50000000;
    else group_info[i] = -1;
}

int main() {
    const int rows = 40, cols = 77;
    std::vector<int> m(rows * cols);
    unsigned s = 31;
    for (auto& v : m) { s = s * 1664525u + 1013904223u; v = (int)(s >> 8) % 100000 - 50000; }
    int *dm, *dt;
    cudaMalloc(&dm, m.size() * 4); cudaMalloc(&dt, rows * 16);
    cudaMemcpy(dm, m.data(), m.size() * 4, cudaMemcpyHostToDevice);
    topk_rows<<<rows * 32 / 160, 160>>>(dm, cols, dt);
    std::vector<int> top(rows * 4);
    cudaMemcpy(top.data(), dt, rows * 16, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int r = 0; r < rows; ++r) {
        std::vector<int> row(m.begin() + r * cols, m.begin() + (r + 1) * cols);
        std::sort(row.rbegin(), row.rend());
        for (int k = 0; k < 4; ++k) bad += row[k] != top[r * 4 + k];
    }
    printf("top-4 of %d rows: row 0 %d %d %d %d, mismatches %d\n", rows, top[0], top[1], top[2], top[3], bad);
    const int n = 1000;
    std::vector<int> in(n);
    for (int i = 0; i < n; ++i) in[i] = (i * 37 + 11) % 1009;
    int *din, *dk, *dn, *dg;
    cudaMalloc(&din, n * 4); cudaMalloc(&dk, n * 4); cudaMalloc(&dn, 4); cudaMalloc(&dg, n * 4);
    cudaMemcpy(din, in.data(), n * 4, cudaMemcpyHostToDevice);
    cudaMemset(dn, 0, 4);
    filter_group<<<(n + 95) / 96, 96>>>(din, n, dk, dn, dg);
    int nk;
    cudaMemcpy(&nk, dn, 4, cudaMemcpyDeviceToHost);
    std::vector<int> kept(nk), g(n);
    cudaMemcpy(kept.data(), dk, nk * 4, cudaMemcpyDeviceToHost); cudaMemcpy(g.data(), dg, n * 4, cudaMemcpyDeviceToHost);
    std::sort(kept.begin(), kept.end());
    std::vector<int> want; for (int v : in) if (v % 3) want.push_back(v);
    std::sort(want.begin(), want.end());
    long long gs = 0; int leaders = 0;
    for (int v : g) if (v >= 0) { gs += v; ++leaders; }
    // host model of the groups: per warp (96-thread blocks: warps of 32), lanes with equal v & 7
    long long gw = 0; int lw = 0;
    for (int w0 = 0; w0 < n; w0 += 32) {
        for (int l = w0; l < std::min(n, w0 + 32); ++l) {
            bool first = true; for (int p = w0; p < l; ++p) if ((in[p] & 7) == (in[l] & 7)) first = false;
            if (!first) continue;
            long long sum = 0; int mx = 0, cnt = 0;
            for (int p = l; p < std::min(n, w0 + 32); ++p) if ((in[p] & 7) == (in[l] & 7)) { sum += in[p]; mx = std::max(mx, in[p]); ++cnt; }
            gw += sum * 1000 + mx % 1000 + cnt * 50000000LL; ++lw;
        }
    }
    printf("filter kept %d (%s), groups %d leaders checksum %lld (host %d / %lld)\n", nk, kept == want ? "ok" : "WRONG", leaders, gs, lw, gw);
    return 0;
}
