// flags: -std=c++17 --expt-relaxed-constexpr
// libcu++ vocabulary in kernels, the parts earlier programs leave out: cuda::std::optional
// returned from a device parser (has_value, value_or, operator->, comparison with nullopt),
// cuda::std::variant of int/float/a struct with visit through a generic lambda and
// get_if, cuda::std::tuple of five with tie and tuple_size, cuda::std::array of arrays with
// fill/swap/comparisons, cuda::std::chrono::duration arithmetic with duration_cast across
// ratios (floor of negatives), cuda::std::bit_cast of double and of a struct, cuda::std::complex
// of float and double (operators, abs, arg, norm, exp, log, sqrt, pow), cuda::std::span over
// shared memory with subspan/first/last, cuda::std::min/max/clamp and cuda::std::swap.
#include <cstdio>
#include <cuda/std/optional>
#include <cuda/std/variant>
#include <cuda/std/tuple>
#include <cuda/std/array>
#include <cuda/std/chrono>
#include <cuda/std/bit>
#include <cuda/std/complex>
#include <cuda/std/span>

#include <cuda/std/utility>
#include <cuda/std/__algorithm/min.h>
#include <cuda/std/__algorithm/max.h>
#include <cuda/std/__algorithm/clamp.h>
#include <cuda/std/cstdint>

struct Pt { short x, y; };
using V = cuda::std::variant<int, float, Pt>;

__device__ cuda::std::optional<int> parseDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  return cuda::std::nullopt;
}

struct Visitor {
  __device__ float operator()(int i) const { return i * 2.0f; }
  __device__ float operator()(float f) const { return f + 0.5f; }
  __device__ float operator()(Pt p) const { return p.x * 100.0f + p.y; }
};

__global__ void k(const char* text, float* out, long long* lout) {
  __shared__ int sh[32];
  int t = threadIdx.x;
  sh[t] = t * t;
  __syncthreads();
  auto d = parseDigit(text[t]);
  out[t * 8 + 0] = d.has_value() ? *d : -1;
  out[t * 8 + 1] = d.value_or(42) + (d == cuda::std::nullopt ? 1000 : 0);
  V v;
  if (t % 3 == 0) v = t; else if (t % 3 == 1) v = 0.25f * t; else v = Pt{(short)t, (short)-t};
  out[t * 8 + 2] = cuda::std::visit(Visitor{}, v) + (float)v.index() * 0.125f;
  out[t * 8 + 3] = cuda::std::get_if<float>(&v) ? *cuda::std::get_if<float>(&v) : -3.0f;
  cuda::std::tuple<int, float, double, char, unsigned long long> tp(t, t * 0.5f, t * 0.25, 'a' + t % 26, 1ull << t);
  int ti; float tf; double td; char tc; unsigned long long tu;
  cuda::std::tie(ti, tf, td, tc, tu) = tp;
  out[t * 8 + 4] = ti + tf + td + tc + (float)(tu >> 20) + cuda::std::tuple_size<decltype(tp)>::value;
  cuda::std::array<cuda::std::array<int, 3>, 2> aa{};
  aa[0].fill(t); aa[1] = {1, 2, t % 4};
  aa[0].swap(aa[1]);
  out[t * 8 + 5] = (aa[0] < aa[1]) * 10 + (aa[0] == aa[1]) + aa[0][2] * 100;
  cuda::std::span<int> s(sh, 32);
  auto mid = s.subspan(4, 8);
  out[t * 8 + 6] = mid[t % 8] + s.first(3)[2] + s.last(2)[0] + (int)mid.size();
  int lo = cuda::std::min(t, 7), hi = cuda::std::max(t, 20);
  cuda::std::swap(lo, hi);
  out[t * 8 + 7] = cuda::std::clamp(t * 3, 10, 50) + lo - hi;

  using namespace cuda::std::chrono;
  auto ms = milliseconds(-1500 + 97 * t);
  lout[t * 6 + 0] = duration_cast<seconds>(ms).count();
  lout[t * 6 + 1] = floor<seconds>(ms).count();
  lout[t * 6 + 2] = (ms + microseconds(2500)).count();
  lout[t * 6 + 3] = duration_cast<minutes>(hours(t) + seconds(-59 * t)).count();
  double dv = 1.0 / (t + 1) - 0.5;
  lout[t * 6 + 4] = (long long)cuda::std::bit_cast<cuda::std::uint64_t>(dv);
  Pt p{(short)(t * 1000), (short)-t};
  lout[t * 6 + 5] = cuda::std::bit_cast<cuda::std::uint32_t>(p);
}

template <class T>
__global__ void cx(T* out) {
  int t = threadIdx.x;
  cuda::std::complex<T> z(T(0.5) * t - T(2), T(0.25) * (t % 5) - T(0.5)), w(T(1.5), T(-0.75));
  cuda::std::complex<T> r[8] = {z * w - z / w, cuda::std::complex<T>(cuda::std::abs(z), cuda::std::arg(z)), cuda::std::complex<T>(cuda::std::norm(z), 0),
                                 cuda::std::exp(z * T(0.3)), cuda::std::log(z + T(3)), cuda::std::sqrt(z), cuda::std::pow(w, z * T(0.2)), cuda::std::conj(z) * T(2)};
  for (int i = 0; i < 8; i++) { out[t * 16 + 2 * i] = r[i].real(); out[t * 16 + 2 * i + 1] = r[i].imag(); }
}

int main() {
  const char* msg = "a1b2c3d4e5f6g7h8i9j0 !?xyz789012";
  char* dtext; float* dout; long long* dl;
  cudaMalloc(&dtext, 33); cudaMalloc(&dout, 32 * 8 * 4); cudaMalloc(&dl, 32 * 6 * 8);
  cudaMemcpy(dtext, msg, 33, cudaMemcpyHostToDevice);
  k<<<1, 32>>>(dtext, dout, dl);
  float h[256]; long long hl[192];
  cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
  printf("err=%s\n", cudaGetErrorString(cudaGetLastError()));
  for (int t = 0; t < 32; t += 3) {
    printf("t=%2d:", t);
    for (int i = 0; i < 8; i++) printf(" %g", h[t * 8 + i]);
    printf(" |");
    for (int i = 0; i < 6; i++) printf(" %lld", i == 4 ? hl[t * 6 + i] >> 32 : hl[t * 6 + i]);
    printf("\n");
  }
  float* cf; double* cd;
  cudaMalloc(&cf, 10 * 16 * 4); cudaMalloc(&cd, 10 * 16 * 8);
  cx<float><<<1, 10>>>(cf); cx<double><<<1, 10>>>(cd);
  float hf[160]; double hd[160];
  cudaMemcpy(hf, cf, sizeof hf, cudaMemcpyDeviceToHost); cudaMemcpy(hd, cd, sizeof hd, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 10; t += 4) {
    printf("complex<float> t=%d:", t);
    for (int i = 0; i < 16; i++) printf(" %.7g", hf[t * 16 + i]);
    printf("\ncomplex<double> t=%d:", t);
    for (int i = 0; i < 16; i++) printf(" %.16g", hd[t * 16 + i]);
    printf("\n");
  }
  return 0;
}
