// Cooperative groups' grid.sync between phases: each iteration of a Jacobi-like relaxation
// reads the neighbours other blocks wrote in the previous phase; then a grid-wide scan of block
// sums by phases. Grid sizes vary up to what cudaOccupancyMaxActiveBlocksPerMultiprocessor allows.
#include "common.h"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void relax(int* a, int* b, int n, int steps, int* blocksum, int* out) {
  cg::grid_group g = cg::this_grid();
  for (int s = 0; s < steps; ++s) {
    for (int i = g.thread_rank(); i < n; i += g.size()) {
      int l = i > 0 ? a[i - 1] : 0, r = i + 1 < n ? a[i + 1] : 0;
      b[i] = (l + r + a[i] * 2) % 1000003;
    }
    g.sync();
    int* t = a; a = b; b = t;
  }
  // block sums, then block 0 scans them, then everyone adds its prefix
  __shared__ int s_sum;
  if (threadIdx.x == 0) s_sum = 0;
  __syncthreads();
  int per = (n + gridDim.x - 1) / gridDim.x, lo = blockIdx.x * per, hi = min(n, lo + per);
  int acc = 0; for (int i = lo + threadIdx.x; i < hi; i += blockDim.x) acc += a[i] & 0xff;
  atomicAdd(&s_sum, acc); __syncthreads();
  if (threadIdx.x == 0) blocksum[blockIdx.x] = s_sum;
  g.sync();
  if (blockIdx.x == 0 && threadIdx.x == 0) { int p = 0; for (int k = 0; k < (int)gridDim.x; ++k) { int v = blocksum[k]; blocksum[k] = p; p += v; } }
  g.sync();
  if (threadIdx.x == 0) out[blockIdx.x] = blocksum[blockIdx.x] + s_sum;
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 5;
  int dev = 0, sms, per; CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per, relax, 128, 0));
  int maxg = sms * per; if (maxg > 96) maxg = 96;
  const int maxn = 1 << 13;
  int *a, *b, *bs, *out; CK(cudaMalloc(&a, maxn * 4)); CK(cudaMalloc(&b, maxn * 4)); CK(cudaMalloc(&bs, 4096 * 4)); CK(cudaMalloc(&out, 4096 * 4));
  int *h = (int*)malloc(maxn * 4), *x = (int*)malloc(maxn * 4), *o = (int*)malloc(4096 * 4);
  for (int it = 0; it < N; ++it) {
    int n = 1 + rng(seed) % maxn, steps = 1 + rng(seed) % 12, grid = 1 + rng(seed) % maxg;
    for (int i = 0; i < n; ++i) h[i] = rng(seed) % 1000;
    CK(cudaMemcpy(a, h, n * 4, cudaMemcpyHostToDevice));
    void* args[] = {&a, &b, &n, &steps, &bs, &out};
    CK(cudaLaunchCooperativeKernel((void*)relax, grid, 128, args, 0, 0));
    CK(cudaDeviceSynchronize()); CK(cudaMemcpy(o, out, grid * 4, cudaMemcpyDeviceToHost));
    for (int s = 0; s < steps; ++s) {
      for (int i = 0; i < n; ++i) { int l = i > 0 ? h[i - 1] : 0, r = i + 1 < n ? h[i + 1] : 0; x[i] = (l + r + h[i] * 2) % 1000003; }
      int* t = h; h = x; x = t;
    }
    int per_b = (n + grid - 1) / grid, p = 0, bad = 0, first = -1;
    for (int k = 0; k < grid; ++k) {
      int lo = k * per_b, hi = n < lo + per_b ? n : lo + per_b, sum = 0;
      for (int i = lo; i < hi; ++i) sum += h[i] & 0xff;
      p += sum; if (o[k] != p) { if (first < 0) first = k; ++bad; }
    }
    EXPECT(!bad, "it %d n %d steps %d grid %d: %d blocks wrong, first %d got %d", it, n, steps, grid, bad, first, first >= 0 ? o[first] : 0);
  }
  return finish("coop_sync", N);
}
