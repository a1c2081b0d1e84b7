// flags: -G --extended-lambda -std=c++17
// Callables in device code built for debugging (-G): extended __device__ lambdas capturing by
// value (arrays, structs, a this-copy with [*this]), mutable lambdas with per-call state,
// lambdas returning lambdas, generic lambdas (auto parameters) passed to a templated kernel,
// __host__ __device__ lambdas used on both sides, a __device__ table of function pointers
// selected per thread, pointers to member functions and to data members, __noinline__ mutual
// recursion (Hofstadter F/M sequences) and a __forceinline__ helper, __restrict__ pointers.
// 2D blocks of 16x6 (96 threads) over a 37x11 domain (partial blocks). Exact integers.
#include <cstdio>

template <typename F> __global__ void apply2d(int w, int h, int* out, F f) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) out[y * w + x] = f(x, y);
}
struct Table { int v[4]; };

struct Params { int a, b; short c; char d; };

struct Stencil {
    int weights[3] = {1, -2, 5};
    int offset = 17;
    __host__ __device__ int weigh(int x) const { return weights[x % 3] * x + offset; }
    __host__ __device__ int twice(int x) const { return 2 * weigh(x); }
    void launch(int* out, int w, int h, dim3 grd, dim3 blk) const {
        // [*this] copies the object into the closure: the device never sees the host object
        apply2d<<<grd, blk>>>(w, h, out, [*this] __device__ (int x, int y) { return weigh(x) - twice(y) + weights[2]; });
    }
};

__device__ int op_add(int a, int b) { return a + b; }
__device__ int op_sub(int a, int b) { return a - b; }
__device__ int op_mul(int a, int b) { return a * b; }
__device__ int op_max(int a, int b) { return a > b ? a : b; }
__device__ int op_hash(int a, int b) { return (a * 31) ^ b; }
typedef int (*BinOp)(int, int);
__device__ BinOp g_ops[5] = {op_add, op_sub, op_mul, op_max, op_hash};

__noinline__ __device__ int hof_m(int n);
__noinline__ __device__ int hof_f(int n) { return n == 0 ? 1 : n - hof_m(hof_f(n - 1)); }
__noinline__ __device__ int hof_m(int n) { return n == 0 ? 0 : n - hof_f(hof_m(n - 1)); }
__host__ int host_f(int n);
__host__ int host_m(int n) { return n == 0 ? 0 : n - host_f(host_m(n - 1)); }
__host__ int host_f(int n) { return n == 0 ? 1 : n - host_m(host_f(n - 1)); }

__forceinline__ __device__ int mix(int a, int b) { return (a << 3) - (b >> 1) + (a ^ b); }

struct Acc {
    int total, count;
    __device__ void add(int v) { total += v; count++; }
    __device__ void sub(int v) { total -= v; count++; }
};

__global__ void members(const int* __restrict__ in, int* __restrict__ out, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    void (Acc::*fns[2])(int) = {&Acc::add, &Acc::sub};
    int Acc::*fields[2] = {&Acc::total, &Acc::count};
    Acc a{0, 0};
    for (int k = 0; k < 7; k++) (a.*fns[(in[t] >> k) & 1])(in[t] % (k + 3));
    int r = g_ops[t % 5](in[t], t) + a.*fields[t & 1];
    out[t] = mix(r, hof_f(t % 20) * 100 + hof_m(t % 17));
}

int main() {
    const int w = 37, h = 11;
    int* d;
    cudaMalloc(&d, w * h * sizeof(int));
    int got[w * h];
    long long sum;
    auto check = [&](const char* name, auto ref) {
        cudaMemcpy(got, d, sizeof got, cudaMemcpyDeviceToHost);
        int bad = 0; sum = 0;
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) { bad += got[y * w + x] != ref(x, y); sum += (long long)got[y * w + x] * (x + 2 * y + 1); }
        printf("%-22s sum %lld corner %d last %d mismatches %d\n", name, sum, got[0], got[w * h - 1], bad);
    };
    dim3 blk(16, 6), grd((w + 15) / 16, (h + 5) / 6);

    int table[4] = {3, -1, 4, 1};
    Params p{7, -9, 300, 'x'};
    Table tb{{3, -1, 4, 1}};
    auto by_value = [tb, p] __device__ (int x, int y) { return tb.v[(x + y) & 3] * p.a + p.b * y + p.c + p.d; };
    apply2d<<<grd, blk>>>(w, h, d, by_value);
    check("capture by value", [&](int x, int y) { return table[(x + y) & 3] * p.a + p.b * y + p.c + p.d; });

    auto both = [] __host__ __device__ (int x, int y) { return (x * x - 3 * y) % 7 + (x ^ y); };
    apply2d<<<grd, blk>>>(w, h, d, both);
    check("host-device lambda", both);

    int scale = 5;
    auto generic = [scale] __device__ (auto x, auto y) { decltype(x) s = scale; return s * x - y * y; };
    apply2d<<<grd, blk>>>(w, h, d, generic);
    check("generic lambda", [&](int x, int y) { return scale * x - y * y; });

    auto counter = [k = 10] __device__ (int x, int y) mutable { int s = 0; for (int i = 0; i < (x % 4) + 1; i++) s += k++; return s + y; };
    apply2d<<<grd, blk>>>(w, h, d, counter);
    check("mutable lambda", [&](int x, int y) { int k = 10, s = 0; for (int i = 0; i < (x % 4) + 1; i++) s += k++; return s + y; });

    auto outer = [] __device__ (int x, int y) {
        auto inner = [x](int z) { return x * z + 1; };
        auto maker = [](int m) { return [m](int q) { return q % m; }; };
        return inner(y) + maker(5)(x + y);
    };
    apply2d<<<grd, blk>>>(w, h, d, outer);
    check("nested lambdas", [&](int x, int y) { return x * y + 1 + (x + y) % 5; });

    Stencil st;
    st.offset = -4;
    st.launch(d, w, h, grd, blk);
    check("[*this] capture", [&](int x, int y) { return st.weigh(x) - st.twice(y) + st.weights[2]; });

    const int n = 333;
    int hin[n], hout[n];
    for (int i = 0; i < n; i++) hin[i] = (i * 7919) % 1000 - 300;
    int *din, *dout;
    cudaMalloc(&din, sizeof hin); cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    members<<<(n + 95) / 96, 96>>>(din, dout, n);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int bad = 0; long long s = 0;
    for (int t = 0; t < n; t++) {
        int total = 0, count = 0;
        for (int k = 0; k < 7; k++) { int v = hin[t] % (k + 3); if ((hin[t] >> k) & 1) total -= v; else total += v; count++; }
        int a = hin[t], b = t, r;
        switch (t % 5) { case 0: r = a + b; break; case 1: r = a - b; break; case 2: r = a * b; break; case 3: r = a > b ? a : b; break; default: r = (a * 31) ^ b; }
        r += (t & 1) ? count : total;
        int q = host_f(t % 20) * 100 + host_m(t % 17);
        int want = (r << 3) - (q >> 1) + (r ^ q);
        bad += hout[t] != want; s += hout[t];
    }
    printf("members/fnptr/recursion sum %lld first %d %d %d mismatches %d\n", s, hout[0], hout[1], hout[2], bad);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
