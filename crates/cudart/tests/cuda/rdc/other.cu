#include <cstdio>
#include "shared.h"
__device__ int g_counter = 0;
__device__ int g_offset = 7;
static __device__ int local_twist(int x) { return x + 2000; }  // main.cu has its own
__device__ int scale(int x) { return x * 3 + g_offset; }
__global__ void from_other(int* o) {
  int t = threadIdx.x;
  o[32 + t] = scale(t) + local_twist(0) + add_one<int>(0);
  if (t == 0) printf("other.cu says %d\n", t);
}
int other_calls_host() { return (int)cudaGetLastError(); }
