// flags: -std=c++20 --expt-relaxed-constexpr
// The host standard library's constexpr parts in device code, as nvcc allows them with
// --expt-relaxed-constexpr: std::array (operator[], size, fill, iteration), std::min/max/clamp
// (with initializer lists too), std::numeric_limits, std::pair/std::tuple with std::get and
// structured bindings, std::optional, std::bit_cast, std::popcount/countl_zero/rotl/bit_width
// from <bit>, std::integer_sequence with a fold, std::swap, std::exchange,
// std::midpoint, std::minmax, std::ranges-free algorithms that are constexpr (std::accumulate is not:
// a manual loop). Exact integer and dyadic results.
#include <cstdio>
#include <array>
#include <algorithm>
#include <bit>
#include <limits>
#include <numeric>  // std::midpoint
#include <optional>
#include <tuple>
#include <utility>
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

template <int... Is> __device__ int weighted(std::integer_sequence<int, Is...>) { return ((Is * (Is + 1)) + ... + 0); }

__device__ std::optional<int> find_index(const std::array<int, 8>& a, int v) {
    for (size_t i = 0; i < a.size(); ++i) if (a[i] == v) return static_cast<int>(i);
    return std::nullopt;
}

__global__ void kernel(long long* out) {
    int t = threadIdx.x;
    std::array<int, 8> a{};
    for (size_t i = 0; i < a.size(); ++i) a[i] = static_cast<int>((i * 5 + t) % 8);
    out[t * 16 + 0] = std::min(a[0], a[1]) * 100 + std::max({a[2], a[3], a[4]}) * 10 + std::clamp(t - 10, 0, 9);
    out[t * 16 + 1] = std::numeric_limits<short>::max() + std::numeric_limits<unsigned char>::digits;
    auto p = std::make_pair(t, t * 0.5);
    auto [first, second] = p;
    std::tuple<int, long long, char> tp{t, 1LL << 40, 'a'};
    out[t * 16 + 2] = first + static_cast<long long>(second * 4) + std::get<1>(tp) / (1LL << 38) + std::get<char>(tp);
    auto idx = find_index(a, 3);
    out[t * 16 + 3] = idx.value_or(-1) * 10 + idx.has_value();
    out[t * 16 + 4] = std::bit_cast<unsigned>(static_cast<float>(t) + 0.5f);
    unsigned u = 0x0F0F1234u ^ static_cast<unsigned>(t * 2654435761u);
    out[t * 16 + 5] = std::popcount(u) * 1000 + std::countl_zero(u >> 3) * 10 + std::bit_width(static_cast<unsigned>(t));
    out[t * 16 + 6] = std::rotl(u, 7) ^ std::rotr(u, 3);
    out[t * 16 + 7] = weighted(std::make_integer_sequence<int, 6>{});
    int x = t, y = 100 - t;
    std::swap(x, y);
    int old = std::exchange(x, -5);
    out[t * 16 + 8] = x * 10000 + y * 100 + old;
    out[t * 16 + 9] = std::min({t * 3 % 11, 7, (t ^ 5) + 2}) * 1000 + std::minmax(t, 20 - t).second;
    out[t * 16 + 10] = std::midpoint(-7, t) * 100 + static_cast<long long>(std::midpoint(1.0, 2.0 + t) * 4);
    a.fill(t);
    long long s = 0; for (int v : a) s += v;
    out[t * 16 + 11] = s;
}

int main() {
    long long* out; CK(cudaMallocManaged(&out, 40 * 16 * sizeof(long long)));
    kernel<<<1, 40>>>(out);
    CK(cudaDeviceSynchronize());
    for (int t = 0; t < 40; t += 7) {
        printf("t=%2d:", t);
        for (int k = 0; k < 12; ++k) printf(" %lld", out[t * 16 + k]);
        printf("\n");
    }
    return 0;
}
