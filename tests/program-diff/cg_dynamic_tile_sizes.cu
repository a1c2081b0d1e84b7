// The dynamic cg::tiled_partition(group, n) of a thread block: valid sizes (1..32, powers of
// two) give tiles; n = 64 (more than a warp) and n = 3 (not a power of two) are invalid, and
// CUDA's header traps (the launch fails with cudaErrorLaunchFailure, sticky).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int n, int* out) {
  cg::thread_group t = cg::tiled_partition(cg::this_thread_block(), n);
  out[threadIdx.x] = (int)t.size() * 1000 + (int)t.thread_rank();
}
int main() {
  int* d; cudaMalloc(&d, 64 * 4);
  int sizes[] = {1, 2, 16, 32, 64};
  for (int n : sizes) {
    cudaMemset(d, 0, 256);
    k<<<1, 64>>>(n, d);
    cudaError_t e = cudaDeviceSynchronize();
    int h[64]; cudaMemcpy(h, d, 256, cudaMemcpyDeviceToHost);
    printf("n=%d: %s %d %d %d\n", n, cudaGetErrorName(e), h[0], h[17], h[63]);
  }
  return 0;
}
