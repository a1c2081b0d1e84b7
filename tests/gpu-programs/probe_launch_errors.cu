// Prints the error CUDA 13.0 returns for each bad launch configuration (run on a GPU:
// nvcc probe_launch_errors.cu -o p && ./p). The answers are recorded in probe_launch_errors.txt.
#include <cstdio>
__global__ void k(int *p) { if (p) p[0] = 1; }
#define TRY(label, ...) do { __VA_ARGS__; cudaError_t e = cudaGetLastError(); printf("%-28s %d %s\n", label, (int)e, cudaGetErrorName(e)); } while (0)
int main() {
  TRY("block 1025", k<<<1, 1025>>>(nullptr));
  TRY("block (1,1,65)", k<<<1, dim3(1, 1, 65)>>>(nullptr));
  TRY("block (2048,1,1)", k<<<1, 2048>>>(nullptr));
  TRY("block (32,33,1)x", k<<<1, dim3(32, 33, 1)>>>(nullptr));
  TRY("grid 0", k<<<0, 32>>>(nullptr));
  TRY("block 0", k<<<1, 0>>>(nullptr));
  TRY("grid (1,65536)", k<<<dim3(1, 65536), 32>>>(nullptr));
  TRY("grid (1,1,65536)", k<<<dim3(1, 1, 65536), 32>>>(nullptr));
  TRY("shared 1MB", k<<<1, 32, 1 << 20>>>(nullptr));
  TRY("shared 49KB", k<<<1, 32, 49 * 1024>>>(nullptr));
  TRY("ok", k<<<1, 32>>>(nullptr));
  cudaDeviceSynchronize();
  return 0;
}
