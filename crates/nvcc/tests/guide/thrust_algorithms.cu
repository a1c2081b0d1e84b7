// Thrust (the CUDA C++ parallel algorithms library the guide points to): device_vector of ints and
// of structs, sort / sort_by_key / stable_sort with functor and device-lambda comparators,
// inclusive and exclusive scan (with and without keys), reduce / reduce_by_key, transform_reduce,
// copy_if / remove_if, unique / unique_by_key, count_if, min/max_element, gather / scatter,
// lower_bound, sequence / fill, counting / transform / zip iterators — each against std:: on the host.
// nvcc-flags: --extended-lambda -std=c++17
// (Device lambdas passed to Thrust declare their return type: nvcc cannot query it in host code.)
#include "guide.h"
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/scan.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/copy.h>
#include <thrust/remove.h>
#include <thrust/unique.h>
#include <thrust/count.h>
#include <thrust/extrema.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/binary_search.h>
#include <thrust/sequence.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/tuple.h>
#include <algorithm>
#include <numeric>
#include <vector>
#include <map>
struct Particle { int id; float mass; int group; };
struct ByMassDesc { __host__ __device__ bool operator()(const Particle& a, const Particle& b) const { return a.mass > b.mass; } };
struct IsEven { __host__ __device__ bool operator()(int x) const { return x % 2 == 0; } };
struct Square { __host__ __device__ long long operator()(int x) const { return (long long)x * x; } };
template <typename T> static bool same(const thrust::device_vector<T>& d, const std::vector<T>& h) {
  thrust::host_vector<T> c = d;
  return c.size() == h.size() && std::equal(h.begin(), h.end(), c.begin());
}
int main() {
  const int n = 5000;
  std::vector<int> h(n);
  unsigned s = 12345;
  for (auto& v : h) { s = s * 1103515245u + 12345u; v = (int)(s >> 8) % 1000 - 500; }
  thrust::device_vector<int> d(h.begin(), h.end());
  // sort
  {
    thrust::device_vector<int> a = d;
    thrust::sort(a.begin(), a.end());
    std::vector<int> w = h; std::sort(w.begin(), w.end());
    check(same(a, w), "thrust::sort");
    thrust::sort(a.begin(), a.end(), thrust::greater<int>());
    std::sort(w.begin(), w.end(), std::greater<int>());
    check(same(a, w), "thrust::sort with thrust::greater");
  }
  // sort_by_key, stable: values keep their order within equal keys
  {
    thrust::device_vector<int> keys = d, vals(n);
    thrust::sequence(vals.begin(), vals.end());
    thrust::stable_sort_by_key(keys.begin(), keys.end(), vals.begin());
    std::vector<int> idx(n); std::iota(idx.begin(), idx.end(), 0);
    std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return h[a] < h[b]; });
    std::vector<int> wk(n); for (int i = 0; i < n; i++) wk[i] = h[idx[i]];
    check(same(keys, wk) && same(vals, idx), "thrust::stable_sort_by_key carries values");
    thrust::device_vector<int> k2 = d, v2(n);
    thrust::sequence(v2.begin(), v2.end(), 0, 2);
    thrust::sort_by_key(k2.begin(), k2.end(), v2.begin());
    thrust::host_vector<int> hk = k2, hv = v2;
    bool ok = std::is_sorted(hk.begin(), hk.end());
    for (int i = 0; i < n; i++) ok &= h[hv[i] / 2] == hk[i];
    check(ok, "thrust::sort_by_key pairs stay together");
  }
  // scans
  {
    thrust::device_vector<int> out(n);
    thrust::inclusive_scan(d.begin(), d.end(), out.begin());
    std::vector<int> w(n); std::partial_sum(h.begin(), h.end(), w.begin());
    check(same(out, w), "thrust::inclusive_scan");
    thrust::exclusive_scan(d.begin(), d.end(), out.begin(), 100);
    std::vector<int> e(n); int acc = 100; for (int i = 0; i < n; i++) { e[i] = acc; acc += h[i]; }
    check(same(out, e), "thrust::exclusive_scan with an initial value");
    thrust::inclusive_scan(d.begin(), d.end(), out.begin(), thrust::maximum<int>());
    int m = -1 << 30; for (int i = 0; i < n; i++) { m = std::max(m, h[i]); w[i] = m; }
    check(same(out, w), "thrust::inclusive_scan with thrust::maximum");
    thrust::device_vector<int> keys(n);
    for (int i = 0; i < n; i++) keys[i] = i / 7;
    thrust::inclusive_scan_by_key(keys.begin(), keys.end(), d.begin(), out.begin());
    for (int i = 0; i < n; i++) w[i] = (i % 7 ? w[i - 1] : 0) + h[i];
    std::vector<int> sbk(n); for (int i = 0; i < n; i++) sbk[i] = (i % 7 ? sbk[i - 1] : 0) + h[i];
    check(same(out, sbk), "thrust::inclusive_scan_by_key");
  }
  // reductions
  {
    long long sum = thrust::reduce(d.begin(), d.end(), 0LL);
    check(sum == std::accumulate(h.begin(), h.end(), 0LL), "thrust::reduce");
    long long sq = thrust::transform_reduce(d.begin(), d.end(), Square(), 0LL, thrust::plus<long long>());
    long long wsq = 0; for (int v : h) wsq += (long long)v * v;
    check(sq == wsq, "thrust::transform_reduce");
    thrust::device_vector<int> keys(n);
    for (int i = 0; i < n; i++) keys[i] = (i / 3) % 50;  // runs of 3 equal keys, repeating
    thrust::device_vector<int> ok_keys(n), sums(n);
    auto ends = thrust::reduce_by_key(keys.begin(), keys.end(), d.begin(), ok_keys.begin(), sums.begin());
    int runs = ends.first - ok_keys.begin();
    std::vector<int> wk, ws;
    for (int i = 0; i < n; i++) {
      int k = (i / 3) % 50;
      if (wk.empty() || wk.back() != k) { wk.push_back(k); ws.push_back(0); }
      ws.back() += h[i];
    }
    ok_keys.resize(runs); sums.resize(runs);
    check(runs == (int)wk.size() && same(ok_keys, wk) && same(sums, ws), "thrust::reduce_by_key over consecutive runs");
    auto mm = thrust::minmax_element(d.begin(), d.end());
    check(*mm.first == *std::min_element(h.begin(), h.end()) && *mm.second == *std::max_element(h.begin(), h.end()) &&
              (mm.first - d.begin()) == (std::min_element(h.begin(), h.end()) - h.begin()),
          "thrust::minmax_element");
    int evens = thrust::count_if(d.begin(), d.end(), IsEven());
    check(evens == std::count_if(h.begin(), h.end(), [](int x) { return x % 2 == 0; }), "thrust::count_if");
  }
  // stream compaction
  {
    thrust::device_vector<int> out(n);
    auto end = thrust::copy_if(d.begin(), d.end(), out.begin(), [] __device__(int x) -> bool { return x > 100; });
    out.resize(end - out.begin());
    std::vector<int> w; std::copy_if(h.begin(), h.end(), std::back_inserter(w), [](int x) { return x > 100; });
    check(same(out, w), "thrust::copy_if with a device lambda");
    thrust::device_vector<int> r = d;
    r.erase(thrust::remove_if(r.begin(), r.end(), IsEven()), r.end());
    std::vector<int> wr = h; wr.erase(std::remove_if(wr.begin(), wr.end(), [](int x) { return x % 2 == 0; }), wr.end());
    check(same(r, wr), "thrust::remove_if");
    thrust::device_vector<int> u = d;
    thrust::sort(u.begin(), u.end());
    u.erase(thrust::unique(u.begin(), u.end()), u.end());
    std::vector<int> wu = h; std::sort(wu.begin(), wu.end()); wu.erase(std::unique(wu.begin(), wu.end()), wu.end());
    check(same(u, wu), "thrust::unique after sort");
  }
  // device_vector of structs
  {
    thrust::host_vector<Particle> hp(n);
    for (int i = 0; i < n; i++) hp[i] = {i, (float)((i * 7919) % 1000) * 0.5f, i % 5};
    thrust::device_vector<Particle> dp = hp;
    thrust::sort(dp.begin(), dp.end(), ByMassDesc());
    thrust::host_vector<Particle> back = dp;
    bool ok = true;
    for (int i = 1; i < n; i++) ok &= back[i - 1].mass >= back[i].mass;
    std::vector<bool> seen(n);
    for (int i = 0; i < n; i++) { ok &= !seen[back[i].id] && back[i].mass == hp[back[i].id].mass; seen[back[i].id] = true; }
    check(ok, "device_vector of structs sorted with a functor comparator");
    float heavy = thrust::transform_reduce(dp.begin(), dp.end(), [] __device__(const Particle& p) -> float { return p.group == 2 ? p.mass : 0.f; },
                                           0.f, thrust::plus<float>());
    float wh = 0; for (auto& p : hp) if (p.group == 2) wh += p.mass;  // halves of integers below 2^23: exact
    check(heavy == wh, "transform_reduce over structs with a device lambda");
  }
  // iterators, gather/scatter, binary search
  {
    auto sq = thrust::make_transform_iterator(thrust::counting_iterator<int>(0), Square());
    long long ssum = thrust::reduce(sq, sq + 1000, 0LL);
    check(ssum == 999LL * 1000 * 1999 / 6, "counting_iterator + transform_iterator");
    thrust::device_vector<int> a(n), b(n), c(n);
    thrust::sequence(a.begin(), a.end());
    thrust::fill(b.begin(), b.end(), 3);
    thrust::transform(thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin())),
                      thrust::make_zip_iterator(thrust::make_tuple(a.end(), b.end())), c.begin(),
                      [] __device__(thrust::tuple<int, int> t) -> int { return thrust::get<0>(t) * thrust::get<1>(t); });
    std::vector<int> w(n); for (int i = 0; i < n; i++) w[i] = 3 * i;
    check(same(c, w), "zip_iterator with a tuple device lambda");
    thrust::device_vector<int> map(n), g(n), sc(n);
    for (int i = 0; i < n; i++) map[i] = (i * 37) % n;
    thrust::gather(map.begin(), map.end(), d.begin(), g.begin());
    thrust::scatter(d.begin(), d.end(), map.begin(), sc.begin());
    std::vector<int> wg(n), wsct(n);
    for (int i = 0; i < n; i++) { wg[i] = h[(i * 37) % n]; wsct[(i * 37) % n] = h[i]; }
    check(same(g, wg) && same(sc, wsct), "thrust::gather / thrust::scatter");
    thrust::device_vector<int> sorted = d;
    thrust::sort(sorted.begin(), sorted.end());
    thrust::device_vector<int> q(5), pos(5);
    int qs[5] = {-600, -500, 0, 17, 600};
    for (int i = 0; i < 5; i++) q[i] = qs[i];
    thrust::lower_bound(sorted.begin(), sorted.end(), q.begin(), q.end(), pos.begin());
    std::vector<int> hs = h; std::sort(hs.begin(), hs.end());
    std::vector<int> wp(5); for (int i = 0; i < 5; i++) wp[i] = std::lower_bound(hs.begin(), hs.end(), qs[i]) - hs.begin();
    check(same(pos, wp), "vectorized thrust::lower_bound");
  }
  return finish();
}
