// CUB block-wide and warp-wide collectives: BlockLoad / BlockStore (warp-transposed), BlockReduce
// (Sum, Max, a custom operator, partial tiles), BlockScan (inclusive/exclusive sum, with a block
// aggregate), BlockRadixSort (keys, and keys with values, ascending and descending),
// BlockHistogram, WarpReduce and WarpScan over logical warps of 16 — against host computations.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cub/cub.cuh>
#include <cuda/functional>
#include <algorithm>
#include <vector>
const int BT = 128, IPT = 4, TILE = BT * IPT;
struct AbsMax { __device__ int operator()(int a, int b) const { return abs(a) > abs(b) ? a : b; } };
__global__ void block_prims(const int* in, int* out, int* scalars, int partial) {
  using Load = cub::BlockLoad<int, BT, IPT, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  using Store = cub::BlockStore<int, BT, IPT, cub::BLOCK_STORE_WARP_TRANSPOSE>;
  using Reduce = cub::BlockReduce<int, BT>;
  using Scan = cub::BlockScan<int, BT>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Reduce::TempStorage reduce;
    typename Scan::TempStorage scan;
  } temp;
  int items[IPT];
  const int* tile = in + blockIdx.x * TILE;
  Load(temp.load).Load(tile, items);
  __syncthreads();
  int sum = Reduce(temp.reduce).Sum(items);
  __syncthreads();
  int mx = Reduce(temp.reduce).Reduce(items, cuda::maximum<>());
  __syncthreads();
  int am = Reduce(temp.reduce).Reduce(items[0], AbsMax());
  __syncthreads();
  int part = Reduce(temp.reduce).Sum(items[0], partial);  // only the first `partial` threads
  __syncthreads();
  int aggregate;
  Scan(temp.scan).ExclusiveSum(items, items, aggregate);
  __syncthreads();
  Store(temp.store).Store(out + blockIdx.x * TILE, items);
  if (threadIdx.x == 0) { int* s = scalars + blockIdx.x * 5; s[0] = sum; s[1] = mx; s[2] = am; s[3] = part; s[4] = aggregate; }
}
__global__ void inclusive(const int* in, int* out) {
  using Scan = cub::BlockScan<int, BT, cub::BLOCK_SCAN_WARP_SCANS>;
  __shared__ typename Scan::TempStorage temp;
  int v = in[blockIdx.x * BT + threadIdx.x], r;
  Scan(temp).InclusiveSum(v, r);
  out[blockIdx.x * BT + threadIdx.x] = r;
}
__global__ void radix(const unsigned* keys, const int* vals, unsigned* okeys, int* ovals, unsigned* desc) {
  using Sort = cub::BlockRadixSort<unsigned, BT, IPT, int>;
  __shared__ typename Sort::TempStorage temp;
  unsigned k[IPT]; int v[IPT];
  for (int i = 0; i < IPT; i++) { k[i] = keys[threadIdx.x * IPT + i]; v[i] = vals[threadIdx.x * IPT + i]; }
  Sort(temp).Sort(k, v);  // blocked arrangement: thread t holds ranks t*IPT .. t*IPT+IPT-1
  for (int i = 0; i < IPT; i++) { okeys[threadIdx.x * IPT + i] = k[i]; ovals[threadIdx.x * IPT + i] = v[i]; }
  __syncthreads();
  for (int i = 0; i < IPT; i++) k[i] = keys[threadIdx.x * IPT + i];
  Sort(temp).SortDescending(k, v);
  for (int i = 0; i < IPT; i++) desc[threadIdx.x * IPT + i] = k[i];
}
__global__ void histogram(const unsigned char* in, unsigned* bins) {
  using Hist = cub::BlockHistogram<unsigned char, BT, IPT, 16>;
  __shared__ typename Hist::TempStorage temp;
  __shared__ unsigned smem[16];
  unsigned char items[IPT];
  for (int i = 0; i < IPT; i++) items[i] = in[threadIdx.x * IPT + i];
  Hist(temp).Histogram(items, smem);
  __syncthreads();
  if (threadIdx.x < 16) bins[threadIdx.x] = smem[threadIdx.x];
}
__global__ void warps(const int* in, int* sums, int* scans) {
  using WR = cub::WarpReduce<int, 16>;
  using WS = cub::WarpScan<int, 16>;
  __shared__ typename WR::TempStorage wr[BT / 16];
  __shared__ typename WS::TempStorage ws[BT / 16];
  int w = threadIdx.x / 16, v = in[threadIdx.x];
  int s = WR(wr[w]).Sum(v);
  if (threadIdx.x % 16 == 0) sums[w] = s;
  int inc;
  WS(ws[w]).InclusiveScan(v, inc, cuda::maximum<>());
  scans[threadIdx.x] = inc;
}
int main() {
  const int B = 3;
  std::vector<int> h(B * TILE);
  for (int i = 0; i < B * TILE; i++) h[i] = (i * 7919) % 201 - 100;
  int *in, *out, *sc;
  CK(cudaMalloc(&in, h.size() * 4)); CK(cudaMalloc(&out, h.size() * 4)); CK(cudaMalloc(&sc, B * 5 * 4));
  CK(cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice));
  const int partial = 50;
  block_prims<<<B, BT>>>(in, out, sc, partial);
  CK(cudaGetLastError());
  std::vector<int> r(h.size()), s(B * 5);
  CK(cudaMemcpy(r.data(), out, r.size() * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(s.data(), sc, s.size() * 4, cudaMemcpyDeviceToHost));
  bool red = true, scan = true;
  for (int b = 0; b < B; b++) {
    const int* t = h.data() + b * TILE;
    int sum = 0, mx = -1000, am = 0, part = 0;
    for (int i = 0; i < TILE; i++) { sum += t[i]; mx = std::max(mx, t[i]); }
    // items[0] of thread k is element k*IPT after the blocked load.
    for (int k = 0; k < BT; k++) { int v = t[k * IPT]; if (k == 0 || abs(v) > abs(am)) am = v; if (k < partial) part += v; }
    red &= s[b * 5] == sum && s[b * 5 + 1] == mx && abs(s[b * 5 + 2]) == abs(am) && s[b * 5 + 3] == part;
    int acc = 0;
    for (int i = 0; i < TILE; i++) { scan &= r[b * TILE + i] == acc; acc += t[i]; }
    scan &= s[b * 5 + 4] == sum;
  }
  check(red, "BlockReduce Sum / Max / custom operator / partial tile");
  check(scan, "BlockLoad + BlockScan ExclusiveSum (block aggregate) + BlockStore");
  inclusive<<<B, BT>>>(in, out);
  CK(cudaMemcpy(r.data(), out, B * BT * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < B; b++) { int acc = 0; for (int t = 0; t < BT; t++) { acc += h[b * BT + t]; ok &= r[b * BT + t] == acc; } }
  check(ok, "BlockScan InclusiveSum (BLOCK_SCAN_WARP_SCANS)");
  std::vector<unsigned> keys(TILE); std::vector<int> vals(TILE);
  for (int i = 0; i < TILE; i++) { keys[i] = (unsigned)(i * 2654435761u) >> (i % 3 ? 20 : 4); vals[i] = i; }
  unsigned *dk, *dok, *dd; int *dv, *dov;
  CK(cudaMalloc(&dk, TILE * 4)); CK(cudaMalloc(&dok, TILE * 4)); CK(cudaMalloc(&dd, TILE * 4)); CK(cudaMalloc(&dv, TILE * 4)); CK(cudaMalloc(&dov, TILE * 4));
  CK(cudaMemcpy(dk, keys.data(), TILE * 4, cudaMemcpyHostToDevice)); CK(cudaMemcpy(dv, vals.data(), TILE * 4, cudaMemcpyHostToDevice));
  radix<<<1, BT>>>(dk, dv, dok, dov, dd);
  std::vector<unsigned> rk(TILE), rd(TILE); std::vector<int> rv(TILE);
  CK(cudaMemcpy(rk.data(), dok, TILE * 4, cudaMemcpyDeviceToHost)); CK(cudaMemcpy(rv.data(), dov, TILE * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(rd.data(), dd, TILE * 4, cudaMemcpyDeviceToHost));
  std::vector<unsigned> wk = keys; std::sort(wk.begin(), wk.end());
  ok = rk == wk;
  for (int i = 0; i < TILE; i++) ok &= keys[rv[i]] == rk[i];
  check(ok, "BlockRadixSort keys with values");
  std::sort(wk.begin(), wk.end(), std::greater<unsigned>());
  check(rd == wk, "BlockRadixSort SortDescending");
  std::vector<unsigned char> hb(TILE);
  for (int i = 0; i < TILE; i++) hb[i] = (unsigned char)((i * 31) % 16);
  unsigned char* db; unsigned* dbins;
  CK(cudaMalloc(&db, TILE)); CK(cudaMalloc(&dbins, 64));
  CK(cudaMemcpy(db, hb.data(), TILE, cudaMemcpyHostToDevice));
  histogram<<<1, BT>>>(db, dbins);
  unsigned bins[16], wb[16] = {};
  CK(cudaMemcpy(bins, dbins, 64, cudaMemcpyDeviceToHost));
  for (int i = 0; i < TILE; i++) wb[hb[i]]++;
  check(std::equal(bins, bins + 16, wb), "BlockHistogram");
  int *dsum, *dscan;
  CK(cudaMalloc(&dsum, BT / 16 * 4)); CK(cudaMalloc(&dscan, BT * 4));
  warps<<<1, BT>>>(in, dsum, dscan);
  int hs[BT / 16], hsc[BT];
  CK(cudaMemcpy(hs, dsum, sizeof(hs), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hsc, dscan, sizeof(hsc), cudaMemcpyDeviceToHost));
  ok = true;
  for (int w = 0; w < BT / 16; w++) {
    int sum = 0, m = -1000;
    for (int l = 0; l < 16; l++) { sum += h[w * 16 + l]; m = std::max(m, h[w * 16 + l]); ok &= hsc[w * 16 + l] == m; }
    ok &= hs[w] == sum;
  }
  check(ok, "WarpReduce Sum and WarpScan InclusiveScan(cuda::maximum) on 16-thread logical warps");
  return finish();
}
