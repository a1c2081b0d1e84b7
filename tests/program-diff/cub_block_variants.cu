// flags: -std=c++17 -O3
// CUB block primitives with the algorithm and items-per-thread choices tuned kernels make:
// BlockReduce RAKING / RAKING_COMMUTATIVE_ONLY / WARP_REDUCTIONS over 2-D blocks (32x4, 16x6)
// with 3 items per thread; BlockScan RAKING / RAKING_MEMOIZE / WARP_SCANS ExclusiveScan with a
// callback prefix op carried across tiles; BlockRadixSort of (unsigned char, short) pairs and of
// double keys descending with 5 items per thread; BlockLoad VECTORIZE / WARP_TRANSPOSE of
// short; BlockExchange StripedToBlocked / BlockedToWarpStriped; BlockHistogram ATOMIC vs SORT on
// 8-bit samples with 64 bins.
#include <cstdio>
#include <cub/cub.cuh>
#include <cuda/functional>

template <cub::BlockReduceAlgorithm A, int BX, int BY>
__global__ void reduceK(const int* in, int* out) {
  using BR = cub::BlockReduce<int, BX, A, BY>;
  __shared__ typename BR::TempStorage tmp;
  int t = threadIdx.x + threadIdx.y * BX;
  int items[3];
  for (int i = 0; i < 3; i++) items[i] = in[t * 3 + i];
  int s = BR(tmp).Sum(items);
  __syncthreads();
  int m = BR(tmp).Reduce(items, cuda::minimum<>());
  __syncthreads();
  int p = BR(tmp).Sum(items[0], BX * BY - 7);
  if (t == 0) { out[0] = s; out[1] = m; out[2] = p; }
}

struct Prefix {
  long long running;
  __device__ long long operator()(long long block_aggregate) {
    long long old = running;
    running += block_aggregate;
    return old;
  }
};

template <cub::BlockScanAlgorithm A>
__global__ void scanK(const int* in, long long* out, int tiles) {
  using BS = cub::BlockScan<long long, 64, A>;
  __shared__ typename BS::TempStorage tmp;
  Prefix pre{1000};
  for (int tile = 0; tile < tiles; tile++) {
    long long v[2];
    v[0] = in[tile * 128 + threadIdx.x * 2];
    v[1] = in[tile * 128 + threadIdx.x * 2 + 1];
    BS(tmp).ExclusiveSum(v, v, pre);
    __syncthreads();
    out[tile * 128 + threadIdx.x * 2] = v[0];
    out[tile * 128 + threadIdx.x * 2 + 1] = v[1];
  }
}

__global__ void sortPairsK(const unsigned char* k, const short* v, unsigned char* ko, short* vo) {
  using BRS = cub::BlockRadixSort<unsigned char, 64, 4, short>;
  __shared__ typename BRS::TempStorage tmp;
  unsigned char keys[4]; short vals[4];
  for (int i = 0; i < 4; i++) { keys[i] = k[threadIdx.x * 4 + i]; vals[i] = v[threadIdx.x * 4 + i]; }
  BRS(tmp).Sort(keys, vals);
  for (int i = 0; i < 4; i++) { ko[threadIdx.x * 4 + i] = keys[i]; vo[threadIdx.x * 4 + i] = vals[i]; }
}

__global__ void sortDoubleK(const double* k, double* ko) {
  using BRS = cub::BlockRadixSort<double, 96, 5>;
  __shared__ typename BRS::TempStorage tmp;
  double keys[5];
  for (int i = 0; i < 5; i++) keys[i] = k[threadIdx.x * 5 + i];
  BRS(tmp).SortDescendingBlockedToStriped(keys);
  for (int i = 0; i < 5; i++) ko[i * 96 + threadIdx.x] = keys[i];
}

template <cub::BlockLoadAlgorithm L>
__global__ void loadExchangeK(const short* in, int* out, int valid) {
  using BL = cub::BlockLoad<short, 64, 4, L>;
  using BE = cub::BlockExchange<short, 64, 4>;
  __shared__ union { typename BL::TempStorage l; typename BE::TempStorage e; } tmp;
  short items[4];
  BL(tmp.l).Load(in, items, valid, (short)-1);
  __syncthreads();
  int a = 0;
  for (int i = 0; i < 4; i++) a = a * 1000 + items[i];
  out[threadIdx.x] = a;
  BE(tmp.e).BlockedToWarpStriped(items);
  __syncthreads();
  out[64 + threadIdx.x] = items[0] * 1000 + items[3];
  BE(tmp.e).WarpStripedToBlocked(items);
  __syncthreads();
  BE(tmp.e).BlockedToStriped(items);
  __syncthreads();
  out[128 + threadIdx.x] = items[1] * 1000 + items[2];
}

template <cub::BlockHistogramAlgorithm H>
__global__ void histK(const unsigned char* in, unsigned* bins) {
  using BH = cub::BlockHistogram<unsigned char, 128, 4, 64, H>;
  __shared__ typename BH::TempStorage tmp;
  __shared__ unsigned sh[64];
  unsigned char s[4];
  for (int i = 0; i < 4; i++) s[i] = in[threadIdx.x * 4 + i] % 64;
  BH(tmp).Histogram(s, sh);
  __syncthreads();
  if (threadIdx.x < 64) bins[threadIdx.x] = sh[threadIdx.x];
}

template <cub::BlockReduceAlgorithm A, int BX, int BY>
void runReduce(const char* name, int* din, int* dout, const int* h) {
  reduceK<A, BX, BY><<<1, dim3(BX, BY)>>>(din, dout);
  int r[3];
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  int n = BX * BY * 3; long s = 0; int m = 1 << 30; long p = 0;
  for (int i = 0; i < n; i++) { s += h[i]; m = h[i] < m ? h[i] : m; }
  for (int t = 0; t < BX * BY - 7; t++) p += h[t * 3];
  printf("reduce %s %dx%d: sum=%d min=%d partial=%d %s\n", name, BX, BY, r[0], r[1], r[2], r[0] == s && r[1] == m && r[2] == p ? "ok" : "FAIL");
}

template <cub::BlockScanAlgorithm A>
void runScan(const char* name, int* din, long long* dout, const int* h) {
  scanK<A><<<1, 64>>>(din, dout, 3);
  long long r[384];
  cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
  long long acc = 1000; int bad = 0;
  for (int i = 0; i < 384; i++) { if (r[i] != acc) bad++; acc += h[i]; }
  printf("scan %s: r[0]=%lld r[127]=%lld r[128]=%lld r[383]=%lld bad=%d\n", name, r[0], r[127], r[128], r[383], bad);
}

int main() {
  int h[1024];
  for (int i = 0; i < 1024; i++) h[i] = (i * 7919) % 201 - 100;
  int* din; int* dout; long long* dl;
  cudaMalloc(&din, sizeof h); cudaMalloc(&dout, 4096); cudaMalloc(&dl, 8 * 1024);
  cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
  runReduce<cub::BLOCK_REDUCE_RAKING, 32, 4>("raking", din, dout, h);
  runReduce<cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 32, 4>("commutative", din, dout, h);
  runReduce<cub::BLOCK_REDUCE_WARP_REDUCTIONS, 32, 4>("warp", din, dout, h);
  runReduce<cub::BLOCK_REDUCE_RAKING, 16, 6>("raking", din, dout, h);
  runReduce<cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, 16, 6>("commutative", din, dout, h);
  runReduce<cub::BLOCK_REDUCE_WARP_REDUCTIONS, 16, 6>("warp", din, dout, h);
  runScan<cub::BLOCK_SCAN_RAKING>("raking", din, dl, h);
  runScan<cub::BLOCK_SCAN_RAKING_MEMOIZE>("memoize", din, dl, h);
  runScan<cub::BLOCK_SCAN_WARP_SCANS>("warpscans", din, dl, h);

  unsigned char hk[256]; short hv[256];
  for (int i = 0; i < 256; i++) { hk[i] = (unsigned char)((i * 151) % 256 / 16); hv[i] = (short)(i - 128); }
  unsigned char *dk, *dko; short *dv, *dvo;
  cudaMalloc(&dk, 256); cudaMalloc(&dko, 256); cudaMalloc(&dv, 512); cudaMalloc(&dvo, 512);
  cudaMemcpy(dk, hk, 256, cudaMemcpyHostToDevice); cudaMemcpy(dv, hv, 512, cudaMemcpyHostToDevice);
  sortPairsK<<<1, 64>>>(dk, dv, dko, dvo);
  unsigned char rk[256]; short rv[256];
  cudaMemcpy(rk, dko, 256, cudaMemcpyDeviceToHost); cudaMemcpy(rv, dvo, 512, cudaMemcpyDeviceToHost);
  int stable = 1;
  for (int i = 1; i < 256; i++) if (rk[i - 1] > rk[i] || (rk[i - 1] == rk[i] && rv[i - 1] > rv[i])) stable = 0;
  printf("uchar/short pairs sorted+stable=%d:", stable);
  for (int i = 0; i < 256; i += 21) printf(" %u:%d", rk[i], rv[i]);
  printf("\n");

  double hd[480];
  for (int i = 0; i < 480; i++) hd[i] = ((i * 37) % 101 - 50) * 0.125 + (i % 7 == 0 ? -0.0 : 0.0);
  hd[5] = -0.0; hd[6] = 0.0; hd[7] = 1e300; hd[8] = -1e-300;
  double *dd, *ddo;
  cudaMalloc(&dd, sizeof hd); cudaMalloc(&ddo, sizeof hd);
  cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
  sortDoubleK<<<1, 96>>>(dd, ddo);
  double rd[480];
  cudaMemcpy(rd, ddo, sizeof rd, cudaMemcpyDeviceToHost);
  int desc = 1;
  for (int i = 1; i < 480; i++) if (rd[i - 1] < rd[i]) desc = 0;
  printf("double desc=%d first=%g second=%g last=%g", desc, rd[0], rd[1], rd[479]);
  for (int i = 0; i < 480; i++) if (rd[i] == 0) printf(" %s", signbit(rd[i]) ? "-0" : "+0");
  printf("\n");

  short hs[256];
  for (int i = 0; i < 256; i++) hs[i] = (short)(i * 3 % 200);
  short* ds; cudaMalloc(&ds, sizeof hs); cudaMemcpy(ds, hs, sizeof hs, cudaMemcpyHostToDevice);
  int ro[192];
  loadExchangeK<cub::BLOCK_LOAD_VECTORIZE><<<1, 64>>>(ds, dout, 256);
  cudaMemcpy(ro, dout, sizeof ro, cudaMemcpyDeviceToHost);
  printf("vectorize:"); for (int i = 0; i < 192; i += 13) printf(" %d", ro[i]); printf("\n");
  loadExchangeK<cub::BLOCK_LOAD_WARP_TRANSPOSE><<<1, 64>>>(ds, dout, 250);
  cudaMemcpy(ro, dout, sizeof ro, cudaMemcpyDeviceToHost);
  printf("warp_transpose partial:"); for (int i = 0; i < 192; i += 13) printf(" %d", ro[i]); printf(" last=%d\n", ro[63]);

  unsigned char hb[512];
  for (int i = 0; i < 512; i++) hb[i] = (unsigned char)((i * i * 7 + 3) % 251);
  unsigned char* db; unsigned* dbins;
  cudaMalloc(&db, 512); cudaMalloc(&dbins, 256);
  cudaMemcpy(db, hb, 512, cudaMemcpyHostToDevice);
  unsigned b1[64], b2[64], ref[64] = {0};
  for (int i = 0; i < 512; i++) ref[hb[i] % 64]++;
  histK<cub::BLOCK_HISTO_ATOMIC><<<1, 128>>>(db, dbins);
  cudaMemcpy(b1, dbins, 256, cudaMemcpyDeviceToHost);
  histK<cub::BLOCK_HISTO_SORT><<<1, 128>>>(db, dbins);
  cudaMemcpy(b2, dbins, 256, cudaMemcpyDeviceToHost);
  printf("histogram atomic=%s sort=%s:", memcmp(b1, ref, 256) ? "FAIL" : "ok", memcmp(b2, ref, 256) ? "FAIL" : "ok");
  for (int i = 0; i < 64; i += 5) printf(" %u", b2[i]);
  printf("\nerr=%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
