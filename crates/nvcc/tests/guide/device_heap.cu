// Dynamic global memory allocation: the guide's per-thread malloc/free example, memory allocated by
// one block's thread and used by the others (shared pointer), allocation persisting across kernel
// launches and freed by a later kernel, cudaLimitMallocHeapSize, and C++ new/delete, new[]/delete[]
// of objects with constructors and destructors.
#include "guide.h"
__global__ void mallocTest(int* ok) {
  size_t size = 123;
  char* ptr = (char*)malloc(size);
  if (!ptr) { ok[threadIdx.x] = 0; return; }
  memset(ptr, threadIdx.x, size);
  bool good = true;
  for (size_t i = 0; i < size; i++) good &= ptr[i] == (char)threadIdx.x;
  ok[threadIdx.x] = good;
  free(ptr);
}
__global__ void blockShared(int* out) {
  __shared__ int* data;
  if (threadIdx.x == 0) data = (int*)malloc(blockDim.x * 64 * sizeof(int));
  __syncthreads();
  if (data == NULL) return;
  int* ptr = data;
  for (int i = 0; i < 64; ++i) ptr[i * blockDim.x + threadIdx.x] = threadIdx.x;
  __syncthreads();
  int s = 0;
  for (int i = 0; i < 64; ++i) s += ptr[i * blockDim.x + (blockDim.x - 1 - threadIdx.x)];
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.x == 0) free(data);
}
__device__ int* dataptr[4];
__global__ void allocmem() {
  if (threadIdx.x == 0) dataptr[blockIdx.x] = (int*)malloc(32 * sizeof(int));
  __syncthreads();
  dataptr[blockIdx.x][threadIdx.x] = blockIdx.x * 100 + threadIdx.x;
}
__global__ void usemem(int* out) {
  int* ptr = dataptr[blockIdx.x];
  out[blockIdx.x * 32 + threadIdx.x] = ptr[threadIdx.x] + 1;
}
__global__ void freemem() { if (threadIdx.x == 0) free(dataptr[blockIdx.x]); }
__device__ int live = 0;
struct Counter {
  int v;
  __device__ Counter() : v(7) { atomicAdd(&live, 1); }
  __device__ explicit Counter(int x) : v(x) { atomicAdd(&live, 1); }
  __device__ ~Counter() { atomicSub(&live, 1); }
};
__global__ void cxx(int* out) {
  Counter* one = new Counter(threadIdx.x);
  Counter* many = new Counter[5];
  int s = one->v;
  for (int i = 0; i < 5; i++) s += many[i].v;
  out[threadIdx.x] = s;
  delete one;
  delete[] many;
  double* d = new double[3]{1.5, 2.5, 3.5};
  out[32 + threadIdx.x] = (int)(d[0] + d[1] + d[2]);
  delete[] d;
}
__global__ void too_big(unsigned long long* p) { p[0] = (unsigned long long)malloc((size_t)1 << 40); }
int main() {
  CK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 16 * 1024 * 1024));
  size_t heap = 0;
  CK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
  check(heap >= 16 * 1024 * 1024, "cudaLimitMallocHeapSize set to 16 MB");
  int *d, h[256];
  CK(cudaMalloc(&d, sizeof(h)));
  mallocTest<<<1, 5>>>(d);
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h, d, 5 * 4, cudaMemcpyDeviceToHost));
  check(h[0] && h[1] && h[2] && h[3] && h[4], "per-thread malloc, memset, free");
  blockShared<<<2, 128>>>(d);
  CK(cudaMemcpy(h, d, 256 * 4, cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < 256; i++) ok &= h[i] == 64 * (127 - i % 128);
  check(ok, "one thread allocates for the block, pointer shared through shared memory");
  allocmem<<<4, 32>>>();
  usemem<<<4, 32>>>(d);
  freemem<<<4, 32>>>();
  CK(cudaDeviceSynchronize());
  CK(cudaMemcpy(h, d, 128 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int b = 0; b < 4; b++) for (int t = 0; t < 32; t++) ok &= h[b * 32 + t] == b * 100 + t + 1;
  check(ok, "allocation persists across launches and is freed by a later kernel");
  cxx<<<1, 32>>>(d);
  CK(cudaMemcpy(h, d, 64 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < 32; t++) ok &= h[t] == t + 35 && h[32 + t] == 7;
  int alive = -1;
  CK(cudaMemcpyFromSymbol(&alive, live, sizeof(int)));
  check(ok && alive == 0, "new/delete and new[]/delete[] run constructors and destructors");
  unsigned long long* p, hp = 1;
  CK(cudaMalloc(&p, 8));
  too_big<<<1, 1>>>(p);
  CK(cudaMemcpy(&hp, p, 8, cudaMemcpyDeviceToHost));
  check(hp == 0, "malloc beyond the heap returns NULL");
  return finish();
}
