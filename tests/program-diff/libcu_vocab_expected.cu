// flags: -O3 -std=c++20 --expt-relaxed-constexpr
// libcu++ vocabulary types in device code: expected, inplace_vector, bitset, optional monadic
// operations, variant visitation, span/mdspan (layout_left/right/stride), array, tuple apply,
// complex, numbers, ratio, chrono durations, numeric_limits, bit_cast and the <bit> functions.
#include <cuda/std/expected>
#include <cuda/std/inplace_vector>
#include <cuda/std/bitset>
#include <cuda/std/optional>
#include <cuda/std/variant>
#include <cuda/std/span>
#include <cuda/std/mdspan>
#include <cuda/std/array>
#include <cuda/std/tuple>
#include <cuda/std/complex>
#include <cuda/std/numbers>
#include <cuda/std/ratio>
#include <cuda/std/chrono>
#include <cuda/std/limits>
#include <cuda/std/bit>
#include <cuda/std/cstdint>
#include <cstdio>

using u64 = unsigned long long;
__device__ u64 mix(u64 h, u64 v) { return (h ^ v) * 1099511628211ull; }

__device__ cuda::std::expected<int, const char *> parse_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    return cuda::std::unexpected("not a digit");
}
__device__ cuda::std::optional<int> half_if_even(int x) { return x % 2 == 0 ? cuda::std::optional<int>(x / 2) : cuda::std::nullopt; }

struct Circle { double r; };
struct Rect { double w, h; };
struct Tri { double a, b, c; };
using Shape = cuda::std::variant<Circle, Rect, Tri>;
struct AreaVisitor {
    __device__ double operator()(const Circle &c) const { return cuda::std::numbers::pi * c.r * c.r; }
    __device__ double operator()(const Rect &r) const { return r.w * r.h; }
    __device__ double operator()(const Tri &t) const { double s = (t.a + t.b + t.c) / 2; return sqrt(s * (s - t.a) * (s - t.b) * (s - t.c)); }
};

__global__ void vocab(u64 *out, double *dout) {
    int t = threadIdx.x;
    u64 h = 1469598103934665603ull;
    // expected: a chain that fails at a non-digit
    const char s[] = "12a45";
    int acc = 0, errs = 0;
    for (int i = 0; i < 5; i++) {
        auto r = parse_digit(s[(i + t) % 5]).transform([](int d) { return d * 2; });
        if (r) acc = acc * 10 + *r; else errs++;
    }
    h = mix(h, acc); h = mix(h, errs);
    // inplace_vector with push/pop/erase
    cuda::std::inplace_vector<int, 16> iv;
    for (int i = 0; i < 12; i++) iv.push_back((i * 7 + t) % 13);
    iv.erase(iv.begin() + 3);
    iv.pop_back();
    int sum = 0; for (int x : iv) sum = sum * 3 + x;
    h = mix(h, iv.size()); h = mix(h, (unsigned)sum);
    auto tp = iv.try_push_back(1);  // room left: not null
    h = mix(h, tp != nullptr);
    // bitset
    cuda::std::bitset<70> b;
    for (int i = 0; i < 70; i += 3 + (t % 4)) b.set(i);
    b ^= (b << 5);
    h = mix(h, b.count()); h = mix(h, b.test(69)); h = mix(h, (b >> 40).to_ullong());
    // optional monadic chain
    auto o = cuda::std::optional<int>(t * 8).and_then(half_if_even).and_then(half_if_even).transform([](int x) { return x + 100; }).value_or(-1);
    auto o2 = cuda::std::optional<int>(t * 2 + 1).and_then(half_if_even).value_or(-1);
    h = mix(h, o); h = mix(h, o2);
    // variant
    Shape sh[3] = {Circle{1.0 + t}, Rect{2.0, 0.5 * t}, Tri{3, 4, 5}};
    double area = 0; for (auto &x : sh) area += cuda::std::visit(AreaVisitor{}, x);
    h = mix(h, sh[t % 3].index());
    dout[t] = area;
    // span and mdspan views of one local array
    int buf[24]; for (int i = 0; i < 24; i++) buf[i] = i * (t + 1);
    cuda::std::span<int> sp(buf);
    auto sub = sp.subspan(4, 8).last(3);
    h = mix(h, sub[0] + sub[1] * 7 + sub[2] * 49);
    cuda::std::mdspan<int, cuda::std::extents<int, 4, 6>> right(buf);
    cuda::std::mdspan<int, cuda::std::extents<int, 4, 6>, cuda::std::layout_left> left(buf);
    cuda::std::layout_stride::mapping<cuda::std::dextents<int, 2>> sm(cuda::std::dextents<int, 2>(3, 3), cuda::std::array<int, 2>{8, 2});
    cuda::std::mdspan<int, cuda::std::dextents<int, 2>, cuda::std::layout_stride> strided(buf, sm);
    h = mix(h, right(2, 5)); h = mix(h, left(2, 5)); h = mix(h, strided(2, 1)); h = mix(h, strided.mapping().required_span_size());
    // array and tuple apply
    cuda::std::array<int, 5> arr{5, 3, 9, 1, t};
    auto tup = cuda::std::make_tuple(arr[0], arr[2], short(arr[4]), 2.5);
    double ap = cuda::std::apply([](auto... xs) { return (0.0 + ... + (double)xs); }, tup);
    h = mix(h, (u64)(ap * 4));
    // complex and numbers
    cuda::std::complex<double> z(+cuda::std::numbers::sqrt2, -cuda::std::numbers::inv_pi * t);
    auto w = cuda::std::exp(z) * cuda::std::conj(z) / (z + 1.0);
    dout[64 + t] = w.real() + w.imag();
    // ratio and chrono
    using R = cuda::std::ratio_add<cuda::std::ratio<1, 6>, cuda::std::ratio<1, 10>>;
    h = mix(h, R::num * 1000 + R::den);
    auto d = cuda::std::chrono::milliseconds(1500 + t) + cuda::std::chrono::microseconds(250);
    h = mix(h, cuda::std::chrono::duration_cast<cuda::std::chrono::microseconds>(d).count());
    h = mix(h, cuda::std::chrono::duration_cast<cuda::std::chrono::seconds>(d).count());
    // limits and bits
    h = mix(h, cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::denorm_min()));
    h = mix(h, cuda::std::bit_cast<u64>(cuda::std::numeric_limits<double>::epsilon()));
    h = mix(h, cuda::std::numeric_limits<short>::min());
    unsigned x = 0x00f0f000u >> (t % 8);
    h = mix(h, cuda::std::popcount(x)); h = mix(h, cuda::std::countl_zero(x)); h = mix(h, cuda::std::countr_zero(x));
    h = mix(h, cuda::std::bit_width(x)); h = mix(h, cuda::std::bit_ceil(x)); h = mix(h, cuda::std::bit_floor(x));
    h = mix(h, cuda::std::rotl(x, 13)); h = mix(h, cuda::std::rotr((u64)x, 3)); h = mix(h, cuda::std::has_single_bit(x));
    h = mix(h, cuda::std::countl_one((unsigned short)(0xff00u | t)));
    out[t] = h;
}

int main() {
    u64 *o; double *d;
    cudaMalloc(&o, 64 * 8); cudaMalloc(&d, 128 * 8);
    vocab<<<1, 64>>>(o, d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("kernel: %s\n", cudaGetErrorString(e));
    u64 h[64]; double dd[128];
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost); cudaMemcpy(dd, d, sizeof dd, cudaMemcpyDeviceToHost);
    u64 all = 0; for (int i = 0; i < 64; i++) all = all * 31 + h[i];
    printf("hash of all threads %016llx\n", all);
    for (int i : {0, 1, 7, 63}) printf("  t%-2d %016llx area %.17g w %.17g\n", i, h[i], dd[i], dd[64 + i]);
    return 0;
}
