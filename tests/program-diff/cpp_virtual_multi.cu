// flags: -std=c++17
// Device-side class hierarchies beyond single inheritance: multiple inheritance of two
// interfaces (this-pointer adjustment when calling through the second base), a three-level
// chain where the middle class overrides and calls Base::f explicitly, pure virtual functions,
// virtual functions with default arguments (bound statically), covariant return types,
// virtual calls inside constructors (which dispatch to the class under construction), objects
// created with new in one kernel, used in a second and destroyed in a third with virtual
// destructors that count in a __device__ tally, and new[]/delete[] of objects with
// constructors. Block of 96 threads (3 warps), 2 blocks. Exact integer results.
#include <cstdio>

__device__ int g_ctor_log[256];
__device__ int g_dtor_count;
__device__ int g_ctor_seen;

struct Named {
    __device__ virtual ~Named() { atomicAdd(&g_dtor_count, 1); }
    __device__ virtual int name_code() const = 0;
};
struct Valued {
    int bias = 1000;
    __device__ virtual ~Valued() { atomicAdd(&g_dtor_count, 10); }
    __device__ virtual int value(int scale = 2) const { return bias * scale; }
};

struct Base : Named, Valued {
    int id;
    __device__ explicit Base(int i) : id(i) { atomicAdd(&g_ctor_seen, kind()); }
    __device__ virtual int kind() const { return 1; }
    __device__ int name_code() const override { return 100 + id; }
    __device__ virtual Base* self() { return this; }
    __device__ ~Base() override { atomicAdd(&g_dtor_count, 100); }
};
struct Middle : Base {
    __device__ explicit Middle(int i) : Base(i * 2) { atomicAdd(&g_ctor_seen, kind() * 1000); }
    __device__ int kind() const override { return 2; }
    __device__ int value(int scale = 3) const override { return Valued::value(scale) + id; }
    __device__ Middle* self() override { return this; }
    __device__ ~Middle() override { atomicAdd(&g_dtor_count, 1000); }
};
struct Leaf final : Middle {
    int extra;
    __device__ Leaf(int i, int e) : Middle(i), extra(e) {}
    __device__ int kind() const override { return 3 + Middle::kind(); }
    __device__ int name_code() const override { return Base::name_code() * 7 + extra; }
    __device__ int value(int scale = 5) const override { return Middle::value(scale) - extra; }
    __device__ ~Leaf() override { atomicAdd(&g_dtor_count, 10000); }
};

__device__ Base* g_objects[192];

__global__ void create(int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    Base* b;
    switch (t % 3) {
        case 0: b = new Base(t); break;
        case 1: b = new Middle(t); break;
        default: b = new Leaf(t, t % 11); break;
    }
    g_objects[t] = b;
}

__global__ void use(int n, int* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    Base* b = g_objects[t];
    Named* nm = b;            // first base: same address
    Valued* vl = b;           // second base: adjusted pointer
    int a = nm->name_code();
    int v = vl->value();      // default argument from Valued: scale 2
    int v7 = b->value(7);
    int k = b->self()->kind();
    int off = (int)((char*)vl - (char*)b);
    out[t * 5 + 0] = a;
    out[t * 5 + 1] = v;
    out[t * 5 + 2] = v7;
    out[t * 5 + 3] = k;
    out[t * 5 + 4] = off > 0;
}

__global__ void destroy(int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    if (t % 2) delete static_cast<Named*>(g_objects[t]);
    else delete static_cast<Valued*>(g_objects[t]);
}

struct Counter {
    int v;
    __device__ Counter() : v(7) { atomicAdd(&g_ctor_seen, 1); }
    __device__ ~Counter() { atomicAdd(&g_dtor_count, 1); }
};

__global__ void arrays(int* out) {
    int t = threadIdx.x;
    Counter* c = new Counter[t % 4 + 1];
    int s = 0;
    for (int i = 0; i < t % 4 + 1; i++) { c[i].v += i * t; s += c[i].v; }
    delete[] c;
    out[t] = s;
}

int main() {
    const int n = 190;
    int* d;
    cudaMalloc(&d, n * 5 * sizeof(int));
    create<<<2, 96>>>(n);
    use<<<2, 96>>>(n, d);
    int h[n * 5];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int seen;
    cudaMemcpyFromSymbol(&seen, g_ctor_seen, sizeof seen);
    printf("constructor kinds sum %d\n", seen);
    long long sums[5] = {0, 0, 0, 0, 0};
    int bad = 0;
    for (int t = 0; t < n; t++) {
        for (int j = 0; j < 5; j++) sums[j] += h[t * 5 + j];
        int id = t % 3 == 0 ? t : t * 2;
        int e = t % 11;
        int ea, ev, ev7, ek;
        if (t % 3 == 0) { ea = 100 + id; ev = 2000; ev7 = 7000; ek = 1; }
        else if (t % 3 == 1) { ea = 100 + id; ev = 2000 + id; ev7 = 7000 + id; ek = 2; }
        else { ea = (100 + id) * 7 + e; ev = 2000 + id - e; ev7 = 7000 + id - e; ek = 5; }
        if (h[t * 5] != ea || h[t * 5 + 1] != ev || h[t * 5 + 2] != ev7 || h[t * 5 + 3] != ek || h[t * 5 + 4] != 1) bad++;
        if (t < 6 || t > n - 3) printf("obj %3d: name %d value %d value7 %d kind %d adjusted %d\n", t, h[t * 5], h[t * 5 + 1], h[t * 5 + 2], h[t * 5 + 3], h[t * 5 + 4]);
    }
    printf("sums %lld %lld %lld %lld %lld, mismatches %d\n", sums[0], sums[1], sums[2], sums[3], sums[4], bad);
    destroy<<<2, 96>>>(n);
    int dt;
    cudaMemcpyFromSymbol(&dt, g_dtor_count, sizeof dt);
    printf("destructor tally %d\n", dt);
    int zero = 0;
    cudaMemcpyToSymbol(g_dtor_count, &zero, sizeof zero);
    cudaMemcpyToSymbol(g_ctor_seen, &zero, sizeof zero);
    arrays<<<1, 77>>>(d);
    int a[77];
    cudaMemcpy(a, d, sizeof a, cudaMemcpyDeviceToHost);
    long long as = 0;
    for (int t = 0; t < 77; t++) as += a[t] * (t + 1);
    cudaMemcpyFromSymbol(&dt, g_dtor_count, sizeof dt);
    cudaMemcpyFromSymbol(&seen, g_ctor_seen, sizeof seen);
    printf("arrays weighted %lld ctors %d dtors %d a[5]=%d a[76]=%d\n", as, seen, dt, a[5], a[76]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
