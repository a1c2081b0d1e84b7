// A single-pass inclusive scan by decoupled look-back (Merrill & Garland): tiles take their
// index from an atomic counter, publish an aggregate (flag 1) then an inclusive prefix (flag 2)
// in one 64-bit word, and wait on their predecessors' words. Sizes and values vary per launch.
#include "common.h"
constexpr int TB = 128, IPT = 4, TILE = TB * IPT;
template <bool WARP_LOOKBACK> __global__ void scan(const int* in, int* out, int n, unsigned long long* status, unsigned* ticket) {
  __shared__ int s_tile; __shared__ int s_warp[TB / 32]; __shared__ int s_prefix;
  if (threadIdx.x == 0) s_tile = atomicAdd(ticket, 1);
  __syncthreads();
  int tile = s_tile, base = tile * TILE + threadIdx.x * IPT;
  int v[IPT], sum = 0;
  for (int i = 0; i < IPT; ++i) { v[i] = base + i < n ? in[base + i] : 0; sum += v[i]; v[i] = sum; }
  int lane = threadIdx.x & 31, w = threadIdx.x >> 5, x = sum;
  for (int o = 1; o < 32; o <<= 1) { int y = __shfl_up_sync(~0u, x, o); if (lane >= o) x += y; }
  if (lane == 31) s_warp[w] = x;
  __syncthreads();
  int wpre = 0, agg = 0;
  for (int i = 0; i < TB / 32; ++i) { if (i < w) wpre += s_warp[i]; agg += s_warp[i]; }
  if (WARP_LOOKBACK && w == 0) {  // CUB's way: warp 0 inspects 32 predecessors at once
    int prefix = 0;
    if (tile == 0) {
      if (lane == 0) atomicExch(&status[0], (2ull << 32) | (unsigned)agg);
    } else {
      if (lane == 0) atomicExch(&status[tile], (1ull << 32) | (unsigned)agg);
      for (int win = tile - 1;; win -= 32) {
        int p = win - lane;
        unsigned long long s = 2ull << 32;  // lanes before tile 0 count as a zero inclusive prefix
        if (p >= 0) s = atomicAdd(&status[p], 0ull);
        while (__any_sync(~0u, (s >> 32) == 0)) { if (p >= 0 && (s >> 32) == 0) s = atomicAdd(&status[p], 0ull); }
        unsigned inc = __ballot_sync(~0u, (s >> 32) == 2);
        int stop = inc ? __ffs(inc) - 1 : 32;  // the nearest predecessor with an inclusive prefix
        int part = lane <= stop ? (int)(unsigned)s : 0;
        for (int o = 16; o > 0; o >>= 1) part += __shfl_xor_sync(~0u, part, o);
        prefix += part;
        if (inc) break;
      }
      if (lane == 0) { __threadfence(); atomicExch(&status[tile], (2ull << 32) | (unsigned)(prefix + agg)); }
    }
    if (lane == 0) s_prefix = prefix;
  } else if (!WARP_LOOKBACK && threadIdx.x == 0) {
    int prefix = 0;
    if (tile == 0) {
      atomicExch(&status[0], (2ull << 32) | (unsigned)agg);
    } else {
      atomicExch(&status[tile], (1ull << 32) | (unsigned)agg);
      for (int p = tile - 1; p >= 0; --p) {
        unsigned long long s;
        do { s = atomicAdd(&status[p], 0ull); } while ((s >> 32) == 0);
        prefix += (int)(unsigned)s;
        if ((s >> 32) == 2) break;
      }
      __threadfence();
      atomicExch(&status[tile], (2ull << 32) | (unsigned)(prefix + agg));
    }
    s_prefix = prefix;
  }
  __syncthreads();
  int add = s_prefix + wpre + x - sum;
  for (int i = 0; i < IPT; ++i) if (base + i < n) out[base + i] = v[i] + add;
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 12345;
  const int maxn = 1 << 18;
  int *in, *out; unsigned long long* st; unsigned* ticket;
  CK(cudaMalloc(&in, maxn * 4)); CK(cudaMalloc(&out, maxn * 4));
  CK(cudaMalloc(&st, (maxn / TILE + 1) * 8)); CK(cudaMalloc(&ticket, 4));
  int* h = (int*)malloc(maxn * 4); int* r = (int*)malloc(maxn * 4);
  for (int it = 0; it < N; ++it) {
    int n = 1 + rng(seed) % maxn;
    for (int i = 0; i < n; ++i) h[i] = (int)(rng(seed) % 201) - 100;
    CK(cudaMemcpy(in, h, n * 4, cudaMemcpyHostToDevice));
    int tiles = (n + TILE - 1) / TILE;
    CK(cudaMemset(st, 0, tiles * 8)); CK(cudaMemset(ticket, 0, 4));
    if (it & 1) scan<true><<<tiles, TB>>>(in, out, n, st, ticket); else scan<false><<<tiles, TB>>>(in, out, n, st, ticket);
    CK(cudaGetLastError()); CK(cudaMemcpy(r, out, n * 4, cudaMemcpyDeviceToHost));
    int s = 0, bad = 0, first = -1;
    for (int i = 0; i < n; ++i) { s += h[i]; if (r[i] != s) { if (first < 0) first = i; ++bad; } }
    EXPECT(!bad, "iteration %d n %d: %d wrong, first at %d (tile %d) got %d want %d", it, n, bad, first, first / TILE, first >= 0 ? r[first] : 0, 0);
  }
  return finish("lookback_scan", N);
}
