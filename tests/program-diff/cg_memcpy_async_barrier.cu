// cooperative_groups::memcpy_async over the block and over tiles (wait and wait_prior), and
// cuda::barrier: arrive tokens, arrive(n), arrive_and_drop, a completion function, phases,
// cuda::memcpy_async completing on a barrier.
#include <cstdio>
#include <cuda/barrier>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
__global__ void cgcopy(const int *in, int *out) {
  __shared__ int a[256], b[256], c[64];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, a, in, sizeof(int) * 256);
  cg::memcpy_async(block, b, in + 256, sizeof(int) * 256);
  auto tile = cg::tiled_partition<32>(block);
  int t = tile.meta_group_rank();
  if (t < 2) cg::memcpy_async(tile, c + t * 32, in + 512 + t * 32 + 1, sizeof(int) * 32);
  cg::wait_prior<1>(block);  // a is complete here (b may be)
  int x = a[(threadIdx.x * 5) % 256];
  cg::wait(block);
  if (t < 2) cg::wait(tile);
  block.sync();
  out[threadIdx.x] = x * 3 + b[255 - threadIdx.x] + (threadIdx.x < 64 ? c[threadIdx.x] * 1000 : 0);
}
struct Done {
  int *flag;
  __device__ void operator()() noexcept { (*flag)++; }
};
__global__ void bar(const int *in, int *out) {
  using B = cuda::barrier<cuda::thread_scope_block, Done>;
  __shared__ B b;
  __shared__ int phases, sm[128];
  if (threadIdx.x == 0) { phases = 0; init(&b, blockDim.x, Done{&phases}); }
  __syncthreads();
  int v = 0;
  for (int round = 0; round < 3; round++) {
    sm[threadIdx.x] = in[threadIdx.x] * (round + 1);
    auto tok = b.arrive();
    b.wait(std::move(tok));
    v += sm[(threadIdx.x + 17 * (round + 1)) % blockDim.x];
    b.arrive_and_wait();
  }
  // threads 96.. leave: the barrier's expected count drops
  if (threadIdx.x >= 96) { b.arrive_and_drop(); out[threadIdx.x] = v; return; }
  b.arrive_and_wait();
  int ph = phases;
  // cuda::memcpy_async onto the barrier
  cuda::memcpy_async(&sm[threadIdx.x], &in[127 - threadIdx.x], sizeof(int), b);
  b.arrive_and_wait();
  out[threadIdx.x] = v + sm[(threadIdx.x + 1) % 96] * 100 + ph * 1000000;
  if (threadIdx.x == 0) out[128] = phases;
}
__global__ void arrive_n(int *out) {
  __shared__ cuda::barrier<cuda::thread_scope_block> b;
  if (threadIdx.x == 0) init(&b, 4);  // four expected arrivals from 64 threads: lane 0 of each warp arrives with 2, others none
  __syncthreads();
  int w = threadIdx.x / 32, l = threadIdx.x % 32;
  if (l == 0) { auto t = b.arrive(2); if (w < 2) b.wait(std::move(t)); }
  __syncthreads();
  if (threadIdx.x == 0) { auto t = b.arrive(4); b.wait(std::move(t)); out[0] = 7; }
}
int main() {
  int *in, *out; cudaMallocManaged(&in, 1024 * 4); cudaMallocManaged(&out, 1024 * 4);
  for (int i = 0; i < 1024; i++) in[i] = i * 13 % 257;
  cgcopy<<<1, 256>>>(in, out);
  printf("cgcopy: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 256; i += 16) { for (int j = 0; j < 16; j++) printf(" %d", out[i + j]); printf("\n"); }
  bar<<<1, 128>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("bar: %s phases %d\n", cudaGetErrorString(e), out[128]);
  for (int i = 0; i < 128; i += 16) { for (int j = 0; j < 16; j++) printf(" %d", out[i + j]); printf("\n"); }
  arrive_n<<<1, 64>>>(out);
  e = cudaDeviceSynchronize();
  printf("arrive_n: %s %d\n", cudaGetErrorString(e), out[0]);
  return 0;
}
