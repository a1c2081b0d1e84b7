// Managed memory as an H200 presents it (tests/gpu-programs/probe_managed.txt): concurrent
// managed access (host threads may use managed memory while kernels run: here the host
// releases a running kernel through a managed flag), a __managed__ variable at the same
// address in kernels and on the host, its pointer attributes, and what
// cudaMemRangeGetAttribute reports after advice and prefetches on whole and partial ranges.
#include "common.h"

__managed__ int mvar[4];
__managed__ int go;

__global__ void addr_of(unsigned long long* out) {
  *out = (unsigned long long)&mvar[0];
  mvar[1] = 7;
}
// Waits for the host to raise `go`, then answers through `done`.
__global__ void wait_for_host(volatile int* flag, volatile int* done) {
  while (*flag == 0) {}
  *done = 1;
}

struct Range { int readMostly, preferred, acc[3], last, prefType, prefId, lastType, lastId; };
static Range query(void* p, size_t n) {
  Range r;
  CK(cudaMemRangeGetAttribute(&r.readMostly, 4, cudaMemRangeAttributeReadMostly, p, n));
  CK(cudaMemRangeGetAttribute(&r.preferred, 4, cudaMemRangeAttributePreferredLocation, p, n));
  CK(cudaMemRangeGetAttribute(r.acc, 12, cudaMemRangeAttributeAccessedBy, p, n));
  CK(cudaMemRangeGetAttribute(&r.last, 4, cudaMemRangeAttributeLastPrefetchLocation, p, n));
  CK(cudaMemRangeGetAttribute(&r.prefType, 4, cudaMemRangeAttributePreferredLocationType, p, n));
  CK(cudaMemRangeGetAttribute(&r.prefId, 4, cudaMemRangeAttributePreferredLocationId, p, n));
  CK(cudaMemRangeGetAttribute(&r.lastType, 4, cudaMemRangeAttributeLastPrefetchLocationType, p, n));
  CK(cudaMemRangeGetAttribute(&r.lastId, 4, cudaMemRangeAttributeLastPrefetchLocationId, p, n));
  return r;
}
static void expect(const char* what, Range r, int rm, int pref, int a0, int a1, int last, int prefType, int lastType) {
  // The *Id attributes repeat the legacy ones (-1 for the host, -2 for none).
  if (r.readMostly != rm || r.preferred != pref || r.acc[0] != a0 || r.acc[1] != a1 || r.acc[2] != cudaInvalidDeviceId ||
      r.last != last || r.prefType != prefType || r.prefId != pref || r.lastType != lastType || r.lastId != last) {
    printf("FAIL %s: readMostly %d preferred %d accessedBy {%d,%d,%d} last %d prefType %d prefId %d lastType %d lastId %d\n", what,
           r.readMostly, r.preferred, r.acc[0], r.acc[1], r.acc[2], r.last, r.prefType, r.prefId, r.lastType, r.lastId);
    exit(1);
  }
}

int main() {
  int v = -1;
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrConcurrentManagedAccess, 0));
  EXPECT(v == 1);
  CK(cudaDeviceGetAttribute(&v, cudaDevAttrManagedMemory, 0));
  EXPECT(v == 1);
  int pageable = -1;
  CK(cudaDeviceGetAttribute(&pageable, cudaDevAttrPageableMemoryAccess, 0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  EXPECT(prop.concurrentManagedAccess == 1 && prop.managedMemory == 1 && prop.pageableMemoryAccess == pageable);

  // Concurrent access: the host writes managed memory while the kernel runs, and reads it.
  int* done;
  CK(cudaMallocManaged(&done, sizeof(int)));
  *done = 0;
  go = 0;
  wait_for_host<<<1, 1>>>(&go, done);
  CK(cudaGetLastError());
  go = 1;
  while (*(volatile int*)done == 0) {}
  CK(cudaDeviceSynchronize());

  unsigned long long* dev_addr;
  CK(cudaMallocManaged(&dev_addr, sizeof *dev_addr));
  addr_of<<<1, 1>>>(dev_addr);
  CK(cudaDeviceSynchronize());
  EXPECT(*dev_addr == (unsigned long long)&mvar[0]);
  EXPECT(mvar[1] == 7);
  cudaPointerAttributes pa;
  CK(cudaPointerGetAttributes(&pa, &mvar[2]));
  EXPECT(pa.type == cudaMemoryTypeManaged && pa.device == 0 && pa.devicePointer == &mvar[2] && pa.hostPointer == &mvar[2]);

  const size_t n = 4 << 20;
  char* p;
  CK(cudaMallocManaged(&p, n));
  CK(cudaPointerGetAttributes(&pa, p + 100));
  EXPECT(pa.type == cudaMemoryTypeManaged && pa.devicePointer == p + 100 && pa.hostPointer == p + 100);
  const int none = cudaInvalidDeviceId, host = cudaCpuDeviceId;
  expect("fresh", query(p, n), 0, none, none, none, none, 0, 0);
  cudaMemLocation dev = {cudaMemLocationTypeDevice, 0}, cpu = {cudaMemLocationTypeHost, 0};
  CK(cudaMemPrefetchAsync(p, n, dev, 0, 0));
  CK(cudaDeviceSynchronize());
  expect("prefetched to the device", query(p, n), 0, none, none, none, 0, 0, 1);
  CK(cudaMemPrefetchAsync(p, n / 2, cpu, 0, 0));
  CK(cudaDeviceSynchronize());
  expect("first half to the host: whole", query(p, n), 0, none, none, none, none, 0, 0);
  expect("first half to the host: first half", query(p, n / 2), 0, none, none, none, host, 0, 2);
  expect("first half to the host: second half", query(p + n / 2, n / 2), 0, none, none, none, 0, 0, 1);
  expect("first half to the host: one byte", query(p + 1, 1), 0, none, none, none, host, 0, 2);
  CK(cudaMemAdvise(p, n, cudaMemAdviseSetPreferredLocation, dev));
  expect("preferred device", query(p, n), 0, 0, none, none, none, 1, 0);
  CK(cudaMemAdvise(p, n / 2, cudaMemAdviseSetPreferredLocation, cpu));
  expect("preferred host for the first half: whole", query(p, n), 0, none, none, none, none, 0, 0);
  expect("preferred host for the first half: first half", query(p, n / 2), 0, host, none, none, host, 2, 2);
  CK(cudaMemAdvise(p, n, cudaMemAdviseUnsetPreferredLocation, dev));
  CK(cudaMemAdvise(p, n, cudaMemAdviseSetAccessedBy, dev));
  CK(cudaMemAdvise(p, n, cudaMemAdviseSetReadMostly, dev));
  expect("accessed by the device, read mostly", query(p, n), 1, none, 0, none, none, 0, 0);
  CK(cudaMemAdvise(p, n, cudaMemAdviseSetAccessedBy, cpu));
  expect("accessed by the host too", query(p, n), 1, none, 0, host, none, 0, 0);
  CK(cudaMemAdvise(p, n / 2, cudaMemAdviseUnsetReadMostly, dev));
  CK(cudaMemAdvise(p + n / 2, n / 2, cudaMemAdviseUnsetAccessedBy, dev));
  expect("unset halves: whole", query(p, n), 0, none, host, none, none, 0, 0);
  expect("unset halves: second half", query(p + n / 2, n / 2), 1, none, host, none, 0, 0, 1);
  expect("__managed__ variable", query(mvar, sizeof mvar), 0, none, none, none, none, 0, 0);
  CK(cudaFree(p));
  printf("PASS\n");
  return 0;
}
