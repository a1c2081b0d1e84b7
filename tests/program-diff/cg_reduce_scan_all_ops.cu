// cg::reduce, cg::inclusive_scan and cg::exclusive_scan with every functor (plus, less,
// greater, bit_and, bit_or, bit_xor) and a lambda, over tiles of 4, 8, 32 and a coalesced
// group in divergent code; int, unsigned, float and double values.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void k(int* oi, float* of, double* od) {
  int t = threadIdx.x, o = 0;
  auto b = cg::this_thread_block();
  auto t4 = cg::tiled_partition<4>(b);
  auto t8 = cg::tiled_partition<8>(b);
  auto t32 = cg::tiled_partition<32>(b);
  int v = ((t * 37) % 23) - 11;
  unsigned u = 0x9e3779b9u * (t + 1);
  oi[o++ * 64 + t] = cg::reduce(t4, v, cg::plus<int>());
  oi[o++ * 64 + t] = cg::reduce(t8, v, cg::less<int>());
  oi[o++ * 64 + t] = cg::reduce(t32, v, cg::greater<int>());
  oi[o++ * 64 + t] = cg::reduce(t32, u, cg::bit_and<unsigned>());
  oi[o++ * 64 + t] = cg::reduce(t8, u, cg::bit_or<unsigned>());
  oi[o++ * 64 + t] = cg::reduce(t32, u, cg::bit_xor<unsigned>());
  oi[o++ * 64 + t] = cg::reduce(t32, v, [](int a, int c) { return a * 3 + c; });
  oi[o++ * 64 + t] = cg::inclusive_scan(t8, v);
  oi[o++ * 64 + t] = cg::exclusive_scan(t8, v);
  oi[o++ * 64 + t] = cg::inclusive_scan(t32, v, cg::greater<int>());
  oi[o++ * 64 + t] = cg::exclusive_scan(t32, v, cg::less<int>());
  oi[o++ * 64 + t] = cg::inclusive_scan(t4, u, cg::bit_xor<unsigned>());
  oi[o++ * 64 + t] = cg::exclusive_scan(t32, u, cg::bit_or<unsigned>());
  if (t % 4 != 3) {
    auto c = cg::coalesced_threads();
    oi[o * 64 + t] = cg::reduce(c, v, cg::plus<int>());
    oi[(o + 1) * 64 + t] = cg::inclusive_scan(c, v);
    oi[(o + 2) * 64 + t] = cg::exclusive_scan(c, v, cg::greater<int>());
  } else { oi[o * 64 + t] = oi[(o + 1) * 64 + t] = oi[(o + 2) * 64 + t] = 0; }
  o += 3;
  float f = 1.0f / (t + 3) + (t % 5) * 1e7f;
  of[0 * 64 + t] = cg::reduce(t32, f, cg::plus<float>());
  of[1 * 64 + t] = cg::inclusive_scan(t32, f);
  of[2 * 64 + t] = cg::exclusive_scan(t8, f, cg::less<float>());
  double d = 1.0 / (t + 1);
  od[0 * 64 + t] = cg::reduce(t32, d, cg::plus<double>());
  od[1 * 64 + t] = cg::inclusive_scan(t8, d);
  if (t == 0) oi[63 * 64] = o;
}
int main() {
  int* oi; float* of; double* od;
  cudaMalloc(&oi, 64 * 64 * 4); cudaMalloc(&of, 3 * 64 * 4); cudaMalloc(&od, 2 * 64 * 8);
  cudaMemset(oi, 0, 64 * 64 * 4);
  k<<<1, 64>>>(oi, of, od);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static int hi[64 * 64]; float hf[3 * 64]; double hd[2 * 64];
  cudaMemcpy(hi, oi, sizeof hi, cudaMemcpyDeviceToHost); cudaMemcpy(hf, of, sizeof hf, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, od, sizeof hd, cudaMemcpyDeviceToHost);
  for (int r = 0; r < hi[63 * 64]; r++) { printf("%2d:", r); for (int t = 0; t < 64; t++) printf(" %d", hi[r * 64 + t]); printf("\n"); }
  for (int r = 0; r < 3; r++) { printf("f%d:", r); for (int t = 0; t < 64; t++) printf(" %a", hf[r * 64 + t]); printf("\n"); }
  for (int r = 0; r < 2; r++) { printf("d%d:", r); for (int t = 0; t < 64; t++) printf(" %a", hd[r * 64 + t]); printf("\n"); }
  return 0;
}
