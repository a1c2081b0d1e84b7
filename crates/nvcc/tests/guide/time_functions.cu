// Time functions: clock() and clock64() are per-SM counters that never go backwards within a
// thread; __nanosleep(ns) suspends the thread; %globaltimer read through inline PTX advances.
#include "guide.h"
__global__ void timed(long long* out, unsigned* out32) {
  long long t0 = clock64();
  clock_t c0 = clock();
  __nanosleep(1000);
  volatile float x = 1.f;
  for (int i = 0; i < 1000; i++) x = x * 1.0001f;
  long long t1 = clock64();
  clock_t c1 = clock();
  unsigned long long g0, g1;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0));
  __nanosleep(100000);
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1));
  int i = threadIdx.x;
  out[i * 3] = t1 - t0;
  out[i * 3 + 1] = (long long)(g1 - g0);
  out[i * 3 + 2] = (long long)g0;
  out32[i] = (unsigned)(c1 - c0);
}
int main() {
  long long* d; unsigned* d32;
  CK(cudaMalloc(&d, 64 * 3 * 8)); CK(cudaMalloc(&d32, 64 * 4));
  timed<<<2, 32>>>(d, d32);
  CK(cudaDeviceSynchronize());
  long long h[64 * 3]; unsigned h32[64];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(h32, d32, sizeof(h32), cudaMemcpyDeviceToHost));
  bool mono = true, glob = true, c32 = true;
  for (int i = 0; i < 32; i++) {
    mono &= h[i * 3] > 0;
    glob &= h[i * 3 + 1] >= 0 && h[i * 3 + 2] > 0;
    c32 &= h32[i] > 0 && h32[i] < 0x80000000u;
  }
  check(mono, "clock64() advances across work");
  check(c32, "clock() advances across work");
  check(glob, "%globaltimer is positive and does not go backwards");
  return finish();
}
