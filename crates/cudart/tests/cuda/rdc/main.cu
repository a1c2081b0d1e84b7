// Relocatable device code across two files (built with -rdc=true): extern device functions
// and variables, a kernel of one file launched from the other (dynamic parallelism), same-named
// static functions and printf format strings in both files, and a template instantiated in both.
#include "../common.h"
#include "shared.h"

static __device__ int local_twist(int x) { return x + 1000; }  // other.cu has its own

__global__ void k(int* o) {
  int t = threadIdx.x;
  o[t] = scale(t) + local_twist(0) + add_one<int>(0);
  atomicAdd(&g_counter, 1);
  if (t == 0) printf("main.cu says %d\n", t);
}

__global__ void launcher(int* o) { from_other<<<1, 32>>>(o); }

int main() {
  int* o;
  CK(cudaMallocManaged(&o, 64 * sizeof(int)));
  k<<<1, 32>>>(o);
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < 32; i++) EXPECT(o[i] == i * 3 + 7 + 1000 + 1);
  int c = 0;
  CK(cudaMemcpyFromSymbol(&c, g_counter, sizeof c));
  EXPECT(c == 32);
  launcher<<<1, 1>>>(o);
  CK(cudaDeviceSynchronize());
  for (int i = 0; i < 32; i++) EXPECT(o[32 + i] == i * 3 + 7 + 2000 + 1);
  EXPECT(other_calls_host() == 0);
  printf("PASS\n");
}
