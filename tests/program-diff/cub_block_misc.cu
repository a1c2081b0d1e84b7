// flags: -O3 -std=c++17 -arch=sm_80
// Block-level CUB: BlockHistogram (sort and atomic), BlockDiscontinuity heads and tails,
// BlockExchange (striped↔blocked, scatter), BlockAdjacentDifference, BlockScan with a running
// prefix callback over many tiles, BlockReduce with each algorithm and a partial tile.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-40s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }

constexpr int T = 128, IPT = 4, TILE = T * IPT, BINS = 64;

template <cub::BlockHistogramAlgorithm A>
__global__ void histo(const unsigned char *in, unsigned *out) {
    using H = cub::BlockHistogram<unsigned char, T, IPT, BINS, A>;
    __shared__ typename H::TempStorage ts;
    __shared__ unsigned bins[BINS];
    unsigned char items[IPT];
    for (int i = 0; i < IPT; i++) items[i] = in[blockIdx.x * TILE + threadIdx.x * IPT + i] % BINS;
    H(ts).Histogram(items, bins);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += T) out[blockIdx.x * BINS + b] = bins[b];
}

struct NotEqual { __device__ bool operator()(int a, int b) const { return a != b; } };
__global__ void discont(const int *in, int *heads, int *tails, int *both_h, int *both_t) {
    using D = cub::BlockDiscontinuity<int, T>;
    __shared__ typename D::TempStorage ts;
    int items[IPT], h[IPT], t[IPT];
    int base = blockIdx.x * TILE;
    for (int i = 0; i < IPT; i++) items[i] = in[base + threadIdx.x * IPT + i];
    // the tile's predecessor and successor come from the neighbouring tiles
    int pred = blockIdx.x ? in[base - 1] : -1, succ = in[base + TILE];
    D(ts).FlagHeads(h, items, NotEqual{}, pred);
    __syncthreads();
    D(ts).FlagTails(t, items, NotEqual{});
    for (int i = 0; i < IPT; i++) { heads[base + threadIdx.x * IPT + i] = h[i]; tails[base + threadIdx.x * IPT + i] = t[i]; }
    __syncthreads();
    D(ts).FlagHeadsAndTails(h, t, succ, items, NotEqual{});
    for (int i = 0; i < IPT; i++) { both_h[base + threadIdx.x * IPT + i] = h[i]; both_t[base + threadIdx.x * IPT + i] = t[i]; }
}

__global__ void exchange(const int *in, int *out_blocked, int *out_scatter) {
    using E = cub::BlockExchange<int, T, IPT>;
    __shared__ typename E::TempStorage ts;
    int items[IPT], ranks[IPT];
    for (int i = 0; i < IPT; i++) items[i] = in[i * T + threadIdx.x];  // striped
    E(ts).StripedToBlocked(items, items);
    for (int i = 0; i < IPT; i++) out_blocked[threadIdx.x * IPT + i] = items[i];
    __syncthreads();
    // scatter: rank = reversed position
    for (int i = 0; i < IPT; i++) ranks[i] = TILE - 1 - (threadIdx.x * IPT + i);
    E(ts).ScatterToStriped(items, ranks);
    for (int i = 0; i < IPT; i++) out_scatter[i * T + threadIdx.x] = items[i];
}

struct Diff { __device__ int operator()(int a, int b) const { return a - b; } };
__global__ void adjdiff(const int *in, int *left, int *right, int n) {
    using A = cub::BlockAdjacentDifference<int, T>;
    __shared__ typename A::TempStorage ts;
    int items[IPT], out[IPT];
    for (int i = 0; i < IPT; i++) { int j = threadIdx.x * IPT + i; items[i] = j < n ? in[j] : 0; }
    A(ts).SubtractLeft(items, out, Diff{});
    for (int i = 0; i < IPT; i++) left[threadIdx.x * IPT + i] = out[i];
    __syncthreads();
    A(ts).SubtractRightPartialTile(items, out, Diff{}, n);
    for (int i = 0; i < IPT; i++) { int j = threadIdx.x * IPT + i; if (j < n) right[j] = out[i]; }
}

struct Prefix {
    long long running;
    __device__ long long operator()(long long tile_total) { long long old = running; running += tile_total; return old; }
};
__global__ void scan_tiles(const int *in, long long *out, int tiles) {
    using S = cub::BlockScan<long long, T, cub::BLOCK_SCAN_RAKING_MEMOIZE>;
    __shared__ typename S::TempStorage ts;
    Prefix p{1000};
    for (int t = 0; t < tiles; t++) {
        long long items[IPT];
        for (int i = 0; i < IPT; i++) items[i] = in[t * TILE + threadIdx.x * IPT + i];
        S(ts).ExclusiveSum(items, items, p);
        __syncthreads();
        for (int i = 0; i < IPT; i++) out[t * TILE + threadIdx.x * IPT + i] = items[i];
    }
}

template <cub::BlockReduceAlgorithm A>
__global__ void reduce(const int *in, int *out, int valid) {
    using R = cub::BlockReduce<int, 16, A, 6, 2>;  // 16x6x2 = 192 threads
    __shared__ typename R::TempStorage ts;
    int t = (threadIdx.z * 6 + threadIdx.y) * 16 + threadIdx.x;
    int v = t < valid ? in[t] : 0;
    int s = R(ts).Sum(v, valid);
    __syncthreads();
    int m = R(ts).Reduce(v, cuda::maximum<>{}, valid);
    if (t == 0) { out[0] = s; out[1] = m; }
}

int main() {
    uint32_t s = 31337;
    auto rnd = [&]() { s = s * 1664525u + 1013904223u; return s >> 8; };
    {
        const int B = 5;
        std::vector<unsigned char> in(B * TILE); for (auto &c : in) c = (unsigned char)rnd();
        unsigned char *d; unsigned *o1, *o2;
        CK(cudaMalloc(&d, in.size())); CK(cudaMalloc(&o1, B * BINS * 4)); CK(cudaMalloc(&o2, B * BINS * 4));
        CK(cudaMemcpy(d, in.data(), in.size(), cudaMemcpyHostToDevice));
        histo<cub::BLOCK_HISTO_SORT><<<B, T>>>(d, o1);
        histo<cub::BLOCK_HISTO_ATOMIC><<<B, T>>>(d, o2);
        CK(cudaDeviceSynchronize());
        std::vector<unsigned> g1(B * BINS), g2(B * BINS), r(B * BINS, 0);
        CK(cudaMemcpy(g1.data(), o1, B * BINS * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(g2.data(), o2, B * BINS * 4, cudaMemcpyDeviceToHost));
        for (int i = 0; i < B * TILE; i++) r[(i / TILE) * BINS + in[i] % BINS]++;
        report("BlockHistogram SORT", g1 == r, fnv(g1.data(), g1.size() * 4));
        report("BlockHistogram ATOMIC", g2 == r, fnv(g2.data(), g2.size() * 4));
    }
    {
        const int B = 3, N = B * TILE;
        std::vector<int> in(N + 1); int v = 0; for (int i = 0; i <= N; i++) { if (rnd() % 4 == 0) v++; in[i] = v; }
        int *d, *h, *t, *bh, *bt;
        CK(cudaMalloc(&d, (N + 1) * 4)); CK(cudaMalloc(&h, N * 4)); CK(cudaMalloc(&t, N * 4)); CK(cudaMalloc(&bh, N * 4)); CK(cudaMalloc(&bt, N * 4));
        CK(cudaMemcpy(d, in.data(), (N + 1) * 4, cudaMemcpyHostToDevice));
        discont<<<B, T>>>(d, h, t, bh, bt);
        CK(cudaDeviceSynchronize());
        std::vector<int> gh(N), gt(N), gbh(N), gbt(N);
        CK(cudaMemcpy(gh.data(), h, N * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gt.data(), t, N * 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(gbh.data(), bh, N * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gbt.data(), bt, N * 4, cudaMemcpyDeviceToHost));
        bool ok = true;
        for (int i = 0; i < N; i++) {
            int head = i == 0 ? in[0] != -1 : in[i] != in[i - 1];
            int tail_tile = (i % TILE == TILE - 1) ? 1 : in[i] != in[i + 1];
            int tail_succ = in[i] != in[i + 1];
            ok &= gh[i] == head && gt[i] == tail_tile && gbh[i] == ((i % TILE == 0) ? 1 : head) && gbt[i] == tail_succ;
        }
        report("BlockDiscontinuity heads/tails", ok, fnv(gh.data(), N * 4) ^ fnv(gbt.data(), N * 4));
    }
    {
        std::vector<int> in(TILE); for (int i = 0; i < TILE; i++) in[i] = i * 3 + 1;
        int *d, *ob, *os; CK(cudaMalloc(&d, TILE * 4)); CK(cudaMalloc(&ob, TILE * 4)); CK(cudaMalloc(&os, TILE * 4));
        CK(cudaMemcpy(d, in.data(), TILE * 4, cudaMemcpyHostToDevice));
        exchange<<<1, T>>>(d, ob, os);
        CK(cudaDeviceSynchronize());
        std::vector<int> gb(TILE), gs(TILE);
        CK(cudaMemcpy(gb.data(), ob, TILE * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gs.data(), os, TILE * 4, cudaMemcpyDeviceToHost));
        bool ok1 = gb == in, ok2 = true;
        for (int i = 0; i < TILE; i++) ok2 &= gs[i] == in[TILE - 1 - i];
        report("BlockExchange StripedToBlocked", ok1, fnv(gb.data(), TILE * 4));
        report("BlockExchange ScatterToStriped", ok2, fnv(gs.data(), TILE * 4));
    }
    {
        const int n = TILE - 45;
        std::vector<int> in(n); for (auto &x : in) x = (int)(rnd() % 1000);
        int *d, *l, *r; CK(cudaMalloc(&d, n * 4)); CK(cudaMalloc(&l, TILE * 4)); CK(cudaMalloc(&r, n * 4));
        CK(cudaMemcpy(d, in.data(), n * 4, cudaMemcpyHostToDevice));
        adjdiff<<<1, T>>>(d, l, r, n);
        CK(cudaDeviceSynchronize());
        std::vector<int> gl(TILE), gr(n);
        CK(cudaMemcpy(gl.data(), l, TILE * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gr.data(), r, n * 4, cudaMemcpyDeviceToHost));
        bool ok = true;
        for (int i = 0; i < n; i++) { ok &= gl[i] == (i ? in[i] - in[i - 1] : in[0]); ok &= gr[i] == (i < n - 1 ? in[i] - in[i + 1] : in[i]); }
        report("BlockAdjacentDifference left/right", ok, fnv(gl.data(), n * 4) ^ fnv(gr.data(), n * 4));
    }
    {
        const int tiles = 9, N = tiles * TILE;
        std::vector<int> in(N); for (auto &x : in) x = (int)(rnd() % 100000) - 30000;
        int *d; long long *o; CK(cudaMalloc(&d, N * 4)); CK(cudaMalloc(&o, N * 8));
        CK(cudaMemcpy(d, in.data(), N * 4, cudaMemcpyHostToDevice));
        scan_tiles<<<1, T>>>(d, o, tiles);
        CK(cudaDeviceSynchronize());
        std::vector<long long> g(N); CK(cudaMemcpy(g.data(), o, N * 8, cudaMemcpyDeviceToHost));
        bool ok = true; long long acc = 1000; for (int i = 0; i < N; i++) { ok &= g[i] == acc; acc += in[i]; }
        report("BlockScan prefix callback 9 tiles", ok, fnv(g.data(), N * 8));
        printf("  last=%lld\n", g[N - 1]);
    }
    {
        std::vector<int> in(192); for (auto &x : in) x = (int)(rnd() % 2001) - 1000;
        int *d, *o; CK(cudaMalloc(&d, 192 * 4)); CK(cudaMalloc(&o, 8));
        CK(cudaMemcpy(d, in.data(), 192 * 4, cudaMemcpyHostToDevice));
        const char *names[3] = {"RAKING", "RAKING_COMMUTATIVE_ONLY", "WARP_REDUCTIONS"};
        for (int a = 0; a < 3; a++) for (int valid : {192, 150, 33, 1}) {
            if (a == 0) reduce<cub::BLOCK_REDUCE_RAKING><<<1, dim3(16, 6, 2)>>>(d, o, valid);
            if (a == 1) reduce<cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY><<<1, dim3(16, 6, 2)>>>(d, o, valid);
            if (a == 2) reduce<cub::BLOCK_REDUCE_WARP_REDUCTIONS><<<1, dim3(16, 6, 2)>>>(d, o, valid);
            int g[2]; CK(cudaMemcpy(g, o, 8, cudaMemcpyDeviceToHost));
            int rs = 0, rm = -100000; for (int i = 0; i < valid; i++) { rs += in[i]; rm = std::max(rm, in[i]); }
            char nm[80]; snprintf(nm, sizeof nm, "BlockReduce %s valid=%d", names[a], valid);
            report(nm, g[0] == rs && g[1] == rm, (uint64_t)(uint32_t)g[0] << 32 | (uint32_t)g[1]);
        }
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
