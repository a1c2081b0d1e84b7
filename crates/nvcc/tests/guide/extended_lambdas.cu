// Extended lambdas (--extended-lambda): __device__ and __host__ __device__ lambdas defined in host
// code and passed by value to kernel templates, capturing by value (scalars, arrays, structs, this
// through *this), mutable lambdas, generic lambdas, lambdas defined and called inside device code,
// lambdas returning lambdas, and nvstd::function holding device callables.
// nvcc-flags: --extended-lambda -std=c++17
#include "guide.h"
#include <nvfunctional>
template <typename F> __global__ void apply(int n, float* out, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i);
}
template <typename F> __global__ void apply2(int n, int* out, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i, 3);
}
struct Scaler {
  float k, b;
  void run(float* out, int n) {
    // Captures *this by value: the device copy of the object.
    auto f = [=, *this] __device__(int i) { return k * i + b; };
    apply<<<(n + 63) / 64, 64>>>(n, out, f);
  }
};
__global__ void inside(int* out) {
  int base = threadIdx.x * 10;
  auto add = [base](int x) { return base + x; };
  auto twice = [](auto g, int x) { return g(g(x)); };
  int counter = 0;
  auto bump = [counter]() mutable { return ++counter; };
  bump(); bump();
  auto make_adder = [](int k) { return [k](int x) { return x + k; }; };
  auto add7 = make_adder(7);
  out[threadIdx.x] = twice(add, 1) + bump() * 1000 + add7(0) * 100000;
}
__device__ int negate(int x) { return -x; }
__global__ void via_function(int* out) {
  nvstd::function<int(int)> fs[3] = {[](int x) { return x + 1; }, [](int x) { return x * x; }, negate};
  nvstd::function<int(int)> pick = fs[threadIdx.x % 3];  // a copy
  out[threadIdx.x] = pick(threadIdx.x);
}
int main() {
  const int n = 200;
  float* d; int* di;
  CK(cudaMalloc(&d, n * 4)); CK(cudaMalloc(&di, n * 4));
  float a = 2.5f;
  float table[4] = {1.f, 10.f, 100.f, 1000.f};
  struct { float lo, hi; } range = {-3.f, 3.f};
  auto f = [=] __device__(int i) {
    float v = a * i + table[i % 4];
    return v < range.lo ? range.lo : v > range.hi * 100 ? range.hi * 100 : v;
  };
  apply<<<(n + 63) / 64, 64>>>(n, d, f);
  float h[n];
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) { float v = a * i + table[i % 4]; v = v < -3.f ? -3.f : v > 300.f ? 300.f : v; ok &= h[i] == v; }
  check(ok, "__device__ lambda capturing a scalar, an array and a struct by value");
  auto hd = [] __host__ __device__(int i, int k) { return i * i - k; };
  apply2<<<(n + 63) / 64, 64>>>(n, di, hd);
  int hi[n];
  CK(cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) ok &= hi[i] == hd(i, 3);
  check(ok, "__host__ __device__ lambda: same result on host and device");
  Scaler s{0.5f, -1.f};
  s.run(d, n);
  CK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
  ok = true;
  for (int i = 0; i < n; i++) ok &= h[i] == 0.5f * i - 1.f;
  check(ok, "lambda capturing *this in a member function");
  inside<<<1, 32>>>(di);
  CK(cudaMemcpy(hi, di, 32 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < 32; t++) ok &= hi[t] == (2 * t * 10 + 1) + 3 * 1000 + 7 * 100000;
  check(ok, "lambdas inside device code: generic, mutable, returning lambdas");
  via_function<<<1, 30>>>(di);
  CK(cudaMemcpy(hi, di, 30 * 4, cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < 30; t++) ok &= hi[t] == (t % 3 == 0 ? t + 1 : t % 3 == 1 ? t * t : -t);
  check(ok, "nvstd::function holding device lambdas");
  // Host side: copies, reassignment, empty state.
  nvstd::function<int(int)> hf;
  bool empty = !hf && hf == nullptr;
  int offset = 5;
  hf = [offset](int x) { return x * 2 + offset; };
  nvstd::function<int(int)> copy = hf;
  hf = nullptr;
  check(empty && !hf && copy && copy(10) == 25, "nvstd::function on the host: empty, assigned, copied, cleared");
  return finish();
}
