// C++ in device code: virtual functions with device new/delete, extended lambdas, recursion.
#include "common.h"
#include <new>
struct Shape { __device__ virtual float area() const = 0; __device__ virtual ~Shape() {} };
struct Sq : Shape { float s; __device__ Sq(float s) : s(s) {} __device__ float area() const override { return s * s; } };
struct Ci : Shape { float r; __device__ Ci(float r) : r(r) {} __device__ float area() const override { return 3.0f * r * r; } };
template <typename F> __global__ void apply(int n, float* o, F f) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) o[i] = f(i); }
__global__ void shapes(float* o, int n) {
  int i = threadIdx.x; if (i >= n) return;
  Shape* s = (i & 1) ? (Shape*)new Ci(i) : (Shape*)new Sq(i);
  o[i] = s->area();
  delete s;
}
__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__global__ void rec(int* o) { o[threadIdx.x] = fib(threadIdx.x % 16); }
int main() {
  float* o; CK(cudaMallocManaged(&o, 256 * 4));
  float a = 2.5f;
  apply<<<2, 128>>>(256, o, [=] __device__ (int i) { return i * a; }); CK(cudaDeviceSynchronize());
  for (int i = 0; i < 256; i++) EXPECT(o[i] == i * a);
  shapes<<<1, 64>>>(o, 64); CK(cudaDeviceSynchronize());
  for (int i = 0; i < 64; i++) EXPECT(o[i] == ((i & 1) ? 3.0f * i * i : (float)i * i));
  int* r; CK(cudaMallocManaged(&r, 64 * 4)); rec<<<1, 64>>>(r); CK(cudaDeviceSynchronize());
  int f[16] = {0,1,1,2,3,5,8,13,21,34,55,89,144,233,377,610};
  for (int i = 0; i < 64; i++) EXPECT(r[i] == f[i % 16]);
  printf("PASS\n");
}
