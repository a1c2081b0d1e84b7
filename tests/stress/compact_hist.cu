// Warp-aggregated atomics and privatized histograms: stream compaction where each warp
// reserves its slots with one atomicAdd (ballot + popc) and lanes write at their rank, a
// shared-memory histogram merged into global bins, 64-bit and min/max atomics from many
// blocks. Output order across warps is open, so compaction is checked as a multiset.
#include "common.h"
#include <vector>
#include <algorithm>
__global__ void compact(const int* in, int n, int* out, unsigned* count) {
  int lane = threadIdx.x & 31;
  for (int base = (blockIdx.x * blockDim.x + threadIdx.x) & ~31; base < n; base += gridDim.x * blockDim.x) {
    int i = base + lane;
    bool keep = i < n && (in[i] % 3 == 0);
    unsigned m = __ballot_sync(~0u, keep);
    unsigned slot;
    if (lane == 0) slot = atomicAdd(count, __popc(m));
    slot = __shfl_sync(~0u, slot, 0);
    if (keep) out[slot + __popc(m & ((1u << lane) - 1))] = in[i];
  }
}
__global__ void hist(const int* in, int n, unsigned* bins, int nb, unsigned long long* total, int* mn, int* mx) {
  extern __shared__ unsigned s[];
  for (int b = threadIdx.x; b < nb; b += blockDim.x) s[b] = 0;
  __syncthreads();
  unsigned long long t = 0; int lo = 0x7fffffff, hi = -0x7fffffff - 1;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int v = in[i]; atomicAdd(&s[(unsigned)v % nb], 1u); t += (unsigned)v; lo = min(lo, v); hi = max(hi, v);
  }
  __syncthreads();
  for (int b = threadIdx.x; b < nb; b += blockDim.x) if (s[b]) atomicAdd(&bins[b], s[b]);
  atomicAdd(total, t); atomicMin(mn, lo); atomicMax(mx, hi);
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 31337;
  const int maxn = 1 << 20;
  int *in, *out, *mn, *mx; unsigned *cnt, *bins; unsigned long long* tot;
  CK(cudaMalloc(&in, maxn * 4)); CK(cudaMalloc(&out, maxn * 4)); CK(cudaMalloc(&cnt, 4)); CK(cudaMalloc(&bins, 4096 * 4));
  CK(cudaMalloc(&tot, 8)); CK(cudaMalloc(&mn, 4)); CK(cudaMalloc(&mx, 4));
  std::vector<int> h(maxn), g(maxn);
  for (int it = 0; it < N; ++it) {
    int n = 1 + rng(seed) % maxn, grid = 1 + rng(seed) % 200, tb = 32 * (1 + rng(seed) % 16), nb = 1 + rng(seed) % 4096;
    for (int i = 0; i < n; ++i) h[i] = (int)rng(seed) - (1 << 30);
    CK(cudaMemcpy(in, h.data(), n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(cnt, 0, 4)); CK(cudaMemset(bins, 0, nb * 4)); CK(cudaMemset(tot, 0, 8));
    int big = 0x7fffffff, small = -0x7fffffff - 1;
    CK(cudaMemcpy(mn, &big, 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(mx, &small, 4, cudaMemcpyHostToDevice));
    compact<<<grid, tb>>>(in, n, out, cnt);
    hist<<<grid, tb, nb * 4>>>(in, n, bins, nb, tot, mn, mx);
    CK(cudaGetLastError());
    unsigned c; CK(cudaMemcpy(&c, cnt, 4, cudaMemcpyDeviceToHost));
    std::vector<int> ref; for (int i = 0; i < n; ++i) if (h[i] % 3 == 0) ref.push_back(h[i]);
    bool ok = c == ref.size();
    if (ok) { CK(cudaMemcpy(g.data(), out, c * 4, cudaMemcpyDeviceToHost)); std::vector<int> got(g.begin(), g.begin() + c); std::sort(got.begin(), got.end()); std::sort(ref.begin(), ref.end()); ok = got == ref; }
    EXPECT(ok, "compact it %d n %d grid %dx%d: count %u want %zu", it, n, grid, tb, c, ref.size());
    std::vector<unsigned> rb(nb), gb(nb); unsigned long long rt = 0; int rmn = big, rmx = small;
    for (int i = 0; i < n; ++i) { rb[(unsigned)h[i] % nb]++; rt += (unsigned)h[i]; rmn = std::min(rmn, h[i]); rmx = std::max(rmx, h[i]); }
    unsigned long long gt; int gmn, gmx;
    CK(cudaMemcpy(gb.data(), bins, nb * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&gt, tot, 8, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(&gmn, mn, 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(&gmx, mx, 4, cudaMemcpyDeviceToHost));
    int bad = 0; for (int b = 0; b < nb; ++b) bad += gb[b] != rb[b];
    EXPECT(!bad && gt == rt && gmn == rmn && gmx == rmx, "hist it %d n %d grid %dx%d bins %d: %d bins wrong, total %llu/%llu min %d/%d max %d/%d", it, n, grid, tb, nb, bad, gt, rt, gmn, rmn, gmx, rmx);
  }
  return finish("compact_hist", N);
}
