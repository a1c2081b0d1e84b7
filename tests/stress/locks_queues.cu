// Blocks that talk through global memory: per-bucket spin locks guarding a two-word update
// (count and sum must stay in step), a chained hand-off (block b waits for block b-1's flag,
// ranks taken from an atomic ticket so that waiting is always on a block already running),
// and work stealing (warps grab chunks from an atomic cursor, each item done exactly once).
#include "common.h"
__global__ void locked(const int* keys, int n, int* locks, int* cnt, long long* sum, int buckets) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int b = keys[i] % buckets;
    bool done = false;
    while (!done) {  // the guide's lock-per-thread pattern that does not deadlock a warp
      if (atomicCAS(&locks[b], 0, 1) == 0) {
        volatile int* c = cnt; volatile long long* s = sum;
        c[b] = c[b] + 1; s[b] = s[b] + keys[i];
        __threadfence();
        atomicExch(&locks[b], 0);
        done = true;
      }
    }
  }
}
__global__ void chain(unsigned* ticket, volatile int* flags, int* order, long long* acc) {
  __shared__ unsigned rank;
  if (threadIdx.x == 0) rank = atomicAdd(ticket, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    if (rank > 0) while (flags[rank - 1] == 0) {}
    __threadfence();
    long long prev = rank > 0 ? acc[rank - 1] : 0;
    acc[rank] = prev + rank + 1;
    order[rank] = blockIdx.x;
    __threadfence();
    flags[rank] = 1;
  }
}
__global__ void steal(unsigned* cursor, int n, int chunk, int* hits) {
  int lane = threadIdx.x & 31;
  for (;;) {
    unsigned start;
    if (lane == 0) start = atomicAdd(cursor, chunk);
    start = __shfl_sync(~0u, start, 0);
    if (start >= (unsigned)n) break;
    for (unsigned i = start + lane; i < start + chunk && i < (unsigned)n; i += 32) atomicAdd(&hits[i], 1);
  }
}
int main(int argc, char** argv) {
  int N = iters(argc, argv); uint64_t seed = 4242;
  const int maxn = 1 << 16, maxb = 4096;
  int *keys, *locks, *cnt, *flags, *order, *hits; long long *sum, *acc; unsigned* tk;
  CK(cudaMalloc(&keys, maxn * 4)); CK(cudaMalloc(&locks, 64 * 4)); CK(cudaMalloc(&cnt, 64 * 4)); CK(cudaMalloc(&sum, 64 * 8));
  CK(cudaMalloc(&flags, maxb * 4)); CK(cudaMalloc(&order, maxb * 4)); CK(cudaMalloc(&acc, maxb * 8)); CK(cudaMalloc(&tk, 4));
  CK(cudaMalloc(&hits, (1 << 20) * 4));
  int* h = (int*)malloc(maxn * 4); int* hh = (int*)malloc((1 << 20) * 4);
  for (int it = 0; it < N; ++it) {
    int n = 1 + rng(seed) % maxn, buckets = 1 + rng(seed) % 64, grid = 1 + rng(seed) % 16, tb = 32 << (rng(seed) % 4);
    int c[64] = {0}; long long s[64] = {0};
    for (int i = 0; i < n; ++i) { h[i] = rng(seed) % 100000; c[h[i] % buckets]++; s[h[i] % buckets] += h[i]; }
    CK(cudaMemcpy(keys, h, n * 4, cudaMemcpyHostToDevice));
    CK(cudaMemset(locks, 0, 64 * 4)); CK(cudaMemset(cnt, 0, 64 * 4)); CK(cudaMemset(sum, 0, 64 * 8));
    locked<<<grid, tb>>>(keys, n, locks, cnt, sum, buckets);
    CK(cudaGetLastError());
    int gc[64]; long long gs[64];
    CK(cudaMemcpy(gc, cnt, 64 * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(gs, sum, 64 * 8, cudaMemcpyDeviceToHost));
    for (int b = 0; b < buckets; ++b) EXPECT(gc[b] == c[b] && gs[b] == s[b], "locked it %d n %d buckets %d grid %dx%d: bucket %d count %d/%d sum %lld/%lld", it, n, buckets, grid, tb, b, gc[b], c[b], gs[b], s[b]);

    int blocks = 1 + rng(seed) % maxb;
    CK(cudaMemset(flags, 0, maxb * 4)); CK(cudaMemset(tk, 0, 4));
    chain<<<blocks, 64>>>(tk, flags, order, acc);
    CK(cudaGetLastError());
    long long* ha = (long long*)malloc(blocks * 8); CK(cudaMemcpy(ha, acc, blocks * 8, cudaMemcpyDeviceToHost));
    for (int b = 0; b < blocks; ++b) EXPECT(ha[b] == (long long)(b + 1) * (b + 2) / 2, "chain it %d blocks %d: acc[%d] %lld", it, blocks, b, ha[b]);
    free(ha);

    int m = 1 + rng(seed) % (1 << 20), chunk = 1 + rng(seed) % 300, sg = 1 + rng(seed) % 64;
    CK(cudaMemset(hits, 0, m * 4)); CK(cudaMemset(tk, 0, 4));
    steal<<<sg, 128>>>(tk, m, chunk, hits);
    CK(cudaGetLastError()); CK(cudaMemcpy(hh, hits, m * 4, cudaMemcpyDeviceToHost));
    int bad = 0, first = -1; for (int i = 0; i < m; ++i) if (hh[i] != 1) { if (first < 0) first = i; ++bad; }
    EXPECT(!bad, "steal it %d m %d chunk %d grid %d: %d items not done once, first %d (%d)", it, m, chunk, sg, bad, first, first >= 0 ? hh[first] : 0);
  }
  return finish("locks_queues", N);
}
