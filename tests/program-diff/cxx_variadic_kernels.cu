// flags: -std=c++20 --extended-lambda -O3 --expt-relaxed-constexpr
// Kernels as generic code writes them: a variadic kernel template taking a parameter pack of
// pointers and scalars (sizeof..., fold expressions over the pack, std::index_sequence to
// index it), a kernel taking a lambda captured by value (an array and a struct in the closure),
// a __host__ __device__ lambda run on both sides, a generic (auto) lambda, a constexpr lambda in a
// constant expression, a mutable lambda with per-thread state, a lambda returning a lambda,
// C++20 template lambdas, concepts constraining the functor, and a kernel launched through a
// variadic host wrapper that forwards its arguments.
#include <cstdio>
#include <utility>
#include <tuple>
#include <concepts>
#include <type_traits>

template <class... Ptrs>
__global__ void addAll(int n, float* out, Ptrs... in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[i] = (in[i] + ... + 0.0f) * sizeof...(Ptrs);
}

template <class Tuple, std::size_t... I>
__device__ float weighted(const Tuple& t, int i, std::index_sequence<I...>) {
  return ((std::get<I>(t)[i] * (float)(I + 1)) + ...);
}
template <class... Ptrs>
__global__ void weightedSum(int n, float* out, Ptrs... in) {
  int i = threadIdx.x;
  if (i < n) out[i] = weighted(std::make_tuple(in...), i, std::index_sequence_for<Ptrs...>{});
}

template <class F>
concept IntUnary = requires(F f, int x) {
  { f(x) } -> std::convertible_to<int>;
};

template <IntUnary F>
__global__ void apply(int* data, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = f(data[i]);
}

template <class F, class... Args>
void launch(int blocks, int threads, F kernel, Args&&... args) {
  kernel<<<blocks, threads>>>(std::forward<Args>(args)...);
}

struct Params { int mul; int add; int table[4]; };

__global__ void deviceLambdas(int* out) {
  int t = threadIdx.x;
  int counter = 0;
  auto tick = [counter](int step) mutable { counter += step; return counter; };
  tick(t); tick(2);
  auto adder = [](int k) { return [k](int x) { return x + k; }; };
  auto add5 = adder(5);
  auto generic = [](auto a, auto b) { return a * b + 1; };
  auto tl = []<class T>(T v) { return (T)(v / 2); };
  constexpr auto sq = [](int x) constexpr { return x * x; };
  static_assert(sq(7) == 49);
  out[t * 5 + 0] = tick(0);
  out[t * 5 + 1] = add5(t);
  out[t * 5 + 2] = generic(t, 3) + (int)generic(0.5, 4.0);
  out[t * 5 + 3] = tl(t * 7) + (int)tl(3.0);
  out[t * 5 + 4] = sq(t);
}

int main() {
  const int n = 200;
  float *a, *b, *c, *d, *out;
  cudaMalloc(&a, n * 4); cudaMalloc(&b, n * 4); cudaMalloc(&c, n * 4); cudaMalloc(&d, n * 4); cudaMalloc(&out, n * 4);
  float h[n];
  for (int i = 0; i < n; i++) h[i] = i * 0.5f;
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  for (int i = 0; i < n; i++) h[i] = 1.0f;
  cudaMemcpy(b, h, sizeof h, cudaMemcpyHostToDevice);
  for (int i = 0; i < n; i++) h[i] = -0.25f * (i % 4);
  cudaMemcpy(c, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  addAll<<<2, 128>>>(n, out, a, b, c);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("addAll(3): %g %g %g %g\n", h[0], h[1], h[3], h[199]);
  launch(2, 128, addAll<float*, float*, float*, float*>, n, out, a, b, c, d);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("addAll(4) via wrapper: %g %g %g\n", h[0], h[2], h[199]);
  weightedSum<<<1, 256>>>(n, out, a, b, c, d);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("weighted: %g %g %g\n", h[0], h[5], h[199]);

  int* di; cudaMalloc(&di, n * 4);
  int hi[n];
  for (int i = 0; i < n; i++) hi[i] = i;
  cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
  int lut[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  Params p{3, -7, {10, 20, 30, 40}};
  apply<<<2, 128>>>(di, n, [=] __device__(int x) { return x * p.mul + p.add + lut[x % 8] + p.table[x % 4]; });
  auto hd = [] __host__ __device__(int x) { return x % 2 ? 3 * x + 1 : x / 2; };
  apply<<<2, 128>>>(di, n, hd);
  cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
  long chk = 0;
  for (int i = 0; i < n; i++) {
    int ref = hd(i * p.mul + p.add + lut[i % 8] + p.table[i % 4]);
    chk += hi[i] == ref;
  }
  printf("captured lambdas: %d %d %d host-agree=%ld/%d\n", hi[0], hi[1], hi[199], chk, n);

  int* dl; cudaMalloc(&dl, 32 * 5 * 4);
  deviceLambdas<<<1, 32>>>(dl);
  int hl[160];
  cudaMemcpy(hl, dl, sizeof hl, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 32; t += 7) printf("t=%d: %d %d %d %d %d\n", t, hl[t * 5], hl[t * 5 + 1], hl[t * 5 + 2], hl[t * 5 + 3], hl[t * 5 + 4]);
  printf("err=%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
