// CUB's device-wide algorithms as applications call them (the two-phase temp-storage query,
// then the run): DeviceRadixSort::SortPairs / SortKeysDescending / a bit range / DoubleBuffer,
// float keys with negative zero and negatives, 64-bit keys, DeviceSegmentedRadixSort,
// DeviceRunLengthEncode::Encode, DeviceSelect::Unique and ::Flagged, DeviceScan::
// InclusiveSumByKey, DeviceHistogram::HistogramEven, DeviceReduce::ArgMax; checked on the host.
#include <cstdio>
#include <cstring>
#include <vector>
#include <algorithm>
#include <cub/cub.cuh>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

template <typename T> T* dev(const std::vector<T>& h) { T* p; cudaMalloc(&p, h.size() * sizeof(T) + 16); cudaMemcpy(p, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice); return p; }
template <typename T> std::vector<T> host(const T* p, size_t n) { std::vector<T> h(n); cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost); return h; }
template <typename T> unsigned hsh(const std::vector<T>& v) { unsigned h = 2166136261u; const unsigned char* b = (const unsigned char*)v.data(); for (size_t i = 0; i < v.size() * sizeof(T); ++i) h = (h ^ b[i]) * 16777619u; return h; }

int main() {
  const int n = 100003;
  std::vector<unsigned> keys(n); std::vector<int> vals(n);
  unsigned r = 99;
  for (int i = 0; i < n; ++i) { r = r * 1664525u + 1013904223u; keys[i] = r % 5000u; vals[i] = i; }
  unsigned* dk = dev(keys); int* dv = dev(vals);
  unsigned* dk2; int* dv2; CK(cudaMalloc(&dk2, n * 4)); CK(cudaMalloc(&dv2, n * 4));
  void* tmp = nullptr; size_t tb = 0;
  CK(cub::DeviceRadixSort::SortPairs(tmp, tb, dk, dk2, dv, dv2, n));
  CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRadixSort::SortPairs(tmp, tb, dk, dk2, dv, dv2, n));
  auto sk = host(dk2, n); auto sv = host(dv2, n);
  std::vector<std::pair<unsigned, int>> ref(n); for (int i = 0; i < n; ++i) ref[i] = {keys[i], i};
  std::stable_sort(ref.begin(), ref.end(), [](auto a, auto b) { return a.first < b.first; });
  int bad = 0; for (int i = 0; i < n; ++i) bad += sk[i] != ref[i].first || sv[i] != ref[i].second;
  printf("SortPairs: mismatches %d (stable) first %u/%d last %u/%d\n", bad, sk[0], sv[0], sk[n - 1], sv[n - 1]);
  cudaFree(tmp); tmp = nullptr;

  // bits [4, 12) only: a stable sort by (key >> 4) & 255
  CK(cub::DeviceRadixSort::SortPairs(tmp, tb, dk, dk2, dv, dv2, n, 4, 12)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRadixSort::SortPairs(tmp, tb, dk, dk2, dv, dv2, n, 4, 12));
  sk = host(dk2, n); sv = host(dv2, n);
  std::stable_sort(ref.begin(), ref.end(), [](auto a, auto b) { return a.second < b.second; });
  std::stable_sort(ref.begin(), ref.end(), [](auto a, auto b) { return ((a.first >> 4) & 255) < ((b.first >> 4) & 255); });
  bad = 0; for (int i = 0; i < n; ++i) bad += sk[i] != ref[i].first || sv[i] != ref[i].second;
  printf("SortPairs bits [4,12): mismatches %d hash %08x\n", bad, hsh(sv));
  cudaFree(tmp); tmp = nullptr;

  // float keys descending, with -0.0, +0.0, negatives, infinities
  std::vector<float> fk(n);
  for (int i = 0; i < n; ++i) { r = r * 1664525u + 1013904223u; fk[i] = ((int)(r >> 16) - 32768) / 64.0f; }
  fk[5] = -0.0f; fk[6] = 0.0f; fk[7] = -0.0f; fk[8] = INFINITY; fk[9] = -INFINITY;
  float* dfk = dev(fk); float* dfk2; CK(cudaMalloc(&dfk2, n * 4));
  CK(cub::DeviceRadixSort::SortKeysDescending(tmp, tb, dfk, dfk2, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRadixSort::SortKeysDescending(tmp, tb, dfk, dfk2, n));
  auto sf = host(dfk2, n);
  bool ordered = true; for (int i = 1; i < n; ++i) ordered &= !(sf[i] > sf[i - 1]);
  int zpos = -1, nzpos = -1; for (int i = 0; i < n; ++i) { if (sf[i] == 0.0f && !std::signbit(sf[i]) && zpos < 0) zpos = i; if (sf[i] == 0.0f && std::signbit(sf[i]) && nzpos < 0) nzpos = i; }
  printf("float descending: ordered %d first %g last %g +0 before -0: %d hash %08x\n", ordered, sf[0], sf[n - 1], zpos < nzpos, hsh(sf));
  cudaFree(tmp); tmp = nullptr;

  // 64-bit keys with a DoubleBuffer
  std::vector<unsigned long long> k64(n);
  for (int i = 0; i < n; ++i) { r = r * 1664525u + 1013904223u; k64[i] = ((unsigned long long)r << 32) ^ (unsigned long long)(i * 2654435761u); }
  unsigned long long* d64 = dev(k64); unsigned long long* d64b; CK(cudaMalloc(&d64b, n * 8));
  cub::DoubleBuffer<unsigned long long> db(d64, d64b);
  CK(cub::DeviceRadixSort::SortKeys(tmp, tb, db, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRadixSort::SortKeys(tmp, tb, db, n));
  auto s64 = host(db.Current(), n); auto r64 = k64; std::sort(r64.begin(), r64.end());
  printf("u64 DoubleBuffer: equal %d selector %d\n", s64 == r64, db.selector);
  cudaFree(tmp); tmp = nullptr;

  // segmented sort: 7 segments of different lengths, one empty
  int offs[] = {0, 10, 10, 1000, 1001, 50000, 77777, n};
  int* doffs = dev(std::vector<int>(offs, offs + 8));
  CK(cub::DeviceSegmentedRadixSort::SortKeys(tmp, tb, dk, dk2, n, 7, doffs, doffs + 1)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceSegmentedRadixSort::SortKeys(tmp, tb, dk, dk2, n, 7, doffs, doffs + 1));
  sk = host(dk2, n); auto rk = keys;
  for (int s = 0; s < 7; ++s) std::sort(rk.begin() + offs[s], rk.begin() + offs[s + 1]);
  printf("segmented: equal %d\n", sk == rk);
  cudaFree(tmp); tmp = nullptr;

  // run-length encode of the sorted keys
  std::sort(rk.begin(), rk.end());
  unsigned* dsorted = dev(rk); unsigned* uniq; int *counts, *nruns;
  CK(cudaMalloc(&uniq, n * 4)); CK(cudaMalloc(&counts, n * 4)); CK(cudaMalloc(&nruns, 4));
  CK(cub::DeviceRunLengthEncode::Encode(tmp, tb, dsorted, uniq, counts, nruns, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRunLengthEncode::Encode(tmp, tb, dsorted, uniq, counts, nruns, n));
  int runs = host(nruns, 1)[0]; auto uc = host(counts, runs);
  int maxc = 0; long tot = 0; for (int c : uc) { maxc = std::max(maxc, c); tot += c; }
  printf("RLE: runs %d total %ld max run %d\n", runs, tot, maxc);
  cudaFree(tmp); tmp = nullptr;

  // Unique, Flagged
  CK(cub::DeviceSelect::Unique(tmp, tb, dsorted, uniq, nruns, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceSelect::Unique(tmp, tb, dsorted, uniq, nruns, n));
  printf("Unique: %d\n", host(nruns, 1)[0]);
  cudaFree(tmp); tmp = nullptr;
  std::vector<char> flags(n); int nf = 0; for (int i = 0; i < n; ++i) { flags[i] = (keys[i] % 7) == 3; nf += flags[i]; }
  char* dflags = dev(flags);
  CK(cub::DeviceSelect::Flagged(tmp, tb, dv, dflags, dv2, nruns, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceSelect::Flagged(tmp, tb, dv, dflags, dv2, nruns, n));
  int sel = host(nruns, 1)[0]; auto fv = host(dv2, sel);
  bool inorder = true; for (int i = 1; i < sel; ++i) inorder &= fv[i] > fv[i - 1];
  printf("Flagged: %d of %d in order %d\n", sel, nf, inorder);
  cudaFree(tmp); tmp = nullptr;

  // InclusiveSumByKey over runs of the sorted keys
  std::vector<int> ones(n, 1); int* dones = dev(ones);
  CK(cub::DeviceScan::InclusiveSumByKey(tmp, tb, dsorted, dones, dv2, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceScan::InclusiveSumByKey(tmp, tb, dsorted, dones, dv2, n));
  auto sc = host(dv2, n); bad = 0; int run = 0;
  for (int i = 0; i < n; ++i) { run = (i && rk[i] == rk[i - 1]) ? run + 1 : 1; bad += sc[i] != run; }
  printf("InclusiveSumByKey: mismatches %d\n", bad);
  cudaFree(tmp); tmp = nullptr;

  // HistogramEven of the float keys in [-512, 512) with 40 bins
  int* dh; CK(cudaMalloc(&dh, 40 * 4));
  CK(cub::DeviceHistogram::HistogramEven(tmp, tb, dfk, dh, 41, -512.0f, 512.0f, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceHistogram::HistogramEven(tmp, tb, dfk, dh, 41, -512.0f, 512.0f, n));
  auto hg = host(dh, 40); std::vector<int> rh(40, 0);
  for (float f : fk) if (f >= -512.0f && f < 512.0f) rh[(int)((f + 512.0f) / 1024.0f * 40)]++;
  printf("HistogramEven: equal %d bin0 %d bin39 %d\n", hg == rh, hg[0], hg[39]);
  cudaFree(tmp); tmp = nullptr;

  // ArgMax of the float keys (first occurrence of the maximum)
  cub::KeyValuePair<int, float>* am; CK(cudaMalloc(&am, sizeof(*am)));
  std::vector<float> fk2 = fk; fk2[8] = 1.0f; fk2[77] = 1e6f; fk2[99] = 1e6f; float* dfk3 = dev(fk2);
  CK(cub::DeviceReduce::ArgMax(tmp, tb, dfk3, am, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceReduce::ArgMax(tmp, tb, dfk3, am, n));
  auto amh = host(am, 1)[0];
  printf("ArgMax: key %d value %g\n", amh.key, amh.value);
  CK(cudaGetLastError());
  return 0;
}
