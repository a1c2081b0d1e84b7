// flags: -std=c++17
// cooperative_groups::memcpy_async: by a whole block, by a thread_block_tile<32> and <8>, odd
// byte counts, cuda::aligned_size_t, several batches then cg::wait_prior<1> / cg::wait; prints
// shared memory contents.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
namespace cg = cooperative_groups;
__global__ void k(const unsigned char* g, int* out) {
  __shared__ alignas(16) unsigned char a[512];
  __shared__ alignas(16) unsigned char b[512];
  __shared__ alignas(16) unsigned char c[512];
  auto block = cg::this_thread_block();
  for (int i = threadIdx.x; i < 512; i += blockDim.x) a[i] = b[i] = c[i] = 0xEE;
  block.sync();
  cg::memcpy_async(block, a, g + 3, 301);              // odd size and source
  cg::memcpy_async(block, b, g + 16, cuda::aligned_size_t<16>(256));
  cg::wait_prior<1>(block);                             // first batch done
  int sa = 0;
  for (int i = 0; i < 512; i++) sa += a[i] * (i + 1);
  cg::wait(block);
  int sb = 0;
  for (int i = 0; i < 512; i++) sb += b[i] * (i + 1);
  auto tile = cg::tiled_partition<32>(block);
  // each warp copies its own 100-byte slice
  cg::memcpy_async(tile, c + tile.meta_group_rank() * 100, g + 200 + tile.meta_group_rank() * 37, 100);
  cg::wait(tile);
  block.sync();
  auto t8 = cg::tiled_partition<8>(block);
  __shared__ alignas(8) int w[64];
  cg::memcpy_async(t8, w + t8.meta_group_rank() * 4, (const int*)g + t8.meta_group_rank(), sizeof(int) * 4);
  cg::wait(t8);
  block.sync();
  int sc = 0;
  for (int i = 0; i < 512; i++) sc += c[i] * (i + 1);
  if (threadIdx.x == 0) { out[0] = sa; out[1] = sb; out[2] = sc; }
  out[4 + threadIdx.x] = w[threadIdx.x % 64];
  if (threadIdx.x < 16) out[4 + 128 + threadIdx.x] = c[threadIdx.x * 31];
}
int main() {
  unsigned char h[1024];
  for (int i = 0; i < 1024; i++) h[i] = (unsigned char)(i * 37 + 11);
  unsigned char* g; int* o;
  cudaMalloc(&g, 1024); cudaMalloc(&o, 4096);
  cudaMemcpy(g, h, 1024, cudaMemcpyHostToDevice);
  k<<<1, 128>>>(g, o);
  printf("sync: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  int r[148]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  printf("sums %d %d %d\n", r[0], r[1], r[2]);
  for (int i = 0; i < 128; i++) printf("%d%c", r[4 + i], i % 16 == 15 ? '\n' : ' ');
  for (int i = 0; i < 16; i++) printf("%d ", r[132 + i]);
  printf("\n");
}
