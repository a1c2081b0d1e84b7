// cudaGetErrorName / cudaGetErrorString for every error code 0..1100 that CUDA 13.0 names.
#include <cstdio>
#include <cstring>
int main() {
  for (int e = 0; e <= 1100; e++) {
    const char* n = cudaGetErrorName((cudaError_t)e);
    const char* s = cudaGetErrorString((cudaError_t)e);
    if (strcmp(n, "cudaErrorUnknown") == 0 && e != 999) continue;
    printf("%d %s: %s\n", e, n, s);
  }
  printf("unnamed: %s / %s\n", cudaGetErrorName((cudaError_t)12345), cudaGetErrorString((cudaError_t)12345));
  return 0;
}
