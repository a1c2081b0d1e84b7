// flags: -std=c++20 --expt-relaxed-constexpr
// libcu++ C++20 pieces in kernels: cuda::std::mdspan with layout_stride and a 3-D extents type
// (dextents), submdspan-free slicing by hand, mapping().required_span_size and is_exhaustive,
// cuda::std::span of const with as_bytes, concepts (cuda::std::integral, floating_point) in a
// constrained template, cuda::std::bit_cast of a struct to an array of bytes, cuda::std::endian,
// <cuda/std/ranges>-free iota via cuda::std::iota, cuda::std::tuple comparisons,
// consteval-free constexpr tables, cuda::std::numbers::pi_v.
#include <cuda/std/mdspan>
#include <cuda/std/span>
#include <cuda/std/concepts>
#include <cuda/std/bit>
#include <cuda/std/numeric>
#include <cuda/std/tuple>
#include <cuda/std/array>
#include <cuda/std/numbers>
#include <cstdio>

template <cuda::std::integral T> __device__ long long twice(T x) { return 2LL * x; }
template <cuda::std::floating_point T> __device__ long long twice(T x) { return (long long)(x * 3); }

constexpr cuda::std::array<int, 8> table() { cuda::std::array<int, 8> a{}; for (int i = 0; i < 8; ++i) a[i] = i * i * i; return a; }
__constant__ cuda::std::array<int, 8> cubes = table();

__global__ void k(long long *o, double *d) {
  __shared__ int buf[4 * 5 * 6];
  for (int i = threadIdx.x; i < 120; i += blockDim.x) buf[i] = i * 3 % 121;
  __syncthreads();
  if (threadIdx.x != 0) return;
  using E3 = cuda::std::dextents<int, 3>;
  cuda::std::mdspan<int, E3> m(buf, 4, 5, 6);
  long long s = 0; for (int i = 0; i < 4; ++i) for (int j = 0; j < 5; ++j) s += m(i, j, (i + j) % 6) * (i + 1);
  o[0] = s;
  cuda::std::layout_stride::mapping<cuda::std::extents<int, 3, 4>> map(cuda::std::extents<int, 3, 4>{}, cuda::std::array<int, 2>{1, 7});
  cuda::std::mdspan<int, cuda::std::extents<int, 3, 4>, cuda::std::layout_stride> ms(buf, map);
  o[1] = ms(2, 3) * 1000 + map.required_span_size() * 10 + map.is_exhaustive();
  cuda::std::mdspan<int, E3, cuda::std::layout_left> ml(buf, 4, 5, 6);
  o[2] = ml(1, 2, 3) * 100000 + ml.mapping().stride(2) * 100 + ml.mapping().is_exhaustive();
  cuda::std::span<const int> cs(buf, 10);
  auto bytes = cuda::std::as_bytes(cs);
  o[3] = (long long)bytes.size() * 1000 + (int)bytes[4] + (int)bytes[8];
  o[4] = twice(21) + twice(2.5f) * 1000 + twice('a') * 1000000;
  struct S { unsigned short a; unsigned char b, c; };
  auto arr = cuda::std::bit_cast<cuda::std::array<unsigned char, 4>>(S{0x1234, 0x56, 0x78});
  o[5] = arr[0] | arr[1] << 8 | arr[2] << 16 | (long long)arr[3] << 24;
  o[6] = cuda::std::endian::native == cuda::std::endian::little;
  int seq[10]; cuda::std::iota(seq, seq + 10, -4);
  o[7] = cuda::std::accumulate(seq, seq + 10, 0) * 100 + cuda::std::inner_product(seq, seq + 10, seq, 0);
  auto t1 = cuda::std::make_tuple(1, 2.0, 3), t2 = cuda::std::make_tuple(1, 2.0, 4);
  o[8] = (t1 < t2) * 10 + (t1 == t2) + (t2 > t1) * 100;
  o[9] = cubes[5] + cubes[7] * 1000;
  d[0] = cuda::std::numbers::pi_v<double> * cuda::std::numbers::e; d[1] = cuda::std::numbers::sqrt2_v<float>;
}

int main() {
  long long *o; double *d; cudaMallocManaged(&o, 10 * 8); cudaMallocManaged(&d, 16);
  k<<<1, 64>>>(o, d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 10; ++i) printf("o[%d] = %lld\n", i, o[i]);
  printf("%.17g %.9g\n", d[0], d[1]);
  return 0;
}
