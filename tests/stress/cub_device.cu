// CUB's device-wide algorithms whose tiles talk through global memory (decoupled look-back,
// onesweep's chained digit counts, grid-wide histograms): scan, select, partition, reduce by
// key, run-length encode, histogram, radix sort (pairs, onesweep sizes), segmented reduce.
// Sizes and seeds vary per iteration; every result is checked on the host.
#include "common.h"
#include <cub/cub.cuh>
#include <vector>
#include <algorithm>
template <typename T> T* up(const std::vector<T>& h, size_t extra = 0) { T* p; CK(cudaMalloc(&p, (h.size() + extra + 1) * sizeof(T))); CK(cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice)); return p; }
template <typename T> std::vector<T> down(const T* p, size_t n) { std::vector<T> h(n); CK(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost)); return h; }
struct Tmp { void* p = nullptr; size_t n = 0; void need(size_t b) { if (b > n) { if (p) cudaFree(p); CK(cudaMalloc(&p, b)); n = b; } } ~Tmp() { if (p) cudaFree(p); } };
struct Odd { __host__ __device__ bool operator()(int x) const { return x & 1; } };
#define RUN(call) do { \
  { void* d_temp_storage = nullptr; size_t temp_storage_bytes = 0; CK(call); tmp.need(temp_storage_bytes); d_temp_storage = tmp.p; temp_storage_bytes = tmp.n; CK(call); } } while (0)
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 2024; Tmp tmp;
  for (int it = 0; it < N; ++it) {
    int n = 1 + rng(seed) % (it % 4 == 3 ? 1000000 : 100000);
    std::vector<int> v(n); std::vector<unsigned> k(n);
    int runlen = 1 + rng(seed) % 20, key = 0;
    for (int i = 0; i < n; ++i) { v[i] = (int)(rng(seed) % 2001) - 1000; if (rng(seed) % runlen == 0) key = rng(seed) % 1000; k[i] = key; }
    int* dv = up(v); unsigned* dk = up(k); int* dout; CK(cudaMalloc(&dout, (n + 1) * 4));
    unsigned* dk2; CK(cudaMalloc(&dk2, (n + 1) * 4)); int* dcount; CK(cudaMalloc(&dcount, 8));
    // inclusive sum
    RUN(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, dv, dout, n));
    { auto r = down(dout, n); int s = 0, bad = 0, first = -1; for (int i = 0; i < n; ++i) { s += v[i]; if (r[i] != s) { if (first < 0) first = i; ++bad; } }
      EXPECT(!bad, "InclusiveSum it %d n %d: %d wrong, first %d", it, n, bad, first); }
    // select odd
    RUN(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, dv, dout, dcount, n, Odd()));
    { std::vector<int> ref; for (int x : v) if (x & 1) ref.push_back(x); int c = down(dcount, 1)[0]; auto r = down(dout, ref.size());
      EXPECT(c == (int)ref.size() && r == ref, "Select::If it %d n %d: count %d want %zu", it, n, c, ref.size()); }
    // partition odd
    RUN(cub::DevicePartition::If(d_temp_storage, temp_storage_bytes, dv, dout, dcount, n, Odd()));
    { std::vector<int> sel, rej; for (int x : v) (x & 1 ? sel : rej).push_back(x); std::reverse(rej.begin(), rej.end()); sel.insert(sel.end(), rej.begin(), rej.end());
      int c = down(dcount, 1)[0]; auto r = down(dout, n); EXPECT(r == sel, "Partition::If it %d n %d: count %d", it, n, c); }
    // run-length encode keys
    {
      unsigned* uo = dk2; int* counts = dout;
      RUN(cub::DeviceRunLengthEncode::Encode(d_temp_storage, temp_storage_bytes, dk, uo, counts, dcount, n));
      std::vector<unsigned> ru; std::vector<int> rc; for (int i = 0; i < n; ++i) { if (i == 0 || k[i] != k[i - 1]) { ru.push_back(k[i]); rc.push_back(0); } rc.back()++; }
      int c = down(dcount, 1)[0]; auto gu = down(uo, ru.size()); auto gc = down(counts, rc.size());
      int bad = 0, first = -1; for (size_t i = 0; i < rc.size(); ++i) if (gu[i] != ru[i] || gc[i] != rc[i]) { if (first < 0) first = i; ++bad; }
      EXPECT(c == (int)ru.size() && !bad, "RLE::Encode it %d n %d: runs %d want %zu, %d wrong, first %d", it, n, c, ru.size(), bad, first);
    }
    // reduce by key (sum of v per run of k)
    {
      int* aggs; CK(cudaMalloc(&aggs, (n + 1) * 4));
      RUN(cub::DeviceReduce::ReduceByKey(d_temp_storage, temp_storage_bytes, dk, dk2, dv, aggs, dcount, cuda::std::plus<int>{}, n));
      std::vector<unsigned> ru; std::vector<int> ra; for (int i = 0; i < n; ++i) { if (i == 0 || k[i] != k[i - 1]) { ru.push_back(k[i]); ra.push_back(0); } ra.back() += v[i]; }
      int c = down(dcount, 1)[0]; auto gu = down(dk2, ru.size()); auto ga = down(aggs, ra.size());
      int bad = 0, first = -1; for (size_t i = 0; i < ra.size(); ++i) if (gu[i] != ru[i] || ga[i] != ra[i]) { if (first < 0) first = i; ++bad; }
      EXPECT(c == (int)ru.size() && !bad, "ReduceByKey it %d n %d: runs %d want %zu, %d wrong, first %d", it, n, c, ru.size(), bad, first);
      cudaFree(aggs);
    }
    // histogram even of v into 64 bins over [-1000, 1001)
    {
      int* hist; CK(cudaMalloc(&hist, 64 * 4));
      RUN(cub::DeviceHistogram::HistogramEven(d_temp_storage, temp_storage_bytes, dv, hist, 65, -1000, 1001, n));
      std::vector<int> ref(64); for (int x : v) ref[(long long)(x + 1000) * 64 / 2001]++;
      auto g = down(hist, 64); EXPECT(g == ref, "HistogramEven it %d n %d", it, n); cudaFree(hist);
    }
    // radix sort pairs (keys: k with noise), stable
    {
      std::vector<unsigned> sk(n); for (int i = 0; i < n; ++i) sk[i] = rng(seed) % (1u << (8 + it % 24));
      unsigned* dsk = up(sk); int* dvi; std::vector<int> idx(n); for (int i = 0; i < n; ++i) idx[i] = i; dvi = up(idx);
      RUN(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, dsk, dk2, dvi, dout, n));
      std::vector<std::pair<unsigned, int>> ref(n); for (int i = 0; i < n; ++i) ref[i] = {sk[i], i};
      std::stable_sort(ref.begin(), ref.end(), [](auto a, auto b) { return a.first < b.first; });
      auto gk = down(dk2, n); auto gv = down(dout, n); int bad = 0, first = -1;
      for (int i = 0; i < n; ++i) if (gk[i] != ref[i].first || gv[i] != ref[i].second) { if (first < 0) first = i; ++bad; }
      EXPECT(!bad, "SortPairs it %d n %d: %d wrong, first %d", it, n, bad, first);
      cudaFree(dsk); cudaFree(dvi);
    }
    // segmented reduce: segments of random length
    {
      std::vector<int> off{0}; while (off.back() < n) off.push_back(std::min(n, off.back() + (int)(rng(seed) % 5000)));
      int segs = off.size() - 1; int* doff = up(off); int* sums; CK(cudaMalloc(&sums, segs * 4 + 4));
      RUN(cub::DeviceSegmentedReduce::Sum(d_temp_storage, temp_storage_bytes, dv, sums, segs, doff, doff + 1));
      auto g = down(sums, segs); int bad = 0;
      for (int s = 0; s < segs; ++s) { int t = 0; for (int i = off[s]; i < off[s + 1]; ++i) t += v[i]; bad += g[s] != t; }
      EXPECT(!bad, "SegmentedReduce it %d n %d segs %d: %d wrong", it, n, segs, bad);
      cudaFree(doff); cudaFree(sums);
    }
    cudaFree(dv); cudaFree(dk); cudaFree(dout); cudaFree(dk2); cudaFree(dcount);
  }
  return finish("cub_device", N);
}
