// An interval-arithmetic class template (after the CUDA sample "interval") over directed-rounding
// intrinsics, used by a Newton interval method and a bisection with a device-side stack.
#include <cstdio>
template <class T> struct rounded;
template <> struct rounded<float> {
  __device__ static float add_down(float a, float b) { return __fadd_rd(a, b); }
  __device__ static float add_up(float a, float b) { return __fadd_ru(a, b); }
  __device__ static float mul_down(float a, float b) { return __fmul_rd(a, b); }
  __device__ static float mul_up(float a, float b) { return __fmul_ru(a, b); }
  __device__ static float div_down(float a, float b) { return __fdiv_rd(a, b); }
  __device__ static float div_up(float a, float b) { return __fdiv_ru(a, b); }
  __device__ static float sqrt_down(float a) { return __fsqrt_rd(a); }
  __device__ static float sqrt_up(float a) { return __fsqrt_ru(a); }
};
template <> struct rounded<double> {
  __device__ static double add_down(double a, double b) { return __dadd_rd(a, b); }
  __device__ static double add_up(double a, double b) { return __dadd_ru(a, b); }
  __device__ static double mul_down(double a, double b) { return __dmul_rd(a, b); }
  __device__ static double mul_up(double a, double b) { return __dmul_ru(a, b); }
  __device__ static double div_down(double a, double b) { return __ddiv_rd(a, b); }
  __device__ static double div_up(double a, double b) { return __ddiv_ru(a, b); }
  __device__ static double sqrt_down(double a) { return __dsqrt_rd(a); }
  __device__ static double sqrt_up(double a) { return __dsqrt_ru(a); }
};
template <class T> class interval {
  T lo_, hi_;
public:
  __device__ interval() : lo_(0), hi_(0) {}
  __device__ interval(T v) : lo_(v), hi_(v) {}
  __device__ interval(T l, T h) : lo_(l), hi_(h) {}
  __device__ T lo() const { return lo_; }
  __device__ T hi() const { return hi_; }
  __device__ T mid() const { return (lo_ + hi_) / 2; }
  __device__ T width() const { return rounded<T>::add_up(hi_, -lo_); }
  __device__ friend interval operator+(interval a, interval b) { return {rounded<T>::add_down(a.lo_, b.lo_), rounded<T>::add_up(a.hi_, b.hi_)}; }
  __device__ friend interval operator-(interval a, interval b) { return {rounded<T>::add_down(a.lo_, -b.hi_), rounded<T>::add_up(a.hi_, -b.lo_)}; }
  __device__ friend interval operator*(interval a, interval b) {
    T c[4] = {rounded<T>::mul_down(a.lo_, b.lo_), rounded<T>::mul_down(a.lo_, b.hi_), rounded<T>::mul_down(a.hi_, b.lo_), rounded<T>::mul_down(a.hi_, b.hi_)};
    T d[4] = {rounded<T>::mul_up(a.lo_, b.lo_), rounded<T>::mul_up(a.lo_, b.hi_), rounded<T>::mul_up(a.hi_, b.lo_), rounded<T>::mul_up(a.hi_, b.hi_)};
    T l = c[0], h = d[0];
    for (int i = 1; i < 4; i++) { l = min(l, c[i]); h = max(h, d[i]); }
    return {l, h};
  }
  __device__ friend interval operator/(interval a, interval b) {  // b must not contain 0
    T c[4] = {rounded<T>::div_down(a.lo_, b.lo_), rounded<T>::div_down(a.lo_, b.hi_), rounded<T>::div_down(a.hi_, b.lo_), rounded<T>::div_down(a.hi_, b.hi_)};
    T d[4] = {rounded<T>::div_up(a.lo_, b.lo_), rounded<T>::div_up(a.lo_, b.hi_), rounded<T>::div_up(a.hi_, b.lo_), rounded<T>::div_up(a.hi_, b.hi_)};
    T l = c[0], h = d[0];
    for (int i = 1; i < 4; i++) { l = min(l, c[i]); h = max(h, d[i]); }
    return {l, h};
  }
  __device__ bool contains(T v) const { return lo_ <= v && v <= hi_; }
};
template <class T> __device__ interval<T> isqrt(interval<T> a) { return {rounded<T>::sqrt_down(a.lo()), rounded<T>::sqrt_up(a.hi())}; }

// f(x) = x^3 - 2x - c; f'(x) = 3x^2 - 2; interval Newton on [1, 3]
template <class T> __device__ interval<T> f(interval<T> x, T c) { return x * x * x - interval<T>(2) * x - interval<T>(c); }
template <class T> __device__ interval<T> df(interval<T> x) { return interval<T>(3) * x * x - interval<T>(2); }
template <class T> __global__ void newton(T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  T c = 1 + (T)i / 4;
  interval<T> x(1, 3);
  int steps = 0;
  for (; steps < 60 && x.width() > 0; steps++) {
    T m = x.mid();
    interval<T> nx = interval<T>(m) - f(interval<T>(m), c) / df(x);
    T lo = max(nx.lo(), x.lo()), hi = min(nx.hi(), x.hi());
    if (lo == x.lo() && hi == x.hi()) break;
    x = interval<T>(lo, hi);
  }
  out[i * 4 + 0] = x.lo(); out[i * 4 + 1] = x.hi(); out[i * 4 + 2] = (T)steps;
  out[i * 4 + 3] = isqrt(x * x).width();
}
template <class T> void run(const char *name) {
  T *o; cudaMallocManaged(&o, 16 * 4 * sizeof(T));
  newton<T><<<1, 16>>>(o, 16); cudaDeviceSynchronize();
  for (int i = 0; i < 16; i += 3) printf("%s c=%.2f [%a, %a] steps %g sqrt-width %a\n", name, 1 + i / 4.0, (double)o[i * 4], (double)o[i * 4 + 1], (double)o[i * 4 + 2], (double)o[i * 4 + 3]);
}
int main() { run<float>("float"); run<double>("double"); printf("err %s\n", cudaGetErrorName(cudaGetLastError())); }
