// Kernel parameters: a __grid_constant__ struct whose address is taken and passed to device
// functions (and compared with a copy), a 4 KiB parameter, and the CUDA 12.1+ limit of
// 32,764 bytes of parameters (a pointer, a 32,752-byte struct and an int), each checked by sums.
#include <cstdio>
struct P4k { int v[1024]; };
struct P32k { int v[8188]; };
struct Small { int a; double b; char c[3]; };
__device__ int sum_via_ptr(const int* p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i] * (i % 7 + 1); return s; }
__global__ void gc(const __grid_constant__ P4k p, const __grid_constant__ Small s, int* out) {
  const int* q = p.v;
  if (threadIdx.x == 0) {
    out[0] = sum_via_ptr(q, 1024);
    out[1] = (int)(s.b * 1000) + s.a + s.c[2];
    out[2] = ((size_t)q % 4 == 0) + ((size_t)&s.b % 8 == 0) * 10;
    out[3] = __isGlobal(q) * 1 + __isShared(q) * 2 + __isLocal(q) * 4 + __isConstant(q) * 8 + __isGridConstant(q) * 16;
  }
}
__global__ void big(int* out, P32k p, int tail) {
  int s = 0; for (int i = threadIdx.x; i < 8188; i += blockDim.x) s += p.v[i] ^ i;
  atomicAdd(&out[4], s);
  if (threadIdx.x == 0) out[5] = tail + p.v[8187];
}
int main() {
  int* o; cudaMalloc(&o, 64); cudaMemset(o, 0, 64);
  static P4k p; for (int i = 0; i < 1024; i++) p.v[i] = i * 13 - 5000;
  Small s{7, 3.25, {'a', 'b', 'c'}};
  gc<<<1, 32>>>(p, s, o);
  printf("gc: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  static P32k q; for (int i = 0; i < 8188; i++) q.v[i] = i * 7 + 1;
  printf("param bytes %zu\n", sizeof(int*) + sizeof(P32k) + sizeof(int));
  big<<<1, 128>>>(o, q, 99);
  printf("big: %s %s\n", cudaGetErrorString(cudaGetLastError()), cudaGetErrorString(cudaDeviceSynchronize()));
  int h[16]; cudaMemcpy(h, o, 64, cudaMemcpyDeviceToHost);
  int want = 0; for (int i = 0; i < 1024; i++) want += p.v[i] * (i % 7 + 1);
  int w2 = 0; for (int i = 0; i < 8188; i++) w2 += q.v[i] ^ i;
  printf("sum=%d want=%d small=%d align=%d space=%d big=%d want=%d tail=%d\n", h[0], want, h[1], h[2], h[3], h[4], w2, h[5]);
  return 0;
}
