#include "clang_cuda_mini.h"
extern "C" __global__ void mix(const double *d, const float *f, long long *l, unsigned short *h, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x = d[i] * 1.5 + (double)f[i];
    l[i] = (long long)(x * 1e6) ^ (l[i] >> 3);
    h[i] = (unsigned short)(h[i] * 3 + (unsigned short)f[i]);
    float g = f[i] / (f[i] + 1.0f);
    if (g != g) g = 0.f;
    ((float *)d)[i] = g > 0.5f ? g : -g;
  }
}
struct Pair { int a; float b; };
__device__ __noinline__ Pair make(int a) { Pair p; p.a = a * 2; p.b = a * 0.5f; return p; }
extern "C" __global__ void structs(Pair *out, const char *msg) {
  Pair p = make(threadIdx.x);
  out[threadIdx.x] = p;
  struct { int x; } args = { (int)threadIdx.x };
  if (threadIdx.x == 0) vprintf(msg, &args);
  unsigned old;
  do { old = *(volatile unsigned *)&out[0].a; } while (atomicCAS((unsigned *)&out[0].a, old, old + 1) != old);
}
