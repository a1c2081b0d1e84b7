// CUB block and warp algorithms with the options applications pick: BlockRadixSort of
// key-value pairs (ascending, descending, a bit range, SortBlockedToStriped) with 160 threads x 3
// items, BlockMergeSort (128 threads) with a custom comparator and a partial tile, BlockHistogram (sort and
// atomic variants), BlockDiscontinuity FlagHeads/FlagTails/FlagHeadsAndTails with a tile
// predecessor, BlockScan with every algorithm (RAKING, RAKING_MEMOIZE, WARP_SCANS), a custom
// max-plus operator and a running-prefix callback across tiles, WarpScan and WarpReduce over
// logical warps of 4, 8 and 16 lanes (inclusive/exclusive, custom op, HeadSegmentedReduce),
// WarpMergeSort. Checked against the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>

template <int T, int I>
__global__ void radix_pairs(const unsigned* keys, const int* vals, unsigned* ok, int* ov, int mode) {
    using Sort = cub::BlockRadixSort<unsigned, T, I, int>;
    __shared__ typename Sort::TempStorage tmp;
    unsigned k[I]; int v[I];
    for (int j = 0; j < I; j++) { k[j] = keys[threadIdx.x * I + j]; v[j] = vals[threadIdx.x * I + j]; }
    if (mode == 0) Sort(tmp).Sort(k, v);
    else if (mode == 1) Sort(tmp).SortDescending(k, v);
    else if (mode == 2) Sort(tmp).Sort(k, v, 4, 16);   // bits [4, 16) only: stable on the rest
    if (mode == 3) {
        Sort(tmp).SortBlockedToStriped(k, v);
        for (int j = 0; j < I; j++) { ok[j * T + threadIdx.x] = k[j]; ov[j * T + threadIdx.x] = v[j]; }
    } else {
        for (int j = 0; j < I; j++) { ok[threadIdx.x * I + j] = k[j]; ov[threadIdx.x * I + j] = v[j]; }
    }
}

struct ByAbsThenValue {
    __device__ bool operator()(int a, int b) const { int x = abs(a), y = abs(b); return x < y || (x == y && a < b); }
};

template <int T, int I>
__global__ void merge_sort(const int* in, int* out, int valid) {
    using MS = cub::BlockMergeSort<int, T, I>;
    __shared__ typename MS::TempStorage tmp;
    int k[I];
    for (int j = 0; j < I; j++) { int i = threadIdx.x * I + j; k[j] = i < valid ? in[i] : 0x7fffffff; }
    MS(tmp).Sort(k, ByAbsThenValue(), valid, 0x7fffffff);
    for (int j = 0; j < I; j++) out[threadIdx.x * I + j] = k[j];
}

template <int T, int I, cub::BlockHistogramAlgorithm A>
__global__ void histo(const unsigned char* in, unsigned* bins) {
    using H = cub::BlockHistogram<unsigned char, T, I, 64, A>;
    __shared__ typename H::TempStorage tmp;
    __shared__ unsigned sh[64];
    unsigned char s[I];
    for (int j = 0; j < I; j++) s[j] = in[blockIdx.x * T * I + threadIdx.x * I + j];
    H(tmp).Histogram(s, sh);
    __syncthreads();
    for (int b = threadIdx.x; b < 64; b += T) atomicAdd(&bins[b], sh[b]);
}

template <int T, int I>
__global__ void discontinuity(const int* in, int* heads, int* tails, int* both) {
    using D = cub::BlockDiscontinuity<int, T>;
    __shared__ typename D::TempStorage tmp;
    int base = blockIdx.x * T * I;
    int x[I], h[I], t[I], hb[I], tb[I];
    for (int j = 0; j < I; j++) x[j] = in[base + threadIdx.x * I + j];
    int pred = blockIdx.x > 0 ? in[base - 1] : 0;
    int succ = in[base + T * I];
    if (blockIdx.x > 0) D(tmp).FlagHeads(h, x, cuda::std::not_equal_to<int>(), pred);
    else D(tmp).FlagHeads(h, x, cuda::std::not_equal_to<int>());
    __syncthreads();
    D(tmp).FlagTails(t, x, cuda::std::not_equal_to<int>(), succ);
    __syncthreads();
    D(tmp).FlagHeadsAndTails(hb, tb, x, cuda::std::not_equal_to<int>());
    for (int j = 0; j < I; j++) {
        int i = base + threadIdx.x * I + j;
        heads[i] = h[j]; tails[i] = t[j]; both[i] = hb[j] * 2 + tb[j];
    }
}

struct MaxPlus { // (a, b) -> max(a, 0) + b : a running "reset at negative" sum, associative? no:
    // use a genuinely associative custom op: pairs packed as (max, sum) in a long long
    __device__ long long operator()(long long a, long long b) const {
        int am = (int)(a >> 32), as = (int)a, bm = (int)(b >> 32), bs = (int)b;
        int m = am > bm ? am : bm;
        return ((long long)m << 32) | (unsigned)(as + bs);
    }
};

struct RunningPrefix {
    long long total;
    __device__ long long operator()(long long block_aggregate) {
        long long old = total;
        total = MaxPlus()(total, block_aggregate);
        return old;
    }
};

template <int T, cub::BlockScanAlgorithm A>
__global__ void scan_tiles(const int* in, long long* out, int tiles) {
    using S = cub::BlockScan<long long, T, A>;
    __shared__ typename S::TempStorage tmp;
    RunningPrefix p{(long long)(-1000000) << 32};
    for (int tile = 0; tile < tiles; tile++) {
        int i = tile * T + threadIdx.x;
        long long x = ((long long)in[i] << 32) | (unsigned)in[i];
        long long y;
        S(tmp).InclusiveScan(x, y, MaxPlus(), p);
        out[i] = y;
        __syncthreads();
    }
}

template <int T, cub::BlockScanAlgorithm A>
__global__ void scan_sums(const int* in, int* incl, int* excl, int* agg) {
    using S = cub::BlockScan<int, T, A>;
    __shared__ typename S::TempStorage tmp;
    int x[2] = {in[threadIdx.x * 2], in[threadIdx.x * 2 + 1]}, y[2], z[2], a;
    S(tmp).InclusiveSum(x, y, a);
    __syncthreads();
    S(tmp).ExclusiveScan(x, z, 5, cuda::std::plus<int>());
    incl[threadIdx.x * 2] = y[0]; incl[threadIdx.x * 2 + 1] = y[1];
    excl[threadIdx.x * 2] = z[0]; excl[threadIdx.x * 2 + 1] = z[1];
    if (threadIdx.x == 0) *agg = a;
}

template <int W>
__global__ void warp_logical(const int* in, int* out) {
    constexpr int G = 64 / W;     // 64 threads = G logical warps
    using WS = cub::WarpScan<int, W>;
    using WR = cub::WarpReduce<int, W>;
    __shared__ typename WS::TempStorage ts[G];
    __shared__ typename WR::TempStorage tr[G];
    int w = threadIdx.x / W;
    int x = in[threadIdx.x];
    int inc, exc, mx;
    WS(ts[w]).InclusiveSum(x, inc);
    WS(ts[w]).ExclusiveScan(x, exc, cuda::maximum<int>());
    int s = WR(tr[w]).Sum(x);
    __syncwarp();
    mx = WR(tr[w]).Reduce(x, cuda::minimum<int>());
    __syncwarp();
    int flag = (threadIdx.x % 3) == 0;
    int seg = WR(tr[w]).HeadSegmentedSum(x, flag);
    out[threadIdx.x * 4 + 0] = inc;
    out[threadIdx.x * 4 + 1] = threadIdx.x % W == 0 ? 0 : exc;   // lane 0's exclusive is undefined
    out[threadIdx.x * 4 + 2] = threadIdx.x % W == 0 ? s * 1000 + mx : 0;
    out[threadIdx.x * 4 + 3] = flag || threadIdx.x % W == 0 ? seg : 0;
}

__global__ void warp_merge(const int* in, int* out) {
    using WMS = cub::WarpMergeSort<int, 4, 16>;   // 16-lane logical warps x 4 items
    __shared__ typename WMS::TempStorage tmp[4];
    int w = threadIdx.x / 16;
    int k[4];
    for (int j = 0; j < 4; j++) k[j] = in[threadIdx.x * 4 + j];
    WMS(tmp[w]).Sort(k, cuda::std::greater<int>());
    for (int j = 0; j < 4; j++) out[threadIdx.x * 4 + j] = k[j];
}

static void report(const char* what, const std::vector<int>& got, const std::vector<int>& want) {
    int bad = 0; long long s = 0;
    for (size_t i = 0; i < want.size(); i++) { bad += got[i] != want[i]; s = s * 31 + got[i]; s %= 1000000007; }
    printf("%-26s hash %lld mismatches %d\n", what, s, bad);
}

int main() {
    const int T = 160, I = 3, N = T * I;
    std::vector<unsigned> keys(N); std::vector<int> vals(N);
    for (int i = 0; i < N; i++) { keys[i] = (i * 2654435761u) % 50021u; keys[i] |= (i % 5) << 20; vals[i] = i; }
    unsigned *dk, *dok; int *dv, *dov;
    cudaMalloc(&dk, N * 4); cudaMalloc(&dok, N * 4); cudaMalloc(&dv, N * 4); cudaMalloc(&dov, N * 4);
    cudaMemcpy(dk, keys.data(), N * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dv, vals.data(), N * 4, cudaMemcpyHostToDevice);
    const char* names[4] = {"radix ascending", "radix descending", "radix bits [4,16)", "radix blocked->striped"};
    for (int mode = 0; mode < 4; mode++) {
        radix_pairs<T, I><<<1, T>>>(dk, dv, dok, dov, mode);
        std::vector<unsigned> gk(N); std::vector<int> gv(N);
        cudaMemcpy(gk.data(), dok, N * 4, cudaMemcpyDeviceToHost);
        cudaMemcpy(gv.data(), dov, N * 4, cudaMemcpyDeviceToHost);
        std::vector<int> idx(N);
        for (int i = 0; i < N; i++) idx[i] = i;
        auto key = [&](int i) { return mode == 2 ? (keys[i] >> 4) & 0xFFF : keys[i]; };
        if (mode == 1) std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return key(a) > key(b); });
        else std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return key(a) < key(b); });
        std::vector<int> got(2 * N), want(2 * N);
        for (int i = 0; i < N; i++) { got[i] = gk[i]; got[N + i] = gv[i]; want[i] = keys[idx[i]]; want[N + i] = idx[i]; }
        report(names[mode], got, want);
    }

    const int MT = 128, MN = MT * I;
    std::vector<int> ms(MN);
    for (int i = 0; i < MN; i++) ms[i] = (int)((i * 7919u) % 401u) - 200;
    int *dm, *dmo;
    cudaMalloc(&dm, MN * 4); cudaMalloc(&dmo, MN * 4);
    cudaMemcpy(dm, ms.data(), MN * 4, cudaMemcpyHostToDevice);
    const int valid = 357;
    merge_sort<MT, I><<<1, MT>>>(dm, dmo, valid);
    std::vector<int> gm(MN);
    cudaMemcpy(gm.data(), dmo, MN * 4, cudaMemcpyDeviceToHost);
    std::vector<int> wm(ms.begin(), ms.begin() + valid);
    std::sort(wm.begin(), wm.end(), [](int a, int b) { int x = abs(a), y = abs(b); return x < y || (x == y && a < b); });
    gm.resize(valid);
    report("merge sort |x| partial", gm, wm);
    printf("merge sorted head %d %d %d %d %d tail %d\n", gm[0], gm[1], gm[2], gm[3], gm[4], gm[valid - 1]);

    const int HT = 128, HI = 4, HB = 5;
    std::vector<unsigned char> samples(HT * HI * HB);
    std::vector<int> hh(64, 0);
    for (size_t i = 0; i < samples.size(); i++) { samples[i] = (unsigned char)(((i * i) ^ (i >> 3)) % 64); hh[samples[i]]++; }
    unsigned char* ds; unsigned* db;
    cudaMalloc(&ds, samples.size()); cudaMalloc(&db, 64 * 4);
    cudaMemcpy(ds, samples.data(), samples.size(), cudaMemcpyHostToDevice);
    for (int alg = 0; alg < 2; alg++) {
        cudaMemset(db, 0, 256);
        if (alg == 0) histo<HT, HI, cub::BLOCK_HISTO_SORT><<<HB, HT>>>(ds, db);
        else histo<HT, HI, cub::BLOCK_HISTO_ATOMIC><<<HB, HT>>>(ds, db);
        std::vector<unsigned> gb(64);
        cudaMemcpy(gb.data(), db, 256, cudaMemcpyDeviceToHost);
        std::vector<int> g(gb.begin(), gb.end());
        report(alg ? "histogram atomic" : "histogram sort", g, hh);
    }

    const int DT = 96, DI = 2, DB = 3, DN = DT * DI * DB;
    std::vector<int> runs(DN + 1);
    for (int i = 0; i <= DN; i++) runs[i] = (i / 3 + i / 7) % 4;
    int *dr, *dh, *dt, *dbo;
    cudaMalloc(&dr, (DN + 1) * 4); cudaMalloc(&dh, DN * 4); cudaMalloc(&dt, DN * 4); cudaMalloc(&dbo, DN * 4);
    cudaMemcpy(dr, runs.data(), (DN + 1) * 4, cudaMemcpyHostToDevice);
    discontinuity<DT, DI><<<DB, DT>>>(dr, dh, dt, dbo);
    std::vector<int> gh(DN), gt(DN), gbo(DN), wh(DN), wt(DN), wbo(DN);
    cudaMemcpy(gh.data(), dh, DN * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(gt.data(), dt, DN * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(gbo.data(), dbo, DN * 4, cudaMemcpyDeviceToHost);
    for (int i = 0; i < DN; i++) {
        wh[i] = i == 0 ? 1 : runs[i] != runs[i - 1];
        wt[i] = runs[i] != runs[i + 1];
        int tile_first = i % (DT * DI) == 0, tile_last = i % (DT * DI) == DT * DI - 1;
        wbo[i] = (tile_first ? 1 : runs[i] != runs[i - 1]) * 2 + (tile_last ? 1 : runs[i] != runs[i + 1]);
    }
    report("flag heads", gh, wh); report("flag tails", gt, wt); report("heads and tails", gbo, wbo);

    const int ST = 96, TILES = 4;
    std::vector<int> sin(ST * TILES);
    for (int i = 0; i < ST * TILES; i++) sin[i] = (i * 37) % 101 - 50;
    int* dsin; long long* dso;
    cudaMalloc(&dsin, ST * TILES * 4); cudaMalloc(&dso, ST * TILES * 8);
    cudaMemcpy(dsin, sin.data(), ST * TILES * 4, cudaMemcpyHostToDevice);
    const char* an[3] = {"scan raking", "scan raking memoize", "scan warp scans"};
    for (int a = 0; a < 3; a++) {
        if (a == 0) scan_tiles<ST, cub::BLOCK_SCAN_RAKING><<<1, ST>>>(dsin, dso, TILES);
        if (a == 1) scan_tiles<ST, cub::BLOCK_SCAN_RAKING_MEMOIZE><<<1, ST>>>(dsin, dso, TILES);
        if (a == 2) scan_tiles<ST, cub::BLOCK_SCAN_WARP_SCANS><<<1, ST>>>(dsin, dso, TILES);
        std::vector<long long> g(ST * TILES);
        cudaMemcpy(g.data(), dso, ST * TILES * 8, cudaMemcpyDeviceToHost);
        std::vector<int> got(2 * ST * TILES), want(2 * ST * TILES);
        int m = -1000000, s = 0;
        for (int i = 0; i < ST * TILES; i++) {
            m = std::max(m, sin[i]); s += sin[i];
            got[2 * i] = (int)(g[i] >> 32); got[2 * i + 1] = (int)g[i]; want[2 * i] = m; want[2 * i + 1] = s;
        }
        report(an[a], got, want);
    }
    int *dinc, *dexc, *dagg;
    cudaMalloc(&dinc, 2 * ST * 4); cudaMalloc(&dexc, 2 * ST * 4); cudaMalloc(&dagg, 4);
    scan_sums<ST, cub::BLOCK_SCAN_WARP_SCANS><<<1, ST>>>(dsin, dinc, dexc, dagg);
    std::vector<int> gi(2 * ST), ge(2 * ST), wi(2 * ST), we(2 * ST);
    cudaMemcpy(gi.data(), dinc, 2 * ST * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(ge.data(), dexc, 2 * ST * 4, cudaMemcpyDeviceToHost);
    int agg; cudaMemcpy(&agg, dagg, 4, cudaMemcpyDeviceToHost);
    int acc = 0;
    for (int i = 0; i < 2 * ST; i++) { we[i] = acc + 5; acc += sin[i]; wi[i] = acc; }
    report("block inclusive sum x2", gi, wi); report("block exclusive seed 5", ge, we);
    printf("aggregate %d (host %d)\n", agg, acc);

    int *dwi, *dwo;
    cudaMalloc(&dwi, 256 * 4); cudaMalloc(&dwo, 256 * 4);
    std::vector<int> wv(256);
    for (int i = 0; i < 256; i++) wv[i] = (i * 13) % 29 - 9;
    cudaMemcpy(dwi, wv.data(), 256 * 4, cudaMemcpyHostToDevice);
    for (int W : {4, 8, 16}) {
        if (W == 4) warp_logical<4><<<1, 64>>>(dwi, dwo);
        if (W == 8) warp_logical<8><<<1, 64>>>(dwi, dwo);
        if (W == 16) warp_logical<16><<<1, 64>>>(dwi, dwo);
        std::vector<int> g(256), w(256);
        cudaMemcpy(g.data(), dwo, 256 * 4, cudaMemcpyDeviceToHost);
        for (int t = 0; t < 64; t++) {
            int b = t - t % W, inc = 0, exc = INT_MIN, s = 0, mn = INT_MAX;
            for (int j = b; j <= t; j++) inc += wv[j];
            for (int j = b; j < t; j++) exc = std::max(exc, wv[j]);
            for (int j = b; j < b + W; j++) { s += wv[j]; mn = std::min(mn, wv[j]); }
            int flag = t % 3 == 0, seg = 0;
            if (flag || t % W == 0) { for (int j = t; j < b + W && (j == t || !(j % 3 == 0)); j++) seg += wv[j]; }
            w[t * 4] = inc; w[t * 4 + 1] = t % W == 0 ? 0 : exc; w[t * 4 + 2] = t % W == 0 ? s * 1000 + mn : 0;
            w[t * 4 + 3] = seg;
        }
        char name[32]; snprintf(name, sizeof name, "warp logical %d", W);
        report(name, g, w);
    }
    warp_merge<<<1, 64>>>(dwi, dwo);
    std::vector<int> g(256), w(wv);
    cudaMemcpy(g.data(), dwo, 256 * 4, cudaMemcpyDeviceToHost);
    for (int s = 0; s < 4; s++) std::sort(w.begin() + s * 64, w.begin() + s * 64 + 64, std::greater<int>());
    report("warp merge sort 16x4", g, w);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
