// flags: -std=c++17 --expt-relaxed-constexpr
// std::numeric_limits and cuda::std::numeric_limits in device code, <cmath> overloads in the std
// namespace (sqrt(float), abs, fma, min/max, floor, hypot, isnan, signbit, remquo, frexp, ldexp)
// and constexpr host functions called from device code.
#include <cstdio>
#include <cmath>
#include <limits>
#include <algorithm>
#include <cuda/std/limits>
#include <cuda/std/cmath>
constexpr float poly(float x) { return 1.0f + x * (0.5f + x * 0.25f); }
constexpr int ipow(int b, int e) { return e == 0 ? 1 : b * ipow(b, e - 1); }
__global__ void k(double* o) {
  int n = 0;
  o[n++] = std::numeric_limits<float>::max();
  o[n++] = std::numeric_limits<float>::min();
  o[n++] = std::numeric_limits<float>::epsilon();
  o[n++] = std::numeric_limits<float>::lowest();
  o[n++] = std::numeric_limits<int>::max();
  o[n++] = std::numeric_limits<int>::min();
  o[n++] = std::numeric_limits<double>::denorm_min();
  o[n++] = std::numeric_limits<float>::infinity();
  o[n++] = std::numeric_limits<unsigned short>::max();
  o[n++] = std::numeric_limits<long long>::digits;
  o[n++] = cuda::std::numeric_limits<double>::epsilon();
  o[n++] = cuda::std::numeric_limits<unsigned>::max();
  o[n++] = cuda::std::numeric_limits<float>::digits10;
  o[n++] = cuda::std::numeric_limits<char>::is_signed;
  float x = 2.0f, y = -3.5f;
  o[n++] = std::sqrt(x);
  o[n++] = std::abs(y);
  o[n++] = std::abs(-7);
  o[n++] = std::abs(-7LL);
  o[n++] = std::fma(x, y, 1.25f);
  o[n++] = std::min(x, y);
  o[n++] = std::max(3, 9);
  o[n++] = std::floor(y);
  o[n++] = std::hypot(3.0f, 4.0f);
  o[n++] = std::isnan(std::sqrt(y));
  o[n++] = std::signbit(-0.0f);
  int q;
  o[n++] = std::remquo(10.5f, 3.0f, &q);
  o[n++] = q;
  int ex;
  o[n++] = std::frexp(48.0f, &ex);
  o[n++] = ex;
  o[n++] = std::ldexp(0.75, 10);
  o[n++] = std::pow(2.0f, 10);
  o[n++] = std::pow(2.0, 0.5);
  o[n++] = cuda::std::sqrt(2.0);
  o[n++] = poly(2.0f);
  o[n++] = ipow(3, 7);
  o[n++] = std::copysign(2.0f, -1.0f);
  o[n++] = std::fmax(1.0, std::numeric_limits<double>::quiet_NaN());
  o[n++] = std::trunc(-2.7);
  o[n++] = std::round(2.5f);
  o[n++] = std::lround(-2.5);
  o[n++] = std::exp2(5.0f);
  o[n++] = std::cbrt(27.0);
  o[n] = 12345;
}
int main() {
  double* d;
  cudaMalloc(&d, 64 * sizeof(double));
  k<<<1, 1>>>(d);
  double h[64];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 64 && h[i] != 12345; i++) printf("o[%d] = %.17g\n", i, h[i]);
  return 0;
}
