// CUB device-wide algorithms with the two-phase temp-storage call, beyond sorting:
// DeviceReduce::ArgMin/ArgMax (ties take the first index), Reduce with a custom operator and
// initial value, Min/Max; DeviceSegmentedReduce::Sum/Min/ArgMax over offsets with empty
// segments; DeviceSelect::If (a functor), ::Flagged, ::Unique, ::UniqueByKey;
// DevicePartition::If (selected first, rejected reversed at the end) and the three-way
// partition; DeviceRunLengthEncode::Encode and ::NonTrivialRuns; DeviceHistogram::HistogramEven
// and ::HistogramRange on floats with samples outside the range, and a 4-channel HistogramEven
// over 3 active channels; DeviceScan::ExclusiveScanByKey, InclusiveScan with a max operator,
// ExclusiveSum; DeviceMergeSort::SortPairs with a comparator and StableSortKeys. Checked on the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
#include <cub/cub.cuh>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

template <class T> T* up(const std::vector<T>& v) { T* d; cudaMalloc(&d, v.size() * sizeof(T) + 16); cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice); return d; }
template <class T> std::vector<T> down(const T* d, size_t n) { std::vector<T> v(n); cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost); return v; }
template <class T> T* alloc(size_t n) { T* d; cudaMalloc(&d, n * sizeof(T) + 16); return d; }

static int bad = 0;
template <class T> void report(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
    bool ok = got == want;
    long long h = 0;
    for (auto v : got) h = (h * 131 + (long long)v) % 1000000007;
    printf("%-30s n %zu hash %lld %s\n", what, got.size(), h, ok ? "ok" : "MISMATCH");
    bad += !ok;
}

struct IsMultipleOf3 { __host__ __device__ bool operator()(int x) const { return x % 3 == 0; } };
struct Small { __host__ __device__ bool operator()(int x) const { return x < -200; } };
struct Large { __host__ __device__ bool operator()(int x) const { return x > 300; } };
struct AbsMin { __host__ __device__ int operator()(int a, int b) const { int x = a < 0 ? -a : a, y = b < 0 ? -b : b; return x < y || (x == y && a < b) ? a : b; } };
struct Max { __host__ __device__ int operator()(int a, int b) const { return a > b ? a : b; } };
struct Desc { __host__ __device__ bool operator()(int a, int b) const { return a > b; } };
struct ModLess { __host__ __device__ bool operator()(int a, int b) const { return (a & 15) < (b & 15); } };

int main() {
    const int n = 5003;
    std::vector<int> v(n);
    for (int i = 0; i < n; i++) v[i] = (int)((i * 2654435761u) >> 13) % 1001 - 500;
    v[4000] = 500; v[17] = 500; v[2000] = -500; v[9] = -500;
    int* dv = up(v);
    void* tmp = nullptr; size_t bytes = 0;
    auto with_tmp = [&](auto call) { tmp = nullptr; bytes = 0; call(); cudaMalloc(&tmp, bytes); call(); cudaFree(tmp); };

    // ArgMin/ArgMax: the (new) overloads writing value and index separately
    {
        int *dval = alloc<int>(2); cuda::std::int64_t* didx = alloc<cuda::std::int64_t>(2);
        with_tmp([&] { cub::DeviceReduce::ArgMin(tmp, bytes, dv, dval, didx, n); });
        with_tmp([&] { cub::DeviceReduce::ArgMax(tmp, bytes, dv, dval + 1, didx + 1, n); });
        auto gv = down(dval, 2); auto gi = down(didx, 2);
        auto mn = std::min_element(v.begin(), v.end()), mx = std::max_element(v.begin(), v.end());
        printf("argmin %d@%lld (host %d@%ld) argmax %d@%lld (host %d@%ld)\n", gv[0], (long long)gi[0], *mn, mn - v.begin(), gv[1], (long long)gi[1], *mx, mx - v.begin());
        int* dr = alloc<int>(3);
        with_tmp([&] { cub::DeviceReduce::Reduce(tmp, bytes, dv, dr, n, AbsMin(), 1000); });
        with_tmp([&] { cub::DeviceReduce::Min(tmp, bytes, dv, dr + 1, n); });
        with_tmp([&] { cub::DeviceReduce::Max(tmp, bytes, dv, dr + 2, n); });
        auto g = down(dr, 3);
        int am = 1000; for (int x : v) am = AbsMin()(am, x);
        printf("reduce absmin %d (host %d) min %d max %d\n", g[0], am, g[1], g[2]);
    }
    // segmented reductions with empty segments
    {
        std::vector<int> off = {0, 10, 10, 333, 334, 1000, 1000, 2500, 5003};
        int segs = (int)off.size() - 1;
        int* doff = up(off);
        int *dsum = alloc<int>(segs), *dmin = alloc<int>(segs);
        cub::KeyValuePair<int, int>* dam = alloc<cub::KeyValuePair<int, int>>(segs);
        with_tmp([&] { cub::DeviceSegmentedReduce::Sum(tmp, bytes, dv, dsum, segs, doff, doff + 1); });
        with_tmp([&] { cub::DeviceSegmentedReduce::Min(tmp, bytes, dv, dmin, segs, doff, doff + 1); });
        with_tmp([&] { cub::DeviceSegmentedReduce::ArgMax(tmp, bytes, dv, dam, segs, doff, doff + 1); });
        auto gs = down(dsum, segs), gm = down(dmin, segs);
        auto ga = down(dam, segs);
        std::vector<int> ws, wm, gam, wam;
        for (int s = 0; s < segs; s++) {
            int sum = 0, mn = INT_MAX, ai = 1, av = INT_MIN;   // empty ArgMax: {1, lowest}
            for (int i = off[s]; i < off[s + 1]; i++) { sum += v[i]; mn = std::min(mn, v[i]); if (v[i] > av || ai == 1 && i == off[s]) { if (i == off[s] || v[i] > av) { av = v[i]; ai = i - off[s]; } } }
            ws.push_back(sum); wm.push_back(mn);
            if (off[s] == off[s + 1]) { ai = 1; av = INT_MIN; }
            wam.push_back(ai); wam.push_back(av);
            gam.push_back(ga[s].key); gam.push_back(ga[s].value);
        }
        report("segmented sum", gs, ws); report("segmented min", gm, wm); report("segmented argmax", gam, wam);
    }
    // select / partition
    {
        int* dout = alloc<int>(n); int* dnum = alloc<int>(1);
        std::vector<char> flags(n);
        for (int i = 0; i < n; i++) flags[i] = (v[i] & 5) == 4;
        char* dflags = up(flags);
        with_tmp([&] { cub::DeviceSelect::If(tmp, bytes, dv, dout, dnum, n, IsMultipleOf3()); });
        int m = down(dnum, 1)[0];
        std::vector<int> w; std::copy_if(v.begin(), v.end(), std::back_inserter(w), IsMultipleOf3());
        report("select if", down(dout, m), w);
        with_tmp([&] { cub::DeviceSelect::Flagged(tmp, bytes, dv, dflags, dout, dnum, n); });
        m = down(dnum, 1)[0]; w.clear();
        for (int i = 0; i < n; i++) if (flags[i]) w.push_back(v[i]);
        report("select flagged", down(dout, m), w);
        std::vector<int> runs(n);
        for (int i = 0; i < n; i++) runs[i] = (i / 3) % 50 + (i % 7 == 0);
        int* druns = up(runs);
        with_tmp([&] { cub::DeviceSelect::Unique(tmp, bytes, druns, dout, dnum, n); });
        m = down(dnum, 1)[0]; w.clear(); std::unique_copy(runs.begin(), runs.end(), std::back_inserter(w));
        report("select unique", down(dout, m), w);
        int* dvout = alloc<int>(n);
        with_tmp([&] { cub::DeviceSelect::UniqueByKey(tmp, bytes, druns, dv, dout, dvout, dnum, n); });
        m = down(dnum, 1)[0];
        std::vector<int> wk, wv;
        for (int i = 0; i < n; i++) if (i == 0 || runs[i] != runs[i - 1]) { wk.push_back(runs[i]); wv.push_back(v[i]); }
        report("unique by key: keys", down(dout, m), wk); report("unique by key: values", down(dvout, m), wv);
        with_tmp([&] { cub::DevicePartition::If(tmp, bytes, dv, dout, dnum, n, IsMultipleOf3()); });
        m = down(dnum, 1)[0];
        std::vector<int> sel, rej;
        for (int x : v) (IsMultipleOf3()(x) ? sel : rej).push_back(x);
        std::vector<int> want(sel); want.insert(want.end(), rej.rbegin(), rej.rend());
        report("partition if", down(dout, n), want);
        printf("partition selected %d (host %zu)\n", m, sel.size());
        int *dsm = alloc<int>(n), *dlg = alloc<int>(n), *dun = alloc<int>(n), *dn2 = alloc<int>(2);
        with_tmp([&] { cub::DevicePartition::If(tmp, bytes, dv, dlg, dsm, dun, dn2, n, Large(), Small()); });
        auto cnt = down(dn2, 2);
        std::vector<int> wl, ws2, wu;
        for (int x : v) { if (Large()(x)) wl.push_back(x); else if (Small()(x)) ws2.push_back(x); else wu.push_back(x); }
        report("three-way: first", down(dlg, cnt[0]), wl); report("three-way: second", down(dsm, cnt[1]), ws2);
        report("three-way: rest", down(dun, n - cnt[0] - cnt[1]), wu);
        // run-length encode
        int *duniq = alloc<int>(n), *dlen = alloc<int>(n), *doff2 = alloc<int>(n);
        with_tmp([&] { cub::DeviceRunLengthEncode::Encode(tmp, bytes, druns, duniq, dlen, dnum, n); });
        m = down(dnum, 1)[0];
        std::vector<int> wu2, wlen, woff, wnl;
        for (int i = 0; i < n; i++) { if (i == 0 || runs[i] != runs[i - 1]) { wu2.push_back(runs[i]); wlen.push_back(1); woff.push_back(i); } else wlen.back()++; }
        report("rle encode uniques", down(duniq, m), wu2); report("rle encode lengths", down(dlen, m), wlen);
        with_tmp([&] { cub::DeviceRunLengthEncode::NonTrivialRuns(tmp, bytes, druns, doff2, dlen, dnum, n); });
        m = down(dnum, 1)[0];
        std::vector<int> wo3, wl3;
        for (size_t r = 0; r < wlen.size(); r++) if (wlen[r] > 1) { wo3.push_back(woff[r]); wl3.push_back(wlen[r]); }
        report("non-trivial runs offsets", down(doff2, m), wo3); report("non-trivial runs lengths", down(dlen, m), wl3);
    }
    // histograms
    {
        std::vector<float> s(n);
        for (int i = 0; i < n; i++) s[i] = v[i] * 0.0125f + 0.3f;   // about [-5.95, 6.55]
        float* ds = up(s);
        int* dh = alloc<int>(16);
        with_tmp([&] { cub::DeviceHistogram::HistogramEven(tmp, bytes, ds, dh, 13, -4.0f, 4.0f, n); });
        std::vector<int> w(12, 0);
        for (float x : s) if (x >= -4.0f && x < 4.0f) { int b = (int)((x - -4.0f) / (8.0f / 12)); if (b > 11) b = 11; w[b]++; }
        report("histogram even floats", down(dh, 12), w);
        std::vector<float> lv = {-6.0f, -2.5f, -1.0f, 0.0f, 0.25f, 1.0f, 3.0f, 6.5f};
        float* dl = up(lv);
        with_tmp([&] { cub::DeviceHistogram::HistogramRange(tmp, bytes, ds, dh, (int)lv.size(), dl, n); });
        std::vector<int> wr(lv.size() - 1, 0);
        for (float x : s) for (size_t b = 0; b + 1 < lv.size(); b++) if (x >= lv[b] && x < lv[b + 1]) { wr[b]++; break; }
        report("histogram range", down(dh, (int)lv.size() - 1), wr);
        std::vector<unsigned char> px(4 * 1000);
        for (int i = 0; i < 4000; i++) px[i] = (unsigned char)((i * 7 + (i >> 2) * 13) & 255);
        unsigned char* dpx = up(px);
        int* dch[3] = {alloc<int>(8), alloc<int>(8), alloc<int>(8)};
        int levels[3] = {9, 9, 9}; unsigned lo[3] = {0, 0, 0}, hi[3] = {256, 256, 256};
        with_tmp([&] { cub::DeviceHistogram::MultiHistogramEven<4, 3>(tmp, bytes, dpx, dch, levels, lo, hi, 1000); });
        std::vector<int> got, want(24, 0);
        for (int c = 0; c < 3; c++) { auto g = down(dch[c], 8); got.insert(got.end(), g.begin(), g.end()); }
        for (int p = 0; p < 1000; p++) for (int c = 0; c < 3; c++) want[c * 8 + px[4 * p + c] / 32]++;
        report("multi-channel histogram", got, want);
    }
    // scans
    {
        std::vector<int> keys(n);
        for (int i = 0; i < n; i++) keys[i] = i / 17 + (i % 100 == 99);
        int *dk = up(keys), *dout = alloc<int>(n);
        with_tmp([&] { cub::DeviceScan::ExclusiveScanByKey(tmp, bytes, dk, dv, dout, Max(), -1000, n); });
        std::vector<int> w(n);
        int acc = -1000;
        for (int i = 0; i < n; i++) { if (i == 0 || keys[i] != keys[i - 1]) acc = -1000; w[i] = acc; acc = std::max(acc, v[i]); }
        report("exclusive scan by key max", down(dout, n), w);
        with_tmp([&] { cub::DeviceScan::InclusiveScan(tmp, bytes, dv, dout, Max(), n); });
        acc = INT_MIN;
        for (int i = 0; i < n; i++) { acc = std::max(acc, v[i]); w[i] = acc; }
        report("inclusive scan max", down(dout, n), w);
        with_tmp([&] { cub::DeviceScan::ExclusiveSum(tmp, bytes, dv, dout, n); });
        acc = 0;
        for (int i = 0; i < n; i++) { w[i] = acc; acc += v[i]; }
        report("exclusive sum", down(dout, n), w);
    }
    // merge sort
    {
        std::vector<int> k(v), idx(n);
        std::iota(idx.begin(), idx.end(), 0);
        int *dk = up(k), *di = up(idx);
        with_tmp([&] { cub::DeviceMergeSort::StableSortPairs(tmp, bytes, dk, di, n, Desc()); });
        std::vector<int> wi(idx);
        std::stable_sort(wi.begin(), wi.end(), [&](int a, int b) { return v[a] > v[b]; });
        std::vector<int> wk; for (int i : wi) wk.push_back(v[i]);
        report("merge sort pairs desc keys", down(dk, n), wk); report("merge sort pairs desc vals", down(di, n), wi);
        int* dk2 = up(v);
        with_tmp([&] { cub::DeviceMergeSort::StableSortKeys(tmp, bytes, dk2, n, ModLess()); });
        std::vector<int> w2(v);
        std::stable_sort(w2.begin(), w2.end(), ModLess());
        report("stable sort keys by low bits", down(dk2, n), w2);
    }
    printf("mismatching results %d; %s\n", bad, cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
