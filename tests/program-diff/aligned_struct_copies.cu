// Whole-object copies (`*dst = *src`, no member read) of types aligned to 16 bytes (float4,
// double2, int4, an alignas(16) struct, a struct of two float4) and of 16-byte types aligned
// to less (a struct of two doubles, a struct of four floats), through pointers 8 bytes past a
// 16-byte boundary, each in a child process; and the same copies at aligned addresses. nvcc
// copies a 16-byte-aligned type with one ld.v4.u32/st.v4.u32 per 16 bytes, which faults at an
// address not aligned to 16 (cudaErrorMisalignedAddress); the others member by member, which
// does not. Then aligned copies of each, checked value by value.
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <sys/wait.h>
#include <cuda_runtime.h>

struct alignas(16) Quad { int a, b, c, d; };
struct TwoD { double a, b; };
struct FourF { float x, y, z, w; };
struct Pair4 { float4 lo, hi; };

template <class T> __global__ void copy_one(T *dst, const T *src) { *dst = *src; }
template <class T> __global__ void copy_many(T *dst, const T *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

template <class T> static void launch(char *d, int off) {
  copy_one<T><<<1, 1>>>((T *)(d + 2048 + off), (const T *)(d + off));
}

static void run_case(int c, bool aligned) {
  char *d; cudaMalloc(&d, 4096); cudaMemset(d, 7, 4096);
  int off = aligned ? 16 : 8;
  static const char *names[] = {"float4", "double2", "int4", "alignas(16) Quad", "Pair4 (two float4)",
                                "TwoD (two doubles)", "FourF (four floats)"};
  printf("%s copy at %d\n", names[c], off);
  switch (c) {
  case 0: launch<float4>(d, off); break;
  case 1: launch<double2>(d, off); break;
  case 2: launch<int4>(d, off); break;
  case 3: launch<Quad>(d, off); break;
  case 4: launch<Pair4>(d, off); break;
  case 5: launch<TwoD>(d, off); break;
  case 6: launch<FourF>(d, off); break;
  }
  printf("  sync %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

template <class T> static void values(const char *name) {
  const int n = 1000;
  size_t bytes = n * sizeof(T);
  unsigned *h = (unsigned *)malloc(bytes), *back = (unsigned *)malloc(bytes);
  for (size_t i = 0; i < bytes / 4; ++i) h[i] = 2654435761u * (unsigned)(i + 1);
  T *src, *dst;
  cudaMalloc(&src, bytes); cudaMalloc(&dst, bytes);
  cudaMemcpy(src, h, bytes, cudaMemcpyHostToDevice);
  cudaMemset(dst, 0, bytes);
  copy_many<T><<<(n + 127) / 128, 128>>>(dst, src, n);
  cudaMemcpy(back, dst, bytes, cudaMemcpyDeviceToHost);
  unsigned long long sum = 0; int wrong = 0;
  for (size_t i = 0; i < bytes / 4; ++i) { sum += back[i] * (i + 1); wrong += back[i] != h[i]; }
  printf("%s: %d words wrong, checksum %llu, %s\n", name, wrong, sum, cudaGetErrorName(cudaGetLastError()));
  cudaFree(src); cudaFree(dst); free(h); free(back);
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
  values<float4>("float4");
  values<double2>("double2");
  values<Quad>("Quad");
  values<Pair4>("Pair4");
  values<TwoD>("TwoD");
  values<FourF>("FourF");
  return 0;
}
