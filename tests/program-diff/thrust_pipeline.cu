// flags: --extended-lambda
// A data-processing pipeline written with Thrust, as many CUDA applications are: generate
// records, sort_by_key on a composite key (zip iterators), reduce_by_key to per-group
// sums, transform_reduce with a functor, copy_if + count_if, unique, lower_bound searches,
// inclusive_scan with max, exclusive_scan_by_key, and a transform over a counting iterator;
// every result compared with the host's std algorithms.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/unique.h>
#include <thrust/binary_search.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/functional.h>
#include <thrust/iterator/constant_iterator.h>

struct Square { __host__ __device__ long long operator()(int x) const { return (long long)x * x; } };
struct IsMultipleOf7 { __host__ __device__ bool operator()(int x) const { return x % 7 == 0; } };
struct Hash { __host__ __device__ int operator()(int i) const { unsigned h = i * 2654435761u; return (int)(h >> 12) % 1000 - 500; } };

int main() {
    const int n = 50001;
    thrust::device_vector<int> keys(n), vals(n);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), vals.begin(), Hash());
    thrust::transform(vals.begin(), vals.end(), keys.begin(), [] __device__(int v) { return (v + 500) / 37; });
    thrust::host_vector<int> hk = keys, hv = vals;
    std::vector<std::pair<int, int>> ref(n);
    for (int i = 0; i < n; ++i) ref[i] = {hk[i], hv[i]};
    // sort by (key, value)
    thrust::sort(thrust::make_zip_iterator(thrust::make_tuple(keys.begin(), vals.begin())), thrust::make_zip_iterator(thrust::make_tuple(keys.end(), vals.end())));
    std::sort(ref.begin(), ref.end());
    hk = keys; hv = vals;
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += hk[i] != ref[i].first || hv[i] != ref[i].second;
    printf("zip sort mismatches %d first (%d,%d) last (%d,%d)\n", bad, (int)hk[0], (int)hv[0], (int)hk[n - 1], (int)hv[n - 1]);
    thrust::device_vector<int> ok(n), osum(n);
    auto ends = thrust::reduce_by_key(keys.begin(), keys.end(), vals.begin(), ok.begin(), osum.begin());
    int groups = (int)(ends.first - ok.begin());
    std::vector<long long> gs; std::vector<int> gk;
    for (int i = 0; i < n; ++i) { if (i == 0 || ref[i].first != ref[i - 1].first) { gk.push_back(ref[i].first); gs.push_back(0); } gs.back() += ref[i].second; }
    thrust::host_vector<int> hos = osum, hok = ok;
    bad = groups != (int)gk.size();
    for (int g = 0; g < groups && !bad; ++g) bad += hok[g] != gk[g] || hos[g] != gs[g];
    printf("reduce_by_key: %d groups, mismatches %d, group 3 sum %d\n", groups, bad, (int)hos[3]);
    long long sq = thrust::transform_reduce(vals.begin(), vals.end(), Square(), 0LL, thrust::plus<long long>());
    long long sqr = 0; for (auto& p : ref) sqr += (long long)p.second * p.second;
    printf("sum of squares %lld %s\n", sq, sq == sqr ? "ok" : "BAD");
    thrust::device_vector<int> m7(n);
    auto m7end = thrust::copy_if(vals.begin(), vals.end(), m7.begin(), IsMultipleOf7());
    int c7 = (int)thrust::count_if(vals.begin(), vals.end(), IsMultipleOf7());
    int c7r = (int)std::count_if(ref.begin(), ref.end(), [](auto p) { return p.second % 7 == 0; });
    printf("multiples of 7: copied %d counted %d host %d\n", (int)(m7end - m7.begin()), c7, c7r);
    thrust::device_vector<int> u = vals;
    thrust::sort(u.begin(), u.end());
    int nu = (int)(thrust::unique(u.begin(), u.end()) - u.begin());
    std::vector<int> ru; for (auto& p : ref) ru.push_back(p.second);
    std::sort(ru.begin(), ru.end());
    int nur = (int)(std::unique(ru.begin(), ru.end()) - ru.begin());
    printf("unique values %d host %d\n", nu, nur);
    thrust::device_vector<int> probes(5), where(5);
    int hp[5] = {-501, -500, 0, 123, 500};
    thrust::copy(hp, hp + 5, probes.begin());
    thrust::lower_bound(u.begin(), u.begin() + nu, probes.begin(), probes.end(), where.begin());
    thrust::host_vector<int> hw = where;
    printf("lower_bound:");
    for (int i = 0; i < 5; ++i) printf(" %d/%d", (int)hw[i], (int)(std::lower_bound(ru.begin(), ru.begin() + nur, hp[i]) - ru.begin()));
    printf("\n");
    thrust::device_vector<int> runmax(n);
    thrust::inclusive_scan(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), runmax.begin(), [] __device__(int a, int b) { return a > b ? a : b; });
    thrust::device_vector<int> hashed(n);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), hashed.begin(), Hash());
    thrust::inclusive_scan(hashed.begin(), hashed.end(), runmax.begin(), thrust::maximum<int>());
    thrust::host_vector<int> hr = runmax;
    int mx = -1000, bm = 0;
    for (int i = 0; i < n; ++i) { mx = std::max(mx, Hash()(i)); bm += hr[i] != mx; }
    printf("running max mismatches %d final %d\n", bm, (int)hr[n - 1]);
    thrust::device_vector<int> ex(n);
    thrust::exclusive_scan_by_key(keys.begin(), keys.end(), thrust::constant_iterator<int>(1), ex.begin());
    thrust::host_vector<int> hex = ex;
    int be = 0;
    for (int i = 0, r = 0; i < n; ++i) { r = (i == 0 || ref[i].first != ref[i - 1].first) ? 0 : r + 1; be += hex[i] != r; }
    printf("exclusive_scan_by_key rank mismatches %d\n", be);
    return 0;
}
