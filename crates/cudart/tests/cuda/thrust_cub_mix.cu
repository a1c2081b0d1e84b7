// Thrust and CUB together: sort_by_key, reduce_by_key, copy_if, transform_reduce and
// inclusive_scan on device_vectors; a kernel with cub::BlockRadixSort; cub::DeviceScan.
// Every result is checked against the same computation on the host.
#include "common.h"
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/copy.h>
#include <thrust/transform_reduce.h>
#include <thrust/functional.h>
#include <cub/block/block_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <algorithm>
#include <map>
#include <numeric>
#include <vector>

struct is_multiple_of_3 { __host__ __device__ bool operator()(int x) const { return x % 3 == 0; } };
struct cube_mod { __host__ __device__ long long operator()(int x) const { return (long long)(x % 97) * (x % 97) * (x % 97); } };

// Each block sorts its 128 x 4 keys with BlockRadixSort (blocked arrangement: thread t holds
// items 4t..4t+3 of its block's tile).
__global__ void block_sort(const unsigned* in, unsigned* out) {
  typedef cub::BlockRadixSort<unsigned, 128, 4> Sort;
  __shared__ typename Sort::TempStorage temp;
  unsigned keys[4];
  const unsigned* tile = in + blockIdx.x * 512;
  for (int i = 0; i < 4; i++) keys[i] = tile[threadIdx.x * 4 + i];
  Sort(temp).Sort(keys);
  for (int i = 0; i < 4; i++) out[blockIdx.x * 512 + threadIdx.x * 4 + i] = keys[i];
}

int main() {
  const int n = 20000;
  std::vector<int> keys(n), vals(n);
  unsigned s = 2024;
  for (int i = 0; i < n; i++) {
    s = s * 1664525u + 1013904223u;
    keys[i] = (s >> 10) % 50;      // few distinct keys: long runs after sorting
    vals[i] = (s >> 3) % 1000 - 500;
  }

  // sort_by_key (stable on the host side too, so equal keys keep their values' order).
  thrust::device_vector<int> dk(keys.begin(), keys.end()), dv(vals.begin(), vals.end());
  thrust::stable_sort_by_key(dk.begin(), dk.end(), dv.begin());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  thrust::host_vector<int> hk = dk, hv = dv;
  for (int i = 0; i < n; i++) { EXPECT(hk[i] == keys[order[i]]); EXPECT(hv[i] == vals[order[i]]); }

  // reduce_by_key over the sorted runs: one (key, sum) per distinct key.
  thrust::device_vector<int> rk(n), rv(n);
  auto ends = thrust::reduce_by_key(dk.begin(), dk.end(), dv.begin(), rk.begin(), rv.begin());
  int runs = (int)(ends.first - rk.begin());
  std::map<int, int> sums;
  for (int i = 0; i < n; i++) sums[keys[i]] += vals[i];
  EXPECT(runs == (int)sums.size());
  thrust::host_vector<int> hrk = rk, hrv = rv;
  int r = 0;
  for (auto& kv : sums) { EXPECT(hrk[r] == kv.first); EXPECT(hrv[r] == kv.second); r++; }

  // copy_if: the values divisible by 3, in order.
  thrust::device_vector<int> dvals(vals.begin(), vals.end()), picked(n);
  auto picked_end = thrust::copy_if(dvals.begin(), dvals.end(), picked.begin(), is_multiple_of_3());
  std::vector<int> want_picked;
  for (int v : vals) if (v % 3 == 0) want_picked.push_back(v);
  EXPECT(picked_end - picked.begin() == (long)want_picked.size());
  thrust::host_vector<int> hp(picked.begin(), picked_end);
  for (size_t i = 0; i < want_picked.size(); i++) EXPECT(hp[i] == want_picked[i]);

  // transform_reduce: sum of (v mod 97)^3 in 64-bit.
  long long tr = thrust::transform_reduce(dvals.begin(), dvals.end(), cube_mod(), 0LL, thrust::plus<long long>());
  long long want_tr = 0;
  for (int v : vals) want_tr += cube_mod()(v);
  EXPECT(tr == want_tr);

  // inclusive_scan with thrust::maximum: the running maximum.
  thrust::device_vector<int> running(n);
  thrust::inclusive_scan(dvals.begin(), dvals.end(), running.begin(), thrust::maximum<int>());
  thrust::host_vector<int> hr = running;
  int m = vals[0];
  for (int i = 0; i < n; i++) { m = std::max(m, vals[i]); EXPECT(hr[i] == m); }

  // cub::BlockRadixSort: 8 tiles of 512 keys, each sorted on its own.
  const int tiles = 8, tile = 512;
  std::vector<unsigned> bk(tiles * tile);
  for (auto& k : bk) { s = s * 1664525u + 1013904223u; k = s ^ (s >> 7); }
  unsigned *din, *dout;
  CK(cudaMalloc(&din, bk.size() * 4));
  CK(cudaMalloc(&dout, bk.size() * 4));
  CK(cudaMemcpy(din, bk.data(), bk.size() * 4, cudaMemcpyHostToDevice));
  block_sort<<<tiles, 128>>>(din, dout);
  CK(cudaGetLastError());
  std::vector<unsigned> sorted(bk.size());
  CK(cudaMemcpy(sorted.data(), dout, bk.size() * 4, cudaMemcpyDeviceToHost));
  for (int t = 0; t < tiles; t++) std::sort(bk.begin() + t * tile, bk.begin() + (t + 1) * tile);
  for (size_t i = 0; i < bk.size(); i++) EXPECT(sorted[i] == bk[i]);

  // cub::DeviceScan::ExclusiveSum over ints, with its two-call temporary storage protocol.
  int *scan_in, *scan_out;
  CK(cudaMalloc(&scan_in, n * 4));
  CK(cudaMalloc(&scan_out, n * 4));
  CK(cudaMemcpy(scan_in, vals.data(), n * 4, cudaMemcpyHostToDevice));
  void* temp = nullptr;
  size_t temp_bytes = 0;
  CK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, scan_in, scan_out, n));
  CK(cudaMalloc(&temp, temp_bytes));
  CK(cub::DeviceScan::ExclusiveSum(temp, temp_bytes, scan_in, scan_out, n));
  std::vector<int> hs(n);
  CK(cudaMemcpy(hs.data(), scan_out, n * 4, cudaMemcpyDeviceToHost));
  int acc = 0;
  for (int i = 0; i < n; i++) { EXPECT(hs[i] == acc); acc += vals[i]; }

  CK(cudaFree(din)); CK(cudaFree(dout)); CK(cudaFree(scan_in)); CK(cudaFree(scan_out)); CK(cudaFree(temp));
  printf("PASS\n");
  return 0;
}
