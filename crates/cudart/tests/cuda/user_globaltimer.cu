// A program may define its own __globaltimer() (CUDA's headers declare none; NVIDIA's
// cudaGraphsPerfScaling sample does so): it must build. It reads PTX's %globaltimer, a 64-bit
// nanosecond clock (PTX ISA, "Special Registers"): it never goes back within a thread, and two
// kernels a 20 ms host sleep apart read values at least that far apart.
#include "common.h"
#include <chrono>
#include <thread>
__device__ __forceinline__ unsigned long long __globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__global__ void read_twice(unsigned long long *out) {
  out[0] = __globaltimer();
  out[1] = __globaltimer();
}
int main() {
  unsigned long long *t;
  CK(cudaMallocManaged(&t, 4 * sizeof(unsigned long long)));
  read_twice<<<1, 1>>>(t);
  CK(cudaDeviceSynchronize());
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  read_twice<<<1, 1>>>(t + 2);
  CK(cudaDeviceSynchronize());
  EXPECT(t[1] >= t[0]);
  EXPECT(t[3] >= t[2]);
  EXPECT(t[2] - t[1] >= 20000000ull);
  printf("PASS\n");
  return 0;
}
