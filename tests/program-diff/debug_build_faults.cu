// flags: -G
// Faults in a -G (debug) build, each in a forked child: __trap() in one thread of block 2,
// asm("brkpt;") reached by one thread, a failing assert, an out-of-bounds store in a device
// function called through two levels, integer division by zero (no fault: the quotient and
// remainder are printed), a float4 load at a 4-byte offset, device malloc until it returns
// NULL with an 1 MiB heap (count printed), printf then trap. Each prints launch / sync /
// cudaGetLastError and a later cudaMemset's answer.
#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void trap_one(int *out) { if (blockIdx.x == 2 && threadIdx.x == 7) __trap(); out[blockIdx.x * 32 + threadIdx.x] = 1; }
__global__ void brk(int *out) { if (threadIdx.x == 3) asm volatile("brkpt;"); out[threadIdx.x] = 2; }
__global__ void asrt(const int *v) { assert(v[threadIdx.x] == 0); }
__device__ void inner(int *p, int i) { p[i] = i; }
__device__ void outer(int *p, int i) { inner(p, i * 1000000); }
__global__ void nested(int *p) { outer(p, threadIdx.x); }
__global__ void divz(const int *a, const int *b, int *out) {
  int x = a[threadIdx.x], y = b[threadIdx.x];
  unsigned ux = (unsigned)x, uy = (unsigned)y;
  long long lx = x, ly = y;
  out[threadIdx.x * 6 + 0] = x / y; out[threadIdx.x * 6 + 1] = x % y;
  out[threadIdx.x * 6 + 2] = (int)(ux / uy); out[threadIdx.x * 6 + 3] = (int)(ux % uy);
  out[threadIdx.x * 6 + 4] = (int)(lx / ly); out[threadIdx.x * 6 + 5] = (int)(lx % ly);
}
__global__ void f4(const float *p, float *out) { float4 v = *(const float4 *)(p + 1); out[0] = v.x + v.y + v.z + v.w; }
__global__ void heap(int *count) {
  int n = 0;
  while (n < 100000) { void *q = malloc(4096); if (!q) break; ++n; }
  *count = n;
}
__global__ void print_trap(int *out) { printf("block %d thread %d about to trap\n", (int)blockIdx.x, (int)threadIdx.x); __syncthreads(); if (threadIdx.x == 0) __trap(); }

static void run_case(int c) {
  int *d; cudaMalloc(&d, 1 << 16); cudaMemset(d, 0, 1 << 16);
  switch (c) {
  case 0: printf("trap in block 2 thread 7\n"); trap_one<<<4, 32>>>(d); break;
  case 1: printf("brkpt in thread 3\n"); brk<<<1, 32>>>(d); break;
  case 2: { printf("assert in thread 12\n"); int one = 1; cudaMemcpy(d + 12, &one, 4, cudaMemcpyHostToDevice); asrt<<<1, 32>>>(d); break; }
  case 3: printf("store far out of bounds in a nested device function\n"); nested<<<1, 32>>>(d); break;
  case 4: {
    printf("integer division by zero\n");
    int a[4] = {7, -7, 0, 2147483647}, b[4] = {0, 0, 0, 0};
    int *da = d + 1000, *db = d + 2000; cudaMemcpy(da, a, 16, cudaMemcpyHostToDevice); cudaMemcpy(db, b, 16, cudaMemcpyHostToDevice);
    divz<<<1, 4>>>(da, db, d);
    printf("  sync   %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int r[24]; cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 4; ++i) printf("  %d: %d %d %d %d %d %d\n", a[i], r[i * 6], r[i * 6 + 1], r[i * 6 + 2], r[i * 6 + 3], r[i * 6 + 4], r[i * 6 + 5]);
    break;
  }
  case 5: printf("float4 load at a 4-byte offset\n"); f4<<<1, 1>>>((const float *)d, (float *)d); break;
  case 6: {
    printf("device malloc with a 1 MiB heap\n");
    printf("  setLimit %s\n", cudaGetErrorName(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20)));
    heap<<<1, 1>>>(d);
    printf("  sync   %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    int n = -1; cudaMemcpy(&n, d, 4, cudaMemcpyDeviceToHost); printf("  4 KiB allocations: more than 200: %d, at most 1100: %d\n", n > 200, n <= 1100);
    break;
  }
  case 7: printf("printf then trap\n"); print_trap<<<1, 2>>>(d); break;
  }
  printf("  launch %s\n", cudaGetErrorName(cudaGetLastError()));
  cudaError_t s = cudaDeviceSynchronize();
  printf("  sync   %s: %s\n", cudaGetErrorName(s), cudaGetErrorString(s));
  printf("  last   %s\n", cudaGetErrorName(cudaGetLastError()));
  printf("  memset %s\n", cudaGetErrorName(cudaMemset(d, 0, 4)));
}

int main() {
  for (int c = 0; c <= 7; ++c) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) { alarm(20); run_case(c); fflush(stdout); _exit(0); }
    int st = 0; waitpid(pid, &st, 0);
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("  child ended abnormally\n");
  }
  return 0;
}
