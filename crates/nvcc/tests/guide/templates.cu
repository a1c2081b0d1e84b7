// C++ templates in device code: function templates with deduction, class templates with static
// members and specializations, non-type template parameters (the block size of a reduction kernel),
// variadic templates with pack expansion and C++17 fold expressions, constexpr functions and
// `if constexpr`, template template parameters, SFINAE via cuda::std traits, CRTP.
// nvcc-flags: -std=c++17
#include "guide.h"
#include <cuda/std/type_traits>
template <typename T> __host__ __device__ T square(T x) { return x * x; }
template <typename T, int N> struct Vec {
  T v[N];
  __host__ __device__ T dot(const Vec& o) const { T s = 0; for (int i = 0; i < N; i++) s += v[i] * o.v[i]; return s; }
  static constexpr int size = N;
};
template <typename T> struct Limits { __device__ static T lowest() { return T(-1); } };
template <> struct Limits<unsigned> { __device__ static unsigned lowest() { return 0u; } };
template <unsigned BLOCK, typename T> __global__ void reduce(const T* in, T* out) {
  __shared__ T s[BLOCK];
  s[threadIdx.x] = in[blockIdx.x * BLOCK + threadIdx.x];
  __syncthreads();
#pragma unroll
  for (unsigned w = BLOCK / 2; w > 0; w /= 2) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
template <typename... Ts> __device__ auto sum_all(Ts... xs) { return (xs + ... + 0); }
template <typename... Ts> __device__ int count_args(Ts...) { return sizeof...(Ts); }
template <typename T> __device__ T max_of(T x) { return x; }
template <typename T, typename... Rest> __device__ T max_of(T x, Rest... rest) { T m = max_of(rest...); return x > m ? x : m; }
template <typename T> __device__ constexpr int kind() {
  if constexpr (cuda::std::is_floating_point<T>::value) return 1;
  else if constexpr (cuda::std::is_signed<T>::value) return 2;
  else return 3;
}
template <typename T, typename cuda::std::enable_if<cuda::std::is_integral<T>::value, int>::type = 0>
__device__ int classify(T) { return 10; }
template <typename T, typename cuda::std::enable_if<!cuda::std::is_integral<T>::value, int>::type = 0>
__device__ int classify(T) { return 20; }
template <typename Derived> struct Shape {
  __device__ float area() const { return static_cast<const Derived*>(this)->area_impl(); }
};
struct Sq : Shape<Sq> { float s; __device__ float area_impl() const { return s * s; } };
struct Rect : Shape<Rect> { float w, h; __device__ float area_impl() const { return w * h; } };
template <template <typename, int> class V, typename T> __device__ T first_dot(V<T, 3> a) { return a.dot(a); }
__host__ __device__ constexpr unsigned fact(unsigned n) { return n <= 1 ? 1 : n * fact(n - 1); }
template <unsigned N> struct Const { static constexpr unsigned value = N; };
__global__ void misc(long long* out) {
  Vec<int, 3> a{{1, 2, 3}}, b{{4, 5, 6}};
  out[0] = a.dot(b);
  out[1] = square(7) + (long long)square(1.5f * 2);
  out[2] = sum_all(1, 2L, 3LL, (short)4);
  out[3] = count_args(1, 'c', 2.0, nullptr);
  out[4] = max_of(3, 9, -2, 7);
  out[5] = kind<float>() * 100 + kind<int>() * 10 + kind<unsigned char>();
  out[6] = classify(5) + classify(2.5);
  Sq s; s.s = 3.f; Rect r; r.w = 2.f; r.h = 5.5f;
  out[7] = (long long)(s.area() + r.area());
  out[8] = first_dot<Vec, int>(a);
  out[9] = Const<fact(10)>::value + Vec<double, 7>::size;
  out[10] = Limits<int>::lowest() + (long long)Limits<unsigned>::lowest();
}
int main() {
  const int B = 4;
  float hin[B * 256]; int iin[B * 64];
  for (int i = 0; i < B * 256; i++) hin[i] = (float)(i % 10);
  for (int i = 0; i < B * 64; i++) iin[i] = i;
  float *din, *dout; int *diin, *diout;
  CK(cudaMalloc(&din, sizeof(hin))); CK(cudaMalloc(&dout, B * 4)); CK(cudaMalloc(&diin, sizeof(iin))); CK(cudaMalloc(&diout, B * 4));
  CK(cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice)); CK(cudaMemcpy(diin, iin, sizeof(iin), cudaMemcpyHostToDevice));
  reduce<256, float><<<B, 256>>>(din, dout);
  reduce<64><<<B, 64>>>(diin, diout);
  float hf[B]; int hi[B];
  CK(cudaMemcpy(hf, dout, sizeof(hf), cudaMemcpyDeviceToHost)); CK(cudaMemcpy(hi, diout, sizeof(hi), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int b = 0; b < B; b++) {
    float s = 0; int si = 0;
    for (int i = 0; i < 256; i++) s += hin[b * 256 + i];
    for (int i = 0; i < 64; i++) si += iin[b * 64 + i];
    ok &= hf[b] == s && hi[b] == si;
  }
  check(ok, "kernel templates on block size and element type");
  long long* d;
  CK(cudaMalloc(&d, 11 * 8));
  misc<<<1, 1>>>(d);
  long long h[11];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  check(h[0] == 32 && h[1] == 49 + 9, "class template member and function template deduction");
  check(h[2] == 10 && h[3] == 4 && h[4] == 9, "variadic fold expression, sizeof..., recursive pack");
  check(h[5] == 123 && h[6] == 30, "if constexpr and SFINAE with cuda::std traits");
  check(h[7] == 20 && h[8] == 14, "CRTP and template template parameter");
  check(h[9] == 3628800 + 7 && h[10] == -1, "constexpr as template argument, explicit specialization");
  return finish();
}
