// flags: -std=c++17
// Thrust's ordered-range algorithms on device_vectors: set_union, set_difference,
// set_symmetric_difference and set_intersection on sorted inputs with duplicates (multiset
// semantics), the _by_key variants carrying values, merge and merge_by_key with a descending
// comparator, vectorized lower_bound/upper_bound/binary_search over many needles, equal_range
// per key, includes, is_sorted_until, unique_copy and unique_count, and a stable sort whose ties
// keep order. Every result compared with the C++ standard library on the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <functional>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/set_operations.h>
#include <thrust/merge.h>
#include <thrust/binary_search.h>
#include <thrust/sort.h>
#include <thrust/unique.h>
#include <thrust/functional.h>
#include <thrust/sequence.h>

static int report(const char* what, const std::vector<int>& got, const std::vector<int>& want) {
    bool ok = got == want;
    long long h = 0;
    for (int v : got) h = (h * 131 + v) % 1000000007;
    printf("%-28s size %zu hash %lld %s\n", what, got.size(), h, ok ? "ok" : "MISMATCH");
    return !ok;
}
template <class V> static std::vector<int> vec(const V& v) { thrust::host_vector<int> h(v); return std::vector<int>(h.begin(), h.end()); }

int main() {
    std::vector<int> a(700), b(450);
    for (int i = 0; i < 700; i++) a[i] = (i * 37) % 500;
    for (int i = 0; i < 450; i++) b[i] = (i * 53) % 640 - 100;
    std::sort(a.begin(), a.end()); std::sort(b.begin(), b.end());
    thrust::device_vector<int> da(a.begin(), a.end()), db(b.begin(), b.end()), dr(a.size() + b.size());
    int bad = 0;
    auto run = [&](const char* name, auto thrust_op, auto std_op) {
        auto end = thrust_op(da.begin(), da.end(), db.begin(), db.end(), dr.begin());
        std::vector<int> got = vec(thrust::device_vector<int>(dr.begin(), end)), want;
        std_op(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(want));
        bad += report(name, got, want);
    };
    run("set_union", [](auto... x) { return thrust::set_union(x...); }, [](auto... x) { return std::set_union(x...); });
    run("set_difference", [](auto... x) { return thrust::set_difference(x...); }, [](auto... x) { return std::set_difference(x...); });
    run("set_symmetric_difference", [](auto... x) { return thrust::set_symmetric_difference(x...); }, [](auto... x) { return std::set_symmetric_difference(x...); });
    run("set_intersection", [](auto... x) { return thrust::set_intersection(x...); }, [](auto... x) { return std::set_intersection(x...); });
    run("merge", [](auto... x) { return thrust::merge(x...); }, [](auto... x) { return std::merge(x...); });

    // by-key variants: values record where each key came from
    std::vector<int> av(a.size()), bv(b.size());
    for (size_t i = 0; i < a.size(); i++) av[i] = 10000 + (int)i;
    for (size_t i = 0; i < b.size(); i++) bv[i] = 20000 + (int)i;
    thrust::device_vector<int> dav(av.begin(), av.end()), dbv(bv.begin(), bv.end()), dk(a.size() + b.size()), dv(a.size() + b.size());
    {
        auto e = thrust::set_intersection_by_key(da.begin(), da.end(), db.begin(), db.end(), dav.begin(), dk.begin(), dv.begin());
        std::vector<int> gk = vec(thrust::device_vector<int>(dk.begin(), e.first)), gv = vec(thrust::device_vector<int>(dv.begin(), e.second));
        // host: multiset intersection keeps the first range's elements (and their values)
        std::vector<int> wk, wv; size_t i = 0, j = 0;
        while (i < a.size() && j < b.size()) {
            if (a[i] < b[j]) i++; else if (b[j] < a[i]) j++; else { wk.push_back(a[i]); wv.push_back(av[i]); i++; j++; }
        }
        bad += report("set_intersection_by_key k", gk, wk) + report("set_intersection_by_key v", gv, wv);
    }
    {
        auto e = thrust::set_difference_by_key(da.begin(), da.end(), db.begin(), db.end(), dav.begin(), dbv.begin(), dk.begin(), dv.begin());
        std::vector<int> gk = vec(thrust::device_vector<int>(dk.begin(), e.first)), gv = vec(thrust::device_vector<int>(dv.begin(), e.second));
        std::vector<int> wk, wv; size_t i = 0, j = 0;
        while (i < a.size()) {
            if (j == b.size() || a[i] < b[j]) { wk.push_back(a[i]); wv.push_back(av[i]); i++; }
            else if (b[j] < a[i]) j++; else { i++; j++; }
        }
        bad += report("set_difference_by_key k", gk, wk) + report("set_difference_by_key v", gv, wv);
    }
    {
        // merge_by_key descending: both inputs sorted with greater<int>
        std::vector<int> ra(a.rbegin(), a.rend()), rb(b.rbegin(), b.rend());
        thrust::device_vector<int> dra(ra.begin(), ra.end()), drb(rb.begin(), rb.end());
        auto e = thrust::merge_by_key(dra.begin(), dra.end(), drb.begin(), drb.end(), dav.begin(), dbv.begin(), dk.begin(), dv.begin(), thrust::greater<int>());
        std::vector<int> gk = vec(thrust::device_vector<int>(dk.begin(), e.first)), gv = vec(thrust::device_vector<int>(dv.begin(), e.second));
        std::vector<std::pair<int, int>> pa, pb, pm;
        for (size_t i = 0; i < ra.size(); i++) pa.push_back({ra[i], av[i]});
        for (size_t i = 0; i < rb.size(); i++) pb.push_back({rb[i], bv[i]});
        std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), std::back_inserter(pm), [](auto x, auto y) { return x.first > y.first; });
        std::vector<int> wk, wv;
        for (auto& p : pm) { wk.push_back(p.first); wv.push_back(p.second); }
        bad += report("merge_by_key desc k", gk, wk) + report("merge_by_key desc v", gv, wv);
    }
    // vectorized searches
    std::vector<int> needles(999);
    for (int i = 0; i < 999; i++) needles[i] = (i * 7919) % 700 - 120;
    thrust::device_vector<int> dn(needles.begin(), needles.end());
    thrust::device_vector<int> lo(999), hi(999);
    thrust::device_vector<bool> found(999);
    thrust::lower_bound(db.begin(), db.end(), dn.begin(), dn.end(), lo.begin());
    thrust::upper_bound(db.begin(), db.end(), dn.begin(), dn.end(), hi.begin());
    thrust::binary_search(db.begin(), db.end(), dn.begin(), dn.end(), found.begin());
    std::vector<int> wl, wh, wf, gf;
    for (int x : needles) {
        wl.push_back(std::lower_bound(b.begin(), b.end(), x) - b.begin());
        wh.push_back(std::upper_bound(b.begin(), b.end(), x) - b.begin());
        wf.push_back(std::binary_search(b.begin(), b.end(), x));
    }
    thrust::host_vector<bool> hf(found);
    for (bool f : hf) gf.push_back(f);
    bad += report("lower_bound x999", vec(lo), wl) + report("upper_bound x999", vec(hi), wh) + report("binary_search x999", gf, wf);
    {
        std::vector<int> got, want;
        for (int k : {-100, -37, 0, 1, 250, 539, 540, 600}) {
            auto r = thrust::equal_range(thrust::device, db.begin(), db.end(), k);
            got.push_back(r.first - db.begin()); got.push_back(r.second - db.begin());
            auto s = std::equal_range(b.begin(), b.end(), k);
            want.push_back(s.first - b.begin()); want.push_back(s.second - b.begin());
        }
        bad += report("equal_range", got, want);
    }
    {
        std::vector<int> sub(a.begin() + 100, a.begin() + 140);
        thrust::device_vector<int> ds(sub.begin(), sub.end());
        thrust::device_vector<int> rest(ds.size());
        bool inc1 = thrust::set_difference(ds.begin(), ds.end(), da.begin(), da.end(), rest.begin()) == rest.begin();
        bool inc2 = thrust::set_difference(ds.begin(), ds.end(), db.begin(), db.end(), rest.begin()) == rest.begin();
        std::vector<int> mixed(a);
        mixed[555] = -1;
        thrust::device_vector<int> dm(mixed.begin(), mixed.end());
        int until = thrust::is_sorted_until(dm.begin(), dm.end()) - dm.begin();
        printf("includes %d %d (host %d %d) is_sorted_until %d (host %d)\n", inc1, inc2,
               std::includes(a.begin(), a.end(), sub.begin(), sub.end()), std::includes(b.begin(), b.end(), sub.begin(), sub.end()),
               until, (int)(std::is_sorted_until(mixed.begin(), mixed.end()) - mixed.begin()));
        thrust::device_vector<int> du(a.size());
        auto e = thrust::unique_copy(da.begin(), da.end(), du.begin());
        std::vector<int> wu; std::unique_copy(a.begin(), a.end(), std::back_inserter(wu));
        bad += report("unique_copy", vec(thrust::device_vector<int>(du.begin(), e)), wu);
        printf("unique_count %d (host %zu)\n", (int)thrust::unique_count(da.begin(), da.end()), wu.size());
    }
    {
        // stable sort of (key % 10) with the index as payload: ties keep input order
        std::vector<int> keys(1000), idx(1000);
        for (int i = 0; i < 1000; i++) { keys[i] = (i * 7) % 10; idx[i] = i; }
        thrust::device_vector<int> dkk(keys.begin(), keys.end()), dii(idx.begin(), idx.end());
        thrust::stable_sort_by_key(dkk.begin(), dkk.end(), dii.begin(), thrust::greater<int>());
        std::vector<int> w(idx);
        std::stable_sort(w.begin(), w.end(), [&](int x, int y) { return keys[x] > keys[y]; });
        bad += report("stable_sort_by_key greater", vec(dii), w);
    }
    printf("mismatching results: %d\n", bad);
    return 0;
}
