// flags: -std=c++20 --expt-relaxed-constexpr
// libcu++ vocabulary types in kernels: cuda::std::complex<float/double> (exp, log, pow, polar,
// abs, arg, operator/), cuda::std::chrono durations (duration_cast, ratio arithmetic, count),
// cuda::std::bit_cast (float <-> uint, double <-> uint64, struct <-> array), bit utilities
// (popcount, countl_zero, bit_width, rotl, has_single_bit, bit_ceil), cuda::std::span (subspan,
// first/last, iteration), cuda::std::mdspan with layout_left over extents<int, 3, dynamic>,
// cuda::std::variant with visit, cuda::std::optional.
#include <cuda/std/complex>
#include <cuda/std/chrono>
#include <cuda/std/bit>
#include <cuda/std/span>
#include <cuda/std/mdspan>
#include <cuda/std/variant>
#include <cuda/std/optional>
#include <cuda/std/array>
#include <cstdio>

struct Pair { float a; unsigned b; };
struct Visitor {
  __device__ double operator()(int i) const { return i * 2; }
  __device__ double operator()(float f) const { return f + 0.5; }
  __device__ double operator()(Pair p) const { return p.a * p.b; }
};

__device__ cuda::std::optional<int> safe_div(int a, int b) { if (b == 0) return cuda::std::nullopt; return a / b; }

__global__ void k(double *out, unsigned long long *bits) {
  using cf = cuda::std::complex<float>; using cd = cuda::std::complex<double>;
  cd z(0.75, -1.25);
  cd w = cuda::std::exp(z) / (z + 2.0) + cuda::std::log(z) * cuda::std::pow(z, cd(0.5, 0.25)) + cuda::std::polar(2.0, 0.7);
  out[0] = w.real(); out[1] = w.imag(); out[2] = cuda::std::abs(w); out[3] = cuda::std::arg(w);
  cf zf(1.5f, 0.5f); cf wf = cuda::std::sqrt(zf) * cuda::std::sin(zf) - cuda::std::tanh(zf);
  out[4] = wf.real(); out[5] = wf.imag();
  using namespace cuda::std::chrono;
  auto d = milliseconds(1500) + seconds(2) + microseconds(250);
  out[6] = (double)duration_cast<microseconds>(d).count();
  out[7] = duration<double, cuda::std::ratio<60>>(d).count();
  out[8] = (double)duration_cast<minutes>(hours(3) + minutes(7)).count();
  bits[0] = cuda::std::bit_cast<unsigned>(-2.5f);
  bits[1] = cuda::std::bit_cast<unsigned long long>(1.0 / 3.0);
  Pair p{1.25f, 7u};
  auto arr = cuda::std::bit_cast<cuda::std::array<unsigned, 2>>(p);
  bits[2] = ((unsigned long long)arr[0] << 32) | arr[1];
  unsigned x = 0x00F0A000u;
  bits[3] = cuda::std::popcount(x) * 1000000ull + cuda::std::countl_zero(x) * 10000 + cuda::std::countr_zero(x) * 100 + cuda::std::bit_width(x);
  bits[4] = cuda::std::rotl(x, 12); bits[5] = cuda::std::bit_ceil(1000u) + cuda::std::bit_floor(1000u) * 10000ull + cuda::std::has_single_bit(1024u);
  int data[12]; for (int i = 0; i < 12; ++i) data[i] = i * i;
  cuda::std::span<int> s(data);
  auto sub = s.subspan(3, 5); int acc = 0; for (int v : sub) acc += v;
  auto f = s.first<4>(); auto l = s.last(3);
  out[9] = acc * 1000 + f[3] + l[0] + (double)sub.size() / 10;
  cuda::std::mdspan<int, cuda::std::extents<int, 3, cuda::std::dynamic_extent>, cuda::std::layout_left> m(data, 4);
  out[10] = m(1, 2) * 100 + m(2, 3) + (double)m.mapping().stride(1) / 10 + m.extent(1) * 1000;
  cuda::std::variant<int, float, Pair> v[3] = {7, 2.25f, Pair{0.5f, 9}};
  double vs = 0; for (auto &e : v) vs += cuda::std::visit(Visitor{}, e) * (e.index() + 1);
  out[11] = vs + cuda::std::holds_alternative<float>(v[1]) * 1000;
  auto q = safe_div(17, 3), r = safe_div(1, 0);
  out[12] = q.value_or(-1) * 100 + r.value_or(-1) + (r.has_value() ? 1000 : 0);
}

int main() {
  double *o; unsigned long long *b; cudaMallocManaged(&o, 13 * 8); cudaMallocManaged(&b, 6 * 8);
  k<<<1, 1>>>(o, b);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  printf("complex<double>: %.15g %.15g abs %.15g arg %.15g\n", o[0], o[1], o[2], o[3]);
  printf("complex<float>: %.8g %.8g\n", o[4], o[5]);
  printf("chrono: %.0f us, %.10f min, %.0f min\n", o[6], o[7], o[8]);
  printf("bit_cast: %08llx %016llx %016llx\n", b[0], b[1], b[2]);
  printf("bits: %llu %08llx %llu\n", b[3], b[4], b[5]);
  printf("span %.1f mdspan %.1f variant %.2f optional %.0f\n", o[9], o[10], o[11], o[12]);
  return 0;
}
