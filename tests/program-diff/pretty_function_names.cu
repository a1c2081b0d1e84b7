// __PRETTY_FUNCTION__ and __func__ in device code, as nvcc's front end writes them: templates
// (type and non-type parameters, members of class templates, nested templates), bool, top-level
// const parameters, constructors and destructors.
#include <cstdio>
#define P() printf("%s | %s\n", __PRETTY_FUNCTION__, __func__)
template <typename T> __device__ void f1(T x) { P(); }
template <typename T, int N> __device__ T f2(T *x) { P(); return x[0]; }
template <unsigned U, bool B, char C> __device__ void f3() { P(); }
template <typename T> struct Box { template <typename U> __device__ void m(U u) const { P(); } __device__ static int s(T) { P(); return 0; } };
template <typename A, typename B> struct Pair { __device__ void m() { P(); } };
namespace outer { namespace inner { template <class T> struct W { __device__ void go(int, T) volatile { P(); } }; } }
template <typename T> __device__ void f4(const T &x, T *const y) { P(); }
struct Plain { __device__ void m() { P(); } __device__ Plain() { P(); } __device__ ~Plain() { P(); } };
template <typename T> __device__ void f5(Box<T> b) { P(); }
__device__ void g1(bool b, const int c, const float *p, volatile int v) { P(); }
template <typename T> __device__ bool g3(T t, bool) { P(); return true; }
template <int N> struct A { template <int M> struct B { __device__ void m() { P(); } }; };
template <typename T> __device__ void g4(T t) { P(); }
template <int N> __global__ void kern(float *out) {
  P();
  f1(1.0f); f1<double>(2.0); int a[2] = {0, 0}; f2<int, 4>(a); f3<7u, true, 'x'>();
  Box<float>().m(3); Box<long>::s(1); Pair<int, Box<char>>().m(); volatile outer::inner::W<short> w; w.go(1, 2);
  f4(1, a); { Plain p; p.m(); } f5(Box<unsigned>());
  g1(true, 1, nullptr, 2); g3(1ULL, false); A<1>::B<2>().m(); g4(-5L); g4('c'); g4(1.5);
}
int main() { kern<3><<<1, 1>>>(nullptr); printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize())); }
