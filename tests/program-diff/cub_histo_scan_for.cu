// flags: -O3 -std=c++17 --extended-lambda
// CUB histograms (even and ranged bins, a 4-channel image with 3 active channels, a pitched 2D
// region), scans by key with custom operators, DeviceFor with lambdas, merge sort, merge.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static uint32_t rng(uint32_t &s) { s = s * 1664525u + 1013904223u; return s >> 7; }
template <class T> T *up(const std::vector<T> &v) { T *p; cudaMalloc(&p, std::max<size_t>(1, v.size()) * sizeof(T)); cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice); return p; }
template <class T> std::vector<T> down(const T *p, size_t n) { std::vector<T> v(n); cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost); return v; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-36s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }
struct MaxAbsDiff { __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; } };
struct Mod7Eq { __host__ __device__ bool operator()(int a, int b) const { return a / 7 == b / 7; } };
struct PairLess { __host__ __device__ bool operator()(const int2 &a, const int2 &b) const { return a.x < b.x; } };

int main() {
    uint32_t s = 99;
    size_t bytes = 0; void *tmp = nullptr;
    auto fresh = [&]() { if (tmp) cudaFree(tmp); tmp = nullptr; bytes = 0; };
    // HistogramEven on floats, with samples outside [lower, upper)
    {
        const int N = 100003, BINS = 37;
        std::vector<float> x(N); for (int i = 0; i < N; i++) x[i] = ((int)(rng(s) % 24000) - 2000) * 0.01f;
        float *dx = up(x); int *dh; CK(cudaMalloc(&dh, BINS * 4));
        float lo = 0.0f, hi = 200.0f;
        CK(cub::DeviceHistogram::HistogramEven(tmp, bytes, dx, dh, BINS + 1, lo, hi, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceHistogram::HistogramEven(tmp, bytes, dx, dh, BINS + 1, lo, hi, N));
        auto g = down(dh, BINS);
        std::vector<int> r(BINS, 0);
        for (float v : x) if (v >= lo && v < hi) { int b = (int)((v - lo) / ((hi - lo) / BINS)); if (b >= BINS) b = BINS - 1; r[b]++; }
        long tot = 0; for (int c : g) tot += c;
        report("HistogramEven float 37 bins", true, fnv(g.data(), BINS * 4));
        printf("  bins[0..3]=%d %d %d %d last=%d total=%ld (cpu total %ld, cpu bin0 %d)\n", g[0], g[1], g[2], g[3], g[BINS - 1], tot, (long)std::count_if(x.begin(), x.end(), [&](float v) { return v >= lo && v < hi; }), r[0]);
        fresh();
    }
    // HistogramRange with uneven boundaries on ints
    {
        const int N = 77777;
        std::vector<int> x(N); for (int i = 0; i < N; i++) x[i] = (int)(rng(s) % 1000);
        std::vector<int> lv = {0, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1000};
        int *dx = up(x), *dl = up(lv), *dh; CK(cudaMalloc(&dh, 10 * 4));
        CK(cub::DeviceHistogram::HistogramRange(tmp, bytes, dx, dh, 11, dl, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceHistogram::HistogramRange(tmp, bytes, dx, dh, 11, dl, N));
        auto g = down(dh, 10); std::vector<int> r(10, 0);
        for (int v : x) for (int b = 0; b < 10; b++) if (v >= lv[b] && v < lv[b + 1]) { r[b]++; break; }
        report("HistogramRange uneven levels", g == r, fnv(g.data(), 40));
        fresh();
    }
    // MultiHistogramEven: RGBA pixels, 3 active channels, 2D region with a row pitch
    {
        const int W = 333, H = 77, PITCH = 1400;  // bytes per row; 333*4 = 1332
        std::vector<unsigned char> img(PITCH * H);
        for (auto &c : img) c = (unsigned char)rng(s);
        unsigned char *di = up(img);
        int *dh[3]; for (int c = 0; c < 3; c++) CK(cudaMalloc(&dh[c], 256 * 4));
        int levels[3] = {257, 65, 17}; unsigned lower[3] = {0, 0, 0}, upper[3] = {256, 256, 256};
        CK((cub::DeviceHistogram::MultiHistogramEven<4, 3>(tmp, bytes, di, dh, levels, lower, upper, W, H, PITCH)));
        CK(cudaMalloc(&tmp, bytes));
        CK((cub::DeviceHistogram::MultiHistogramEven<4, 3>(tmp, bytes, di, dh, levels, lower, upper, W, H, PITCH)));
        bool ok = true; uint64_t h = 0;
        for (int c = 0; c < 3; c++) {
            int bins = levels[c] - 1; auto g = down(dh[c], bins); std::vector<int> r(bins, 0);
            for (int y = 0; y < H; y++) for (int x = 0; x < W; x++) r[img[y * PITCH + x * 4 + c] * bins / 256]++;
            ok &= g == r; h ^= fnv(g.data(), bins * 4) + c;
        }
        report("MultiHistogramEven<4,3> pitched", ok, h);
        fresh();
    }
    // ExclusiveScanByKey / InclusiveScanByKey with custom equality and operators
    {
        const int N = 30011;
        std::vector<int> k(N), v(N);
        for (int i = 0; i < N; i++) { k[i] = i / 13 + (i % 29 == 0); v[i] = (int)(rng(s) % 50) - 10; }
        int *dk = up(k), *dv = up(v), *o; CK(cudaMalloc(&o, N * 4));
        CK(cub::DeviceScan::ExclusiveScanByKey(tmp, bytes, dk, dv, o, MaxAbsDiff{}, -1000, N, Mod7Eq{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceScan::ExclusiveScanByKey(tmp, bytes, dk, dv, o, MaxAbsDiff{}, -1000, N, Mod7Eq{}));
        auto g = down(o, N); std::vector<int> r(N);
        for (int i = 0; i < N; i++) r[i] = (i == 0 || !Mod7Eq{}(k[i], k[i - 1])) ? -1000 : MaxAbsDiff{}(r[i - 1], v[i - 1]);
        report("ExclusiveScanByKey max, key/7 eq", g == r, fnv(g.data(), N * 4));
        fresh();
        CK(cub::DeviceScan::InclusiveScanByKey(tmp, bytes, dk, dv, o, cuda::std::plus<>{}, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceScan::InclusiveScanByKey(tmp, bytes, dk, dv, o, cuda::std::plus<>{}, N));
        g = down(o, N);
        for (int i = 0; i < N; i++) r[i] = (i == 0 || k[i] != k[i - 1]) ? v[i] : r[i - 1] + v[i];
        report("InclusiveScanByKey plus", g == r, fnv(g.data(), N * 4));
        fresh();
        CK(cub::DeviceScan::ExclusiveSum(tmp, bytes, dv, o, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceScan::ExclusiveSum(tmp, bytes, dv, o, N));
        g = down(o, N); int acc = 0; for (int i = 0; i < N; i++) { r[i] = acc; acc += v[i]; }
        report("ExclusiveSum", g == r, fnv(g.data(), N * 4));
        fresh();
    }
    // DeviceFor with extended lambdas
    {
        const int N = 10007;
        int *d; CK(cudaMalloc(&d, N * 4)); CK(cudaMemset(d, 0, N * 4));
        CK(cub::DeviceFor::Bulk(N, [d] __device__(int i) { d[i] = i * 3 + 1; }));
        CK(cub::DeviceFor::ForEachN(d, N / 2, [] __device__(int &x) { x = -x; }));
        CK(cub::DeviceFor::ForEach(d + N / 2, d + N, [] __device__(int &x) { x ^= 0x55; }));
        CK(cudaDeviceSynchronize());
        auto g = down(d, N); bool ok = true;
        for (int i = 0; i < N; i++) ok &= g[i] == (i < N / 2 ? -(i * 3 + 1) : ((i * 3 + 1) ^ 0x55));
        report("DeviceFor Bulk/ForEachN/ForEach", ok, fnv(g.data(), N * 4));
    }
    // DeviceMergeSort with a comparator on int2 keys (stable), and DeviceMerge of two sorted lists
    {
        const int N = 12345;
        std::vector<int2> kk(N); std::vector<int> v(N);
        for (int i = 0; i < N; i++) { kk[i] = make_int2((int)(rng(s) % 500), i); v[i] = i * 7; }
        int2 *dk = up(kk); int *dv = up(v);
        CK(cub::DeviceMergeSort::StableSortPairs(tmp, bytes, dk, dv, N, PairLess{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceMergeSort::StableSortPairs(tmp, bytes, dk, dv, N, PairLess{}));
        auto gk = down(dk, N); auto gv = down(dv, N);
        std::vector<int> idx(N); for (int i = 0; i < N; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return kk[a].x < kk[b].x; });
        bool ok = true; for (int i = 0; i < N; i++) ok &= gk[i].y == idx[i] && gv[i] == idx[i] * 7;
        report("DeviceMergeSort::StableSortPairs", ok, fnv(gv.data(), N * 4));
        fresh();
        std::vector<int> a(3000), b(4500);
        for (auto &x : a) x = (int)(rng(s) % 10000); for (auto &x : b) x = (int)(rng(s) % 10000);
        std::sort(a.begin(), a.end()); std::sort(b.begin(), b.end());
        int *da = up(a), *db = up(b), *dm; CK(cudaMalloc(&dm, 7500 * 4));
        CK(cub::DeviceMerge::MergeKeys(tmp, bytes, da, 3000, db, 4500, dm));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceMerge::MergeKeys(tmp, bytes, da, 3000, db, 4500, dm));
        auto gm = down(dm, 7500); std::vector<int> rm(7500); std::merge(a.begin(), a.end(), b.begin(), b.end(), rm.begin());
        report("DeviceMerge::MergeKeys", gm == rm, fnv(gm.data(), 7500 * 4));
        fresh();
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
