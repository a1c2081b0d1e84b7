// Modern C++ in device code: libcu++ (array, tuple, complex, limits, bit, atomic_ref/atomic with scopes), fold expressions, if constexpr, structured bindings, __int128, cuComplex.
#include "common.h"
#include <cuda/std/array>
#include <cuda/std/complex>
#include <cuda/std/tuple>
#include <cuda/std/limits>
#include <cuda/std/atomic>
#include <cuda/std/bit>
#include <cuda/std/cmath>
#include <cuda/atomic>
#include <cuComplex.h>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
template <typename... Ts> __device__ auto sum(Ts... xs) { return (xs + ... + 0); }
struct V3 { float x, y, z; __device__ V3 operator+(V3 o) const { return {x + o.x, y + o.y, z + o.z}; } };
template <int N> __device__ constexpr int fact() { if constexpr (N <= 1) return 1; else return N * fact<N - 1>(); }
__device__ cuda::std::tuple<int, float> pair_of(int i) { return {i * 2, i * 0.5f}; }
__global__ void k(int* io, float* fo, unsigned long long* uo) {
  int t = threadIdx.x;
  cuda::std::array<int, 4> a{t, t + 1, t + 2, t + 3};
  int s = 0; for (auto v : a) s += v;
  auto [x, y] = pair_of(t);
  io[t * 8 + 0] = s; io[t * 8 + 1] = x; io[t * 8 + 2] = sum(t, 2, 3, 4); io[t * 8 + 3] = fact<6>();
  io[t * 8 + 4] = cuda::std::numeric_limits<int>::max() - t; io[t * 8 + 5] = cuda::std::popcount((unsigned)t * 2654435761u);
  io[t * 8 + 6] = cuda::std::bit_width((unsigned)t + 1); io[t * 8 + 7] = cuda::std::countr_zero((unsigned)t | 256u);
  cuda::std::complex<float> c(t * 0.5f, 1.0f); c = c * c + cuda::std::complex<float>(1, -1);
  cuComplex cc = make_cuComplex(t * 0.5f, 1.0f); cc = cuCaddf(cuCmulf(cc, cc), make_cuComplex(1, -1));
  V3 v = V3{1, 2, 3} + V3{y, y, y};
  fo[t * 6 + 0] = c.real(); fo[t * 6 + 1] = c.imag(); fo[t * 6 + 2] = cuCrealf(cc); fo[t * 6 + 3] = cuCabsf(cc); fo[t * 6 + 4] = v.z; fo[t * 6 + 5] = cuda::std::abs(c);
  unsigned __int128 big = (unsigned __int128)(t + 1) * 0xFFFFFFFFFFFFFFFFull;
  big = big * 3 + 7;
  uo[t * 2] = (unsigned long long)(big >> 64); uo[t * 2 + 1] = (unsigned long long)big;
}
__global__ void atomics(int* counter, int* flags) {
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*counter);
  r.fetch_add(1, cuda::std::memory_order_relaxed);
  cuda::std::atomic_ref<int> f(flags[blockIdx.x]);
  f.fetch_or(1 << (threadIdx.x % 31));
  __shared__ cuda::atomic<int, cuda::thread_scope_block> sa;
  if (threadIdx.x == 0) sa.store(0);
  __syncthreads();
  sa.fetch_add(2);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(counter + 1, sa.load());
}
int main() {
  int* io; float* fo; unsigned long long* uo; CK(cudaMallocManaged(&io, 64 * 32)); CK(cudaMallocManaged(&fo, 64 * 24)); CK(cudaMallocManaged(&uo, 64 * 16));
  k<<<1, 64>>>(io, fo, uo); CK(cudaDeviceSynchronize());
  for (int t = 0; t < 64; t++) {
    EXPECT(io[t * 8] == 4 * t + 6); EXPECT(io[t * 8 + 1] == 2 * t); EXPECT(io[t * 8 + 2] == t + 9); EXPECT(io[t * 8 + 3] == 720);
    EXPECT(io[t * 8 + 4] == 2147483647 - t); EXPECT(io[t * 8 + 5] == __builtin_popcount((unsigned)t * 2654435761u));
    int bw = 0; for (unsigned v = t + 1; v; v >>= 1) bw++; EXPECT(io[t * 8 + 6] == bw); EXPECT(io[t * 8 + 7] == __builtin_ctz((unsigned)t | 256u));
    float re = t * 0.5f, im = 1.0f; float cr = re * re - im * im + 1, ci = 2 * re * im - 1;
    EXPECT(fabsf(fo[t * 6] - cr) < 1e-5f && fabsf(fo[t * 6 + 1] - ci) < 1e-5f && fabsf(fo[t * 6 + 2] - cr) < 1e-5f);
    { float m = sqrtf(cr * cr + ci * ci); if (!(fabsf(fo[t * 6 + 3] - m) <= 1e-5f * m && fabsf(fo[t * 6 + 5] - m) <= 1e-5f * m)) { printf("t=%d %.9g %.9g %.9g\n", t, fo[t*6+3], fo[t*6+5], m); return 1; } }
    EXPECT(fo[t * 6 + 4] == 3 + t * 0.5f);
    unsigned __int128 big = (unsigned __int128)(t + 1) * 0xFFFFFFFFFFFFFFFFull * 3 + 7;
    EXPECT(uo[t * 2] == (unsigned long long)(big >> 64) && uo[t * 2 + 1] == (unsigned long long)big);
  }
  int *cnt, *flags; CK(cudaMallocManaged(&cnt, 8)); CK(cudaMallocManaged(&flags, 16)); cnt[0] = cnt[1] = 0; for (int i = 0; i < 4; i++) flags[i] = 0;
  atomics<<<4, 96>>>(cnt, flags); CK(cudaDeviceSynchronize());
  EXPECT(cnt[0] == 384); EXPECT(cnt[1] == 4 * 192); for (int i = 0; i < 4; i++) EXPECT(flags[i] == 0x7fffffff);
  printf("PASS\n");
}
