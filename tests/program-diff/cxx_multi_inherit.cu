// flags: -std=c++17 -rdc=true -G
// Multiple inheritance with virtual functions on the device (this-adjusting calls), covariant
// returns, new[]/delete[] of objects with destructors,
// static constexpr members used by value, and class templates with virtual functions.
#include <cstdio>
__device__ int dtors = 0;
struct Named { int id; __device__ Named(int i) : id(i) {} __device__ virtual int name() const { return id; } __device__ virtual ~Named() {} };
struct Sized { int sz; __device__ Sized(int s) : sz(s) {} __device__ virtual int size() const { return sz; } __device__ virtual ~Sized() {} };
struct Item : Named, Sized {
  __device__ Item(int i, int s) : Named(i), Sized(s) {}
  __device__ int name() const override { return id * 10; }
  __device__ int size() const override { return sz * 100 + id; }
};
struct Shape { __device__ virtual Shape* clone() const = 0; __device__ virtual float area() const = 0; __device__ virtual ~Shape() {} };
struct Circle : Shape {
  float r;
  __device__ Circle(float r_) : r(r_) {}
  __device__ Circle* clone() const override { return new Circle(r * 2); }
  __device__ float area() const override { return 3.0f * r * r; }
};
struct Tracked { int v; __device__ Tracked() : v(7) {} __device__ ~Tracked() { atomicAdd(&dtors, v); } };
struct Coef { static constexpr int tbl[5] = {2, 3, 5, 7, 11}; static constexpr float scale = 0.5f; };
template <class T> struct Gen { __device__ virtual T get(int i) const { return T(i) / T(4); } };
template <class T> struct Gen2 : Gen<T> { __device__ T get(int i) const override { return Gen<T>::get(i) * T(2) + T(1); } };
__global__ void k(float* o) {
  int t = threadIdx.x;
  Item it(t + 1, 3);
  Named* n = &it;
  Sized* s = &it;
  Circle c(1.0f + t);
  Shape* sh = c.clone();
  Tracked* arr = new Tracked[t + 2];
  arr[0].v = 100;
  delete[] arr;
  Gen2<double> g2;
  const Gen<double>& g = g2;
  o[t * 8 + 0] = n->name();
  o[t * 8 + 1] = s->size();
  o[t * 8 + 2] = s->size() - n->name();
  o[t * 8 + 3] = static_cast<Item*>(s)->id;
  o[t * 8 + 4] = sh->area();
  o[t * 8 + 5] = (t + 2) * Coef::scale;
  o[t * 8 + 6] = (float)g.get(t);
  delete sh;
  __syncthreads();
  o[t * 8 + 7] = dtors;
}
int main() {
  float* d;
  cudaMalloc(&d, 4 * 8 * sizeof(float));
  k<<<1, 4>>>(d);
  printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  float h[32];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 4; t++) {
    for (int j = 0; j < 8; j++) printf(" %g", h[t * 8 + j]);
    printf("\n");
  }
  return 0;
}
