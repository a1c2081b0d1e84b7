// flags: -std=c++17 -rdc=true
// __device__ and __constant__ objects with constexpr constructors (allowed), empty-constructor
// objects, variable templates in device memory, inline __device__ variables, static locals in
// device functions, __constant__ tables computed by constexpr functions, and static (internal)
// __device__/__constant__ variables read by kernels and written by the host (-rdc=true, where
// inline __device__ variables may have external linkage).
#include <cstdio>
struct P { int x, y; constexpr P() : x(0), y(0) {} constexpr P(int a) : x(a), y(a * 2) {} };
struct E { int z; };  // trivial
__device__ P p(21);
__constant__ P cp{4};
__device__ E e;
template <class T> __device__ T scale = T(3);
template <> __device__ double scale<double> = 0.125;
inline __device__ int inl = 17;
constexpr int tri(int n) { return n * (n + 1) / 2; }
struct Table { int v[10]; };
constexpr Table make_table() { Table t{}; for (int i = 0; i < 10; i++) t.v[i] = tri(i) ^ (i << 4); return t; }
__constant__ Table ctab = make_table();
__constant__ int squares[6] = {tri(1), tri(2), tri(3), tri(4), tri(5), tri(6)};
static __device__ int hidden = 40;
static __constant__ int hidden_c[2] = {3, 4};
__global__ void read_hidden(int* o) { o[0] = hidden + hidden_c[0] * 100 + hidden_c[1] * 1000; }
__device__ int counter() {
  static int calls = 100;       // function-scope static in device code: one instance per program
  return atomicAdd(&calls, 1);
}
__global__ void k(int* o) {
  int t = threadIdx.x;
  counter();
  __syncthreads();
  if (t == 0) {
    o[0] = p.x + p.y; o[1] = cp.x * 10 + cp.y; o[2] = e.z; o[3] = scale<int>;
    o[4] = (int)(scale<float> * 100); o[5] = (int)(scale<double> * 1000); o[6] = inl;
    for (int i = 0; i < 10; i++) o[7 + i] = ctab.v[i];
    for (int i = 0; i < 6; i++) o[17 + i] = squares[i];
    o[23] = counter();
  }
}
int main() {
  int* d;
  cudaMalloc(&d, 24 * sizeof(int));
  k<<<1, 32>>>(d);
  int h[24];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int i = 0; i < 24; i++) printf("o[%d] = %d\n", i, h[i]);
  int v = 9;
  cudaError_t err = cudaMemcpyToSymbol(scale<int>, &v, sizeof v);
  printf("to scale<int>: %s\n", cudaGetErrorName(err));
  err = cudaMemcpyToSymbol(inl, &v, sizeof v);
  printf("to inl: %s\n", cudaGetErrorName(err));
  k<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("after: scale<int> %d inl %d counter %d\n", h[3], h[6], h[23]);
  read_hidden<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("hidden before: %d\n", h[0]);
  int nv[2] = {7, 8};
  err = cudaMemcpyToSymbol(hidden, &nv[0], sizeof(int));
  printf("to hidden: %s\n", cudaGetErrorName(err));
  err = cudaMemcpyToSymbol(hidden_c, nv, sizeof nv);
  printf("to hidden_c: %s\n", cudaGetErrorName(err));
  read_hidden<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  int back = 0;
  cudaMemcpyFromSymbol(&back, hidden, sizeof back);
  printf("hidden after: %d (read back %d)\n", h[0], back);
  size_t sz;
  err = cudaGetSymbolSize(&sz, ctab);
  printf("ctab size %zu %s\n", sz, cudaGetErrorName(err));
  return 0;
}
