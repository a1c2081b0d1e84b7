// Internal linkage under relocatable device code: with -rdc (-dc), the static and
// anonymous-namespace kernels and static __device__ variables of two files that use the same
// names stay two of each (nvcc and clang give them per-file names). Each file launches its own
// kernels and reaches its own variable from the host (cudaMemcpyToSymbol).
#include "unit.h"
void run_other(int* d, int* got, int* after_copy);
int main() {
  int* d;
  CK(cudaMalloc(&d, sizeof(int)));
  int got1, after1, got2, after2;
  run_unit(1, d, &got1, &after1);
  run_other(d, &got2, &after2);
  check(got1 == 2, "main.cu's static kernel updates main.cu's static variable (2)");
  check(got2 == 4, "other.cu's static kernel updates other.cu's variable of the same name (4)");
  check(after1 == 100 && after2 == 200, "cudaMemcpyToSymbol reaches each file's own variable");
  int again;
  report<<<1, 1>>>(d);
  CK(cudaMemcpy(&again, d, sizeof(int), cudaMemcpyDeviceToHost));
  check(again == 100, "main.cu's variable is untouched by other.cu's copy (100)");
  return finish();
}
