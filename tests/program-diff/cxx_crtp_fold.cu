// flags: -std=c++17 -lineinfo -O3
// CRTP, variadic templates with fold expressions, if constexpr, template template parameters,
// SFINAE with enable_if and void_t, structured bindings, generic lambdas in device code.
#include <cstdio>
#include <type_traits>
#include <utility>
template <class D> struct Shape {
  __device__ float area() const { return static_cast<const D*>(this)->area_impl(); }
  __device__ float twice() const { return 2.0f * area(); }
};
struct Sq : Shape<Sq> { float s; __device__ float area_impl() const { return s * s; } };
struct Tri : Shape<Tri> { float b, h; __device__ float area_impl() const { return 0.5f * b * h; } };
template <class... T> __device__ auto sum(T... t) { return (t + ... + 0); }
template <class... T> __device__ auto prod_left(T... t) { return (... * t); }
template <class... T> __device__ bool all_pos(T... t) { return ((t > 0) && ...); }
template <class... T> __device__ int count_args(T...) { return sizeof...(T); }
template <class T> __device__ int kind(T x) {
  if constexpr (std::is_floating_point_v<T>) return 1;
  else if constexpr (std::is_signed_v<T>) return 2;
  else return 3;
}
template <class T, int N> struct Arr { T v[N]; __device__ T& operator[](int i) { return v[i]; } static constexpr int n = N; };
template <template <class, int> class C, class T> __device__ T fill_sum(T base) {
  C<T, 5> c;
  for (int i = 0; i < C<T, 5>::n; i++) c[i] = base + i;
  T s = 0;
  for (int i = 0; i < 5; i++) s += c[i];
  return s;
}
template <class T, class = void> struct has_scale : std::false_type {};
template <class T> struct has_scale<T, std::void_t<decltype(std::declval<T>().scale)>> : std::true_type {};
struct WithScale { float scale = 3.0f; };
struct NoScale { int x = 1; };
template <class T> __device__ std::enable_if_t<has_scale<T>::value, float> get_scale(const T& t) { return t.scale; }
template <class T> __device__ std::enable_if_t<!has_scale<T>::value, float> get_scale(const T&) { return -1.0f; }
struct Pair { int a; float b; };
__device__ Pair make_pair_(int i) { return {i * 3, i * 0.5f}; }
__global__ void k(float* out) {
  int t = threadIdx.x;
  Sq s; s.s = t + 1.0f;
  Tri tr; tr.b = t; tr.h = 3.0f;
  out[t * 8 + 0] = s.twice() + tr.area();
  out[t * 8 + 1] = sum(t, 2, 3.5f, (short)4);
  out[t * 8 + 2] = prod_left(t + 1, 2.0, 3u);
  out[t * 8 + 3] = all_pos(t, 1, 2) * 10 + count_args(1, 'a', 2.0, t);
  out[t * 8 + 4] = kind(1.0f) * 100 + kind(-1) * 10 + kind(1u);
  out[t * 8 + 5] = fill_sum<Arr>(t) + fill_sum<Arr, float>(0.5f);
  out[t * 8 + 6] = get_scale(WithScale{}) * 10 + get_scale(NoScale{});
  auto [a, b] = make_pair_(t);
  auto gl = [](auto x, auto y) { return x * y + 1; };
  out[t * 8 + 7] = gl(a, b) + gl(t, 2);
}
int main() {
  float* d;
  cudaMalloc(&d, 4 * 8 * sizeof(float));
  k<<<1, 4>>>(d);
  float h[32];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 4; t++) {
    printf("t%d:", t);
    for (int j = 0; j < 8; j++) printf(" %g", h[t * 8 + j]);
    printf("\n");
  }
  return 0;
}
