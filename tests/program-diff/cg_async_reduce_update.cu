// flags: -std=c++17
// cooperative_groups' reductions and scans into a destination (CUDA 12): reduce_update_async
// into cuda::atomic_ref and cuda::atomic with plus/less/greater/bit_or and a lambda,
// reduce_store_async into an atomic_ref and a plain pointer, inclusive_scan_update and
// exclusive_scan_update across the tiles of several blocks (the offsets a tile gets depend on
// the order tiles arrive, so only totals and per-tile differences are printed).
#include <cstdio>
#include <cuda/atomic>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__device__ cuda::atomic<int, cuda::thread_scope_device> total_atomic;
__global__ void k(int* acc, unsigned* bits, float* fl, int* stores, int* scans) {
  auto block = cg::this_thread_block();
  auto t = cg::tiled_partition<16>(block);
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = (i * 37) % 101 - 50;
  cuda::atomic_ref<int, cuda::thread_scope_device> sum(acc[0]), mn(acc[1]), mx(acc[2]), prod(acc[3]);
  cg::reduce_update_async(t, sum, v, cg::plus<int>());
  cg::reduce_update_async(t, mn, v, cg::less<int>());
  cg::reduce_update_async(t, mx, v, cg::greater<int>());
  cg::reduce_update_async(t, prod, v, [](int a, int b) { return a > b ? a : b; });
  cuda::atomic_ref<unsigned, cuda::thread_scope_device> orr(bits[0]);
  cg::reduce_update_async(t, orr, 1u << (i % 29), cg::bit_or<unsigned>());
  cg::reduce_update_async(t, total_atomic, 1, cg::plus<int>());
  cuda::atomic_ref<float, cuda::thread_scope_device> fs(fl[0]);
  cg::reduce_update_async(t, fs, 0.25f, cg::plus<float>());
  int tile_id = i / 16;
  cuda::atomic_ref<int, cuda::thread_scope_device> slot(stores[tile_id]);
  cg::reduce_store_async(t, slot, v, cg::greater<int>());
  cg::reduce_store_async(t, &stores[256 + tile_id], v, cg::plus<int>());
  cuda::atomic_ref<int, cuda::thread_scope_device> cnt(acc[4]), cnt2(acc[5]);
  int inc = cg::inclusive_scan_update(t, cnt, (i % 3) + 1);
  int exc = cg::exclusive_scan_update(t, cnt2, (i % 3) + 1, cg::plus<int>());
  // each tile's offsets depend on the order tiles reach the atomics: printed relative to rank 0
  int first_exc = t.shfl(exc, 0);
  scans[i] = exc - first_exc;
  int first = t.shfl(inc, 0);
  scans[1024 + i] = inc - first;
}
int main() {
  int *acc, *stores, *scans; unsigned* bits; float* fl;
  cudaMalloc(&acc, 32); cudaMalloc(&bits, 4); cudaMalloc(&fl, 4); cudaMalloc(&stores, 4096); cudaMalloc(&scans, 8192);
  int h0[8] = {0, 1 << 30, -(1 << 30), 1, 0, 0, 0, 0};
  cudaMemcpy(acc, h0, 32, cudaMemcpyHostToDevice);
  cudaMemset(bits, 0, 4); cudaMemset(fl, 0, 4); cudaMemset(stores, 0, 4096);
  k<<<4, 128>>>(acc, bits, fl, stores, scans);
  printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int h[8]; unsigned b; float f; int ta;
  cudaMemcpy(h, acc, 32, cudaMemcpyDeviceToHost); cudaMemcpy(&b, bits, 4, cudaMemcpyDeviceToHost); cudaMemcpy(&f, fl, 4, cudaMemcpyDeviceToHost);
  cudaMemcpyFromSymbol(&ta, total_atomic, 4);
  printf("sum %d min %d max %d prod %d or %08x atomic %d float %g cnt %d cnt2 %d\n", h[0], h[1], h[2], h[3], b, ta, f, h[4], h[5]);
  static int st[1024], sc[2048];
  cudaMemcpy(st, stores, 4096, cudaMemcpyDeviceToHost); cudaMemcpy(sc, scans, 8192, cudaMemcpyDeviceToHost);
  printf("tile max:"); for (int i = 0; i < 32; i++) printf(" %d", st[i]); printf("\n");
  printf("tile sum:"); for (int i = 0; i < 32; i++) printf(" %d", st[256 + i]); printf("\n");
  printf("exc-first:"); for (int i = 0; i < 64; i++) printf(" %d", sc[i]); printf("\n");
  printf("inc-first:"); for (int i = 0; i < 64; i++) printf(" %d", sc[1024 + i]); printf("\n");
}
