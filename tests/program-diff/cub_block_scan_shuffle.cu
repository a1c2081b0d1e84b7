// flags: -O3 -std=c++17 -arch=sm_80
// cub::BlockScan with each algorithm (RAKING, RAKING_MEMOIZE, WARP_SCANS) in 1D, 2D and 3D
// blocks: inclusive/exclusive, sums and a custom non-commutative operator, block aggregates;
// cub::BlockShuffle Offset/Rotate/Up/Down; cub::BlockRunLengthDecode.
#include <cub/cub.cuh>
#include <cub/block/block_shuffle.cuh>
#include <cub/block/block_run_length_decode.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }

// (a, b) ∘ (c, d) = (a*c mod 97, b*c + d mod 97): associative, not commutative
struct Lin { int a, b; };
// canonical residues: C's % of a negative value is negative, and the representative would then
// depend on the association order
__host__ __device__ inline int m97(int x) { return ((x % 97) + 97) % 97; }
struct LinOp { __host__ __device__ Lin operator()(Lin x, Lin y) const { return {m97(x.a * y.a), m97(x.b * y.a + y.b)}; } };

template <cub::BlockScanAlgorithm ALG, int BX, int BY, int BZ>
__global__ void scans(const int *in, int *incl, int *excl, Lin *lin, int *aggs) {
    constexpr int T = BX * BY * BZ, IPT = 3;
    using S = cub::BlockScan<int, BX, ALG, BY, BZ>;
    using SL = cub::BlockScan<Lin, BX, ALG, BY, BZ>;
    __shared__ typename S::TempStorage ts;
    __shared__ typename SL::TempStorage tl;
    int t = (threadIdx.z * BY + threadIdx.y) * BX + threadIdx.x;
    int it[IPT], o[IPT], agg;
    for (int i = 0; i < IPT; i++) it[i] = in[t * IPT + i];
    S(ts).InclusiveSum(it, o, agg);
    for (int i = 0; i < IPT; i++) incl[t * IPT + i] = o[i];
    __syncthreads();
    int agg2;
    S(ts).ExclusiveScan(it, o, -1000, cuda::maximum<>{}, agg2);
    for (int i = 0; i < IPT; i++) excl[t * IPT + i] = o[i];
    Lin l = {m97(it[0]) % 96 + 1, m97(it[1])}, lo;
    SL(tl).InclusiveScan(l, lo, LinOp{});
    lin[t] = lo;
    if (t == 0) { aggs[0] = agg; aggs[1] = agg2; }
}

__global__ void shuffles(const int *in, int *out) {
    constexpr int T = 128;
    using Sh = cub::BlockShuffle<int, T>;
    __shared__ typename Sh::TempStorage ts;
    int t = threadIdx.x, v = in[t], r;
    Sh(ts).Offset(v, r, 3); out[t] = (t + 3 < T) ? r : -9;  // past the end: unspecified, masked
    __syncthreads();
    Sh(ts).Rotate(v, r, 5); out[T + t] = r;
    __syncthreads();
    int items[4], up[4], down[4], bo;
    for (int i = 0; i < 4; i++) items[i] = v * 10 + i;
    Sh(ts).Up(items, up, bo);
    __syncthreads();
    Sh(ts).Down(items, down, bo);
    for (int i = 0; i < 4; i++) { out[2 * T + t * 4 + i] = (t == 0 && i == 0) ? -9 : up[i]; out[6 * T + t * 4 + i] = (t == T - 1 && i == 3) ? -9 : down[i]; }
}

__global__ void rld(const int *vals, const int *lens, int runs_per_thread, int *out, int *total) {
    constexpr int T = 64, RPT = 2, DPT = 4;
    using R = cub::BlockRunLengthDecode<int, T, RPT, DPT>;
    __shared__ typename R::TempStorage ts;
    int v[RPT], l[RPT];
    for (int i = 0; i < RPT; i++) { v[i] = vals[threadIdx.x * RPT + i]; l[i] = lens[threadIdx.x * RPT + i]; }
    int tot;
    R dec(ts, v, l, tot);
    for (int off = 0; off < tot; off += T * DPT) {
        int dv[DPT];
        dec.RunLengthDecode(dv, off);
        for (int i = 0; i < DPT; i++) { int k = off + threadIdx.x * DPT + i; if (k < tot) out[k] = dv[i]; }
    }
    if (threadIdx.x == 0) *total = tot;
}

template <cub::BlockScanAlgorithm ALG, int BX, int BY, int BZ>
static int run(const char *name) {
    constexpr int T = BX * BY * BZ, IPT = 3, N = T * IPT;
    std::vector<int> h(N); uint32_t s = 77 + T; for (auto &x : h) { s = s * 1664525u + 1013904223u; x = (int)(s >> 20) - 2048; }
    int *d, *i1, *e1, *ag; Lin *ln;
    CK(cudaMalloc(&d, N * 4)); CK(cudaMalloc(&i1, N * 4)); CK(cudaMalloc(&e1, N * 4)); CK(cudaMalloc(&ln, T * sizeof(Lin))); CK(cudaMalloc(&ag, 8));
    CK(cudaMemcpy(d, h.data(), N * 4, cudaMemcpyHostToDevice));
    scans<ALG, BX, BY, BZ><<<1, dim3(BX, BY, BZ)>>>(d, i1, e1, ln, ag);
    CK(cudaDeviceSynchronize());
    std::vector<int> gi(N), ge(N), ga(2); std::vector<Lin> gl(T);
    CK(cudaMemcpy(gi.data(), i1, N * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(ge.data(), e1, N * 4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(gl.data(), ln, T * sizeof(Lin), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(ga.data(), ag, 8, cudaMemcpyDeviceToHost));
    bool ok = true; int acc = 0, mx = -1000; Lin la{1, 0};
    for (int i = 0; i < N; i++) { acc += h[i]; ok &= gi[i] == acc; ok &= ge[i] == mx; mx = std::max(mx, h[i]); }
    for (int t = 0; t < T; t++) { Lin l{m97(h[t * IPT]) % 96 + 1, m97(h[t * IPT + 1])}; la = t ? LinOp{}(la, l) : l; ok &= gl[t].a == la.a && gl[t].b == la.b; }
    ok &= ga[0] == acc && ga[1] == mx;
    printf("%-34s %s hash=%016llx\n", name, ok ? "ok" : "MISMATCH", (unsigned long long)(fnv(gi.data(), N * 4) ^ fnv(gl.data(), T * sizeof(Lin))));
    return !ok;
}

int main() {
    int f = 0;
    f += run<cub::BLOCK_SCAN_RAKING, 128, 1, 1>("RAKING 128");
    f += run<cub::BLOCK_SCAN_RAKING_MEMOIZE, 96, 1, 1>("RAKING_MEMOIZE 96");
    f += run<cub::BLOCK_SCAN_WARP_SCANS, 256, 1, 1>("WARP_SCANS 256");
    f += run<cub::BLOCK_SCAN_RAKING, 16, 8, 1>("RAKING 16x8");
    f += run<cub::BLOCK_SCAN_WARP_SCANS, 8, 4, 3>("WARP_SCANS 8x4x3");
    f += run<cub::BLOCK_SCAN_RAKING_MEMOIZE, 32, 2, 2>("RAKING_MEMOIZE 32x2x2");
    f += run<cub::BLOCK_SCAN_WARP_SCANS, 20, 3, 1>("WARP_SCANS 20x3 (partial warps)");
    {
        std::vector<int> h(128); for (int i = 0; i < 128; i++) h[i] = i * 7 + 3;
        int *d, *o; CK(cudaMalloc(&d, 512)); CK(cudaMalloc(&o, 10 * 128 * 4));
        CK(cudaMemcpy(d, h.data(), 512, cudaMemcpyHostToDevice));
        shuffles<<<1, 128>>>(d, o);
        CK(cudaDeviceSynchronize());
        std::vector<int> g(10 * 128); CK(cudaMemcpy(g.data(), o, g.size() * 4, cudaMemcpyDeviceToHost));
        bool ok = true;
        for (int t = 0; t < 128; t++) {
            ok &= g[t] == (t + 3 < 128 ? h[t + 3] : -9);
            ok &= g[128 + t] == h[(t + 5) % 128];
            for (int i = 0; i < 4; i++) {
                int j = t * 4 + i;  // blocked index
                ok &= g[256 + j] == (j == 0 ? -9 : h[(j - 1) / 4] * 10 + (j - 1) % 4);
                ok &= g[768 + j] == (j == 511 ? -9 : h[(j + 1) / 4] * 10 + (j + 1) % 4);
            }
        }
        printf("%-34s %s hash=%016llx\n", "BlockShuffle Offset/Rotate/Up/Down", ok ? "ok" : "MISMATCH", (unsigned long long)fnv(g.data(), g.size() * 4));
        f += !ok;
    }
    {
        std::vector<int> v(128), l(128); uint32_t s = 5;
        for (int i = 0; i < 128; i++) { s = s * 1664525u + 1013904223u; v[i] = i * 11; l[i] = i >= 123 ? 0 : 1 + (s >> 28) % 5; }  // zero-length runs only at the end (CUB: a zero run may not be followed by a non-zero one)
        int *dv, *dl, *o, *tot; CK(cudaMalloc(&dv, 512)); CK(cudaMalloc(&dl, 512)); CK(cudaMalloc(&o, 128 * 6 * 4)); CK(cudaMalloc(&tot, 4));
        CK(cudaMemcpy(dv, v.data(), 512, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dl, l.data(), 512, cudaMemcpyHostToDevice));
        rld<<<1, 64>>>(dv, dl, 2, o, tot);
        CK(cudaDeviceSynchronize());
        int t; CK(cudaMemcpy(&t, tot, 4, cudaMemcpyDeviceToHost));
        std::vector<int> g(t); CK(cudaMemcpy(g.data(), o, t * 4, cudaMemcpyDeviceToHost));
        std::vector<int> r; for (int i = 0; i < 128; i++) for (int k = 0; k < l[i]; k++) r.push_back(v[i]);
        bool ok = t == (int)r.size() && g == r;
        if (!ok) for (int i = 0; i < t && i < (int)r.size(); i++) if (g[i] != r[i]) { printf("  first difference at %d: %d, expected %d (expected total %zu)\n", i, g[i], r[i], r.size()); break; }
        printf("%-34s %s total=%d hash=%016llx\n", "BlockRunLengthDecode", ok ? "ok" : "MISMATCH", t, (unsigned long long)fnv(g.data(), t * 4));
        f += !ok;
    }
    printf("%s\n", f ? "FAILED" : "PASSED");
    return f != 0;
}
