// More Thrust and CUB: reduce_by_key, copy_if, stable_partition, transform_reduce, minmax, struct sort with a comparator (merge sort), zip sort, set ops, merge, binary search, scan_by_key, random, execution policies on streams; cub histogram, segmented reduce, run-length encode.
#include "common.h"
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform_reduce.h>
#include <thrust/copy.h>
#include <thrust/remove.h>
#include <thrust/sequence.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/set_operations.h>
#include <thrust/binary_search.h>
#include <thrust/execution_policy.h>
#include <thrust/extrema.h>
#include <thrust/partition.h>
#include <thrust/merge.h>
#include <thrust/adjacent_difference.h>
#include <thrust/gather.h>
#include <thrust/random.h>
#include <cub/cub.cuh>
#include <vector>
#include <algorithm>
#include <map>
#include <numeric>
struct P { float x, y; int id; };
struct is_even { __host__ __device__ bool operator()(int x) const { return x % 2 == 0; } };
struct sqf { __host__ __device__ double operator()(float x) const { return (double)x * x; } };
struct by_x { __host__ __device__ bool operator()(const P& a, const P& b) const { return a.x < b.x || (a.x == b.x && a.id < b.id); } };
struct rnd { __host__ __device__ float operator()(unsigned n) const { thrust::default_random_engine e(1234); thrust::uniform_real_distribution<float> d(0, 1); e.discard(n); return d(e); } };
int main() {
  const int n = 200000;
  std::vector<int> h(n); unsigned s = 77; for (auto& x : h) x = (s = s * 1664525u + 1013904223u) >> 20;
  thrust::device_vector<int> d(h.begin(), h.end());
  // reduce_by_key over sorted keys
  thrust::device_vector<int> keys = d; thrust::device_vector<int> ones(n, 1);
  thrust::sort(keys.begin(), keys.end());
  thrust::device_vector<int> uk(n), cnt(n);
  auto e = thrust::reduce_by_key(keys.begin(), keys.end(), ones.begin(), uk.begin(), cnt.begin());
  int nu = e.first - uk.begin();
  std::map<int, int> m; for (int x : h) m[x]++;
  EXPECT(nu == (int)m.size());
  thrust::host_vector<int> huk(uk.begin(), uk.begin() + nu), hc(cnt.begin(), cnt.begin() + nu);
  int k = 0; for (auto& kv : m) { EXPECT(huk[k] == kv.first && hc[k] == kv.second); k++; }
  // copy_if / remove_if / partition
  thrust::device_vector<int> ev(n); auto ee = thrust::copy_if(d.begin(), d.end(), ev.begin(), is_even());
  int ne = ee - ev.begin(); int we = std::count_if(h.begin(), h.end(), [](int x) { return x % 2 == 0; }); EXPECT(ne == we);
  thrust::host_vector<int> hev(ev.begin(), ev.begin() + ne); int j = 0; for (int x : h) if (x % 2 == 0) { EXPECT(hev[j] == x); j++; }
  thrust::device_vector<int> pr = d; auto mid = thrust::stable_partition(pr.begin(), pr.end(), is_even()); EXPECT(mid - pr.begin() == we);
  // transform_reduce in double, min/max
  thrust::device_vector<float> f(n); thrust::transform(thrust::counting_iterator<unsigned>(0), thrust::counting_iterator<unsigned>(n), f.begin(), rnd());
  double ss = thrust::transform_reduce(f.begin(), f.end(), sqf(), 0.0, thrust::plus<double>());
  thrust::host_vector<float> hf = f; double ws = 0; for (float x : hf) ws += (double)x * x; EXPECT(fabs(ss - ws) < 1e-6 * ws);
  auto mm = thrust::minmax_element(f.begin(), f.end()); EXPECT(*mm.first == *std::min_element(hf.begin(), hf.end())); EXPECT(*mm.second == *std::max_element(hf.begin(), hf.end()));
  // sort structs with comparator, zip sort
  thrust::host_vector<P> hp(5000); for (int i = 0; i < 5000; i++) { hp[i].x = (float)((i * 7919) % 1000); hp[i].y = i * 0.5f; hp[i].id = i; }
  thrust::device_vector<P> dp = hp; thrust::sort(dp.begin(), dp.end(), by_x()); thrust::host_vector<P> sp = dp;
  std::vector<P> rp(hp.begin(), hp.end()); std::sort(rp.begin(), rp.end(), [](const P& a, const P& b) { return a.x < b.x || (a.x == b.x && a.id < b.id); });
  for (int i = 0; i < 5000; i++) EXPECT(sp[i].id == rp[i].id);
  thrust::device_vector<int> a1 = d, a2(n); thrust::sequence(a2.begin(), a2.end());
  thrust::sort(thrust::make_zip_iterator(thrust::make_tuple(a1.begin(), a2.begin())), thrust::make_zip_iterator(thrust::make_tuple(a1.end(), a2.end())));
  thrust::host_vector<int> ha1 = a1, ha2 = a2; for (int i = 1; i < n; i++) EXPECT(ha1[i - 1] < ha1[i] || (ha1[i - 1] == ha1[i] && ha2[i - 1] < ha2[i]));
  // set ops, binary search, merge, adjacent_difference, gather, scan_by_key
  thrust::device_vector<int> A(1000), B(1000); thrust::sequence(A.begin(), A.end(), 0, 3); thrust::sequence(B.begin(), B.end(), 0, 5);
  thrust::device_vector<int> I(1000); auto ie = thrust::set_intersection(A.begin(), A.end(), B.begin(), B.end(), I.begin()); EXPECT(ie - I.begin() == 200);
  thrust::device_vector<int> M(2000); thrust::merge(A.begin(), A.end(), B.begin(), B.end(), M.begin()); EXPECT(thrust::is_sorted(M.begin(), M.end()));
  thrust::device_vector<int> q(3); q[0] = 9; q[1] = 10; q[2] = 2997; thrust::device_vector<bool> found(3);
  thrust::binary_search(A.begin(), A.end(), q.begin(), q.end(), found.begin()); EXPECT(found[0] && !found[1] && found[2]);
  thrust::device_vector<int> lb(3); thrust::lower_bound(A.begin(), A.end(), q.begin(), q.end(), lb.begin()); EXPECT(lb[0] == 3 && lb[1] == 4 && lb[2] == 999);
  thrust::device_vector<int> ad(1000); thrust::adjacent_difference(A.begin(), A.end(), ad.begin()); EXPECT(ad[0] == 0 && ad[500] == 3);
  thrust::device_vector<int> g(3); thrust::gather(q.begin(), q.end(), d.begin(), g.begin()); EXPECT(g[0] == h[9] && g[2] == h[2997]);
  thrust::device_vector<int> kk(10000), vv(10000, 1), oo(10000); for (int i = 0; i < 10000; i++) kk[i] = i / 7;
  thrust::inclusive_scan_by_key(kk.begin(), kk.end(), vv.begin(), oo.begin()); EXPECT(oo[6] == 7 && oo[7] == 1 && oo[9999] == 9999 % 7 + 1);
  // cub device algorithms
  int *dh; cudaMalloc(&dh, 257 * 4); void* tmp = nullptr; size_t tb = 0;
  const int* raw = thrust::raw_pointer_cast(d.data());
  CK(cub::DeviceHistogram::HistogramEven(tmp, tb, raw, dh, 257, 0, 4096, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceHistogram::HistogramEven(tmp, tb, raw, dh, 257, 0, 4096, n));
  std::vector<int> hh(256); CK(cudaMemcpy(hh.data(), dh, 256 * 4, cudaMemcpyDeviceToHost));
  std::vector<int> wh(256, 0); for (int x : h) wh[x / 16]++; EXPECT(hh == wh);
  cudaFree(tmp); tmp = nullptr;
  int* offs; cudaMallocManaged(&offs, 11 * 4); for (int i = 0; i <= 10; i++) offs[i] = i * (n / 10);
  int* segs; cudaMallocManaged(&segs, 10 * 4);
  CK(cub::DeviceSegmentedReduce::Max(tmp, tb, raw, segs, 10, offs, offs + 1)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceSegmentedReduce::Max(tmp, tb, raw, segs, 10, offs, offs + 1)); CK(cudaDeviceSynchronize());
  for (int sgi = 0; sgi < 10; sgi++) EXPECT(segs[sgi] == *std::max_element(h.begin() + offs[sgi], h.begin() + offs[sgi + 1]));
  cudaFree(tmp); tmp = nullptr;
  int *ru, *rc, *rn; cudaMallocManaged(&ru, n * 4); cudaMallocManaged(&rc, n * 4); cudaMallocManaged(&rn, 4);
  const int* sk = thrust::raw_pointer_cast(keys.data());
  CK(cub::DeviceRunLengthEncode::Encode(tmp, tb, sk, ru, rc, rn, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRunLengthEncode::Encode(tmp, tb, sk, ru, rc, rn, n)); CK(cudaDeviceSynchronize());
  EXPECT(*rn == (int)m.size()); k = 0; for (auto& kv : m) { EXPECT(ru[k] == kv.first && rc[k] == kv.second); k++; }
  // thrust on a stream
  cudaStream_t st; cudaStreamCreate(&st);
  thrust::device_vector<int> sv(n); thrust::sequence(thrust::cuda::par.on(st), sv.begin(), sv.end());
  long long tot = thrust::reduce(thrust::cuda::par.on(st), sv.begin(), sv.end(), 0LL);
  EXPECT(tot == (long long)n * (n - 1) / 2);
  printf("PASS\n");
}
