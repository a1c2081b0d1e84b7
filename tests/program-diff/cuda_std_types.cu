// flags: -std=c++17 --expt-relaxed-constexpr
// libcu++ vocabulary types in device code: cuda::std::array (aggregate init, size(), iteration,
// fill), cuda::std::complex<float/double> arithmetic, abs, arg, exp and polar, cuda::std::span
// over a shared-memory buffer (subspan, first, last), cuda::std::numeric_limits (min, max,
// lowest, epsilon, denorm_min, infinity, quiet_NaN's bit pattern), cuda::std::tuple with
// get/tie/make_tuple/apply, cuda::std::optional (has_value, value_or, reset), cuda::std::bit_cast
// between float/uint and double/ulong, cuda::std::pair.
#include <cstdio>
#include <cuda/std/array>
#include <cuda/std/complex>
#include <cuda/std/span>
#include <cuda/std/limits>
#include <cuda/std/tuple>
#include <cuda/std/optional>
#include <cuda/std/bit>
#include <cuda/std/utility>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

struct Out { unsigned long long u[24]; double d[16]; };

__device__ cuda::std::optional<int> find_first(cuda::std::span<const int> s, int want) {
    for (size_t i = 0; i < s.size(); ++i) if (s[i] == want) return (int)i;
    return cuda::std::nullopt;
}

__global__ void kernel(Out* o) {
    __shared__ int buf[64];
    int t = threadIdx.x;
    buf[t] = (t * 13) % 64;
    __syncthreads();
    if (t != 0) return;
    cuda::std::array<int, 5> a{{4, -1, 9, 2, 7}};
    int s = 0; for (int v : a) s += v;
    cuda::std::array<short, 3> f; f.fill(-3);
    o->u[0] = (unsigned long long)(s * 10 + (int)a.size() + f[2]);
    cuda::std::span<const int> sp(buf, 64);
    auto mid = sp.subspan(10, 20);
    int ms = 0; for (int v : mid.first(5)) ms += v;
    for (int v : mid.last(3)) ms -= v;
    o->u[1] = (unsigned long long)(long long)ms;
    auto pos = find_first(sp, 39), none = find_first(sp.first(8), 63);
    o->u[2] = pos.has_value() * 1000 + pos.value_or(-1) * 10 + none.has_value();
    none = 5; none.reset();
    o->u[3] = none.value_or(77);
    o->u[4] = (unsigned long long)cuda::std::numeric_limits<int>::min();
    o->u[5] = cuda::std::numeric_limits<unsigned short>::max();
    o->u[6] = cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::lowest());
    o->u[7] = cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::epsilon());
    o->u[8] = cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::denorm_min());
    o->u[9] = cuda::std::bit_cast<unsigned long long>(cuda::std::numeric_limits<double>::infinity());
    o->u[10] = cuda::std::bit_cast<unsigned>(cuda::std::numeric_limits<float>::quiet_NaN());
    o->u[11] = cuda::std::numeric_limits<long long>::digits * 100 + cuda::std::numeric_limits<float>::digits10 * 10 + cuda::std::numeric_limits<double>::is_iec559;
    auto tp = cuda::std::make_tuple(3, 2.5, (char)'q');
    int ti; double td; char tc;
    cuda::std::tie(ti, td, tc) = tp;
    cuda::std::get<0>(tp) = 11;
    o->u[12] = cuda::std::get<0>(tp) * 1000 + ti * 100 + (int)(td * 10) + tc;
    o->u[13] = cuda::std::apply([](int x, double y, char z) { return (unsigned long long)(x + (int)y + z); }, tp);
    o->u[14] = cuda::std::tuple_size<decltype(tp)>::value;
    cuda::std::pair<int, float> pr{-4, 1.5f};
    o->u[15] = (unsigned long long)(long long)(pr.first * pr.second * 100);
    o->u[16] = cuda::std::tuple_size<cuda::std::array<int, 5>>::value;
    o->u[17] = cuda::std::bit_cast<unsigned long long>(1.0) ^ cuda::std::bit_cast<unsigned long long>(-0.0);
    // complex
    cuda::std::complex<float> z1(1.5f, -2.0f), z2(0.25f, 3.0f);
    auto p = z1 * z2, q = z1 / z2;
    o->d[0] = p.real(); o->d[1] = p.imag(); o->d[2] = q.real(); o->d[3] = q.imag();
    o->d[4] = cuda::std::abs(z1); o->d[5] = cuda::std::arg(z2);
    cuda::std::complex<double> w(0.5, 1.25);
    auto ew = cuda::std::exp(w);
    o->d[6] = ew.real(); o->d[7] = ew.imag();
    auto pl = cuda::std::polar(2.0, 0.75);
    o->d[8] = pl.real(); o->d[9] = pl.imag();
    auto cj = cuda::std::conj(w) * w;
    o->d[10] = cj.real(); o->d[11] = cj.imag();
    o->d[12] = cuda::std::norm(z2);
    auto sq = cuda::std::sqrt(cuda::std::complex<double>(-4.0, 0.0));
    o->d[13] = sq.real(); o->d[14] = sq.imag();
    o->d[15] = (w + 2.0 - cuda::std::complex<double>(0, 1)).imag();
}

int main() {
    Out* o; CK(cudaMallocManaged(&o, sizeof(Out)));
    kernel<<<1, 64>>>(o);
    CK(cudaDeviceSynchronize());
    for (int i = 0; i < 18; ++i) printf("u[%d] = %llu (0x%llx)\n", i, o->u[i], o->u[i]);
    for (int i = 0; i < 16; ++i) printf("d[%d] = %a\n", i, o->d[i]);
    return 0;
}
