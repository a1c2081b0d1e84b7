// CUB: BlockReduce, BlockScan, WarpReduce, DeviceReduce, DeviceRadixSort, DeviceScan.
#include "common.h"
#include <cub/cub.cuh>
#include <vector>
#include <algorithm>
template <int BT>
__global__ void block_ops(const int* in, int* red, int* scan) {
  typedef cub::BlockReduce<int, BT> BR;
  typedef cub::BlockScan<int, BT> BS;
  __shared__ typename BR::TempStorage tr;
  __shared__ typename BS::TempStorage ts;
  int v = in[blockIdx.x * BT + threadIdx.x];
  int r = BR(tr).Sum(v);
  if (threadIdx.x == 0) red[blockIdx.x] = r;
  int o; BS(ts).ExclusiveSum(v, o);
  scan[blockIdx.x * BT + threadIdx.x] = o;
}
__global__ void warp_ops(const int* in, int* out) {
  typedef cub::WarpReduce<int> WR;
  __shared__ typename WR::TempStorage t[4];
  int w = threadIdx.x / 32;
  int v = in[threadIdx.x];
  int m = WR(t[w]).Reduce(v, cuda::maximum<>());
  if (threadIdx.x % 32 == 0) out[w] = m;
}
int main() {
  const int BT = 128, NB = 64, n = BT * NB;
  std::vector<int> h(n); for (int i = 0; i < n; i++) h[i] = (i * 7919) % 1013 - 500;
  int *din, *dred, *dscan; CK(cudaMalloc(&din, n * 4)); CK(cudaMalloc(&dred, NB * 4)); CK(cudaMalloc(&dscan, n * 4));
  CK(cudaMemcpy(din, h.data(), n * 4, cudaMemcpyHostToDevice));
  block_ops<BT><<<NB, BT>>>(din, dred, dscan); CK(cudaGetLastError());
  std::vector<int> red(NB), scan(n);
  CK(cudaMemcpy(red.data(), dred, NB * 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(scan.data(), dscan, n * 4, cudaMemcpyDeviceToHost));
  for (int b = 0; b < NB; b++) { int s = 0; for (int t = 0; t < BT; t++) { EXPECT(scan[b*BT+t] == s); s += h[b*BT+t]; } EXPECT(red[b] == s); }
  warp_ops<<<1, 128>>>(din, dred); CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(red.data(), dred, 16, cudaMemcpyDeviceToHost));
  for (int w = 0; w < 4; w++) EXPECT(red[w] == *std::max_element(h.begin() + w*32, h.begin() + w*32 + 32));
  // device-wide
  int* dsum; CK(cudaMalloc(&dsum, 4));
  void* tmp = nullptr; size_t tb = 0;
  CK(cub::DeviceReduce::Sum(tmp, tb, din, dsum, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceReduce::Sum(tmp, tb, din, dsum, n));
  int gs; CK(cudaMemcpy(&gs, dsum, 4, cudaMemcpyDeviceToHost));
  long long ws = 0; for (int x : h) ws += x; EXPECT(gs == ws);
  CK(cudaFree(tmp));
  int* dsorted; CK(cudaMalloc(&dsorted, n * 4)); tmp = nullptr; tb = 0;
  CK(cub::DeviceRadixSort::SortKeys(tmp, tb, din, dsorted, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceRadixSort::SortKeys(tmp, tb, din, dsorted, n));
  std::vector<int> so(n); CK(cudaMemcpy(so.data(), dsorted, n * 4, cudaMemcpyDeviceToHost));
  std::vector<int> hs = h; std::sort(hs.begin(), hs.end());
  EXPECT(so == hs);
  CK(cudaFree(tmp)); tmp = nullptr; tb = 0;
  CK(cub::DeviceScan::InclusiveSum(tmp, tb, din, dscan, n)); CK(cudaMalloc(&tmp, tb));
  CK(cub::DeviceScan::InclusiveSum(tmp, tb, din, dscan, n));
  CK(cudaMemcpy(scan.data(), dscan, n * 4, cudaMemcpyDeviceToHost));
  int a = 0; for (int i = 0; i < n; i++) { a += h[i]; EXPECT(scan[i] == a); }
  printf("PASS\n");
}
