// Host stdio and device printf interleave in program order, even when stdout is a pipe.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hello(int k) { printf("device %d\n", k); }

int main() {
  printf("host 1\n");
  hello<<<1, 1>>>(1);
  cudaDeviceSynchronize();
  printf("host 2\n");
  hello<<<1, 1>>>(2);
  cudaDeviceSynchronize();
  printf("host 3\n");
  printf("PASS\n");
  return 0;
}
