// flags: -O3 -std=c++17 --expt-relaxed-constexpr
// Template metaprogramming in device code: SFINAE and tag dispatch, type lists, recursive
// templates computed at compile time, std::tuple / std::pair / std::array / std::integer_sequence
// in kernels (relaxed constexpr), template template parameters, partial specialization,
// variable templates, and a kernel template over a policy class.
#include <cstdio>
#include <cstdint>
#include <tuple>
#include <array>
#include <utility>
#include <type_traits>
#include <limits>

template <class T, class = void> struct has_weight : std::false_type {};
template <class T> struct has_weight<T, std::void_t<decltype(std::declval<T>().weight)>> : std::true_type {};
struct A { int weight = 3; };
struct B { float value = 2.5f; };
template <class T> __device__ std::enable_if_t<has_weight<T>::value, double> wt(const T &t) { return t.weight * 10.0; }
template <class T> __device__ std::enable_if_t<!has_weight<T>::value, double> wt(const T &) { return -1.0; }

struct fast_tag {}; struct exact_tag {};
template <class T> struct algo_tag { using type = exact_tag; };
template <> struct algo_tag<float> { using type = fast_tag; };
__device__ double rsq(double x, exact_tag) { return 1.0 / sqrt(x); }
__device__ float rsq(float x, fast_tag) { return rsqrtf(x); }
template <class T> __device__ T rsq(T x) { return rsq(x, typename algo_tag<T>::type{}); }

template <unsigned N> struct Fib { static constexpr unsigned long long value = Fib<N - 1>::value + Fib<N - 2>::value; };
template <> struct Fib<0> { static constexpr unsigned long long value = 0; };
template <> struct Fib<1> { static constexpr unsigned long long value = 1; };
template <class T> constexpr T pi_v = T(3.1415926535897932385L);
template <int... Ns> struct IntList { static constexpr int sum = (Ns + ... + 0); static constexpr int size = sizeof...(Ns); };

template <template <class, std::size_t> class C, class T> __device__ T sum_container() { C<T, 8> c{}; for (std::size_t i = 0; i < 8; i++) c[i] = T(i) * T(1.5); T s{}; for (auto v : c) s += v; return s; }

template <class Tuple, std::size_t... I> __device__ double tuple_sum(const Tuple &t, std::index_sequence<I...>) { return (0.0 + ... + (double)std::get<I>(t)); }

struct SaturatingPolicy { template <class T> __device__ static T combine(T a, T b) { T m = std::numeric_limits<T>::max(); return a > m - b ? m : a + b; } };
struct WrappingPolicy { template <class T> __device__ static T combine(T a, T b) { return (T)(a + b); } };
template <class Policy, class T> __global__ void accumulate(const T *in, T *out, int n) {
    T acc = 0; for (int i = 0; i < n; i++) acc = Policy::combine(acc, in[i]);
    *out = acc;
}

__global__ void meta(double *out) {
    int t = threadIdx.x;
    out[0] = wt(A{}) + wt(B{});
    out[1] = rsq(4.0 + t) ;
    out[2] = rsq(16.0f);
    out[3] = (double)Fib<80>::value;
    out[4] = pi_v<float>;
    out[5] = pi_v<double>;
    out[6] = IntList<1, 2, 3, 4, 5, 100>::sum * 10 + IntList<1, 2, 3, 4, 5, 100>::size;
    out[7] = sum_container<std::array, double>();
    auto tup = std::make_tuple(1, 2.5f, 3.25, (char)4, 5LL);
    out[8] = tuple_sum(tup, std::make_index_sequence<std::tuple_size_v<decltype(tup)>>{});
    auto [p, q] = std::make_pair(7, 0.5);
    out[9] = p * q;
    std::array<int, 5> arr{9, 3, 7, 1, 5};
    for (int i = 0; i < 5; i++) for (int j = 0; j + 1 < 5 - i; j++) if (arr[j] > arr[j + 1]) { int t2 = arr[j]; arr[j] = arr[j + 1]; arr[j + 1] = t2; }
    out[10] = arr[0] * 10000 + arr[1] * 1000 + arr[2] * 100 + arr[3] * 10 + arr[4];
    out[11] = std::get<double>(tup) + std::tuple_size<decltype(tup)>::value;
}

int main() {
    double *d; cudaMalloc(&d, 16 * 8);
    meta<<<1, 1>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    double h[12]; cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("meta: %s\n", cudaGetErrorString(e));
    for (int i = 0; i < 12; i++) printf("  out[%d] = %.17g\n", i, h[i]);
    unsigned char in8[100]; for (int i = 0; i < 100; i++) in8[i] = (unsigned char)(i * 7);
    unsigned char *d8, *o8; cudaMalloc(&d8, 100); cudaMalloc(&o8, 2);
    cudaMemcpy(d8, in8, 100, cudaMemcpyHostToDevice);
    accumulate<SaturatingPolicy><<<1, 1>>>(d8, o8, 100);
    accumulate<WrappingPolicy><<<1, 1>>>(d8, o8 + 1, 100);
    unsigned char r8[2]; cudaMemcpy(r8, o8, 2, cudaMemcpyDeviceToHost);
    unsigned wrap = 0; for (int i = 0; i < 100; i++) wrap += in8[i];
    printf("policies: saturating %d (expect 255), wrapping %d (expect %u)\n", r8[0], r8[1], wrap & 255);
    return 0;
}
