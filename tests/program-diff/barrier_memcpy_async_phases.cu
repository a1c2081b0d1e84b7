// cuda::memcpy_async with a block-scope cuda::barrier: aligned_size_t<16> and plain byte
// counts (odd sizes), several phases reusing the barrier, arrive() tokens and wait(),
// arrive_and_drop by half the threads after phase 1, a completion function that counts phases,
// and barrier_native_handle-free queries (phase parity via arrive/wait order).
#include <cstdio>
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ int completions;
struct Done { __device__ void operator()() noexcept { completions++; } };
__global__ void k(const char* src, int* out) {
  using barrier = cuda::barrier<cuda::thread_scope_block, Done>;
  __shared__ barrier bar;
  __shared__ alignas(16) char buf[2][1024];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size(), Done{});
  block.sync();
  int sum = 0;
  for (int phase = 0; phase < 4; phase++) {
    size_t n = phase == 0 ? 1024 : phase == 1 ? 1000 : phase == 2 ? 7 : 513;
    if (phase == 0) cuda::memcpy_async(block, buf[phase & 1], src, cuda::aligned_size_t<16>(n), bar);
    else cuda::memcpy_async(block, buf[phase & 1], src + phase * 3, n, bar);
    if (phase >= 2 && threadIdx.x >= 32) { bar.arrive_and_drop(); return; }
    barrier::arrival_token tok = bar.arrive();
    bar.wait(std::move(tok));
    for (size_t i = threadIdx.x; i < n; i += blockDim.x) sum += buf[phase & 1][i] * (phase + 1);
    block.sync();  // before the next phase overwrites... the other buffer (kept simple)
    if (phase == 1) {}
  }
  atomicAdd(out, sum);
}
int main() {
  char h[2048]; for (int i = 0; i < 2048; i++) h[i] = (char)(i * 7 + 3);
  char* s; int* o; cudaMalloc(&s, 2048); cudaMalloc(&o, 4);
  cudaMemcpy(s, h, 2048, cudaMemcpyHostToDevice); cudaMemset(o, 0, 4);
  k<<<1, 64>>>(s, o);
  cudaError_t e = cudaDeviceSynchronize();
  int r, c; cudaMemcpy(&r, o, 4, cudaMemcpyDeviceToHost); cudaMemcpyFromSymbol(&c, completions, 4);
  printf("%s sum=%d completions=%d\n", cudaGetErrorString(e), r, c);
  return 0;
}
