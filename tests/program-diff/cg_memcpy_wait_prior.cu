// cg::memcpy_async by a block and by warp tiles, with sizes not multiples of 4 or 16 and
// unaligned source offsets, overlapped stages retired with cg::wait_prior<1> then cg::wait.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;
__global__ void k(const char* src, int* out) {
  __shared__ alignas(16) char s[4][704];
  auto b = cg::this_thread_block();
  auto w = cg::tiled_partition<32>(b);
  int sizes[4] = {700, 613, 1, 96};
  int offs[4] = {0, 3, 17, 64};
  cg::memcpy_async(b, s[0], src + offs[0], sizes[0]);
  cg::memcpy_async(b, s[1], src + offs[1], sizes[1]);
  cg::wait_prior<1>(b);
  int sum0 = 0; for (int i = threadIdx.x; i < sizes[0]; i += blockDim.x) sum0 += s[0][i];
  // each warp copies its own slice of s[2]/s[3]
  int wi = w.meta_group_rank();
  cg::memcpy_async(w, s[2] + wi * 100, src + offs[2] + wi * 50, wi == 0 ? sizes[2] : 99);
  cg::memcpy_async(w, s[3] + wi * 128, src + offs[3] + wi * 32, cuda::aligned_size_t<16>(sizes[3]));
  cg::wait(w);
  cg::wait(b);
  b.sync();
  int sum1 = 0; for (int i = threadIdx.x; i < 700; i += blockDim.x) sum1 += s[1][i] * (i < sizes[1]);
  int sum2 = 0; for (int i = threadIdx.x; i < 700; i += blockDim.x) sum2 += s[2][i] * (i % 100 < (i < 100 ? 1 : 99));
  int sum3 = 0; for (int i = threadIdx.x; i < 700; i += blockDim.x) sum3 += s[3][i] * (i % 128 < 96 && i < 128 * 3);
  atomicAdd(&out[0], sum0); atomicAdd(&out[1], sum1); atomicAdd(&out[2], sum2); atomicAdd(&out[3], sum3);
}
int main() {
  char h[2048]; for (int i = 0; i < 2048; i++) h[i] = (char)((i * 131) ^ (i >> 3));
  char* s; int* o; cudaMalloc(&s, 2048); cudaMalloc(&o, 16);
  cudaMemcpy(s, h, 2048, cudaMemcpyHostToDevice); cudaMemset(o, 0, 16);
  k<<<1, 96>>>(s, o);
  cudaError_t e = cudaDeviceSynchronize();
  int r[4]; cudaMemcpy(r, o, 16, cudaMemcpyDeviceToHost);
  printf("%s %d %d %d %d\n", cudaGetErrorString(e), r[0], r[1], r[2], r[3]);
  return 0;
}
