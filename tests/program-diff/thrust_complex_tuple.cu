// flags: -O3 -std=c++17 --extended-lambda
// thrust::complex<float/double> arithmetic and functions in device code, thrust::tuple math
// through zip iterators, device_vector of structs with member functions, transform_reduce.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/complex.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/tuple.h>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <complex>
#include <cmath>

static uint64_t fnv(const void *p, size_t n) { const unsigned char *b = (const unsigned char *)p; uint64_t h = 1469598103934665603ull; for (size_t i = 0; i < n; i++) { h ^= b[i]; h *= 1099511628211ull; } return h; }

using cd = thrust::complex<double>;
using cf = thrust::complex<float>;

struct Funcs {
    __host__ __device__ thrust::tuple<cd, cd, cd, cd> operator()(int i) const {
        cd z(0.1 * (i % 17) - 0.8, 0.07 * (i % 23) - 0.7);
        return thrust::make_tuple(thrust::exp(z) * thrust::conj(z), thrust::log(z + 2.0), thrust::pow(z, cd(0.5, 0.25)), thrust::sqrt(z) / (z + cd(3, 1)));
    }
};
struct FuncsF {
    __host__ __device__ cf operator()(int i) const {
        cf z(0.1f * (i % 17) - 0.8f, 0.07f * (i % 23) - 0.7f);
        return thrust::sin(z) + thrust::cosh(z) * cf(0.5f, -0.5f) - thrust::tanh(z) + cf(thrust::abs(z), thrust::arg(z));
    }
};

struct Particle {
    double x, y, vx, vy; int id;
    __host__ __device__ void step(double dt) { vx += -x * dt; vy += -y * dt; x += vx * dt; y += vy * dt; }
    __host__ __device__ double energy() const { return 0.5 * (vx * vx + vy * vy + x * x + y * y); }
};
struct Advance { int steps; __host__ __device__ Particle operator()(Particle p) const { for (int s = 0; s < steps; s++) p.step(1e-3); return p; } };
struct Energy { __host__ __device__ double operator()(const Particle &p) const { return p.energy(); } };

struct TupleAdd {
    __host__ __device__ thrust::tuple<int, long long, double> operator()(const thrust::tuple<int, long long, double> &a, const thrust::tuple<int, long long, double> &b) const {
        return thrust::make_tuple(thrust::get<0>(a) + thrust::get<0>(b), thrust::get<1>(a) ^ thrust::get<1>(b), thrust::get<2>(a) > thrust::get<2>(b) ? thrust::get<2>(a) : thrust::get<2>(b));
    }
};
struct ToTuple {
    __host__ __device__ thrust::tuple<int, long long, double> operator()(int i) const { return thrust::make_tuple(i % 10, (long long)i * 2654435761LL, 1.0 / (1 + (i % 1000))); }
};

int main() {
    const int N = 4096;
    thrust::device_vector<thrust::tuple<cd, cd, cd, cd>> t(N);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), t.begin(), Funcs{});
    thrust::host_vector<thrust::tuple<cd, cd, cd, cd>> ht = t;
    printf("complex<double> functions hash=%016llx\n", (unsigned long long)fnv(ht.data(), N * sizeof(ht[0])));
    for (int i : {0, 5, 100, 4095}) {
        cd a = thrust::get<0>(ht[i]), b = thrust::get<1>(ht[i]), c = thrust::get<2>(ht[i]), d = thrust::get<3>(ht[i]);
        printf("  [%d] %.17g %.17g | %.17g %.17g | %.17g %.17g | %.17g %.17g\n", i, a.real(), a.imag(), b.real(), b.imag(), c.real(), c.imag(), d.real(), d.imag());
        // a host check with std::complex, within a few ulps
        std::complex<double> z(0.1 * (i % 17) - 0.8, 0.07 * (i % 23) - 0.7);
        std::complex<double> ra = std::exp(z) * std::conj(z), rb = std::log(z + 2.0);
        printf("  [%d] host check %s\n", i, std::abs(ra - std::complex<double>(a.real(), a.imag())) < 1e-13 && std::abs(rb - std::complex<double>(b.real(), b.imag())) < 1e-13 ? "ok" : "MISMATCH");
    }
    thrust::device_vector<cf> tf(N);
    thrust::transform(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N), tf.begin(), FuncsF{});
    thrust::host_vector<cf> htf = tf;
    printf("complex<float> functions hash=%016llx\n", (unsigned long long)fnv(htf.data(), N * sizeof(cf)));
    for (int i : {1, 7, 333}) printf("  [%d] %a %a\n", i, htf[i].real(), htf[i].imag());
    // complex reduction: product of unit roots (exact order matters little: print rounded)
    auto root = [] __host__ __device__(int k) { return thrust::polar(1.0, 2 * 3.14159265358979323846 * k / 64); };
    cd sum = thrust::reduce(thrust::make_transform_iterator(thrust::counting_iterator<int>(0), root),
                            thrust::make_transform_iterator(thrust::counting_iterator<int>(64), root), cd(0, 0));
    printf("sum of 64 roots of unity |s| < 1e-12: %s\n", thrust::abs(sum) < 1e-12 ? "yes" : "no");

    // device_vector of structs
    thrust::host_vector<Particle> hp(1000);
    for (int i = 0; i < 1000; i++) hp[i] = {std::cos(i * 0.1), std::sin(i * 0.1), 0.01 * (i % 7), -0.02 * (i % 5), i};
    thrust::device_vector<Particle> dp = hp;
    thrust::transform(dp.begin(), dp.end(), dp.begin(), Advance{200});
    double e = thrust::transform_reduce(dp.begin(), dp.end(), Energy{}, 0.0, thrust::plus<double>());
    thrust::host_vector<Particle> gp = dp;
    bool ok = true; double er = 0;
    uint64_t ph = 1469598103934665603ull;  // over the members: the struct's 4 padding bytes are indeterminate
    for (int i = 0; i < 1000; i++) { double m[4] = {gp[i].x, gp[i].y, gp[i].vx, gp[i].vy}; ph ^= fnv(m, sizeof m); ph *= 1099511628211ull; ph ^= (uint64_t)gp[i].id; }
    for (int i = 0; i < 1000; i++) { Particle p = Advance{200}(hp[i]); ok &= std::fabs(p.x - gp[i].x) < 1e-12 && std::fabs(p.vy - gp[i].vy) < 1e-12 && p.id == gp[i].id; er += p.energy(); }
    printf("particles advanced %s hash=%016llx energy=%.6f (host %.6f)\n", ok ? "ok" : "MISMATCH", (unsigned long long)ph, e, er);

    // tuple reduce
    auto tr = thrust::transform_reduce(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(100000), ToTuple{}, thrust::make_tuple(0, 0LL, 0.0), TupleAdd{});
    auto rr = thrust::make_tuple(0, 0LL, 0.0);
    for (int i = 0; i < 100000; i++) rr = TupleAdd{}(rr, ToTuple{}(i));
    printf("tuple reduce %d %lld %.17g %s\n", thrust::get<0>(tr), thrust::get<1>(tr), thrust::get<2>(tr), tr == rr ? "ok" : "MISMATCH");
    return 0;
}
