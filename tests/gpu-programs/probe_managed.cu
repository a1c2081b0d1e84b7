// Managed memory facts (output in probe_managed.txt): the device attributes and properties
// about managed and pageable access, pointer attributes of managed memory, the address of a
// __managed__ variable on both sides, and what cudaMemRangeGetAttribute reports after
// cudaMemAdvise and cudaMemPrefetchAsync on whole and partial ranges.
#include <cstdio>
__managed__ int mvar[4];
__global__ void addr_of(unsigned long long* out) { *out = (unsigned long long)&mvar[0]; mvar[1] = 7; }
__global__ void touch(int* p, int n) { for (int i = threadIdx.x; i < n; i += blockDim.x) p[i] += 1; }
static void range(const char* label, void* p, size_t n) {
  int rm = -9, pref = -9, last = -9, acc[3] = {-9, -9, -9}, pt = -9, pi = -9, lt = -9, li = -9;
  cudaError_t e1 = cudaMemRangeGetAttribute(&rm, 4, cudaMemRangeAttributeReadMostly, p, n);
  cudaError_t e2 = cudaMemRangeGetAttribute(&pref, 4, cudaMemRangeAttributePreferredLocation, p, n);
  cudaError_t e3 = cudaMemRangeGetAttribute(acc, 12, cudaMemRangeAttributeAccessedBy, p, n);
  cudaError_t e4 = cudaMemRangeGetAttribute(&last, 4, cudaMemRangeAttributeLastPrefetchLocation, p, n);
  cudaError_t e5 = cudaMemRangeGetAttribute(&pt, 4, cudaMemRangeAttributePreferredLocationType, p, n);
  cudaError_t e6 = cudaMemRangeGetAttribute(&pi, 4, cudaMemRangeAttributePreferredLocationId, p, n);
  cudaError_t e7 = cudaMemRangeGetAttribute(&lt, 4, cudaMemRangeAttributeLastPrefetchLocationType, p, n);
  cudaError_t e8 = cudaMemRangeGetAttribute(&li, 4, cudaMemRangeAttributeLastPrefetchLocationId, p, n);
  printf("%-40s readMostly %d preferred %d accessedBy {%d,%d,%d} lastPrefetch %d prefType %d prefId %d lastType %d lastId %d (errors %d %d %d %d %d %d %d %d)\n",
         label, rm, pref, acc[0], acc[1], acc[2], last, pt, pi, lt, li, e1, e2, e3, e4, e5, e6, e7, e8);
}
int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  int v;
  const int attrs[] = {83, 88, 89, 90, 92, 93, 100, 101};
  const char* names[] = {"ManagedMemory", "PageableMemoryAccess", "ConcurrentManagedAccess", "ComputePreemptionSupported",
                         "CanUseHostPointerForRegisteredMem", "(93)", "PageableMemoryAccessUsesHostPageTables", "DirectManagedMemAccessFromHost"};
  for (int i = 0; i < 8; i++) { v = -9; cudaError_t e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)attrs[i], 0); printf("attr %3d %-40s %d (ret %d)\n", attrs[i], names[i], v, e); }
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  printf("prop managedMemory %d concurrentManagedAccess %d pageableMemoryAccess %d pageableMemoryAccessUsesHostPageTables %d directManagedMemAccessFromHost %d\n",
         prop.managedMemory, prop.concurrentManagedAccess, prop.pageableMemoryAccess, prop.pageableMemoryAccessUsesHostPageTables, prop.directManagedMemAccessFromHost);
  unsigned long long* dev_addr; cudaMallocManaged(&dev_addr, 8);
  addr_of<<<1, 1>>>(dev_addr); cudaDeviceSynchronize();
  printf("__managed__ host &mvar %s device &mvar; mvar[1] after kernel %d\n", *dev_addr == (unsigned long long)&mvar[0] ? "==" : "!=", mvar[1]);
  cudaPointerAttributes pa;
  cudaError_t e = cudaPointerGetAttributes(&pa, &mvar[0]);
  printf("pointer attrs __managed__: ret %d type %d device %d dptr==p %d hptr==p %d\n", e, pa.type, pa.device, pa.devicePointer == &mvar[0], pa.hostPointer == &mvar[0]);
  const size_t n = 4 << 20;
  char* p; cudaMallocManaged(&p, n);
  e = cudaPointerGetAttributes(&pa, p + 100);
  printf("pointer attrs managed+100: ret %d type %d device %d dptr==p %d hptr==p %d\n", e, pa.type, pa.device, pa.devicePointer == p + 100, pa.hostPointer == p + 100);
  range("fresh", p, n);
  cudaMemLocation dev = {cudaMemLocationTypeDevice, 0}, host = {cudaMemLocationTypeHost, 0};
  cudaMemPrefetchAsync(p, n, dev, 0, 0); cudaDeviceSynchronize();
  range("prefetch all to device", p, n);
  cudaMemPrefetchAsync(p, n / 2, host, 0, 0); cudaDeviceSynchronize();
  range("then first half to host: whole", p, n);
  range("  first half", p, n / 2);
  range("  second half", p + n / 2, n / 2);
  range("  one byte in first page", p + 1, 1);
  cudaMemAdvise(p, n, cudaMemAdviseSetPreferredLocation, dev);
  range("advise preferred device (all)", p, n);
  cudaMemAdvise(p, n / 2, cudaMemAdviseSetPreferredLocation, host);
  range("advise preferred host (first half): whole", p, n);
  range("  first half", p, n / 2);
  cudaMemAdvise(p, n, cudaMemAdviseSetAccessedBy, dev);
  cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, dev);
  range("accessed by device + read mostly", p, n);
  cudaMemAdvise(p, n, cudaMemAdviseSetAccessedBy, host);
  range("accessed by host too", p, n);
  cudaMemAdvise(p, n / 2, cudaMemAdviseUnsetReadMostly, dev);
  cudaMemAdvise(p + n / 2, n / 2, cudaMemAdviseUnsetAccessedBy, dev);
  range("unset readMostly 1st half, accessedBy 2nd", p, n);
  range("  first half", p, n / 2);
  range("  second half", p + n / 2, n / 2);
  range("__managed__ variable", mvar, sizeof mvar);
  // Concurrent host access while a kernel runs on managed memory.
  int* q; cudaMallocManaged(&q, 1 << 20);
  for (int i = 0; i < (1 << 18); i++) q[i] = 0;
  touch<<<1, 256>>>(q, 1 << 18);
  q[0] = 100;  // legal when concurrentManagedAccess is 1
  cudaError_t se = cudaDeviceSynchronize();
  printf("host write during kernel: sync %d q[0] %d q[5] %d\n", se, q[0], q[5]);
  return 0;
}
