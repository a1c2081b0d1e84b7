// flags: -std=c++17 -Wno-deprecated-declarations
// sizeof and alignof of every vector type, on the host and on the device, with __launch_bounds__
// and class-specific operator new on the device.
#include <cstdio>
#define T(X) X(char1) X(uchar2) X(char3) X(char4) X(short1) X(short2) X(short3) X(ushort4) X(int1) X(int2) X(int3) X(uint4) \
  X(long1) X(long2) X(long3) X(long4_16a) X(long4_32a) X(ulonglong2) X(longlong3) X(longlong4_32a) X(float1) X(float2) X(float3) X(float4) \
  X(double1) X(double2) X(double3) X(double4_16a) X(double4_32a) X(dim3)
#define COUNT(t) +1
constexpr int N = 0 T(COUNT);
#define HOST(t) h[i++] = sizeof(t) * 1000 + alignof(t);
#define DEV(t) d[i++] = sizeof(t) * 1000 + alignof(t);
#define NAME(t) #t,
__global__ void layouts(int* d) { int i = 0; T(DEV) }
template <int B> __global__ void __launch_bounds__(B) bounded(int* o) { o[threadIdx.x] = B; }
__device__ int news = 0;
struct Pooled {
  int v;
  __device__ static void* operator new(size_t n) { atomicAdd(&news, (int)n); return malloc(n); }
  __device__ static void operator delete(void* p) { atomicAdd(&news, 1000); free(p); }
};
__global__ void pooled(int* o) { Pooled* p = new Pooled{5}; o[0] = p->v; delete p; o[1] = news; }
int main() {
  const char* names[] = {T(NAME)};
  int h[N], dv[N], i = 0;
  T(HOST)
  int* d;
  cudaMalloc(&d, 1024 * sizeof(int));
  layouts<<<1, 1>>>(d);
  cudaMemcpy(dv, d, sizeof dv, cudaMemcpyDeviceToHost);
  for (int j = 0; j < N; j++) printf("%-14s host %d/%d device %d/%d\n", names[j], h[j] / 1000, h[j] % 1000, dv[j] / 1000, dv[j] % 1000);
  cudaFuncAttributes a;
  cudaFuncGetAttributes(&a, bounded<96>);
  printf("bounded<96> maxThreadsPerBlock %d\n", a.maxThreadsPerBlock);
  cudaFuncGetAttributes(&a, bounded<640>);
  printf("bounded<640> maxThreadsPerBlock %d\n", a.maxThreadsPerBlock);
  bounded<96><<<1, 128>>>(d);
  printf("launch 128 > 96: %s\n", cudaGetErrorName(cudaGetLastError()));
  bounded<96><<<1, 96>>>(d);
  printf("launch 96: %s\n", cudaGetErrorName(cudaGetLastError()));
  pooled<<<1, 1>>>(d);
  int r[2];
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  printf("pooled %d %d\n", r[0], r[1]);
  return 0;
}
