// flags: -O3 -std=c++20 --expt-relaxed-constexpr
// C++20 in device code: concepts constraining kernel templates, requires-expressions choosing an
// implementation, if constexpr, fold expressions over parameter packs, variadic kernels taking
// mixed argument types, consteval/constexpr tables, structured bindings, std::integer_sequence
// unrolling, designated initializers, three-way comparison, templated lambdas.
#include <cstdio>
#include <cstdint>
#include <concepts>
#include <utility>
#include <type_traits>
#include <compare>
#include <array>

template <class T> concept Arithmetic = std::is_arithmetic_v<T>;
template <class T> concept HasNorm = requires(const T &t) { { t.norm() } -> std::convertible_to<double>; };
template <class T> concept Indexable = requires(T t, int i) { t[i]; };

struct V2 { double x, y; __host__ __device__ double norm() const { return x * x + y * y; } };
struct Rgb { unsigned char r, g, b; };

template <Arithmetic T> __host__ __device__ double weigh(T v) { return (double)v * 2; }
template <HasNorm T> __host__ __device__ double weigh(const T &v) { return v.norm(); }
template <class T> requires (!Arithmetic<T> && !HasNorm<T>) __host__ __device__ double weigh(const T &v) {
    if constexpr (std::is_same_v<T, Rgb>) return v.r * 0.25 + v.g * 0.5 + v.b * 0.125;
    else return -1;
}

template <class... Ts> __host__ __device__ double weigh_all(const Ts &...xs) { return (weigh(xs) + ... + 0.0); }
template <class... Ts> __host__ __device__ unsigned long long hash_all(const Ts &...xs) {
    unsigned long long h = 1469598103934665603ull;
    ((h = (h ^ (unsigned long long)(long long)(weigh(xs) * 1024)) * 1099511628211ull), ...);  // left to right
    return h;
}

template <class... Args>
__global__ void variadic(double *out, unsigned long long *hout, Args... args) {
    int t = threadIdx.x;
    out[t] = weigh_all(args...) * (t + 1);
    if (t == 0) *hout = hash_all(args...);
}

consteval std::array<unsigned, 256> crc_table() {
    std::array<unsigned, 256> tb{};
    for (unsigned i = 0; i < 256; i++) { unsigned c = i; for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1; tb[i] = c; }
    return tb;
}
__constant__ std::array<unsigned, 256> c_crc = crc_table();

__device__ unsigned crc32(const unsigned char *p, int n) {
    unsigned c = 0xffffffffu;
    for (int i = 0; i < n; i++) c = c_crc[(c ^ p[i]) & 0xff] ^ (c >> 8);
    return ~c;
}

template <std::size_t... I>
__device__ int dot_unrolled(const int *a, const int *b, std::index_sequence<I...>) { return ((a[I] * b[I]) + ...); }

struct Version {
    int major, minor, patch;
    auto operator<=>(const Version &) const = default;
};

struct Pair3 { int a; float b; char c; };
__device__ Pair3 make_p(int i) { return {.a = i * 3, .b = i * 0.5f, .c = (char)('A' + i % 26)}; }

__global__ void misc(const unsigned char *msg, int n, unsigned *crc_out, int *dots, int *cmp, float *sb) {
    int t = threadIdx.x;
    crc_out[t] = crc32(msg, n - t);
    int a[16], b[16];
    for (int i = 0; i < 16; i++) { a[i] = i + t; b[i] = 16 - i; }
    dots[t] = dot_unrolled(a, b, std::make_index_sequence<16>{});
    Version v1{1, t % 3, 5}, v2{1, 1, t % 7};
    auto c = v1 <=> v2;
    cmp[t] = c < 0 ? -1 : c > 0 ? 1 : 0;
    auto [x, y, z] = make_p(t);
    sb[t] = x + y + z;
    auto gen = []<class T>(T v, int k) { T r{}; for (int i = 0; i < k; i++) r += v; return r; };
    sb[64 + t] = gen(0.1f, t) + (float)gen(3, t);
}

int main() {
    double *o; unsigned long long *h; cudaMalloc(&o, 64 * 8); cudaMalloc(&h, 8);
    variadic<<<1, 64>>>(o, h, 3, 2.5f, V2{3, 4}, Rgb{8, 16, 32}, 'x', (short)-7, 1e10, true);
    cudaError_t e = cudaDeviceSynchronize();
    double ho[64]; unsigned long long hh; cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost); cudaMemcpy(&hh, h, 8, cudaMemcpyDeviceToHost);
    double r = weigh_all(3, 2.5f, V2{3, 4}, Rgb{8, 16, 32}, 'x', (short)-7, 1e10, true);
    printf("variadic kernel: %s %.17g %s hash %016llx %s\n", cudaGetErrorString(e), ho[63], ho[63] == r * 64 ? "ok" : "MISMATCH", hh, hh == hash_all(3, 2.5f, V2{3, 4}, Rgb{8, 16, 32}, 'x', (short)-7, 1e10, true) ? "ok" : "MISMATCH");
    variadic<<<1, 64>>>(o, h);
    cudaDeviceSynchronize(); cudaMemcpy(ho, o, 8, cudaMemcpyDeviceToHost);
    printf("empty pack: %g\n", ho[0]);

    const char text[] = "The quick brown fox jumps over the lazy dog. 0123456789 CUDA concepts!";
    int n = sizeof text - 1;
    unsigned char *dm; cudaMalloc(&dm, n); cudaMemcpy(dm, text, n, cudaMemcpyHostToDevice);
    unsigned *dc; int *dd, *dcmp; float *dsb;
    cudaMalloc(&dc, 32 * 4); cudaMalloc(&dd, 32 * 4); cudaMalloc(&dcmp, 32 * 4); cudaMalloc(&dsb, 128 * 4);
    misc<<<1, 32>>>(dm, n, dc, dd, dcmp, dsb);
    e = cudaDeviceSynchronize();
    unsigned hc[32]; int hd[32], hcmp[32]; float hsb[128];
    cudaMemcpy(hc, dc, sizeof hc, cudaMemcpyDeviceToHost); cudaMemcpy(hd, dd, sizeof hd, cudaMemcpyDeviceToHost);
    cudaMemcpy(hcmp, dcmp, sizeof hcmp, cudaMemcpyDeviceToHost); cudaMemcpy(hsb, dsb, sizeof hsb, cudaMemcpyDeviceToHost);
    auto tb = crc_table(); bool ok = true;
    for (int t = 0; t < 32; t++) { unsigned c = 0xffffffffu; for (int i = 0; i < n - t; i++) c = tb[(c ^ (unsigned char)text[i]) & 0xff] ^ (c >> 8); ok &= hc[t] == ~c; }
    printf("crc32 from a consteval table: %s %s crc(all)=%08x\n", cudaGetErrorString(e), ok ? "ok" : "MISMATCH", hc[0]);
    ok = true; for (int t = 0; t < 32; t++) { int s = 0; for (int i = 0; i < 16; i++) s += (i + t) * (16 - i); ok &= hd[t] == s; }
    printf("index_sequence dot: %s [31]=%d\n", ok ? "ok" : "MISMATCH", hd[31]);
    printf("<=>:"); for (int t = 0; t < 12; t++) printf(" %d", hcmp[t]); printf("\n");
    printf("structured bindings / template lambda: %.9g %.9g %.9g %.9g\n", hsb[0], hsb[31], hsb[64 + 7], hsb[64 + 31]);
    return 0;
}
