// flags: -std=c++20 --expt-relaxed-constexpr
// C++20 in device code: concepts and requires-clauses on kernels and device functions, consteval
// tables, designated initializers, the spaceship operator, std::bit_cast, std::array/std::tuple/
// std::pair/std::span with structured bindings, constexpr std algorithms (std::reverse, std::iter_swap, std::swap,
// std::accumulate-like folds) run on the device through --expt-relaxed-constexpr.
#include <cstdio>
#include <concepts>
#include <compare>
#include <bit>
#include <array>
#include <tuple>
#include <span>
#include <algorithm>
#include <numeric>
template <class T> concept Arith = std::integral<T> || std::floating_point<T>;
template <class T> requires Arith<T> __device__ T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }
template <std::integral T> __device__ int kind(T) { return 1; }
template <std::floating_point T> __device__ int kind(T) { return 2; }
consteval int sq(int x) { return x * x; }
struct Ver {
  int major, minor;
  constexpr auto operator<=>(const Ver&) const = default;
};
struct Cfg { int a = 1; float b = 2.0f; char c = 'z'; };
template <Arith T> __global__ void kern(T* out, int n) {
  int i = threadIdx.x;
  if (i >= n) return;
  out[i] = clampv<T>(T(i) * T(3) - T(5), T(0), T(12));
}
__global__ void misc(long long* o) {
  int t = threadIdx.x;
  constexpr int s = sq(12);
  Ver a{1, 2}, b{1, 3};
  Cfg c{.a = t, .c = 'q'};
  std::array<int, 6> arr{5, 3, 9, 1, 7, t};
  std::reverse(arr.begin(), arr.end());
  std::iter_swap(arr.begin(), arr.begin() + 3);
  std::span<int> sp(arr.data() + 1, 4);
  int spsum = 0;
  for (int v : sp) spsum += v;
  auto [x, y, z] = std::tuple<int, double, char>{t, 2.5, 'a'};
  std::pair<int, int> pr{t, -t};
  std::swap(pr.first, pr.second);
  float f = 1.5f + t;
  unsigned bits = std::bit_cast<unsigned>(f);
  int n = 0;
  long long* r = o + t * 16;
  r[n++] = s;
  r[n++] = (a < b) + 2 * (a == b) + 4 * ((a <=> b) < 0);
  r[n++] = c.a * 100 + (int)c.b * 10 + c.c;
  for (int v : arr) r[n++] = v;
  r[n++] = spsum;
  r[n++] = x + (long long)(y * 10) + z;
  r[n++] = pr.first * 1000 + pr.second;
  r[n++] = bits;
  r[n++] = std::popcount(bits) + 100 * std::countl_zero(bits) + 10000 * std::has_single_bit(unsigned(t));
  r[n++] = kind(t) * 10 + kind(f);
  r[n++] = std::accumulate(arr.begin(), arr.end(), 0) + *std::max_element(arr.begin(), arr.end()) * 1000;
}
int main() {
  int* di;
  double* dd;
  long long* dl;
  cudaMalloc(&di, 8 * sizeof(int));
  cudaMalloc(&dd, 8 * sizeof(double));
  cudaMalloc(&dl, 2 * 16 * sizeof(long long));
  kern<<<1, 8>>>(di, 8);
  kern<<<1, 8>>>(dd, 8);
  misc<<<1, 2>>>(dl);
  int hi[8]; double hd[8]; long long hl[32];
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
  cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 8; i++) printf("%d %g\n", hi[i], hd[i]);
  for (int t = 0; t < 2; t++) {
    for (int j = 0; j < 16; j++) printf(" %lld", hl[t * 16 + j]);
    printf("\n");
  }
  return 0;
}
