// flags: -std=c++17 --expt-relaxed-constexpr -Xcompiler -Wall
// Compile-time computation feeding device code: a CRC-32 table and a prime sieve built by
// constexpr functions into __constant__ arrays, a constexpr lambda used in a template argument,
// constexpr member functions of a literal Rational type (reduced with a constexpr gcd) used at
// compile and run time, std:: constexpr functions called in device code under
// --expt-relaxed-constexpr (std::min/max/clamp, std::array<int,N> operations, cuda::std::gcd/lcm (libstdc++ std::gcd is not usable in device code with nvcc 13.0: it folds to 0),
// std::numeric_limits), template recursion over an index_sequence building a polynomial, and
// static_assert checks. 1D blocks of 100 threads (partial warps). Exact results.
#include <cstdio>
#include <cstdint>
#include <array>
#include <algorithm>
#include <numeric>
#include <cuda/std/numeric>
#include <limits>
#include <utility>

struct Crc { uint32_t t[256]; };
constexpr Crc make_crc() {
    Crc c{};
    for (uint32_t i = 0; i < 256; i++) { uint32_t v = i; for (int k = 0; k < 8; k++) v = (v & 1) ? 0xEDB88320u ^ (v >> 1) : v >> 1; c.t[i] = v; }
    return c;
}
struct Sieve { unsigned char is_prime[1000]; int count; };
constexpr Sieve make_sieve() {
    Sieve s{};
    for (int i = 2; i < 1000; i++) s.is_prime[i] = 1;
    for (int i = 2; i * i < 1000; i++) if (s.is_prime[i]) for (int j = i * i; j < 1000; j += i) s.is_prime[j] = 0;
    for (int i = 0; i < 1000; i++) s.count += s.is_prime[i];
    return s;
}
constexpr Crc kCrc = make_crc();
constexpr Sieve kSieve = make_sieve();
static_assert(kCrc.t[1] == 0x77073096u, "crc table");
static_assert(kSieve.count == 168, "primes below 1000");
__constant__ Crc c_crc = kCrc;
__constant__ Sieve c_sieve = kSieve;

constexpr long long cgcd(long long a, long long b) { return b == 0 ? (a < 0 ? -a : a) : cgcd(b, a % b); }
struct Rational {
    long long n, d;
    constexpr Rational(long long a = 0, long long b = 1) : n(b < 0 ? -a / cgcd(a, b) : a / cgcd(a, b)), d(b < 0 ? -b / cgcd(a, b) : b / cgcd(a, b)) {}
    constexpr Rational operator+(Rational o) const { return Rational(n * o.d + o.n * d, d * o.d); }
    constexpr Rational operator*(Rational o) const { return Rational(n * o.n, d * o.d); }
    constexpr bool operator==(Rational o) const { return n == o.n && d == o.d; }
};
constexpr Rational harmonic(int k) { Rational r; for (int i = 1; i <= k; i++) r = r + Rational(1, i); return r; }
static_assert(harmonic(4) == Rational(25, 12), "H4");

constexpr auto square = [](int x) constexpr { return x * x; };
template <int V> struct Tag { static constexpr int value = V; };

template <std::size_t... I> __device__ long long poly(long long x, std::index_sequence<I...>) {
    long long r = 0;
    ((r = r * x + (long long)(I * I % 7) - 3), ...);
    return r;
}

__global__ void kernel(const unsigned char* text, int len, long long* out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t crc = 0xFFFFFFFFu;
    int start = (t * 13) % len, n = 16 + t % 48;
    for (int i = 0; i < n; i++) crc = c_crc.t[(crc ^ text[(start + i) % len]) & 0xFF] ^ (crc >> 8);
    crc ^= 0xFFFFFFFFu;
    int primes_below = 0;
    for (int i = 0; i < (t * 7) % 1000; i++) primes_below += c_sieve.is_prime[i];
    Rational h = harmonic(1 + t % 15);
    Rational q = Rational(t - 50, 6) * Rational(3, 1 + t % 5);
    std::array<int, 5> arr{t % 3, t % 7, t % 11, t % 5, t % 13};
    int mx = *std::max_element(arr.begin(), arr.end());
    int mn = std::min(arr[0], std::min(arr[1], arr[2]));
    int cl = std::clamp(t - 40, -5, 5);
    long long g = cuda::std::gcd(t * 6 + 6, 84) * 1000 + cuda::std::lcm(t % 12 + 1, 8);
    long long lim = std::numeric_limits<short>::max() + (long long)std::numeric_limits<unsigned char>::digits;
    out[t * 6 + 0] = crc;
    out[t * 6 + 1] = primes_below * 1000 + Tag<square(12)>::value;
    out[t * 6 + 2] = h.n * 1000000 + h.d;
    out[t * 6 + 3] = q.n * 1000 + q.d;
    out[t * 6 + 4] = mx * 10000 + mn * 1000 + (cl + 5) * 10 + g + lim;
    out[t * 6 + 5] = poly(t % 9 - 4, std::make_index_sequence<8>{});
}

int main() {
    const char* msg = "The quick brown fox jumps over the lazy dog; CUDA constexpr tables in constant memory.";
    int len = 0; while (msg[len]) len++;
    unsigned char* dt; long long* dout;
    const int n = 300;
    cudaMalloc(&dt, len); cudaMalloc(&dout, n * 6 * 8);
    cudaMemcpy(dt, msg, len, cudaMemcpyHostToDevice);
    kernel<<<3, 100>>>(dt, len, dout);
    static long long h[n * 6];
    cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0; long long sums[6] = {0};
    for (int t = 0; t < n; t++) {
        uint32_t crc = 0xFFFFFFFFu;
        int start = (t * 13) % len, m = 16 + t % 48;
        for (int i = 0; i < m; i++) crc = kCrc.t[(crc ^ (unsigned char)msg[(start + i) % len]) & 0xFF] ^ (crc >> 8);
        crc ^= 0xFFFFFFFFu;
        int pb = 0; for (int i = 0; i < (t * 7) % 1000; i++) pb += kSieve.is_prime[i];
        Rational hh = harmonic(1 + t % 15);
        bad += h[t * 6] != (long long)crc || h[t * 6 + 1] != pb * 1000 + 144 || h[t * 6 + 2] != hh.n * 1000000 + hh.d;
        for (int j = 0; j < 6; j++) sums[j] += h[t * 6 + j] % 1000003;
    }
    printf("sums %lld %lld %lld %lld %lld %lld\n", sums[0], sums[1], sums[2], sums[3], sums[4], sums[5]);
    for (int t : {0, 1, 99, 100, 299}) printf("t=%d: %lld %lld %lld %lld %lld %lld\n", t, h[t * 6], h[t * 6 + 1], h[t * 6 + 2], h[t * 6 + 3], h[t * 6 + 4], h[t * 6 + 5]);
    printf("host mismatches %d\n%s\n", bad, cudaGetErrorString(cudaDeviceSynchronize()));
    return 0;
}
