// __managed__ variables (Programming Guide, unified memory: "__managed__ memory space
// specifier"): one object that host code and kernels share at one address. The host sees the
// initial values before any CUDA call, kernels read the host's writes and the host reads the
// kernels' after synchronizing; a kernel's &var is the host's &var; the symbol API reaches it.
// With -DWITH_OTHER_FILE, `other` is defined in managed_other.cu (built with -rdc=true).
#include <cstdio>

struct Pair { int a; float b; };
__managed__ int counter = 5;
__managed__ Pair pair = {1, 2.5f};
__managed__ int zeros[4];
#ifdef WITH_OTHER_FILE
extern __managed__ int other;
__global__ void bump_other(unsigned long long *addr);
#endif

__global__ void update(int *seen, unsigned long long *addrs) {
  *seen = counter;
  counter += 1;
  pair.a += 20;
  pair.b *= 4.0f;
  zeros[threadIdx.x] = 10 + threadIdx.x;
  addrs[0] = (unsigned long long)&counter;
  addrs[1] = (unsigned long long)&pair;
  addrs[2] = (unsigned long long)zeros;
}

static int failures = 0;
#define EXPECT(c) do { if (!(c)) { printf("FAIL line %d: %s\n", __LINE__, #c); failures++; } } while (0)

int main() {
  EXPECT(counter == 5);
  EXPECT(pair.a == 1 && pair.b == 2.5f);
  EXPECT(zeros[0] == 0 && zeros[3] == 0);
  counter = 7;
  int *seen;
  unsigned long long *addrs;
  cudaMallocManaged(&seen, sizeof(int));
  cudaMallocManaged(&addrs, 3 * sizeof(unsigned long long));
  update<<<1, 1>>>(seen, addrs);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(*seen == 7);
  EXPECT(counter == 8);
  EXPECT(pair.a == 21 && pair.b == 10.0f);
  EXPECT(zeros[0] == 10);
  EXPECT(addrs[0] == (unsigned long long)&counter);
  EXPECT(addrs[1] == (unsigned long long)&pair);
  EXPECT(addrs[2] == (unsigned long long)zeros);
  int via_symbol = 0;
  EXPECT(cudaMemcpyFromSymbol(&via_symbol, counter, sizeof(int)) == cudaSuccess);
  EXPECT(via_symbol == 8);
  int nine = 9;
  EXPECT(cudaMemcpyToSymbol(counter, &nine, sizeof(int)) == cudaSuccess);
  EXPECT(counter == 9);
  cudaPointerAttributes pa;
  EXPECT(cudaPointerGetAttributes(&pa, &pair.b) == cudaSuccess);
  EXPECT(pa.type == cudaMemoryTypeManaged && pa.devicePointer == &pair.b && pa.hostPointer == &pair.b);
#ifdef WITH_OTHER_FILE
  EXPECT(other == 42);
  other = 50;
  bump_other<<<1, 1>>>(addrs);
  EXPECT(cudaDeviceSynchronize() == cudaSuccess);
  EXPECT(other == 51);
  EXPECT(addrs[0] == (unsigned long long)&other);
#endif
  if (failures == 0) printf("PASS\n");
  return failures != 0;
}
