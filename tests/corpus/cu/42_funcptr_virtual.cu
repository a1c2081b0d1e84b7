// min-arch: sm_75
// Indirect calls: function pointers to __device__ functions (call.uni through a register with .callprototype),
// tables of function pointers in __device__ / __constant__ memory, virtual functions in a device-side class
// hierarchy (vtables, objects constructed in-kernel with placement new), std-free functor dispatch.
#include <new>

typedef float (*unary_fn)(float);
typedef int (*binop_fn)(int, int);

__device__ float f_square(float x) { return x * x; }
__device__ float f_negate(float x) { return -x; }
__device__ float f_half(float x) { return 0.5f * x; }
__device__ float f_sin(float x) { return sinf(x); }

__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_max(int a, int b) { return a > b ? a : b; }

__device__ unary_fn d_unary_table[4] = {f_square, f_negate, f_half, f_sin};
__device__ binop_fn d_binops[3] = {op_add, op_mul, op_max};

extern "C" __global__ void apply_fnptr(const float *in, const int *which, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    unary_fn f = d_unary_table[which[i] & 3];
    out[i] = f(in[i]);
}

__device__ __noinline__ int fold(const int *a, int n, binop_fn op, int init) {
    int acc = init;
    for (int k = 0; k < n; ++k) acc = op(acc, a[k]);
    return acc;
}

extern "C" __global__ void fold_kernel(const int *data, int len, int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    binop_fn op = d_binops[t % 3];
    out[t] = fold(data + t * len, len, op, t % 3 == 1 ? 1 : 0);
}

// Virtual dispatch
class Shape {
  public:
    __device__ virtual ~Shape() {}
    __device__ virtual float area() const = 0;
    __device__ virtual float perimeter() const { return 0.f; }
    __device__ virtual int sides() const { return 0; }
};
class Circle : public Shape {
    float r;
  public:
    __device__ Circle(float r_) : r(r_) {}
    __device__ float area() const override { return 3.14159265f * r * r; }
    __device__ float perimeter() const override { return 2.f * 3.14159265f * r; }
};
class Rect : public Shape {
  protected:
    float w, h;
  public:
    __device__ Rect(float w_, float h_) : w(w_), h(h_) {}
    __device__ float area() const override { return w * h; }
    __device__ float perimeter() const override { return 2.f * (w + h); }
    __device__ int sides() const override { return 4; }
};
class Square final : public Rect {
  public:
    __device__ Square(float s) : Rect(s, s) {}
    __device__ float perimeter() const override { return 4.f * w; }
};

extern "C" __global__ void virtual_shapes(const int *kind, const float *dim, float *area, float *perim, int *sides, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    alignas(16) unsigned char storage[32];
    Shape *s;
    switch (kind[i] % 3) {
    case 0: s = new (storage) Circle(dim[i]); break;
    case 1: s = new (storage) Rect(dim[i], 2.f * dim[i]); break;
    default: s = new (storage) Square(dim[i]); break;
    }
    area[i] = s->area();
    perim[i] = s->perimeter();
    sides[i] = s->sides();
    s->~Shape();
}

// Heap-allocated polymorphic objects with virtual destructor
extern "C" __global__ void virtual_heap(float *out) {
    Shape *s = (threadIdx.x & 1) ? (Shape *)new Circle(1.0f) : (Shape *)new Square(2.0f);
    out[threadIdx.x] = s->area() + s->perimeter();
    delete s;
}
