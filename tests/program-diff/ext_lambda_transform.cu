// flags: --extended-lambda -std=c++20
// __host__ __device__ and __device__ lambdas handed to templated kernels (nvcc
// --extended-lambda): a generic transform, a transform-reduce with a lambda reduction in
// shared memory (block of 96 threads, so the last warp is full but the grid's last block is
// partial), lambdas capturing by value (scalars, a small struct, a device pointer), default captures, a
// constexpr lambda, a plain generic lambda inside an extended one, the same
// __host__ __device__ lambda also called on the host to check the device results, and a
// C++20 template-parameter-list lambda.
#include <cstdio>
#include <vector>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

template <typename T, typename F>
__global__ void transform(const T* in, T* out, int n, F f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = f(in[i], i);
}

template <int BLOCK, typename T, typename Map, typename Red>
__global__ void transform_reduce(const T* in, int n, T init, Map map, Red red, T* block_out) {
    __shared__ T s[BLOCK];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    T v = init;
    if (i < n) v = map(in[i]);
    s[threadIdx.x] = v;
    __syncthreads();
    // BLOCK is not a power of two: fold the tail first
    for (int w = 64; w >= 1; w >>= 1) {
        if (threadIdx.x < w && threadIdx.x + w < BLOCK) s[threadIdx.x] = red(s[threadIdx.x], s[threadIdx.x + w]);
        __syncthreads();
    }
    if (threadIdx.x == 0) block_out[blockIdx.x] = s[0];
}

struct Affine { int a, b; };

int main() {
    const int n = 1000;
    std::vector<int> h(n);
    for (int i = 0; i < n; ++i) h[i] = (i * 7919) % 1009 - 500;
    int *in, *out, *part;
    CK(cudaMalloc(&in, n * sizeof(int))); CK(cudaMalloc(&out, n * sizeof(int)));
    const int B = 96, G = (n + B - 1) / B;
    CK(cudaMallocManaged(&part, G * sizeof(int)));
    CK(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));

    Affine af{3, -11};
    int shift = 2;
    auto hd = [af, shift] __host__ __device__(int v, int i) { return ((af.a * v + af.b) >> shift) ^ (i & 15); };
    transform<<<G, B>>>(in, out, n, hd);
    std::vector<int> r(n);
    CK(cudaMemcpy(r.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
    int bad = 0; long long s = 0;
    for (int i = 0; i < n; ++i) { bad += r[i] != hd(h[i], i); s += r[i]; }
    printf("host-device lambda: %d bad, sum %lld\n", bad, s);

    // device lambda capturing a device pointer (gathers from another array)
    int* gather = out;
    auto dl = [gather, n] __device__(int v, int i) { return gather[(i * 37) % n] - v; };
    transform<<<G, B>>>(in, in, n, dl);  // in-place-safe: reads out, writes in
    CK(cudaMemcpy(h.data(), in, n * sizeof(int), cudaMemcpyDeviceToHost));
    bad = 0;
    for (int i = 0; i < n; ++i) bad += h[i] != r[(i * 37) % n] - ((i * 7919) % 1009 - 500);
    printf("device lambda with pointer capture: %d bad, h[999]=%d\n", bad, h[999]);

    // transform-reduce: generic lambdas for the map and the reduction (max of |x| and a sum)
    auto absval = [] __host__ __device__(int x) { return x < 0 ? -x : x; };
    auto mx = [] __device__(int a, int b) { return a > b ? a : b; };
    transform_reduce<B><<<G, B>>>(in, n, 0, absval, mx, part);
    CK(cudaDeviceSynchronize());
    int m = 0; for (int g = 0; g < G; ++g) m = part[g] > m ? part[g] : m;
    int hm = 0; for (int i = 0; i < n; ++i) hm = absval(h[i]) > hm ? absval(h[i]) : hm;
    printf("max |x|: device %d host %d\n", m, hm);
    auto sq = [] __device__(int x) { return x * x % 1000; };
    auto add = [] __device__(int a, int b) { return a + b; };
    transform_reduce<B><<<G, B>>>(in, n, 0, sq, add, part);
    CK(cudaDeviceSynchronize());
    long long tot = 0, htot = 0; for (int g = 0; g < G; ++g) tot += part[g];
    for (int i = 0; i < n; ++i) htot += h[i] * h[i] % 1000;
    printf("sum of squares mod 1000: device %lld host %lld, block parts %d %d %d\n", tot, htot, part[0], part[G / 2], part[G - 1]);

    // a lambda that makes a lambda; a constexpr lambda; a C++20 templated lambda
    const int c0 = 5, c1 = -3, c2 = 2;
    auto poly = [=] __host__ __device__(int x) { return c0 + x * (c1 + x * c2); };
    constexpr auto cube = [](int x) constexpr { return x * x * x; };
    static_assert(cube(3) == 27);
    auto combo = [poly] __host__ __device__(int v, int i) {
        auto tl = []<typename T>(T a, T b) { return a * b - (T)8; };  // a plain generic lambda inside
        return poly(v % 50) + tl(i, 3) + (int)tl(0.5, 4.0);
    };
    transform<<<G, B>>>(in, out, n, combo);
    CK(cudaMemcpy(r.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
    bad = 0; s = 0;
    for (int i = 0; i < n; ++i) { bad += r[i] != combo(h[i], i); s += r[i]; }
    printf("nested/templated lambdas: %d bad, sum %lld, r[3]=%d\n", bad, s, r[3]);
    cudaFree(in); cudaFree(out); cudaFree(part);
    return 0;
}
