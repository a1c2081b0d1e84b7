// Cooperative launch: cudaLaunchCooperativeKernel with this_grid().sync() phases, grid
// thread_rank/num_threads/block_rank/is_valid, a grid-wide prefix sum in three phases;
// cudaDevAttrCooperativeLaunch; a launch with more blocks than can be co-resident fails with
// cudaErrorCooperativeLaunchTooLarge; grid.is_valid() false in an ordinary launch.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void phases(int* data, int* partial, int* out, int n) {
  auto grid = cg::this_grid();
  auto block = cg::this_thread_block();
  unsigned long long r = grid.thread_rank();
  if (r < (unsigned long long)n) data[r] = (int)(r % 13) + 1;
  grid.sync();
  __shared__ int s[256];
  s[threadIdx.x] = r < (unsigned long long)n ? data[r] : 0;
  block.sync();
  for (int d = 1; d < blockDim.x; d <<= 1) {
    int v = threadIdx.x >= d ? s[threadIdx.x - d] : 0;
    block.sync();
    s[threadIdx.x] += v;
    block.sync();
  }
  if (threadIdx.x == blockDim.x - 1) partial[blockIdx.x] = s[threadIdx.x];
  grid.sync();
  if (grid.block_rank() == 0 && threadIdx.x == 0) {
    for (unsigned b = 1; b < grid.num_blocks(); b++) partial[b] += partial[b - 1];
  }
  grid.sync();
  int off = blockIdx.x ? partial[blockIdx.x - 1] : 0;
  if (r < (unsigned long long)n) out[r] = s[threadIdx.x] + off;
  if (r == 0) out[n] = (int)grid.num_threads() + 100000 * grid.is_valid();
}
__global__ void plain(int* o) { o[0] = cg::this_grid().is_valid(); }
int main() {
  int coop; cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, 0);
  printf("cooperative launch attr %d\n", coop);
  int n = 1000;
  int *data, *partial, *out;
  cudaMalloc(&data, 4096 * 4); cudaMalloc(&partial, 1024 * 4); cudaMalloc(&out, 4096 * 4);
  void* args[] = {&data, &partial, &out, &n};
  cudaError_t e = cudaLaunchCooperativeKernel((void*)phases, dim3(4), dim3(256), args, 0, 0);
  printf("launch %s sync %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  static int h[1001]; cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out: %d %d %d %d %d %d last %d info %d\n", h[0], h[1], h[255], h[256], h[511], h[512], h[999], h[1000]);
  e = cudaLaunchCooperativeKernel((void*)phases, dim3(1 << 20), dim3(256), args, 0, 0);
  printf("too large: %s / %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaGetLastError()));
  e = cudaLaunchCooperativeKernel((void*)phases, dim3(2), dim3(2048), args, 0, 0);
  printf("block too big: %s\n", cudaGetErrorName(e));
  cudaGetLastError();
  cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(4); cfg.blockDim = dim3(256);
  cudaLaunchAttribute a[1]; a[0].id = cudaLaunchAttributeCooperative; a[0].val.cooperative = 1;
  cfg.attrs = a; cfg.numAttrs = 1;
  n = 777;
  e = cudaLaunchKernelEx(&cfg, phases, data, partial, out, n);
  printf("launchEx coop %s / %s\n", cudaGetErrorName(e), cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("out: %d %d last %d info %d\n", h[0], h[300], h[776], h[777]);
}
