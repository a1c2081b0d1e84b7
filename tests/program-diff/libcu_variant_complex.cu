// flags: -std=c++20 --expt-relaxed-constexpr
// libcu++ vocabulary in device code, the parts earlier programs leave out:
// cuda::std::variant with visit (an overloaded visitor), holds_alternative, get_if and index;
// cuda::std::optional of a struct with and_then-free chains (value_or, emplace, reset);
// cuda::std::span with static and dynamic extents (subspan<>, as_bytes), cuda::std::array of
// arrays; cuda::std::tuple_cat / structured bindings / tuple comparison; cuda::std::pair
// ordering; <cuda/std/bit> countr_zero/countr_one/has_single_bit/bit_ceil/bit_floor/rotr/
// byteswap-free bit reversal; cuda::std::min/max/clamp with comparators; numeric_limits
// digits/max_exponent/radix/is_iec559; cuda::std::complex<double/float> sqrt, log, pow,
// sinh, atan, proj and polar printed with %a (libcu++'s own algorithms, compiled from the same
// source on both sides). 64-thread blocks.
#include <cstdio>
#include <cuda/std/variant>
#include <cuda/std/optional>
#include <cuda/std/span>
#include <cuda/std/array>
#include <cuda/std/tuple>
#include <cuda/std/utility>
#include <cuda/std/bit>
#include <cuda/std/limits>
#include <cuda/std/complex>
#include <cuda/std/__algorithm/clamp.h>
#include <cuda/std/__algorithm/min.h>
#include <cuda/std/__algorithm/max.h>
#include <cuda/std/functional>

template <class... Ts> struct overloaded : Ts... { using Ts::operator()...; };
template <class... Ts> overloaded(Ts...) -> overloaded<Ts...>;

struct Point { int x, y; };
using Shape = cuda::std::variant<int, float, Point, unsigned long long>;

__device__ Shape make_shape(int t) {
    switch (t % 4) {
        case 0: return Shape(t * 3);
        case 1: return Shape((float)t * 0.5f);
        case 2: return Shape(Point{t, -t});
        default: return Shape(1ull << (t % 60));
    }
}

__global__ void variants(long long* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    Shape s = make_shape(t);
    long long v = cuda::std::visit(overloaded{
        [](int i) -> long long { return i; },
        [](float f) -> long long { return (long long)(f * 4); },
        [](Point p) -> long long { return p.x * 1000LL + p.y; },
        [](unsigned long long u) -> long long { return (long long)(u >> 3); }}, s);
    long long extra = (long long)s.index() * 100000000000LL;
    if (cuda::std::holds_alternative<Point>(s)) extra += 7;
    if (auto* f = cuda::std::get_if<float>(&s)) extra += (long long)(*f);
    s = 42;   // reassignment switches the alternative
    extra += cuda::std::get<int>(s);
    out[t] = v + extra;
}

struct Reading { int sensor; float value; };

__device__ cuda::std::optional<Reading> read(int t) {
    if (t % 3 == 0) return cuda::std::nullopt;
    return Reading{t, t * 0.25f};
}

__global__ void optionals_spans(const int* data, long long* out) {
    int t = threadIdx.x;
    cuda::std::optional<Reading> r = read(t);
    long long acc = r.has_value() ? r->sensor * 10 + (long long)(r->value * 4) : -1;
    Reading def{-5, -1.0f};
    acc += (long long)r.value_or(def).value;
    r.reset();
    r.emplace(Reading{t * 2, 1.5f});
    acc += r->sensor;
    cuda::std::span<const int> all(data, 64);
    cuda::std::span<const int, 8> row = all.subspan<8 * (0), 8>();
    auto win = all.subspan(t % 56, 8);
    long long ws = 0;
    for (int x : win) ws += x;
    auto bytes = cuda::std::as_bytes(all.first(2));
    acc += ws * 1000 + (long long)row.size() + (long long)bytes.size() * 100 + (int)bytes[4];
    cuda::std::array<cuda::std::array<int, 3>, 2> grid{{{1, 2, 3}, {4, 5, 6}}};
    acc += grid[t & 1][t % 3] * 1000000LL;
    out[t] = acc;
}

__global__ void tuples_bits(long long* out) {
    int t = threadIdx.x;
    auto a = cuda::std::make_tuple(t, 2.5, 'z');
    auto b = cuda::std::make_tuple((short)-t, 7u);
    auto c = cuda::std::tuple_cat(a, b);
    auto [i, d, ch, s, u] = c;
    static_assert(cuda::std::tuple_size_v<decltype(c)> == 5);
    cuda::std::pair<int, int> p1{t % 5, t}, p2{2, 40};
    long long r = i + (long long)(d * 2) + ch + s + u + (p1 < p2) * 1000 + (cuda::std::make_tuple(t % 3, 1) < cuda::std::make_tuple(1, 2)) * 10000;
    unsigned x = (unsigned)(t * 2654435761u) | 1u << 31;
    unsigned y = (unsigned)t + 1;
    long long bits = cuda::std::countr_zero(x >> 1) + cuda::std::countr_one(x) * 64 + cuda::std::has_single_bit(y) * 4096
                     + (long long)cuda::std::bit_ceil(y) * 8192 + (long long)cuda::std::bit_floor(y) * 1048576LL
                     + (long long)(cuda::std::rotr(x, t % 32) & 0xFF) * (1LL << 40)
                     + (long long)cuda::std::popcount((unsigned long long)x * x) * (1LL << 50);
    int cl = cuda::std::clamp(t - 30, -10, 10) + cuda::std::min({t, 17, 40 - t}) * 100 + cuda::std::max(t % 7, t % 5, cuda::std::greater<int>()) * 10000;
    out[t * 2] = r;
    out[t * 2 + 1] = bits ^ cl;
}

template <typename T> __device__ void complex_math(T re, T im, T* out) {
    using C = cuda::std::complex<T>;
    C z(re, im);
    C r[7] = {cuda::std::sqrt(z), cuda::std::log(z), cuda::std::pow(z, C(T(0.5), T(-1))), cuda::std::sinh(z),
              cuda::std::atan(z), cuda::std::proj(z / C(T(0), T(0))), cuda::std::polar(cuda::std::abs(z), cuda::std::arg(z) * T(2))};
    for (int k = 0; k < 7; k++) { out[2 * k] = r[k].real(); out[2 * k + 1] = r[k].imag(); }
}

__global__ void complexes(const double* in, double* dout, float* fout, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    complex_math<double>(in[2 * t], in[2 * t + 1], dout + 14 * t);
    complex_math<float>((float)in[2 * t], (float)in[2 * t + 1], fout + 14 * t);
}

__global__ void limits(long long* out) {
    using cuda::std::numeric_limits;
    out[0] = numeric_limits<float>::digits * 1000 + numeric_limits<double>::digits;
    out[1] = numeric_limits<float>::max_exponent * 10000 + numeric_limits<double>::min_exponent10;
    out[2] = numeric_limits<long long>::digits10 * 100 + numeric_limits<unsigned char>::radix + numeric_limits<double>::is_iec559 * 1000;
    out[3] = numeric_limits<short>::min() + (long long)numeric_limits<unsigned short>::max() * 100000;
    out[4] = cuda::std::bit_cast<long long>(numeric_limits<double>::round_error()) ^ cuda::std::bit_cast<int>(numeric_limits<float>::denorm_min());
}

int main() {
    long long* d;
    cudaMalloc(&d, 4096 * 8);
    long long h[256];
    variants<<<2, 64>>>(d);
    cudaMemcpy(h, d, 128 * 8, cudaMemcpyDeviceToHost);
    long long s = 0;
    for (int i = 0; i < 128; i++) s = s * 3 + h[i];
    printf("variants: checksum %lld first %lld %lld %lld %lld last %lld\n", s, h[0], h[1], h[2], h[3], h[127]);
    int data[64];
    for (int i = 0; i < 64; i++) data[i] = i * i - 7 * i;
    int* dd; cudaMalloc(&dd, sizeof data);
    cudaMemcpy(dd, data, sizeof data, cudaMemcpyHostToDevice);
    optionals_spans<<<1, 64>>>(dd, d);
    cudaMemcpy(h, d, 64 * 8, cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < 64; i++) s = s * 3 + h[i];
    printf("optional/span: checksum %lld first %lld %lld %lld last %lld\n", s, h[0], h[1], h[2], h[63]);
    tuples_bits<<<1, 64>>>(d);
    cudaMemcpy(h, d, 128 * 8, cudaMemcpyDeviceToHost);
    s = 0;
    for (int i = 0; i < 128; i++) s = s * 3 + h[i];
    printf("tuple/bit: checksum %lld t0 %lld %lld t37 %lld %lld\n", s, h[0], h[1], h[74], h[75]);
    const int n = 12;
    double zin[2 * n] = {1, 0, -1, 0, 0, 1, 0, -1, 3, 4, -3, 4, 1e-3, -2e-3, -0.0, 0.0, 2.5, -0.5, -7, -1e-8, 1e10, 1e10, 0.5, 0.25};
    double* dz; double* dco; float* fco;
    cudaMalloc(&dz, sizeof zin); cudaMalloc(&dco, n * 14 * 8); cudaMalloc(&fco, n * 14 * 4);
    cudaMemcpy(dz, zin, sizeof zin, cudaMemcpyHostToDevice);
    complexes<<<2, 8>>>(dz, dco, fco, n);
    double hc[n * 14]; float hf[n * 14];
    cudaMemcpy(hc, dco, sizeof hc, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, fco, sizeof hf, cudaMemcpyDeviceToHost);
    const char* fn[7] = {"sqrt", "log", "pow", "sinh", "atan", "proj", "polar"};
    for (int t = 0; t < n; t++) {
        printf("z=(%g,%g)\n", zin[2 * t], zin[2 * t + 1]);
        for (int k = 0; k < 7; k++) {
            // complex<float> pow goes through expf/logf, whose last bit is the approximate
            // instructions' (ex2.approx, lg2.approx): printed for double only
            if (k == 2) printf("  %-5s d (%a, %a)\n", fn[k], hc[t * 14 + 2 * k], hc[t * 14 + 2 * k + 1]);
            else printf("  %-5s d (%a, %a) f (%a, %a)\n", fn[k], hc[t * 14 + 2 * k], hc[t * 14 + 2 * k + 1], hf[t * 14 + 2 * k], hf[t * 14 + 2 * k + 1]);
        }
    }
    limits<<<1, 1>>>(d);
    cudaMemcpy(h, d, 5 * 8, cudaMemcpyDeviceToHost);
    printf("limits %lld %lld %lld %lld %lld\n", h[0], h[1], h[2], h[3], h[4]);
    printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
