// flags: -std=c++17
// CUB warp- and block-level pieces not covered elsewhere: WarpLoad / WarpStore (striped and
// transpose), WarpExchange BlockedToStriped over logical warps of 16, WarpMergeSort of 4 items
// per lane with a custom comparator, BlockMergeSort with a partial tile and an oob default,
// BlockRunLengthDecode, BlockScan InclusiveScan with a struct operator.
#include <cub/cub.cuh>
#include <cub/block/block_run_length_decode.cuh>
#include <cstdio>

struct Desc { __device__ bool operator()(int a, int b) const { return a > b; } };
struct MinMax { int lo, hi; };
struct MinMaxOp { __device__ MinMax operator()(MinMax a, MinMax b) const { return MinMax{a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi}; } };

__global__ void warp_io(const int *in, int *out, int *sorted) {
  constexpr int W = 16, I = 4, NW = 64 / W;
  using WL = cub::WarpLoad<int, I, cub::WARP_LOAD_TRANSPOSE, W>;
  using WS = cub::WarpStore<int, I, cub::WARP_STORE_STRIPED, W>;
  using WE = cub::WarpExchange<int, I, W>;
  using WM = cub::WarpMergeSort<int, I, W>;
  __shared__ typename WL::TempStorage lt[NW];
  __shared__ typename WS::TempStorage st[NW];
  __shared__ typename WE::TempStorage et[NW];
  __shared__ typename WM::TempStorage mt[NW];
  int w = threadIdx.x / W;
  int x[I];
  WL(lt[w]).Load(in + w * W * I, x);
  __syncwarp();
  for (int j = 0; j < I; ++j) x[j] = x[j] * 10 + (threadIdx.x % W);
  WE(et[w]).BlockedToStriped(x, x);
  __syncwarp();
  WS(st[w]).Store(out + w * W * I, x);
  __syncwarp();
  WM(mt[w]).Sort(x, Desc());
  for (int j = 0; j < I; ++j) sorted[threadIdx.x * I + j] = x[j];
}

__global__ void block_misc(const int *in, int valid, int *sorted, int *decoded, int *total, MinMax *mm) {
  constexpr int T = 64, I = 3;
  using BM = cub::BlockMergeSort<int, T, I>;
  __shared__ typename BM::TempStorage ms;
  int x[I];
  for (int j = 0; j < I; ++j) { int idx = threadIdx.x * I + j; x[j] = idx < valid ? in[idx] : 0; }
  BM(ms).Sort(x, Desc(), valid, -999999);
  for (int j = 0; j < I; ++j) sorted[threadIdx.x * I + j] = x[j];
  __syncthreads();
  using RLD = cub::BlockRunLengthDecode<int, T, 1, 4>;
  __shared__ typename RLD::TempStorage rt;
  int val[1] = {(int)threadIdx.x * 3}, len[1] = {(int)(threadIdx.x % 4)};
  int tot;
  RLD rld(rt, val, len, tot);
  int dec[4];
  rld.RunLengthDecode(dec, 0);
  for (int j = 0; j < 4; ++j) decoded[threadIdx.x * 4 + j] = dec[j];
  if (threadIdx.x == 0) *total = tot;
  __syncthreads();
  using BS = cub::BlockScan<MinMax, T>;
  __shared__ typename BS::TempStorage bs;
  MinMax m{in[threadIdx.x], in[threadIdx.x]}, r;
  BS(bs).InclusiveScan(m, r, MinMaxOp());
  mm[threadIdx.x] = r;
}

int main() {
  int h[256]; for (int i = 0; i < 256; ++i) h[i] = (i * 37 + 11) % 101;
  int *d, *o, *s; cudaMalloc(&d, 1024); cudaMalloc(&o, 1024); cudaMalloc(&s, 1024);
  cudaMemcpy(d, h, 1024, cudaMemcpyHostToDevice);
  warp_io<<<1, 64>>>(d, o, s);
  int ro[256], rs[256]; cudaMemcpy(ro, o, 1024, cudaMemcpyDeviceToHost); cudaMemcpy(rs, s, 1024, cudaMemcpyDeviceToHost);
  long long hh = 0; for (int i = 0; i < 256; ++i) hh = hh * 31 + ro[i];
  printf("warp io: %d %d %d %d hash %lld\n", ro[0], ro[1], ro[16], ro[255], hh);
  printf("warp merge sort:"); for (int i = 0; i < 256; i += 21) printf(" %d", rs[i]); printf("\n");
  int *dec, *tot; MinMax *mm; cudaMalloc(&dec, 256 * 4); cudaMalloc(&tot, 4); cudaMalloc(&mm, 64 * sizeof(MinMax));
  block_misc<<<1, 64>>>(d, 150, s, dec, tot, mm);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  cudaMemcpy(rs, s, 192 * 4, cudaMemcpyDeviceToHost);
  printf("block merge sort partial:"); for (int i = 0; i < 192; i += 13) printf(" %d", rs[i]); printf("\n");
  int rd[256], rt; cudaMemcpy(rd, dec, 1024, cudaMemcpyDeviceToHost); cudaMemcpy(&rt, tot, 4, cudaMemcpyDeviceToHost);
  printf("run-length decode total %d:", rt); for (int i = 0; i < 24; ++i) printf(" %d", rd[i]); printf("\n");
  MinMax rm[64]; cudaMemcpy(rm, mm, sizeof(rm), cudaMemcpyDeviceToHost);
  printf("scan minmax: (%d,%d) (%d,%d) (%d,%d)\n", rm[0].lo, rm[0].hi, rm[10].lo, rm[10].hi, rm[63].lo, rm[63].hi);
  return 0;
}
