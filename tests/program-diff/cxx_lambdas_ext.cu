// flags: --extended-lambda -std=c++17
// __host__ __device__ lambdas passed to kernels and called on the host too, __device__ lambdas
// stored in structs, [=] capturing *this, lambdas in device code capturing by reference,
// immediately-invoked lambdas, recursion through a generic lambda.
#include <cstdio>
template <class F> struct Holder { F f; int bias; };
template <class F> __global__ void run_holder(Holder<F> h, int* out) { out[threadIdx.x] = h.f(threadIdx.x) + h.bias; }
template <class F> __global__ void run(F f, int* out) { out[threadIdx.x] = f(threadIdx.x); }
struct Model {
  int scale = 3, offset = -2;
  void launch(int* d) {
    run<<<1, 8>>>([=, *this] __device__(int i) { return scale * i + offset; }, d);
  }
  void launch_this(int* d) {
    run<<<1, 8>>>([=] __device__(int i) { return i * i; }, d);
  }
};
int main() {
  int* d;
  cudaMalloc(&d, 8 * sizeof(int));
  int h[8];
  auto show = [&](const char* s) {
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%-8s", s);
    for (int x : h) printf(" %d", x);
    printf("\n");
  };
  int k = 5;
  auto hd = [k] __host__ __device__(int i) { return k * i - 1; };
  run<<<1, 8>>>(hd, d); show("hd");
  printf("host hd(4) = %d\n", hd(4));
  Holder<decltype(hd)> hold{hd, 100};
  run_holder<<<1, 8>>>(hold, d); show("holder");
  Model m;
  m.launch(d); show("*this");
  m.launch_this(d); show("sq");
  run<<<1, 8>>>([] __device__(int i) {
    int acc = 0;
    auto add = [&acc](int v) { acc += v; };
    for (int j = 0; j <= i; j++) add(j);
    return acc + [](int z) { return z * 1000; }(i);
  }, d); show("nested");
  run<<<1, 8>>>([] __device__(int i) {
    auto fact = [](auto self, int n) -> int { return n <= 1 ? 1 : n * self(self, n - 1); };
    return fact(fact, i);
  }, d); show("fact");
  return 0;
}
