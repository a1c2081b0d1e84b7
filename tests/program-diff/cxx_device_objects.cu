// flags: -std=c++17 -O3
// Object-oriented device code as simulation codes write it: an abstract Shape hierarchy whose
// objects are constructed in device memory by a setup kernel (placement new into a __device__
// arena and operator new on the device heap), so their vtables are the device's; virtual calls
// from a second kernel through an array of base pointers, a virtual destructor run by a teardown
// kernel, a pure virtual interface with a default implementation called via qualified name,
// a CRTP mixin beside the virtual hierarchy, function-local static objects in device code
// (initialised once, constant-initialised), a union with bit-fields decoding a packed header,
// alignas(16) shared arrays read as float4, and __restrict__ pointers.
#include <cstdio>
#include <new>
#include <cstdint>

struct Shape {
  int id;
  __device__ explicit Shape(int i) : id(i) {}
  __device__ virtual ~Shape() {}
  __device__ virtual float area() const = 0;
  __device__ virtual float perimeter() const { return 0.0f; }
  __device__ virtual const char* name() const { return "shape"; }
  __device__ virtual int sides() const = 0;
};
__device__ int Shape::sides() const { return -1; }

template <class D> struct Scaled {
  __device__ float scaledArea(float k) const { return k * k * static_cast<const D*>(this)->area(); }
};

struct Rect : Shape, Scaled<Rect> {
  float w, h;
  __device__ Rect(int i, float w_, float h_) : Shape(i), w(w_), h(h_) {}
  __device__ float area() const override { return w * h; }
  __device__ float perimeter() const override { return 2 * (w + h); }
  __device__ const char* name() const override { return "rect"; }
  __device__ int sides() const override { return 4; }
};
struct Square final : Rect {
  __device__ Square(int i, float s) : Rect(i, s, s) {}
  __device__ const char* name() const override { return "square"; }
};
struct Circle : Shape, Scaled<Circle> {
  float r;
  __device__ Circle(int i, float r_) : Shape(i), r(r_) {}
  __device__ float area() const override { return 3.0f * r * r; }  // exact in float
  __device__ const char* name() const override { return "circle"; }
  __device__ int sides() const override { return Shape::sides(); }
};
struct Tri : Shape {
  float b, h;
  __device__ Tri(int i, float b_, float h_) : Shape(i), b(b_), h(h_) {}
  __device__ float area() const override { return 0.5f * b * h; }
  __device__ int sides() const override { return 3; }
  __device__ ~Tri() override;
};
__device__ int dtorCount;
__device__ Tri::~Tri() { atomicAdd(&dtorCount, 1); }

constexpr int N = 12;
__device__ alignas(16) unsigned char arena[N * 64];
__device__ Shape* shapes[N];

__global__ void build() {
  int i = threadIdx.x;
  if (i >= N) return;
  void* slot = arena + i * 64;
  switch (i % 4) {
    case 0: shapes[i] = new (slot) Rect(i, 1.0f + i, 2.0f); break;
    case 1: shapes[i] = new (slot) Square(i, 0.5f * i); break;
    case 2: shapes[i] = new (slot) Circle(i, 1.0f * i); break;
    default: shapes[i] = new Tri(i, 2.0f * i, 3.0f); break;  // device heap
  }
}

struct Counter {
  int calls;
  __device__ constexpr Counter() : calls(0) {}
};

__device__ int nextTicket() {
  static Counter c;  // constant-initialised function-local static
  return atomicAdd(&c.calls, 1);
}

__global__ void use(float* __restrict__ area, float* __restrict__ per, int* __restrict__ sides, char* names, int* tickets) {
  int i = threadIdx.x;
  if (i >= N) return;
  const Shape* s = shapes[i];
  area[i] = s->area();
  per[i] = s->perimeter();
  sides[i] = s->sides();
  const char* n = s->name();
  int k = 0;
  for (; n[k] && k < 7; k++) names[i * 8 + k] = n[k];
  names[i * 8 + k] = 0;
  if (s->sides() == 4) area[N + i] = static_cast<const Rect*>(s)->scaledArea(2.0f);
  else area[N + i] = -1;
  tickets[i] = nextTicket();
}

__global__ void teardown() {
  int i = threadIdx.x;
  if (i >= N) return;
  if (i % 4 == 3) delete shapes[i];
  else shapes[i]->~Shape();
}

union Header {
  uint32_t raw;
  struct {
    uint32_t kind : 3;
    uint32_t flags : 5;
    uint32_t length : 12;
    int32_t delta : 12;
  } f;
};

__global__ void decode(const uint32_t* __restrict__ in, int* __restrict__ out, int n) {
  __shared__ alignas(16) float tile[64];
  int t = threadIdx.x;
  Header h; h.raw = in[t];
  out[4 * t + 0] = h.f.kind; out[4 * t + 1] = h.f.flags; out[4 * t + 2] = h.f.length; out[4 * t + 3] = h.f.delta;
  tile[t] = (float)t;
  __syncthreads();
  if (t < 16) {
    float4 v = reinterpret_cast<const float4*>(tile)[t];
    out[4 * n + t] = (int)(v.x + 2 * v.y + 3 * v.z + 4 * v.w);
  }
}

int main() {
  build<<<1, 32>>>();
  float *area, *per; int *sides, *tickets; char* names;
  cudaMalloc(&area, 2 * N * 4); cudaMalloc(&per, N * 4); cudaMalloc(&sides, N * 4); cudaMalloc(&names, N * 8); cudaMalloc(&tickets, N * 4);
  use<<<1, 32>>>(area, per, sides, names, tickets);
  use<<<1, 32>>>(area, per, sides, names, tickets);
  teardown<<<1, 32>>>();
  cudaError_t e = cudaDeviceSynchronize();
  printf("err=%s\n", cudaGetErrorString(e));
  float ha[2 * N], hp[N]; int hs[N], ht[N]; char hn[N * 8]; int dc;
  cudaMemcpy(ha, area, sizeof ha, cudaMemcpyDeviceToHost); cudaMemcpy(hp, per, sizeof hp, cudaMemcpyDeviceToHost);
  cudaMemcpy(hs, sides, sizeof hs, cudaMemcpyDeviceToHost); cudaMemcpy(hn, names, sizeof hn, cudaMemcpyDeviceToHost);
  cudaMemcpy(ht, tickets, sizeof ht, cudaMemcpyDeviceToHost); cudaMemcpyFromSymbol(&dc, dtorCount, 4);
  int tmin = 1 << 30, tmax = -1;
  for (int i = 0; i < N; i++) {
    printf("%2d %-7s area=%g per=%g sides=%d scaled=%g\n", i, hn + i * 8, ha[i], hp[i], hs[i], ha[N + i]);
    tmin = ht[i] < tmin ? ht[i] : tmin; tmax = ht[i] > tmax ? ht[i] : tmax;
  }
  printf("tickets %d..%d dtors=%d\n", tmin, tmax, dc);

  const int M = 64;
  uint32_t hin[M];
  for (int i = 0; i < M; i++) hin[i] = (uint32_t)i * 2654435761u;
  uint32_t* din; int* dout;
  cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, (4 * M + 16) * 4);
  cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
  decode<<<1, M>>>(din, dout, M);
  int ho[4 * M + 16];
  cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < M; i++) {
    Header h; h.raw = hin[i];
    if (ho[4 * i] != (int)h.f.kind || ho[4 * i + 1] != (int)h.f.flags || ho[4 * i + 2] != (int)h.f.length || ho[4 * i + 3] != h.f.delta) bad++;
    if (i < 4) printf("hdr %08x kind=%d flags=%d len=%d delta=%d\n", hin[i], ho[4 * i], ho[4 * i + 1], ho[4 * i + 2], ho[4 * i + 3]);
  }
  printf("bitfield mismatches vs host: %d\n", bad);
  for (int t = 0; t < 16; t++) printf("%d%c", ho[4 * M + t], t == 15 ? '\n' : ' ');
  return 0;
}
