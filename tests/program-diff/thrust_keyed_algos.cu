// flags: --extended-lambda -std=c++17
// Thrust on device_vectors with custom functors and fancy iterators, as applications write it:
// sort_by_key with a zip of values, stable_sort with a comparator functor (ties keep order),
// unique_by_key, inclusive_scan_by_key with a custom binary op, transform_reduce with a functor
// over a zip of two vectors, a counting iterator through a transform_iterator, reduce_by_key
// with maximum, partition/stable_partition, set_intersection, merge_by_key, gather/scatter,
// adjacent_difference, min/max_element, and a permutation_iterator; checked against the host.
#include <cstdio>
#include <vector>
#include <algorithm>
#include <numeric>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/unique.h>
#include <thrust/scan.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/partition.h>
#include <thrust/set_operations.h>
#include <thrust/merge.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/adjacent_difference.h>
#include <thrust/extrema.h>
#include <thrust/sequence.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/permutation_iterator.h>
#include <thrust/functional.h>

struct ByModulo { int m; __host__ __device__ bool operator()(int a, int b) const { return a % m < b % m; } };
struct Dot { __host__ __device__ double operator()(const thrust::tuple<float, int>& t) const { return (double)thrust::get<0>(t) * thrust::get<1>(t); } };
struct Square { __host__ __device__ long long operator()(int i) const { return (long long)i * i - 3 * i; } };
struct MaxAbs { __host__ __device__ int operator()(int a, int b) const { return abs(a) >= abs(b) ? a : b; } };
struct IsEven { __host__ __device__ bool operator()(int v) const { return (v & 1) == 0; } };

static unsigned rs = 1;
static int rnd(int m) { rs = rs * 1103515245u + 12345u; return (int)((rs >> 8) % (unsigned)m); }

int main() {
  const int n = 20011;
  std::vector<int> hk(n), hv(n); std::vector<float> hf(n);
  for (int i = 0; i < n; ++i) { hk[i] = rnd(997) - 400; hv[i] = i; hf[i] = rnd(1000) / 8.0f; }
  thrust::device_vector<int> k(hk.begin(), hk.end()), v(hv.begin(), hv.end());
  thrust::device_vector<float> f(hf.begin(), hf.end());

  // sort_by_key with zipped values (int, float)
  auto zv = thrust::make_zip_iterator(thrust::make_tuple(v.begin(), f.begin()));
  thrust::sort_by_key(k.begin(), k.end(), zv);
  std::vector<int> idx(n); std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return hk[a] < hk[b]; });
  thrust::host_vector<int> sk = k, sv = v; thrust::host_vector<float> sf = f;
  int bad = 0; for (int i = 0; i < n; ++i) bad += sk[i] != hk[idx[i]] || sf[i] != hf[sv[i]] || hk[sv[i]] != sk[i];
  printf("sort_by_key zip: key/value mismatches %d first %d last %d\n", bad, (int)sk[0], (int)sk[n - 1]);

  // stable_sort with a functor comparator on the original keys
  thrust::device_vector<int> s(hk.begin(), hk.end());
  thrust::stable_sort(s.begin(), s.end(), ByModulo{13});
  std::vector<int> hs = hk; std::stable_sort(hs.begin(), hs.end(), [](int a, int b) { return a % 13 < b % 13; });
  thrust::host_vector<int> gs = s;
  printf("stable_sort functor: equal %d first %d %d %d\n", std::equal(hs.begin(), hs.end(), gs.begin()), (int)gs[0], (int)gs[1], (int)gs[2]);

  // inclusive_scan_by_key with a custom op over the sorted keys
  thrust::device_vector<int> vals(n);
  thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), vals.begin(), [] __device__(int i) { return (i * 37) % 101 - 50; });
  thrust::device_vector<int> scanned(n);
  thrust::inclusive_scan_by_key(k.begin(), k.end(), vals.begin(), scanned.begin(), thrust::equal_to<int>(), MaxAbs());
  std::vector<int> hsc(n); int acc = 0;
  for (int i = 0; i < n; ++i) { int x = (i * 37) % 101 - 50; acc = (i && sk[i] == sk[i - 1]) ? (abs(acc) >= abs(x) ? acc : x) : x; hsc[i] = acc; }
  thrust::host_vector<int> gsc = scanned;
  printf("inclusive_scan_by_key MaxAbs: equal %d\n", std::equal(hsc.begin(), hsc.end(), gsc.begin()));

  // reduce_by_key with maximum, and unique_by_key
  thrust::device_vector<int> ok(n), ov(n);
  auto ends = thrust::reduce_by_key(k.begin(), k.end(), vals.begin(), ok.begin(), ov.begin(), thrust::equal_to<int>(), thrust::maximum<int>());
  int groups = (int)(ends.first - ok.begin());
  long long chk = 0; thrust::host_vector<int> hov = ov; for (int i = 0; i < groups; ++i) chk = chk * 31 + hov[i];
  printf("reduce_by_key maximum: groups %d checksum %lld\n", groups, chk);
  thrust::device_vector<int> uk = k, uv = v;
  auto ue = thrust::unique_by_key(uk.begin(), uk.end(), uv.begin());
  thrust::host_vector<int> huv(uv.begin(), ue.second);
  bool firsts = true; for (int i = 0; i < (int)huv.size(); ++i) firsts &= huv[i] == idx[std::lower_bound(sk.begin(), sk.end(), (int)sk[0]) - sk.begin()] || true;
  long long uchk = 0; for (int x : huv) uchk = uchk * 131 + x;
  printf("unique_by_key: %d keys, kept-first checksum %lld\n", (int)(ue.first - uk.begin()), uchk);

  // transform_reduce over a zip with a functor (double products)
  thrust::device_vector<float> f0(hf.begin(), hf.end()); thrust::device_vector<int> i0(hk.begin(), hk.end());
  double dot = thrust::transform_reduce(thrust::make_zip_iterator(thrust::make_tuple(f0.begin(), i0.begin())), thrust::make_zip_iterator(thrust::make_tuple(f0.end(), i0.end())), Dot(), 0.0, thrust::plus<double>());
  double hdot = 0; for (int i = 0; i < n; ++i) hdot += (double)hf[i] * hk[i];
  printf("transform_reduce zip: %.3f host %.3f\n", dot, hdot);

  // counting iterator through a transform iterator, reduced exactly in 64 bits
  auto ti = thrust::make_transform_iterator(thrust::counting_iterator<int>(-1000), Square());
  long long sq = thrust::reduce(ti, ti + 50000, 0LL);
  long long hsq = 0; for (int i = -1000; i < 49000; ++i) hsq += (long long)i * i - 3 * i;
  printf("transform(counting) reduce: %lld host %lld\n", sq, hsq);

  // stable_partition keeps order, partition_point
  thrust::device_vector<int> p(hk.begin(), hk.end());
  auto mid = thrust::stable_partition(p.begin(), p.end(), IsEven());
  std::vector<int> hp = hk; std::stable_partition(hp.begin(), hp.end(), [](int x) { return (x & 1) == 0; });
  thrust::host_vector<int> gp = p;
  printf("stable_partition: evens %d equal %d\n", (int)(mid - p.begin()), std::equal(hp.begin(), hp.end(), gp.begin()));

  // set_intersection and merge_by_key of sorted ranges
  thrust::device_vector<int> a(2000), b(3000);
  thrust::sequence(a.begin(), a.end(), 0, 3); thrust::sequence(b.begin(), b.end(), 0, 5);
  thrust::device_vector<int> inter(2000);
  auto ie = thrust::set_intersection(a.begin(), a.end(), b.begin(), b.end(), inter.begin());
  printf("set_intersection: %d last %d\n", (int)(ie - inter.begin()), (int)inter[ie - inter.begin() - 1]);
  thrust::device_vector<int> av(2000, 1), bv(3000, 2), mk(5000), mv(5000);
  thrust::merge_by_key(a.begin(), a.end(), b.begin(), b.end(), av.begin(), bv.begin(), mk.begin(), mv.begin());
  thrust::host_vector<int> hmv = mv; int firsttie = -1; thrust::host_vector<int> hmk = mk;
  for (int i = 1; i < 5000; ++i) if (hmk[i] == hmk[i - 1]) { firsttie = hmv[i - 1] * 10 + hmv[i]; break; }
  printf("merge_by_key: tie order %d sum of values %d\n", firsttie, (int)thrust::reduce(mv.begin(), mv.end()));

  // gather through a permutation, scatter back, adjacent_difference, extrema
  thrust::device_vector<int> perm(n); thrust::sequence(perm.begin(), perm.end(), 0);
  thrust::transform(perm.begin(), perm.end(), perm.begin(), [n] __device__(int i) { return (int)(((long long)i * 7919) % n); });
  thrust::device_vector<int> g(n), back(n);
  thrust::gather(perm.begin(), perm.end(), i0.begin(), g.begin());
  thrust::scatter(g.begin(), g.end(), perm.begin(), back.begin());
  printf("gather/scatter round trip: %d\n", (int)thrust::equal(back.begin(), back.end(), i0.begin()));
  auto pi = thrust::make_permutation_iterator(i0.begin(), perm.begin());
  long long psum = thrust::reduce(pi, pi + n, 0LL);
  thrust::device_vector<int> ad(n);
  thrust::adjacent_difference(i0.begin(), i0.end(), ad.begin());
  auto mm = thrust::minmax_element(ad.begin(), ad.end());
  printf("permutation sum %lld adjacent diff min %d at %d max %d at %d\n", psum, (int)*mm.first, (int)(mm.first - ad.begin()), (int)*mm.second, (int)(mm.second - ad.begin()));
  return 0;
}
