// thread_block_tile<N> for N = 1,2,4,8,16,32: thread_rank, num_threads, meta_group_rank/size,
// shfl/shfl_up/shfl_down/shfl_xor, any/all/ballot, match_any/match_all; prints per-thread results.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <int N>
__device__ void probe(int* o, int base) {
  auto block = cg::this_thread_block();
  auto t = cg::tiled_partition<N>(block);
  int r = t.thread_rank();
  int v = threadIdx.x * 3 + 1;
  int a = t.shfl(v, (r + 1) % N);
  int b = t.shfl_up(v, 1);
  int c = t.shfl_down(v, 2);
  int d = t.shfl_xor(v, N > 1 ? N / 2 : 0);
  int e = t.any(threadIdx.x % 5 == 0);
  int f = t.all(threadIdx.x % 3 != 0);
  unsigned g = t.ballot(threadIdx.x & 1);
  unsigned h = t.match_any(threadIdx.x / 3);
  int pred;
  unsigned m = t.match_all(threadIdx.x / 16, pred);
  int i = threadIdx.x;
  o[base + i] = a + 1000 * b;
  o[base + 64 + i] = c + 1000 * d;
  o[base + 128 + i] = e + 2 * f + 4 * (int)t.num_threads() + 1000 * t.meta_group_rank() + 100000 * t.meta_group_size();
  o[base + 192 + i] = g;
  o[base + 256 + i] = h;
  o[base + 320 + i] = m + pred * 100000;
}
__global__ void k(int* o) {
  probe<1>(o, 0); probe<2>(o, 384); probe<4>(o, 768);
  probe<8>(o, 1152); probe<16>(o, 1536); probe<32>(o, 1920);
}
int main() {
  int* o; cudaMalloc(&o, 2304 * 4);
  k<<<1, 64>>>(o);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static int r[2304]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  const char* nm[] = {"shfl/up", "down/xor", "votes", "ballot", "match_any", "match_all"};
  for (int n = 0; n < 6; n++)
    for (int j = 0; j < 6; j++) {
      printf("N=%d %s:", 1 << n, nm[j]);
      for (int i = 0; i < 64; i++) printf(" %d", r[n * 384 + j * 64 + i]);
      printf("\n");
    }
}
