// flags: -O2 -std=c++17
// Thrust keyed algorithms with user functors: sort_by_key with a comparator on struct keys,
// unique_by_key / reduce_by_key with custom predicates, merge_by_key, set operations (by key too),
// vectorized lower_bound / upper_bound / binary_search.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/unique.h>
#include <thrust/reduce.h>
#include <thrust/merge.h>
#include <thrust/set_operations.h>
#include <thrust/binary_search.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-40s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }
static uint32_t rng(uint32_t &s) { s = s * 1664525u + 1013904223u; return s >> 8; }

struct Key { int major; short minor; char tag; };
struct KeyLess {
    __host__ __device__ bool operator()(const Key &a, const Key &b) const {
        if (a.major != b.major) return a.major > b.major;  // major descending
        return a.minor < b.minor;                          // minor ascending; tag ignored (stability shows)
    }
};
struct SameDecade { __host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; } };
struct Mod5Eq { __host__ __device__ bool operator()(int a, int b) const { return a % 5 == b % 5; } };
struct KeepFirst { __host__ __device__ int operator()(int a, int) const { return a; } };

int main() {
    uint32_t s = 8675309;
    const int N = 30000;
    // sort_by_key on struct keys with a comparator (merge sort path), then stable_sort_by_key
    {
        std::vector<Key> k(N); std::vector<int> v(N);
        for (int i = 0; i < N; i++) { k[i] = {(int)(rng(s) % 50), (short)(rng(s) % 40), (char)(i % 128)}; v[i] = i; }
        thrust::device_vector<Key> dk(k.begin(), k.end()); thrust::device_vector<int> dv(v.begin(), v.end());
        thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin(), KeyLess{});
        thrust::host_vector<int> g = dv;
        std::vector<int> idx(N); for (int i = 0; i < N; i++) idx[i] = i;
        std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return KeyLess{}(k[a], k[b]); });
        bool ok = true; for (int i = 0; i < N; i++) ok &= g[i] == idx[i];
        report("stable_sort_by_key struct comparator", ok, fnv(g.data(), N * 4));
        thrust::sort_by_key(dv.begin(), dv.end(), dk.begin(), thrust::greater<int>());
        thrust::host_vector<Key> gk = dk; ok = true;
        for (int i = 0; i < N; i++) ok &= gk[i].tag == (char)((N - 1 - i) % 128) && gk[i].major == k[N - 1 - i].major;
        uint64_t kh = 0; for (int i = 0; i < N; i++) kh = kh * 1000003 + (uint64_t)(gk[i].major * 100000 + gk[i].minor * 128 + gk[i].tag);  // members: Key has a padding byte
        report("sort_by_key greater<int> back", ok, kh);
    }
    // unique_by_key with a predicate; reduce_by_key with a predicate and an operator
    {
        std::vector<int> k(N), v(N); int cur = 0;
        for (int i = 0; i < N; i++) { if (rng(s) % 3 == 0) cur += rng(s) % 8; k[i] = cur; v[i] = (int)(rng(s) % 1000); }
        thrust::device_vector<int> dk(k.begin(), k.end()), dv(v.begin(), v.end());
        auto e = thrust::unique_by_key(dk.begin(), dk.end(), dv.begin(), SameDecade{});
        int m = (int)(e.first - dk.begin());
        thrust::host_vector<int> gk(dk.begin(), dk.begin() + m), gv(dv.begin(), dv.begin() + m);
        std::vector<int> rk, rv; for (int i = 0; i < N; i++) if (i == 0 || !SameDecade{}(k[i], rk.back())) { rk.push_back(k[i]); rv.push_back(v[i]); }
        // thrust::unique compares with the previous kept element? no: with the first of the group (consecutive equal run)
        std::vector<int> rk2, rv2; for (int i = 0; i < N; i++) if (i == 0 || !SameDecade{}(k[i - 1], k[i])) { rk2.push_back(k[i]); rv2.push_back(v[i]); }
        bool ok = (m == (int)rk2.size() && std::equal(gk.begin(), gk.end(), rk2.begin()) && std::equal(gv.begin(), gv.end(), rv2.begin()));
        report("unique_by_key SameDecade", ok, fnv(gk.data(), m * 4) ^ fnv(gv.data(), m * 4));
        printf("  unique groups=%d (first-of-run rule %zu, previous-kept rule %zu)\n", m, rk2.size(), rk.size());
        thrust::device_vector<int> dk2(k.begin(), k.end()), dv2(v.begin(), v.end()), ok_(N), ov(N);
        auto r = thrust::reduce_by_key(dk2.begin(), dk2.end(), dv2.begin(), ok_.begin(), ov.begin(), Mod5Eq{}, thrust::maximum<int>());
        int m2 = (int)(r.first - ok_.begin());
        thrust::host_vector<int> g2k(ok_.begin(), ok_.begin() + m2), g2v(ov.begin(), ov.begin() + m2);
        // the key written for a group is its last key, not its first (what thrust 3.0 does on an H200)
        std::vector<int> r2k, r2v; for (int i = 0; i < N; i++) { if (i == 0 || !Mod5Eq{}(k[i - 1], k[i])) { r2k.push_back(k[i]); r2v.push_back(v[i]); } else { r2k.back() = k[i]; r2v.back() = std::max(r2v.back(), v[i]); } }
        ok = m2 == (int)r2k.size() && std::equal(g2k.begin(), g2k.end(), r2k.begin()) && std::equal(g2v.begin(), g2v.end(), r2v.begin());
        report("reduce_by_key Mod5Eq maximum", ok, fnv(g2v.data(), m2 * 4));
        printf("  reduce groups=%d\n", m2);
    }
    // merge_by_key and set operations on sorted key sets (with duplicates)
    {
        std::vector<int> a(5000), b(7000);
        for (auto &x : a) x = (int)(rng(s) % 6000); for (auto &x : b) x = (int)(rng(s) % 6000);
        std::sort(a.begin(), a.end()); std::sort(b.begin(), b.end());
        std::vector<int> av(a.size()), bv(b.size()); for (size_t i = 0; i < a.size(); i++) av[i] = (int)i; for (size_t i = 0; i < b.size(); i++) bv[i] = -(int)i - 1;
        thrust::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end()), dav(av.begin(), av.end()), dbv(bv.begin(), bv.end());
        thrust::device_vector<int> mk(12000), mv(12000);
        thrust::merge_by_key(da.begin(), da.end(), db.begin(), db.end(), dav.begin(), dbv.begin(), mk.begin(), mv.begin());
        thrust::host_vector<int> gmv = mv;
        std::vector<std::pair<int, int>> pa, pb, pm(12000);
        for (size_t i = 0; i < a.size(); i++) pa.push_back({a[i], av[i]}); for (size_t i = 0; i < b.size(); i++) pb.push_back({b[i], bv[i]});
        std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), pm.begin(), [](auto &x, auto &y) { return x.first < y.first; });
        bool ok = true; for (int i = 0; i < 12000; i++) ok &= gmv[i] == pm[i].second;
        report("merge_by_key (a's first among equals)", ok, fnv(gmv.data(), 12000 * 4));
        thrust::device_vector<int> out(12000);
        std::vector<int> r(12000);
        auto e1 = thrust::set_intersection(da.begin(), da.end(), db.begin(), db.end(), out.begin());
        auto r1 = std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), r.begin());
        thrust::host_vector<int> g(out.begin(), e1);
        ok = g.size() == size_t(r1 - r.begin()) && std::equal(g.begin(), g.end(), r.begin());
        report("set_intersection (multiset)", ok, fnv(g.data(), g.size() * 4));
        auto e2 = thrust::set_symmetric_difference(da.begin(), da.end(), db.begin(), db.end(), out.begin());
        auto r2 = std::set_symmetric_difference(a.begin(), a.end(), b.begin(), b.end(), r.begin());
        g = thrust::host_vector<int>(out.begin(), e2);
        ok = g.size() == size_t(r2 - r.begin()) && std::equal(g.begin(), g.end(), r.begin());
        report("set_symmetric_difference", ok, fnv(g.data(), g.size() * 4));
        auto e3 = thrust::set_union(da.begin(), da.end(), db.begin(), db.end(), out.begin());
        auto r3 = std::set_union(a.begin(), a.end(), b.begin(), b.end(), r.begin());
        g = thrust::host_vector<int>(out.begin(), e3);
        ok = g.size() == size_t(r3 - r.begin()) && std::equal(g.begin(), g.end(), r.begin());
        report("set_union", ok, fnv(g.data(), g.size() * 4));
        thrust::device_vector<int> ov(12000);
        auto e4 = thrust::set_difference_by_key(da.begin(), da.end(), db.begin(), db.end(), dav.begin(), dbv.begin(), out.begin(), ov.begin());
        int m4 = (int)(e4.first - out.begin());
        thrust::host_vector<int> g4(ov.begin(), ov.begin() + m4);
        std::vector<int> r4; { size_t i = 0, j = 0; while (i < a.size()) { if (j == b.size() || a[i] < b[j]) r4.push_back(av[i++]); else if (b[j] < a[i]) j++; else { i++; j++; } } }
        ok = m4 == (int)r4.size() && std::equal(g4.begin(), g4.end(), r4.begin());
        report("set_difference_by_key values", ok, fnv(g4.data(), m4 * 4));
        auto e5 = thrust::set_intersection_by_key(da.begin(), da.end(), db.begin(), db.end(), dav.begin(), out.begin(), ov.begin());
        int m5 = (int)(e5.first - out.begin());
        thrust::host_vector<int> g5(ov.begin(), ov.begin() + m5);
        std::vector<int> r5; { size_t i = 0, j = 0; while (i < a.size() && j < b.size()) { if (a[i] < b[j]) i++; else if (b[j] < a[i]) j++; else { r5.push_back(av[i]); i++; j++; } } }
        ok = m5 == (int)r5.size() && std::equal(g5.begin(), g5.end(), r5.begin());
        report("set_intersection_by_key values", ok, fnv(g5.data(), m5 * 4));
        // vectorized searches
        std::vector<int> q(3000); for (auto &x : q) x = (int)(rng(s) % 6100) - 50;
        thrust::device_vector<int> dq(q.begin(), q.end()); thrust::device_vector<unsigned> lb(3000), ub(3000); thrust::device_vector<bool> bs(3000);
        thrust::lower_bound(da.begin(), da.end(), dq.begin(), dq.end(), lb.begin());
        thrust::upper_bound(da.begin(), da.end(), dq.begin(), dq.end(), ub.begin());
        thrust::binary_search(da.begin(), da.end(), dq.begin(), dq.end(), bs.begin());
        thrust::host_vector<unsigned> glb = lb, gub = ub; thrust::host_vector<bool> gbs = bs;
        ok = true;
        for (int i = 0; i < 3000; i++) {
            ok &= glb[i] == (unsigned)(std::lower_bound(a.begin(), a.end(), q[i]) - a.begin());
            ok &= gub[i] == (unsigned)(std::upper_bound(a.begin(), a.end(), q[i]) - a.begin());
            ok &= gbs[i] == std::binary_search(a.begin(), a.end(), q[i]);
        }
        report("vectorized lower/upper_bound, binary_search", ok, fnv(glb.data(), 12000) ^ fnv(gub.data(), 12000));
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
