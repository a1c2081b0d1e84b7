// flags: -std=c++17 -O3
// Template machinery that numerical libraries use in device code: expression templates for a
// fixed-size vector type (lazy a*x + y - z evaluated element by element, no temporaries),
// operator overloading on a complex type and on 3x3 matrices, templates with non-type parameters
// recursing at compile time (a compile-time unrolled Horner polynomial, a templated bitonic
// sorting network over N = 16 registers, integer power by squaring), variadic templates (a typed
// max over a parameter pack, a printf-free formatter counting digits), constexpr functions
// evaluated both at compile time (static_assert) and at run time, and if constexpr selecting
// paths per type. Grid of 3 blocks x 7x3x5 threads (105, partial warps). Exact results.
#include <cstdio>
#include <cstdint>
#include <type_traits>

template <typename E> struct Expr {
    __device__ const E& self() const { return static_cast<const E&>(*this); }
};
template <int N> struct Vec : Expr<Vec<N>> {
    int v[N];
    __device__ int operator[](int i) const { return v[i]; }
    template <typename E> __device__ Vec& operator=(const Expr<E>& e) {
        for (int i = 0; i < N; i++) v[i] = e.self()[i];
        return *this;
    }
};
template <typename A, typename B, typename Op> struct Bin : Expr<Bin<A, B, Op>> {
    const A& a; const B& b;
    __device__ Bin(const A& x, const B& y) : a(x), b(y) {}
    __device__ int operator[](int i) const { return Op::apply(a[i], b[i]); }
};
template <typename A> struct Scaled : Expr<Scaled<A>> {
    int s; const A& a;
    __device__ Scaled(int k, const A& x) : s(k), a(x) {}
    __device__ int operator[](int i) const { return s * a[i]; }
};
struct AddOp { __device__ static int apply(int x, int y) { return x + y; } };
struct SubOp { __device__ static int apply(int x, int y) { return x - y; } };
template <typename A, typename B> __device__ Bin<A, B, AddOp> operator+(const Expr<A>& a, const Expr<B>& b) { return {a.self(), b.self()}; }
template <typename A, typename B> __device__ Bin<A, B, SubOp> operator-(const Expr<A>& a, const Expr<B>& b) { return {a.self(), b.self()}; }
template <typename A> __device__ Scaled<A> operator*(int s, const Expr<A>& a) { return {s, a.self()}; }

struct Cplx {
    long long re, im;
    __host__ __device__ Cplx operator*(const Cplx& o) const { return {re * o.re - im * o.im, re * o.im + im * o.re}; }
    __host__ __device__ Cplx operator+(const Cplx& o) const { return {re + o.re, im + o.im}; }
    __host__ __device__ Cplx& operator+=(const Cplx& o) { re += o.re; im += o.im; return *this; }
    __host__ __device__ bool operator==(const Cplx& o) const { return re == o.re && im == o.im; }
    __host__ __device__ Cplx operator~() const { return {re, -im}; }   // conjugate
};

struct Mat3 {
    int m[3][3];
    __host__ __device__ Mat3 operator*(const Mat3& o) const {
        Mat3 r{};
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) { int s = 0; for (int k = 0; k < 3; k++) s += m[i][k] * o.m[k][j]; r.m[i][j] = s; }
        return r;
    }
    __host__ __device__ int trace() const { return m[0][0] + m[1][1] + m[2][2]; }
};

template <int K> struct Horner {   // coefficients c_k = (k*k + 1) % 7 - 3, degree K
    __host__ __device__ static constexpr long long eval(long long x) { return Horner<K - 1>::eval(x) * x + ((K * K + 1) % 7 - 3); }
};
template <> struct Horner<0> { __host__ __device__ static constexpr long long eval(long long) { return -2; } };

template <unsigned E> __host__ __device__ constexpr unsigned long long ipow(unsigned long long b) {
    if constexpr (E == 0) return 1;
    else if constexpr (E % 2 == 0) { auto h = ipow<E / 2>(b); return h * h; }
    else return b * ipow<E - 1>(b);
}
static_assert(ipow<13>(3) == 1594323ULL);
static_assert(Horner<3>::eval(2) == ((((-2) * 2 + (2 % 7 - 3)) * 2 + (5 % 7 - 3)) * 2 + (10 % 7 - 3)));

// bitonic network over N registers, fully unrolled by template recursion
template <int N, int J> struct Merge {
    __device__ static void run(int* a, int k) {
        for (int i = 0; i < N; i++) {
            int l = i ^ J;
            if (l > i) { bool up = (i & k) == 0; if ((a[i] > a[l]) == up) { int t = a[i]; a[i] = a[l]; a[l] = t; } }
        }
        Merge<N, J / 2>::run(a, k);
    }
};
template <int N> struct Merge<N, 0> { __device__ static void run(int*, int) {} };
template <int N, int K> struct Bitonic {
    __device__ static void run(int* a) { Bitonic<N, K / 2>::run(a); Merge<N, K / 2>::run(a, K); }
};
template <int N> struct Bitonic<N, 1> { __device__ static void run(int*) {} };

template <typename T> __device__ T vmax(T a) { return a; }
template <typename T, typename... R> __device__ T vmax(T a, R... r) { T b = vmax<T>(r...); return a > b ? a : b; }
template <typename... Ts> __device__ constexpr int count_args(Ts...) { return sizeof...(Ts); }

template <typename T> __device__ long long describe(T x) {
    if constexpr (std::is_floating_point_v<T>) return (long long)(x * 1024);
    else if constexpr (std::is_signed_v<T>) return -(long long)x;
    else return (long long)x << 1;
}

__host__ __device__ constexpr int digits(unsigned long long v) { int d = 1; while (v >= 10) { v /= 10; d++; } return d; }

__global__ void kernel(long long* out) {
    int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    int g = blockIdx.x * (blockDim.x * blockDim.y * blockDim.z) + tid;
    Vec<5> a, b, c, r;
    for (int i = 0; i < 5; i++) { a.v[i] = g + i; b.v[i] = g * i - 3; c.v[i] = (g ^ i) & 7; }
    r = 3 * a + b - c + 2 * (a - c);
    long long e = 0;
    for (int i = 0; i < 5; i++) e = e * 7 + r[i];
    Cplx z{g % 5 - 2, g % 3 - 1}, acc{0, 0}, p{1, 0};
    for (int k = 0; k < 6; k++) { acc += p; p = p * z; }
    acc = acc * ~z;
    Mat3 m{{{g % 3, 1, 0}, {0, g % 4, 1}, {1, 0, g % 5}}};
    Mat3 m3 = m * m * m;
    int keys[16];
    for (int i = 0; i < 16; i++) keys[i] = (g * 31 + i * 17) % 23 - (i & 3);
    Bitonic<16, 16>::run(keys);
    int sorted = 1;
    for (int i = 1; i < 16; i++) sorted &= keys[i - 1] <= keys[i];
    long long h = Horner<9>::eval(g % 11 - 5);
    unsigned long long pw = ipow<21>((unsigned long long)(g % 9 + 1));
    int mx = vmax(g % 13, (g * 7) % 17, 9 - g % 5, count_args(1, 2.0, 'c', g));
    long long d = describe(g) + describe((unsigned)g) + describe(g * 0.375f) + describe((short)-g);
    long long* o = out + g * 10;
    o[0] = e; o[1] = acc.re; o[2] = acc.im; o[3] = m3.trace(); o[4] = keys[0] * 100 + keys[15];
    o[5] = sorted; o[6] = h; o[7] = (long long)(pw % 1000000007ULL); o[8] = mx; o[9] = d + digits(pw);
}

int main() {
    const int blocks = 3, threads = 7 * 3 * 5, n = blocks * threads;
    long long* d;
    cudaMalloc(&d, n * 10 * sizeof(long long));
    kernel<<<blocks, dim3(7, 3, 5)>>>(d);
    static long long h[n * 10];
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int g = 0; g < n; g++) {
        long long e = 0;
        for (int i = 0; i < 5; i++) { int a = g + i, b = g * i - 3, c = (g ^ i) & 7; e = e * 7 + (3 * a + b - c + 2 * (a - c)); }
        Cplx z{g % 5 - 2, g % 3 - 1}, acc{0, 0}, p{1, 0};
        for (int k = 0; k < 6; k++) { acc += p; p = p * z; }
        acc = acc * ~z;
        unsigned long long pw = 1; for (int k = 0; k < 21; k++) pw *= (unsigned long long)(g % 9 + 1);
        bad += h[g * 10] != e || h[g * 10 + 1] != acc.re || h[g * 10 + 2] != acc.im || h[g * 10 + 5] != 1 || h[g * 10 + 7] != (long long)(pw % 1000000007ULL);
    }
    long long sums[10] = {0};
    for (int g = 0; g < n; g++) for (int j = 0; j < 10; j++) sums[j] += h[g * 10 + j] * ((g % 7) + 1);
    for (int j = 0; j < 10; j++) printf("column %d weighted sum %lld\n", j, sums[j]);
    for (int g : {0, 1, 104, 105, 200, 314}) {
        printf("g=%d:", g);
        for (int j = 0; j < 10; j++) printf(" %lld", h[g * 10 + j]);
        printf("\n");
    }
    printf("host mismatches %d\n%s\n", bad, cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
