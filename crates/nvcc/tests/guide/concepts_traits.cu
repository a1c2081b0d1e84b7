// nvcc-flags: -std=c++20
// C++20 constraints on device code (nvcc accepts them): a kernel template and a __device__
// function constrained by concepts whose definitions call std::declval in unevaluated operands
// (std::convertible_to, std::is_invocable_v, a requires-expression with a return-type
// requirement), with std::invoke_result_t naming a functor's result type in device code.
#include "guide.h"
#include <concepts>
#include <type_traits>

template <typename T>
concept Weighted = requires(T t) {
  { t.weight() } -> std::convertible_to<int>;
};
struct Item {
  int w;
  __host__ __device__ int weight() const { return w * 2; }
};
struct Twice {
  __host__ __device__ long long operator()(int x) const { return 2LL * x; }
};

template <typename T>
  requires std::convertible_to<T, int>
__device__ int as_int(T x) { return static_cast<int>(x); }

template <typename F>
  requires std::is_invocable_v<F, int>
__device__ std::invoke_result_t<F, int> call(F f, int x) { return f(x); }

template <Weighted T>
__global__ void total(const T* items, int n, long long* out) {
  long long s = 0;
  for (int i = 0; i < n; i++) s += items[i].weight() + as_int(1.75) + call(Twice{}, i);
  *out = s;
}

int main() {
  Item* items;
  long long* out;
  CK(cudaMallocManaged(&items, 4 * sizeof(Item)));
  CK(cudaMallocManaged(&out, sizeof(long long)));
  for (int i = 0; i < 4; i++) items[i].w = 10 * i;
  total<<<1, 1>>>(items, 4, out);
  CK(cudaDeviceSynchronize());
  // weights 0+20+40+60, as_int(1.75) = 1 four times, 2*i summed = 12
  check(*out == 120 + 4 + 12, "concept-constrained kernel template (std::convertible_to, std::is_invocable_v)");
  return finish();
}
