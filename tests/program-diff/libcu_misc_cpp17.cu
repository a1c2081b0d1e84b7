// flags: -std=c++17 --expt-relaxed-constexpr
// More libcu++ in kernels: cuda::std::tuple (structured bindings, tuple_cat, apply, get by
// type), cuda::std::pair comparisons, cuda::std::numeric_limits of float/double/half-free ints,
// cuda::std::ratio arithmetic, <cuda/std/cmath> (fma, hypot, copysign, isnan, nextafter, frexp,
// remquo), cuda::std::byte, cuda::ceil_div and cuda::round_up / round_down,
// cuda::std::expected (value, error, and_then-free checks), cuda::std::array with
// cuda::std::sort-free min/max, cuda::std::clamp, cuda::std::gcd/lcm, cuda::std::midpoint.
#include <cuda/std/tuple>
#include <cuda/std/utility>
#include <cuda/std/limits>
#include <cuda/std/ratio>
#include <cuda/std/cmath>
#include <cuda/std/cstddef>
#include <cuda/std/array>
#include <cuda/std/__algorithm/max_element.h>
#include <cuda/std/__algorithm/min_element.h>
#include <cuda/std/__algorithm/clamp.h>
#include <cuda/std/__algorithm/count.h>
#include <cuda/std/numeric>
#include <cuda/std/expected>
#include <cuda/cmath>
#include <cstdio>

__device__ cuda::std::expected<int, int> parse(int x) { if (x < 0) return cuda::std::unexpected(-x); return x * 10; }

__global__ void k(double *o, long long *l) {
  auto t = cuda::std::make_tuple(3, 2.5, 'z');
  auto [a, b, c] = t;
  auto u = cuda::std::tuple_cat(t, cuda::std::make_tuple(7LL));
  o[0] = a + b + c + cuda::std::get<3>(u) + cuda::std::get<double>(t) + cuda::std::tuple_size<decltype(u)>::value;
  o[1] = cuda::std::apply([](int x, double y, char z) { return x * y - z; }, t);
  cuda::std::pair<int, int> p1(1, 5), p2(1, 7);
  l[0] = (p1 < p2) * 100 + (p1 == p2) * 10 + (cuda::std::make_pair(2, 0) > p2);
  l[1] = cuda::std::numeric_limits<int>::max() + (long long)cuda::std::numeric_limits<short>::min();
  o[2] = cuda::std::numeric_limits<float>::epsilon(); o[3] = cuda::std::numeric_limits<double>::denorm_min();
  o[4] = cuda::std::numeric_limits<float>::lowest(); l[2] = cuda::std::numeric_limits<unsigned long long>::digits * 1000 + cuda::std::numeric_limits<double>::max_exponent10;
  using R = cuda::std::ratio_add<cuda::std::ratio<1, 6>, cuda::std::ratio<3, 10>>;
  l[3] = R::num * 1000 + R::den;
  o[5] = cuda::std::fma(1.0 + 1e-15, 1.0 - 1e-15, -1.0); o[6] = cuda::std::hypot(3.0f, 4.0f) + cuda::std::copysign(2.0, -0.0);
  o[7] = cuda::std::isnan(cuda::std::sqrt(-1.0)) + cuda::std::nextafter(1.0f, 2.0f);
  int e; double m = cuda::std::frexp(48.0, &e); int q; double r = cuda::std::remquo(10.5, 3.0, &q);
  o[8] = m * 1000 + e + r * 10000 + q * 100000;
  cuda::std::byte by{0x5a}; by <<= 1; by |= cuda::std::byte{1};
  l[4] = cuda::std::to_integer<int>(by);
  l[5] = cuda::ceil_div(1000, 64) * 1000000LL + cuda::round_up(1000, 64) * 1000 + cuda::round_down(1000, 64);
  auto e1 = parse(4), e2 = parse(-3);
  l[6] = e1.value() * 1000 + e2.error() * 10 + e1.has_value() + (bool)e2 * 5;
  cuda::std::array<int, 6> arr{5, -2, 9, 0, 9, 3};
  l[7] = *cuda::std::max_element(arr.begin(), arr.end()) * 1000 + (cuda::std::min_element(arr.begin(), arr.end()) - arr.begin()) * 100 + cuda::std::clamp(15, 0, 10);
  l[8] = cuda::std::gcd(84, 36) * 10000 + cuda::std::lcm(4, 6) * 100 + cuda::std::midpoint(-3, 8);
  l[9] = cuda::std::accumulate(arr.begin(), arr.end(), 0) * 100 + cuda::std::count(arr.begin(), arr.end(), 9);
}

int main() {
  double *o; long long *l; cudaMallocManaged(&o, 16 * 8); cudaMallocManaged(&l, 16 * 8);
  k<<<1, 1>>>(o, l);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  for (int i = 0; i < 9; ++i) printf("o[%d] = %.17g\n", i, o[i]);
  for (int i = 0; i < 10; ++i) printf("l[%d] = %lld\n", i, l[i]);
  return 0;
}
