// flags: -std=c++17
// CUB device algorithms with the two-phase temp-storage query, keyed and custom-operator forms:
// DeviceReduce::ReduceByKey with a custom reduction (max of a struct field) and a run of equal
// keys across tile boundaries (3000 items), DeviceReduce::Reduce with a struct and a functor,
// DeviceReduce::TransformReduce, DeviceSegmentedReduce::Reduce with begin/end offsets that
// skip items, DeviceScan::InclusiveScan with cub::Max and ExclusiveScan with a custom op on
// pairs, DeviceScan::ExclusiveScanByKey / InclusiveScanByKey, DeviceScan::InclusiveScanInit.
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda/functional>
#include <vector>

struct MinMax {
  int lo, hi;
};
struct MergeMinMax {
  __host__ __device__ MinMax operator()(const MinMax& a, const MinMax& b) const {
    return MinMax{a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
  }
};
struct Affine {  // composition of x -> a*x + b, associative, not commutative
  long long a, b;
};
struct Compose {
  __host__ __device__ Affine operator()(const Affine& f, const Affine& g) const {
    return Affine{(g.a * f.a) % 1000003, (g.a * f.b + g.b) % 1000003};
  }
};
struct Square {
  __host__ __device__ long long operator()(int x) const { return (long long)x * x; }
};

template <class F>
void twoPhase(const char* name, F f) {
  void* tmp = nullptr; size_t bytes = 0;
  cudaError_t e1 = f(tmp, bytes);
  cudaMalloc(&tmp, bytes);
  cudaError_t e2 = f(tmp, bytes);
  if (e1 || e2) printf("%s: %s / %s\n", name, cudaGetErrorString(e1), cudaGetErrorString(e2));
  cudaFree(tmp);
}

int main() {
  const int N = 3000;
  std::vector<int> hk(N), hv(N);
  for (int i = 0; i < N; i++) {
    hk[i] = i < 1500 ? i / 300 : (i < 2900 ? 5 : 6 + (i % 3 == 0));  // a run of 1400 equal keys across tiles
    hv[i] = (i * 7919) % 1000 - 500;
  }
  int *dk, *dv, *duk, *dnr; MinMax *dmm, *dagg;
  cudaMalloc(&dk, N * 4); cudaMalloc(&dv, N * 4); cudaMalloc(&duk, N * 4); cudaMalloc(&dnr, 4);
  cudaMalloc(&dmm, N * sizeof(MinMax)); cudaMalloc(&dagg, N * sizeof(MinMax));
  cudaMemcpy(dk, hk.data(), N * 4, cudaMemcpyHostToDevice); cudaMemcpy(dv, hv.data(), N * 4, cudaMemcpyHostToDevice);
  std::vector<MinMax> hmm(N);
  for (int i = 0; i < N; i++) hmm[i] = MinMax{hv[i], hv[i]};
  cudaMemcpy(dmm, hmm.data(), N * sizeof(MinMax), cudaMemcpyHostToDevice);
  twoPhase("ReduceByKey", [&](void* t, size_t& b) { return cub::DeviceReduce::ReduceByKey(t, b, dk, duk, dmm, dagg, dnr, MergeMinMax(), N); });
  int nr; cudaMemcpy(&nr, dnr, 4, cudaMemcpyDeviceToHost);
  std::vector<int> ruk(nr); std::vector<MinMax> ragg(nr);
  cudaMemcpy(ruk.data(), duk, nr * 4, cudaMemcpyDeviceToHost); cudaMemcpy(ragg.data(), dagg, nr * sizeof(MinMax), cudaMemcpyDeviceToHost);
  printf("ReduceByKey runs=%d:", nr);
  for (int i = 0; i < nr; i++) printf(" %d[%d,%d]", ruk[i], ragg[i].lo, ragg[i].hi);
  printf("\n");

  MinMax* dout; cudaMalloc(&dout, sizeof(MinMax));
  twoPhase("Reduce", [&](void* t, size_t& b) { return cub::DeviceReduce::Reduce(t, b, dmm, dout, N, MergeMinMax(), MinMax{1 << 30, -(1 << 30)}); });
  MinMax all; cudaMemcpy(&all, dout, sizeof all, cudaMemcpyDeviceToHost);
  printf("Reduce struct: [%d,%d]\n", all.lo, all.hi);
  long long* dsq; cudaMalloc(&dsq, 8);
  twoPhase("TransformReduce", [&](void* t, size_t& b) { return cub::DeviceReduce::TransformReduce(t, b, dv, dsq, N, cuda::std::plus<>(), Square(), 0LL); });
  long long sq; cudaMemcpy(&sq, dsq, 8, cudaMemcpyDeviceToHost);
  long long sqr = 0; for (int i = 0; i < N; i++) sqr += (long long)hv[i] * hv[i];
  printf("TransformReduce sum of squares=%lld %s\n", sq, sq == sqr ? "ok" : "FAIL");

  int hb[6] = {0, 100, 100, 900, 1000, 2990}, he[6] = {50, 100, 400, 1000, 2990, 3000};
  int *db, *de, *dseg; cudaMalloc(&db, 24); cudaMalloc(&de, 24); cudaMalloc(&dseg, 24);
  cudaMemcpy(db, hb, 24, cudaMemcpyHostToDevice); cudaMemcpy(de, he, 24, cudaMemcpyHostToDevice);
  twoPhase("SegmentedReduce", [&](void* t, size_t& b) { return cub::DeviceSegmentedReduce::Reduce(t, b, dv, dseg, 6, db, de, cuda::maximum<>(), -7777); });
  int rseg[6]; cudaMemcpy(rseg, dseg, 24, cudaMemcpyDeviceToHost);
  printf("SegmentedReduce max:");
  for (int i = 0; i < 6; i++) printf(" %d", rseg[i]);
  printf("\n");

  int* dscan; cudaMalloc(&dscan, N * 4);
  twoPhase("InclusiveScan", [&](void* t, size_t& b) { return cub::DeviceScan::InclusiveScan(t, b, dv, dscan, cuda::maximum<>(), N); });
  std::vector<int> rs(N); cudaMemcpy(rs.data(), dscan, N * 4, cudaMemcpyDeviceToHost);
  printf("InclusiveScan max: %d %d %d %d\n", rs[0], rs[10], rs[1000], rs[N - 1]);
  twoPhase("InclusiveScanInit", [&](void* t, size_t& b) { return cub::DeviceScan::InclusiveScanInit(t, b, dv, dscan, cuda::std::plus<>(), 100000, N); });
  cudaMemcpy(rs.data(), dscan, N * 4, cudaMemcpyDeviceToHost);
  printf("InclusiveScanInit sum: %d %d %d\n", rs[0], rs[1500], rs[N - 1]);

  std::vector<Affine> hf(N);
  for (int i = 0; i < N; i++) hf[i] = Affine{1 + i % 5, i % 11};
  Affine *df, *dfo; cudaMalloc(&df, N * sizeof(Affine)); cudaMalloc(&dfo, N * sizeof(Affine));
  cudaMemcpy(df, hf.data(), N * sizeof(Affine), cudaMemcpyHostToDevice);
  twoPhase("ExclusiveScan affine", [&](void* t, size_t& b) { return cub::DeviceScan::ExclusiveScan(t, b, df, dfo, Compose(), Affine{1, 0}, N); });
  std::vector<Affine> rf(N); cudaMemcpy(rf.data(), dfo, N * sizeof(Affine), cudaMemcpyDeviceToHost);
  Affine acc{1, 0}; int bad = 0; Compose c;
  for (int i = 0; i < N; i++) { if (rf[i].a != acc.a || rf[i].b != acc.b) bad++; acc = c(acc, hf[i]); }
  printf("ExclusiveScan affine: last=(%lld,%lld) mismatches=%d\n", rf[N - 1].a, rf[N - 1].b, bad);

  twoPhase("ExclusiveScanByKey", [&](void* t, size_t& b) { return cub::DeviceScan::ExclusiveScanByKey(t, b, dk, dv, dscan, cuda::std::plus<>(), 0, N); });
  cudaMemcpy(rs.data(), dscan, N * 4, cudaMemcpyDeviceToHost);
  printf("ExclusiveScanByKey: %d %d %d %d %d\n", rs[0], rs[299], rs[300], rs[2899], rs[N - 1]);
  twoPhase("InclusiveScanByKey", [&](void* t, size_t& b) { return cub::DeviceScan::InclusiveScanByKey(t, b, dk, dv, dscan, cuda::minimum<>(), N); });
  cudaMemcpy(rs.data(), dscan, N * 4, cudaMemcpyDeviceToHost);
  printf("InclusiveScanByKey min: %d %d %d %d %d\n", rs[0], rs[299], rs[300], rs[2899], rs[N - 1]);
  printf("err=%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
