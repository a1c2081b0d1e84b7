// The __ldg/__ldcg/__ldca/__ldcs/__ldlu/__ldcv load family and the __stwb/__stcg/__stcs/__stwt
// store family on every type they are declared for (char..ulonglong2, float..double2, half,
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
template <class T> __device__ unsigned long long bits(const T& v) {
  unsigned long long h = 1469598103934665603ull;
  const unsigned char* p = (const unsigned char*)&v;
  for (int i = 0; i < (int)sizeof(T); i++) h = (h ^ p[i]) * 1099511628211ull;
  return h;
}
template <class T> __device__ unsigned long long family(const T* src, T* dst, int i) {
  unsigned long long h = 0;
  T a = __ldg(src + i), b = __ldcg(src + i + 1), c = __ldca(src + i + 2), d = __ldcs(src + i + 3),
    e = __ldlu(src + i + 4), f = __ldcv(src + i + 5);
  h ^= bits(a) * 3 ^ bits(b) * 5 ^ bits(c) * 7 ^ bits(d) * 11 ^ bits(e) * 13 ^ bits(f) * 17;
  __stwb(dst + 4 * i, a); __stcg(dst + 4 * i + 1, c); __stcs(dst + 4 * i + 2, e); __stwt(dst + 4 * i + 3, f);
  return h;
}
#define RUN(T) { const T* s = (const T*)src; T* d = (T*)dst; atomicXor(&acc[n], family(s, d, threadIdx.x)); \
  __syncthreads(); unsigned long long h = 0; for (int j = 0; j < 4 * 32; j++) h = h * 31 + bits(d[j]); if (threadIdx.x == 0) acc[n + 1] = h; n += 2; __syncthreads(); }
__global__ void k(const unsigned char* src, unsigned char* dst, unsigned long long* out) {
  __shared__ unsigned long long acc[64];
  for (int j = threadIdx.x; j < 64; j += blockDim.x) acc[j] = 0;
  __syncthreads();
  int n = 0;
  RUN(char) RUN(signed char) RUN(unsigned char) RUN(short) RUN(unsigned short) RUN(int) RUN(unsigned)
  RUN(long long) RUN(unsigned long long) RUN(char2) RUN(char4) RUN(uchar2) RUN(uchar4) RUN(short2)
  RUN(short4) RUN(ushort2) RUN(ushort4) RUN(int2) RUN(int4) RUN(uint2) RUN(uint4) RUN(longlong2)
  RUN(ulonglong2) RUN(float) RUN(float2) RUN(float4) RUN(double) RUN(double2) RUN(__half)
  RUN(__half2) RUN(__nv_bfloat16) RUN(__nv_bfloat162)
  if (threadIdx.x == 0) for (int j = 0; j < n; j++) out[j] = acc[j];
}
int main() {
  unsigned char h[8192];
  for (int i = 0; i < 8192; i++) h[i] = (unsigned char)(i * 131 + (i >> 7) * 17);
  unsigned char *s, *d; unsigned long long* o;
  cudaMalloc(&s, 8192); cudaMalloc(&d, 8192); cudaMalloc(&o, 64 * 8);
  cudaMemcpy(s, h, 8192, cudaMemcpyHostToDevice);
  cudaMemset(d, 0, 8192);
  k<<<1, 32>>>(s, d, o);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  unsigned long long r[64]; cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64; i += 2) printf("type %2d: %016llx %016llx\n", i / 2, r[i], r[i + 1]);
}
