// Stream-ordered memory allocator (the guide's chapter): cudaMallocAsync / cudaFreeAsync in stream
// order, the default memory pool and its release threshold attribute, an explicit pool from
// cudaMemPoolCreate with cudaMallocFromPoolAsync, memory reuse across streams ordered by an event,
// and cudaMemPoolTrimTo.
#include "guide.h"
__global__ void fill(int* p, int n, int v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v + i;
}
__global__ void sum(const int* p, int n, long long* out) {
  long long s = 0;
  for (int i = threadIdx.x; i < n; i += blockDim.x) s += p[i];
  atomicAdd((unsigned long long*)out, (unsigned long long)s);
}
int main() {
  int dev = 0, supported = 0;
  CK(cudaDeviceGetAttribute(&supported, cudaDevAttrMemoryPoolsSupported, dev));
  check(supported == 1, "cudaDevAttrMemoryPoolsSupported");
  cudaStream_t s1, s2;
  CK(cudaStreamCreate(&s1)); CK(cudaStreamCreate(&s2));
  const int n = 1 << 16;
  long long* out;
  CK(cudaMallocAsync(&out, sizeof(long long), s1));
  CK(cudaMemsetAsync(out, 0, sizeof(long long), s1));
  int* p;
  CK(cudaMallocAsync(&p, n * sizeof(int), s1));
  fill<<<n / 256, 256, 0, s1>>>(p, n, 5);
  sum<<<1, 256, 0, s1>>>(p, n, out);
  CK(cudaFreeAsync(p, s1));
  long long h = 0;
  CK(cudaMemcpyAsync(&h, out, sizeof(h), cudaMemcpyDeviceToHost, s1));
  CK(cudaStreamSynchronize(s1));
  check(h == 5LL * n + (long long)n * (n - 1) / 2, "cudaMallocAsync -> kernels -> cudaFreeAsync in one stream");
  // Reuse across streams: s2 waits for an event recorded after the free in s1.
  cudaEvent_t ev;
  CK(cudaEventCreate(&ev));
  int* q;
  CK(cudaMallocAsync(&q, n * sizeof(int), s1));
  fill<<<n / 256, 256, 0, s1>>>(q, n, 1);
  CK(cudaFreeAsync(q, s1));
  CK(cudaEventRecord(ev, s1));
  CK(cudaStreamWaitEvent(s2, ev, 0));
  int* r;
  CK(cudaMallocAsync(&r, n * sizeof(int), s2));
  fill<<<n / 256, 256, 0, s2>>>(r, n, -7);
  CK(cudaMemsetAsync(out, 0, sizeof(long long), s2));
  sum<<<1, 256, 0, s2>>>(r, n, out);
  CK(cudaMemcpyAsync(&h, out, sizeof(h), cudaMemcpyDeviceToHost, s2));
  CK(cudaFreeAsync(r, s2));
  CK(cudaStreamSynchronize(s2));
  check(h == -7LL * n + (long long)n * (n - 1) / 2, "allocation in a second stream after an event-ordered free");
  cudaMemPool_t def;
  CK(cudaDeviceGetDefaultMemPool(&def, dev));
  unsigned long long threshold = 1ull << 20, got = 0;
  CK(cudaMemPoolSetAttribute(def, cudaMemPoolAttrReleaseThreshold, &threshold));
  CK(cudaMemPoolGetAttribute(def, cudaMemPoolAttrReleaseThreshold, &got));
  check(got == threshold, "release threshold attribute of the default pool");
  cudaMemPoolProps props = {};
  props.allocType = cudaMemAllocationTypePinned;
  props.handleTypes = cudaMemHandleTypeNone;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = dev;
  cudaMemPool_t pool;
  CK(cudaMemPoolCreate(&pool, &props));
  int* fp;
  CK(cudaMallocFromPoolAsync(&fp, n * sizeof(int), pool, s1));
  fill<<<n / 256, 256, 0, s1>>>(fp, n, 100);
  int back[4];
  CK(cudaMemcpyAsync(back, fp + n - 4, sizeof(back), cudaMemcpyDeviceToHost, s1));
  CK(cudaFreeAsync(fp, s1));
  CK(cudaStreamSynchronize(s1));
  check(back[0] == 100 + n - 4 && back[3] == 100 + n - 1, "cudaMallocFromPoolAsync from an explicit pool");
  unsigned long long used = 1;
  CK(cudaMemPoolTrimTo(pool, 0));
  CK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &used));
  check(used == 0, "no memory in use after the free; cudaMemPoolTrimTo");
  CK(cudaMemPoolDestroy(pool));
  CK(cudaFreeAsync(out, s1));
  CK(cudaStreamSynchronize(s1));
  return finish();
}
