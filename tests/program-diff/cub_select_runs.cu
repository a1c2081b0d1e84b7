// flags: -O3 -std=c++17
// CUB reductions by key, arg-extrema, run-length encoding, selection and partitioning, each with
// its temp-storage query, over inputs generated here; every result checked against a serial loop.
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
template <class T> T one(const T *p) { T v; cudaMemcpy(&v, p, sizeof(T), cudaMemcpyDeviceToHost); return v; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-34s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }

struct Stat { int n; long long sum; int lo, hi; };
struct StatOp { __host__ __device__ Stat operator()(const Stat &a, const Stat &b) const { return {a.n + b.n, a.sum + b.sum, a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi}; } };
struct ToStat { __host__ __device__ Stat operator()(int x) const { return {1, x, x, x}; } };
struct IsMul3 { __host__ __device__ bool operator()(int x) const { return x % 3 == 0; } };
struct Small { __host__ __device__ bool operator()(int x) const { return x < 20; } };
struct Large { __host__ __device__ bool operator()(int x) const { return x >= 80; } };
struct Square { __host__ __device__ long long operator()(int x) const { return (long long)x * x; } };

int main() {
    uint32_t s = 4242;
    const int N = 50000;
    std::vector<int> keys(N), vals(N);
    int k = 0;
    for (int i = 0; i < N; i++) { if (rng(s) % 5 == 0) k += 1 + rng(s) % 3; keys[i] = k; vals[i] = (int)(rng(s) % 100); }
    int *dk = up(keys), *dv = up(vals);
    int *dko, *dvo, *dnum; CK(cudaMalloc(&dko, N * 4)); CK(cudaMalloc(&dvo, N * 4)); CK(cudaMalloc(&dnum, 4));
    size_t bytes = 0; void *tmp = nullptr;
    auto fresh = [&]() { if (tmp) cudaFree(tmp); tmp = nullptr; bytes = 0; };
    // ReduceByKey with max
    {
        CK(cub::DeviceReduce::ReduceByKey(tmp, bytes, dk, dko, dv, dvo, dnum, cuda::maximum<>{}, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::ReduceByKey(tmp, bytes, dk, dko, dv, dvo, dnum, cuda::maximum<>{}, N));
        int runs = one(dnum);
        std::vector<int> rk, rv;
        for (int i = 0; i < N; i++) { if (i == 0 || keys[i] != keys[i - 1]) { rk.push_back(keys[i]); rv.push_back(vals[i]); } else rv.back() = std::max(rv.back(), vals[i]); }
        auto gk = down(dko, runs), gv = down(dvo, runs);
        report("ReduceByKey max", runs == (int)rk.size() && gk == rk && gv == rv, fnv(gv.data(), runs * 4));
        printf("  runs=%d last key=%d max=%d\n", runs, gk.back(), gv.back());
        fresh();
    }
    // TransformReduce to a struct; Reduce with a struct op
    {
        Stat *ds; CK(cudaMalloc(&ds, sizeof(Stat)));
        Stat init{0, 0, 1 << 30, -(1 << 30)};
        CK(cub::DeviceReduce::TransformReduce(tmp, bytes, dv, ds, N, StatOp{}, ToStat{}, init));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::TransformReduce(tmp, bytes, dv, ds, N, StatOp{}, ToStat{}, init));
        Stat g = one(ds), r = init;
        for (int i = 0; i < N; i++) r = StatOp{}(r, ToStat{}(vals[i]));
        report("TransformReduce to struct", g.n == r.n && g.sum == r.sum && g.lo == r.lo && g.hi == r.hi, fnv(&g.sum, 8) ^ (uint64_t)g.n ^ ((uint64_t)(uint32_t)g.lo << 32) ^ (uint64_t)(uint32_t)g.hi);  // members: Stat has padding
        printf("  n=%d sum=%lld lo=%d hi=%d\n", g.n, g.sum, g.lo, g.hi);
        fresh();
        long long *dl; CK(cudaMalloc(&dl, 8));
        CK(cub::DeviceReduce::TransformReduce(tmp, bytes, dv, dl, N, cuda::std::plus<long long>{}, Square{}, 0LL));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::TransformReduce(tmp, bytes, dv, dl, N, cuda::std::plus<long long>{}, Square{}, 0LL));
        long long sq = 0; for (int x : vals) sq += (long long)x * x;
        report("TransformReduce sum of squares", one(dl) == sq, (uint64_t)one(dl));
        fresh();
    }
    // ArgMax / ArgMin (first occurrence wins)
    {
        cub::KeyValuePair<int, int> *kv; CK(cudaMalloc(&kv, sizeof(*kv)));
        CK(cub::DeviceReduce::ArgMax(tmp, bytes, dv, kv, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::ArgMax(tmp, bytes, dv, kv, N));
        auto g = one(kv);
        int bi = (int)(std::max_element(vals.begin(), vals.end()) - vals.begin());
        report("ArgMax first occurrence", g.key == bi && g.value == vals[bi], (uint64_t)g.key);
        printf("  ArgMax {%d, %d}\n", g.key, g.value);
        fresh();
        CK(cub::DeviceReduce::ArgMin(tmp, bytes, dv + 1, kv, N - 1));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceReduce::ArgMin(tmp, bytes, dv + 1, kv, N - 1));
        g = one(kv);
        bi = (int)(std::min_element(vals.begin() + 1, vals.end()) - vals.begin() - 1);
        report("ArgMin of offset input", g.key == bi && g.value == vals[bi + 1], (uint64_t)g.key);
        printf("  ArgMin {%d, %d}\n", g.key, g.value);
        fresh();
    }
    // RunLengthEncode::Encode and NonTrivialRuns
    {
        int *cnt; CK(cudaMalloc(&cnt, N * 4));
        CK(cub::DeviceRunLengthEncode::Encode(tmp, bytes, dk, dko, cnt, dnum, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceRunLengthEncode::Encode(tmp, bytes, dk, dko, cnt, dnum, N));
        int runs = one(dnum);
        std::vector<int> ru, rc;
        for (int i = 0; i < N; i++) { if (i == 0 || keys[i] != keys[i - 1]) { ru.push_back(keys[i]); rc.push_back(1); } else rc.back()++; }
        auto gu = down(dko, runs), gc = down(cnt, runs);
        report("RunLengthEncode::Encode", runs == (int)ru.size() && gu == ru && gc == rc, fnv(gc.data(), runs * 4));
        fresh();
        CK(cub::DeviceRunLengthEncode::NonTrivialRuns(tmp, bytes, dk, dvo, cnt, dnum, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceRunLengthEncode::NonTrivialRuns(tmp, bytes, dk, dvo, cnt, dnum, N));
        runs = one(dnum);
        std::vector<int> ro, rl;
        for (int i = 0, j; i < N; i = j) { for (j = i; j < N && keys[j] == keys[i]; j++) {} if (j - i > 1) { ro.push_back(i); rl.push_back(j - i); } }
        auto go = down(dvo, runs), gl = down(cnt, runs);
        report("RunLengthEncode::NonTrivialRuns", runs == (int)ro.size() && go == ro && gl == rl, fnv(go.data(), runs * 4));
        printf("  nontrivial runs=%d\n", runs);
        fresh();
    }
    // Select: Flagged, If, Unique, UniqueByKey
    {
        std::vector<char> fl(N); for (int i = 0; i < N; i++) fl[i] = (vals[i] & 4) != 0;
        char *df = up(fl);
        CK(cub::DeviceSelect::Flagged(tmp, bytes, dv, df, dvo, dnum, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSelect::Flagged(tmp, bytes, dv, df, dvo, dnum, N));
        int m = one(dnum); std::vector<int> r; for (int i = 0; i < N; i++) if (fl[i]) r.push_back(vals[i]);
        auto g = down(dvo, m);
        report("DeviceSelect::Flagged", m == (int)r.size() && g == r, fnv(g.data(), m * 4));
        fresh();
        CK(cub::DeviceSelect::If(tmp, bytes, dv, dvo, dnum, N, IsMul3{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSelect::If(tmp, bytes, dv, dvo, dnum, N, IsMul3{}));
        m = one(dnum); r.clear(); for (int x : vals) if (x % 3 == 0) r.push_back(x);
        g = down(dvo, m);
        report("DeviceSelect::If", m == (int)r.size() && g == r, fnv(g.data(), m * 4));
        fresh();
        CK(cub::DeviceSelect::Unique(tmp, bytes, dk, dko, dnum, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSelect::Unique(tmp, bytes, dk, dko, dnum, N));
        m = one(dnum); r = keys; r.erase(std::unique(r.begin(), r.end()), r.end());
        g = down(dko, m);
        report("DeviceSelect::Unique", m == (int)r.size() && g == r, fnv(g.data(), m * 4));
        fresh();
        CK(cub::DeviceSelect::UniqueByKey(tmp, bytes, dk, dv, dko, dvo, dnum, N));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DeviceSelect::UniqueByKey(tmp, bytes, dk, dv, dko, dvo, dnum, N));
        m = one(dnum); std::vector<int> rv; for (int i = 0; i < N; i++) if (i == 0 || keys[i] != keys[i - 1]) rv.push_back(vals[i]);
        g = down(dvo, m);
        report("DeviceSelect::UniqueByKey", m == (int)rv.size() && g == rv, fnv(g.data(), m * 4));
        fresh();
    }
    // Partition: flagged (rejected ones reversed at the end) and three-way
    {
        CK(cub::DevicePartition::If(tmp, bytes, dv, dvo, dnum, N, IsMul3{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DevicePartition::If(tmp, bytes, dv, dvo, dnum, N, IsMul3{}));
        int m = one(dnum); auto g = down(dvo, N);
        std::vector<int> r(N); int a = 0, b = N - 1;
        for (int x : vals) { if (x % 3 == 0) r[a++] = x; else r[b--] = x; }
        report("DevicePartition::If two-way", m == a && g == r, fnv(g.data(), N * 4));
        fresh();
        int *d1, *d2, *d3, *dn2; CK(cudaMalloc(&d1, N * 4)); CK(cudaMalloc(&d2, N * 4)); CK(cudaMalloc(&d3, N * 4)); CK(cudaMalloc(&dn2, 8));
        CK(cub::DevicePartition::If(tmp, bytes, dv, d1, d2, d3, dn2, N, Small{}, Large{}));
        CK(cudaMalloc(&tmp, bytes));
        CK(cub::DevicePartition::If(tmp, bytes, dv, d1, d2, d3, dn2, N, Small{}, Large{}));
        auto nn = down(dn2, 2);
        std::vector<int> r1, r2, r3; for (int x : vals) (x < 20 ? r1 : x >= 80 ? r2 : r3).push_back(x);
        auto g1 = down(d1, nn[0]), g2 = down(d2, nn[1]), g3 = down(d3, N - nn[0] - nn[1]);
        report("DevicePartition::If three-way", g1 == r1 && g2 == r2 && g3 == r3, fnv(g1.data(), g1.size() * 4) ^ fnv(g3.data(), g3.size() * 4));
        printf("  three-way sizes %d %d %d\n", nn[0], nn[1], N - nn[0] - nn[1]);
        fresh();
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
