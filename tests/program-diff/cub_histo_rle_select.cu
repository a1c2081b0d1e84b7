// flags: -std=c++17
// CUB device histograms, run-length encoding and selection as image and log-processing code
// calls them: DeviceHistogram::HistogramEven on float samples with out-of-range values and
// NaN-free edges, HistogramRange with uneven levels, MultiHistogramEven on RGBA pixels (3 active
// channels of 4), HistogramEven over a 2-D region with a row pitch; DeviceRunLengthEncode::Encode
// and NonTrivialRuns; DeviceSelect::Flagged, ::If with a functor that reads state, ::Unique on
// doubles; DevicePartition::If with a stateful functor; DeviceSegmentedRadixSort::SortKeys
// with distinct begin and end offsets (gaps between segments left untouched).
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda/functional>
#include <vector>

template <class F>
void twoPhase(F f) {
  void* tmp = nullptr; size_t bytes = 0;
  f(tmp, bytes);
  cudaMalloc(&tmp, bytes);
  cudaError_t e = f(tmp, bytes);
  if (e) printf("error %s\n", cudaGetErrorString(e));
  cudaFree(tmp);
}

struct InBand {
  int lo, hi;
  __host__ __device__ bool operator()(const int& x) const { return x >= lo && x < hi; }
};

template <class T> T* up(const std::vector<T>& v) {
  T* d; cudaMalloc(&d, v.size() * sizeof(T) + 16);
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}
template <class T> std::vector<T> down(const T* d, size_t n) {
  std::vector<T> v(n);
  cudaMemcpy(v.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
  return v;
}

int main() {
  const int N = 5000;
  std::vector<float> fs(N);
  for (int i = 0; i < N; i++) fs[i] = ((i * 7919) % 1300) / 100.0f - 1.5f;  // [-1.5, 11.5)
  fs[0] = 0.0f; fs[1] = 10.0f; fs[2] = 9.999999f; fs[3] = -0.0f;
  float* dfs = up(fs);
  int* dh; cudaMalloc(&dh, 64 * 4);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceHistogram::HistogramEven(t, b, dfs, dh, 11, 0.0f, 10.0f, N); });
  auto h = down(dh, 10);
  printf("HistogramEven float [0,10) 10 bins:");
  for (int v : h) printf(" %d", v);
  printf("\n");
  std::vector<float> lv = {-1.0f, 0.0f, 0.5f, 2.0f, 4.5f, 8.0f, 11.0f};
  float* dlv = up(lv);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceHistogram::HistogramRange(t, b, dfs, dh, 7, dlv, N); });
  h = down(dh, 6);
  printf("HistogramRange:");
  for (int v : h) printf(" %d", v);
  printf("\n");

  const int W = 37, H = 23, PITCH = 40;
  std::vector<unsigned char> px(PITCH * H * 4);
  for (int i = 0; i < (int)px.size(); i++) px[i] = (unsigned char)((i * 131 + i / 7) % 256);
  unsigned char* dpx = up(px);
  int *dr, *dg, *db; cudaMalloc(&dr, 16 * 4); cudaMalloc(&dg, 16 * 4); cudaMalloc(&db, 16 * 4);
  int* hist[3] = {dr, dg, db};
  int nl[3] = {17, 17, 17};
  unsigned lo[3] = {0, 0, 0}, hi[3] = {256, 256, 256};
  twoPhase([&](void* t, size_t& b) { return cub::DeviceHistogram::MultiHistogramEven<4, 3>(t, b, dpx, hist, nl, lo, hi, W * H); });
  for (int c = 0; c < 3; c++) {
    auto hc = down(hist[c], 16);
    printf("RGBA channel %d:", c);
    for (int v : hc) printf(" %d", v);
    printf("\n");
  }
  std::vector<unsigned short> img(PITCH * H);
  for (int i = 0; i < (int)img.size(); i++) img[i] = (unsigned short)((i * 37) % 1000);
  unsigned short* dimg = up(img);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceHistogram::HistogramEven(t, b, dimg, dh, 9, 100, 900, W, H, (size_t)PITCH * 2); });
  h = down(dh, 8);
  printf("HistogramEven 2-D region 37x23 pitch 80B:");
  for (int v : h) printf(" %d", v);
  printf("\n");

  std::vector<int> runs;
  for (int i = 0; i < 300; i++) for (int r = 0; r < 1 + (i * 7) % 5; r++) runs.push_back(i % 4 == 0 ? i / 2 : i);
  int M = runs.size();
  int* drun = up(runs);
  int *duniq, *dcnt, *dnum, *doff;
  cudaMalloc(&duniq, M * 4); cudaMalloc(&dcnt, M * 4); cudaMalloc(&dnum, 4); cudaMalloc(&doff, M * 4);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceRunLengthEncode::Encode(t, b, drun, duniq, dcnt, dnum, M); });
  int nr = down(dnum, 1)[0];
  auto u = down(duniq, nr); auto cn = down(dcnt, nr);
  long long chk = 0; for (int i = 0; i < nr; i++) chk = chk * 7 + u[i] * 10 + cn[i];
  printf("Encode: items=%d runs=%d checksum=%lld first=%d:%d last=%d:%d\n", M, nr, chk, u[0], cn[0], u[nr - 1], cn[nr - 1]);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, drun, doff, dcnt, dnum, M); });
  nr = down(dnum, 1)[0];
  auto of = down(doff, nr); cn = down(dcnt, nr);
  printf("NonTrivialRuns=%d:", nr);
  for (int i = 0; i < nr && i < 12; i++) printf(" %d+%d", of[i], cn[i]);
  printf("\n");

  std::vector<char> flags(M);
  for (int i = 0; i < M; i++) flags[i] = (i % 3 == 1);
  char* dfl = up(flags);
  int* dsel; cudaMalloc(&dsel, M * 4);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceSelect::Flagged(t, b, drun, dfl, dsel, dnum, M); });
  int ns = down(dnum, 1)[0]; auto sel = down(dsel, ns);
  printf("Flagged %d: %d %d %d ... %d\n", ns, sel[0], sel[1], sel[2], sel[ns - 1]);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceSelect::If(t, b, drun, dsel, dnum, M, InBand{50, 120}); });
  ns = down(dnum, 1)[0]; sel = down(dsel, ns);
  printf("If band %d: %d %d ... %d\n", ns, sel[0], sel[1], sel[ns - 1]);
  twoPhase([&](void* t, size_t& b) { return cub::DevicePartition::If(t, b, drun, dsel, dnum, M, InBand{100, 200}); });
  ns = down(dnum, 1)[0]; sel = down(dsel, M);
  printf("Partition %d: sel %d %d rejected(rev) %d %d %d\n", ns, sel[0], sel[ns - 1], sel[ns], sel[ns + 1], sel[M - 1]);
  std::vector<double> dd(400);
  for (int i = 0; i < 400; i++) dd[i] = (i / 3) * 0.5 - (i % 50 == 0 ? 0.25 : 0);
  double* ddd = up(dd); double* ddu; cudaMalloc(&ddu, 400 * 8);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceSelect::Unique(t, b, ddd, ddu, dnum, 400); });
  ns = down(dnum, 1)[0]; auto du = down(ddu, ns);
  printf("Unique doubles %d: %g %g %g %g last %g\n", ns, du[0], du[1], du[2], du[3], du[ns - 1]);

  std::vector<unsigned> keys(1000);
  for (int i = 0; i < 1000; i++) keys[i] = (i * 2654435761u) >> 12;
  unsigned* dki = up(keys); unsigned* dko = up(keys);
  std::vector<int> beg = {0, 10, 300, 300, 700}, end = {5, 290, 300, 650, 1000};
  int *dbeg = up(beg), *dend = up(end);
  twoPhase([&](void* t, size_t& b) { return cub::DeviceSegmentedRadixSort::SortKeys(t, b, dki, dko, 1000, 5, dbeg, dend, 4, 20); });
  auto ko = down(dko, 1000);
  int ok = 1;
  for (int s = 0; s < 5; s++) for (int i = beg[s] + 1; i < end[s]; i++) if (((ko[i - 1] >> 4) & 0xffff) > ((ko[i] >> 4) & 0xffff)) ok = 0;
  printf("SegmentedRadixSort bits[4,20) sorted=%d gap kept=%d,%d key0=%u key10=%u key700=%u\n", ok, ko[7] == keys[7], ko[295] == keys[295], ko[0], ko[10], ko[700]);
  printf("err=%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
