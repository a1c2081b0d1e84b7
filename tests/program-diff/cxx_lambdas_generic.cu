// flags: -O3 -std=c++17 --extended-lambda --expt-relaxed-constexpr
// Lambdas as real code bases use them: __device__ and __host__ __device__ extended lambdas passed
// to kernel templates, generic (auto) lambdas, lambdas capturing structs and arrays by value,
// *this captures, mutable lambdas, lambdas returning lambdas, lambdas stored in a struct member,
// cuda::proclaim_return_type with Thrust, recursion through a Y-combinator style generic lambda.
#include <cuda/functional>
#include <thrust/device_vector.h>
#include <thrust/transform.h>
#include <thrust/reduce.h>
#include <thrust/iterator/counting_iterator.h>
#include <cstdio>
#include <cstdint>

template <class F> __global__ void apply(int n, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) f(i);
}
template <class F, class... A> __global__ void apply_args(int n, F f, A... a) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) f(i, a...);
}

struct Params { float scale; int offset; float table[4]; };

struct Integrator {
    float dt; int steps;
    void run(float *x, int n) {
        // captures *this by value: the kernel gets a copy of dt and steps
        apply<<<(n + 127) / 128, 128>>>(n, [=, *this] __device__(int i) {
            float v = x[i];
            for (int s = 0; s < steps; s++) v = v + dt * (1.0f - v);
            x[i] = v;
        });
    }
};

template <class F> struct Holder { F f; int k; };

__host__ __device__ auto make_poly(float a, float b, float c) {
    return [=](float x) { return (a * x + b) * x + c; };
}

int main() {
    const int N = 1000;
    int *di; float *df; cudaMalloc(&di, N * 4); cudaMalloc(&df, N * 4);
    // 1. __device__ lambda with a captured struct holding an array
    Params p{1.5f, 7, {0.5f, 1.0f, 2.0f, 4.0f}};
    apply<<<8, 128>>>(N, [=] __device__(int i) { df[i] = (i + p.offset) * p.scale * p.table[i & 3]; });
    float hf[N]; cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    bool ok = true; for (int i = 0; i < N; i++) ok &= hf[i] == (i + 7) * 1.5f * p.table[i & 3];
    printf("struct capture: %s %g\n", ok ? "ok" : "MISMATCH", hf[N - 1]);
    // 2. generic lambda inside a device lambda, instantiated for several types
    apply<<<8, 128>>>(N, [=] __device__(int i) {
        auto sq = [](auto v) { return v * v; };
        auto mix = [&](auto a, auto b) { return sq(a) + sq(b); };
        di[i] = (int)mix(i % 17, (short)(i % 5)) + (int)mix(0.5, 1.5f) + (int)sq((long long)i) % 1000;
    });
    int hi[N]; cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    ok = true; for (int i = 0; i < N; i++) { int r = (i % 17) * (i % 17) + (i % 5) * (i % 5) + (int)(0.25 + 2.25) + (int)(((long long)i * i) % 1000); ok &= hi[i] == r; }
    printf("generic lambdas: %s %d\n", ok ? "ok" : "MISMATCH", hi[N - 1]);
    // 3. __host__ __device__ lambda used on both sides
    auto hd = [] __host__ __device__(int i) { return (i * 2654435761u) >> 20; };
    apply<<<8, 128>>>(N, [=] __device__(int i) { di[i] = hd(i); });
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    ok = true; for (int i = 0; i < N; i++) ok &= hi[i] == (int)hd(i);
    printf("host-device lambda: %s %d\n", ok ? "ok" : "MISMATCH", hi[123]);
    // 4. *this capture
    apply<<<8, 128>>>(N, [=] __device__(int i) { df[i] = i * 0.001f; });
    Integrator in{0.01f, 50}; in.run(df, N);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    printf("*this capture: %a %a\n", hf[0], hf[N - 1]);
    // 5. mutable lambda (state per thread), lambda returning a lambda, lambda in a struct member
    apply<<<8, 128>>>(N, [=] __device__(int i) {
        auto counter = [c = i] () mutable { return c++; };
        int s = 0; for (int k = 0; k < 5; k++) s += counter();
        auto poly = make_poly(1.0f, -2.0f, 0.5f);
        Holder<decltype(poly)> h{poly, 3};
        di[i] = s + (int)(h.f((float)(i % 10)) * h.k);
    });
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    ok = true; for (int i = 0; i < N; i++) { float x = (float)(i % 10); ok &= hi[i] == 5 * i + 10 + (int)(((1.0f * x - 2.0f) * x + 0.5f) * 3); }
    printf("mutable / returned / stored lambdas: %s %d\n", ok ? "ok" : "MISMATCH", hi[999]);
    // 6. extra kernel arguments after the lambda
    apply_args<<<8, 128>>>(N, [] __device__(int i, int *o, int a, double b) { o[i] = a * i + (int)b; }, di, 3, 2.75);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    ok = true; for (int i = 0; i < N; i++) ok &= hi[i] == 3 * i + 2;
    printf("lambda + variadic args: %s\n", ok ? "ok" : "MISMATCH");
    // 7. Thrust with cuda::proclaim_return_type around a __device__ lambda
    thrust::device_vector<double> v(N);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), v.begin(),
                      cuda::proclaim_return_type<double>([] __device__(int i) { return 1.0 / (1.0 + i); }));
    double s = thrust::reduce(v.begin(), v.end());
    double r = 0; for (int i = N - 1; i >= 0; i--) r += 1.0 / (1.0 + i);
    printf("proclaim_return_type harmonic sum: %.12f (host %.12f)\n", s, r);
    // 8. recursion through a generic lambda passed to itself
    apply<<<1, 32>>>(32, [=] __device__(int i) {
        auto fib = [](auto self, int n) -> int { return n < 2 ? n : self(self, n - 1) + self(self, n - 2); };
        di[i] = fib(fib, i % 20);
    });
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(hi, di, 128, cudaMemcpyDeviceToHost);
    printf("recursive generic lambda: %s fib(19)=%d fib(12)=%d\n", cudaGetErrorString(e), hi[19], hi[12]);
    return 0;
}
