// cuda::barrier (the guide's asynchronous-barrier section): the guide's pattern of a __shared__
// barrier initialized by one thread with init(), then arrive_and_wait across phases; split
// arrive/wait with a token to overlap independent work; arrive_and_drop; and a barrier with a
// completion function that runs once per phase.
// nvcc-flags: -std=c++17
#include "guide.h"
// The guide declares the barrier as a __shared__ variable (nvcc runs neither its constructor nor
// its destructor). libcu_barrier_raw_storage.cu builds this same program with the barrier placed
// in raw __shared__ storage instead.
#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void phases(int* out, int rounds) {
#ifdef BARRIER_IN_RAW_STORAGE
  alignas(barrier) __shared__ unsigned char bar_storage[sizeof(barrier)];
  barrier& bar = *reinterpret_cast<barrier*>(bar_storage);
#else
  __shared__ barrier bar;
#endif
  __shared__ int buf[2][128];
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  int t = threadIdx.x;
  buf[0][t] = t;
  for (int r = 0; r < rounds; r++) {
    bar.arrive_and_wait();
    int cur = r & 1;
    int v = buf[cur][(t + 1) % blockDim.x] + 1;
    barrier::arrival_token token = bar.arrive();  // split phase: nothing reads buf[!cur] yet
    int independent = t * 2;
    bar.wait(std::move(token));
    buf[!cur][t] = v + independent - t * 2;
  }
  bar.arrive_and_wait();
  out[blockIdx.x * blockDim.x + t] = buf[rounds & 1][t];
}
struct Completion {
  int* counter;
  __device__ void operator()() noexcept { (*counter)++; }
};
__global__ void with_completion(int* phasesSeen, int* dropped) {
  using cbar = cuda::barrier<cuda::thread_scope_block, Completion>;
  __shared__ int count;
#ifdef BARRIER_IN_RAW_STORAGE
  alignas(cbar) __shared__ unsigned char bar_storage[sizeof(cbar)];
  cbar& bar = *reinterpret_cast<cbar*>(bar_storage);
#else
  __shared__ cbar bar;
#endif
  if (threadIdx.x == 0) { count = 0; init(&bar, blockDim.x, Completion{&count}); }
  __syncthreads();
  for (int p = 0; p < 5; p++) bar.arrive_and_wait();
  // Half the threads leave: the expected count drops for later phases.
  if (threadIdx.x >= blockDim.x / 2) { (void)bar.arrive_and_drop(); return; }
  for (int p = 0; p < 3; p++) bar.arrive_and_wait();
  if (threadIdx.x == 0) { *phasesSeen = count; *dropped = 1; }
}
int main() {
  const int B = 2, T = 128, rounds = 6;
  int* out;
  CK(cudaMalloc(&out, B * T * 4));
  phases<<<B, T>>>(out, rounds);
  CK(cudaGetLastError());
  int h[B * T];
  CK(cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost));
  // Each round reads the right neighbour's value plus one: after r rounds, buf[t] = (t + r) % T + r.
  bool ok = true;
  for (int b = 0; b < B; b++) for (int t = 0; t < T; t++) ok &= h[b * T + t] == (t + rounds) % T + rounds;
  check(ok, "__shared__ cuda::barrier: init by one thread, arrive_and_wait and split arrive/wait over phases");
  int *ph, *dr;
  CK(cudaMalloc(&ph, 4)); CK(cudaMalloc(&dr, 4));
  with_completion<<<1, 64>>>(ph, dr);
  int hp = 0, hd = 0;
  CK(cudaMemcpy(&hp, ph, 4, cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(&hd, dr, 4, cudaMemcpyDeviceToHost));
  // 5 full phases, then the droppers' arrive_and_drop completes phase 6 with the stayers' first
  // arrive_and_wait, and the stayers alone complete phases 7 and 8.
  if (hp != 8) printf("  completions: %d\n", hp);
  check(hp == 8 && hd == 1, "completion function once per phase; arrive_and_drop lowers the count");
  return finish();
}
