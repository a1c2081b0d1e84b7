// flags: -std=c++17 -O3
// Device code idioms around storage: static const lookup tables local to device functions
// (constant-initialized arrays of ints, floats and structs), a static local counter of a
// __host__ __device__ function, #pragma pack(1) and alignas structs as kernel parameters and
// in device memory (offsetof/sizeof agree with the host), bit-field structs with signed and
// unsigned fields passed by value, an anonymous union inside a struct, objects with virtual
// functions constructed in shared memory by placement new and called there, and enum class
// switches over a packed header.
#include <cstdio>
#include <cstddef>
#include <cstdint>
#include <new>

__device__ int popLut(unsigned x) {
  static const int lut[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};
  return lut[x & 15] + lut[(x >> 4) & 15];
}
struct Coef { float a; short b; char c; };
__device__ float coef(int i) {
  static const Coef table[4] = {{0.5f, 2, 'a'}, {1.5f, -3, 'b'}, {-2.25f, 7, 'c'}, {4.0f, 0, 'd'}};
  const Coef& c = table[i & 3];
  return c.a * c.b + c.c;
}

#pragma pack(push, 1)
struct Packed { char tag; int value; double d; short s; };
#pragma pack(pop)
struct alignas(16) Wide { float x; int y; };
struct Bits { int lo : 5; unsigned mid : 11; int hi : 7; unsigned flag : 1; };
struct Mixed {
  int kind;
  union { float f; int i; unsigned char b[4]; };
};
enum class Kind : uint8_t { Add = 1, Sub = 7, Mul = 9 };

struct Shape {
  __device__ virtual int area() const = 0;
  __device__ virtual int id() const { return 0; }
};
struct Sq : Shape { int s; __device__ Sq(int s_) : s(s_) {} __device__ int area() const override { return s * s; } __device__ int id() const override { return 1; } };
struct Re : Shape { int w, h; __device__ Re(int w_, int h_) : w(w_), h(h_) {} __device__ int area() const override { return w * h; } };

__global__ void k(Packed p, Wide w, Bits b, Mixed m, Kind kind, int* out, Packed* dp) {
  __shared__ alignas(16) unsigned char objs[32][32];
  int t = threadIdx.x;
  Shape* s = (t & 1) ? static_cast<Shape*>(new (objs[t]) Sq(t)) : static_cast<Shape*>(new (objs[t]) Re(t, 3));
  __syncthreads();
  const Shape* other = reinterpret_cast<const Shape*>(objs[(t + 1) % 32]);
  out[t * 8 + 0] = popLut(t * 2654435761u);
  out[t * 8 + 1] = (int)(coef(t) * 4);
  out[t * 8 + 2] = s->area() + other->area() * 1000 + other->id() * 100000;
  out[t * 8 + 3] = p.tag + p.value + (int)p.d + p.s;
  out[t * 8 + 4] = (int)w.x + w.y;
  out[t * 8 + 5] = b.lo * 1000000 + (int)b.mid * 100 + b.hi + (int)b.flag * 50000;
  out[t * 8 + 6] = m.kind == 0 ? (int)(m.f * 8) : m.i + m.b[0];
  int r = 0;
  switch (kind) { case Kind::Add: r = t + 5; break; case Kind::Sub: r = t - 5; break; case Kind::Mul: r = t * 5; break; }
  out[t * 8 + 7] = r;
  if (t == 0) { dp->tag = 'Z'; dp->value = p.value * 2; dp->d = p.d / 4; dp->s = -p.s; }
}

__host__ __device__ int hdCounter() {
  static int calls = 0;
  return ++calls;
}
__global__ void counter(int* out) { out[threadIdx.x] = hdCounter(); }

int main() {
  printf("host sizeof Packed=%zu offsetof value=%zu d=%zu s=%zu Wide=%zu/%zu Bits=%zu Mixed=%zu\n", sizeof(Packed), offsetof(Packed, value),
         offsetof(Packed, d), offsetof(Packed, s), sizeof(Wide), alignof(Wide), sizeof(Bits), sizeof(Mixed));
  Packed p{'A', 1000, 12.75, -3};
  Wide w{2.5f, 40};
  Bits b{-9, 1500, -40, 1};
  Mixed m; m.kind = 0; m.f = 1.375f;
  int* d; Packed* dp;
  cudaMalloc(&d, 32 * 8 * 4); cudaMalloc(&dp, sizeof(Packed) + 3);
  k<<<1, 32>>>(p, w, b, m, Kind::Sub, d, (Packed*)((char*)dp + 1));  // misaligned packed struct, byte accesses
  int h[256];
  cudaError_t e = cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("err=%s\n", cudaGetErrorString(e));
  for (int t = 0; t < 32; t += 5) printf("t=%d: %d %d %d %d %d %d %d %d\n", t, h[t * 8], h[t * 8 + 1], h[t * 8 + 2], h[t * 8 + 3], h[t * 8 + 4], h[t * 8 + 5], h[t * 8 + 6], h[t * 8 + 7]);
  unsigned char raw[sizeof(Packed) + 1];
  cudaMemcpy(raw, dp, sizeof raw, cudaMemcpyDeviceToHost);
  Packed r; memcpy(&r, raw + 1, sizeof r);
  printf("packed out: %c %d %g %d\n", r.tag, r.value, r.d, r.s);
  m.kind = 1; m.i = 0x01020304;
  k<<<1, 32>>>(p, w, b, m, Kind::Mul, d, (Packed*)((char*)dp + 1));
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("union int: %d switch: %d\n", h[6], h[8 * 3 + 7]);
  counter<<<1, 8>>>(d);
  cudaMemcpy(h, d, 32, cudaMemcpyDeviceToHost);
  int mn = 99, mx = 0; for (int i = 0; i < 8; i++) { mn = h[i] < mn ? h[i] : mn; mx = h[i] > mx ? h[i] : mx; }
  int h1 = hdCounter();
  int h2 = hdCounter();
  printf("hd static counter device %d..%d host %d %d\n", mn, mx, h1, h2);
  return 0;
}
