// flags: -std=c++17
// libcu++ in device code: cuda::std::array, tuple, pair, optional, variant with visit, complex,
// span, bit operations, numeric_limits, and atomic_ref.
#include <cstdio>
#include <cuda/std/array>
#include <cuda/std/tuple>
#include <cuda/std/utility>
#include <cuda/std/optional>
#include <cuda/std/variant>
#include <cuda/std/complex>
#include <cuda/std/span>
#include <cuda/std/bit>
#include <cuda/std/limits>
#include <cuda/std/functional>
#include <cuda/atomic>
__device__ cuda::std::optional<int> find_first(cuda::std::span<const int> s, int v) {
  for (size_t i = 0; i < s.size(); i++) if (s[i] == v) return (int)i;
  return cuda::std::nullopt;
}
struct Vis {
  __device__ double operator()(int i) const { return i * 2.0; }
  __device__ double operator()(float f) const { return f + 0.5; }
  __device__ double operator()(double d) const { return -d; }
};
__global__ void k(double* o, int* counter) {
  int t = threadIdx.x;
  cuda::std::array<int, 5> a{4, 8, 15, 16, 23};
  auto tp = cuda::std::make_tuple(t, 1.25, 'c');
  auto [i, d, c] = tp;
  cuda::std::pair<int, float> p{3, 0.5f};
  auto f1 = find_first(cuda::std::span<const int>(a.data(), a.size()), 15);
  auto f2 = find_first(cuda::std::span<const int>(a.data(), a.size()), 99);
  cuda::std::variant<int, float, double> v;
  if (t % 3 == 0) v = 7; else if (t % 3 == 1) v = 2.0f; else v = 9.0;
  cuda::std::complex<double> z(1.0 + t, -2.0);
  auto z2 = z * z + cuda::std::complex<double>(0, 1);
  cuda::atomic_ref<int, cuda::thread_scope_device> r(*counter);
  r.fetch_add(t + 1, cuda::std::memory_order_relaxed);
  cuda::std::plus<int> plus;
  double* out = o + t * 12;
  int n = 0;
  out[n++] = a[2] + a.size();
  out[n++] = i + d + c;
  out[n++] = cuda::std::get<1>(tp) * p.first + p.second;
  out[n++] = f1.value_or(-1);
  out[n++] = f2.value_or(-1);
  out[n++] = cuda::std::visit(Vis{}, v);
  out[n++] = z2.real();
  out[n++] = z2.imag();
  out[n++] = cuda::std::abs(z);
  out[n++] = cuda::std::popcount(unsigned(t * 37)) + cuda::std::bit_width(unsigned(t + 100));
  out[n++] = cuda::std::numeric_limits<short>::min() + plus(t, 1);
  out[n++] = v.index();
}
int main() {
  double* d;
  int* c;
  cudaMalloc(&d, 4 * 12 * sizeof(double));
  cudaMalloc(&c, sizeof(int));
  cudaMemset(c, 0, sizeof(int));
  k<<<1, 4>>>(d, c);
  double h[48];
  int hc;
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&hc, c, sizeof hc, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 4; t++) {
    printf("t%d:", t);
    for (int j = 0; j < 12; j++) printf(" %.10g", h[t * 12 + j]);
    printf("\n");
  }
  printf("counter %d\n", hc);
  return 0;
}
