// flags: -std=c++14 -O2
// struct near CUDA 12.1's 32764-byte parameter limit.
#include <cstdio>
#include <cstdint>
union U { float f; uint32_t u; unsigned char b[4]; };
struct Bits { unsigned a : 3; unsigned b : 5; int c : 7; unsigned d : 17; };
struct alignas(32) A32 { char tag; double d; int x; };
struct Mixed { char c; U u; Bits bits; short s; A32 a; long long ll; };
struct Big4K { int v[1024]; };
struct Huge { int v[8000]; char tail[28]; };
__global__ void small(Mixed m, char c2, A32 a2, float* out) {
  out[0] = m.c; out[1] = m.u.u & 0xffff; out[2] = m.bits.a; out[3] = m.bits.b; out[4] = m.bits.c;
  out[5] = m.bits.d; out[6] = m.s; out[7] = m.a.tag; out[8] = m.a.d; out[9] = m.a.x;
  out[10] = (float)m.ll; out[11] = c2; out[12] = a2.d + a2.x; out[13] = m.u.b[3];
  out[14] = (float)((uintptr_t)&a2 % 32 == 0);
}
__global__ void big(Big4K b, int* out) {
  int s = 0;
  for (int i = threadIdx.x; i < 1024; i += blockDim.x) s += b.v[i] * (i % 7);
  atomicAdd(out, s);
}
__global__ void huge(const Huge h, long long* out) {
  long long s = 0;
  for (int i = threadIdx.x; i < 8000; i += blockDim.x) s += (long long)h.v[i] * (i % 13 + 1);
  atomicAdd((unsigned long long*)out, (unsigned long long)s);
  if (threadIdx.x == 0) atomicAdd((unsigned long long*)out, (unsigned long long)h.tail[27]);
}
int main() {
  printf("sizeof Mixed %zu A32 %zu Big4K %zu Huge %zu\n", sizeof(Mixed), sizeof(A32), sizeof(Big4K), sizeof(Huge));
  Mixed m{};
  m.c = 'x'; m.u.f = 1.5f; m.bits = {5, 19, -33, 100000}; m.s = -1234;
  m.a = {'q', 2.25, 77}; m.ll = 1LL << 40;
  A32 a2{'z', -0.5, 9};
  float* d;
  cudaMalloc(&d, 16 * sizeof(float));
  cudaMemset(d, 0, 16 * sizeof(float));
  small<<<1, 1>>>(m, 'k', a2, d);
  float h[16];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 15; i++) printf("small[%d] = %g\n", i, h[i]);
  static Big4K b;
  for (int i = 0; i < 1024; i++) b.v[i] = i * 3 - 500;
  int* di;
  cudaMalloc(&di, sizeof(int));
  cudaMemset(di, 0, sizeof(int));
  big<<<1, 128>>>(b, di);
  int r;
  cudaMemcpy(&r, di, sizeof r, cudaMemcpyDeviceToHost);
  printf("big: %s %d\n", cudaGetErrorString(cudaGetLastError()), r);
  static Huge hh;
  for (int i = 0; i < 8000; i++) hh.v[i] = (i * 7919) % 1000 - 300;
  hh.tail[27] = 42;
  long long* dl;
  cudaMalloc(&dl, sizeof(long long));
  cudaMemset(dl, 0, sizeof(long long));
  huge<<<1, 256>>>(hh, dl);
  cudaError_t e = cudaDeviceSynchronize();
  long long rl;
  cudaMemcpy(&rl, dl, sizeof rl, cudaMemcpyDeviceToHost);
  printf("huge: %s %lld\n", cudaGetErrorString(e), rl);
  cudaFuncAttributes fa;
  cudaFuncGetAttributes(&fa, huge);
  printf("huge attrs: maxThreads %d\n", fa.maxThreadsPerBlock);
  return 0;
}
