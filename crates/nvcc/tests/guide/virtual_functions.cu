// Classes with virtual functions (the guide's C++ support section): objects with virtual functions
// must be created in device code to be used there — created by new in one kernel, used through
// base pointers in the next, destroyed by virtual destructors in a third; placement new into
// global and shared memory; abstract base classes, multiple levels of inheritance, overrides that
// call the base version.
#include "guide.h"
#include <new>
__device__ int destroyed = 0;
class Shape {
 public:
  __device__ virtual ~Shape() { atomicAdd(&destroyed, 1); }
  __device__ virtual float area() const = 0;
  __device__ virtual int sides() const { return 0; }
  __device__ float scaled(float k) const { return area() * k; }
};
class Rect : public Shape {
 protected:
  float w, h;
 public:
  __device__ Rect(float w_, float h_) : w(w_), h(h_) {}
  __device__ float area() const override { return w * h; }
  __device__ int sides() const override { return 4; }
};
class Square : public Rect {
 public:
  __device__ explicit Square(float s) : Rect(s, s) {}
  __device__ int sides() const override { return Rect::sides() * 10; }
};
class Tri : public Shape {
  float b, h;
 public:
  __device__ Tri(float b_, float h_) : b(b_), h(h_) {}
  __device__ ~Tri() override { atomicAdd(&destroyed, 100); }
  __device__ float area() const override { return 0.5f * b * h; }
  __device__ int sides() const override { return 3; }
};
__global__ void create(Shape** objs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  switch (i % 3) {
    case 0: objs[i] = new Rect(i, 2); break;
    case 1: objs[i] = new Square(i); break;
    default: objs[i] = new Tri(i, 4); break;
  }
}
__global__ void use(Shape* const* objs, float* area, int* sides, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  area[i] = objs[i]->scaled(2.f);
  sides[i] = objs[i]->sides();
}
__global__ void destroy(Shape** objs, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) delete objs[i];
}
__global__ void placement(float* out) {
  alignas(Square) __shared__ unsigned char buf[sizeof(Square) * 32];
  Shape* s = new (buf + threadIdx.x * sizeof(Square)) Square(threadIdx.x + 1);
  __syncthreads();
  Shape* other = reinterpret_cast<Shape*>(buf + ((threadIdx.x + 1) % 32) * sizeof(Square));
  out[threadIdx.x] = other->area() + other->sides();
  __syncthreads();
  s->~Shape();
}
int main() {
  const int n = 96;
  Shape** objs; float* area; int* sides;
  CK(cudaMalloc(&objs, n * sizeof(Shape*))); CK(cudaMalloc(&area, n * 4)); CK(cudaMalloc(&sides, n * 4));
  create<<<3, 32>>>(objs, n);
  use<<<3, 32>>>(objs, area, sides, n);
  destroy<<<3, 32>>>(objs, n);
  CK(cudaDeviceSynchronize());
  float ha[n]; int hs[n];
  CK(cudaMemcpy(ha, area, sizeof(ha), cudaMemcpyDeviceToHost));
  CK(cudaMemcpy(hs, sides, sizeof(hs), cudaMemcpyDeviceToHost));
  bool ok = true;
  for (int i = 0; i < n; i++) {
    float a = i % 3 == 0 ? i * 2.f : i % 3 == 1 ? (float)i * i : 0.5f * i * 4;
    int s = i % 3 == 0 ? 4 : i % 3 == 1 ? 40 : 3;
    ok &= ha[i] == a * 2.f && hs[i] == s;
  }
  check(ok, "objects created by new in one kernel, used through base pointers in another");
  int d = 0;
  CK(cudaMemcpyFromSymbol(&d, destroyed, sizeof(int)));
  check(d == n + 100 * (n / 3), "virtual destructors run derived then base");
  float* out;
  CK(cudaMalloc(&out, 32 * 4));
  placement<<<1, 32>>>(out);
  float ho[32];
  CK(cudaMemcpy(ho, out, sizeof(ho), cudaMemcpyDeviceToHost));
  ok = true;
  for (int t = 0; t < 32; t++) { float s = (t + 1) % 32 + 1; ok &= ho[t] == s * s + 40; }
  check(ok, "placement new into shared memory, virtual call on another thread's object");
  return finish();
}
