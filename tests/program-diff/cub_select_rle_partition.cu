// flags: -std=c++17
// CUB device selection with the two-phase temp-storage calls: DeviceSelect::Flagged (char
// flags), ::If with a functor, ::Unique on runs; DeviceRunLengthEncode::Encode and
// ::NonTrivialRuns; DevicePartition::Flagged and ::If (rejected items reversed at the end).
#include <cub/cub.cuh>
#include <cstdio>
#include <vector>

struct Less50 { __host__ __device__ bool operator()(const int &x) const { return x < 50; } };

template <class T> T *dev(const std::vector<T> &h) { T *d; cudaMalloc(&d, h.size() * sizeof(T)); cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice); return d; }
template <class T> std::vector<T> host(const T *d, size_t n) { std::vector<T> h(n); cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost); return h; }
void *tmp(size_t b) { void *p; cudaMalloc(&p, b ? b : 1); return p; }

int main() {
  const int n = 10000;
  std::vector<int> in(n); std::vector<char> fl(n);
  for (int i = 0; i < n; ++i) { in[i] = ((i / 3) * 37) % 100; fl[i] = (i % 7) == 2 || (i % 11) == 0; }
  int *d_in = dev(in), *d_out, *d_num; char *d_fl = dev(fl);
  cudaMalloc(&d_out, n * sizeof(int)); cudaMalloc(&d_num, sizeof(int));
  size_t b = 0; void *t = nullptr;
  cub::DeviceSelect::Flagged(t, b, d_in, d_fl, d_out, d_num, n); t = tmp(b);
  cub::DeviceSelect::Flagged(t, b, d_in, d_fl, d_out, d_num, n); cudaFree(t);
  int m = host(d_num, 1)[0]; auto o = host(d_out, m);
  long long s = 0; for (int i = 0; i < m; ++i) s += (long long)o[i] * (i + 1);
  printf("Flagged: %d, %d %d %d, weighted %lld\n", m, o[0], o[1], o[m - 1], s);
  b = 0; t = nullptr;
  cub::DeviceSelect::If(t, b, d_in, d_out, d_num, n, Less50()); t = tmp(b);
  cub::DeviceSelect::If(t, b, d_in, d_out, d_num, n, Less50()); cudaFree(t);
  m = host(d_num, 1)[0]; o = host(d_out, m); s = 0; for (int i = 0; i < m; ++i) s += (long long)o[i] * (i % 13);
  printf("If <50: %d, weighted %lld\n", m, s);
  b = 0; t = nullptr;
  cub::DeviceSelect::Unique(t, b, d_in, d_out, d_num, n); t = tmp(b);
  cub::DeviceSelect::Unique(t, b, d_in, d_out, d_num, n); cudaFree(t);
  m = host(d_num, 1)[0]; o = host(d_out, m);
  printf("Unique: %d, %d %d %d %d\n", m, o[0], o[1], o[2], o[m - 1]);
  int *d_cnt, *d_runs, *d_off;
  cudaMalloc(&d_cnt, n * sizeof(int)); cudaMalloc(&d_runs, sizeof(int)); cudaMalloc(&d_off, n * sizeof(int));
  std::vector<int> rl(n); for (int i = 0; i < n; ++i) rl[i] = (i * i / 97) % 13;
  int *d_rl = dev(rl);
  b = 0; t = nullptr;
  cub::DeviceRunLengthEncode::Encode(t, b, d_rl, d_out, d_cnt, d_runs, n); t = tmp(b);
  cub::DeviceRunLengthEncode::Encode(t, b, d_rl, d_out, d_cnt, d_runs, n); cudaFree(t);
  int runs = host(d_runs, 1)[0]; auto u = host(d_out, runs), c = host(d_cnt, runs);
  s = 0; for (int i = 0; i < runs; ++i) s += (long long)u[i] * c[i] * (i % 9);
  printf("Encode: %d runs, (%d x%d) (%d x%d) last (%d x%d) weighted %lld\n", runs, u[0], c[0], u[1], c[1], u[runs - 1], c[runs - 1], s);
  b = 0; t = nullptr;
  cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, d_rl, d_off, d_cnt, d_runs, n); t = tmp(b);
  cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, d_rl, d_off, d_cnt, d_runs, n); cudaFree(t);
  runs = host(d_runs, 1)[0]; auto off = host(d_off, runs); c = host(d_cnt, runs);
  s = 0; for (int i = 0; i < runs; ++i) s += (long long)off[i] * 3 + c[i];
  printf("NonTrivialRuns: %d, first @%d x%d, last @%d x%d, sum %lld\n", runs, off[0], c[0], off[runs - 1], c[runs - 1], s);
  b = 0; t = nullptr;
  cub::DevicePartition::Flagged(t, b, d_in, d_fl, d_out, d_num, n); t = tmp(b);
  cub::DevicePartition::Flagged(t, b, d_in, d_fl, d_out, d_num, n); cudaFree(t);
  m = host(d_num, 1)[0]; o = host(d_out, n);
  printf("Partition::Flagged: %d selected, out[0]=%d out[m]=%d out[n-1]=%d\n", m, o[0], o[m], o[n - 1]);
  b = 0; t = nullptr;
  cub::DevicePartition::If(t, b, d_in, d_out, d_num, n, Less50()); t = tmp(b);
  cub::DevicePartition::If(t, b, d_in, d_out, d_num, n, Less50()); cudaFree(t);
  m = host(d_num, 1)[0]; o = host(d_out, n); s = 0;
  for (int i = 0; i < n; ++i) s = s * 7 + o[i];
  printf("Partition::If: %d, hash %lld, rejected tail %d %d (input last >=50 is %d)\n", m, s, o[n - 1], o[n - 2], in[n - 1]);
  return 0;
}
