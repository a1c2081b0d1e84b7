// CUB device algorithms (merge sort with a comparator, segmented radix/segmented sort, partition, unique, adjacent difference, DeviceTransform, scans with custom operators, ArgMax) and block algorithms (BlockLoad/Store transposes, BlockRadixSort, BlockDiscontinuity).
#include "common.h"
#include <cub/cub.cuh>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <vector>
#include <algorithm>
#include <numeric>
template <typename F> void run2(F f) { void* t = nullptr; size_t b = 0; CK(f(t, b)); CK(cudaMalloc(&t, b)); CK(f(t, b)); CK(cudaDeviceSynchronize()); cudaFree(t); }
struct Lt { __device__ __host__ bool operator()(int a, int b) const { return a < b; } };
struct Neg { __device__ __host__ int operator()(int a) const { return -a; } };
struct IsOdd { __device__ __host__ bool operator()(int a) const { return a & 1; } };
__global__ void block_algos(const int* in, int* out) {
  using BLoad = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE>;
  using BStore = cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using BSort = cub::BlockRadixSort<int, 128, 4>;
  using BDisc = cub::BlockDiscontinuity<int, 128>;
  __shared__ union { typename BLoad::TempStorage l; typename BStore::TempStorage s; typename BSort::TempStorage r; typename BDisc::TempStorage d; } tmp;
  int items[4];
  BLoad(tmp.l).Load(in + blockIdx.x * 512, items);
  __syncthreads();
  BSort(tmp.r).Sort(items);
  __syncthreads();
  int flags[4];
  BDisc(tmp.d).FlagHeads(flags, items, cuda::std::not_equal_to<>());
  __syncthreads();
  for (int i = 0; i < 4; i++) items[i] = items[i] * 2 + flags[i];
  BStore(tmp.s).Store(out + blockIdx.x * 512, items);
}
int main() {
  const int n = 100000;
  std::vector<int> h(n); unsigned s = 5; for (auto& x : h) x = (int)((s = s * 1664525u + 1013904223u) >> 12) - (1 << 19);
  thrust::device_vector<int> d(h.begin(), h.end()), o(n), o2(n);
  int* in = thrust::raw_pointer_cast(d.data()); int* out = thrust::raw_pointer_cast(o.data()); int* out2 = thrust::raw_pointer_cast(o2.data());
  int* num; cudaMallocManaged(&num, 8);
  // merge sort with comparator, stable
  run2([&](void* t, size_t& b) { return cub::DeviceMergeSort::SortKeysCopy(t, b, in, out, n, Lt()); });
  std::vector<int> w = h; std::sort(w.begin(), w.end()); thrust::host_vector<int> r = o; for (int i = 0; i < n; i++) EXPECT(r[i] == w[i]);
  // segmented radix sort
  int* offs; cudaMallocManaged(&offs, 6 * 4); for (int i = 0; i <= 5; i++) offs[i] = i * (n / 5);
  run2([&](void* t, size_t& b) { return cub::DeviceSegmentedRadixSort::SortKeys(t, b, in, out, n, 5, offs, offs + 1); });
  r = o; for (int sg = 0; sg < 5; sg++) { std::vector<int> seg(h.begin() + offs[sg], h.begin() + offs[sg + 1]); std::sort(seg.begin(), seg.end()); for (size_t i = 0; i < seg.size(); i++) EXPECT(r[offs[sg] + i] == seg[i]); }
  run2([&](void* t, size_t& b) { return cub::DeviceSegmentedSort::SortKeysDescending(t, b, in, out, n, 5, offs, offs + 1); });
  r = o; for (int sg = 0; sg < 5; sg++) { std::vector<int> seg(h.begin() + offs[sg], h.begin() + offs[sg + 1]); std::sort(seg.rbegin(), seg.rend()); for (size_t i = 0; i < seg.size(); i++) EXPECT(r[offs[sg] + i] == seg[i]); }
  // partition & select
  run2([&](void* t, size_t& b) { return cub::DevicePartition::If(t, b, in, out, num, n, IsOdd()); });
  int nodd = std::count_if(h.begin(), h.end(), [](int x) { return x & 1; }); EXPECT(*num == nodd);
  run2([&](void* t, size_t& b) { return cub::DeviceSelect::Unique(t, b, thrust::raw_pointer_cast(o.data()), out2, num, n); });
  // adjacent difference, transform, for_each
  run2([&](void* t, size_t& b) { return cub::DeviceAdjacentDifference::SubtractLeftCopy(t, b, in, out, n); });
  r = o; EXPECT(r[0] == h[0]); for (int i = 1; i < n; i += 997) EXPECT(r[i] == h[i] - h[i - 1]);
  CK(cub::DeviceTransform::Transform(in, out, n, Neg())); CK(cudaDeviceSynchronize());
  r = o; for (int i = 0; i < n; i += 113) EXPECT(r[i] == -h[i]);
  // scans with custom ops and init
  run2([&](void* t, size_t& b) { return cub::DeviceScan::ExclusiveScan(t, b, in, out, cuda::maximum<>(), -(1 << 30), n); });
  r = o; int mx = -(1 << 30); for (int i = 0; i < n; i++) { EXPECT(r[i] == mx); mx = std::max(mx, h[i]); }
  // reduce arg-max, min
  cub::KeyValuePair<int, int>* kv; cudaMallocManaged(&kv, sizeof(*kv));
  run2([&](void* t, size_t& b) { return cub::DeviceReduce::ArgMax(t, b, in, kv, n); });
  int am = std::max_element(h.begin(), h.end()) - h.begin(); EXPECT(kv->key == am && kv->value == h[am]);
  // block-level algorithms
  block_algos<<<n / 512, 128>>>(in, out); CK(cudaDeviceSynchronize());
  r = o; for (int b = 0; b < n / 512; b++) { std::vector<int> seg(h.begin() + b * 512, h.begin() + b * 512 + 512); std::sort(seg.begin(), seg.end()); for (int i = 0; i < 512; i++) EXPECT(r[b * 512 + i] == seg[i] * 2 + (i == 0 || seg[i] != seg[i - 1])); }
  printf("PASS\n");
}
