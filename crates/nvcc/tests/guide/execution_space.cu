// Function execution space specifiers: __host__ __device__ functions compiled for both sides,
// __CUDA_ARCH__ selecting code per side, __noinline__ / __forceinline__, constexpr host functions
// called from device code (--expt-relaxed-constexpr), and a __global__ template launched by value.
// nvcc-flags: --expt-relaxed-constexpr
#include "guide.h"
__host__ __device__ int side() {
#ifdef __CUDA_ARCH__
  return __CUDA_ARCH__;
#else
  return -1;
#endif
}
__host__ __device__ __forceinline__ int mix(int a, int b) { return a * 31 + (b ^ (a >> 3)); }
__device__ __noinline__ int slow_mix(int a, int b) { return mix(a, b) + 1; }
constexpr int cube(int x) { return x * x * x; }  // host constexpr, used on the device
constexpr int table_entry(int i) { return cube(i) - 2 * i; }
template <int N> struct Fact { static constexpr long long value = N * Fact<N - 1>::value; };
template <> struct Fact<0> { static constexpr long long value = 1; };
__global__ void kernel(int* out, long long* f) {
  int i = threadIdx.x;
  out[i * 4 + 0] = side();
  out[i * 4 + 1] = mix(i, i + 7);
  out[i * 4 + 2] = slow_mix(i, 3);
  out[i * 4 + 3] = table_entry(i);
  if (i == 0) { f[0] = Fact<20>::value; f[1] = cube(1290); }
}
int main() {
  int* d; long long* df;
  CK(cudaMalloc(&d, 64 * 4 * sizeof(int))); CK(cudaMalloc(&df, 2 * sizeof(long long)));
  kernel<<<1, 64>>>(d, df);
  int h[256]; long long hf[2];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost));
  bool arch = true, both = true;
  for (int i = 0; i < 64; i++) {
    arch &= h[i * 4] >= 500 && h[i * 4] % 10 == 0;
    both &= h[i * 4 + 1] == mix(i, i + 7) && h[i * 4 + 2] == mix(i, 3) + 1 && h[i * 4 + 3] == table_entry(i);
  }
  check(arch && side() == -1, "__CUDA_ARCH__ defined (>= 500) on the device only");
  check(both, "__host__ __device__, __forceinline__, __noinline__ and constexpr functions agree with the host");
  check(hf[0] == 2432902008176640000LL && hf[1] == 1290LL * 1290 * 1290 % (1LL << 32) - (1290LL * 1290 * 1290 % (1LL << 32) >= (1LL << 31) ? (1LL << 32) : 0),
        "constexpr template recursion and int overflow wrap");
  return finish();
}
