#include "clang_cuda_mini.h"
__device__ __noinline__ int collatz(unsigned n) {
  int steps = 0;
  while (n != 1) { n = (n & 1) ? 3 * n + 1 : n / 2; if (++steps > 1000) break; }
  return steps;
}
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
extern "C" __global__ void divergent(const unsigned *in, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int acc = 0;
  switch (in[i] % 5) {
    case 0: acc = collatz(in[i] + 1); break;
    case 1: acc = fib(in[i] % 12); break;
    case 2: for (int k = 0; k < (int)(in[i] % 37); ++k) { if (k % 3 == 0) continue; acc += k; } break;
    case 3: acc = __popc(in[i]) * __ballot_sync(0xffffffff, in[i] & 1); break;
    default: acc = -1;
  }
  out[i] = acc;
}
