// The memory-model facts the guide states: cudaLimitStackSize get/set (rounding), a recursive
// kernel's local arrays indexed dynamically, __align__ structs in local/shared/global memory and
// their sizeof/alignof, volatile shared flags, device malloc within cudaLimitMallocHeapSize
// (set before the first launch) and malloc returning NULL once it is exhausted, free and reuse.
#include <cstdio>
#include <cstdint>
struct __align__(16) V3 { float x, y, z; };
struct __align__(8) P { char c; short s; };
struct Q { char c; V3 v; char d; };
__device__ int rec(int n, int k) {
  int loc[32];
  for (int i = 0; i < 32; i++) loc[i] = n * 32 + i;
  if (n == 0) return loc[k % 32];
  return loc[(k * 7 + n) % 32] + rec(n - 1, k + loc[n % 32]);
}
__global__ void locals(int* o) {
  int t = threadIdx.x;
  o[t] = rec(t % 9, t);
  V3 arr[5];
  for (int i = 0; i < 5; i++) arr[i] = V3{(float)i, (float)t, (float)(i * t)};
  V3 v = arr[(t * 3) % 5];
  o[64 + t] = (int)(v.x + v.y * 10 + v.z * 100) + 1000000 * (int)(((uintptr_t)&arr[1] - (uintptr_t)&arr[0]));
}
__global__ void heap(unsigned long long* o, size_t chunk) {
  int t = threadIdx.x;
  char* p = (char*)malloc(chunk);
  o[t] = p != nullptr;
  if (p) { p[0] = (char)t; p[chunk - 1] = (char)t; o[64 + t] = ((uintptr_t)p % 16 == 0); }
  __syncthreads();
  if (p) free(p);
}
__global__ void vol(int* o) {
  __shared__ volatile int flag[2];
  __shared__ V3 sv[4];
  __shared__ Q q[2];
  if (threadIdx.x == 0) { flag[0] = 0; flag[1] = 0; }
  __syncthreads();
  if (threadIdx.x == 32) { sv[1] = V3{1, 2, 3}; __threadfence_block(); flag[0] = 1; }
  if (threadIdx.x == 0) { while (flag[0] == 0) {} o[0] = (int)(sv[1].x + sv[1].y + sv[1].z); }
  if (threadIdx.x == 1) {
    o[1] = sizeof(V3); o[2] = alignof(V3); o[3] = sizeof(P); o[4] = alignof(P); o[5] = sizeof(Q); o[6] = alignof(Q);
    o[7] = (int)((uintptr_t)&sv[1] % 16); o[8] = (int)((uintptr_t)&q[1].v % 16); o[9] = (int)((char*)&q[1] - (char*)&q[0]);
  }
}
int main() {
  size_t v;
  cudaDeviceGetLimit(&v, cudaLimitStackSize); printf("stack default %zu\n", v);
  for (size_t s : {1000, 1024, 4097, 65536}) {
    cudaError_t e = cudaDeviceSetLimit(cudaLimitStackSize, s);
    cudaDeviceGetLimit(&v, cudaLimitStackSize);
    printf("stack set %zu: %s -> %zu\n", s, cudaGetErrorName(e), v);
  }
  cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize); printf("heap default %zu\n", v);
  cudaError_t e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20);
  cudaDeviceGetLimit(&v, cudaLimitMallocHeapSize); printf("heap set 1MiB: %s -> %zu\n", cudaGetErrorName(e), v);
  int* o; cudaMalloc(&o, 1024);
  locals<<<1, 64>>>(o);
  printf("locals: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int h[128]; cudaMemcpy(h, o, 512, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 128; i++) printf("%d%c", h[i], i % 16 == 15 ? '\n' : ' ');
  unsigned long long* ho; cudaMalloc(&ho, 1024);
  unsigned long long r[128];
  for (size_t chunk : {1000, 8000, 40000}) {
    cudaMemset(ho, 0, 1024);
    heap<<<1, 64>>>(ho, chunk);
    e = cudaDeviceSynchronize();
    cudaMemcpy(r, ho, 1024, cudaMemcpyDeviceToHost);
    int got = 0, al = 0; for (int i = 0; i < 64; i++) { got += (int)r[i]; al += (int)r[64 + i]; }
    printf("malloc %zu x64: %s got %s aligned %d\n", chunk, cudaGetErrorName(e), got == 64 ? "all" : got == 0 ? "none" : "some", al == got);
  }
  e = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 2 << 20);
  printf("heap set after launch: %s\n", cudaGetErrorName(e));
  vol<<<1, 64>>>(o);
  printf("vol: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  cudaMemcpy(h, o, 40, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 10; i++) printf(" %d", h[i]);
  printf("\n");
}
