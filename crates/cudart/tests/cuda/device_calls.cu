// Device functions (Programming Guide, "Function Execution Space Specifiers"): recursion,
// function pointers chosen per thread, virtual functions on objects built on the device.
#include "common.h"

__device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__device__ int sq(int x) { return x * x; }
__device__ int neg(int x) { return -x; }
__device__ int twice(int x) { return 2 * x; }
typedef int (*op_t)(int);
__device__ op_t ops[3] = {sq, neg, twice};

struct Shape { __device__ virtual float area() const = 0; __device__ virtual ~Shape() {} };
struct Sq : Shape { float s; __device__ Sq(float s) : s(s) {} __device__ float area() const override { return s * s; } };
struct Rect : Shape { float w, h; __device__ Rect(float w, float h) : w(w), h(h) {} __device__ float area() const override { return w * h; } };

__global__ void run(int* out, float* areas) {
  int t = threadIdx.x;
  out[t] = fib(t % 15) + ops[t % 3](t);
  Shape* s = t % 2 ? (Shape*)new Rect(t, 2) : (Shape*)new Sq(t);
  areas[t] = s->area();
  delete s;
}

int main() {
  int* out;
  float* areas;
  CK(cudaMallocManaged(&out, 64 * sizeof(int)));
  CK(cudaMallocManaged(&areas, 64 * sizeof(float)));
  run<<<1, 64>>>(out, areas);
  CK(cudaDeviceSynchronize());
  int f[15] = {0, 1};
  for (int i = 2; i < 15; i++) f[i] = f[i - 1] + f[i - 2];
  for (int t = 0; t < 64; t++) {
    int op = t % 3 == 0 ? t * t : t % 3 == 1 ? -t : 2 * t;
    EXPECT(out[t] == f[t % 15] + op);
    EXPECT(areas[t] == (t % 2 ? t * 2.f : (float)t * t));
  }
  CK(cudaFree(out)); CK(cudaFree(areas));
  printf("PASS\n");
  return 0;
}
