// flags: -std=c++17 --extended-lambda -O2
// HeCBench-style generic kernels driven by extended lambdas (__device__ and __host__ __device__
// lambdas passed to templated for_each / transform_reduce kernels) with C++17: if constexpr on
// the element type, structured bindings, fold expressions over parameter packs, std::array-like
// aggregates, class template argument deduction, inline constexpr variables. A saxpy, a
// softmax over rows (expf avoided: integer-valued scores through exp2f of exact integers), a
// stable block reduction and a tuple-of-sums reduction; exact integer-valued results.
#include <cstdio>
#include <cstdint>
#include <type_traits>
#include <utility>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)
inline constexpr int kBlock = 128;
template <typename F>
__global__ void for_each_kernel(int n, F f) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) f(i);
}
template <typename T, typename Map, typename Red>
__global__ void transform_reduce_kernel(int n, Map m, Red r, T init, T* out) {
    __shared__ T s[kBlock];
    T acc = init;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) acc = r(acc, m(i));
    s[threadIdx.x] = acc;
    __syncthreads();
    for (int k = kBlock / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] = r(s[threadIdx.x], s[threadIdx.x + k]);
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}
template <typename T>
struct Pair { T a, b; };
template <typename T> Pair(T, T) -> Pair<T>;
template <typename T>
__host__ __device__ constexpr T describe(T v) {
    if constexpr (std::is_floating_point_v<T>) return v * 2;
    else if constexpr (sizeof(T) == 8) return v + 1000000007LL;
    else return v ^ 0x55;
}
template <typename... Ts>
__host__ __device__ constexpr auto sum_all(Ts... xs) { return (xs + ... + 0); }
int main() {
    const int n = 10007;
    float *x, *y; long long* part; int* ip;
    CK(cudaMallocManaged(&x, n * sizeof(float)));
    CK(cudaMallocManaged(&y, n * sizeof(float)));
    CK(cudaMallocManaged(&part, 64 * sizeof(long long)));
    CK(cudaMallocManaged(&ip, n * sizeof(int)));
    for (int i = 0; i < n; i++) { x[i] = (float)(i % 100); y[i] = (float)(i % 7); ip[i] = i; }
    float a = 3.0f;
    for_each_kernel<<<40, kBlock>>>(n, [=] __device__(int i) { y[i] = a * x[i] + y[i]; });
    CK(cudaDeviceSynchronize());
    double s = 0; for (int i = 0; i < n; i++) s += y[i];
    printf("saxpy: sum %.1f y[9999] %.1f\n", s, y[9999]);
    auto sq = [=] __host__ __device__(int i) -> long long { long long v = ip[i]; return v * v % 1000; };
    auto plus = [] __host__ __device__(long long p, long long q) { return p + q; };
    transform_reduce_kernel<long long><<<64, kBlock>>>(n, sq, plus, 0LL, part);
    CK(cudaDeviceSynchronize());
    long long tot = 0; for (int b = 0; b < 64; b++) tot += part[b];
    long long want = 0; for (int i = 0; i < n; i++) want += (long long)i * i % 1000;
    printf("transform_reduce: %lld (host %lld), block 5 %lld\n", tot, want, part[5]);
    auto mx = [] __device__(long long p, long long q) { return p > q ? p : q; };
    transform_reduce_kernel<long long><<<64, kBlock>>>(n, [=] __device__(int i) -> long long { return (long long)((ip[i] * 7919) % 10007); }, mx, -1LL, part);
    CK(cudaDeviceSynchronize());
    long long m = -1; for (int b = 0; b < 64; b++) m = part[b] > m ? part[b] : m;
    printf("max: %lld\n", m);
    // softmax over rows of integer scores with exp2f (exact powers of two)
    const int rows = 9, cols = 33;
    float* sc;
    CK(cudaMallocManaged(&sc, rows * cols * sizeof(float)));
    for (int i = 0; i < rows * cols; i++) sc[i] = (float)((i * 5) % 11 - 5);
    for_each_kernel<<<1, 32>>>(rows, [=] __device__(int r) {
        float* row = sc + r * cols;
        float mxv = row[0];
        for (int c = 1; c < cols; c++) mxv = fmaxf(mxv, row[c]);
        float z = 0;
        for (int c = 0; c < cols; c++) { row[c] = exp2f(row[c] - mxv); z += row[c]; }
        for (int c = 0; c < cols; c++) row[c] = row[c] / z;
    });
    CK(cudaDeviceSynchronize());
    printf("softmax rows:");
    for (int r = 0; r < rows; r += 4) printf(" [%a %a %a]", sc[r * cols], sc[r * cols + 1], sc[r * cols + 32]);
    printf("\n");
    Pair p{3, 4};
    auto [pa, pb] = p;
    int* dres;
    CK(cudaMallocManaged(&dres, 8 * sizeof(long long)));
    long long* lres = (long long*)dres;
    for_each_kernel<<<1, 8>>>(8, [=] __device__(int i) {
        switch (i) {
        case 0: lres[i] = describe(41); break;
        case 1: lres[i] = describe(41LL); break;
        case 2: lres[i] = (long long)describe(20.5f); break;
        case 3: lres[i] = sum_all(1, 2, 3, 4, 5, pa, pb); break;
        case 4: lres[i] = sum_all(); break;
        case 5: lres[i] = sum_all(1LL << 40, 7); break;
        case 6: { auto [u, v] = Pair<int>{pa * 10, pb * 100}; lres[i] = u + v; } break;
        default: lres[i] = std::is_same_v<decltype(p), Pair<int>> ? 1 : 0;
        }
    });
    CK(cudaDeviceSynchronize());
    printf("c++17:");
    for (int i = 0; i < 8; i++) printf(" %lld", lres[i]);
    printf("\n");
    return 0;
}
