// flags: -O2 -std=c++17
// Object-oriented device code: classes with virtual functions constructed on the device
// (placement new into global memory and device-side new/delete), virtual destructors, multiple
// levels of inheritance, CRTP static polymorphism, __device__ function-pointer tables (also
// fetched to the host with cudaMemcpyFromSymbol and passed back), member function pointers.
#include <cstdio>
#include <cstdint>
#include <new>

struct Shape {
    int id;
    __device__ Shape(int i) : id(i) {}
    __device__ virtual ~Shape() {}
    __device__ virtual float area() const = 0;
    __device__ virtual float perimeter() const { return 0; }
    __device__ virtual int kind() const { return 0; }
};
struct Circle : Shape {
    float r;
    __device__ Circle(int i, float r) : Shape(i), r(r) {}
    __device__ float area() const override { return 3.14159265f * r * r; }
    __device__ float perimeter() const override { return 2 * 3.14159265f * r; }
    __device__ int kind() const override { return 1; }
};
struct Rect : Shape {
    float w, h;
    __device__ Rect(int i, float w, float h) : Shape(i), w(w), h(h) {}
    __device__ float area() const override { return w * h; }
    __device__ float perimeter() const override { return 2 * (w + h); }
    __device__ int kind() const override { return 2; }
};
struct Square final : Rect {
    __device__ Square(int i, float s) : Rect(i, s, s) {}
    __device__ int kind() const override { return 3; }  // area/perimeter inherited from Rect
};
struct Tri : Shape {
    float a, b, c;
    __device__ Tri(int i, float a, float b, float c) : Shape(i), a(a), b(b), c(c) {}
    __device__ float area() const override { float s = (a + b + c) / 2; return sqrtf(s * (s - a) * (s - b) * (s - c)); }
    // perimeter: the base class's 0
};

__device__ int g_destroyed;
struct Counted : Circle {
    __device__ Counted(int i) : Circle(i, 0.5f) {}
    __device__ ~Counted() override { atomicAdd(&g_destroyed, 1); }
};

__global__ void build(Shape **objs, unsigned char *arena, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    void *slot = arena + (size_t)i * 64;
    switch (i % 5) {
        case 0: objs[i] = new (slot) Circle(i, 1 + i % 3); break;
        case 1: objs[i] = new (slot) Rect(i, 1 + i % 4, 2); break;
        case 2: objs[i] = new (slot) Square(i, 0.5f * (i % 6)); break;
        case 3: objs[i] = new (slot) Tri(i, 3, 4, 5); break;
        case 4: objs[i] = new Counted(i); break;  // device heap
    }
}
__global__ void use(Shape *const *objs, float *out, int *kinds, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const Shape *s = objs[i];
    out[2 * i] = s->area();
    out[2 * i + 1] = s->perimeter();
    kinds[i] = s->kind() * 1000 + s->id;
}
__global__ void destroy(Shape **objs, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    if (i % 5 == 4) delete objs[i];
    else objs[i]->~Shape();
}

// CRTP
template <class D> struct Filter {
    __device__ float apply(float x) const { return static_cast<const D *>(this)->impl(x) * static_cast<const D *>(this)->gain(); }
    __device__ float gain() const { return 1.0f; }
};
struct Clamp : Filter<Clamp> { float lo, hi; __device__ float impl(float x) const { return x < lo ? lo : x > hi ? hi : x; } };
struct Scale : Filter<Scale> { float k; __device__ float impl(float x) const { return x * k; } __device__ float gain() const { return 0.5f; } };
template <class F> __global__ void run_filter(F f, const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f.apply(in[i]);
}

// function-pointer tables
typedef int (*op_t)(int, int);
__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_xor(int a, int b) { return a ^ b; }
__device__ int op_min(int a, int b) { return a < b ? a : b; }
__device__ op_t d_ops[5] = {op_add, op_sub, op_mul, op_xor, op_min};
__device__ op_t d_mul_ptr = op_mul;
__global__ void table(int *out, op_t extra) {
    int t = threadIdx.x;
    int acc = t;
    for (int k = 0; k < 10; k++) acc = d_ops[(t + k) % 5](acc, k + 1) & 0xfffff;
    out[t] = extra(acc, 3);
}

struct Acc2 { int v; __device__ void add(int x) { v += x; } __device__ void twice(int x) { v += 2 * x; } };
__global__ void member_ptrs(int *out) {
    void (Acc2::*fns[2])(int) = {&Acc2::add, &Acc2::twice};
    Acc2 a{threadIdx.x};
    for (int k = 0; k < 8; k++) (a.*fns[(k + threadIdx.x) & 1])(k);
    out[threadIdx.x] = a.v;
}

int main() {
    const int N = 200;
    Shape **objs; unsigned char *arena; float *out; int *kinds;
    cudaMalloc(&objs, N * sizeof(Shape *)); cudaMalloc(&arena, N * 64); cudaMalloc(&out, 2 * N * 4); cudaMalloc(&kinds, N * 4);
    build<<<(N + 63) / 64, 64>>>(objs, arena, N);
    use<<<(N + 63) / 64, 64>>>(objs, out, kinds, N);
    destroy<<<(N + 63) / 64, 64>>>(objs, N);
    cudaError_t e = cudaDeviceSynchronize();
    float ho[2 * N]; int hk[N], destroyed;
    cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost); cudaMemcpy(hk, kinds, sizeof hk, cudaMemcpyDeviceToHost);
    cudaMemcpyFromSymbol(&destroyed, g_destroyed, 4);
    double sa = 0, sp = 0; bool ok = true;
    for (int i = 0; i < N; i++) { sa += ho[2 * i]; sp += ho[2 * i + 1]; int k = (i % 5 == 0) ? 1 : (i % 5 == 1) ? 2 : (i % 5 == 2) ? 3 : (i % 5 == 3) ? 0 : 1; ok &= hk[i] == k * 1000 + i; }
    printf("virtual: %s kinds %s area sum %.4f perimeter sum %.4f destroyed %d\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", sa, sp, destroyed);
    printf("  [0] %a %a [2] %a [3] %a %a [4] %a\n", ho[0], ho[1], ho[4], ho[6], ho[7], ho[8]);

    float hin[256]; for (int i = 0; i < 256; i++) hin[i] = (i - 128) * 0.37f;
    float *din, *dout; cudaMalloc(&din, 1024); cudaMalloc(&dout, 1024);
    cudaMemcpy(din, hin, 1024, cudaMemcpyHostToDevice);
    Clamp c; c.lo = -10; c.hi = 20;
    Scale s; s.k = 3;
    float r1[256], r2[256];
    run_filter<<<4, 64>>>(c, din, dout, 256); cudaMemcpy(r1, dout, 1024, cudaMemcpyDeviceToHost);
    run_filter<<<4, 64>>>(s, din, dout, 256); cudaMemcpy(r2, dout, 1024, cudaMemcpyDeviceToHost);
    ok = true; for (int i = 0; i < 256; i++) { float x = hin[i]; ok &= r1[i] == (x < -10 ? -10 : x > 20 ? 20 : x) && r2[i] == x * 3 * 0.5f; }
    printf("CRTP filters: %s %g %g\n", ok ? "ok" : "MISMATCH", r1[0], r2[255]);

    op_t hmul; cudaMemcpyFromSymbol(&hmul, d_mul_ptr, sizeof hmul);
    int *dt; cudaMalloc(&dt, 64 * 4);
    table<<<1, 64>>>(dt, hmul);
    e = cudaDeviceSynchronize();
    int ht[64]; cudaMemcpy(ht, dt, sizeof ht, cudaMemcpyDeviceToHost);
    ok = true;
    for (int t = 0; t < 64; t++) {
        int acc = t;
        for (int k = 0; k < 10; k++) { int b = k + 1; switch ((t + k) % 5) { case 0: acc = acc + b; break; case 1: acc = acc - b; break; case 2: acc = acc * b; break; case 3: acc = acc ^ b; break; case 4: acc = acc < b ? acc : b; break; } acc &= 0xfffff; }
        ok &= ht[t] == acc * 3;
    }
    printf("function-pointer table: %s %s [5]=%d [63]=%d\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", ht[5], ht[63]);
    member_ptrs<<<1, 32>>>(dt);
    cudaMemcpy(ht, dt, 128, cudaMemcpyDeviceToHost);
    ok = true; for (int t = 0; t < 32; t++) { int v = t; for (int k = 0; k < 8; k++) v += ((k + t) & 1) ? 2 * k : k; ok &= ht[t] == v; }
    printf("member function pointers: %s [0]=%d [1]=%d\n", ok ? "ok" : "MISMATCH", ht[0], ht[1]);
    return 0;
}
