// flags: -O3 -std=c++17 --extended-lambda
// Thrust's less common algorithms: gather_if / scatter_if, tabulate, inner_product,
// transform_inclusive_scan / transform_exclusive_scan, adjacent_difference, mismatch,
// partition_copy, stable_partition, replace_if, minmax_element, count_if, for_each_n,
// is_sorted_until, remove_copy_if, equal, generate with a device lambda.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/tabulate.h>
#include <thrust/inner_product.h>
#include <thrust/transform_scan.h>
#include <thrust/adjacent_difference.h>
#include <thrust/mismatch.h>
#include <thrust/partition.h>
#include <thrust/replace.h>
#include <thrust/extrema.h>
#include <thrust/count.h>
#include <thrust/for_each.h>
#include <thrust/sort.h>
#include <thrust/remove.h>
#include <thrust/equal.h>
#include <thrust/sequence.h>
#include <thrust/iterator/counting_iterator.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <numeric>
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-40s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }
template <class T> static uint64_t hv(const thrust::host_vector<T> &h) { return fnv(h.data(), h.size() * sizeof(T)); }

struct IsOdd { __host__ __device__ bool operator()(int x) const { return x & 1; } };

int main() {
    const int N = 25000;
    std::vector<int> h(N); uint32_t s = 17;
    for (auto &x : h) { s = s * 1664525u + 1013904223u; x = (int)(s >> 16) % 2000 - 1000; }
    thrust::device_vector<int> d(h.begin(), h.end());
    {
        thrust::device_vector<int> t(N);
        thrust::tabulate(t.begin(), t.end(), [] __host__ __device__(int i) { return (i * i) % 977 - 400; });
        thrust::host_vector<int> g = t; bool ok = true; for (int i = 0; i < N; i++) ok &= g[i] == (i * i) % 977 - 400;
        report("tabulate", ok, hv(g));
        long long ip = thrust::inner_product(d.begin(), d.end(), t.begin(), 0LL);
        long long ip2 = thrust::inner_product(d.begin(), d.end(), t.begin(), 7LL, thrust::plus<long long>(), [] __host__ __device__(int a, int b) { return (long long)(a > b ? a : b); });
        long long r = 0, r2 = 7; for (int i = 0; i < N; i++) { r += (long long)h[i] * g[i]; r2 += std::max(h[i], g[i]); }
        report("inner_product (+, *) and (+, max)", ip == r && ip2 == r2, (uint64_t)ip ^ (uint64_t)ip2);
        printf("  %lld %lld\n", ip, ip2);
    }
    {
        thrust::device_vector<int> map(N / 2), stencil(N / 2), out(N / 2, -1);
        thrust::tabulate(map.begin(), map.end(), [] __host__ __device__(int i) { return (i * 37) % N; });
        thrust::tabulate(stencil.begin(), stencil.end(), [] __host__ __device__(int i) { return i % 3; });
        thrust::gather_if(map.begin(), map.end(), stencil.begin(), d.begin(), out.begin());
        thrust::host_vector<int> g = out; bool ok = true;
        for (int i = 0; i < N / 2; i++) ok &= g[i] == (i % 3 ? h[(i * 37) % N] : -1);
        report("gather_if", ok, hv(g));
        thrust::device_vector<int> sc(N, 0);
        thrust::scatter_if(thrust::counting_iterator<int>(100), thrust::counting_iterator<int>(100 + N / 2), map.begin(), stencil.begin(), sc.begin(), [] __host__ __device__(int st) { return st == 2; });
        thrust::host_vector<int> gs = sc; std::vector<int> rs(N, 0);
        for (int i = 0; i < N / 2; i++) if (i % 3 == 2) rs[(i * 37) % N] = 100 + i;
        report("scatter_if with predicate", std::equal(rs.begin(), rs.end(), gs.begin()), hv(gs));
    }
    {
        thrust::device_vector<long long> o(N);
        thrust::transform_inclusive_scan(d.begin(), d.end(), o.begin(), [] __host__ __device__(int x) { return (long long)x * x; }, thrust::plus<long long>());
        thrust::host_vector<long long> g = o; bool ok = true; long long a = 0;
        for (int i = 0; i < N; i++) { a += (long long)h[i] * h[i]; ok &= g[i] == a; }
        report("transform_inclusive_scan squares", ok, hv(g));
        thrust::device_vector<int> o2(N);
        thrust::transform_exclusive_scan(d.begin(), d.end(), o2.begin(), [] __host__ __device__(int x) { return x < 0 ? -x : x; }, 5, thrust::maximum<int>());
        thrust::host_vector<int> g2 = o2; ok = true; int m = 5;
        for (int i = 0; i < N; i++) { ok &= g2[i] == m; m = std::max(m, std::abs(h[i])); }
        report("transform_exclusive_scan abs/max", ok, hv(g2));
    }
    {
        thrust::device_vector<int> o(N);
        thrust::adjacent_difference(d.begin(), d.end(), o.begin(), [] __host__ __device__(int a, int b) { return a * 3 - b; });
        thrust::host_vector<int> g = o; bool ok = g[0] == h[0];
        for (int i = 1; i < N; i++) ok &= g[i] == h[i] * 3 - h[i - 1];
        report("adjacent_difference custom op", ok, hv(g));
        thrust::device_vector<int> e(d); e[N - 777] = 123456;
        auto mm = thrust::mismatch(d.begin(), d.end(), e.begin());
        report("mismatch position", mm.first - d.begin() == N - 777, (uint64_t)(mm.first - d.begin()));
        bool eq = thrust::equal(d.begin(), d.begin() + N - 777, e.begin());
        report("equal on the matching prefix", eq, 1);
    }
    {
        thrust::device_vector<int> odd(N), even(N);
        auto r = thrust::partition_copy(d.begin(), d.end(), odd.begin(), even.begin(), IsOdd{});
        int no = (int)(r.first - odd.begin()), ne = (int)(r.second - even.begin());
        std::vector<int> ro, re; for (int x : h) (x & 1 ? ro : re).push_back(x);
        thrust::host_vector<int> go(odd.begin(), r.first), ge(even.begin(), r.second);
        report("partition_copy", no == (int)ro.size() && ne == (int)re.size() && std::equal(ro.begin(), ro.end(), go.begin()) && std::equal(re.begin(), re.end(), ge.begin()), hv(go) ^ hv(ge));
        thrust::device_vector<int> p(d);
        auto mid = thrust::stable_partition(p.begin(), p.end(), [] __host__ __device__(int x) { return x > 500; });
        std::vector<int> rp(h); auto rmid = std::stable_partition(rp.begin(), rp.end(), [](int x) { return x > 500; });
        thrust::host_vector<int> gp = p;
        report("stable_partition", (mid - p.begin()) == (rmid - rp.begin()) && std::equal(rp.begin(), rp.end(), gp.begin()), hv(gp));
        printf("  partition point %d\n", (int)(mid - p.begin()));
    }
    {
        thrust::device_vector<int> r(d);
        thrust::replace_if(r.begin(), r.end(), [] __host__ __device__(int x) { return x % 7 == 0; }, -7777);
        auto mm = thrust::minmax_element(r.begin(), r.end());
        int cnt = (int)thrust::count_if(r.begin(), r.end(), [] __host__ __device__(int x) { return x == -7777; });
        std::vector<int> rr(h); std::replace_if(rr.begin(), rr.end(), [](int x) { return x % 7 == 0; }, -7777);
        // thrust::minmax_element gives the first largest element (std::minmax_element the last)
        auto rmm = std::make_pair(std::min_element(rr.begin(), rr.end()), std::max_element(rr.begin(), rr.end()));
        int rc = (int)std::count(rr.begin(), rr.end(), -7777);
        report("replace_if + minmax_element + count_if", (mm.first - r.begin()) == (rmm.first - rr.begin()) && (mm.second - r.begin()) == (rmm.second - rr.begin()) && cnt == rc, (uint64_t)cnt);
        printf("  min at %d max at %d (%d) count %d\n", (int)(mm.first - r.begin()), (int)(mm.second - r.begin()), (int)*mm.second, cnt);
    }
    {
        thrust::device_vector<int> f(N, 1);
        int *raw = thrust::raw_pointer_cast(f.data());
        thrust::for_each_n(thrust::counting_iterator<int>(0), N / 4, [raw] __host__ __device__(int i) { raw[i * 4] = i; });
        thrust::host_vector<int> g = f; bool ok = true;
        for (int i = 0; i < N; i++) ok &= g[i] == (i % 4 ? 1 : i / 4);
        report("for_each_n with a raw pointer lambda", ok, hv(g));
        thrust::device_vector<int> so(d); thrust::sort(so.begin(), so.begin() + N / 2);
        auto u = thrust::is_sorted_until(so.begin(), so.end());
        std::vector<int> rs(h); std::sort(rs.begin(), rs.begin() + N / 2);
        report("is_sorted_until", (u - so.begin()) == (std::is_sorted_until(rs.begin(), rs.end()) - rs.begin()), (uint64_t)(u - so.begin()));
        thrust::device_vector<int> rc(N);
        auto e = thrust::remove_copy_if(d.begin(), d.end(), rc.begin(), [] __host__ __device__(int x) { return x < 0; });
        report("remove_copy_if", (e - rc.begin()) == std::count_if(h.begin(), h.end(), [](int x) { return x >= 0; }), (uint64_t)(e - rc.begin()));
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
