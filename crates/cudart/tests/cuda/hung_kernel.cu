// A kernel that never ends. Without arguments, main returns while it runs: the process must
// end (as on a GPU, in-flight work is abandoned at exit). With an argument, main waits for it
// in cudaDeviceSynchronize, until the test interrupts it with SIGINT: the process must name
// the running kernel and its configuration on stderr, then die of SIGINT.
#include "common.h"
__global__ void spin_forever(volatile int* flag) {
  while (*flag == 0) {}
}
int main(int argc, char**) {
  int* flag;
  CK(cudaMalloc(&flag, sizeof(int)));
  CK(cudaMemset(flag, 0, sizeof(int)));
  spin_forever<<<2, 32>>>(flag);
  CK(cudaGetLastError());
  printf("launched\n");
  fflush(stdout);
  if (argc > 1) {
    cudaDeviceSynchronize();
    printf("FAIL: the never-ending kernel ended\n");
    return 1;
  }
  printf("PASS\n");
  return 0;
}
