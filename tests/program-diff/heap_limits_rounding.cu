// cudaDeviceSetLimit / cudaDeviceGetLimit round trips as programs make them: the malloc heap
// at 1 byte, 4095, 64 KiB, 1 MiB, 1 MiB + 1, 3 MiB, 5 MiB - 1, 8 MiB + 12345 and 100 MB; the stack
// size at 1, 1000, 1024, 4097, 64 KiB; the printf FIFO at 1, 4097 and 3 MiB + 5; the pending
// launch count, the sync depth and the L2 fetch granularity; what each reads back (an H200
// rounds the heap up to 64 KiB steps and at least 4 MiB, the stack to 16-byte steps, the printf
// FIFO to 256-byte steps and at least 512 KiB, and refuses the sync depth as unsupported); then
// a kernel that fills the heap with malloc to see how many 4 KiB blocks a 1 MiB heap (4 MiB)
// gives, and setting the heap after a launch.
#include <cstdio>

__global__ void fill(int* count, size_t sz) {
  int c = 0;
  while (c < 100000) { void* p = malloc(sz); if (!p) break; ++c; }
  *count = c;
}
__global__ void nop() {}

static void trip(const char* name, cudaLimit lim, size_t v) {
  cudaError_t e = cudaDeviceSetLimit(lim, v);
  size_t got = 0; cudaError_t g = cudaDeviceGetLimit(&got, lim);
  printf("%-26s set %10zu: %-24s get %-12s %zu\n", name, v, cudaGetErrorName(e), cudaGetErrorName(g), got);
}

int main() {
  size_t v = 0;
  cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize); printf("default heap %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitStackSize); printf("default stack %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize); printf("default printf fifo %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitDevRuntimePendingLaunchCount); printf("default pending launches %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitDevRuntimeSyncDepth); printf("default sync depth %zu\n", v);
  cudaDeviceGetLimit(&v, cudaLimitMaxL2FetchGranularity); printf("default L2 fetch granularity %zu\n", v);
  const size_t heaps[] = {1, 4095, 65536, 1 << 20, (1 << 20) + 1, 3 << 20, (5 << 20) - 1, (8 << 20) + 12345, 100000000};
  for (size_t h : heaps) trip("cudaLimitMallocHeapSize", cudaLimitMallocHeapSize, h);
  const size_t stacks[] = {1, 1000, 1024, 4097, 65536};
  for (size_t s : stacks) trip("cudaLimitStackSize", cudaLimitStackSize, s);
  const size_t fifos[] = {1, 4097, (3 << 20) + 5};
  for (size_t f : fifos) trip("cudaLimitPrintfFifoSize", cudaLimitPrintfFifoSize, f);
  trip("PendingLaunchCount", cudaLimitDevRuntimePendingLaunchCount, 100);
  trip("SyncDepth", cudaLimitDevRuntimeSyncDepth, 3);
  trip("MaxL2FetchGranularity", cudaLimitMaxL2FetchGranularity, 64);
  trip("MaxL2FetchGranularity", cudaLimitMaxL2FetchGranularity, 100);
  trip("cudaLimitMallocHeapSize", cudaLimitMallocHeapSize, 1 << 20);
  int* c; cudaMalloc(&c, 4);
  fill<<<1, 1>>>(c, 4096);
  int n = 0; cudaMemcpy(&n, c, 4, cudaMemcpyDeviceToHost);
  printf("4 KiB mallocs from a heap set to 1 MiB: more than 200: %d, at most 1100: %d\n", n > 200, n <= 1100);
  nop<<<1, 1>>>();
  cudaDeviceSynchronize();
  cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 << 20);
  printf("heap set after a launch: %s\n", cudaGetErrorName(e));
  cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize); printf("heap now %zu\n", v);
  e = cudaDeviceSetLimit(cudaLimitStackSize, 8192);
  printf("stack set after a launch: %s\n", cudaGetErrorName(e));
  cudaDeviceGetLimit(&v, cudaLimitStackSize); printf("stack now %zu\n", v);
  e = cudaDeviceSetLimit((cudaLimit)99, 1);
  printf("unknown limit: %s\n", cudaGetErrorName(e));
  return 0;
}
