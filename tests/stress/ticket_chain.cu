// Blocks chained in the order they take tickets from an atomic counter: each block waits for
// the block with the ticket before its own (always one that has started, so this cannot hang
// on a GPU, which runs the whole grid at once). Repeated with growing grids; checks every
// block's value (STRESS_VERBOSE=1: how long each launch took). With 2+ workers on the
// interpreter a launch of 4096 blocks of 64 crawled at 2-3 blocks a second once threads were
// started for waiting blocks (exec::coop_cores::block_finished).
#include "common.h"
#include <chrono>
__global__ void chain(unsigned* ticket, volatile int* flags, long long* acc) {
  __shared__ unsigned rank;
  if (threadIdx.x == 0) rank = atomicAdd(ticket, 1);
  __syncthreads();
  if (threadIdx.x == 0) {
    if (rank > 0) while (flags[rank - 1] == 0) {}
    __threadfence();
    acc[rank] = (rank > 0 ? acc[rank - 1] : 0) + rank + 1;
    __threadfence();
    flags[rank] = 1;
  }
}
int main(int argc, char** argv) {
  int N = iters(argc, argv);
  const int maxb = 8192;
  int* flags; long long* acc; unsigned* tk;
  CK(cudaMalloc(&flags, maxb * 4)); CK(cudaMalloc(&acc, maxb * 8)); CK(cudaMalloc(&tk, 4));
  long long* h = (long long*)malloc(maxb * 8);
  for (int it = 0; it < N; ++it) {
    int blocks = 1024 << (it % 4);
    CK(cudaMemset(flags, 0, blocks * 4)); CK(cudaMemset(tk, 0, 4));
    auto t0 = std::chrono::steady_clock::now();
    chain<<<blocks, 64>>>(tk, flags, acc);
    CK(cudaDeviceSynchronize());
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    CK(cudaMemcpy(h, acc, blocks * 8, cudaMemcpyDeviceToHost));
    int bad = 0; for (int b = 0; b < blocks; ++b) bad += h[b] != (long long)(b + 1) * (b + 2) / 2;
    EXPECT(!bad, "it %d blocks %d: %d wrong", it, blocks, bad);
    if (getenv("STRESS_VERBOSE")) printf("blocks %d: %.1f ms\n", blocks, ms);
  }
  return finish("ticket_chain", N);
}
