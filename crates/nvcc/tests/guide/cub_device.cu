// CUB device-wide primitives with the two-call temporary-storage idiom: DeviceReduce (Sum, Min,
// ArgMax, Reduce with a custom operator), DeviceScan (InclusiveSum, ExclusiveSum, InclusiveScan),
// DeviceRadixSort (SortKeys, SortPairs, SortKeysDescending, a bit range), DeviceHistogram
// (HistogramEven, HistogramRange), DeviceSelect (If, Flagged, Unique), DeviceSegmentedReduce::Sum
// and DeviceRunLengthEncode::Encode — on a stream, against host computations.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cub/cub.cuh>
#include <cuda/functional>
#include <algorithm>
#include <map>
#include <numeric>
#include <vector>
struct Gt50 { __host__ __device__ bool operator()(int x) const { return x > 50; } };
struct MulMod { __host__ __device__ int operator()(int a, int b) const { return (int)(((long long)a * b) % 1000003); } };
template <typename T> static std::vector<T> get(const T* d, size_t n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}
template <typename T> static T* put(const std::vector<T>& h) {
  T* d;
  CK(cudaMalloc(&d, h.size() * sizeof(T)));
  CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
  return d;
}
// Runs a CUB call twice: first to size the temporary storage, then for real.
#define CUB2(call) do { void* d_temp_storage = nullptr; size_t temp_storage_bytes = 0; \
  CK(call); CK(cudaMalloc(&d_temp_storage, temp_storage_bytes)); CK(call); CK(cudaStreamSynchronize(stream)); \
  CK(cudaFree(d_temp_storage)); } while (0)
int main() {
  cudaStream_t stream;
  CK(cudaStreamCreate(&stream));
  const int n = 10000;
  std::vector<int> h(n);
  for (int i = 0; i < n; i++) h[i] = (int)((i * 2654435761u) >> 7) % 200 - 100;
  int* in = put(h);
  int *out, *one;
  CK(cudaMalloc(&out, n * 4)); CK(cudaMalloc(&one, 4));
  CUB2(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, in, one, n, stream));
  check(get(one, 1)[0] == std::accumulate(h.begin(), h.end(), 0), "DeviceReduce::Sum");
  CUB2(cub::DeviceReduce::Min(d_temp_storage, temp_storage_bytes, in, one, n, stream));
  check(get(one, 1)[0] == *std::min_element(h.begin(), h.end()), "DeviceReduce::Min");
  cub::KeyValuePair<int, int>* kv;
  CK(cudaMalloc(&kv, sizeof(*kv)));
  CUB2(cub::DeviceReduce::ArgMax(d_temp_storage, temp_storage_bytes, in, kv, n, stream));
  auto hk = get(kv, 1)[0];
  auto mx = std::max_element(h.begin(), h.end());
  check(hk.value == *mx && hk.key == mx - h.begin(), "DeviceReduce::ArgMax (first maximum)");
  std::vector<int> pos(n);
  for (int i = 0; i < n; i++) pos[i] = 1 + (i % 7);
  int* dpos = put(pos);
  CUB2(cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes, dpos, one, n, MulMod(), 1, stream));
  long long w = 1;
  for (int v : pos) w = w * v % 1000003;
  check(get(one, 1)[0] == (int)w, "DeviceReduce::Reduce with a custom associative operator");
  CUB2(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, in, out, n, stream));
  std::vector<int> ws(n);
  std::partial_sum(h.begin(), h.end(), ws.begin());
  check(get(out, n) == ws, "DeviceScan::InclusiveSum");
  CUB2(cub::DeviceScan::ExclusiveSum(d_temp_storage, temp_storage_bytes, in, out, n, stream));
  std::vector<int> we(n, 0);
  for (int i = 1; i < n; i++) we[i] = we[i - 1] + h[i - 1];
  check(get(out, n) == we, "DeviceScan::ExclusiveSum");
  CUB2(cub::DeviceScan::InclusiveScan(d_temp_storage, temp_storage_bytes, in, out, cuda::maximum<>(), n, stream));
  int m = -1000;
  for (int i = 0; i < n; i++) { m = std::max(m, h[i]); ws[i] = m; }
  check(get(out, n) == ws, "DeviceScan::InclusiveScan with cuda::maximum");
  // Radix sort
  std::vector<unsigned> keys(n);
  std::vector<int> vals(n);
  for (int i = 0; i < n; i++) { keys[i] = (unsigned)(i * 2654435761u) ^ (unsigned)(i >> 3); vals[i] = i; }
  unsigned *dk = put(keys), *dko; int *dv = put(vals), *dvo;
  CK(cudaMalloc(&dko, n * 4)); CK(cudaMalloc(&dvo, n * 4));
  CUB2(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, dk, dko, n, 0, 32, stream));
  std::vector<unsigned> wk = keys;
  std::sort(wk.begin(), wk.end());
  check(get(dko, n) == wk, "DeviceRadixSort::SortKeys");
  CUB2(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, dk, dko, dv, dvo, n, 0, 32, stream));
  auto rk = get(dko, n); auto rv = get(dvo, n);
  bool ok = rk == wk;
  for (int i = 0; i < n; i++) ok &= keys[rv[i]] == rk[i];
  check(ok, "DeviceRadixSort::SortPairs");
  CUB2(cub::DeviceRadixSort::SortKeysDescending(d_temp_storage, temp_storage_bytes, dk, dko, n, 0, 32, stream));
  std::sort(wk.begin(), wk.end(), std::greater<unsigned>());
  check(get(dko, n) == wk, "DeviceRadixSort::SortKeysDescending");
  // Sorting on bits [8, 16) only: a stable sort by that byte.
  CUB2(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, dk, dko, dv, dvo, n, 8, 16, stream));
  std::vector<int> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return ((keys[a] >> 8) & 255) < ((keys[b] >> 8) & 255); });
  check(get(dvo, n) == idx, "DeviceRadixSort::SortPairs on a bit range is stable");
  // Histograms
  std::vector<float> samples(n);
  for (int i = 0; i < n; i++) samples[i] = (float)((i * 37) % 1000) * 0.1f;  // [0, 100)
  float* dsamp = put(samples);
  int* dhist;
  CK(cudaMalloc(&dhist, 10 * 4));
  CUB2(cub::DeviceHistogram::HistogramEven(d_temp_storage, temp_storage_bytes, dsamp, dhist, 11, 0.f, 100.f, n, stream));
  std::vector<int> wh(10, 0);
  for (float s : samples) { int b = (int)((s - 0.f) / 10.f); if (b >= 0 && b < 10) wh[b]++; }
  auto rh = get(dhist, 10);
  int total = 0;
  for (int b = 0; b < 10; b++) total += rh[b];
  // Bin edges at multiples of 10: samples like 30.000002 vs 29.999998 lie far from them here.
  check(rh == wh && total == n, "DeviceHistogram::HistogramEven (10 bins)");
  std::vector<float> levels = {0.f, 1.f, 5.f, 25.f, 50.f, 99.f};
  float* dlev = put(levels);
  CUB2(cub::DeviceHistogram::HistogramRange(d_temp_storage, temp_storage_bytes, dsamp, dhist, 6, dlev, n, stream));
  std::vector<int> wr(5, 0);
  for (float s : samples) for (int b = 0; b < 5; b++) if (s >= levels[b] && s < levels[b + 1]) wr[b]++;
  check(get(dhist, 5) == wr, "DeviceHistogram::HistogramRange (uneven levels, samples past the last level dropped)");
  // Selection
  int* nsel;
  CK(cudaMalloc(&nsel, 4));
  CUB2(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, in, out, nsel, n, Gt50(), stream));
  std::vector<int> wsel;
  std::copy_if(h.begin(), h.end(), std::back_inserter(wsel), Gt50());
  int ns = get(nsel, 1)[0];
  check(ns == (int)wsel.size() && get(out, ns) == wsel, "DeviceSelect::If");
  std::vector<char> flags(n);
  for (int i = 0; i < n; i++) flags[i] = (char)(i % 3 == 0);
  char* dflags = put(flags);
  CUB2(cub::DeviceSelect::Flagged(d_temp_storage, temp_storage_bytes, in, dflags, out, nsel, n, stream));
  std::vector<int> wf;
  for (int i = 0; i < n; i++) if (flags[i]) wf.push_back(h[i]);
  ns = get(nsel, 1)[0];
  check(ns == (int)wf.size() && get(out, ns) == wf, "DeviceSelect::Flagged");
  std::vector<int> runs(n);
  for (int i = 0; i < n; i++) runs[i] = i / 4 % 9;
  int* druns = put(runs);
  CUB2(cub::DeviceSelect::Unique(d_temp_storage, temp_storage_bytes, druns, out, nsel, n, stream));
  std::vector<int> wu = runs;
  wu.erase(std::unique(wu.begin(), wu.end()), wu.end());
  ns = get(nsel, 1)[0];
  check(ns == (int)wu.size() && get(out, ns) == wu, "DeviceSelect::Unique");
  int *dcounts, *druns_n;
  CK(cudaMalloc(&dcounts, n * 4)); CK(cudaMalloc(&druns_n, 4));
  CUB2(cub::DeviceRunLengthEncode::Encode(d_temp_storage, temp_storage_bytes, druns, out, dcounts, druns_n, n, stream));
  int nr = get(druns_n, 1)[0];
  ok = nr == (int)wu.size() && get(out, nr) == wu;
  auto rc = get(dcounts, nr);
  for (int i = 0; i < nr; i++) ok &= rc[i] == 4;
  check(ok, "DeviceRunLengthEncode::Encode");
  // Segmented reduction: segments of varying length given by offsets.
  std::vector<int> offsets = {0};
  while (offsets.back() < n) offsets.push_back(std::min(n, offsets.back() + 1 + (int)offsets.size() * 13 % 400));
  int segs = (int)offsets.size() - 1;
  int* doff = put(offsets);
  int* dseg;
  CK(cudaMalloc(&dseg, segs * 4));
  CUB2(cub::DeviceSegmentedReduce::Sum(d_temp_storage, temp_storage_bytes, in, dseg, segs, doff, doff + 1, stream));
  std::vector<int> wseg(segs, 0);
  for (int s = 0; s < segs; s++) for (int i = offsets[s]; i < offsets[s + 1]; i++) wseg[s] += h[i];
  check(get(dseg, segs) == wseg, "DeviceSegmentedReduce::Sum");
  return finish();
}
