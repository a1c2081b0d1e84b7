// Device malloc and new return NULL for a request the heap cannot serve (the guide's "Dynamic
// Global Memory Allocation": malloc returns NULL on insufficient memory), and a program that
// only tests the pointer and frees it must see that NULL: the compiler may not fold the test
// to "allocated" as it could for the C library's malloc or a throwing operator new.
#include "guide.h"

__global__ void try_alloc(unsigned long long *flags, size_t huge, size_t small) {
  void *m = malloc(huge);
  flags[0] = m == nullptr;
  free(m);
  char *a = new char[huge];
  flags[1] = a == nullptr;
  delete[] a;
  void *ok = malloc(small);
  flags[2] = ok != nullptr;
  free(ok);
}

int main() {
  unsigned long long *flags;
  CK(cudaMallocManaged(&flags, 3 * sizeof(unsigned long long)));
  try_alloc<<<1, 1>>>(flags, (size_t)1 << 50, 64);
  CK(cudaDeviceSynchronize());
  check(flags[0] == 1, "malloc of 2^50 bytes returns NULL");
  check(flags[1] == 1, "new char[2^50] returns NULL");
  check(flags[2] == 1, "malloc of 64 bytes succeeds");
  return finish();
}
