// Vector loads and stores whose address is aligned to the element but not to the whole vector
// (a float4 read through a pointer cast 8 bytes into a buffer, a float2 at 4 bytes, an int4
// store at 8, a double2 at 8, a char2 at an odd address, a shared-memory float4 at 8, a
// local-memory pair) each in a child process; and the same accesses at aligned addresses,
// which succeed. The PTX ISA requires a vector access aligned to its whole size: the global
// and shared ones fault (cudaErrorMisalignedAddress; the shared float4 uses every element, so
// that ptxas keeps it one LDS.128); the local pair does not (ptxas keeps the array in
// registers, even for the explicit ld.local.v2).
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

__global__ void f4_load(const float *p, int off, float *out) { float4 v = *(const float4 *)(p + off); out[0] = v.x + v.y + v.z + v.w; }
__global__ void f2_load(const float *p, int off, float *out) { float2 v = *(const float2 *)(p + off); out[0] = v.x + v.y; }
__global__ void i4_store(int *p, int off) { *(int4 *)(p + off) = make_int4(1, 2, 3, 4); }
__global__ void d2_load(const double *p, int off, double *out) { double2 v = *(const double2 *)(p + off); out[0] = v.x + v.y; }
__global__ void c2_load(const char *p, int off, int *out) { char2 v = *(const char2 *)(p + off); out[0] = v.x + v.y; }
__global__ void s_f4(int off, float *out) {
  __shared__ float4 s[8];
  s[threadIdx.x] = make_float4(1, 2, 3, 4);
  __syncthreads();
  float4 v = *(float4 *)((float *)s + off);
  out[threadIdx.x] = v.x + v.y + v.z + v.w;
}
__global__ void l_pair(int off, int i, long long *out) {
  __align__(16) int a[8];
  for (int k = 0; k < 8; ++k) a[k] = k + i;
  // An explicit ld.local.v2 (ptxas would otherwise keep the array in registers).
  unsigned la = (unsigned)__cvta_generic_to_local(a) + 4u * off;
  int x, y;
  asm volatile("ld.local.v2.u32 {%0, %1}, [%2];" : "=r"(x), "=r"(y) : "r"(la) : "memory");
  out[0] = x * 10 + y;
}

static void run_case(int c, bool aligned) {
  char *d; cudaMalloc(&d, 4096); cudaMemset(d, 0, 4096);
  float *out = (float *)(d + 2048);
  switch (c) {
  case 0: printf("float4 load at %s\n", aligned ? "16" : "8"); f4_load<<<1, 1>>>((float *)d, aligned ? 4 : 2, out); break;
  case 1: printf("float2 load at %s\n", aligned ? "8" : "4"); f2_load<<<1, 1>>>((float *)d, aligned ? 2 : 1, out); break;
  case 2: printf("int4 store at %s\n", aligned ? "16" : "8"); i4_store<<<1, 1>>>((int *)d, aligned ? 4 : 2); break;
  case 3: printf("double2 load at %s\n", aligned ? "16" : "8"); d2_load<<<1, 1>>>((double *)d, aligned ? 2 : 1, (double *)out); break;
  case 4: printf("char2 load at %s\n", aligned ? "2" : "1"); c2_load<<<1, 1>>>(d, aligned ? 2 : 1, (int *)out); break;
  case 5: printf("shared float4 at %s\n", aligned ? "16" : "8"); s_f4<<<1, 8>>>(aligned ? 4 : 2, out); break;
  case 6: printf("local int2 at %s\n", aligned ? "8" : "4"); l_pair<<<1, 1>>>(aligned ? 2 : 1, 3, (long long *)out); break;
  }
  printf("  sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  printf("  last %s\n", cudaGetErrorName(cudaGetLastError()));
}

int main() {
  for (int c = 0; c <= 6; ++c)
    for (int a = 1; a >= 0; --a) {
      fflush(stdout);
      pid_t pid = fork();
      if (pid == 0) { run_case(c, a); fflush(stdout); _exit(0); }
      int st = 0; waitpid(pid, &st, 0);
      if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) printf("  child ended abnormally\n");
    }
  return 0;
}
