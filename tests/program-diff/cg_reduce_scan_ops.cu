// flags: -std=c++17
// cg::reduce / inclusive_scan / exclusive_scan with cg::plus, less, greater, bit_and, bit_or,
// bit_xor and a lambda, on int, unsigned, float and double, over tiles of 4, 16 and 32 and a
// coalesced group; float sums printed as bits (the order of a reduce is the library's).
#include <cstdio>
#include <cstring>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
template <int N>
__device__ void ops(int* o) {
  auto t = cg::tiled_partition<N>(cg::this_thread_block());
  int i = threadIdx.x;
  int v = (i * 37 + 5) % 23 - 11;
  unsigned u = 0x9e3779b9u * (i + 1);
  o[0 * 64 + i] = cg::reduce(t, v, cg::plus<int>());
  o[1 * 64 + i] = cg::reduce(t, v, cg::less<int>());
  o[2 * 64 + i] = cg::reduce(t, v, cg::greater<int>());
  o[3 * 64 + i] = cg::reduce(t, u, cg::bit_and<unsigned>());
  o[4 * 64 + i] = cg::reduce(t, u, cg::bit_or<unsigned>());
  o[5 * 64 + i] = cg::reduce(t, u, cg::bit_xor<unsigned>());
  o[6 * 64 + i] = cg::inclusive_scan(t, v);
  o[7 * 64 + i] = cg::exclusive_scan(t, v);
  o[8 * 64 + i] = cg::inclusive_scan(t, v, cg::greater<int>());
  o[9 * 64 + i] = cg::exclusive_scan(t, u, cg::bit_xor<unsigned>());
  o[10 * 64 + i] = cg::reduce(t, v, [](int a, int b) { return a * 3 + b; });
  float f = 1.0f / (i + 1);
  float fs = cg::reduce(t, f, cg::plus<float>());
  memcpy(&o[11 * 64 + i], &fs, 4);
  float fm = cg::reduce(t, -f, cg::less<float>());
  memcpy(&o[12 * 64 + i], &fm, 4);
  double d = cg::inclusive_scan(t, (double)(i % 5) * 0.5);
  o[13 * 64 + i] = (int)(d * 2);
}
__global__ void k(int* o) {
  ops<4>(o); ops<16>(o + 14 * 64); ops<32>(o + 28 * 64);
  int i = threadIdx.x;
  if (i % 4 != 3) {
    auto c = cg::coalesced_threads();
    o[42 * 64 + i] = cg::reduce(c, i, cg::plus<int>());
    o[43 * 64 + i] = cg::exclusive_scan(c, i);
    o[44 * 64 + i] = cg::inclusive_scan(c, i, cg::less<int>());
  } else {
    o[42 * 64 + i] = o[43 * 64 + i] = o[44 * 64 + i] = -7;
  }
}
int main() {
  int* o; cudaMalloc(&o, 45 * 64 * 4);
  k<<<1, 64>>>(o);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static int r[45 * 64]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int j = 0; j < 45; j++) {
    printf("r%d:", j);
    for (int i = 0; i < 64; i++) printf((j % 14 == 3 || j % 14 == 4 || j % 14 == 5 || j % 14 == 9 || j % 14 == 11 || j % 14 == 12) && j < 42 ? " %08x" : " %d", r[j * 64 + i]);
    printf("\n");
  }
}
