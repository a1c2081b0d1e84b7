// flags: -O3 -std=c++17 -lineinfo
// CUB segmented algorithms with separate begin/end offset arrays: empty segments, segments that
// skip elements, a segment of one; sorts (radix and merge-based), reductions with custom ops.
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <climits>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("CUDA error %s line %d: %s\n", #x, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static uint32_t rng(uint32_t &s) { s = s * 1664525u + 1013904223u; return s >> 7; }
template <class T> T *up(const std::vector<T> &v) { T *p; cudaMalloc(&p, std::max<size_t>(1, v.size()) * sizeof(T)); cudaMemcpy(p, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice); return p; }
template <class T> std::vector<T> down(const T *p, size_t n) { std::vector<T> v(n); cudaMemcpy(v.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost); return v; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-36s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }

struct AbsMax {
    __host__ __device__ int operator()(int a, int b) const { int x = a < 0 ? -a : a, y = b < 0 ? -b : b; return x > y || (x == y && a > b) ? a : b; }
};

int main() {
    uint32_t s = 777;
    const int N = 20000;
    std::vector<int> keys(N), vals(N);
    for (int i = 0; i < N; i++) { keys[i] = (int)(rng(s) % 2001) - 1000; vals[i] = i; }
    // 40 segments: sizes vary from 0 to ~1500; gaps between segments are left untouched
    std::vector<int> beg, end;
    int pos = 0;
    for (int g = 0; g < 40 && pos < N; g++) {
        int len = g % 7 == 3 ? 0 : g % 11 == 5 ? 1 : (int)(rng(s) % 1500);
        if (pos + len > N) len = N - pos;
        beg.push_back(pos); end.push_back(pos + len);
        pos += len + (g % 3 == 0 ? 17 : 0);
    }
    int S = (int)beg.size();
    printf("segments=%d covered_to=%d\n", S, end.back());
    int *dk = up(keys), *dv = up(vals), *db = up(beg), *de = up(end);
    int *dko, *dvo;
    CK(cudaMalloc(&dko, N * 4)); CK(cudaMalloc(&dvo, N * 4));
    // fill outputs with a marker so untouched gaps are visible
    CK(cudaMemset(dko, 0x7f, N * 4)); CK(cudaMemset(dvo, 0xff, N * 4));
    {
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceSegmentedRadixSort::SortPairs(tmp, bytes, dk, dko, dv, dvo, N, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedRadixSort::SortPairs(tmp, bytes, dk, dko, dv, dvo, N, S, db, de));
        auto gk = down(dko, N); auto gv = down(dvo, N);
        std::vector<int> rk(N, 0x7f7f7f7f), rv(N, -1);
        for (int g = 0; g < S; g++) {
            std::vector<int> idx; for (int i = beg[g]; i < end[g]; i++) idx.push_back(i);
            std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return keys[a] < keys[b]; });
            for (size_t j = 0; j < idx.size(); j++) { rk[beg[g] + j] = keys[idx[j]]; rv[beg[g] + j] = idx[j]; }
        }
        report("SegmentedRadixSort::SortPairs", gk == rk && gv == rv, fnv(gv.data(), N * 4));
        CK(cudaFree(tmp));
    }
    {
        CK(cudaMemset(dko, 0, N * 4));
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceSegmentedRadixSort::SortKeysDescending(tmp, bytes, dk, dko, N, S, db, de, 2, 11));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedRadixSort::SortKeysDescending(tmp, bytes, dk, dko, N, S, db, de, 2, 11));
        auto gk = down(dko, N);
        bool ok = true;
        for (int g = 0; g < S; g++) {
            std::vector<int> r(keys.begin() + beg[g], keys.begin() + end[g]);
            std::stable_sort(r.begin(), r.end(), [](int a, int b) { return (((unsigned)a >> 2) & 511) > (((unsigned)b >> 2) & 511); });
            for (size_t j = 0; j < r.size(); j++) ok &= gk[beg[g] + j] == r[j];
        }
        report("SegRadix KeysDescending bits[2,11)", ok, fnv(gk.data(), N * 4));
        CK(cudaFree(tmp));
    }
    {
        CK(cudaMemset(dko, 0, N * 4)); CK(cudaMemset(dvo, 0, N * 4));
        size_t bytes = 0; void *tmp = nullptr;
        CK(cub::DeviceSegmentedSort::StableSortPairsDescending(tmp, bytes, dk, dko, dv, dvo, N, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedSort::StableSortPairsDescending(tmp, bytes, dk, dko, dv, dvo, N, S, db, de));
        auto gv = down(dvo, N);
        bool ok = true;
        for (int g = 0; g < S; g++) {
            std::vector<int> idx; for (int i = beg[g]; i < end[g]; i++) idx.push_back(i);
            std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return keys[a] > keys[b]; });
            for (size_t j = 0; j < idx.size(); j++) ok &= gv[beg[g] + j] == idx[j];
        }
        report("SegmentedSort::StableSortPairsDesc", ok, fnv(gv.data(), N * 4));
        CK(cudaFree(tmp));
    }
    // segmented reductions: Sum, Min, Max, ArgMin, ArgMax, custom op with an initial value
    {
        int *out; CK(cudaMalloc(&out, S * 4));
        std::vector<long long> refsum(S); std::vector<int> refmin(S), refmax(S), refabs(S);
        for (int g = 0; g < S; g++) {
            long long t = 0; int mn = INT_MAX, mx = INT_MIN, am = -5000;
            for (int i = beg[g]; i < end[g]; i++) { t += keys[i]; mn = std::min(mn, keys[i]); mx = std::max(mx, keys[i]); am = AbsMax()(am, keys[i]); }
            refsum[g] = t; refmin[g] = mn; refmax[g] = mx; refabs[g] = am;
        }
        size_t bytes = 0; void *tmp = nullptr;
        long long *lsum; CK(cudaMalloc(&lsum, S * 8));
        CK(cub::DeviceSegmentedReduce::Sum(tmp, bytes, dk, lsum, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedReduce::Sum(tmp, bytes, dk, lsum, S, db, de));
        auto g1 = down(lsum, S);
        report("SegmentedReduce::Sum (to int64)", g1 == refsum, fnv(g1.data(), S * 8));
        CK(cudaFree(tmp)); tmp = nullptr; bytes = 0;
        CK(cub::DeviceSegmentedReduce::Min(tmp, bytes, dk, out, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedReduce::Min(tmp, bytes, dk, out, S, db, de));
        auto g2 = down(out, S);
        report("SegmentedReduce::Min (empty=INT_MAX)", g2 == refmin, fnv(g2.data(), S * 4));
        CK(cudaFree(tmp)); tmp = nullptr; bytes = 0;
        CK(cub::DeviceSegmentedReduce::Max(tmp, bytes, dk, out, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedReduce::Max(tmp, bytes, dk, out, S, db, de));
        auto g3 = down(out, S);
        report("SegmentedReduce::Max (empty=INT_MIN)", g3 == refmax, fnv(g3.data(), S * 4));
        CK(cudaFree(tmp)); tmp = nullptr; bytes = 0;
        CK(cub::DeviceSegmentedReduce::Reduce(tmp, bytes, dk, out, S, db, de, AbsMax(), -5000));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedReduce::Reduce(tmp, bytes, dk, out, S, db, de, AbsMax(), -5000));
        auto g4 = down(out, S);
        report("SegmentedReduce::Reduce custom op", g4 == refabs, fnv(g4.data(), S * 4));
        CK(cudaFree(tmp)); tmp = nullptr; bytes = 0;
        using KV = cub::KeyValuePair<int, int>;
        KV *kv; CK(cudaMalloc(&kv, S * sizeof(KV)));
        CK(cub::DeviceSegmentedReduce::ArgMax(tmp, bytes, dk, kv, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedReduce::ArgMax(tmp, bytes, dk, kv, S, db, de));
        auto g5 = down(kv, S);
        bool ok = true;
        for (int g = 0; g < S; g++) {
            if (beg[g] == end[g]) { ok &= g5[g].key == 1 && g5[g].value == INT_MIN; continue; }
            int bi = 0; for (int i = beg[g]; i < end[g]; i++) if (keys[i] > keys[beg[g] + bi]) bi = i - beg[g];
            ok &= g5[g].key == bi && g5[g].value == refmax[g];
        }
        report("SegmentedReduce::ArgMax", ok, fnv(g5.data(), S * sizeof(KV)));
        for (int g = 0; g < S; g++) if (beg[g] == end[g]) { printf("  empty segment %d: ArgMax {%d, %d}\n", g, g5[g].key, g5[g].value); break; }
        CK(cudaFree(tmp)); tmp = nullptr; bytes = 0;
        CK(cub::DeviceSegmentedReduce::ArgMin(tmp, bytes, dk, kv, S, db, de));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSegmentedReduce::ArgMin(tmp, bytes, dk, kv, S, db, de));
        auto g6 = down(kv, S);
        ok = true;
        for (int g = 0; g < S; g++) {
            if (beg[g] == end[g]) { ok &= g6[g].key == 1 && g6[g].value == INT_MAX; continue; }
            int bi = 0; for (int i = beg[g]; i < end[g]; i++) if (keys[i] < keys[beg[g] + bi]) bi = i - beg[g];
            ok &= g6[g].key == bi && g6[g].value == refmin[g];
        }
        report("SegmentedReduce::ArgMin", ok, fnv(g6.data(), S * sizeof(KV)));
        CK(cudaFree(tmp));
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
