// flags: -O3 -std=c++17
// Warp-level CUB with custom operators and logical warp sizes: WarpScan (inclusive/exclusive,
// struct types, max), WarpReduce (head/tail segmented, partial), WarpMergeSort with a comparator
// on 16-thread logical warps, WarpExchange, WarpLoad/WarpStore.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-40s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }

struct MinMax { int lo, hi; };
struct MinMaxOp { __host__ __device__ MinMax operator()(const MinMax &a, const MinMax &b) const { return {a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi}; } };
// an affine-map composition: not commutative, so the scan order shows
struct Affine { int a, b; };
// canonical residues (C's % of a negative value is negative, which would make the representative
// depend on the association order)
__host__ __device__ inline int md(int x) { return ((x % 1009) + 1009) % 1009; }
struct Compose { __host__ __device__ Affine operator()(const Affine &f, const Affine &g) const { return {md(f.a * g.a), md(f.b * g.a + g.b)}; } };

template <int LW>
__global__ void scans(const int *in, int *incl_max, MinMax *excl_mm, Affine *aff, int *total) {
    using WS = cub::WarpScan<int, LW>;
    using WM = cub::WarpScan<MinMax, LW>;
    using WA = cub::WarpScan<Affine, LW>;
    constexpr int WARPS = 128 / LW;
    __shared__ typename WS::TempStorage ts[WARPS];
    __shared__ typename WM::TempStorage tm[WARPS];
    __shared__ typename WA::TempStorage ta[WARPS];
    int w = threadIdx.x / LW, t = threadIdx.x;
    int v = in[t];
    int agg;
    int m; WS(ts[w]).InclusiveScan(v, m, cuda::maximum<>{}, agg);
    incl_max[t] = m;
    if (threadIdx.x % LW == 0) total[w] = agg;
    MinMax mm{v, v}, em;
    WM(tm[w]).ExclusiveScan(mm, em, MinMax{1 << 30, -(1 << 30)}, MinMaxOp{});
    excl_mm[t] = em;
    Affine f{(v % 7) + 1, v % 13}, r;
    WA(ta[w]).InclusiveScan(f, r, Compose{});
    aff[t] = r;
}

template <int LW>
__global__ void seg_reduce(const int *in, const int *flags, int *head_out, int *tail_out, int *part_out) {
    using WR = cub::WarpReduce<int, LW>;
    __shared__ typename WR::TempStorage tr[128 / LW];
    int w = threadIdx.x / LW, t = threadIdx.x;
    int h = WR(tr[w]).HeadSegmentedSum(in[t], flags[t]);
    head_out[t] = h;
    __syncwarp();
    int tl = WR(tr[w]).TailSegmentedReduce(in[t], flags[t], cuda::maximum<>{});
    tail_out[t] = tl;
    __syncwarp();
    int p = WR(tr[w]).Sum(in[t], LW - 3);  // partial: first LW-3 lanes of each logical warp
    if (t % LW == 0) part_out[w] = p;
}

struct ByLow4Desc { __device__ bool operator()(int a, int b) const { return (a & 15) > (b & 15); } };
__global__ void warp_sort(int *data) {
    constexpr int LW = 16, IPT = 3;
    using WMS = cub::WarpMergeSort<int, IPT, LW>;
    __shared__ typename WMS::TempStorage ts[128 / LW];
    int w = threadIdx.x / LW, lane = threadIdx.x % LW;
    int items[IPT];
    int base = w * LW * IPT;
    for (int i = 0; i < IPT; i++) items[i] = data[base + lane * IPT + i];
    WMS(ts[w]).StableSort(items, ByLow4Desc{});
    for (int i = 0; i < IPT; i++) data[base + lane * IPT + i] = items[i];
}

__global__ void warp_io(const int *in, int *out) {
    constexpr int LW = 8, IPT = 4;
    using WL = cub::WarpLoad<int, IPT, cub::WARP_LOAD_TRANSPOSE, LW>;
    using WE = cub::WarpExchange<int, IPT, LW>;
    using WSt = cub::WarpStore<int, IPT, cub::WARP_STORE_STRIPED, LW>;
    __shared__ typename WL::TempStorage tl[128 / LW];
    __shared__ typename WE::TempStorage te[128 / LW];
    __shared__ typename WSt::TempStorage tst[128 / LW];
    int w = threadIdx.x / LW, lane = threadIdx.x % LW;
    int items[IPT];
    WL(tl[w]).Load(in + w * LW * IPT, items);
    for (int i = 0; i < IPT; i++) items[i] += lane * 1000;
    WE(te[w]).BlockedToStriped(items, items);
    WSt(tst[w]).Store(out + w * LW * IPT, items);
}

template <int LW>
static void check_scans(const std::vector<int> &in, int *d) {
    int *im, *tot; MinMax *em; Affine *af;
    cudaMalloc(&im, 512); cudaMalloc(&tot, 128 * 4); cudaMalloc(&em, 128 * sizeof(MinMax)); cudaMalloc(&af, 128 * sizeof(Affine));
    scans<LW><<<1, 128>>>(d, im, em, af, tot);
    cudaDeviceSynchronize();
    std::vector<int> gim(128), gtot(128 / LW); std::vector<MinMax> gem(128); std::vector<Affine> gaf(128);
    cudaMemcpy(gim.data(), im, 512, cudaMemcpyDeviceToHost); cudaMemcpy(gtot.data(), tot, 128 / LW * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(gem.data(), em, 128 * sizeof(MinMax), cudaMemcpyDeviceToHost); cudaMemcpy(gaf.data(), af, 128 * sizeof(Affine), cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int w = 0; w < 128 / LW; w++) {
        int m = -1 << 30; MinMax mm{1 << 30, -(1 << 30)}; Affine f{1, 0}; bool first = true;
        for (int l = 0; l < LW; l++) {
            int t = w * LW + l, v = in[t];
            m = std::max(m, v); ok &= gim[t] == m;
            if (l > 0) ok &= gem[t].lo == mm.lo && gem[t].hi == mm.hi;  // lane 0's exclusive output is the initial value
            else ok &= gem[t].lo == (1 << 30) && gem[t].hi == -(1 << 30);
            mm = MinMaxOp{}(mm, MinMax{v, v});
            Affine g{(v % 7) + 1, v % 13};
            f = first ? g : Compose{}(f, g); first = false;
            ok &= gaf[t].a == f.a && gaf[t].b == f.b;
        }
        ok &= gtot[w] == m;
    }
    char nm[64]; snprintf(nm, sizeof nm, "WarpScan LW=%d max/minmax/affine", LW);
    report(nm, ok, fnv(gaf.data(), 128 * sizeof(Affine)) ^ fnv(gem.data(), 128 * sizeof(MinMax)));
    cudaFree(im); cudaFree(tot); cudaFree(em); cudaFree(af);
}

template <int LW>
static void check_reduce(const std::vector<int> &in, const std::vector<int> &fl, int *d, int *df) {
    int *ho, *to, *po; cudaMalloc(&ho, 512); cudaMalloc(&to, 512); cudaMalloc(&po, 512);
    seg_reduce<LW><<<1, 128>>>(d, df, ho, to, po);
    cudaDeviceSynchronize();
    std::vector<int> gh(128), gt(128), gp(128 / LW);
    cudaMemcpy(gh.data(), ho, 512, cudaMemcpyDeviceToHost); cudaMemcpy(gt.data(), to, 512, cudaMemcpyDeviceToHost); cudaMemcpy(gp.data(), po, 128 / LW * 4, cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int w = 0; w < 128 / LW; w++) {
        int b = w * LW;
        // head-segmented: the sum lands in each segment's head lane (lane 0 always starts one)
        for (int l = 0; l < LW; l++) {
            int t = b + l;
            if (l == 0 || fl[t]) { int s = 0; for (int j = l; j < LW && (j == l || !fl[b + j]); j++) s += in[b + j]; ok &= gh[t] == s; }
        }
        // tail-segmented: the result lands in lane 0 of each segment, i.e. the lane after a tail
        for (int l = 0; l < LW; l++) {
            int t = b + l;
            if (l == 0 || fl[t - 1]) { int mx = -1 << 30; for (int j = l; j < LW; j++) { mx = std::max(mx, in[b + j]); if (fl[b + j]) break; } ok &= gt[t] == mx; }
        }
        int ps = 0; for (int l = 0; l < LW - 3; l++) ps += in[b + l];
        ok &= gp[w] == ps;
    }
    char nm[64]; snprintf(nm, sizeof nm, "WarpReduce LW=%d segmented/partial", LW);
    report(nm, ok, fnv(gp.data(), 128 / LW * 4));
    cudaFree(ho); cudaFree(to); cudaFree(po);
}

int main() {
    uint32_t s = 2024;
    auto rnd = [&]() { s = s * 1664525u + 1013904223u; return s >> 8; };
    std::vector<int> in(128), fl(128);
    for (int i = 0; i < 128; i++) { in[i] = (int)(rnd() % 2000) - 500; fl[i] = rnd() % 4 == 0; }
    int *d, *df; CK(cudaMalloc(&d, 512)); CK(cudaMalloc(&df, 512));
    CK(cudaMemcpy(d, in.data(), 512, cudaMemcpyHostToDevice)); CK(cudaMemcpy(df, fl.data(), 512, cudaMemcpyHostToDevice));
    check_scans<32>(in, d); check_scans<16>(in, d); check_scans<8>(in, d); check_scans<4>(in, d);
    check_reduce<32>(in, fl, d, df); check_reduce<16>(in, fl, d, df); check_reduce<8>(in, fl, d, df);
    {
        std::vector<int> v(128 * 3); for (auto &x : v) x = (int)(rnd() % 100000);
        int *dv; CK(cudaMalloc(&dv, v.size() * 4)); CK(cudaMemcpy(dv, v.data(), v.size() * 4, cudaMemcpyHostToDevice));
        warp_sort<<<1, 128>>>(dv);
        CK(cudaDeviceSynchronize());
        std::vector<int> g(v.size()); CK(cudaMemcpy(g.data(), dv, g.size() * 4, cudaMemcpyDeviceToHost));
        for (int w = 0; w < 8; w++) std::stable_sort(v.begin() + w * 48, v.begin() + (w + 1) * 48, [](int a, int b) { return (a & 15) > (b & 15); });
        report("WarpMergeSort LW=16 stable desc low4", g == v, fnv(g.data(), g.size() * 4));
    }
    {
        std::vector<int> v(512); for (int i = 0; i < 512; i++) v[i] = i;
        int *di, *dout; CK(cudaMalloc(&di, 2048)); CK(cudaMalloc(&dout, 2048));
        CK(cudaMemcpy(di, v.data(), 2048, cudaMemcpyHostToDevice));
        warp_io<<<1, 128>>>(di, dout);
        CK(cudaDeviceSynchronize());
        std::vector<int> g(512); CK(cudaMemcpy(g.data(), dout, 2048, cudaMemcpyDeviceToHost));
        // loaded blocked (lane l has elements l*4..l*4+3), +1000*lane, exchanged to striped, stored striped: identity + owner
        bool ok = true; for (int i = 0; i < 512; i++) ok &= g[i] == i + ((i % 32) / 4) * 1000;
        report("WarpLoad/Exchange/Store LW=8", ok, fnv(g.data(), 2048));
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
