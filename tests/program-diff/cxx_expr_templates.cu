// flags: -std=c++17 --expt-relaxed-constexpr -O3
// Expression templates in device code (a lazy vector expression tree built by operator
// overloading and evaluated per element), std::index_sequence unpacking, cuda::std::apply and
// cuda::std::invoke on tuples, perfect forwarding through variadic device functions, and deep
// compile-time recursion.
#include <cstdio>
#include <tuple>
#include <utility>
#include <cuda/std/tuple>
#include <cuda/std/functional>
template <class E> struct Expr {
  __device__ float operator[](int i) const { return static_cast<const E&>(*this)[i]; }
};
struct Vec : Expr<Vec> {
  const float* p;
  __device__ explicit Vec(const float* q) : p(q) {}
  __device__ float operator[](int i) const { return p[i]; }
};
template <class L, class R, class Op> struct Bin : Expr<Bin<L, R, Op>> {
  L l; R r;
  __device__ Bin(const L& a, const R& b) : l(a), r(b) {}
  __device__ float operator[](int i) const { return Op::apply(l[i], r[i]); }
};
struct Scalar : Expr<Scalar> { float v; __device__ explicit Scalar(float x) : v(x) {} __device__ float operator[](int) const { return v; } };
struct AddOp { __device__ static float apply(float a, float b) { return a + b; } };
struct MulOp { __device__ static float apply(float a, float b) { return a * b; } };
template <class L, class R> __device__ Bin<L, R, AddOp> operator+(const Expr<L>& a, const Expr<R>& b) { return {static_cast<const L&>(a), static_cast<const R&>(b)}; }
template <class L, class R> __device__ Bin<L, R, MulOp> operator*(const Expr<L>& a, const Expr<R>& b) { return {static_cast<const L&>(a), static_cast<const R&>(b)}; }
template <class T, std::size_t... I> __device__ T sum_at(const T* a, std::index_sequence<I...>) { return (a[I * 2] + ...); }
template <class F, class... A> __device__ decltype(auto) call(F&& f, A&&... a) { return cuda::std::invoke(std::forward<F>(f), std::forward<A>(a)...); }
template <int N> struct Fib { static constexpr long long v = Fib<N - 1>::v + Fib<N - 2>::v; };
template <> struct Fib<1> { static constexpr long long v = 1; };
template <> struct Fib<0> { static constexpr long long v = 0; };
struct Mul3 { __device__ int operator()(int a, int b, int c) const { return a * b * c; } };
__global__ void k(const float* a, const float* b, float* out, long long* misc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    Vec va(a), vb(b);
    auto e = va * vb + Scalar(2.0f) * va + vb;
    out[i] = e[i];
  }
  if (i == 0) {
    misc[0] = (long long)sum_at(a, std::make_index_sequence<5>{});
    auto t = cuda::std::make_tuple(2, 3, 7);
    misc[1] = cuda::std::apply(Mul3{}, t);
    misc[2] = call([](int x, int y) { return x - y; }, 10, 4);
    misc[3] = Fib<80>::v;
    misc[4] = cuda::std::get<2>(t) + cuda::std::tuple_size<decltype(t)>::value;
  }
}
int main() {
  const int n = 10;
  float ha[n], hb[n];
  for (int i = 0; i < n; i++) { ha[i] = i * 0.5f; hb[i] = 3.0f - i; }
  float *a, *b, *o; long long* m;
  cudaMalloc(&a, sizeof ha); cudaMalloc(&b, sizeof hb); cudaMalloc(&o, sizeof ha); cudaMalloc(&m, 5 * sizeof(long long));
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  k<<<2, 8>>>(a, b, o, m, n);
  float r[n]; long long hm[5];
  cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(hm, m, sizeof hm, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) printf("%g ", r[i]);
  printf("\nmisc %lld %lld %lld %lld %lld\n", hm[0], hm[1], hm[2], hm[3], hm[4]);
  return 0;
}
