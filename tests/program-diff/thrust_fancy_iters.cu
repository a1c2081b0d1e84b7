// flags: -O3 -std=c++17 --extended-lambda
// Thrust's fancy iterators composed as applications compose them: zip + transform + permutation +
// counting + discard + reverse + constant + transform_output, through reduce, scan, copy_if,
// scatter, reduce_by_key and inclusive_scan_by_key.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/discard_iterator.h>
#include <thrust/iterator/reverse_iterator.h>
#include <thrust/iterator/constant_iterator.h>
#include <thrust/iterator/transform_output_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/copy.h>
#include <thrust/scatter.h>
#include <thrust/transform.h>
#include <thrust/sequence.h>
#include <thrust/execution_policy.h>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <numeric>
static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }
static int fails = 0;
static void report(const char *what, bool ok, uint64_t h) { printf("%-40s %s hash=%016llx\n", what, ok ? "ok" : "MISMATCH", (unsigned long long)h); if (!ok) fails++; }
template <class V> static uint64_t hv(const V &v) { thrust::host_vector<typename V::value_type> h(v); return fnv(h.data(), h.size() * sizeof(h[0])); }

struct Dot3 {
    __host__ __device__ float operator()(const thrust::tuple<float, float, float> &t) const {
        return thrust::get<0>(t) * 2.0f + thrust::get<1>(t) * 0.5f - thrust::get<2>(t);
    }
};
// iterators are copy-assigned inside the algorithms: functors, not lambdas (whose assignment is deleted)
struct SqMod { __host__ __device__ int operator()(long long x) const { return (int)((x * x) % 1000); } };
struct Div100 { __host__ __device__ int operator()(int i) const { return i / 100; } };
struct Collatz { __host__ __device__ int operator()(int n) const { int c = 0; long long x = n; while (x != 1 && c < 1000) { x = (x & 1) ? 3 * x + 1 : x / 2; c++; } return c; } };

int main() {
    const int N = 20000;
    std::vector<float> ha(N), hb(N), hc(N);
    for (int i = 0; i < N; i++) { ha[i] = (i % 97) * 0.25f; hb[i] = (i % 31) - 15.0f; hc[i] = (i % 13) * 1.5f; }
    thrust::device_vector<float> a(ha.begin(), ha.end()), b(hb.begin(), hb.end()), c(hc.begin(), hc.end());
    // 1. zip + transform iterator reduced (all values are exact in float: sum order does not matter)
    {
        auto z = thrust::make_zip_iterator(thrust::make_tuple(a.begin(), b.begin(), c.begin()));
        auto t = thrust::make_transform_iterator(z, Dot3{});
        float s = thrust::reduce(t, t + N, 0.0f);
        double r = 0; for (int i = 0; i < N; i++) r += ha[i] * 2.0 + hb[i] * 0.5 - hc[i];
        report("zip+transform reduce", s == (float)r, (uint64_t)(int64_t)(s * 4));
        printf("  sum=%.2f\n", s);
    }
    // 2. permutation iterator gather + counting-based map (reverse order, every 3rd)
    {
        thrust::device_vector<int> map(N / 3);
        thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N / 3), map.begin(), [] __device__(int i) { return 3 * (N / 3 - 1 - i); });
        thrust::device_vector<float> out(N / 3);
        thrust::copy(thrust::make_permutation_iterator(a.begin(), map.begin()), thrust::make_permutation_iterator(a.begin(), map.end()), out.begin());
        thrust::host_vector<float> g = out; bool ok = true;
        for (int i = 0; i < N / 3; i++) ok &= g[i] == ha[3 * (N / 3 - 1 - i)];
        report("permutation gather", ok, hv(out));
    }
    // 3. reverse iterator inclusive scan
    {
        thrust::device_vector<float> out(N);
        thrust::inclusive_scan(thrust::make_reverse_iterator(b.end()), thrust::make_reverse_iterator(b.begin()), out.begin());
        thrust::host_vector<float> g = out; bool ok = true; float acc = 0;
        for (int i = 0; i < N; i++) { acc += hb[N - 1 - i]; ok &= g[i] == acc; }
        report("reverse_iterator inclusive_scan", ok, hv(out));
    }
    // 4. copy_if with a counting stencil into a discard iterator: only the count matters
    {
        auto end = thrust::copy_if(thrust::device, thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), thrust::make_discard_iterator(), [] __device__(int i) { return (i * 7919) % 11 < 3; });
        long cnt = end - thrust::make_discard_iterator();
        long r = 0; for (int i = 0; i < N; i++) r += (i * 7919) % 11 < 3;
        report("copy_if into discard_iterator", cnt == r, (uint64_t)cnt);
        printf("  count=%ld\n", cnt);
    }
    // 5. reduce_by_key of constant_iterator (a histogram of sorted keys), keys discarded
    {
        thrust::device_vector<int> keys(N);
        thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), keys.begin(), [] __device__(int i) { return (int)sqrtf((float)i); });
        thrust::device_vector<int> counts(N);
        auto r = thrust::reduce_by_key(keys.begin(), keys.end(), thrust::constant_iterator<int>(1), thrust::make_discard_iterator(), counts.begin());
        int m = (int)(r.second - counts.begin());
        thrust::host_vector<int> g(counts.begin(), counts.begin() + m);
        std::vector<int> ref; for (int i = 0; i < N; i++) { int k = (int)sqrtf((float)i); if ((int)ref.size() <= k) ref.resize(k + 1, 0); ref[k]++; }
        bool ok = m == (int)ref.size(); for (int i = 0; ok && i < m; i++) ok &= g[i] == ref[i];
        report("reduce_by_key constant/discard", ok, fnv(g.data(), m * 4));
        printf("  groups=%d last=%d\n", m, g[m - 1]);
    }
    // 6. transform_output_iterator: the scan writes squares of prefix sums mod 1000
    {
        thrust::device_vector<int> out(N);
        auto o = thrust::make_transform_output_iterator(out.begin(), SqMod{});
        thrust::inclusive_scan(thrust::counting_iterator<long long>(1), thrust::counting_iterator<long long>(N + 1), o);
        thrust::host_vector<int> g = out; bool ok = true; long long acc = 0;
        for (int i = 0; i < N; i++) { acc += i + 1; ok &= g[i] == (int)((acc * acc) % 1000); }
        report("transform_output_iterator scan", ok, hv(out));
    }
    // 7. scatter through a permutation, then a transform over a counting iterator (Collatz)
    {
        thrust::device_vector<int> perm(N), out(N);
        thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), perm.begin(), [] __device__(int i) { return (int)(((long long)i * 7717) % N); });
        thrust::scatter(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), perm.begin(), out.begin());
        thrust::host_vector<int> g = out; bool ok = true;
        for (int i = 0; i < N; i++) ok &= g[(int)(((long long)i * 7717) % N)] == i;
        report("scatter by permutation", ok, hv(out));
        thrust::device_vector<int> steps(1000);
        thrust::transform(thrust::counting_iterator<int>(1), thrust::counting_iterator<int>(1001), steps.begin(), Collatz{});
        int mx = thrust::reduce(steps.begin(), steps.end(), 0, thrust::maximum<int>());
        int rmx = 0; for (int n = 1; n <= 1000; n++) rmx = std::max(rmx, Collatz{}(n));
        report("transform counting (Collatz) max", mx == rmx, (uint64_t)mx);
        printf("  max steps=%d\n", mx);
    }
    // 8. inclusive_scan_by_key over zipped keys made by transform iterators
    {
        auto k = thrust::make_transform_iterator(thrust::counting_iterator<int>(0), Div100{});
        thrust::device_vector<int> out(N);
        thrust::inclusive_scan_by_key(k, k + N, thrust::counting_iterator<int>(0), out.begin());
        thrust::host_vector<int> g = out; bool ok = true; int acc = 0;
        for (int i = 0; i < N; i++) { acc = (i % 100 == 0) ? i : acc + i; ok &= g[i] == acc; }
        report("inclusive_scan_by_key fancy keys", ok, hv(out));
    }
    printf("%s\n", fails ? "FAILED" : "PASSED");
    return fails != 0;
}
