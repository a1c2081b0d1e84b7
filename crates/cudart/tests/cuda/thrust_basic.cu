// Thrust on the CPU device: transform, reduce, sort, scan, count, unique, sort_by_key.
#include "common.h"
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/sequence.h>
#include <thrust/functional.h>
#include <thrust/count.h>
#include <thrust/unique.h>
#include <algorithm>
#include <vector>
struct sq { __host__ __device__ int operator()(int x) const { return (x % 1000) * (x % 1000) % 1000; } };
int main() {
  const int n = 100000;
  std::vector<int> h(n);
  unsigned s = 12345;
  for (int i = 0; i < n; i++) { s = s * 1103515245 + 12345; h[i] = (s >> 8) % 100000; }
  thrust::device_vector<int> d(h.begin(), h.end());
  thrust::device_vector<int> t(n);
  thrust::transform(d.begin(), d.end(), t.begin(), sq());
  long long sum = thrust::reduce(t.begin(), t.end(), 0LL, thrust::plus<long long>());
  long long want = 0; for (int i = 0; i < n; i++) want += (h[i] % 1000) * (h[i] % 1000) % 1000;
  EXPECT(sum == want);
  thrust::sort(d.begin(), d.end());
  std::vector<int> hs = h; std::sort(hs.begin(), hs.end());
  thrust::host_vector<int> back = d;
  for (int i = 0; i < n; i++) EXPECT(back[i] == hs[i]);
  thrust::device_vector<int> sc(n);
  thrust::inclusive_scan(t.begin(), t.end(), sc.begin());
  thrust::host_vector<int> hsc = sc; thrust::host_vector<int> ht = t;
  int acc = 0; for (int i = 0; i < n; i++) { acc += ht[i]; EXPECT(hsc[i] == acc); }
  int c = thrust::count(t.begin(), t.end(), 0);
  int wc = 0; for (int i = 0; i < n; i++) wc += (ht[i] == 0); EXPECT(c == wc);
  auto end = thrust::unique(d.begin(), d.end());
  int nu = end - d.begin();
  int wu = std::unique(hs.begin(), hs.end()) - hs.begin();
  EXPECT(nu == wu);
  thrust::device_vector<float> keys(1000); thrust::device_vector<int> vals(1000);
  thrust::sequence(vals.begin(), vals.end());
  for (int i = 0; i < 1000; i++) keys[i] = (float)((i * 37) % 1000);
  thrust::sort_by_key(keys.begin(), keys.end(), vals.begin());
  for (int i = 0; i < 1000; i += 97) { EXPECT(keys[i] == (float)i); EXPECT((int)vals[i] * 37 % 1000 == i); }
  // 8-byte values: CUB's look-back then packs status and value into 16-byte accesses.
  thrust::device_vector<long long> l64(n);
  thrust::transform(t.begin(), t.end(), l64.begin(), thrust::placeholders::_1 * 3000000000LL);
  thrust::inclusive_scan(l64.begin(), l64.end(), l64.begin());
  thrust::device_vector<double> f64(n);
  thrust::transform(t.begin(), t.end(), f64.begin(), thrust::placeholders::_1 * 0.5);
  thrust::exclusive_scan(f64.begin(), f64.end(), f64.begin());
  thrust::host_vector<long long> hl = l64; thrust::host_vector<double> hf = f64;
  long long al = 0; double af = 0;
  for (int i = 0; i < n; i++) { EXPECT(hf[i] == af); al += ht[i] * 3000000000LL; af += ht[i] * 0.5; EXPECT(hl[i] == al); }
  printf("PASS\n");
}
