// flags: -std=c++20 --expt-relaxed-constexpr
// C++20 in device code: concepts and requires-clauses constraining kernel templates, consteval
// functions, designated initialisers for a parameter struct, the three-way comparison operator
// (defaulted <=> on a struct, used by a device-side insertion sort), abbreviated function
// templates (auto parameters), [[likely]]/[[unlikely]], constinit __device__ data, char8_t,
// std::bit_cast-free type punning through __builtin_bit_cast, and template lambdas. Exact
// integer results.
#include <cstdio>
#include <compare>
#include <concepts>
#include <type_traits>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

template <typename T> concept Arithmetic = std::is_arithmetic_v<T>;
template <typename T> concept HasWeight = requires(T t) { { t.weight() } -> std::convertible_to<int>; };

consteval int table_size(int bits) { return 1 << bits; }
constexpr int kSize = table_size(5);

struct Key {
    int major, minor;
    constexpr auto operator<=>(const Key&) const = default;
    __host__ __device__ int weight() const { return major * 100 + minor; }
};
struct Settings { int scale = 1; int offset = 0; bool negate = false; };

__device__ constinit int g_table[kSize] = {};

template <Arithmetic T> __global__ void square_all(T* v, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) v[i] = v[i] * v[i]; }

template <typename T> requires HasWeight<T>
__global__ void sort_keys(T* keys, int n, long long* out) {
    if (threadIdx.x != 0) return;
    for (int i = 1; i < n; ++i) {
        T x = keys[i]; int j = i - 1;
        while (j >= 0 && (keys[j] <=> x) > 0) { keys[j + 1] = keys[j]; --j; }
        keys[j + 1] = x;
    }
    long long s = 0;
    for (int i = 0; i < n; ++i) s = s * 7 + keys[i].weight();
    out[0] = s;
    out[1] = (keys[0] <=> keys[1]) < 0;
    out[2] = keys[2] == keys[3];
}

__device__ int apply(auto f, auto x) { return f(x); }

__global__ void misc(Settings st, long long* out) {
    int t = threadIdx.x;
    int v = t * st.scale + st.offset;
    if (st.negate) [[unlikely]] v = -v;
    g_table[t % kSize] = v;
    __syncthreads();
    if (t == 0) [[likely]] {
        long long s = 0; for (int i = 0; i < kSize; ++i) s += g_table[i];
        out[3] = s;
        auto tl = []<typename T>(T a, T b) { return a > b ? a - b : b - a; };
        out[4] = tl(3, 10) * 100 + (long long)tl(2.5, 1.0) * 10;
        out[5] = apply([](int x) { return x * x + 1; }, 12);
        char8_t c = u8'z';
        out[6] = (int)c;
        out[7] = __builtin_bit_cast(unsigned, 1.0f);
        out[8] = kSize;
    }
}

int main() {
    int* iv; double* dv; Key* keys; long long* out;
    CK(cudaMallocManaged(&iv, 64 * sizeof(int))); CK(cudaMallocManaged(&dv, 64 * sizeof(double)));
    CK(cudaMallocManaged(&keys, 16 * sizeof(Key))); CK(cudaMallocManaged(&out, 16 * sizeof(long long)));
    for (int i = 0; i < 64; ++i) { iv[i] = i - 30; dv[i] = i * 0.5; }
    Key init[10] = {{3, 1}, {1, 9}, {3, 0}, {2, 2}, {2, 2}, {0, 5}, {9, 9}, {1, 1}, {5, 0}, {3, 1}};
    for (int i = 0; i < 10; ++i) keys[i] = init[i];
    square_all<<<2, 32>>>(iv, 64);
    square_all<<<2, 32>>>(dv, 64);
    sort_keys<<<1, 32>>>(keys, 10, out);
    misc<<<1, 64>>>(Settings{.scale = 3, .offset = -7, .negate = true}, out);
    CK(cudaDeviceSynchronize());
    long long si = 0; double sd = 0;
    for (int i = 0; i < 64; ++i) { si += iv[i]; sd += dv[i]; }
    printf("squares: %lld %.2f\n", si, sd);
    printf("sorted:"); for (int i = 0; i < 10; ++i) printf(" (%d,%d)", keys[i].major, keys[i].minor); printf("\n");
    printf("out:"); for (int i = 0; i < 9; ++i) printf(" %lld", out[i]); printf("\n");
    return 0;
}
