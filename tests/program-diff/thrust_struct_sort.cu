// flags: -std=c++17 --extended-lambda -O3
// Thrust on device_vectors of user structs as application code sorts records: sort_by_key with
// a struct key and a comparator functor (lexicographic, descending on one field),
// stable_sort of thrust::pair with a comparator comparing only .first (ties keep input order),
// sort with an extended __device__ lambda comparator, stable_sort_by_key on float keys with
// -0.0/+0.0 and equal keys, thrust::sort with thrust::greater, is_sorted / is_sorted_until,
// max_element / minmax_element with a struct comparator, and a device_vector<Particle>
// transformed in place by a functor.
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/pair.h>
#include <thrust/extrema.h>
#include <thrust/transform.h>
#include <thrust/sequence.h>
#include <thrust/functional.h>

struct Key {
  int bucket;
  float weight;
  short tag;
};
struct KeyLess {
  __host__ __device__ bool operator()(const Key& a, const Key& b) const {
    if (a.bucket != b.bucket) return a.bucket < b.bucket;
    if (a.weight != b.weight) return a.weight > b.weight;  // descending
    return a.tag < b.tag;
  }
};
struct Particle {
  float x, y, vx, vy;
  int id;
};
struct Step {
  float dt;
  __host__ __device__ Particle operator()(Particle p) const {
    p.x += p.vx * dt; p.y += p.vy * dt;
    if (p.x < 0) { p.x = -p.x; p.vx = -p.vx; }
    return p;
  }
};
struct BySpeed {
  __host__ __device__ bool operator()(const Particle& a, const Particle& b) const {
    return a.vx * a.vx + a.vy * a.vy < b.vx * b.vx + b.vy * b.vy;
  }
};

int main() {
  const int N = 300;
  thrust::host_vector<Key> hk(N);
  thrust::host_vector<int> hv(N);
  for (int i = 0; i < N; i++) {
    hk[i] = Key{(i * 7) % 5, (float)((i * 13) % 11) * 0.5f, (short)((i * 29) % 17)};
    hv[i] = i;
  }
  thrust::device_vector<Key> dk = hk;
  thrust::device_vector<int> dv = hv;
  thrust::sort_by_key(dk.begin(), dk.end(), dv.begin(), KeyLess());
  thrust::host_vector<Key> rk = dk;
  thrust::host_vector<int> rv = dv;
  printf("sorted struct keys: %s\n", thrust::is_sorted(dk.begin(), dk.end(), KeyLess()) ? "yes" : "no");
  for (int i = 0; i < N; i += 23) printf("  [%d] b=%d w=%.1f t=%d v=%d\n", i, rk[i].bucket, rk[i].weight, rk[i].tag, rv[i]);
  long long chk = 0;
  for (int i = 0; i < N; i++) chk = chk * 31 + rv[i];
  printf("  value checksum %lld\n", chk);

  thrust::host_vector<thrust::pair<int, int>> hp(N);
  for (int i = 0; i < N; i++) hp[i] = thrust::make_pair((i * 37) % 10, i);
  thrust::device_vector<thrust::pair<int, int>> dp = hp;
  thrust::stable_sort(dp.begin(), dp.end(), [] __device__(const thrust::pair<int, int>& a, const thrust::pair<int, int>& b) { return a.first < b.first; });
  thrust::host_vector<thrust::pair<int, int>> rp = dp;
  bool stable = true;
  for (int i = 1; i < N; i++)
    if (rp[i - 1].first == rp[i].first && rp[i - 1].second > rp[i].second) stable = false;
  printf("stable pairs: %s first=(%d,%d) mid=(%d,%d) last=(%d,%d)\n", stable ? "yes" : "no", rp[0].first, rp[0].second, rp[N / 2].first, rp[N / 2].second, rp[N - 1].first, rp[N - 1].second);

  float fk[12] = {0.0f, -0.0f, 1.5f, -2.0f, 1.5f, -0.0f, 3.0f, 0.0f, -2.0f, 7.0f, 1.5f, -1.0f};
  int fv[12];
  for (int i = 0; i < 12; i++) fv[i] = i;
  thrust::device_vector<float> dfk(fk, fk + 12);
  thrust::device_vector<int> dfv(fv, fv + 12);
  thrust::stable_sort_by_key(dfk.begin(), dfk.end(), dfv.begin());
  thrust::host_vector<float> rfk = dfk; thrust::host_vector<int> rfv = dfv;
  printf("float keys:");
  for (int i = 0; i < 12; i++) printf(" %g:%d", rfk[i], rfv[i]);
  printf("\n");

  thrust::device_vector<int> g(N);
  thrust::sequence(g.begin(), g.end(), 5, 3);
  thrust::sort(g.begin(), g.end(), thrust::greater<int>());
  printf("greater: %d %d %d sorted=%d until=%ld\n", (int)g[0], (int)g[1], (int)g[N - 1], (int)thrust::is_sorted(g.begin(), g.end()),
         (long)(thrust::is_sorted_until(g.begin(), g.end(), thrust::greater<int>()) - g.begin()));

  thrust::host_vector<Particle> hpart(64);
  for (int i = 0; i < 64; i++) hpart[i] = Particle{(float)(i % 8) - 2.0f, (float)(i / 8), (float)((i * 5) % 7) - 3.0f, (float)((i * 3) % 5) - 2.0f, i};
  thrust::device_vector<Particle> dpart = hpart;
  thrust::transform(dpart.begin(), dpart.end(), dpart.begin(), Step{0.5f});
  auto fastest = thrust::max_element(dpart.begin(), dpart.end(), BySpeed());
  auto mm = thrust::minmax_element(dpart.begin(), dpart.end(), BySpeed());
  Particle f = *fastest, lo = *mm.first, hi = *mm.second;
  printf("fastest id=%d (%.2f,%.2f) min id=%d max id=%d\n", f.id, f.x, f.y, lo.id, hi.id);
  thrust::sort(dpart.begin(), dpart.end(), [] __device__(const Particle& a, const Particle& b) { return a.x < b.x || (a.x == b.x && a.id < b.id); });
  thrust::host_vector<Particle> rpart = dpart;
  printf("by x:");
  for (int i = 0; i < 64; i += 9) printf(" %d@%.1f", rpart[i].id, rpart[i].x);
  printf("\n");
  return 0;
}
