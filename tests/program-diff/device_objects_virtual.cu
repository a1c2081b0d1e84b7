// flags: -std=c++17
// Objects with virtual functions created in device code: a kernel constructs a heterogeneous
// array of shapes with new (Circle, Rect, Polygon deriving from an abstract Shape with a virtual
// destructor), calls virtual area/perimeter/scale through base pointers from another kernel,
// deletes them (virtual destructors counting down a __device__ tally); placement new into
// shared memory of a class with a constructor, member initialisers and a user-defined copy;
// a function-scope static __device__ counter, a class with a static __device__ member function,
// and operator overloading on a small fixed-point type. Results exact (dyadic values, integers).
#include <cstdio>
#include <new>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ int g_alive = 0;

struct Shape {
    int id;
    __device__ explicit Shape(int i) : id(i) { atomicAdd(&g_alive, 1); }
    __device__ virtual ~Shape() { atomicSub(&g_alive, 1); }
    __device__ virtual float area() const = 0;
    __device__ virtual float perimeter() const = 0;
    __device__ virtual void scale(float k) = 0;
    __device__ virtual int kind() const { return 0; }
};
struct Rect : Shape {
    float w, h;
    __device__ Rect(int i, float w_, float h_) : Shape(i), w(w_), h(h_) {}
    __device__ float area() const override { return w * h; }
    __device__ float perimeter() const override { return 2 * (w + h); }
    __device__ void scale(float k) override { w *= k; h *= k; }
    __device__ int kind() const override { return 1; }
};
struct Square : Rect {
    __device__ Square(int i, float s) : Rect(i, s, s) {}
    __device__ int kind() const override { return 2; }
};
struct Poly : Shape {
    int n; float side;
    __device__ Poly(int i, int n_, float s) : Shape(i), n(n_), side(s) {}
    __device__ float area() const override { return n * side * side * 0.25f; }  // not geometric: a fixed formula
    __device__ float perimeter() const override { return n * side; }
    __device__ void scale(float k) override { side *= k; }
};

__global__ void build(Shape** shapes, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    switch (i % 3) {
    case 0: shapes[i] = new Rect(i, 0.5f * (i % 7 + 1), 0.25f * (i % 5 + 1)); break;
    case 1: shapes[i] = new Square(i, 0.125f * (i % 9 + 1)); break;
    default: shapes[i] = new Poly(i, 3 + i % 6, 0.5f * (i % 4 + 1)); break;
    }
}
__global__ void measure(Shape** shapes, int n, float* out, int* kinds) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n || !shapes[i]) return;
    Shape* s = shapes[i];
    s->scale(2.0f);
    out[2 * i] = s->area();
    out[2 * i + 1] = s->perimeter();
    kinds[i] = s->kind() * 1000 + s->id;
}
__global__ void destroy(Shape** shapes, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) delete shapes[i];
}

struct Fixed {
    int raw;  // 16.16
    __host__ __device__ static Fixed from(float f) { return Fixed{(int)(f * 65536.0f)}; }
    __host__ __device__ Fixed operator+(Fixed o) const { return Fixed{raw + o.raw}; }
    __host__ __device__ Fixed operator*(Fixed o) const { return Fixed{(int)(((long long)raw * o.raw) >> 16)}; }
    __host__ __device__ bool operator<(Fixed o) const { return raw < o.raw; }
    __host__ __device__ Fixed& operator+=(Fixed o) { raw += o.raw; return *this; }
};

struct Accumulator {
    Fixed sum = Fixed{0};
    int count = 0;
    int history[4] = {-1, -1, -1, -1};
    __device__ Accumulator() {}
    __device__ Accumulator(const Accumulator& o) : sum(o.sum), count(o.count + 100) { for (int i = 0; i < 4; ++i) history[i] = o.history[i]; }
    __device__ void add(Fixed f) { sum += f; history[count++ % 4] = f.raw; }
    __device__ static int twice(int x) { return 2 * x; }
};

__device__ int next_serial() { static __device__ int serial = 0; return atomicAdd(&serial, 1); }

__global__ void objects(int* out) {
    __shared__ __align__(8) unsigned char raw[sizeof(Accumulator)];
    if (threadIdx.x == 0) new (raw) Accumulator();
    __syncthreads();
    Accumulator* acc = reinterpret_cast<Accumulator*>(raw);
    for (int t = 0; t < 32; ++t) {
        if (threadIdx.x == t) acc->add(Fixed::from(0.5f * t) * Fixed::from(1.25f));
        __syncthreads();
    }
    int serial = next_serial();
    if (threadIdx.x == 0) {
        Accumulator copy = *acc;
        out[0] = copy.sum.raw; out[1] = copy.count;
        for (int i = 0; i < 4; ++i) out[2 + i] = copy.history[i];
        out[6] = Accumulator::twice(21);
        out[7] = Fixed::from(3.5f) < Fixed::from(-1.0f);
    }
    atomicMax(&out[8], serial);
}

int main() {
    const int n = 50;
    Shape** shapes; CK(cudaMalloc(&shapes, n * sizeof(Shape*)));
    float* m; int* kinds;
    CK(cudaMallocManaged(&m, 2 * n * sizeof(float))); CK(cudaMallocManaged(&kinds, n * sizeof(int)));
    build<<<2, 32>>>(shapes, n);
    measure<<<4, 16>>>(shapes, n, m, kinds);
    CK(cudaDeviceSynchronize());
    int alive; CK(cudaMemcpyFromSymbol(&alive, g_alive, sizeof alive));
    double sa = 0, sp = 0; long long sk = 0;
    for (int i = 0; i < n; ++i) { sa += m[2 * i]; sp += m[2 * i + 1]; sk += kinds[i]; }
    printf("alive %d, total area %.9g, perimeter %.9g, kinds %lld\n", alive, sa, sp, sk);
    for (int i = 0; i < 6; ++i) printf("shape %d: kind %d area %a perimeter %a\n", i, kinds[i], m[2 * i], m[2 * i + 1]);
    destroy<<<1, 64>>>(shapes, n);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpyFromSymbol(&alive, g_alive, sizeof alive));
    printf("alive after delete %d\n", alive);
    int* out; CK(cudaMallocManaged(&out, 16 * sizeof(int)));
    for (int i = 0; i < 16; ++i) out[i] = 0;
    objects<<<2, 32>>>(out);
    CK(cudaDeviceSynchronize());
    printf("objects:"); for (int i = 0; i < 9; ++i) printf(" %d", out[i]); printf("\n");
    return 0;
}
